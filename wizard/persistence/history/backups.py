"""The history database's files on disk: checking them at start, setting a bad one aside, the
online backups (3 generations) and restoring the newest good one.

Anything at the database's path that is not a plain SQLite file of this program at a schema it
knows (a folder, a link, an empty or foreign file, a damaged one, a newer schema) is moved aside
byte-identical with its ``-wal`` and ``-shm`` (never deleted); a ``-wal`` or ``-shm`` that is not
a plain file, or a ``-wal`` whose header is not SQLite's, is moved aside on its own.

As for every data file since issue #23, a path is looked at with ``lstat`` before anything opens
it and is opened without waiting: a named pipe, socket or device there is set aside
(``.foreign-``) and never opened to wait on. SQLite writes the database, its ``-wal`` and ``-shm``
in place, so a file there with a second name (a hard link) is never written through: its name is
set aside (``.foreign-``) and, for the database and its journal, a copy of its bytes put in its
place (``unlink_links``).
"""

from __future__ import annotations

import itertools
import os
import shutil
import sqlite3
import stat
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from wizard.checks import Invalid
from wizard.persistence.files.aside import DAMAGED, FOREIGN, NEWER, aside_path, move_aside
from wizard.persistence.files.atomic import NONBLOCK, replacing, sync_dir
from wizard.persistence.history.db import APPLICATION_ID, DB_SCHEMA, SCHEMA_SQL, connect, line_of

MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
BACKUPS = 3
BACKUP_EVERY = 20                 # finished games
BACKUP_MAX_AGE_S = 24 * 3600      # and at least daily
SIDE = ("-wal", "-shm")
TORN = "the journal ends inside a frame"     # a crash between the two writes of a frame
CUT = "the journal was cut short"             # ends inside a frame's page: not a crash (#34 S3)
FRAME_HEAD = 24
LINKED = "a second name (hard link): never written through"
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What is wrong with a database file (``ok`` when nothing); ``newer`` for a newer schema."""

    ok: bool
    reason: str = ""
    newer: bool = False
    missing: bool = False
    foreign: bool = False          # a named pipe, socket or device: set aside as ``.foreign-``
    unreadable: bool = False       # the system refused to read it, or the check itself failed:
                                   # not damage (left untouched, #34 S4 S5)


def backup_path(db: Path, generation: int) -> Path:
    """``history.backup-<n>.sqlite3`` beside the database (1 is the newest)."""
    return db.with_name(f"{db.stem}.backup-{generation}{db.suffix}")


def examine(path: Path, deep: bool = True) -> Verdict:
    """Whether ``path`` is a usable database of ours; ``deep`` runs ``PRAGMA integrity_check``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return Verdict(True, missing=True)
    except OSError as e:
        return Verdict(False, f"cannot be examined: {e}")
    if not stat.S_ISREG(st.st_mode):
        special = not (stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode))
        return Verdict(False, "not a plain file", foreign=special)
    if st.st_size == 0:
        return Verdict(False, "an empty file")
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):      # changed since the lstat
                return Verdict(False, "not a plain file", foreign=True)
            head = f.read(100)
    except OSError as e:
        return Verdict(False, f"cannot be read: {e}", unreadable=True)
    if len(head) < 100 or head[:16] != MAGIC:
        return Verdict(False, "not an SQLite database")
    version, app = struct.unpack(">I", head[60:64])[0], struct.unpack(">I", head[68:72])[0]
    if app != APPLICATION_ID:
        return Verdict(False, "another program's database")
    if version > DB_SCHEMA:
        return Verdict(False, f"schema {version} is newer than {DB_SCHEMA}", newer=True)
    if not deep:
        return Verdict(True)
    try:
        rows, version, tables, keyed, shape = _deep_check(path)
    except OSError as e:                           # the check could not run: not damage
        return Verdict(False, f"cannot be checked: {e}", unreadable=True)
    except sqlite3.Error as e:
        if getattr(e, "sqlite_errorcode", 0) & 0xFF in CHECK_FAILED:
            return Verdict(False, f"cannot be checked: {e}", unreadable=True)
        return Verdict(False, f"damaged: {e}")
    if rows != [("ok",)]:
        return Verdict(False, "damaged: " + "; ".join(str(r[0]) for r in rows[:3]))
    if version > DB_SCHEMA:
        return Verdict(False, f"schema {version} is newer than {DB_SCHEMA}", newer=True)
    if not {"games", "records", "seats", "rounds", "reviews", "meta"} <= tables:
        return Verdict(False, "tables are missing")
    if not keyed:              # without its UNIQUE key one game could be listed 10,000 times
        return Verdict(False, "the games table has lost its key")
    if shape:                  # a byte flip in the schema's text: "id INTEGER PRIMASY KEY" still
        return Verdict(False, f"damaged: {shape}")      # parses, and reads every id as NULL
    return Verdict(True)       # a missing derived table (the tallies) is rebuilt (rows.py)


