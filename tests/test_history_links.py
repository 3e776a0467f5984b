"""Issue #23's rules for the files the history database opens (after #24 moved the history into
SQLite): a hard link at ``history.sqlite3`` or its ``-wal`` is never written through (its name set
aside as ``.foreign-``, a copy of its bytes put in its place, no game lost); a named pipe there is
set aside, never opened to wait on; a game finished again after others is recorded once."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from test_persistence_support import asides, finished_entry

from wizard.persistence import FileKind, ProblemKind, Store


def _history(folder: Path, seeds: tuple[int, ...] = (1, 2)) -> None:
    store = Store(folder)
    for seed in seeds:
        assert store.append_history(finished_entry(seed))
    store.close()


def test_a_hard_link_at_the_database_is_never_written_through(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _history(data)
    other = tmp_path / "other.sqlite3"
    os.link(data / "history.sqlite3", other)            # the same file under a second name
    before = other.read_bytes()
    store = Store(data)
    assert [e.seed for e in store.load_history()] == [1, 2]     # the games kept
    assert store.finish_game(finished_entry(3))
    store.close()
    assert other.read_bytes() == before, "the database was written through its hard link"
    assert os.stat(data / "history.sqlite3").st_nlink == 1
    [aside] = asides(data, "history.sqlite3", "foreign")
    assert os.path.samefile(aside, other)
    assert any(p.kind is ProblemKind.UNREADABLE and p.file is FileKind.HISTORY
               and p.moved_to == aside for p in store.problems)
    assert [e.seed for e in Store(data).load_history()] == [1, 2, 3]


def test_a_hard_link_at_the_journal_is_never_written_through(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _history(data)
    wal = data / "history.sqlite3-wal"
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"precious words")
    os.link(precious, wal)                               # not SQLite's journal either
    store = Store(data)
    assert store.finish_game(finished_entry(3))
    assert [e.seed for e in store.load_history()] == [1, 2, 3]
    store.close()
    assert precious.read_bytes() == b"precious words"
    [aside] = asides(data, "history.sqlite3-wal", "foreign")
    assert os.path.samefile(aside, precious)


def test_a_named_pipe_at_the_database_is_set_aside_unopened(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "history.sqlite3")
    done: list[int] = []
    t = threading.Thread(target=lambda: done.append(len(Store(data).load_history())), daemon=True)
    t.start()
    t.join(5.0)
    assert done == [0], "the store waited on the named pipe"
    [aside] = asides(data, "history.sqlite3", "foreign")
    assert aside.is_fifo()
    assert not (data / "history.sqlite3").is_fifo()


def test_a_b_a_through_the_store_records_a_once(tmp_path: Path) -> None:
    a, b = finished_entry(3), finished_entry(4)
    store = Store(tmp_path)
    assert store.finish_game(a) and store.finish_game(b) and store.finish_game(a)
    assert [e.seed for e in Store(tmp_path).load_history()] == [3, 4]


def test_a_start_removes_the_databases_own_old_temp_files_only(tmp_path: Path) -> None:
    import time
    ours = [tmp_path / ".history.sqlite3.k2j_9x0a.tmp", tmp_path / ".history.backup.abcd1234.tmp",
            tmp_path / ".history.backup-2.sqlite3.zz99yy88.tmp"]
    theirs = [tmp_path / ".history.sqlite3.mine.tmp", tmp_path / ".history.tmp"]
    old = time.time() - 3600
    for p in ours + theirs:
        p.write_bytes(b"work")
        os.utime(p, (old, old))
    Store(tmp_path)
    assert not any(p.exists() for p in ours)
    assert all(p.read_bytes() == b"work" for p in theirs)
