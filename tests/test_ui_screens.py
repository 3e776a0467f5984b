"""Menu, setup, settings and Continue, driven with synthetic events (dummy video driver)."""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import BidVisibility, GameConfig  # noqa: E402
from wizard.i18n import current_language, set_language  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.table.computer import step_ai
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.menu import MenuScene  # noqa: E402
from wizard.ui.scenes.settings import SettingsScene  # noqa: E402
from wizard.ui.scenes.setup import SetupScene, config_of  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.widgets import Button, Cycle  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def click(app: App, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def button(scene: object, label: str) -> Button:
    for w in scene.widgets:  # type: ignore[attr-defined]
        if isinstance(w, Button) and not isinstance(w, Cycle) and callable(w.label) \
                and w.label() == label or getattr(w, "label", None) == label:
            return w
    raise AssertionError(f"no button {label!r}")


def test_setup_players_conflicts_start_and_remembered(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    app = make_app(prefs, size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    app.replace(MenuScene(app))
    click(app, button(app.top, "New game").rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, button(setup, "Add a player").rect.center)
    click(app, button(setup, "Add a player").rect.center)
    assert len(setup.setup["seats"]) == 6
    assert not button(setup, "Add a player").enabled
    # hidden bids: the sum rules lapse and their buttons are greyed out with a reason
    setup.setup["options"]["no_equal_sum"] = True
    setup._set_opt("bids", BidVisibility.HIDDEN.value)
    reasons = [reason for _r, _label, reason in setup.labels if reason]
    assert len(reasons) == 2           # plus-or-minus-one and Canadian
    assert config_of(setup.setup, 1).options.no_equal_sum is False
    setup._set_seed("1234")
    click(app, button(setup, "Start").rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.config.players == 6 and table.game.config.seed == 1234
    assert table.game.config.options.bids is BidVisibility.HIDDEN
    again = Prefs(tmp_path).settings.last_setup
    assert again is not None and len(again["seats"]) == 6


def test_continue_resumes_the_saved_game(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("B", "easy"),
                                            Seat.ai("C", "easy")], on_save=prefs.save_game)
    s.start()
    while not s.is_human_turn():
        step_ai(s)
    s.act(s.state.legal_actions()[0])
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, speed="off",
              lang="en")
    app.replace(MenuScene(app))
    click(app, button(app.top, "Continue").rect.center)      # the list of games in progress
    click(app, button(app.top, "Resume").rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.state.actions == s.state.actions
    assert table.game.state.hands == s.state.hands


def test_settings_language_switch_is_live_and_saved(tmp_path: Path) -> None:
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off",
              lang="en")
    app.replace(MenuScene(app))
    app.push(SettingsScene(app))
    lang = next(w for w in app.top.widgets if isinstance(w, Cycle) and w.current == "en")
    click(app, lang.rect.center)
    assert current_language() == "fr"
    assert Prefs(tmp_path).settings.language == "fr"
    done = next(w for w in app.top.widgets if isinstance(w, Button) and w.primary)
    assert done.label() != "Done"        # the screen was laid out again in French
    set_language("en")


def test_animation_speeds_agree_with_animations_and_switches_keep_their_own_off(tmp_path: Path) -> None:
    """"Animations: Off/Normal" takes the plural feminine in French; "Sound: Off" does not."""
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off",
              lang="fr")
    app.replace(MenuScene(app))
    app.push(SettingsScene(app))
    speed = next(w for w in app.top.widgets if isinstance(w, Cycle) and "slow" in w.values)
    shown = {w.label() for w in app.top.widgets if isinstance(w, Cycle) and w is not speed}
    assert "Désactivé" in shown             # the deck and confirm switches are off
    labels = []
    for _ in speed.values:
        labels.append(speed.label())
        click(app, speed.rect.center)
    assert sorted(labels) == ["Désactivées", "Lentes", "Normales", "Rapides"]
    assert not shown & set(labels)          # no switch or other row shares these words
    speed.current = "fast"
    set_language("en")
    assert speed.label() == "Fast"


def test_computer_moves_in_a_worker_thread_keep_frames_coming() -> None:
    app = make_app(size=(1024, 640), headless=True, threaded=True, speed="fast", lang="en")
    app.settings.ai_pause_ms = 0
    s = Session.new(GameConfig(3, seed=2), [Seat.ai(str(i), "hard") for i in range(3)])
    t = TableScene(app, s, keep_history=False)
    app.replace(t)
    frames = 0
    deadline = time.perf_counter() + 20
    while len(s.state.actions) < 12 and time.perf_counter() < deadline:
        app.frame(1 / 30)
        frames += 1
        time.sleep(0.002)
    t.close()
    assert len(s.state.actions) >= 12
    assert frames > len(s.state.actions)   # the loop kept drawing while the computer thought


def test_command_line_players_and_edition_open_new_game(tmp_path: Path) -> None:
    from wizard.ui.main import open_setup
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, lang="en")
    app.replace(MenuScene(app))
    open_setup(app, 6, "camelot", 77)
    scene = app.top
    assert isinstance(scene, SetupScene)
    assert len(scene.setup["seats"]) == 6 and scene.setup["edition"] == "camelot"
    assert config_of(scene.setup, scene.setup["seed"]).seed == 77


