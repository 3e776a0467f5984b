"""Finished games, their per-round figures and their reviews in one SQLite database (WAL mode).

``history.sqlite3`` in the data folder. Tables:

- ``games``: one row per finished game, what the History list shows (dates, edition, seats
  count, take-backs, seed). ``game_key`` (``review_id``: a digest of its record and seats) is
  UNIQUE, so a game finished twice (a crash between the history write and the deletion of its
  save, then another game, then the first one again: [A, B, A]) is recorded once.
- ``records``: the whole game, by ``games.id``: its JSON history line (the ``history.jsonl``
  format, zlib-compressed) and the line's SHA-256 ``digest``. Kept apart so that the queries of
  the lists and statistics never read these kilobytes.
- ``seats``: one row per game and seat, with the figures the statistics add up (final total,
  won, rounds, bids made, and the runs of bids made at the start, at the end and the longest
  inside the game, so bid streaks add up game by game). ``first``: the name's first seat in the
  game, the one Progress counts; never set for a game shorter than its full count of rounds,
  whose figures are kept apart (nor is such a game added to the tally tables).
- ``rounds``: one row per round and seat (bid, tricks, points), for accuracy by round size.
- ``reviews``: one JSON document per reviewed game, keyed by ``game_key`` (versioned, stamped with
  ``REVIEW_ENGINE``; its content can change without a schema change).
- ``meta``: when the last backup was made, and of how many games.

Every value of a game is checked (its record replayed) once, before it is written; the rows are
then trusted, and the line's digest is checked again whenever a whole game is read back.
Finishing a game is one transaction of a few rows: its cost does not grow with the history.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import tempfile
import threading
import time
import weakref
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.atomic import dump_json, parse_json, sync_dir
from wizard.persistence.history import tally as history_tally
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.reviews import review_id
from wizard.session.seats import SeatSpec

log = logging.getLogger("wizard.persistence")

DB_NAME = "history.sqlite3"
EDITIONS = ("classic", "magic", "camelot")
APPLICATION_ID = 0x57495A44      # "WIZD": this program's databases (PRAGMA application_id)
DB_SCHEMA = history_tally.SCHEMA  # PRAGMA user_version (1: before the tally tables)
BUSY_MS = 10_000

SCHEMA_SQL = """
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    game_key TEXT NOT NULL UNIQUE,
    finished TEXT NOT NULL,
    started TEXT,
    edition TEXT NOT NULL,
    players INTEGER NOT NULL,
    takebacks INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
