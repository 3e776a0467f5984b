"""Take-backs on the table screen: the button and Ctrl+Z / Backspace in a solo game, neither in
hot seat."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import GameConfig, Phase  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.layout import bid_buttons  # noqa: E402
from wizard.ui.routes import make_app as routed_app  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def make_app() -> App:
    app = routed_app(size=(1024, 640), speed="off", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    return app


def press(app: App, k: int, mod: int = 0) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


def click(app: App, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def at_table(app: App, seats: list[Seat], seed: int = 5) -> TableScene:
    t = TableScene(app, Session.new(GameConfig(3, seed=seed), seats))
    app.replace(t)
    for _ in range(50):
        app.frame(0.05)
        if t.table.curtain_for is not None:
            press(app, pygame.K_RETURN)          # hot seat: the person at the screen is ready
        if t.my_turn():
            return t
    raise AssertionError("the person never got the turn")


def bid_zero(app: App, t: TableScene) -> None:
    box = bid_buttons(t.lay, t.game.round + 1)[0]
    click(app, (round(box.center[0]), round(box.center[1])))
    assert t.game.state.actions


@pytest.mark.parametrize("how", ["ctrl+z", "backspace", "button"])
def test_a_solo_game_takes_back_by_key_and_button(how: str) -> None:
    app = make_app()
    t = at_table(app, [Seat.human("You"), Seat.ai("Bo", "easy"), Seat.ai("Cy", "easy")])
    assert not t.can_take_back()                 # nothing chosen yet
    moves = t.game.moves
    bid_zero(app, t)
    app.frame(0.05)
    assert t.can_take_back() and t.game.moves > moves
    if how == "ctrl+z":
        press(app, pygame.K_z, pygame.KMOD_LCTRL)
    elif how == "backspace":
        press(app, pygame.K_BACKSPACE)
    else:
        box = t.lay.undo_button
        click(app, (round(box.center[0]), round(box.center[1])))
    assert t.game.moves == moves and t.game.phase is Phase.BID
    assert len(t.game.takebacks) == 1
    assert t.message is not None and "Taken back" in t.message[0]
    app.frame(0.05)
    assert t.my_turn()


def test_a_plain_z_takes_nothing_back() -> None:
    app = make_app()
    t = at_table(app, [Seat.human("You"), Seat.ai("Bo", "easy"), Seat.ai("Cy", "easy")])
    bid_zero(app, t)
    press(app, pygame.K_z)
    assert not t.game.takebacks


def test_hot_seat_offers_no_take_back() -> None:
    app = make_app()
    t = at_table(app, [Seat.human("Ann"), Seat.human("Bea"), Seat.ai("Cy", "easy")], seed=6)
    bid_zero(app, t)
    for _ in range(10):
        app.frame(0.05)
    before = t.game.record()
    assert not t.can_take_back()
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    press(app, pygame.K_BACKSPACE)
    box = t.lay.undo_button
    click(app, (round(box.center[0]), round(box.center[1])))
    assert t.game.record() == before and not t.game.takebacks
