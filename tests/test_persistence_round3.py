"""The defects found by the third round of outside testing (issue #23), persistence part: lone
surrogates, zero-width names, named pipes, hard links, a link at ``logs/``, a review that does not
match its game, the user's own temp files, a game recorded twice. Each test failed before its fix.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_persistence_support import asides, finished_entry, saved_game

from wizard.persistence import (
    DataLock,
    FileKind,
    ProblemKind,
    SavedGame,
    Settings,
    Store,
    load_review,
    setup_logging,
)
from wizard.persistence.files.atomic import dump_json
from wizard.session.seats import SeatSpec, clean_name, is_valid_name

SURROGATE = "\\ud800"           # as JSON writes it: the escape of a lone surrogate
ZERO_WIDTH = ("\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\ufe0f")
HANG_S = 5.0


def _game_file(folder: Path, game_id: str, name_json: str) -> bytes:
    """Write ``games/<id>.json`` whose first seat's name is the JSON text ``name_json``."""
    data = saved_game(actions=20, seed=5).to_dict()
    raw = json.dumps(data).replace('"name": "Ana"', f'"name": {name_json}', 1)
    assert raw != json.dumps(data)
    (folder / "games").mkdir(parents=True, exist_ok=True)
    (folder / "games" / f"{game_id}.json").write_text(raw, encoding="ascii")
    return raw.encode()


def _three_games(folder: Path) -> None:
    store = Store(folder)
    for i in range(3):
        g = saved_game(actions=10 + i, seed=20 + i)
        assert store.save_game(SavedGame(g.record, g.seats, game_id=f"g{i}"))
    for seed in (1, 2):
        assert store.append_history(finished_entry(seed))
    store.close()                    # the database checkpointed: no journal left behind


# ---- R3: a lone surrogate in settings.json ----------------------------------------------------


R3_SETTINGS = b'{"schema": 1, "volume": "loud", "last_setup": {"note": "A\\ud800"}}'


@pytest.mark.parametrize("content", [R3_SETTINGS, b'{"schema": 1, "language": "fr", '
                                                  b'"last_setup": {"note": "A\\ud800"}}'])
def test_r3_a_lone_surrogate_in_settings_never_drops_the_store(tmp_path: Path,
                                                                content: bytes) -> None:
    from wizard.service import Prefs
    _three_games(tmp_path)
    (tmp_path / "settings.json").write_bytes(content)
    prefs = Prefs(tmp_path)
    assert prefs.store is not None, "the store was dropped for the whole session"
    assert len(prefs.games()) == 3 and len(prefs.history()) == 2
    assert prefs.settings.last_setup is None            # the value that cannot be text is reset
    [aside] = asides(tmp_path, "settings.json")
    assert aside.read_bytes() == content                # kept byte for byte
    saved = json.loads((tmp_path / "settings.json").read_bytes())   # and written back, readable
    assert saved["last_setup"] is None
    prefs.settings.volume = 0.3
    assert prefs.store.save_settings(prefs.settings)    # saving works all session
    assert Store(tmp_path).load_settings().volume == 0.3


def test_r3_settings_holding_a_lone_surrogate_are_refused_with_a_clear_error(tmp_path: Path) -> None:
    store = Store(tmp_path)
    bad = Settings(last_setup={"note": "A\ud800"})
    with pytest.raises(ValueError, match="surrogate"):
        store.save_settings(bad)
    assert store.save_settings(Settings(volume=0.2))
    assert Store(tmp_path).load_settings().volume == 0.2


# ---- R4: a lone surrogate in a seat name --------------------------------------------------------


