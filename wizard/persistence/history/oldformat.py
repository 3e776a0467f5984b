"""The one-time import of an earlier version's ``history.jsonl`` and ``reviews/`` into the history
database (``OldFormat``, held by the ``History``), and ``ImportJob``: that import on a worker thread, with the
count of games read so far, so the window can open first and show it.

A long history takes a while (10,000 games: about 20 s on a busy machine): the program opens
the database at start without importing (``store.history_db(import_files=False)``), then runs the
import behind a screen that counts the games. Stopped half-way (the window closed, the program
killed), nothing is lost: the originals stay where they are, byte for byte, until the whole
import has been verified, and the next start imports them again (a game already in the
database is not added twice).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from wizard import background
from wizard.persistence.files.aside import FOREIGN, move_aside
from wizard.persistence.files.atomic import TooLarge
from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
from wizard.persistence.history.db import DB_NAME, HistoryDB
from wizard.persistence.history.jsonl import open_regular
from wizard.persistence.history.lines import (
    Imported,
    ImportStopped,
    import_lines,
    import_reviews,
    verify_import,
    verify_reviews,
)
from wizard.persistence.history.reviews import REVIEWS_DIR
from wizard.persistence.history.verified import VerifiedCache

log = logging.getLogger("wizard.persistence")

HISTORY_NAME = "history.jsonl"         # the history of earlier versions, imported once
CACHE_NAME = "history.checked.json"    # their cache of replayed lines (used by that import)
MIGRATED = "migrated"


class OldFormat:
    """The files of earlier versions in one data folder, imported into the database once (what
    ``History`` holds as ``history.old``): ``report`` tells the player what was met."""

    def __init__(self, data_dir: Path, report: Callable[[Problem], None]) -> None:
        self.data_dir = data_dir
        self._report = report

    def waiting(self) -> bool:
        """Whether an earlier version's ``history.jsonl`` or ``reviews/`` is there."""
        return any(os.path.lexists(self.data_dir / n) for n in (HISTORY_NAME, REVIEWS_DIR))

    def total(self) -> int:
        """The lines of ``history.jsonl`` to import (a game each), 0 if there is none to read."""
        f = open_regular(self.data_dir / HISTORY_NAME, 1 << 40)     # never a pipe or a link
        if f is None:
            return 0
        n = 0
        last = b"\n"
        with f:
            while chunk := f.read(1 << 20):
                n += chunk.count(b"\n")
                last = chunk[-1:]
        return n + (last != b"\n")

    # ---- migration of earlier versions' files ----------------------------------------------

    def migrate_jsonl(self, db: HistoryDB, progress: Callable[[int], None] | None = None,
                       stop: threading.Event | None = None) -> bool:
        """Import ``history.jsonl``; False only if ``stop`` ended it early (nothing moved)."""
        source = self.data_dir / HISTORY_NAME
        if not os.path.lexists(source):
            return True
        if os.path.islink(source) or not os.path.isfile(source):
            special = not (os.path.islink(source) or os.path.isdir(source))
            moved = move_aside(source, FOREIGN if special else "unreadable")   # a pipe: never opened
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.HISTORY, source, moved,
                                 detail="not a plain file: set aside"))
            return True
        cache = VerifiedCache(self.data_dir, CACHE_NAME)
        cache.load(any_version=True)    # lines the earlier version replayed: not replayed again
        before = db.count()
        try:
            # bad lines stay in the original, kept whole (renamed .migrated): one copy of any
            # bytes (#34 S11: an interrupted import wrote another .damaged file each time)
            result = import_lines(db, source, cache, set_aside_bad=False, progress=progress,
                                  stop=stop)
        except ImportStopped:
            log.info("history import stopped before its end: %s stays for the next start",
                     source)
            return False
        except TooLarge as e:
            moved = move_aside(source, "damaged")
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, source, moved,
                                 detail=str(e)))
            return True
        why = verify_import(db, result, before)
        if why:
            self._report_import(source, result, None)
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.HISTORY, source,
                                 detail=f"import not verified, original kept in place: {why}"))
            return True
        moved = move_aside(source, MIGRATED)
        self._report_import(source, result, moved)
        cache_file = self.data_dir / CACHE_NAME
        if os.path.lexists(cache_file):
            move_aside(cache_file, MIGRATED)
        self._report(Problem(ProblemKind.MIGRATED, FileKind.HISTORY, source, moved,
                             count=result.games,
                             detail=f"{result.added} games imported into {DB_NAME}"))
        return True

    def _report_import(self, source: Path, result: Imported, original: Path | None) -> None:
        """The damaged and newer lines met; ``original``: where the whole file now is."""
        if result.bad:
            self._report(Problem(ProblemKind.DAMAGED, FileKind.HISTORY, source, original,
                                 count=result.bad, kept=result.games,
                                 detail=f"{result.bad} unreadable entries left in the original "
                                        f"{original or source}, {result.games} kept"))
        if result.newer:
            self._report(Problem(ProblemKind.NEWER_VERSION, FileKind.HISTORY, source,
                                 count=result.newer,
                                 detail=f"{result.newer} entries from a newer version kept "
                                        "unread in the original"))

    def migrate_reviews(self, db: HistoryDB) -> None:
        folder = self.data_dir / REVIEWS_DIR
        if not os.path.lexists(folder):
            return
        if os.path.islink(folder) or not os.path.isdir(folder):
            moved = move_aside(folder, "damaged")
            self._report(Problem(ProblemKind.DAMAGED, FileKind.REVIEW, folder, moved,
                                 detail="not a folder: set aside"))
            return
        count, bad, imported = import_reviews(db, folder)
        why = verify_reviews(db, imported)
        if why:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.REVIEW, folder,
                                 detail=f"import not verified, folder kept in place: {why}"))
            return
        moved = move_aside(folder, MIGRATED)
        if bad:
            self._report(Problem(ProblemKind.DAMAGED, FileKind.REVIEW, folder, moved, count=bad,
                                 detail=f"{bad} review files did not read (kept in {moved.name})"))
        self._report(Problem(ProblemKind.MIGRATED, FileKind.REVIEW, folder, moved, count=count,
                             detail=f"{count} reviews imported into {DB_NAME}"))



