"""Every value of the history database checked as a value read from a file is (issue #34, S1).

The database can hold what this program never wrote: a row edited by hand or by another program,
a byte flipped inside a text. ``check_rows`` looks at every column the screens read, with the same
checks as the files' (``checks``, ``SeatSpec``), at each start, and repairs what it finds:

- a game whose ``games``, ``seats`` or ``rounds`` rows are wrong is rebuilt from its record when
  that still verifies (its digest, then a replay), with the same id (the order is kept); when
  its record does not verify, its rows are taken out of the history. Either way a copy of the
  database as it was is kept first (``history.sqlite3.damaged-<stamp>``): no byte is lost.
- a review that does not read is dropped (kept in that copy; it is worked out again);
- the tally tables (derived from the games) are rebuilt when one holds a bad value or is missing;
- a bad bookkeeping value (``meta``) is set again (S2).

Integer columns are checked in SQL (``typeof`` and ranges: what ``checks.integer`` asks); text
columns are read as bytes and decoded strictly in Python, each distinct value once. At 10,000
games this takes a few tens of milliseconds.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import DAMAGED, aside_path
from wizard.persistence.files.atomic import parse_json
from wizard.persistence.history import tally
from wizard.persistence.history.entry import SCORE_LIMIT, HistoryEntry
from wizard.session.seats import SeatSpec

log = logging.getLogger("wizard.persistence")

EDITIONS = ("classic", "magic", "camelot")
MAX_TAKEBACKS = 5000
_N = str(1 << 40)            # a count
_P = str(1 << 50)            # a sum of points
_S = str(SCORE_LIMIT)        # one game's total
_B = ("0", "1")              # a flag
TALLY_INTS: dict[str, dict[str, tuple[str, str]]] = {
    "names": {"seats": ("0", _N), "human": _B},
    "tally": {"clean": _B, "games": ("0", _N), "tb_games": ("0", _N), "left_out": ("0", _N),
              "win_now": ("0", _N), "win_best": ("0", _N), "bid_now": ("0", _N),
              "bid_best": ("0", _N), "best_clean": ("-" + _S, _S), "best_any": ("-" + _S, _S)},
    "tally_sizes": {"took": _B, "round": ("1", "60"), "hits": ("0", "n"), "n": ("0", _N)},
    "tally_levels": {"took": _B, "games": ("0", _N), "wins": ("0", "games"),
                     "points": ("-" + _P, _P)},
    "stat_lines": {"took": _B, "games": ("0", _N), "wins": ("0", "games"),
                   "total": ("-" + _P, _P), "best": ("-" + _S, _S), "rounds": ("0", _N),
                   "hits": ("0", "rounds"), "first": ("0", _P), "human": _B},
}
TALLY_NULLABLE_INTS = {"tally": ("best_clean", "best_any")}
TALLY_TEXT = {"names": ("name",), "tally": ("name",), "tally_sizes": ("name",),
              "tally_levels": ("name", "level"), "stat_lines": ("name", "edition")}
META_FLOATS = ("created_at", "backup_at")
META_INTS = ("backup_games",)


@dataclass(slots=True)
class Findings:
    """What ``find`` saw: the games with a bad row, and what else must be rebuilt or dropped."""

    games: set[int] = field(default_factory=set)
    reviews: list[bytes] = field(default_factory=list)     # game_key as stored (bytes)
    tallies: bool = False
    meta: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.games or self.reviews or self.tallies or self.meta)


@dataclass(frozen=True, slots=True)
class Repair:
    """What ``check_rows`` did: games rebuilt from their records, games taken out (their record
    does not verify), reviews dropped, tallies rebuilt, meta values set again, the copy kept."""

    rebuilt: int = 0
    removed: tuple[str, ...] = ()       # when each game taken out had finished (as stored)
    reviews: int = 0
    tallies: bool = False
    meta: tuple[str, ...] = ()
    copy: Path | None = None
    reasons: tuple[str, ...] = ()


def _text(raw: object, what: str, max_len: int = 200) -> str:
    """A stored text read as bytes: UTF-8, strictly, of at most ``max_len`` characters."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Invalid(f"{what} is not UTF-8 text") from None
    return checks.text(raw, what, max_len)


