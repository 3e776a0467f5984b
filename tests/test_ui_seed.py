"""The Seed field starts empty; the same deals come back only when asked (game end, history)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Session  # noqa: E402
from wizard.ui import smoke  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.game_end import GameEndScene  # noqa: E402
from wizard.ui.scenes.history import HistoryScene  # noqa: E402
from wizard.ui.scenes.setup import SetupScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.widgets import Button, TextBox  # noqa: E402


def _button(scene: object, label: str) -> Button:
    for w in scene.widgets:  # type: ignore[attr-defined]
        if isinstance(w, Button) and (w.label() if callable(w.label) else w.label) == label:
            return w
    raise AssertionError(f"no button {label!r}")


def _click(app: object, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),  # type: ignore[attr-defined]
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def _field_texts(scene: SetupScene) -> list[str]:
    return [str(getattr(w, "value", getattr(w, "text", ""))) for w in scene.widgets
            if isinstance(w, TextBox)]


def test_the_seed_field_is_empty_after_a_seeded_game(tmp_path: Path) -> None:
    set_language("en")
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off",
                   lang="en")
    setup = app.go("setup")
    assert isinstance(setup, SetupScene) and setup.setup.get("seed") is None
    setup._set_seed("4242")
    setup.layout(*setup.size)
    assert "4242" in _field_texts(setup)
    _click(app, _button(setup, "Start").rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.game.config.seed == 4242
    table.close()
    for fresh in (app, make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False,
                                speed="off", lang="en")):        # the same app, and after a restart
        again = fresh.go("setup")
        assert isinstance(again, SetupScene)
        assert again.setup.get("seed") is None and "4242" not in _field_texts(again)
        assert len(again.setup["seats"]) == len(setup.setup["seats"])  # the rest is remembered
    assert "seed" not in (Prefs(tmp_path).settings.last_setup or {})


def _finished_game_end(app: object) -> GameEndScene:
    s = smoke.play_until(Session.new(GameConfig(3, seed=321), smoke._seats(1, 3)), lambda s: False)
    app.go("table", session=s, keep_history=False)  # type: ignore[attr-defined]
    app.frame(0.0)  # type: ignore[attr-defined]
    smoke.close_last_round(app)  # type: ignore[arg-type]
    end = app.top  # type: ignore[attr-defined]
    assert isinstance(end, GameEndScene)
    return end


def test_play_again_deals_new_cards_and_same_deals_the_same(tmp_path: Path) -> None:
    set_language("en")
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, speed="off",
                   lang="en")
    _click(app, _button(_finished_game_end(app), "Same deals").rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.config == GameConfig(3, seed=321) and table.game.round == 1
    assert [s.name for s in table.game.seats] == ["Anna", "Bruno", "Carme"]
    table.close()
    _click(app, _button(_finished_game_end(app), "Play again").rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.game.config.seed != 321
    table.close()


def test_a_finished_game_in_the_history_can_be_dealt_again(tmp_path: Path) -> None:
    set_language("en")
    games = Prefs(tmp_path / "games")
    smoke.fill_history(games)
    app = make_app(games, size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    history = app.go("history")
    assert isinstance(history, HistoryScene)
    history.select(0)
    entry = history.entries.whole(0)
    _click(app, _button(history, "Same deals").rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.config == entry.config and table.game.round == 1
    assert [s.name for s in table.game.seats] == [s.name for s in entry.seats]
    table.close()


def test_a_finished_game_is_recorded_while_its_last_result_shows(tmp_path: Path) -> None:
    from wizard.ui.scenes.round_end import RoundEndScene
    set_language("en")
    prefs = Prefs(tmp_path)
    app = make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    s = smoke.play_until(Session.new(GameConfig(3, seed=77), smoke._seats(1, 3)), lambda s: False)
    app.go("table", session=s)
    app.frame(0.0)
    top = app.top
    assert isinstance(top, RoundEndScene) and top.summary.last
    assert len(prefs.history()) == 1           # closing the window now loses nothing
    top.close()
    app.frame(0.0)
    assert isinstance(app.top, GameEndScene) and len(prefs.history()) == 1   # recorded once
