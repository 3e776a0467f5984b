"""Continue lists the games in progress (resume, delete after confirming); the in-game menu
abandons (confirmed) or restarts with the same seats."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from wizard.engine import GameConfig  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.table.computer import step_ai
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.confirm import ConfirmScene  # noqa: E402
from wizard.ui.scenes.continue_list import ContinueListScene  # noqa: E402
from wizard.ui.scenes.game_menu import GameMenuScene  # noqa: E402
from wizard.ui.scenes.menu import MenuScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402


def _two_games(prefs: Prefs) -> list[Session]:
    out = []
    for seed, players in ((5, 3), (6, 4)):
        s = Session.new(GameConfig(players, seed=seed),
                        [Seat.human("Ann")] + [Seat.ai(f"B{i}", "easy") for i in range(players - 1)],
                        on_save=prefs.save_game)
        s.start()
        while not s.is_human_turn():
            step_ai(s)
        s.act(s.legal_actions()[0])
        out.append(s)
    prefs.flush()
    return out


def _app(tmp_path: Path):
    prefs = Prefs(tmp_path)
    return make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off",
                    lang="en"), prefs


def test_continue_lists_resumes_and_deletes_after_confirming(tmp_path: Path) -> None:
    app, prefs = _app(tmp_path)
    first, second = _two_games(prefs)
    menu = app.go("menu")
    assert isinstance(menu, MenuScene) and len(menu.saved) == 2
    menu.continue_list()
    listed = app.top
    assert isinstance(listed, ContinueListScene) and [len(g.names) for g in listed.games] == [4, 3]
    listed.ask_delete(listed.games[0])
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    confirm.back()                                     # Cancel: nothing deleted
    assert len(prefs.games()) == 2
    listed.ask_delete(listed.games[0])
    app.top.yes()                                      # type: ignore[union-attr]
    assert [len(g.names) for g in prefs.games()] == [3]
    listed = app.top
    assert isinstance(listed, ContinueListScene) and len(listed.games) == 1
    listed.resume(listed.games[0])
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.state.hands == first.state.hands
    table.close()


def test_the_game_menu_abandons_and_restarts(tmp_path: Path) -> None:
    app, prefs = _app(tmp_path)
    first, _second = _two_games(prefs)
    table = app.go("table", session=prefs.resume(prefs.games()[1].game_id))
    assert isinstance(table, TableScene)
    table.open_menu()
    menu = app.top
    assert isinstance(menu, GameMenuScene) and menu.game is table.game
    menu.ask_restart()
    app.top.yes()                                      # type: ignore[union-attr]
    restarted = app.top
    assert isinstance(restarted, TableScene) and restarted.game is not table.game
    assert [s.name for s in restarted.game.seats] == [s.name for s in first.seats]
    restarted.game.start()
    while not restarted.game.is_human_turn():
        step_ai(restarted.game)
    restarted.game.act(restarted.game.legal_actions()[0])
    prefs.flush()
    assert len(prefs.games()) == 2                     # the first game gone, the new one saved
    restarted.open_menu()
    app.top.ask_abandon()                              # type: ignore[union-attr]
    assert isinstance(app.top, ConfirmScene)
    app.top.yes()
    assert isinstance(app.top, MenuScene)
    assert len(prefs.games()) == 1 and len(app.top.saved) == 1