def _bad_ints(conn: sqlite3.Connection, table: str, key: str,
              cols: dict[str, tuple[str, str]]) -> set[int]:
    """The ``key`` values of rows of ``table`` whose integer columns are not integers in range
    (``cols``: column -> (low, high) as SQL expressions)."""
    sql = _sql_bad(table, cols, (), f"DISTINCT {key}")
    return {r[0] for r in conn.execute(sql) if isinstance(r[0], int)}


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0].decode("utf-8", "replace") if isinstance(r[0], bytes) else str(r[0])
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def find(conn: sqlite3.Connection) -> Findings:
    """Every row of ``conn``'s history whose values the program would refuse from a file."""
    out = Findings()
    old = conn.text_factory
    conn.text_factory = bytes
    try:
        _find_games(conn, out)
        _find_reviews(conn, out)
        _find_tallies(conn, out)
        _find_meta(conn, out)
        if out.games or out.tallies:     # the tallies are rebuilt from the rounds: check them
            _find_rounds(conn, out)      # (only then: 600,000 rows at 10,000 games, 200 ms)
    finally:
        conn.text_factory = old
    return out


def _find_games(conn: sqlite3.Connection, out: Findings) -> None:
    lim = SCORE_LIMIT
    bad = out.games
    n = len(bad)
    bad |= _bad_ints(conn, "games", "id", {"players": ("3", "6"), "takebacks": ("0", str(MAX_TAKEBACKS)),
                                           "seed": ("-9223372036854775808", "9223372036854775807")})
    times: dict[bytes | None, bool] = {}
    for gid, key, finished, started, edition in conn.execute(
            "SELECT id, game_key, finished, started, edition FROM games"):
        try:
            _text(key, "game key", 64)
            if edition not in (b"classic", b"magic", b"camelot"):
                raise Invalid("edition")
            for value, what in ((finished, "finished"), (started, "started")):
                if value is None and what == "started":
                    continue
                ok = times.get(value)
                if ok is None:
                    try:
                        checks.timestamp(_text(value, what, 40), what)
                        ok = True
                    except Invalid:
                        ok = False
                    times[value] = ok
                if not ok:
                    raise Invalid(what)
        except Invalid:
            if isinstance(gid, int):
                bad.add(gid)
    bad |= {r[0] for r in conn.execute(
        "SELECT g.id FROM games g WHERE g.players != (SELECT COUNT(*) FROM seats s WHERE "
        "s.game = g.id) OR NOT EXISTS (SELECT 1 FROM records r WHERE r.game = g.id)")}
    bad.discard(None)  # type: ignore[arg-type]
    bad |= _bad_ints(conn, "seats", "game", {
        "seat": ("0", "5"), "first": ("0", "1"), "won": ("0", "1"), "total": (f"-{lim}", str(lim)),
        "rounds": ("0", "60"), "hits": ("0", "rounds"), "hit_lead": ("0", "rounds"),
        "hit_trail": ("0", "rounds"), "hit_best": ("0", "rounds")})
    bad |= {r[0] for r in conn.execute(
        "SELECT DISTINCT s.game FROM seats s JOIN games g ON g.id = s.game WHERE s.seat >= "
        "g.players")}
    for name, kind, level in conn.execute("SELECT DISTINCT name, kind, level FROM seats"):
        try:
            SeatSpec(_text(name, "seat name"), _text(kind, "seat kind"),  # type: ignore[arg-type]
                     None if level is None else _text(level, "level"))
        except Invalid:
            bad |= {r[0] for r in conn.execute(
                "SELECT DISTINCT game FROM seats WHERE CAST(name AS BLOB) IS ? AND "
                "CAST(kind AS BLOB) IS ? AND CAST(level AS BLOB) IS ?", (name, kind, level))}
    bad |= {r[0] for r in conn.execute(
        "SELECT game FROM records WHERE typeof(digest) != 'text' OR length(CAST(digest AS BLOB)) "
        "!= 64 OR CAST(digest AS BLOB) GLOB '*[^0-9a-f]*' OR typeof(line) != 'blob'")}
    bad -= {b for b in bad if not isinstance(b, int)}
    # a record whose game row is gone (its id changed, say): rebuilt from it if it verifies
    bad |= {r[0] for r in conn.execute("SELECT game FROM records WHERE game NOT IN "
                                       "(SELECT id FROM games)") if isinstance(r[0], int)}
    if len(bad) > n:
        out.reasons.append(f"{len(bad) - n} games with a bad row")