class Importer(Protocol):
    """What ``ImportJob`` runs: a ``Store`` (or its ``History``)."""

    def import_total(self) -> int: ...

    def run_import(self, progress: Callable[[int], None] | None = None,
                   stop: threading.Event | None = None) -> bool: ...


class ImportJob:
    """``store.run_import`` on a worker thread (at once on this one if not ``threaded``): ``read``
    of ``total`` lines so far, ``done`` when it ended, ``finished`` if it reached the end.

    ``stop()`` (the window is closed) ends it between two lines and waits for it; the originals
    stay for the next start. ``stop_at``: stop by itself after that many lines (a picture of an
    import half-way, and tests)."""

    def __init__(self, store: Importer, threaded: bool = True,
                 stop_at: int | None = None) -> None:
        self._store = store
        try:
            self.total = store.import_total()
        except OSError:
            self.total = 0
        self.read = 0
        self.finished = False
        self.failed = False
        self._stop_at = stop_at
        self._stop = threading.Event()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = background.start(self._run, "wizard-import")
        else:
            self._run()

    def _progress(self, read: int) -> None:
        self.read = read
        if self._stop_at is not None and read > self._stop_at:
            self.read = self._stop_at
            self._stop.set()

    def _run(self) -> None:
        try:
            self.finished = self._store.run_import(self._progress, self._stop)
        except Exception:
            log.exception("the history import failed")
            self.failed = True
        self._done.set()

    @property
    def done(self) -> bool:
        """Whether the import has ended (finished, stopped or failed)."""
        return self._done.is_set()

    def stop(self, timeout: float = 60.0) -> None:
        """Ask the import to stop and wait for it (the batch being written is committed first)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