def test_r4_a_game_whose_name_is_a_lone_surrogate_is_set_aside_at_load(tmp_path: Path) -> None:
    _three_games(tmp_path)
    raw = _game_file(tmp_path, "bad", '"Mer' + SURROGATE + 'lin"')
    store = Store(tmp_path)
    assert sorted(g.game_id for g in store.list_games()) == ["g0", "g1", "g2"]
    assert [s.game_id for s in store.summaries()] and store.load_game("bad") is None
    [aside] = asides(tmp_path / "games", "bad.json")
    assert aside.read_bytes() == raw
    assert any(p.kind is ProblemKind.DAMAGED and p.file is FileKind.GAME for p in store.problems)
    g = store.load_game("g1")
    assert g is not None and store.save_game(g)        # the others still save


def test_r4_a_history_line_with_a_lone_surrogate_is_set_aside(tmp_path: Path) -> None:
    _three_games(tmp_path)
    line = dump_json(finished_entry(3).to_dict()).decode()
    assert '"name":"Ana"' in line
    bad = line.replace('"name":"Ana"', '"name":"Mer' + SURROGATE + 'lin"', 1)
    with (tmp_path / "history.jsonl").open("a", encoding="ascii") as f:
        f.write(bad)
    store = Store(tmp_path)
    assert len(store.load_history()) == 2
    assert store.append_history(finished_entry(4))
    assert len(Store(tmp_path).load_history()) == 3
    # the bad line is kept once, in the original the import left aside (#34 S11)
    [original] = asides(tmp_path, "history.jsonl", "migrated")
    assert bad.encode().strip() in original.read_bytes()


def test_r4_a_seat_named_with_a_lone_surrogate_cannot_be_made() -> None:
    with pytest.raises(ValueError):
        SeatSpec("Mer\ud800lin")
    assert clean_name("Mer\ud800lin") == "Merlin"


# ---- R7: names of zero-width characters ----------------------------------------------------------


@pytest.mark.parametrize("ch", ZERO_WIDTH)
def test_r7_a_name_needs_a_visible_character(ch: str) -> None:
    assert not is_valid_name(ch) and not is_valid_name(ch * 3) and clean_name(ch * 3) == ""
    with pytest.raises(ValueError):
        SeatSpec(ch * 2)
    assert is_valid_name(f"Jo{ch}an") or ch in "\ufeff\u00ad"  # visible letters around it: a name
    assert is_valid_name("Jo\u200dan") and is_valid_name("\u2764\ufe0f")


def test_r7_a_game_with_an_invisible_name_is_set_aside_and_the_others_load(tmp_path: Path) -> None:
    _three_games(tmp_path)
    raw = _game_file(tmp_path, "ghost", json.dumps("".join(ZERO_WIDTH)))
    store = Store(tmp_path)
    assert sorted(g.game_id for g in store.list_games()) == ["g0", "g1", "g2"]
    [aside] = asides(tmp_path / "games", "ghost.json")
    assert aside.read_bytes() == raw


# ---- R5: a review that does not match its game ---------------------------------------------------


@pytest.fixture
def reviewed(tmp_path: Path) -> tuple[Store, Any, str]:
    from test_review import quick

    from wizard.review import review_game
    store = Store(tmp_path)
    entry = finished_entry(3)
    assert store.append_history(entry)
    review = review_game(entry, quick)
    assert review is not None and store.save_review(review)
    assert load_review(Store(tmp_path), entry) == review
    return store, entry, review.game_id


@pytest.mark.parametrize("change", ["more rounds", "fewer rounds", "another card", "another bid",
                                    "a step past the end"])
