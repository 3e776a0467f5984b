"""The screens' link to persistence: settings, autosave, Continue, history."""

from __future__ import annotations

from pathlib import Path

from wizard.engine import GameConfig
from wizard.service import Prefs
from wizard.session import Seat, Session
from wizard.table.computer import play_out, step_ai


def test_autosave_continue_and_history(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    assert prefs.store is not None, "persistence should be importable"
    prefs.settings.animation_speed = "fast"
    prefs.save_settings()
    assert Prefs(tmp_path).settings.animation_speed == "fast"

    seats = [Seat.human("Ann"), Seat.ai("Bot", "easy"), Seat.ai("Cy", "normal")]
    s = Session.new(GameConfig(3, seed=8), seats, on_save=prefs.save_game)
    s.start()
    s.act(s.state.legal_actions()[0])
    loaded = Prefs(tmp_path).load_game()
    assert loaded is not None
    record, seats_back = loaded
    assert [x.name for x in seats_back] == ["Ann", "Bot", "Cy"]
    again = Session.resume(record, seats_back)
    assert again.state.hands == s.state.hands

    s.on_save = None            # (each save is an atomic write; not needed for the rest)
    play_out(s)
    prefs.finish_game(s)
    assert Prefs(tmp_path).load_game() is None
    history = Prefs(tmp_path).history()
    assert len(history) == 1 and tuple(history[0].totals) == tuple(s.state.totals)


def test_memory_fallback_without_store() -> None:
    prefs = Prefs(use_store=False)
    s = Session.new(GameConfig(3, seed=1), [Seat.ai(str(i), "easy") for i in range(3)],
                    on_save=prefs.save_game)
    s.start()
    step_ai(s)
    assert prefs.load_game() is not None
    prefs.clear_game()
    assert prefs.load_game() is None and prefs.history() == []


def test_background_writes_keep_their_order(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path, background=True)
    s = Session.new(GameConfig(3, seed=2), [Seat.ai(str(i), "easy") for i in range(3)],
                    on_save=prefs.save_game)
    s.start()
    for _ in range(5):
        step_ai(s)
    loaded = prefs.load_game()            # waits for the queued saves
    assert loaded is not None and len(loaded[0].actions) == 5
    s.on_save = None
    play_out(s)
    prefs.finish_game(s)                  # history, then clear: in that order, off the main thread
    prefs.settings.volume = 0.4
    prefs.save_settings()
    prefs.close()
    again = Prefs(tmp_path)
    assert again.load_game() is None and len(again.history()) == 1
    assert again.settings.volume == 0.4


def test_a_crash_while_recording_a_finished_game_keeps_the_game(tmp_path: Path) -> None:
    """History first, then the save is cleared: a failure in between loses nothing; no double entry."""
    prefs = Prefs(tmp_path)
    s = Session.new(GameConfig(3, seed=5), [Seat.ai(str(i), "easy") for i in range(3)],
                    on_save=prefs.save_game)
    s.start()
    step_ai(s)
    s.on_save = None
    play_out(s)
    prefs.save_game(s)
    history = prefs.store.history                 # the store's History (composed, #36)
    real_record = history.record                  # the game-end transaction

    def crash(*_a: object, **_k: object) -> bool:
        raise OSError("power cut")

    history.record = crash
    prefs.finish_game(s)                          # the history write fails: the save must stay
    assert Prefs(tmp_path).load_game() is not None
    assert Prefs(tmp_path).history() == []
    history.record = real_record
    prefs.finish_game(s)
    prefs.finish_game(s)                          # finishing again after a restart adds nothing
    again = Prefs(tmp_path)
    assert again.load_game() is None
    assert len(again.history()) == 1 and tuple(again.history()[0].totals) == tuple(s.state.totals)


def test_a_new_game_never_replaces_another_and_each_resumes(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    seats = [Seat.human("Ann"), Seat.ai("Bot", "easy"), Seat.ai("Cy", "normal")]
    first = Session.new(GameConfig(3, seed=8), seats, on_save=prefs.save_game)
    first.start()
    first.act(first.state.legal_actions()[0])
    second = Session.new(GameConfig(4, seed=9), seats + [Seat.ai("Di", "hard")],
                         on_save=prefs.save_game)
    second.start()
    games = Prefs(tmp_path).games()
    assert [g.names[-1] for g in games] == ["Di", "Cy"]          # newest first, both kept
    assert games[1].round == 1 and games[1].edition == "classic" and len(games[1].totals) == 3
    again = Prefs(tmp_path)
    resumed = again.resume(games[1].game_id)
    assert resumed is not None and resumed.state.hands == first.state.hands
    resumed.act(resumed.state.legal_actions()[0])                # saves under the same id
    assert len(Prefs(tmp_path).games()) == 2
    restarted = again.restart(resumed)                           # the same seats, a new deal
    restarted.start()
    assert [s.name for s in restarted.seats] == ["Ann", "Bot", "Cy"]
    ids = {g.game_id for g in Prefs(tmp_path).games()}
    assert games[1].game_id not in ids and len(ids) == 2
    again.abandon(restarted)
    again.delete_game(games[0].game_id)
    assert Prefs(tmp_path).games() == []