def corrupt(e: BaseException) -> bool:
    """Whether an SQLite error says the file is damaged (CORRUPT, NOTADB), not that it could
    not be read now (#34 S5)."""
    return isinstance(e, sqlite3.DatabaseError) and \
        (getattr(e, "sqlite_errorcode", 0) & 0xFF in (11, 26) or "malformed" in str(e))


# SQLite's primary result codes that say the check itself could not run (not that the file is
# damaged): BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PERM, AUTH
CHECK_FAILED = frozenset({5, 6, 7, 8, 10, 13, 14, 3, 23})


CORE = ("games", "records", "seats", "rounds", "reviews", "meta")   # what the tallies come from


def _shape(conn: sqlite3.Connection, table: str) -> list[tuple[object, ...]]:
    """A table's columns as SQLite reads them: (name, declared type, not null, place in the
    primary key), case folded as SQLite compares names and types."""
    return [(str(name).lower(), str(kind).upper(), int(notnull), int(pk))
            for _cid, name, kind, notnull, _default, pk
            in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))]


_EXPECTED: dict[str, list[tuple[object, ...]]] = {}


def expected_shapes() -> dict[str, list[tuple[object, ...]]]:
    """The core tables' columns as this program creates them (from the schema's own text)."""
    if not _EXPECTED:
        conn = sqlite3.connect(":memory:")
        try:
            conn.executescript(SCHEMA_SQL)
            _EXPECTED.update({t: _shape(conn, t) for t in CORE})
        finally:
            conn.close()
    return _EXPECTED


def shape_problem(conn: sqlite3.Connection, tables: set[str]) -> str:
    """Which core table is not as this program writes it ("" when all are): #34, a byte flip in
    the text of the schema (``PRIMARY`` read as ``PRIMASY``) passes ``quick_check`` and
    ``integrity_check`` alike but makes ``games.id`` an ordinary column, NULL in every row, and
    History then showed games that were not the records' (the fuzz's last two lost cases)."""
    for table, want in expected_shapes().items():
        if table in tables and _shape(conn, table) != want:
            return f"the {table} table is not as this program writes it"
    return ""


def _deep_check(path: Path) -> tuple[list[tuple[object, ...]], int, set[str], bool, str]:
    """(``integrity_check`` rows, user_version, table names, whether ``games`` has its UNIQUE key,
    which core table has another shape) of a database, never writing to it nor to its journal.

    Checked in place, read-only (#34 S4: no copy in the temp folder, which may be full or small,
    and no copy of the whole history left there after a crash). Without a journal the file is
    read as immutable; with one (after a crash) SQLite reads it too, rebuilding only its index of
    the journal (``-shm``, derived): a read-only connection never checkpoints, so a file that
    turns out damaged is still set aside byte for byte with its journal."""
    wal = path.with_name(path.name + "-wal")
    if os.path.exists(wal) and os.path.getsize(wal) > 0:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    else:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        # integrity_check, not quick_check (#34): an index page out of step with its table
        # (a flipped byte in meta's key) passed quick_check, then every lookup through it
        # failed as "malformed" and the history stayed shut on every start. At 10,000 games
        # it costs about 60 ms more CPU (0.13 s against 0.07 s), once per start.
        rows = conn.execute("PRAGMA integrity_check").fetchall()
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master")}
        keyed = "games" not in tables or any(
            unique and [c[0] for c in conn.execute("SELECT name FROM pragma_index_info(?)",
                                                     (name,))] == ["game_key"]
            for _seq, name, unique, *_rest in conn.execute("PRAGMA index_list('games')"))
        shape = shape_problem(conn, tables) if rows == [("ok",)] else ""
    finally:
        conn.close()
    return rows, version, tables, keyed, shape


