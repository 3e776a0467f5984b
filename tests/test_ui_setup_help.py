"""Every variant explained where it is chosen (#29): on New game, each rule row (edition, cards,
bids, each option, first dealer, seed) explains itself in one line when the pointer rests on it or
the keyboard chooses it, as the table's badge tooltip does; a greyed option keeps its reason."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard import messages  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes import setup as setup_mod  # noqa: E402
from wizard.ui.scenes.setup import SetupScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def hover(app, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_each_rule_row_explains_itself_under_the_pointer(monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int]) -> None:
    drawn: list[tuple[str, list[str]]] = []
    real = setup_mod.tooltip

    def spy(surf, anchor, title, lines, unit, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append((title, list(lines)))
        return real(surf, anchor, title, lines, unit, *a, **k)

    monkeypatch.setattr(setup_mod, "tooltip", spy)
    app = make_app(size=size, headless=True, threaded=False, speed="off", lang="en")
    setup = app.go("setup")
    assert isinstance(setup, SetupScene)
    expected = {
        "Edition": messages.edition_description("classic"),
        "Cards": messages.look_description("classic"),
        "Bids": messages.bid_visibility_description("open"),
        "Plus or minus one": messages.option_description("no_equal_sum"),
        "Canadian rule": messages.option_description("canadian"),
        "Clairvoyance": messages.option_description("clairvoyance"),
        "Ancient scroll": messages.option_description("scroll"),
        "First dealer": "Who deals the first round",
        "Seed": "Seed: leave it empty",
    }
    seen = {}
    for title in expected:
        setup.scroll_rules(0.0)
        row = next(r for r, _w, t, _l in setup.rule_help if t == title)
        if not setup.rules_view.contains(row):          # scroll it into view, as a player would
            setup.scroll_rules(setup.rules_offset - (row.bottom - setup.rules_view.bottom))
            row = next(r for r, _w, t, _l in setup.rule_help if t == title)
        for x in (row.x + 4, row.right - 6):             # on the label, and on its value
            drawn.clear()
            hover(app, (x, row.centery))
            assert drawn and drawn[-1][0] == title, (title, drawn)
            seen[title] = drawn[-1][1]
    for title, start in expected.items():
        assert seen[title][0].startswith(start), (title, seen[title])
    hover(app, (5, 5))                                   # nowhere: no explanation
    drawn.clear()
    app.frame(0.0)
    app.dirty = True
    app.frame(0.0)
    assert not drawn


def test_a_greyed_option_keeps_its_reason_and_the_explanation_follows_the_value() -> None:
    app = make_app(size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    setup = app.go("setup")
    assert isinstance(setup, SetupScene)
    setup._set_opt("bids", "hidden")
    row = next(r for r, _w, t, _l in setup.rule_help if t == "Canadian rule")
    hover(app, (row.x + 4, row.centery))
    target = setup.help_target()
    assert target is not None
    assert target[2] == [messages.option_description("canadian"), "Needs open bids."]
    bids = next(r for r, _w, t, _l in setup.rule_help if t == "Bids")
    hover(app, (bids.x + 4, bids.centery))
    target = setup.help_target()
    assert target is not None and target[2] == [messages.bid_visibility_description("hidden")]


def test_the_keyboard_choice_is_explained() -> None:
    app = make_app(size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    setup = app.go("setup")
    assert isinstance(setup, SetupScene)
    titles = []
    for _ in range(len(setup.focusable())):
        app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
        target = setup.help_target()
        if target is not None:
            titles.append(target[1])
    assert {"Edition", "Cards", "Bids", "Plus or minus one", "Canadian rule", "Clairvoyance",
            "Ancient scroll", "First dealer"} <= set(titles)
