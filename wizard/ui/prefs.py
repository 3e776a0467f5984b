"""The app's settings, saved game and history through the persistence ``Store`` (memory without it).

With ``background=True`` every write goes to one writer thread, in order, so the window does not
wait for the disk after each card; reads wait for the writes queued before them.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wizard.engine.scoring import winners
from wizard.persistence import Settings
from wizard.session import Seat, Session

log = logging.getLogger(__name__)


class Prefs:
    """Settings plus the saved game and history, one object for the screens."""

    def __init__(self, data_dir: Path | None = None, use_store: bool = True,
                 background: bool = False) -> None:
        self.store: Any = None
        self.settings: Any = Settings()
        self.problems: list[Any] = []
        self._memory_save: Any = None
        self._memory_history: list[Any] = []
        self._writer: ThreadPoolExecutor | None = None
        self._last: Future[None] | None = None
        if use_store:
            try:
                from wizard.persistence import Store
                self.store = Store(data_dir)
                self.settings = self.store.load_settings()
                self.problems = list(getattr(self.store, "problems", []))
            except ImportError:
                log.warning("persistence not available; settings kept in memory")
            except Exception:
                log.exception("cannot open the data directory; settings kept in memory")
                self.store = None
        if background and self.store is not None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wizard-save")

    # ---- writing in order ----------------------------------------------------------------

    def _write(self, what: str, job: Callable[[], None]) -> None:
        """Run ``job`` now, or queue it on the writer thread (in order); failures are logged."""
        def guarded() -> None:
            try:
                job()
            except Exception:
                log.exception("%s failed", what)

        if self._writer is None:
            guarded()
        else:
            self._last = self._writer.submit(guarded)

    def flush(self) -> None:
        """Wait until every queued write is on disk."""
        last = self._last
        if last is not None:
            last.result()

    def close(self) -> None:
        """Finish the queued writes and stop the writer thread."""
        self.flush()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    def save_settings(self) -> None:
        """Write the settings (ignored without a store)."""
        if self.store is not None:
            snapshot = copy.deepcopy(self.settings)
            self._write("saving settings", lambda: self.store.save_settings(snapshot))

    # ---- the game in progress ------------------------------------------------------------

    def save_game(self, session: Session) -> None:
        """Save the game in progress (called after every action)."""
        if self.store is None:
            self._memory_save = (session.record(), list(session.seats))
            return
        try:
            from wizard.persistence import SavedGame, SeatSpec
            seats = [SeatSpec(s.name, s.kind, s.level) for s in session.seats]  # type: ignore[arg-type]
            saved = SavedGame(session.record(), seats)     # an immutable snapshot, made now
        except Exception:
            log.exception("autosave failed")
            return
        self._write("autosave", lambda: self.store.save_game(saved))

    def load_game(self) -> tuple[Any, list[Seat]] | None:
        """(record, seats) of the saved game, or None."""
        if self.store is None:
            return self._memory_save  # type: ignore[no-any-return]
        self.flush()
        try:
            saved = self.store.load_game()
        except Exception:
            log.exception("loading the saved game failed")
            return None
        if saved is None:
            return None
        return saved.record, [Seat(s.name, s.kind, s.level) for s in saved.seats]

    def clear_game(self) -> None:
        """Forget the game in progress."""
        self._memory_save = None
        if self.store is not None:
            self._write("clearing the saved game", lambda: self.store.clear_game())

    # ---- history -------------------------------------------------------------------------

    def finish_game(self, session: Session) -> None:
        """Record a finished game in the history, then drop the save.

        The store writes the history first and clears the save after, and never records the same
        game twice: a crash in between keeps the game, and finishing it again is harmless.
        """
        if self.store is None:
            self._memory_save = None
            self._memory_history.append(session)
            return
        try:
            from wizard.persistence import HistoryEntry, SeatSpec
            seats = [SeatSpec(s.name, s.kind, s.level) for s in session.seats]  # type: ignore[arg-type]
            if not session.finished:
                raise ValueError("only a finished game goes into the history")
            totals = tuple(session.totals)
            entry = HistoryEntry(session.record(), tuple(seats), datetime.now(UTC), None,
                                 tuple(session.results), totals, winners(totals))
        except Exception:
            log.exception("writing history failed")
            self.clear_game()
            return
        self._memory_save = None
        self._write("recording the finished game", lambda: self.store.finish_game(entry))

    def history(self) -> list[Any]:
        """Finished games (persistence ``HistoryEntry`` values), oldest first."""
        if self.store is None:
            return []
        self.flush()
        try:
            return list(self.store.load_history())
        except Exception:
            log.exception("reading history failed")
            return []
