"""Work that may take longer than a frame (a query on a long history), run off the UI thread
(here, beside the data it reads, through ``wizard.background``: the UI itself makes no threads).

A ``Job`` runs its function on a daemon thread (at once on this thread when the app is not
threaded: tests and the smoke test); the screen shows "working" until ``done`` and asks for
frames meanwhile (``busy``), so the window never freezes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from wizard import background

log = logging.getLogger(__name__)
T = TypeVar("T")


class Job(Generic[T]):
    """``fn()`` on a worker thread; ``result`` (or ``fallback`` if it raised) once ``done``."""

    def __init__(self, fn: Callable[[], T], fallback: T, threaded: bool = True,
                 what: str = "a query") -> None:
        self.result: T = fallback
        self.failed = False
        self._fn = fn
        self._fallback = fallback
        self._what = what
        self._done = threading.Event()
        if threaded:
            background.start(self._run, "wizard-query")
        else:
            self._run()

    def _run(self) -> None:
        try:
            self.result = self._fn()
        except Exception:
            log.exception("%s failed", self._what)
            self.result = self._fallback
            self.failed = True
        self._done.set()

    @property
    def done(self) -> bool:
        """Whether the result is there."""
        return self._done.is_set()

    def wait(self, timeout: float = 60.0) -> T:
        """Block until done (tests and the smoke test); the result."""
        self._done.wait(timeout)
        return self.result
