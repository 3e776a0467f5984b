"""A review worked out in the background: progress, cancel, and the review stored once complete.

One daemon thread per review (like the table's runner, a thread: Expert's work releases the GIL
often enough that the window keeps its frame rate, see ``python -m wizard.bench ui --review``).
The screen polls ``progress`` and ``finished`` each frame. A cancelled review stores nothing: the
save runs under the same lock as ``cancel``, only if nobody cancelled first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from wizard.persistence.history import HistoryEntry
from wizard.persistence.review import Review

from .engine import Appraiser, review_game

log = logging.getLogger(__name__)


class ReviewJob:
    """Reviews ``entry`` on its own thread (or at once with ``threaded=False``); ``save(review)``
    is called with the complete review, unless the job was cancelled before."""

    def __init__(self, entry: HistoryEntry, save: Callable[[Review], object] | None = None, *,
                 appraiser: Appraiser | None = None, threaded: bool = True) -> None:
        self.entry = entry
        self._save = save
        self._appraiser = appraiser
        self._lock = threading.Lock()
        self._cancelled = False
        self._done = 0
        self._total = 0
        self.review: Review | None = None
        self.failed = False
        self._finished = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="wizard-review", daemon=True)
            self._thread.start()
        else:
            self._run()

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions appraised, decisions to appraise); the total is 0 until it is known."""
        with self._lock:
            return self._done, self._total

    @property
    def finished(self) -> bool:
        """True once the review is complete, failed or cancelled."""
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        """True once ``cancel`` was called before the review was stored."""
        with self._lock:
            return self._cancelled

    def cancel(self) -> bool:
        """Stop working; True if nothing is or will be stored (False: it was already complete)."""
        with self._lock:
            if self.review is not None:
                return False
            self._cancelled = True
            return True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the job ends; True if it did."""
        return self._finished.wait(timeout)

    def _progress(self, done: int, total: int) -> None:
        with self._lock:
            self._done, self._total = done, total

    def _run(self) -> None:
        try:
            review = review_game(self.entry, self._appraiser, self._progress,
                                 lambda: self._cancelled)
            with self._lock:
                if review is not None and not self._cancelled:
                    if self._save is not None:
                        self._save(review)
                    self.review = review
        except Exception:
            log.exception("the review failed")
            self.failed = True
        finally:
            self._finished.set()
