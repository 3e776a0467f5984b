"""The one home for work done off the game loop (#36): every thread the game starts is started here.

Two shapes cover the game's background work:

- ``start(fn, name)``: ``fn`` on its own daemon thread (a query on a long history, a review with a
  stand-in appraiser, the latest-save writer's loop). The caller keeps what it needs to know when
  it is done (an ``Event``, a queue).
- ``Worker``: one named thread that runs what it is given in order (the settings' and games'
  writes, the computer players' decisions). ``submit`` gives a ``Future``; ``flush`` waits for
  everything submitted; ``close`` stops it. ``threaded=False`` runs each job at once on the
  caller's thread (tests, the smoke test): same results, no thread.

Standard library only, so every layer may use it (engine <- ai <- session <- table <- net <- ui);
the UI itself starts no thread (tests/test_no_thread_in_ui.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def start(fn: Callable[[], object], name: str) -> threading.Thread:
    """Run ``fn()`` on a new daemon thread called ``name`` (it never keeps the process alive)."""
    thread = threading.Thread(target=fn, name=name, daemon=True)
    thread.start()
    return thread


class Worker:
    """One thread (made on first use) that runs the jobs submitted to it, in order."""

    def __init__(self, name: str, *, threaded: bool = True) -> None:
        self.name = name
        self.threaded = threaded
        self._pool: ThreadPoolExecutor | None = None
        self._last: Future[object] | None = None
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], T]) -> Future[T]:
        """Queue ``job`` after the ones before it; its ``Future`` (already done if not threaded)."""
        if not self.threaded:
            done: Future[T] = Future()
            try:
                done.set_result(job())
            except BaseException as e:      # kept in the future, as a thread would
                done.set_exception(e)
            return done
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
            fut = self._pool.submit(job)
            self._last = fut           # type: ignore[assignment]
        return fut

    def flush(self) -> None:
        """Wait until every job submitted so far has run (its error, if any, is the job's own)."""
        last = self._last
        if last is not None:
            last.exception()

    def close(self, *, wait: bool = True, cancel: bool = False) -> None:
        """Stop the thread: after the queued jobs (``wait``), or dropping those not started
        (``cancel``; a job under way is forgotten when not ``wait``)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel)
