"""Computer decisions beside the session: one worker thread, the pause between moves, failures.

The table asks for a decision with ``start`` and looks for it with ``result`` on every tick, so a
decision never blocks a frame. A computer player that raises is logged and replaced by the
fallback (a legal move); a hint that fails is logged and gives nothing. ``threaded=False`` runs
each job at once on the caller's thread (tests, benchmarks): same results, no thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Generic, TypeVar

from wizard.background import Worker

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class Job(Generic[T]):
    """One decision asked for: what it is for, when it started, and its answer once known
    (an ``Action`` for a computer seat's move, Expert's advice for a hint)."""

    key: tuple[object, ...]      # what the answer is for (e.g. ("move", seat, move number))
    started: float               # clock time when it was asked for
    fallback: Callable[[], T] | None = None   # a legal move, if the job raises
    future: Future[T] | None = None
    answer: T | None = None
    failed: bool = False


class Runner:
    """Runs decision jobs on one worker thread (made on first use), never on the frame's time."""

    def __init__(self, *, threaded: bool = True) -> None:
        self.threaded = threaded
        self._worker = Worker("wizard-ai")

    def start(self, key: tuple[object, ...], job: Callable[[], T], now: float,
              fallback: Callable[[], T] | None = None) -> Job[T]:
        """Begin ``job``; its answer (or ``fallback()``'s, if it raises) shows up in ``poll``."""
        out: Job[T] = Job(key, now, fallback)
        if not self.threaded:
            self._finish(out, job)
            return out
        out.future = self._worker.submit(job)
        return out

    def poll(self, job: Job[T]) -> T | None:
        """The job's answer once it is ready (the fallback's if the job failed), else None."""
        fut = job.future
        if fut is not None and fut.done():
            job.future = None
            self._finish(job, fut.result)
        return job.answer

    def _finish(self, job: Job[T], compute: Callable[[], T]) -> None:
        try:
            job.answer = compute()
        except Exception:
            job.failed = True
            if job.fallback is None:
                log.exception("a computer decision failed (%s)", job.key)
                return
            log.exception("the computer player failed (%s); it plays a legal move instead", job.key)
            job.answer = job.fallback()

    def close(self) -> None:
        """Stop the worker thread; a decision under way is forgotten."""
        self._worker.close(wait=False, cancel=True)

