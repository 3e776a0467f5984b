"""Issue #34: the start's check of the history database (S4, S5, S6, S7, S10).

A failure of the check itself (a full temp folder, a file the system will not let us read) is
never taken for damage; a damaged database set aside gives back every game whose record still
verifies in it; a missing derived table is rebuilt, a missing key is not accepted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import struct
import tempfile
from pathlib import Path

import pytest

from wizard.persistence import ProblemKind, Store
from wizard.persistence.history.backups import backup_path, recover_lines
from wizard.persistence.history.db import DB_NAME
from wizard.persistence.history.seed import seed_history

GAMES = 12


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``GAMES`` games, no backup; the last two only in the journal, as a killed program left."""
    d = tmp_path_factory.mktemp("start")
    store = seed_history(d, GAMES - 2)
    db = store.history_db()
    assert db is not None
    with db.cursor() as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA wal_autocheckpoint=0")
    from wizard.persistence.history.seed import games
    for entry in games(2, first=GAMES - 1):
        db.add(entry)
    copy = tmp_path_factory.mktemp("start-copy")
    for p in d.iterdir():
        if p.is_file():
            shutil.copy2(p, copy / p.name)
    store.close()
    assert (copy / (DB_NAME + "-wal")).stat().st_size > 0
    assert not any(os.path.exists(backup_path(copy / DB_NAME, g)) for g in (1, 2, 3))
    return copy