def _find_rounds(conn: sqlite3.Connection, out: Findings) -> None:
    """The games with a bad ``rounds`` row: read only by the tallies' SQL (Progress by round
    size), so checked when the tallies are about to be rebuilt from them."""
    lim = SCORE_LIMIT
    bad = _bad_ints(conn, "rounds", "game", {
        "seat": ("0", "5"), "round": ("1", "60"), "bid": ("0", "round"), "tricks": ("0", "round"),
        "points": (f"-{lim}", str(lim))}) - out.games
    if bad:
        out.games |= bad
        out.reasons.append(f"{len(bad)} games with a bad round row")


def _find_reviews(conn: sqlite3.Connection, out: Findings) -> None:
    for key, schema, engine, doc in conn.execute(
            "SELECT CAST(game_key AS BLOB), schema, engine, doc FROM reviews"):
        try:
            _text(key, "review key", 64)
            checks.integer(schema, "review schema", 0, 1 << 30)
            _text(engine, "review engine", 200)
            if not isinstance(doc, bytes):
                raise Invalid("review document")
            doc.decode("utf-8")
        except (Invalid, UnicodeDecodeError):
            out.reviews.append(key if isinstance(key, bytes) else b"")
    if out.reviews:
        out.reasons.append(f"{len(out.reviews)} reviews that do not read")


def _find_tallies(conn: sqlite3.Connection, out: Findings) -> None:
    if int(conn.execute("PRAGMA user_version").fetchone()[0]) < tally.SCHEMA:
        return                        # an earlier schema: the upgrade makes and fills them
    if not tally.TABLES <= _tables(conn):
        out.tallies = True
        out.reasons.append("a tally table is missing")
        return
    for table, spec in TALLY_INTS.items():
        nullable = TALLY_NULLABLE_INTS.get(table, ())
        if conn.execute(f"SELECT 1 FROM ({_sql_bad(table, spec, nullable)}) LIMIT 1").fetchone():
            out.tallies = True
        for col in TALLY_TEXT[table]:
            for (value,) in conn.execute(f"SELECT DISTINCT {col} FROM {table}"):
                try:
                    text = _text(value, col, 64)
                    if col == "name":
                        SeatSpec(text)
                    elif col == "edition" and text not in EDITIONS:
                        raise Invalid("edition")
                except Invalid:
                    out.tallies = True
    # each tally names only names the games have (a name changed in one table alone left
    # Progress a name with games but no round sizes: the fuzz stopped it there)
    for table in sorted(tally.TABLES - {"names"}):
        if conn.execute(f"SELECT 1 FROM {table} WHERE name NOT IN (SELECT name FROM names) "
                        f"LIMIT 1").fetchone():
            out.tallies = True
    if conn.execute("SELECT 1 FROM names WHERE name NOT IN (SELECT name FROM seats) "
                    "LIMIT 1").fetchone():
        out.tallies = True
    if out.tallies:
        out.reasons.append("a tally table holds a bad value")


def _sql_bad(table: str, cols: dict[str, tuple[str, str]], nullable: tuple[str, ...],
             what: str = "1") -> str:
    tests = []
    for col, (lo, hi) in cols.items():
        t = f"typeof({col}) != 'integer' OR {col} < {lo} OR {col} > {hi}"
        tests.append(f"({col} IS NOT NULL AND ({t}))" if col in nullable else f"({t})")
    return f"SELECT {what} FROM {table} WHERE " + " OR ".join(tests)


def _find_meta(conn: sqlite3.Connection, out: Findings) -> None:
    for key, value in conn.execute("SELECT CAST(key AS BLOB), CAST(value AS BLOB) FROM meta"):
        try:
            name = _text(key, "meta key", 64)
        except Invalid:
            continue                      # not a key of ours: never read
        if name not in META_FLOATS + META_INTS:
            continue
        try:
            raw = _text(value, name, 40)
            if name in META_INTS:
                checks.integer(int(raw), name, 0, 1 << 40)
            else:
                checks.number(float(raw), name, 0, 1e11)
        except (Invalid, ValueError):
            out.meta.append(name)
    if conn.execute("SELECT 1 FROM meta WHERE key = 'created_at'").fetchone() is None:
        out.meta.append("created_at")
    if out.meta:
        out.reasons.append("bookkeeping values " + ", ".join(sorted(set(out.meta))))


