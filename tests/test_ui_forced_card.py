"""#35: a card played for the person (their only legal card) is said on the table for as long as
the end-of-trick pause lasts, and no key ends a pause the person did not ask for."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.scenes.table_input import KEY_GRACE  # noqa: E402


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def press(app, k: int) -> None:  # type: ignore[no-untyped-def]
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def test_a_forced_card_is_said_and_a_key_does_not_end_its_pause() -> None:
    app = make_app(size=(1024, 640), speed="off", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 300
    app.settings.trick_hold_ms = 1000
    app.settings.last_trick_waits = True
    seats = [Seat.human("Ann"), Seat.ai("Bo", "easy"), Seat.ai("Cy", "easy"), Seat.ai("Di", "easy")]
    t = TableScene(app, Session.new(GameConfig(4, seed=5), seats))
    app.replace(t)
    table = t.table
    said = held_keys = early = 0
    for _ in range(4000):
        app.frame(0.05)
        if table.waiting_for_click():                      # a pause the person asked for:
            if table.hold_age() < KEY_GRACE:                 # a key pressed as it began is not
                for k in (pygame.K_h, pygame.K_a):           # for it
                    press(app, k)
                    assert table.waiting_for_click()
                early += 1
                while table.hold_age() < KEY_GRACE:
                    app.frame(0.05)
            press(app, pygame.K_a)                           # then a key lets the trick go
            assert not table.waiting_for_click()
        line = table.forced_line()
        if line:
            said += 1
            assert line.startswith("Only ") and line.endswith("could be played.")
            assert line in table.picture().prompt            # on the table, in the prompt line
            if table.held is not None and table.shown.held and table._hold_left() \
                    and not table.waiting_for_click():
                since = table.held[1]
                for k in (pygame.K_h, pygame.K_a, pygame.K_RETURN):
                    press(app, k)                            # no key ends this pause...
                    assert table.held is not None and table.held[1] == since and table._hold_left()
                held_keys += 1
                break
        elif t.my_turn() and table.forced is None:
            legal = t.game.legal_actions()
            if len(legal) > 1:
                from wizard.table import BidIntent, PlayIntent
                a = legal[0]
                t.submit(BidIntent(a.n) if hasattr(a, "n") else PlayIntent(a.card))  # type: ignore[attr-defined]
        top = app.top
        if top is not t:
            press(app, pygame.K_RETURN)                      # a round's result: go on
    assert said > 0 and held_keys >= 1 and early > 0, (said, held_keys, t.game.round, table.phase, app.top)


def test_a_forced_card_is_not_said_into_the_next_round() -> None:
    """A play-test: a round's last card played for the person ("Only the 13 of elves could be
    played.") was still said through the round's result and the next round's deal."""
    app = make_app(size=(1024, 640), speed="normal", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 100
    app.settings.trick_hold_ms = 200
    seats = [Seat.human("Ann"), Seat.ai("Bo", "easy"), Seat.ai("Cy", "easy"), Seat.ai("Di", "easy")]
    t = TableScene(app, Session.new(GameConfig(4, seed=5), seats))
    app.replace(t)
    table = t.table
    said_in: dict[str, int] = {}
    said = later = 0
    for _ in range(6000):
        app.frame(0.05)
        if table.waiting_for_click():
            press(app, pygame.K_a)
        line = table.forced_line()
        if line:                            # one saying lasts from its card to the card leaving
            first = said_in.setdefault(line, table.shown.round)
            said += 1
            assert table.shown.round == first, (line, first, table.shown.round)
        else:
            said_in.clear()
        if not line and t.my_turn() and table.forced is None:
            legal = t.game.legal_actions()
            if len(legal) > 1:
                from wizard.table import BidIntent, PlayIntent
                a = legal[0]
                t.submit(BidIntent(a.n) if hasattr(a, "n") else PlayIntent(a.card))  # type: ignore[attr-defined]
        if app.top is not t:
            press(app, pygame.K_RETURN)
        if table.shown.round >= 5:
            later += 1
            if later > 40:
                break
    assert said and t.game.round >= 5, (said, t.game.round)