def test_r5_a_review_that_does_not_match_its_game_is_set_aside(
        reviewed: tuple[Store, Any, str], change: str) -> None:
    store, entry, game_id = reviewed
    db = store.history_db()
    data = json.loads(db.review_doc(game_id))       # the review is a document in the database
    decisions = data["decisions"]
    if change == "more rounds":
        data["rounds"] += 1
    elif change == "fewer rounds":
        data["rounds"] = entry.config.rounds - 1         # well-formed: a shorter game's review
        data["decisions"] = [d for d in decisions if d["round"] < data["rounds"]]
    elif change == "another card":
        d = next(d for d in decisions if d["kind"] == "card")
        d["chosen"] = "W" if d["chosen"] != "W" else "N"
    elif change == "another bid":
        d = next(d for d in decisions if d["kind"] == "bid" and d["round"] > 1)
        d["chosen"] = 1 if d["chosen"] == 0 else 0
    else:
        decisions[-1]["step"] = 10_000
    raw = json.dumps(data)
    db.put_review(game_id, data["schema"], data["engine"], raw)
    fresh = Store(store.data_dir)
    assert load_review(fresh, entry) is None               # recomputed, never drawn
    [problem] = fresh.problems
    assert problem.kind is ProblemKind.DAMAGED and problem.file is FileKind.REVIEW
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == raw.encode()
    assert problem.moved_to.parent == store.data_dir      # written aside as a file, kept
    assert fresh.history_db().review_doc(game_id) is None  # and dropped from the database
    assert len(fresh.load_history()) == 1                 # the game stays
    assert load_review(Store(store.data_dir), entry) is None   # said once: nothing left to set aside


# ---- R1: a link at logs/ --------------------------------------------------------------------------


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    for h in root.handlers[:]:
        if h not in before:
            root.removeHandler(h)
            h.close()
    root.setLevel(level)


def test_r1_a_link_at_the_log_folder_is_set_aside(tmp_path: Path, restore_logging: None) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    (data / "logs").symlink_to(outside, target_is_directory=True)
    target = setup_logging(data / "logs")
    logging.getLogger("wizard.test").warning("a line for the log")
    assert list(outside.iterdir()) == [], "the log was written through the link"
    assert target == data / "logs" / "wizard.log"
    assert (data / "logs").is_dir() and not (data / "logs").is_symlink()
    assert "a line for the log" in target.read_text()
    [link] = asides(data, "logs", "foreign")
    assert link.is_symlink()


# ---- R2: hard links ------------------------------------------------------------------------------


def test_r2_a_hard_link_at_the_lock_never_writes_into_the_other_file(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"precious words")
    data = tmp_path / "data"
    data.mkdir()
    os.link(precious, data / "wizard.lock")
    first, second = DataLock(data), DataLock(data)
    try:
        assert first.acquire() and not second.acquire()
    finally:
        first.release()
        second.release()
    assert precious.read_bytes() == b"precious words"
    assert (data / "wizard.lock").stat().st_nlink == 1
    [aside] = asides(data, "wizard.lock", "foreign")
    assert aside.read_bytes() == b"precious words"


def test_r2_a_hard_link_at_the_log_never_writes_into_the_other_file(
        tmp_path: Path, restore_logging: None) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"precious words")
    logs = tmp_path / "data" / "logs"
    logs.mkdir(parents=True)
    os.link(precious, logs / "wizard.log")
    assert setup_logging(logs) is not None
    logging.getLogger("wizard.test").warning("a line for the log")
    assert precious.read_bytes() == b"precious words"
    assert "a line for the log" in (logs / "wizard.log").read_text()
    [aside] = asides(logs, "wizard.log", "foreign")
    assert aside.read_bytes() == b"precious words"


# ---- R8: named pipes -------------------------------------------------------------------------------


