"""Migration of the history files of every earlier version into the database, and the backups.

The formats earlier versions wrote to ``history.jsonl`` (see ``git log -p --
wizard/persistence/history*``): schema-1 lines from before take-backs existed (no "takebacks";
the committed fixture), schema-1 lines with ``"takebacks": 0``, and lines of games with
take-backs (their record at record schema 2). Reviews were ``reviews/<id>.json`` files.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from test_persistence_support import FIXTURES, asides, finished_entry

from wizard.engine import GameConfig
from wizard.persistence import HistoryEntry, ProblemKind, Store, review_id
from wizard.persistence.files.atomic import dump_json
from wizard.persistence.history import backups as db_files
from wizard.persistence.history.backups import BACKUP_EVERY, backup_path, keys_in
from wizard.persistence.history.db import DB_NAME
from wizard.review.decisions import REVIEW_ENGINE, Decision, Review
from wizard.session import Seat, Session
from wizard.session.seats import SeatSpec
from wizard.table.computer import ComputerSeats, step_ai


def _with_takebacks() -> HistoryEntry:
    """A real solo game in which the person took a decision back twice."""
    s = Session.new(GameConfig(3, seed=41), [Seat.human("Ana"), Seat.ai("Bo", "random"),
                                             Seat.ai("Cy", "random")])
    s.start()
    took = 0
    while not s.finished:
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            if took < 2 and s.round >= 2 and s.takeback_refusal() is None:
                s.take_back()
                took += 1
                continue
            seat = s.current
            assert seat is not None
            ComputerSeats().play_for(s, seat, "random")
    entry = HistoryEntry.from_game(s.state, [SeatSpec("Ana"), SeatSpec("Bo", "ai", "random"),
                                             SeatSpec("Cy", "ai", "random")],
                                   takebacks=s.record().takebacks)
    assert entry.takebacks == 2
    return entry


def test_every_earlier_history_format_is_imported_and_the_original_kept(tmp_path: Path) -> None:
    fixture = (FIXTURES / "history_v1.jsonl").read_bytes()       # before take-backs
    assert b'"takebacks"' not in fixture
    zero = dump_json(finished_entry(8).to_dict())                 # "takebacks": 0
    assert b'"takebacks":0' in zero
    tb = _with_takebacks()
    took = dump_json(tb.to_dict())                                 # record schema 2
    assert json.loads(took)["record"]["schema"] == 2
    raw = fixture + zero + took
    (tmp_path / "history.jsonl").write_bytes(raw)
    store = Store(tmp_path)
    history = store.load_history()
    assert len(history) == 6 and history[-1].takebacks == 2 and history[-1].record == tb.record
    assert [e.edition for e in history[:4]] == ["classic", "magic", "camelot", "classic"]
    [problem] = store.problems
    assert problem.kind is ProblemKind.MIGRATED and problem.count == 6
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == raw
    assert not (tmp_path / "history.jsonl").exists()
    # the rows hold what the lines held: exported again, each line reads as the same game
    store.export_history(tmp_path / "export.jsonl")
    again = [HistoryEntry.from_dict(json.loads(x)) for x in
             (tmp_path / "export.jsonl").read_bytes().splitlines()]
    assert [e.to_dict() for e in again] == [e.to_dict() for e in history]
    fresh = Store(tmp_path)
    assert len(fresh.load_history()) == 6 and fresh.problems == []    # imported once only


def test_a_game_twice_in_the_old_file_is_imported_once(tmp_path: Path) -> None:
    a, b = (dump_json(finished_entry(s).to_dict()) for s in (1, 2))
    (tmp_path / "history.jsonl").write_bytes(a + b + a)           # the [A, B, A] of issue #23
    store = Store(tmp_path)
    assert [e.seed for e in store.load_history()] == [1, 2]
    [problem] = store.problems
    assert problem.kind is ProblemKind.MIGRATED


def test_the_original_stays_in_place_until_the_import_is_verified(tmp_path: Path,
                                                                 monkeypatch) -> None:
    from wizard.persistence.history import oldformat as history_import
    raw = dump_json(finished_entry(1).to_dict())
    (tmp_path / "history.jsonl").write_bytes(raw)
    monkeypatch.setattr(history_import, "verify_import", lambda db, result, before: "1 games missing")
    store = Store(tmp_path)
    store.load_history()
    assert (tmp_path / "history.jsonl").read_bytes() == raw      # not verified: left as it was
    assert [p.kind for p in store.problems] == [ProblemKind.WRITE_FAILED]
    monkeypatch.undo()
    again = Store(tmp_path)                                        # the next start finishes it
    assert len(again.load_history()) == 1 and not (tmp_path / "history.jsonl").exists()
    assert [p.kind for p in again.problems] == [ProblemKind.MIGRATED]


def test_old_review_files_are_imported_keyed_by_their_game(tmp_path: Path) -> None:
    entry = finished_entry(3)
    (tmp_path / "history.jsonl").write_bytes(dump_json(entry.to_dict()))
    key = review_id(entry)
    review = Review(key, (0,), entry.config.rounds,
                    (Decision(4, 0, 1, 0, "bid", 0, 1, -10.0, 20.0),), REVIEW_ENGINE)
    folder = tmp_path / "reviews"
    folder.mkdir()
    good = dump_json(review.to_dict())
    (folder / f"{key}.json").write_bytes(good)
    (folder / f"{'0' * 20}.json").write_bytes(b"{broken")
    store = Store(tmp_path)
    assert store.load_review(key, 6) == review
    [original] = asides(tmp_path, "reviews", "migrated")
    assert (original / f"{key}.json").read_bytes() == good          # the folder kept as it was
    assert (original / f"{'0' * 20}.json").read_bytes() == b"{broken"
    kinds = sorted(p.kind.value for p in store.problems if p.file == "review")
    assert kinds == ["damaged", "migrated"]


def test_backups_every_twenty_games_three_generations(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for seed in range(1, BACKUP_EVERY):
        store.finish_game(finished_entry(seed))
        store.wait_backup()
    assert not backup_path(tmp_path / DB_NAME, 1).exists()        # none before 20 games
    counts = []
    for seed in range(BACKUP_EVERY, 4 * BACKUP_EVERY + 1):
        store.finish_game(finished_entry(seed))
        store.wait_backup()
        if seed % BACKUP_EVERY == 0:
            counts.append([len(keys_in(backup_path(tmp_path / DB_NAME, g)))
                           if backup_path(tmp_path / DB_NAME, g).exists() else 0
                           for g in (1, 2, 3)])
    assert counts == [[20, 0, 0], [40, 20, 0], [60, 40, 20], [80, 60, 40]]
    assert not backup_path(tmp_path / DB_NAME, 4).exists()


def test_a_backup_at_least_daily(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)
    store.finish_game(finished_entry(1))
    store.wait_backup()
    assert not backup_path(tmp_path / DB_NAME, 1).exists()
    later = time.time() + db_files.BACKUP_MAX_AGE_S + 60
    monkeypatch.setattr(time, "time", lambda: later)
    store.finish_game(finished_entry(2))
    store.wait_backup()
    assert len(keys_in(backup_path(tmp_path / DB_NAME, 1))) == 2
    monkeypatch.undo()
    fresh = Store(tmp_path)                         # a day later, at start, with no new game
    monkeypatch.setattr(time, "time", lambda: later + db_files.BACKUP_MAX_AGE_S + 60)
    fresh.history_db()
    fresh.wait_backup()
    assert backup_path(tmp_path / DB_NAME, 2).exists()


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_export_and_import_from_the_command_line(tmp_path: Path, capsys) -> None:
    from wizard.__main__ import main
    store = Store(tmp_path / "a")
    for seed in (1, 2):
        store.finish_game(finished_entry(seed))
    store.close()
    out = tmp_path / "moved.jsonl"
    assert main(["--data-dir", str(tmp_path / "a"), "--export-history", str(out)]) == 0
    assert "2 finished games" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path / "b"), "--import-history", str(out)]) == 0
    assert "2 games added" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path / "b"), "--import-history", str(out)]) == 0
    assert "0 games added, 2 already" in capsys.readouterr().err
    assert [e.seed for e in Store(tmp_path / "b").load_history()] == [1, 2]
    assert main(["--data-dir", str(tmp_path / "b"), "--import-history",
                 str(tmp_path / "missing.jsonl")]) == 1
    shutil.rmtree(tmp_path / "b")
