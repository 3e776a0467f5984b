"""Confirmation dialogs (Restart, Abandon, Delete) answer to the keyboard: Left/Right or Tab
choose, Enter answers; Cancel, the safe answer, is the default, and the destructive button is
drawn as destructive (#29)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.table.computer import step_ai
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.confirm import ConfirmScene  # noqa: E402
from wizard.ui.scenes.continue_list import ContinueListScene  # noqa: E402
from wizard.ui.scenes.game_menu import GameMenuScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.theme import DANGER  # noqa: E402
from wizard.ui.widgets import Button  # noqa: E402


def _app(tmp_path: Path):  # type: ignore[no-untyped-def]
    prefs = Prefs(tmp_path)
    return make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off",
                    lang="en"), prefs


def _two_games(prefs: Prefs) -> None:
    for seed, players in ((5, 3), (6, 4)):
        s = Session.new(GameConfig(players, seed=seed),
                        [Seat.human("Ann")] + [Seat.ai(f"B{i}", "easy") for i in range(players - 1)],
                        on_save=prefs.save_game)
        s.start()
        while not s.is_human_turn():
            step_ai(s)
        s.act(s.legal_actions()[0])
    prefs.flush()


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def open_dialog(tmp_path: Path, which: str):  # type: ignore[no-untyped-def]
    """An app with two games in progress and the dialog ``which`` open; a function telling
    whether what the dialog asks about happened (the game deleted, abandoned or restarted)."""
    app, prefs = _app(tmp_path)
    _two_games(prefs)
    before = {g.game_id for g in prefs.games()}
    if which == "delete":
        listed = app.go("continue_list")
        assert isinstance(listed, ContinueListScene)
        listed.ask_delete(listed.games[0])
    else:
        table = app.go("table", session=prefs.resume(prefs.games()[1].game_id))
        assert isinstance(table, TableScene)
        table.open_menu()
        menu = app.top
        assert isinstance(menu, GameMenuScene)
        menu.ask_restart() if which == "restart" else menu.ask_abandon()
    assert isinstance(app.top, ConfirmScene)

    def done() -> bool:
        prefs.flush()
        return {g.game_id for g in prefs.games()} != before
    return app, done


def buttons(dialog: ConfirmScene) -> tuple[Button, Button]:
    yes, cancel = (w for w in dialog.widgets if isinstance(w, Button))
    return yes, cancel


DIALOGS = ["restart", "abandon", "delete"]


@pytest.mark.parametrize("which", DIALOGS)
def test_enter_answers_with_the_safe_default(tmp_path: Path, which: str) -> None:
    app, done = open_dialog(tmp_path, which)
    dialog = app.top
    yes, cancel = buttons(dialog)
    assert cancel.focused and not yes.focused                 # the safe button is chosen
    assert yes.danger and not cancel.danger                    # the destructive one is red
    app.frame(0.0, [key(pygame.K_RETURN)])
    assert dialog not in app.scenes and not done()


@pytest.mark.parametrize("which", DIALOGS)
@pytest.mark.parametrize("choose", [[pygame.K_LEFT], [pygame.K_TAB],
                                    [pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT],
                                    [(pygame.K_TAB, pygame.KMOD_LSHIFT)]])
def test_the_arrows_or_tab_choose_and_enter_answers(tmp_path: Path, which: str,
                                                    choose: list[object]) -> None:
    app, done = open_dialog(tmp_path, which)
    dialog = app.top
    yes, _cancel = buttons(dialog)
    events = [key(*k) if isinstance(k, tuple) else key(k) for k in choose]  # type: ignore[arg-type]
    app.frame(0.0, events)
    assert yes.focused
    app.frame(0.0, [key(pygame.K_RETURN)])
    assert dialog not in app.scenes and done()


def test_the_destructive_button_is_drawn_red(tmp_path: Path) -> None:
    app, _done = open_dialog(tmp_path, "delete")
    yes, _cancel = buttons(app.top)
    surf = pygame.Surface(app.screen.get_size())
    yes.draw(surf, 1.0)
    assert surf.get_at((yes.rect.x + 6, yes.rect.centery))[:3] == DANGER


def test_escape_still_cancels(tmp_path: Path) -> None:
    app, done = open_dialog(tmp_path, "abandon")
    dialog = app.top
    app.frame(0.0, [key(pygame.K_LEFT), key(pygame.K_ESCAPE)])
    assert dialog not in app.scenes and not done()