def _within(seconds: float, job: Callable[[], Any]) -> Any:
    """``job()``'s result; fails (instead of hanging the suite) if it takes over ``seconds``."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(job())
        except BaseException as e:        # noqa: BLE001  (re-raised below)
            errors.append(e)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"hung for {seconds} s (a named pipe was opened and waited on)"
    if errors:
        raise errors[0]
    return out[0]


# Where a pipe is put, and the finished games read then (the history is the database: a pipe at
# an earlier version's history.jsonl costs nothing; one at the database itself leaves a new one,
# there being no backup yet after two games; one at the old cache is met when history.jsonl is
# imported, which the test then writes with one more game).
FIFO_PLACES = {"settings.json": 2, "games/g1.json": 2, "game.json": 2, "history.jsonl": 2,
               "history.checked.json": 3, "wizard.lock": 2, "history.sqlite3": 0,
               "history.sqlite3-wal": 2, "history.sqlite3-shm": 2, "history.backup-1.sqlite3": 2}


@pytest.mark.parametrize("place", FIFO_PLACES)
def test_r8_a_named_pipe_never_hangs_and_is_set_aside(tmp_path: Path, place: str) -> None:
    _three_games(tmp_path)
    target = tmp_path / place
    target.unlink(missing_ok=True)
    os.mkfifo(target)
    if place == "history.checked.json":
        line = dump_json(finished_entry(5).to_dict())
        (tmp_path / "history.jsonl").write_bytes(line)

    def start() -> tuple[int, int]:
        lock = DataLock(tmp_path)
        try:
            assert lock.acquire()
            store = Store(tmp_path)
            store.load_settings()
            games = store.list_games()
            history = store.load_history()
            assert store.save_settings(store.settings or Settings())
            assert store.finish_game(finished_entry(9), None)
            return len(games), len(history)
        finally:
            lock.release()
    games, history = _within(HANG_S, start)
    assert games == (2 if place == "games/g1.json" else 3)
    assert history == FIFO_PLACES[place]
    assert not _is_fifo(target)
    moved = [p for p in target.parent.iterdir() if p.name.startswith(target.name + ".")]
    assert any(_is_fifo(p) for p in moved), f"the pipe at {place} was not set aside"
    assert len(_within(HANG_S, lambda: Store(tmp_path).load_history())) == history + 1


def _is_fifo(p: Path) -> bool:
    return p.is_fifo() and not p.is_symlink()


def test_r8_a_named_pipe_at_the_log_or_a_review_never_hangs(tmp_path: Path,
                                                          restore_logging: None) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    os.mkfifo(logs / "wizard.log")
    assert _within(HANG_S, lambda: setup_logging(logs)) is not None
    logging.getLogger("wizard.test").warning("a line for the log")
    assert (logs / "wizard.log").is_file()
    (tmp_path / "reviews").mkdir()
    fifo = tmp_path / "reviews" / ("ab" * 10 + ".json")
    os.mkfifo(fifo)
    store = Store(tmp_path)
    assert _within(HANG_S, lambda: store.load_review("ab" * 10)) is None
    assert not fifo.exists()


# ---- R9: the user's own temp files ----------------------------------------------------------------


def test_r9_only_the_programs_own_temp_files_are_removed(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    theirs = [tmp_path / ".thesis.tmp", tmp_path / "games" / ".draft.tmp",
              tmp_path / ".notes.txt.abcdefgh.tmp", tmp_path / ".x.tmp"]
    ours = [tmp_path / ".settings.json.k2j_9x0a.tmp", tmp_path / ".history.jsonl.abcd1234.tmp",
            tmp_path / "games" / ".20261124-061502-a3f9c1.json.zz99yy88.tmp"]
    old = time.time() - 3600
    for p in theirs + ours:
        p.write_bytes(b"work")
        os.utime(p, (old, old))
    Store(tmp_path)
    assert all(p.read_bytes() == b"work" for p in theirs), "a user's own file was deleted"
    assert not any(p.exists() for p in ours)


# ---- R14: a finished game recorded twice ----------------------------------------------------------


def test_r14_a_game_finished_again_after_others_is_recorded_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    a, b = finished_entry(3), finished_entry(4)
    for gid in ("a", "b"):
        g = saved_game(actions=10, seed=7)
        assert store.save_game(SavedGame(g.record, g.seats, game_id=gid))
    # game a is written to the history, then the program stops before deleting its file
    assert store.append_history(a)
    assert store.finish_game(b, "b")                     # another game finishes meanwhile
    again = Store(tmp_path)
    assert again.finish_game(a, "a")                     # a is resumed and finished again
    history = Store(tmp_path).load_history()
    assert [e.seed for e in history] == [a.seed, b.seed]
    assert [g.game_id for g in Store(tmp_path).list_games()] == []
