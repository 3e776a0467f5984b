"""History entries record when the game started (#29: they had "started": null, though the save
file has the game's creation time)."""

from __future__ import annotations

from pathlib import Path

from wizard.engine import GameConfig, Phase
from wizard.service import Prefs
from wizard.session import Seat, Session
from wizard.table.computer import step_ai

# six players: ten rounds, so the games are short (every action is saved to disk)
SEATS = [Seat.human("Ann")] + [Seat.ai(n, "random") for n in ("Bo", "Cy", "Di", "Ed", "Fe")]


def _play(prefs: Prefs, session: Session, until=lambda s: s.finished) -> Session:  # type: ignore[no-untyped-def]
    """Play to ``until``; the game is saved once at the start and once at the end (saving every
    action, as the table does, makes no difference here and is slow on a busy disk)."""
    session.start()
    prefs.save_game(session)
    session.on_save = None
    while not until(session):
        if session.needs_advance:
            session.advance()
        elif session.is_ai_turn():
            step_ai(session)
        else:
            session.act(session.legal_actions()[0])
    prefs.save_game(session)
    prefs.flush()
    return session


def test_a_finished_game_records_its_start(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    s = _play(prefs, Session.new(GameConfig(6, seed=8), SEATS, on_save=prefs.save_game))
    created = prefs.games()[0].created
    prefs.finish_game(s)
    prefs.flush()
    [entry] = Prefs(tmp_path).history()
    assert entry.started == created and entry.started <= entry.finished
    assert entry.to_dict()["started"] is not None


def test_a_resumed_game_keeps_the_start_of_its_save(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    _play(prefs, Session.new(GameConfig(6, seed=8), SEATS, on_save=prefs.save_game),
          until=lambda s: s.round == 3 and s.phase is Phase.BID)
    created = prefs.games()[0].created
    later = Prefs(tmp_path)                       # the program started again
    s = later.resume()
    assert s is not None
    _play(later, s)
    later.finish_game(s)
    later.flush()
    [entry] = Prefs(tmp_path).history()
    assert entry.started == created