def test_menus_work_from_the_keyboard(tmp_path: Path) -> None:
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, lang="en")
    app.replace(MenuScene(app))

    def press(k: int) -> None:
        app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])

    press(pygame.K_DOWN)           # New game (no saved game here)
    press(pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene)
    n = len(setup.setup["seats"])
    for _ in range(4):             # three seats' controls... down to a level choice
        press(pygame.K_DOWN)
    focused = [b for b in setup.focusable() if b.focused]
    assert len(focused) == 1
    press(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and len(setup.setup["seats"]) == n


def test_hot_seat_game_played_to_the_end_through_the_ui(tmp_path: Path) -> None:
    """Two people and a computer, every human move made with keys, to the game-end screen."""
    from wizard.engine import Phase
    from wizard.ui.scenes.game_end import GameEndScene
    from wizard.ui.scenes.round_end import RoundEndScene
    prefs = Prefs(tmp_path)
    app = make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    app.settings.ai_pause_ms = 0
    s = Session.new(GameConfig(6, seed=12), [Seat.human("Ann"), Seat.human("Bea")] +
                    [Seat.ai(f"C{i}", "easy") for i in range(4)])   # (autosave tested elsewhere)
    t = TableScene(app, s)
    app.replace(t)

    def key(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")

    curtains = 0
    for _ in range(20000):
        events = []
        top = app.top
        if isinstance(top, GameEndScene):
            break
        if isinstance(top, RoundEndScene):
            events = [key(pygame.K_RETURN)]
        elif t.table.curtain_for is not None:
            curtains += 1
            events = [key(pygame.K_RETURN)]
        elif t.table.waiting_for_click():      # the round's last trick: seen, go on
            events = [key(pygame.K_RETURN)]
        elif t.my_turn():
            st = s.state
            if st.phase is Phase.BID:
                events = [key(pygame.K_0 + st.legal_actions()[0].n)]
            elif st.phase is Phase.TRUMP:
                events = [key(pygame.K_1)]
            else:
                legal = t.table.legal_cards()
                i = next(i for i, c in enumerate(t.sorted_hand()) if c in legal)
                events = [key(pygame.K_RIGHT)] * (i + 1) + [key(pygame.K_RETURN)]
        app.frame(0.05, events)
    assert isinstance(app.top, GameEndScene) and s.finished
    assert curtains > 10
    assert len(prefs.history()) == 1


def test_ctrl_z_over_a_rounds_result_says_why_it_is_refused(tmp_path: Path) -> None:
    """#35 (the second play-test): Ctrl+Z while the round's result is open did nothing visible,
    its refusal drawn behind the panel; now the panel says why, and nothing changes."""
    from wizard.engine import Phase
    from wizard.ui.scenes.round_end import RoundEndScene
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, speed="off",
                   lang="en")
    app.settings.ai_pause_ms = 0
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("B", "easy"),
                                            Seat.ai("C", "easy")])
    t = TableScene(app, s)
    app.replace(t)

    def key(k: int, mod: int = 0) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    for _ in range(2000):
        if isinstance(app.top, RoundEndScene):
            break
        events = []
        if t.table.waiting_for_click():
            events = [key(pygame.K_RETURN)]
        elif t.my_turn():
            st = s.state
            if st.phase is Phase.BID:
                events = [key(pygame.K_0 + st.legal_actions()[0].n)]
            else:
                legal = t.table.legal_cards()
                i = next(i for i, c in enumerate(t.sorted_hand()) if c in legal)
                events = [key(pygame.K_RIGHT)] * (i + 1) + [key(pygame.K_RETURN)]
        app.frame(0.05, events)
    result = app.top
    assert isinstance(result, RoundEndScene) and result.said is None
    moves = s.moves
    app.frame(0.05, [key(pygame.K_z, pygame.KMOD_LCTRL)])
    assert app.top is result and s.moves == moves
    assert result.said is not None and "has been scored" in result.said
    app.screenshot(tmp_path / "refused.png")
    # Tab, the table's "Scores (Tab)", opens the score pad over the result (it did nothing:
    # the play-test), with the round just scored in it; Tab again comes back to the result
    from wizard.ui.scenes.scorepad import ScorePadScene
    app.frame(0.05, [key(pygame.K_TAB)])
    assert isinstance(app.top, ScorePadScene) and s.moves == moves
    assert len(app.top.results) == 1
    app.frame(0.05, [key(pygame.K_TAB)])
    assert app.top is result and not result.closed