def unlink_links(db: Path) -> list[tuple[Path, Path]]:
    """The database, ``-wal`` and ``-shm`` that have a second name (a hard link), each made a
    file of its own: its name moved aside (``.foreign-``, the other name's file untouched) and,
    for the database and its journal, its bytes copied back in place (SQLite would otherwise
    write into the other file). Returns (path, where its name went) for each."""
    out = []
    for suffix in ("", *SIDE):
        p = db.with_name(db.name + suffix)
        try:
            st = os.lstat(p)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or st.st_nlink < 2:
            continue
        moved = move_aside(p, FOREIGN)
        ours = examine(moved, deep=False).ok if suffix == "" else suffix == "-wal" and wal_ok(moved)
        if ours:                 # the index of the journal (-shm) is rebuilt by SQLite
            copy_file(moved, p)
        out.append((p, moved))
    return out


def wal_ok(path: Path) -> bool:
    """Whether a ``-wal`` file is absent, empty, or starts with SQLite's WAL header."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            head = f.read(32)
    except FileNotFoundError:
        return True
    if not head:
        return True
    if len(head) < 32:
        return False
    magic, version = struct.unpack(">II", head[:8])
    return magic in WAL_MAGIC and version == 3007000


def _checksum(data: bytes, s0: int, s1: int, fmt: str) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from (s0, s1)."""
    for x0, x1 in struct.iter_unpack(fmt, data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def wal_damage(path: Path, limit: int = 64 << 20) -> str:
    """Why a ``-wal`` (SQLite's journal of recent commits) is damaged, or "" if it is not: a frame
    of this journal that fails its checksum with a committed transaction after it. SQLite itself
    would stop reading at that frame without a word, and the games committed after it would be
    missing. A bad frame with no commit after it is the unfinished transaction of a crash (normal);
    so is a journal ending with a frame's header alone (``TORN``: a kill between SQLite's two
    writes of a frame; kept as a copy). A journal ending inside a frame's page was cut short
    (``CUT``, #34 S3: the commits after the cut are gone; kept as a copy and told). A journal over
    ``limit`` bytes is not checked."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError:
        return ""
    if not data or len(data) > limit:
        return ""
    if len(data) < 32 or not wal_ok(path):
        return "not an SQLite journal"
    magic, _version, page, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:32])
    fmt = ">II" if magic & 1 else "<II"
    s0, s1 = _checksum(data[:24], 0, 0, fmt)
    if (s0, s1) != (c1, c2):
        return "the journal's header is damaged"
    if page < 512 or page & (page - 1):
        return "the journal's page size is wrong"
    size = 24 + page
    frames = (len(data) - 32) // size      # a partial last frame: a write cut by a crash
    bad = -1
    for i in range(frames):
        at = 32 + i * size
        head = data[at:at + 24]
        _pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        if (f1, f2) != (salt1, salt2):
            break                          # frames of an earlier round of the journal: not used
        if bad >= 0:
            if commit:                     # a commit after the bad frame: that one is lost
                return f"frame {bad + 1} of the journal is damaged"
            continue
        s0, s1 = _checksum(head[:8], s0, s1, fmt)
        s0, s1 = _checksum(data[at + 24:at + size], s0, s1, fmt)
        if (s0, s1) != (k1, k2):
            bad = i                        # damaged, or the unfinished transaction of a crash
    tail = (len(data) - 32) % size
    if tail == FRAME_HEAD:        # a frame's header without its page: SQLite writes them in two
        return TORN               # calls, a killed program stops between them (nothing lost)
    if tail:                      # a page cut inside: a file cut short (the commits that came
        return CUT                # after are gone; the player is told)
    return ""


def clear_side_files(db: Path) -> list[tuple[Path, Path, str]]:
    """Move aside a ``-wal``/``-shm`` that is not a plain file or a ``-wal`` that is not SQLite's.

    Returns (path, where it went, why) for each.
    """
    moved = []
    for suffix in SIDE:
        side = db.with_name(db.name + suffix)
        try:
            st = os.lstat(side)
        except OSError:
            continue
        reason, tag = "", DAMAGED
        if not stat.S_ISREG(st.st_mode):
            reason = "not a plain file"
            if not (stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode)):
                tag = FOREIGN                  # a named pipe, socket or device: never opened
        elif suffix == "-wal" and not wal_ok(side):
            reason = "not an SQLite journal"
        if reason:
            moved.append((side, move_aside(side, tag), reason))
        elif suffix == "-wal":
            why = wal_damage(side)
            if why:          # SQLite uses the good frames before it: a copy keeps every byte
                copy = aside_path(side, "torn" if why == TORN else DAMAGED)
                shutil.copy2(side, copy)
                moved.append((side, copy, why))
    return moved


def set_aside(db: Path, newer: bool = False, tag: str | None = None) -> list[Path]:
    """Move the database and its ``-wal``/``-shm`` aside (byte-identical); the new paths."""
    tag = tag or (NEWER if newer else DAMAGED)
    out = []
    for suffix in ("", *SIDE):
        p = db.with_name(db.name + suffix)
        if os.path.lexists(p):
            out.append(move_aside(p, tag))
    return out


def _pad(scratch: Path) -> None:
    """Give a cut-short copy back the length its header states (zeros in place of the missing
    pages): SQLite refuses a file shorter than its header says, even for the pages still there."""
    with open(scratch, "rb+") as f:
        head = f.read(100)
        if len(head) < 100 or head[:16] != MAGIC:
            return
        size = struct.unpack(">H", head[16:18])[0]
        size = 65536 if size == 1 else size
        pages = struct.unpack(">I", head[28:32])[0]
        want = size * pages
        if os.fstat(f.fileno()).st_size < want <= 1 << 34:
            f.truncate(want)


@contextmanager
def _scratch(aside: Path, wal: Path | None,
             where: Path | None = None) -> Iterator[sqlite3.Connection | None]:
    """A connection to a scratch copy of a set-aside database (with its journal ``wal``), made
    beside it or in ``where`` (never in the temp folder: #34 S4), so the set-aside files stay as
    they are; None if it cannot be made. Removed after the block."""
    try:
        tmp = tempfile.mkdtemp(dir=where or aside.parent, prefix=".wizard-salvage-")
    except OSError:
        yield None
        return
    try:
        scratch = Path(tmp) / "salvage.sqlite3"
        try:
            shutil.copyfile(aside, scratch)
            _pad(scratch)
            if wal is not None:
                shutil.copyfile(wal, Path(tmp) / "salvage.sqlite3-wal")
            conn = sqlite3.connect(scratch)
            conn.text_factory = bytes
        except (OSError, sqlite3.Error):
            yield None
            return
        try:
            yield conn
        finally:
            conn.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _slices(conn: sqlite3.Connection, sql: str, table: str, key: str,
            step: int = 256) -> Iterator[tuple[object, ...]]:
    """The rows of ``sql`` (with ``?`` for a low and a high ``key``) in slices of ``key``: one bad
    page loses one slice, and that slice is then read row by row."""
    top = None
    for bound in (f"SELECT MAX({key}) FROM {table}", "SELECT MAX(id) FROM games",
                  "SELECT MAX(game) FROM records"):
        try:
            top = conn.execute(bound).fetchone()[0]
        except sqlite3.Error:
            continue
        if isinstance(top, int):
            break
    if not isinstance(top, int):
        return                           # no maximum reads (or no such table): the scan only
    top = min(top, 1 << 22)
    for low in range(0, top + 1, step):
        try:
            yield from conn.execute(sql, (low, low + step)).fetchall()
        except sqlite3.Error:
            for one in range(low, low + step):     # a bad page in the slice: row by row
                try:
                    yield from conn.execute(sql, (one, one + 1)).fetchall()
                except sqlite3.Error:
                    continue


def salvage(aside: Path, wal: Path | None = None) -> list[tuple[str, str]] | None:
    """(game key, finished) of every game still readable in a set-aside database (with its
    journal ``wal``, applied in a scratch copy so the set-aside files stay as they are), or None
    if its games cannot be listed at all."""
    with _scratch(aside, wal) as conn:
        if conn is None:
            return None
        try:
            conn.execute("SELECT 1 FROM games LIMIT 1").fetchall()
        except sqlite3.Error:
            return None
        return [(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k),
                 f.decode("utf-8", "replace") if isinstance(f, bytes) else str(f))
                for k, f in dict.fromkeys(itertools.chain(      # each game once, in order;
                    _slices(conn, "SELECT game_key, finished FROM games WHERE id >= ? "
                                  "AND id < ? ORDER BY id", "games", "id"),
                    _scan(conn, "SELECT game_key, finished FROM games")))]  # the scan lists
    # the games whose ids do not read (#34: a schema flip left every id NULL)


def _scan(conn: sqlite3.Connection, sql: str) -> Iterator[tuple[object, ...]]:
    """The rows of a full scan up to the first one that does not read (a scan walks the leaf
    pages from the left: it can pass an interior page that a search by id trips on)."""
    try:
        cur = conn.execute(sql)
        while True:
            rows = cur.fetchmany(64)
            if not rows:
                return
            yield from rows
    except sqlite3.Error:
        return


def recover_lines(aside: Path, wal: Path | None = None,
                  where: Path | None = None) -> Iterator[bytes]:
    """The history line of every game whose record still verifies (decompresses to its digest)
    in a set-aside database (#34 S6), read from a scratch copy beside it: with its journal and
    without (a damaged journal can hide good pages), by slices of ids and by a full scan. Each
    line once. The caller checks each game as a file's (``HistoryEntry.from_dict``, replayed)
    before adding it."""
    seen: set[bytes] = set()
    for journal in ((wal, None) if wal is not None else (None,)):
        with _scratch(aside, journal, where) as conn:
            if conn is None:
                continue
            rows = itertools.chain(
                _slices(conn, "SELECT digest, line FROM records WHERE game >= ? AND game < ? "
                              "ORDER BY game", "records", "game"),
                _scan(conn, "SELECT digest, line FROM records"))
            for digest, blob in rows:
                if not isinstance(digest, bytes) or not isinstance(blob, bytes) or digest in seen:
                    continue
                try:
                    line = line_of(digest.decode("ascii"), blob)
                except (Invalid, UnicodeDecodeError):
                    continue
                seen.add(digest)
                yield line


def is_database(path: Path) -> bool:
    """Whether ``path`` is a plain file that starts as an SQLite database does."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            return stat.S_ISREG(os.fstat(fd).st_mode) and f.read(16) == MAGIC
    except OSError:
        return False


def keys_in(path: Path) -> set[str]:
    """The game keys of a good database file (read-only)."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return {str(r[0]) for r in conn.execute("SELECT game_key FROM games")}
    finally:
        conn.close()


def copy_file(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` atomically (temp file, fsync, rename)."""
    with replacing(dst) as out, open(src, "rb") as inp:
        shutil.copyfileobj(inp, out, 1 << 20)


def make_backup(db: Path) -> Path:
    """Back the database up with SQLite's online backup API into generation 1 (older ones move
    down, the fourth is dropped); returns the new backup's path."""
    fd, tmp = tempfile.mkstemp(dir=db.parent, prefix=f".{db.stem}.backup.", suffix=".tmp")
    os.close(fd)
    try:
        src = connect(db, readonly=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
            src.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        for gen in range(1, BACKUPS + 1):       # a folder or link there: aside, never followed
            p = backup_path(db, gen)
            if os.path.lexists(p) and (os.path.islink(p) or not os.path.isfile(p)):
                move_aside(p, DAMAGED)
        oldest = backup_path(db, BACKUPS)
        if os.path.lexists(oldest) and not examine(oldest).ok:
            move_aside(oldest, DAMAGED)         # a damaged backup is kept, not dropped
        for gen in range(BACKUPS - 1, 0, -1):
            older = backup_path(db, gen)
            if os.path.lexists(older):
                os.replace(older, backup_path(db, gen + 1))
        os.replace(tmp, backup_path(db, 1))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(db.parent)
    return backup_path(db, 1)