def _folder(base: Path, tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(base, d)
    return d


def _asides(d: Path) -> list[Path]:
    return [p for p in d.iterdir() if ".damaged" in p.name or ".foreign" in p.name
            or ".newer" in p.name]


def test_s4_a_full_temp_folder_never_makes_the_history_look_damaged(
        base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _folder(base, tmp_path)
    full = tmp_path / "tmp-full"
    full.write_bytes(b"")              # a file: nothing can be made inside this "temp folder"
    monkeypatch.setattr(tempfile, "tempdir", str(full))
    monkeypatch.setenv("TMPDIR", str(full))
    store = Store(d)
    assert store.history_count() == GAMES
    assert not _asides(d) and not store.problems
    store.close()


def test_s4_the_check_leaves_no_copy_in_the_temp_folder(
        base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _folder(base, tmp_path)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    made: list[str] = []
    real = shutil.copyfile
    monkeypatch.setattr(shutil, "copyfile", lambda a, b, *k, **kw: (made.append(str(b)),
                                                                     real(a, b, *k, **kw))[1])
    store = Store(d)
    assert store.history_count() == GAMES
    store.close()
    assert not [m for m in made if m.startswith(str(tmp))]


def test_s5_a_history_that_may_not_be_read_is_left_untouched(
        base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a file of another user with mode 0000 (root reads any file: the refusal is made by
    the open itself here)."""
    d = _folder(base, tmp_path)
    before = {p.name: p.read_bytes() for p in d.iterdir()}
    real_open = os.open

    def refuse(path: object, flags: int, *a: object, **k: object) -> int:
        if str(path) == str(d / DB_NAME):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    store = Store(d)
    assert store.history_db(create=False) is None and store.history_count() == 0
    [problem] = store.problems
    assert problem.kind is ProblemKind.UNREADABLE and problem.moved_to is None
    store.close()
    monkeypatch.setattr(os, "open", real_open)
    assert {p.name: p.read_bytes() for p in d.iterdir() if p.name in before} == before
    assert not _asides(d)
    again = Store(d)                   # the permission fixed: every game is there
    assert again.history_count() == GAMES and not again.problems
    again.close()


@pytest.mark.parametrize("cut", [0.3, 0.6, 0.9])
def test_s6_games_still_readable_in_a_set_aside_database_are_brought_back(
        base: Path, tmp_path: Path, cut: float) -> None:
    d = _folder(base, tmp_path)
    raw = (d / DB_NAME).read_bytes()
    (d / DB_NAME).write_bytes(raw[:int(len(raw) * cut)])   # no backup
    store = Store(d)
    store.history_db()
    [problem] = [p for p in store.problems if p.file == "history"]
    aside = problem.moved_to
    assert aside is not None and aside.read_bytes() == raw[:int(len(raw) * cut)]
    wal = next(p for p in d.iterdir() if p.name.startswith(DB_NAME + "-wal."))
    verifying = len(set(recover_lines(aside, wal)))
    assert verifying > 0
    assert store.history_count() == verifying == problem.recovered
    store.close()


def test_s7_an_empty_history_with_no_backup_says_what_happened(base: Path, tmp_path: Path) -> None:
    from wizard.i18n import set_language
    from wizard.ui.notices import notice
    d = _folder(base, tmp_path)
    (d / DB_NAME).write_bytes(b"")
    os.unlink(d / (DB_NAME + "-wal"))
    store = Store(d)
    store.history_db()
    [problem] = [p for p in store.problems if p.file == "history"]
    set_language("en")
    text, serious = notice(problem)
    assert "could not be read" in text and str(problem.moved_to) in text
    assert "starts again" in text and "partly damaged" not in text
    store.close()


def test_s10_a_missing_derived_table_is_rebuilt(base: Path, tmp_path: Path) -> None:
    d = _folder(base, tmp_path)
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("DROP TABLE stat_lines")
    conn.commit()
    conn.close()
    store = Store(d)
    assert store.history_count() == GAMES and not _asides(d)
    db = store.history_db()
    assert db is not None
    from wizard.persistence.history.stats import stats_of
    with db.reader() as c:
        assert stats_of(c)["Anna"].overall.games == GAMES
    store.close()


def test_s10_a_games_table_without_its_key_is_not_accepted(base: Path, tmp_path: Path) -> None:
    d = _folder(base, tmp_path)
    conn = sqlite3.connect(d / DB_NAME)
    conn.executescript("""
        BEGIN;
        CREATE TABLE g2(id INTEGER PRIMARY KEY, game_key TEXT NOT NULL, finished TEXT NOT NULL,
                        started TEXT, edition TEXT NOT NULL, players INTEGER NOT NULL,
                        takebacks INTEGER NOT NULL, seed INTEGER NOT NULL);
        INSERT INTO g2 SELECT * FROM games;
        DROP TABLE games;
        ALTER TABLE g2 RENAME TO games;
        COMMIT;""")
    for _ in range(50):                     # one game listed again and again
        conn.execute("INSERT INTO games(game_key, finished, started, edition, players, "
                     "takebacks, seed) SELECT game_key, finished, started, edition, players, "
                     "takebacks, seed FROM games WHERE id = 1")
    conn.commit()
    conn.close()
    store = Store(d)
    assert store.history_count() == GAMES          # each game once, none lost
    keys = [r.key for r in store.history_page(0, 100)]
    assert len(keys) == len(set(keys)) == GAMES
    assert _asides(d)                              # the keyless file kept
    store.close()


@pytest.mark.parametrize("flip", [b"PRIMASY", b"PRIARY "])
def test_a_flip_in_the_schemas_text_lists_every_game_that_verifies(
        base: Path, tmp_path: Path, flip: bytes) -> None:
    """The fuzz's last lost cases (seed 5 mutation 9081, seed 6 mutation 8568): one bit of the
    schema's text turns ``id INTEGER PRIMARY KEY`` into an ordinary column. ``quick_check`` and
    ``integrity_check`` pass and every id reads NULL; History listed games that were not their
    records and told nothing. Now the file is set aside, every game is brought back from it and
    the player is told."""
    d = _folder(base, tmp_path)
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = (d / DB_NAME).read_bytes()
    at = raw.index(b"id INTEGER PRIMARY KEY,")
    (d / DB_NAME).write_bytes(raw[:at + 11] + flip + raw[at + 18:])
    check = sqlite3.connect(d / DB_NAME)
    assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert check.execute("SELECT COUNT(*) FROM games WHERE id IS NULL").fetchone()[0] == GAMES
    check.close()
    store = Store(d)
    keys = [r.key for r in store.history_page(0, 100)]
    assert len(keys) == len(set(keys)) == GAMES           # every game, each once
    [problem] = [p for p in store.problems if p.file == "history"]
    assert problem.recovered == GAMES and problem.lost == ()
    assert problem.moved_to is not None and problem.moved_to.read_bytes()[at + 11:at + 18] == flip
    store.close()


def _meta_index_points_elsewhere(db: Path) -> None:
    """The fuzz's seed 8 mutation 1935: meta's key index names a row that is not there.
    ``quick_check`` passes; every lookup of a key then fails as "malformed"."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    [(page,)] = conn.execute("SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_meta_1'")
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    raw = bytearray(db.read_bytes())
    at = raw.index(b"created_at", (page - 1) * size, page * size) - 1
    assert raw[at] == 9          # the index record's rowid's serial type: the constant 1 (row 1)
    raw[at] = 8                  # the constant 0: a row that is not there
    db.write_bytes(bytes(raw))


def test_an_index_out_of_step_with_its_table_is_damage_found_at_the_start(
        base: Path, tmp_path: Path) -> None:
    d = _folder(base, tmp_path)
    _meta_index_points_elsewhere(d / DB_NAME)
    check = sqlite3.connect(d / DB_NAME)
    assert check.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    with pytest.raises(sqlite3.DatabaseError, match="malformed"):
        check.execute("SELECT value FROM meta WHERE key = 'created_at'").fetchall()
    check.close()
    store = Store(d)
    assert store.history_count() == GAMES                  # set aside, every game brought back
    [problem] = [p for p in store.problems if p.file == "history"]
    assert problem.kind == ProblemKind.DAMAGED and problem.recovered == GAMES
    assert problem.moved_to is not None and problem.moved_to.exists()
    store.close()


def test_a_file_found_damaged_only_once_read_is_set_aside_not_left_shut(
        base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Damage the start's check cannot see, met while opening: the history is set aside and its
    games brought back, not "could not be opened" on every start with no game recorded."""
    from wizard.persistence.history import backups as db_files
    d = _folder(base, tmp_path)
    _meta_index_points_elsewhere(d / DB_NAME)
    monkeypatch.setattr(db_files, "shape_problem", lambda conn, tables: "")
    real = db_files._deep_check

    def blind(path: Path) -> tuple[object, ...]:         # as if the check had passed
        _rows, *rest = real(path)
        return ([("ok",)], *rest)
    monkeypatch.setattr(db_files, "_deep_check", blind)
    store = Store(d)
    assert store.history_count() == GAMES
    [problem] = [p for p in store.problems if p.file == "history"]
    assert problem.kind == ProblemKind.DAMAGED and problem.recovered == GAMES
    store.close()


def test_s9_a_full_disk_at_a_games_end_is_reported_as_a_full_disk(base: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    from wizard.persistence.history.db import HistoryDB
    from wizard.persistence.history.seed import games
    d = _folder(base, tmp_path)
    store = Store(d)
    real = HistoryDB._insert

    def full(conn: sqlite3.Connection, *a: object, **k: object) -> bool:
        real(conn, *a, **k)  # type: ignore[arg-type]
        conn.execute("ROLLBACK")                # what SQLite itself does on SQLITE_FULL
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(HistoryDB, "_insert", staticmethod(full))
    assert not store.finish_game(next(iter(games(1, first=100))))
    [problem] = [p for p in store.problems if p.kind is ProblemKind.WRITE_FAILED]
    assert "disk is full" in problem.detail and "no transaction" not in problem.detail
    monkeypatch.setattr(HistoryDB, "_insert", staticmethod(real))
    assert store.finish_game(next(iter(games(1, first=100))))      # the disk has room again
    assert store.history_count() == GAMES + 1
    store.close()


def test_s6_import_history_accepts_a_database_file(base: Path, tmp_path: Path) -> None:
    """``wizard --import-history FILE`` with a history database (one set aside, say): every game
    whose record verifies is added; the file is only read."""
    from wizard.history_cli import import_history
    d = _folder(base, tmp_path)
    raw = (d / DB_NAME).read_bytes()
    source = tmp_path / "kept.sqlite3"
    source.write_bytes(raw[:int(len(raw) * 0.9)])           # a damaged one: no journal
    verifying = len(set(recover_lines(source, None)))
    assert 0 < verifying < GAMES
    other = tmp_path / "other"
    code, text = import_history(other, source)
    assert code == 0 and f"{verifying} games added" in text, text
    assert source.read_bytes() == raw[:int(len(raw) * 0.9)]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".wizard")] == []
    code, text = import_history(other, d / DB_NAME)          # a whole one, with its journal
    assert code == 0 and f"{GAMES - verifying} games added" in text, text
    store = Store(other)
    assert store.history_count() == GAMES
    store.close()


def test_s3_a_journal_cut_short_is_told_a_killed_write_is_not(base: Path, tmp_path: Path) -> None:
    from wizard.i18n import set_language
    from wizard.ui.notices import notice
    d = _folder(base, tmp_path)
    wal = d / (DB_NAME + "-wal")
    raw = wal.read_bytes()
    wal.write_bytes(raw[:len(raw) // 2])
    store = Store(d)
    assert store.history_count() < GAMES
    [problem] = [p for p in store.problems if p.file == "history"]
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == raw[:len(raw) // 2]
    set_language("en")
    text, serious = notice(problem)
    assert serious and str(problem.moved_to) in text and "may be missing" in text
    store.close()
    # a frame's header written without its page: what a kill between SQLite's two writes leaves
    d2 = tmp_path / "killed"
    shutil.copytree(base, d2)
    page = struct.unpack(">I", raw[8:12])[0]
    frames = (len(raw) - 32) // (24 + page)
    (d2 / (DB_NAME + "-wal")).write_bytes(raw[:32 + (frames - 1) * (24 + page) + 24])
    store = Store(d2)
    store.history_db()
    assert not store.problems
    store.close()


def test_the_import_command_counts_the_lines_as_it_goes(base: Path, tmp_path: Path) -> None:
    import io

    from wizard.history_cli import export_history, import_history
    code, _text = export_history(_folder(base, tmp_path), tmp_path / "out.jsonl")
    assert code == 0
    out = io.StringIO()
    code, text = import_history(tmp_path / "other", tmp_path / "out.jsonl", out)
    assert code == 0 and f"{GAMES} games added" in text
    assert "Importing: 1 line read" in out.getvalue() and out.getvalue().endswith("\n")
