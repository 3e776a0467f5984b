"""The card legend (#29): the Wizard and Jester panels are not half empty, and a Camelot card's
rules do not start by repeating the card's name (its title says it)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.engine import Card, Edition  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.rules_text import card_rules, legend  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes import card_legend  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
@pytest.mark.parametrize("edition", list(Edition))
def test_no_rules_repeat_the_cards_name(lang: str, edition: Edition) -> None:
    set_language(lang)
    for _codes, title, rules in legend(edition):
        assert not any(line.startswith(title) for line in rules), (title, rules[0])
    for code in ("GRAIL", "EXCALIBUR", "MERLIN", "MORGAN"):
        first = card_rules(Card.from_str(code), Edition.CAMELOT)[0]
        assert ":" not in first.split(" ")[0] and not first.split(" ")[1].endswith(":"), first


@pytest.mark.parametrize("edition", ["classic", "magic", "camelot"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_no_legend_panel_is_half_empty(monkeypatch: pytest.MonkeyPatch, edition: str,
                                       size: tuple[int, int]) -> None:
    panels: list[pygame.Rect] = []
    inks: list[pygame.Rect] = []        # the text drawn
    faces: list[pygame.Rect] = []       # the cards drawn
    real_panel, real_draw, real_wrapped = card_legend.panel, card_legend.text.draw, \
        card_legend.text.draw_wrapped

    def panel(surf, rect, *a, **k):  # type: ignore[no-untyped-def]
        panels.append(pygame.Rect(rect))
        return real_panel(surf, rect, *a, **k)

    def draw(surf, s, pos, size, *a, **k):  # type: ignore[no-untyped-def]
        r = real_draw(surf, s, pos, size, *a, **k)
        inks.append(r)
        return r

    def wrapped(surf, s, box, size, *a, **k):  # type: ignore[no-untyped-def]
        h = real_wrapped(surf, s, box, size, *a, **k)
        inks.append(pygame.Rect(box.x, box.y, box.w, h))
        return h

    monkeypatch.setattr(card_legend, "panel", panel)
    monkeypatch.setattr(card_legend.text, "draw", draw)
    monkeypatch.setattr(card_legend.text, "draw_wrapped", wrapped)
    app = make_app(size=size, headless=True, threaded=False, speed="off", lang="en")
    real_face = app.painter.blit_face

    def face(surf, code, rect, *a, **k):  # type: ignore[no-untyped-def]
        faces.append(pygame.Rect(rect))
        return real_face(surf, code, rect, *a, **k)

    monkeypatch.setattr(app.painter, "blit_face", face)
    app.open("card_legend", edition=edition)
    panels.clear()
    inks.clear()
    faces.clear()
    app.dirty = True
    app.frame(0.0)
    cells = [p for p in panels if p.w < size[0] * 0.9 or p.h < size[1] * 0.5]
    assert len(cells) >= 3
    pad = 10 * app.top.unit  # type: ignore[union-attr]
    needs = {}
    for cell in cells:
        text_h = max(r.bottom for r in inks if cell.contains(r)) - cell.top
        card_h = max(r.h for r in faces if cell.colliderect(r))
        needs[tuple(cell)] = max(text_h + pad, card_h + 2 * pad)
    for cell in cells:
        row = max(n for c, n in needs.items() if c[1] == cell.y)    # its row's tallest entry
        # as tall as its row's text or card needs (with the margins), not more
        assert cell.h <= row * 1.1 + 4, (edition, size, cell, row)