def _keep_copy(path: Path) -> Path:
    """A byte-for-byte copy of the database and its journal as they are now (no connection of
    this process is open then: closing a descriptor would drop SQLite's locks)."""
    target = aside_path(path, DAMAGED)
    shutil.copy2(path, target)
    wal = path.with_name(path.name + "-wal")
    if os.path.exists(wal) and os.path.getsize(wal) > 0:
        shutil.copy2(wal, target.with_name(target.name + "-wal"))
    return target


def _entry(digest: object, blob: object) -> tuple[HistoryEntry, bytes] | None:
    """The game of a stored record if it verifies (its digest, then a replay), else None."""
    from wizard.persistence.history.db import line_of
    if not isinstance(digest, bytes) or not isinstance(blob, bytes):
        return None
    try:
        line = line_of(digest.decode("ascii"), blob)
        return HistoryEntry.from_dict(checks.obj(parse_json(line), "history entry")), line
    except (Invalid, ValueError, RecursionError):     # UnicodeDecodeError is a ValueError
        return None


def check_rows(path: Path) -> Repair | None:
    """Find and repair the rows of the database at ``path`` that the program would refuse from a
    file; what was done, or None when every row is good. Call it before the database is open in
    this process: it is read first through a read-only connection (which never checkpoints), so
    a copy of its bytes can be kept as they were before anything is rebuilt."""
    from wizard.persistence.history.db import connect
    conn = connect(path, readonly=True)
    try:
        found = find(conn)
    finally:
        conn.close()
    if not found:
        return None
    copy = _keep_copy(path) if found.games or found.reviews else None
    conn = connect(path)
    try:
        return _repair(conn, found, copy)
    finally:
        conn.close()


def _repair(conn: sqlite3.Connection, found: Findings, copy: Path | None) -> Repair:
    from wizard.persistence.history.db import HistoryDB, rollback
    rebuilt = 0
    gone: list[tuple[object, str]] = []      # (key as stored, finished) of rows without a record
    conn.execute("BEGIN IMMEDIATE")
    try:
        has_record = {gid for gid in found.games if conn.execute(
            "SELECT 1 FROM records WHERE game = ?", (gid,)).fetchone() is not None}
        # rows without a record first: their key must not keep a record's game from coming back
        for gid in sorted(found.games, key=lambda g: (g in has_record, g)):
            row = conn.execute("SELECT CAST(digest AS BLOB), line FROM records WHERE game = ?",
                               (gid,)).fetchone()
            got = _entry(*row) if row is not None else None
            if got is None:
                when = conn.execute("SELECT CAST(game_key AS BLOB), CAST(finished AS BLOB) FROM "
                                    "games WHERE id = ?", (gid,)).fetchone()
                if when is not None:
                    gone.append((when[0], when[1].decode("utf-8", "replace")[:40]
                                 if isinstance(when[1], bytes) else "?"))
            for table, col in (("games", "id"), ("seats", "game"), ("rounds", "game"),
                               ("records", "game")):
                conn.execute(f"DELETE FROM {table} WHERE {col} = ?", (gid,))
            if got is not None:
                rebuilt += HistoryDB._insert(conn, got[0], got[1], gid=gid, tally=False)
        removed = [when for key, when in gone      # a game rebuilt from its record after all
                   if conn.execute("SELECT 1 FROM games WHERE CAST(game_key AS BLOB) IS ?",
                                   (key,)).fetchone() is None]
        for key in found.reviews:
            conn.execute("DELETE FROM reviews WHERE CAST(game_key AS BLOB) IS ?", (key,))
        tallies = found.tallies or bool(found.games)
        if int(conn.execute("PRAGMA user_version").fetchone()[0]) < tally.SCHEMA:
            tallies = False           # an earlier schema: the upgrade makes and fills them
        if tallies:
            for table in sorted(tally.TABLES):
                conn.execute(f"DROP TABLE IF EXISTS {table}")
            tally.create(conn)
            tally.add_games(conn)
        for key in set(found.meta):
            conn.execute("DELETE FROM meta WHERE key = ?", (key,))
            if key == "created_at":
                conn.execute("INSERT INTO meta VALUES ('created_at', ?)", (repr(time.time()),))
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise
    log.warning("history rows repaired: %s", "; ".join(found.reasons))
    return Repair(rebuilt, tuple(removed), len(found.reviews), tallies,
                  tuple(sorted(set(found.meta))), copy, tuple(found.reasons))
