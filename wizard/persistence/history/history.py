"""``History``: the finished games in ``history.sqlite3``, what a ``Store`` holds as
``store.history``. The database opened (checked, restored, migrated) once, finished games recorded
in one transaction each, backups made on a worker thread, pages and whole games read back, JSON
lines exported and imported; the earlier versions' files imported once (``oldformat.OldFormat``).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from wizard import background, checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import FOREIGN, NEWER, move_aside
from wizard.persistence.files.atomic import parse_json
from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
from wizard.persistence.history.backups import (
    BACKUP_EVERY,
    BACKUP_MAX_AGE_S,
    BACKUPS,
    LINKED,
    TORN,
    backup_path,
    clear_side_files,
    copy_file,
    corrupt,
    examine,
    is_database,
    keys_in,
    make_backup,
    recover_lines,
    salvage,
    set_aside,
    unlink_links,
)
from wizard.persistence.history.db import DB_NAME, GameRow, HistoryDB, open_here
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.lines import (
    Imported,
    export_lines,
    import_lines,
)
from wizard.persistence.history.oldformat import (
    CACHE_NAME as CACHE_NAME,  # re-exported: tests read it here
)
from wizard.persistence.history.oldformat import HISTORY_NAME, OldFormat
from wizard.persistence.history.reviews import REVIEWS_DIR, review_id
from wizard.persistence.history.rows import check_rows

log = logging.getLogger("wizard.persistence")



class History:
    """The finished games of one data folder.

    Built by the ``Store``, with what it shares with it: the folder, ``report`` (a ``Problem``
    for the player), the store's lock, ``clear`` (a write that succeeds clears the
    ``WRITE_FAILED`` problems of its file kind) and ``delete_game`` (a finished game's save,
    removed once its record is on disk for good).
    """

    def __init__(self, data_dir: Path, report: Callable[[Problem], None], lock: threading.RLock,
                 clear: Callable[[FileKind], None], delete_game: Callable[[str], bool]) -> None:
        self.data_dir = data_dir
        self._report = report
        self._lock = lock
        self._clear = clear
        self._delete_game = delete_game
        self._db: HistoryDB | None = None          # the database (opened on first use)
        self._db_tried = False
        self._backup_thread: threading.Thread | None = None
        self._backup_state: tuple[int, float] | None = None
        self.unsynced: set[str] = set()     # finished games whose save waits for a journal sync
        self.old = OldFormat(data_dir, report)      # earlier versions' files, imported once
        self._import_waiting = False        # earlier files left for ``run_import``

    # ---- opening -------------------------------------------------------------------------

    def db(self, create: bool = True, import_files: bool = True) -> HistoryDB | None:
        """The database, opened once: checked (``quick_check``), a bad one set aside and the newest
        good backup restored, the files of earlier versions imported (with ``import_files=False``
        left for ``run_import``: ``import_pending``). None if it cannot be used (or, with
        ``create=False``, if there is no history at all yet: nothing is made then)."""
        with self._lock:
            if not self._db_tried and not create and not self._any_history():
                return None
            if not self._db_tried:
                self._db_tried = True
                try:
                    try:
                        self._db = self._open_db(import_files)
                    except sqlite3.DatabaseError as e:   # checked, yet damaged once read:
                        if not corrupt(e):               # set aside and restored, as a file
                            raise                        # the check finds damaged (#34)
                        path = self.data_dir / DB_NAME
                        self._restore(path, set_aside(path), f"damaged: {e}")
                        self._db = self._open_db(import_files)
                except Exception as e:      # never a reason to lose the settings and saves
                    log.exception("the history database cannot be opened")
                    self._report(Problem(ProblemKind.UNREADABLE, FileKind.HISTORY,
                                         self.data_dir / DB_NAME, detail=str(e),
                                         errno=getattr(e, "errno", None)))
                    self._db = None
            return self._db

    def _any_history(self) -> bool:
        """Whether any history file (the database, a backup, an earlier version's) is there."""
        names = [DB_NAME, HISTORY_NAME, REVIEWS_DIR]
        names += [backup_path(Path(DB_NAME), g).name for g in range(1, BACKUPS + 1)]
        for n in names:
            try:
                os.lstat(self.data_dir / n)
                return True
            except FileNotFoundError:
                continue
            except OSError:          # the folder may not be read (mode 0000, #34): not "none"
                return True          # but "cannot be read", which the opening then tells
        return False

    def _open_db(self, import_files: bool = True) -> HistoryDB:
        path = self.data_dir / DB_NAME        # never followed: a link there is set aside below
        if open_here(path):                   # checked by the store that has it open
            db = HistoryDB(path)
            db.open()
        else:
            db = self._checked_db(path)
        try:
            if import_files:
                self.old.migrate_jsonl(db)
                self.old.migrate_reviews(db)
            else:
                self._import_waiting = self.old.waiting()
            self._backup_if_due(db)
        except BaseException:
            db.close()                        # nothing holds the file if it is set aside
            raise
        return db

    def _checked_db(self, path: Path) -> HistoryDB:
        """The database opened after its files were checked (a bad one set aside and restored)."""
        for linked, moved in unlink_links(path):       # never written through a second name
            kept = os.path.lexists(linked)
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.HISTORY, linked, moved,
                                 detail=f"{LINKED}: set aside" + (", a copy of its bytes kept in "
                                                                  "its place" if kept else "")))
        for side, moved, why in clear_side_files(path):
            if why == TORN:                   # a crash cut the last frame: kept, nothing lost
                log.info("%s ends inside a frame: a copy is kept as %s", side, moved)
                continue
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, side, moved,
                                 detail=f"{why}: set aside"))
        self._clear_bad_backups()
        verdict = examine(path)
        if verdict.unreadable:        # not damage (#34 S4 S5): left untouched, no history now
            raise OSError(f"{path}: {verdict.reason}")
        if verdict.missing:
            if any(os.path.lexists(backup_path(path, g)) for g in range(1, BACKUPS + 1)):
                self._restore(path, [], "the database file is missing")
        elif not verdict.ok:
            self._restore(path, set_aside(path, newer=verdict.newer,
                                          tag=FOREIGN if verdict.foreign else None),
                          verdict.reason, newer=verdict.newer)
        db = HistoryDB(path)
        try:
            repair = check_rows(path) if os.path.exists(path) else None   # every value (S1)
            db.open()
        except sqlite3.Error as e:                    # examined fine, yet does not open: aside
            db.close()
            self._restore(path, set_aside(path), f"does not open: {e}")
            db = HistoryDB(path)
            db.open()
            return db
        if repair is not None:
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, path, repair.copy,
                                 count=len(repair.removed), kept=db.count(),
                                 detail="bad rows: " + "; ".join(repair.reasons),
                                 recovered=repair.rebuilt, lost=None))
        return db

    def _clear_bad_backups(self) -> None:
        """A backup that is not a plain SQLite file of ours is moved aside (cheap check)."""
        db = self.data_dir / DB_NAME
        for gen in range(1, BACKUPS + 1):
            p = backup_path(db, gen)
            v = examine(p, deep=False)
            if not v.ok:
                moved = move_aside(p, NEWER if v.newer else FOREIGN if v.foreign else "damaged")
                self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, p, moved,
                                     detail=f"backup: {v.reason}: set aside"))

    def _restore(self, path: Path, moved: list[Path], why: str, newer: bool = False) -> None:
        """Put the newest good backup in place of a database set aside; tell what was lost."""
        restored: Path | None = None
        for gen in range(1, BACKUPS + 1):
            candidate = backup_path(path, gen)
            if not os.path.lexists(candidate):
                continue
            v = examine(candidate)
            if v.ok:
                copy_file(candidate, path)
                restored = candidate
                break
            aside = move_aside(candidate, NEWER if v.newer else "damaged")
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, candidate, aside,
                                 detail=f"backup: {v.reason}: set aside"))
        wal = next((m for m in moved[1:] if "-wal." in m.name), None)
        backed = keys_in(path) if restored is not None else set()
        recovered = self._recover(path, moved[0], wal) - backed if moved else set()
        kept: set[str] = keys_in(path) if os.path.exists(path) else set()
        old = salvage(moved[0], wal) if moved else None
        lost: tuple[str, ...] | None = None
        if old is not None:              # each game once (a key listed twice is one game)
            seen: set[str] = set()
            lost = tuple(when for key, when in old
                         if key not in kept and not (key in seen or seen.add(key)))
        since = None
        if restored is not None:
            since = datetime.fromtimestamp(os.stat(restored).st_mtime, UTC)
        kind = ProblemKind.NEWER_VERSION if newer else ProblemKind.DAMAGED
        detail = f"{why}; " + (f"restored {restored.name} ({len(backed)} games)" if restored
                               else "no good backup: a new history")
        detail += f"; {len(recovered)} games recovered from the copy set aside"
        if lost is not None:
            detail += f"; {len(lost)} games lost" + (f": {', '.join(lost)}" if lost else "")
        else:
            detail += "; the games it held could not be listed"
        self._report(Problem(kind, FileKind.HISTORY, path, moved[0] if moved else None,
                             count=len(lost) if lost is not None else 0, detail=detail,
                             kept=len(kept), restored_from=restored, lost=lost, since=since,
                             recovered=len(recovered), whole=True))

    def _recover(self, path: Path, aside: Path, wal: Path | None) -> set[str]:
        """Bring back into the database at ``path`` every game whose record still verifies in the
        set-aside file ``aside`` (#34 S6): its digest, then replayed as a file's game is. The
        keys of the games read there (added now, or already present)."""
        got: set[str] = set()
        db = HistoryDB(path)
        try:
            db.open()
            batch: list[tuple[HistoryEntry, bytes]] = []
            for line in recover_lines(aside, wal):
                try:
                    entry = HistoryEntry.from_dict(checks.obj(parse_json(line), "history entry"))
                except (Invalid, ValueError, RecursionError):
                    continue
                batch.append((entry, line))
                got.add(review_id(entry))
                if len(batch) >= 200:
                    db.add_many(batch)
                    batch = []
            if batch:
                db.add_many(batch)
        except (OSError, sqlite3.Error) as e:
            log.warning("games not recovered from %s: %s", aside, e)
        finally:
            db.close()
        return got

    # ---- the earlier versions' files -----------------------------------------------------

    @property
    def import_pending(self) -> bool:
        """Whether the database was opened without importing the earlier files still there."""
        return self._import_waiting

    def import_total(self) -> int:
        """The lines of ``history.jsonl`` to import (a game each), 0 if there is none to read."""
        return self.old.total()

    def run_import(self, progress: Callable[[int], None] | None = None,
                   stop: threading.Event | None = None) -> bool:
        """Import the earlier files now (after ``db(import_files=False)``); False if ``stop`` was
        set before the end (the originals then stay as they were, for next time).
        ``progress(n)``: ``n`` lines of ``history.jsonl`` read so far."""
        db = self.db(create=False)
        if db is None or not self._import_waiting:
            return True
        if not self.old.migrate_jsonl(db, progress, stop):
            return False
        self.old.migrate_reviews(db)
        with self._lock:
            self._import_waiting = False
        self._backup_if_due(db)
        return True

    # ---- writing -------------------------------------------------------------------------

    def finish(self, entry: HistoryEntry, game_id: str | None = None) -> bool:
        """Game over: record ``entry`` in the history (one transaction), then delete game
        ``game_id`` in progress once that record is on disk for good.

        The commit does not wait for the disk (``synchronous=NORMAL``): a killed program loses
        nothing, the operating system still writes it; a power cut could lose the last commits,
        so the game's save is kept until a checkpoint has synced the journal and the database
        (at once, unless a screen's query holds an older view: then at the next game's end or at
        closing; it is left out of the Continue list meanwhile). Safe to repeat after a crash
        between the two steps, even after other games were finished meanwhile: the game key is
        UNIQUE, so a game already anywhere in the history is not added twice.
        """
        if not self.record(entry):
            return False
        if game_id is not None:
            with self._lock:
                self.unsynced.add(game_id)
        self.sync_finished()
        self.backup_if_due()            # after the sync: a new backup thread waits for nothing
        return True

    def backup_if_due(self) -> None:
        """Start a backup on its worker thread if one is due (20 games, or a day, since the last)."""
        db = self._db
        if db is not None and db.is_open:
            self._backup_if_due(db)

    def sync_finished(self) -> bool:
        """Sync the history to disk (a checkpoint) and delete the saves of the games it now holds
        for good; False if a reader kept the checkpoint from reaching the end (saves kept)."""
        with self._lock:
            db = self._db
            waiting = set(self.unsynced)      # recorded before this checkpoint starts
        if db is None or not db.is_open:
            return False
        try:
            durable = db.sync()                # outside the store's lock: it waits for the disk
        except sqlite3.Error as e:
            log.warning("history checkpoint failed: %s", e)
            return False
        if durable:
            for game_id in sorted(waiting):
                self._delete_game(game_id)
            with self._lock:
                self.unsynced -= waiting
        return durable

    def append(self, entry: HistoryEntry, unless_last: bool = False) -> bool:
        """Record a finished game (one transaction) and start a backup if one is due. A game
        already recorded (the same record and seats) is not added again; True either way. False
        if the database refused."""
        if not self.record(entry):
            return False
        db = self._db
        if db is not None:
            self._backup_if_due(db)
        return True

    def record(self, entry: HistoryEntry) -> bool:
        """The game-end transaction alone (``append_history`` without the backup check)."""
        db = self.db()
        if db is None:
            return False
        try:
            db.add(entry)
        except sqlite3.Error as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.HISTORY, db.path,
                                 detail=str(e), errno=getattr(e, "sqlite_errorcode", None)))
            return False
        self._clear(FileKind.HISTORY)
        return True

    def _backup_if_due(self, db: HistoryDB) -> None:
        """Start a backup on a worker thread after ``BACKUP_EVERY`` games or a day since the last."""
        with self._lock:
            if self._backup_thread is not None and self._backup_thread.is_alive():
                return
            if self._backup_state is None:
                games = int(db.meta("backup_games") or 0)
                at = float(db.meta("backup_at") or 0)
                if not os.path.lexists(backup_path(db.path, 1)):   # none yet: count from now
                    games, at = 0, float(db.meta("created_at") or time.time())
                self._backup_state = (games, at)
            games, at = self._backup_state
            count = db.count()
            if count == 0 or (count - games < BACKUP_EVERY
                              and time.time() - at < BACKUP_MAX_AGE_S):
                return
            self._backup_thread = background.start(lambda: self._backup(db, count),
                                                   "wizard-backup")

    @property
    def backup_running(self) -> bool:
        """Whether a backup is being made (on its worker thread)."""
        thread = self._backup_thread
        return thread is not None and thread.is_alive()

    def _backup(self, db: HistoryDB, count: int) -> None:
        if threading.current_thread() is not threading.main_thread():
            _lower_priority()      # a backup gives way to the game and its saves
        try:
            make_backup(db.path)
            now = time.time()
            db.set_meta("backup_games", str(count))
            db.set_meta("backup_at", repr(now))
            with self._lock:
                self._backup_state = (count, now)
        except (OSError, sqlite3.Error) as e:
            log.warning("history backup failed: %s", e)

    def wait_backup(self, timeout: float = 60.0) -> None:
        """Wait for a backup in progress (tests, and before closing)."""
        thread = self._backup_thread
        if thread is not None:
            thread.join(timeout)

    def backup_now(self) -> Path | None:
        """Make a backup at once (on this thread); its path, or None if it failed."""
        db = self.db()
        if db is None:
            return None
        self.wait_backup()
        self._backup(db, db.count())
        p = backup_path(db.path, 1)
        return p if os.path.exists(p) else None

    # ---- reading -------------------------------------------------------------------------

    def count(self) -> int:
        """How many finished games the history holds."""
        db = self.db(create=False)
        return 0 if db is None else db.count()

    def page(self, offset: int, limit: int) -> list[GameRow]:
        """A page of the History list, newest first."""
        db = self.db(create=False)
        return [] if db is None else db.page(offset, limit)

    def entry(self, key: str) -> HistoryEntry | None:
        """One whole finished game by its key (None if absent or damaged: then reported)."""
        db = self.db(create=False)
        if db is None:
            return None
        try:
            return db.entry(key)
        except KeyError:
            return None
        except (Invalid, sqlite3.Error) as e:
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, db.path, detail=str(e)))
            return None

    def has(self, entry: HistoryEntry) -> bool:
        """Whether this game is already in the history."""
        db = self.db()
        return db is not None and db.has(review_id(entry))

    def load_all(self) -> list[HistoryEntry]:
        """Every finished game, oldest first (all in memory: for tests and small tools; the
        screens read pages and figures through queries)."""
        db = self.db(create=False)
        if db is None:
            return []
        out = []
        with db.reader() as conn:
            for key, entry in _safe(db, conn):
                if entry is None:
                    self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, db.path,
                                         detail=f"stored game {key} does not read"))
                else:
                    out.append(entry)
        return out

    def export(self, target: Path) -> int:
        """Write the whole history to ``target`` as JSON lines (what ``import_history`` reads)."""
        db = self.db()
        if db is None:
            raise OSError("the history database cannot be opened")
        return export_lines(db, target)

    def import_file(self, source: Path,
                       progress: Callable[[int], None] | None = None) -> Imported:
        """Add the games of a JSON-lines file (an export, or an old ``history.jsonl``): each is
        checked (replayed) and added unless already there. Bad lines are counted, not written."""
        db = self.db()
        if db is None:
            raise OSError("the history database cannot be opened")
        if is_database(source):          # a history database, e.g. one set aside (#34 S6)
            result = self._import_database(db, source)
        else:
            result = import_lines(db, source, None, set_aside_bad=False, progress=progress)
        self._backup_if_due(db)
        return result

    def _import_database(self, db: HistoryDB, source: Path) -> Imported:
        """Add every game whose record verifies in the history database ``source`` (read from a
        scratch copy in the data folder: the file itself is never written); a record that does
        not verify counts as a bad line."""
        if os.path.samefile(source, db.path):
            raise OSError("this is the history itself")
        wal = source.with_name(source.name + "-wal")
        result = Imported()
        batch: list[tuple[HistoryEntry, bytes]] = []
        for line in recover_lines(source, wal if os.path.isfile(wal) else None, self.data_dir):
            try:
                entry = HistoryEntry.from_dict(checks.obj(parse_json(line), "history entry"))
            except (Invalid, ValueError, RecursionError):
                result.bad += 1
                continue
            result.games += 1
            batch.append((entry, line))
            if len(batch) >= 200:
                result.added += db.add_many(batch)
                batch = []
        if batch:
            result.added += db.add_many(batch)
        return result

    def close(self) -> None:
        """Wait for a backup in progress, delete the saves of the games recorded for good, and
        close the database."""
        self.wait_backup()
        with self._lock:
            if self.unsynced:
                self.sync_finished()
            if self._db is not None:
                self._db.close()


def _lower_priority() -> None:
    """Lower this thread's CPU priority where the system allows it per thread (Linux)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass


def _safe(db: HistoryDB, conn: sqlite3.Connection):  # type: ignore[no-untyped-def]
    """(key, entry or None when that row is damaged) for every game, oldest first."""
    last = 0
    from wizard.persistence.history.db import entry_of
    while True:
        rows = conn.execute("SELECT g.id, g.game_key, r.digest, r.line FROM games g LEFT JOIN "
                            "records r ON r.game = g.id WHERE g.id > ? ORDER BY g.id LIMIT 200",
                            (last,)).fetchall()
        if not rows:
            return
        for gid, key, digest, blob in rows:
            last = gid
            try:
                yield key, entry_of(digest, blob)
            except Invalid:
                yield key, None
