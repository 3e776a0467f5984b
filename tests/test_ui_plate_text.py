"""A seat plate's words stay inside the plate, clear of the bid token, in every language and at
every window size (a play-test: French's "prédiction" under the token touched the plate's right
edge at 1024x640, and "ordinateur · Normal" ran up to the token)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.i18n import LANGUAGE_TABLE, set_language  # noqa: E402
from wizard.table.picture import Plate  # noqa: E402
from wizard.ui import text  # noqa: E402
from wizard.ui.board import plates  # noqa: E402
from wizard.ui.layout import table_layout  # noqa: E402

LANGS = [lang.code for lang in LANGUAGE_TABLE]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_plate_words_stay_inside_and_clear_of_the_token(lang: str, size: tuple[int, int],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    set_language(lang)
    try:
        lay = table_layout(*size, 6, 1.0)
        u = lay.unit
        drawn: list[tuple[str, pygame.Rect]] = []
        real = text.draw
        monkeypatch.setattr(text, "draw", lambda surf, s, *a, **k: (
            lambda r: (drawn.append((s, r)), r)[1])(real(surf, s, *a, **k)))
        for pos, b in enumerate(lay.plates):
            box = pygame.Rect(round(b.x), round(b.y), round(b.w), round(b.h))
            surf = pygame.Surface((size[0] + 40, size[1] + 40), pygame.SRCALPHA)
            for level, dealer in (("normal", True), ("expert", False), (None, False)):
                drawn.clear()
                p = Plate(seat=pos, name="Núria", level=level, dealer=dealer, acting=False,
                          thinking=False, bid=3, bid_made=True, tricks=2, total=-120,
                          counting=False, cards=7)
                plates.draw_plate(surf, box, u, p, _Painter(), cards=pos != 0)
                token = box.h * 0.46
                token_left = box.right - 10 * u - token
                token_bottom = box.y + 10 * u * 0.6 + token
                for s, r in drawn:
                    assert box.x <= r.x and r.right <= box.right - 2 * u, (s, r, box, lang, size)
                    if r.y < token_bottom and r.x < token_left - 1:   # the name, the level
                        assert r.right <= token_left - 4 * u, (s, r, token_left, lang, size)
    finally:
        set_language("en")


class _Painter:
    def back(self, w: float) -> pygame.Surface:
        return pygame.Surface((max(1, round(w)), max(1, round(w * 1.5))))
