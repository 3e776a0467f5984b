"""A review worked out in the background: progress, cancel, and the review stored once complete.

Expert is pure Python: on a thread it would hold the interpreter lock against the window's own
frames (measured with ``python -m wizard.bench ui --review``: frame p99 of 42 ms on a thread, as
against 9.7 ms with no review). So by default the review runs in a child process (``spawn``,
started at a lower priority), which sends its progress and the finished review through a pipe;
the window reads the pipe when it polls ``progress`` / ``finished`` each frame and stores the
review itself. Cancelling ends the child: a cancelled review stores nothing.

``mode="thread"`` (tests with a stand-in appraiser) and ``mode="now"`` (the smoke test, no
concurrency at all) give the same review.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from wizard import background
from wizard.persistence.history.entry import HistoryEntry
from wizard.review.decisions import Review

from .engine import Appraiser, review_game

log = logging.getLogger(__name__)
MODES = ("process", "thread", "now")


def _child(entry_data: dict[str, Any], conn: Connection) -> None:
    """The review process: progress messages, then ``("done", review dict | None)``."""
    try:
        if hasattr(os, "nice"):
            os.nice(5)                 # the window's process comes first
    except OSError:
        pass
    try:
        entry = HistoryEntry.from_dict(entry_data, verify=False)
        review = review_game(entry, progress=lambda d, t: conn.send(("progress", d, t)))
        conn.send(("done", None if review is None else review.to_dict()))
    except Exception as e:            # said to the parent, which logs it and fails the job
        conn.send(("failed", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


class ReviewJob:
    """Reviews ``entry`` in the background; ``save(review)`` is called with the complete review
    (on the thread that polls, in process mode), unless the job was cancelled before."""

    def __init__(self, entry: HistoryEntry, save: Callable[[Review], object] | None = None, *,
                 appraiser: Appraiser | None = None, mode: str = "process") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        if mode == "process" and appraiser is not None:
            raise ValueError("a review process always uses Expert")
        self.entry = entry
        self.mode = mode
        self._save = save
        self._appraiser = appraiser
        self._lock = threading.Lock()
        self._cancelled = False
        self._done = 0
        self._total = 0
        self.review: Review | None = None
        self.failed = False
        self._finished = threading.Event()
        self._process: Any = None
        self._conn: Connection | None = None
        if mode == "process":
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe(duplex=False)
            self._conn = parent
            self._process = ctx.Process(target=_child, args=(entry.to_dict(), child),
                                        name="wizard-review", daemon=True)
            self._process.start()
            child.close()
        elif mode == "thread":
            background.start(self._run, "wizard-review")
        else:
            self._run()

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions appraised, decisions to appraise); the total is 0 until it is known."""
        self._read()
        with self._lock:
            return self._done, self._total

    @property
    def finished(self) -> bool:
        """True once the review is complete, failed or cancelled."""
        self._read()
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
        if self._process is not None:
            self._end_process()
            self._finished.set()
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the job ends (reading the child's messages); True if it did."""
        if self._conn is None:
            return self._finished.wait(timeout)
        import time
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.finished:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self._conn.poll(0.05 if left is None else min(0.05, left))
        return True

    # ---- the child process ------------------------------------------------------------------

    def _read(self) -> None:
        """Take in what the child said since the last look (never blocks)."""
        conn = self._conn
        if conn is None or self._finished.is_set():
            return
        try:
            while conn.poll():
                msg = conn.recv()
                if msg[0] == "progress":
                    self._progress(msg[1], msg[2])
                elif msg[0] == "done":
                    self._complete(None if msg[1] is None else Review.from_dict(
                        msg[1], self.entry.config.players))
                    return
                else:
                    log.error("the review failed: %s", msg[1])
                    self._fail()
                    return
        except (EOFError, OSError):         # the child died without a word
            log.error("the review process ended unexpectedly")
            self._fail()
        except Exception:
            log.exception("the review's answer could not be read")
            self._fail()

    def _end_process(self) -> None:
        proc = self._process
        if proc is not None and proc.is_alive():
            proc.terminate()
        if proc is not None:
            proc.join(1.0)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _fail(self) -> None:
        self.failed = True
        self._end_process()
        self._finished.set()

    # ---- shared --------------------------------------------------------------------------------

    def _progress(self, done: int, total: int) -> None:
        with self._lock:
            self._done, self._total = done, total

    def _complete(self, review: Review | None) -> None:
        """Store and keep a complete review, unless cancelled first."""
        try:
            with self._lock:
                if review is not None and not self._cancelled:
                    if self._save is not None:
                        self._save(review)
                    self.review = review
        finally:
            if self._process is not None:
                self._end_process()
            self._finished.set()

    def _run(self) -> None:
        try:
            review = review_game(self.entry, self._appraiser, self._progress,
                                 lambda: self._cancelled)
            self._complete(review)
        except Exception:
            log.exception("the review failed")
            self.failed = True
            self._finished.set()