CREATE TABLE records(
    game INTEGER PRIMARY KEY,
    digest TEXT NOT NULL,
    line BLOB NOT NULL
);
CREATE TABLE seats(
    game INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    first INTEGER NOT NULL,
    total INTEGER NOT NULL,
    won INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    hits INTEGER NOT NULL,
    hit_lead INTEGER NOT NULL,
    hit_trail INTEGER NOT NULL,
    hit_best INTEGER NOT NULL,
    PRIMARY KEY(game, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_name ON seats(name, game);
CREATE TABLE rounds(
    game INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    round INTEGER NOT NULL,
    bid INTEGER NOT NULL,
    tricks INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY(game, seat, round)
) WITHOUT ROWID;
CREATE TABLE reviews(
    game_key TEXT PRIMARY KEY,
    schema INTEGER NOT NULL,
    engine TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class DamagedRow(Invalid):
    """A stored game whose line no longer matches its digest (or does not read)."""


def entry_line(entry: HistoryEntry) -> bytes:
    """The game's history line (JSON, without newline): what is stored, exported and imported."""
    return dump_json(entry.to_dict()).rstrip(b"\n")


def line_digest(line: bytes) -> str:
    """SHA-256 of a history line."""
    return hashlib.sha256(line).hexdigest()


def connect(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL. A commit writes the
    journal without waiting for the disk (``synchronous=NORMAL``: a killed process loses
    nothing, a power cut may lose the last commits, never the database); ``HistoryDB.sync``
    makes them durable (a checkpoint syncs the journal, then the database)."""
    if readonly:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000,
                               isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None,
                               check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


def rollback(conn: sqlite3.Connection) -> None:
    """Roll back the transaction if SQLite has not already done so (on a full disk it has: a
    second ROLLBACK would fail with "no transaction is active" and hide the first error, #34 S9);
    a failure here is logged, never raised over the error being handled."""
    if not conn.in_transaction:
        return
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error as e:
        log.warning("rollback failed: %s", e)


def create_schema(conn: sqlite3.Connection) -> None:
    """Make the tables of an empty database and stamp it as ours (WAL mode)."""
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA_SQL.split(";"):
        if statement.strip():
            conn.execute(statement)
    history_tally.create(conn)
    conn.execute(f"PRAGMA user_version={DB_SCHEMA}")
    conn.execute("INSERT INTO meta VALUES ('created_at', ?)", (repr(time.time()),))
    conn.execute("COMMIT")


def _create(path: Path) -> None:
    """Make a new, empty database at ``path`` atomically: built in a temp file (its tables, our
    application id, WAL mode), closed and synced, then renamed into place. A crash leaves either
    no database or a whole empty one (and at worst a temp file, removed at a later start)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            create_schema(conn)
        finally:
            conn.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        for leftover in (tmp, tmp + "-wal", tmp + "-shm"):
            try:
                os.unlink(leftover)
            except OSError:
                pass
        raise
    sync_dir(path.parent)


def _upgrade(conn: sqlite3.Connection) -> None:
    """Bring a database of an earlier schema up to ``DB_SCHEMA`` (one transaction; a crash
    leaves it as it was, upgraded at the next start)."""
    if int(conn.execute("PRAGMA user_version").fetchone()[0]) >= DB_SCHEMA:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        if int(conn.execute("PRAGMA user_version").fetchone()[0]) < DB_SCHEMA:
            history_tally.upgrade(conn)
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise


def _runs(made: list[bool]) -> tuple[int, int, int]:
    """(bids made in a row from the first round, in a row up to the last, longest run)."""
    lead = 0
    while lead < len(made) and made[lead]:
        lead += 1
    trail = 0
    while trail < len(made) and made[len(made) - 1 - trail]:
        trail += 1
    best = run = 0
    for m in made:
        run = run + 1 if m else 0
        best = max(best, run)
    return lead, trail, best


@dataclass(frozen=True, slots=True)
class GameRow:
    """A finished game as the History list shows it (a whole entry is read only when chosen)."""

    key: str
    finished: datetime
    edition: str
    seats: tuple[SeatSpec, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    takebacks: int


_OPEN: weakref.WeakSet[HistoryDB] = weakref.WeakSet()     # databases open in this process


def open_here(path: Path) -> bool:
    """Whether this process has ``path`` open already (another ``Store`` on the same folder).

    Then its files must not be opened and closed outside SQLite: closing any descriptor of a file
    drops every POSIX lock this process holds on it, the open connection's included, and another
    process could then checkpoint and delete the journal under it."""
    return any(db.path == path and db.is_open for db in list(_OPEN))


class HistoryDB:
    """One data folder's history database. Thread-safe: one lock around the shared connection;
    queries that may be long (screens, export, backup) can open their own with ``reader()``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None

    @property
    def is_open(self) -> bool:
        """Whether the shared connection is open."""
        return self._conn is not None

    # ---- connections ---------------------------------------------------------------------

    def open(self) -> None:
        """Open (creating the tables if the file is new); ``sqlite3.Error`` if that fails."""
        with self._lock:
            if self._conn is not None:
                return
            if not os.path.lexists(self.path):
                _create(self.path)
            conn = connect(self.path)
            try:
                conn.execute("PRAGMA journal_mode=WAL")
                _upgrade(conn)
            except BaseException:
                conn.close()
                raise
            self._conn = conn
            _OPEN.add(self)

    def close(self) -> None:
        """Close the shared connection (the WAL is checkpointed when the last one closes)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @contextmanager
    def cursor(self) -> Iterator[sqlite3.Connection]:
        """The shared connection, held for the block."""
        with self._lock:
            self.open()
            assert self._conn is not None
            yield self._conn

    @contextmanager
    def reader(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own, read-only, for a worker thread; closed after the block.
        (The shared connection's lock is taken only to open it the first time: a screen's query
        never waits for a commit or a checkpoint being synced on the writer thread.)"""
        if self._conn is None:
            self.open()
        conn = connect(self.path, readonly=True)
        try:
            yield conn
        finally:
            conn.close()

    # ---- writing -------------------------------------------------------------------------

    def add(self, entry: HistoryEntry, line: bytes | None = None) -> bool:
        """Record one finished game in one transaction; False if this game is already there."""
        with self.cursor() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                added = self._insert(conn, entry, line)
                conn.execute("COMMIT")
            except BaseException:
                rollback(conn)
                raise
        return added

    def add_many(self, entries: list[tuple[HistoryEntry, bytes]]) -> int:
        """Record many games in one transaction (an import); the number newly added."""
        added = 0
        with self.cursor() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for entry, line in entries:
                    added += self._insert(conn, entry, line)
                conn.execute("COMMIT")
            except BaseException:
                rollback(conn)
                raise
        return added

    @staticmethod
    def _insert(conn: sqlite3.Connection, entry: HistoryEntry, line: bytes | None,
                gid: int | None = None, tally: bool = True) -> bool:
        """Write one game's rows (with id ``gid`` when a bad row is rebuilt from its record; the
        tallies then rebuilt by the caller: ``tally=False``)."""
        line = entry_line(entry) if line is None else line
        key = review_id(entry)
        cur = conn.execute(
            "INSERT OR IGNORE INTO games(id, game_key, finished, started, edition, players, "
            "takebacks, seed) VALUES (?,?,?,?,?,?,?,?)",
            (gid, key, checks.iso(entry.finished),
             None if entry.started is None else checks.iso(entry.started), entry.edition,
             len(entry.seats), entry.takebacks,
             entry.seed if entry.seed < 2 ** 63 else -1))   # a network game's secret seed
                                            # (129 bits) is in its record; SQLite holds 64
        if cur.rowcount != 1:
            return False
        gid = cur.lastrowid
        conn.execute("INSERT INTO records VALUES (?,?,?)",
                     (gid, line_digest(line), zlib.compress(line, 6)))
        short = entry.config.game_rules.short        # kept apart: see the module docstring
        seen: set[str] = set()
        seat_rows = []
        round_rows = []
        for seat, spec in enumerate(entry.seats):
            made = [r.bids[seat] == r.tricks[seat] for r in entry.rounds]
            lead, trail, best = _runs(made)
            seat_rows.append((gid, seat, spec.name, spec.kind, spec.level,
                              spec.name not in seen and not short,
                              entry.totals[seat], seat in entry.winners, len(entry.rounds),
                              sum(made), lead, trail, best))
            seen.add(spec.name)
            round_rows += [(gid, seat, r.round, r.bids[seat], r.tricks[seat], r.points[seat])
                           for r in entry.rounds]
        conn.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", seat_rows)
        conn.executemany("INSERT INTO rounds VALUES (?,?,?,?,?,?)", round_rows)
        if tally and not short:
            history_tally.add_games(conn, gid)
        return True

    def sync(self) -> bool:
        """Checkpoint the journal into the database (``PASSIVE``: never waits for a reader): both
        are synced to disk. True if every commit so far is now durable, False if a reader's older
        view kept the checkpoint from reaching the end of the journal."""
        with self.cursor() as conn:
            busy, logged, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return bool(busy == 0 and logged == done)

    def set_meta(self, key: str, value: str) -> None:
        """Write one ``meta`` value."""
        with self.cursor() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def meta(self, key: str) -> str | None:
        """One ``meta`` value, or None."""
        with self.cursor() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    # ---- reading -------------------------------------------------------------------------

    def count(self) -> int:
        """How many finished games are recorded."""
        with self.cursor() as conn:
            return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def has(self, key: str) -> bool:
        """Whether the game of ``key`` (its ``review_id``) is recorded."""
        with self.cursor() as conn:
            return conn.execute("SELECT 1 FROM games WHERE game_key=?", (key,)).fetchone() \
                is not None

    def page(self, offset: int, limit: int, conn: sqlite3.Connection | None = None
             ) -> list[GameRow]:
        """Games ``offset .. offset + limit - 1``, newest first, as the History list shows them."""
        if conn is None:
            with self.cursor() as shared:
                return self.page(offset, limit, shared)
        games = conn.execute("SELECT id, game_key, finished, edition, takebacks FROM games "
                             "ORDER BY id DESC LIMIT ? OFFSET ?", (limit, offset)).fetchall()
        if not games:
            return []
        ids = [g[0] for g in games]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[tuple[Any, ...]]] = {}
        for row in conn.execute(f"SELECT game, seat, name, kind, level, total, won FROM seats "
                                f"WHERE game IN ({marks}) ORDER BY game, seat", ids):
            seats.setdefault(row[0], []).append(row)
        out = []
        for gid, key, finished, edition, takebacks in games:
            rows = seats.get(gid, [])
            try:        # checked at start (``rows``); a row changed since is left out
                out.append(GameRow(key, checks.timestamp(finished, "finished"),
                                   checks.choice(edition, "edition", EDITIONS),
                                   tuple(SeatSpec(r[2], r[3], r[4]) for r in rows),
                                   tuple(checks.integer(r[5], "total", -2**62, 2**62)
                                         for r in rows),
                                   tuple(r[1] for r in rows if r[6]),
                                   checks.integer(takebacks, "takebacks", 0, 1 << 30)))
            except Invalid as e:
                log.warning("history row %s left out: %s", gid, e)
        return out

    def entry(self, key: str, conn: sqlite3.Connection | None = None) -> HistoryEntry:
        """The whole game of ``key`` (``KeyError`` if absent; ``DamagedRow`` if it no longer reads)."""
        if conn is None:
            with self.cursor() as shared:
                return self.entry(key, shared)
        row = conn.execute("SELECT r.digest, r.line FROM games g JOIN records r ON r.game = g.id "
                           "WHERE g.game_key=?", (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        return entry_of(row[0], row[1])

    def entries(self, conn: sqlite3.Connection, batch: int = 200) -> Iterator[HistoryEntry]:
        """Every game, oldest first (a damaged row raises ``DamagedRow``)."""
        for _key, entry in self.keyed_entries(conn, batch):
            yield entry

    def keyed_entries(self, conn: sqlite3.Connection,
                      batch: int = 200) -> Iterator[tuple[str, HistoryEntry]]:
        """(key, game) for every game, oldest first, read ``batch`` rows at a time."""
        last = 0
        while True:
            rows = conn.execute("SELECT g.id, g.game_key, r.digest, r.line FROM games g JOIN "
                                "records r ON r.game = g.id WHERE g.id > ? ORDER BY g.id "
                                "LIMIT ?", (last, batch)).fetchall()
            if not rows:
                return
            for gid, key, digest, blob in rows:
                last = gid
                yield key, entry_of(digest, blob)

    def lines(self, conn: sqlite3.Connection, batch: int = 500) -> Iterator[tuple[str, bytes]]:
        """(digest, line) of every game, oldest first (the lines are checked against their digest)."""
        last = 0
        while True:
            rows = conn.execute("SELECT game, digest, line FROM records WHERE game > ? ORDER BY "
                                "game LIMIT ?", (last, batch)).fetchall()
            if not rows:
                return
            for gid, digest, blob in rows:
                last = gid
                yield digest, line_of(digest, blob)

    # ---- reviews -------------------------------------------------------------------------

    def review_doc(self, key: str) -> str | None:
        """The stored review document of a game (JSON text), or None."""
        with self.cursor() as conn:
            row = conn.execute("SELECT doc FROM reviews WHERE game_key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def put_review(self, key: str, schema: int, engine: str, doc: str) -> None:
        """Store (or replace) a game's review document."""
        with self.cursor() as conn:
            conn.execute("INSERT OR REPLACE INTO reviews VALUES (?,?,?,?)",
                         (key, schema, engine, doc))

    def drop_review(self, key: str) -> None:
        """Remove a game's review document (it was set aside)."""
        with self.cursor() as conn:
            conn.execute("DELETE FROM reviews WHERE game_key=?", (key,))

    def review_keys(self) -> set[str]:
        """The games with a stored review."""
        with self.cursor() as conn:
            return {str(r[0]) for r in conn.execute("SELECT game_key FROM reviews")}


def line_of(digest: str, blob: bytes) -> bytes:
    """The history line of a stored row, checked against its digest (``DamagedRow`` if not)."""
    try:
        line = zlib.decompress(blob)
    except (zlib.error, TypeError) as e:
        raise DamagedRow(f"stored game does not decompress: {e}") from None
    if line_digest(line) != digest:
        raise DamagedRow("stored game differs from its digest")
    return line


def entry_of(digest: str, blob: bytes) -> HistoryEntry:
    """A stored row's game (checked when it was written: not replayed again)."""
    data = parse_json(line_of(digest, blob))
    return HistoryEntry.from_dict(checks.obj(data, "history entry"), verify=False)
