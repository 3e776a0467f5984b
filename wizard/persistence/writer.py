"""A worker thread that writes the latest save of each game, so ``save_game`` never waits for the disk.

Only the newest pending save of a game matters: a newer one replaces an older one not yet written.
Each write is still atomic, so a crash leaves the last completed save (a few actions behind at worst).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from wizard import background


class LatestWriter:
    """Runs ``write(key, data)`` on a daemon thread for the latest ``data`` submitted per ``key``."""

    def __init__(self, write: Callable[[str, bytes], bool], name: str = "wizard-save") -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: dict[str, bytes] = {}
        self._busy = False
        self._closed = False
        self.last_ok = True
        self._thread = background.start(self._run, name)

    def submit(self, key: str, data: bytes) -> None:
        """Queue ``data`` for ``key`` (replacing what is not yet written for that key)."""
        with self._cond:
            if self._closed:
                raise RuntimeError("writer is closed")
            self._pending.pop(key, None)
            self._pending[key] = data
            self._cond.notify_all()

    def discard(self, key: str) -> None:
        """Forget a save of ``key`` not yet written (the game is being deleted)."""
        with self._cond:
            self._pending.pop(key, None)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is written; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = deadline - time.monotonic()
                if left <= 0 or not self._thread.is_alive():
                    return False
                self._cond.wait(left)
        return True

    def close(self, timeout: float = 10.0) -> bool:
        """Flush, then stop the thread."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending:
                    return
                key = next(iter(self._pending))
                data = self._pending.pop(key)
                self._busy = True
            try:
                self.last_ok = self._write(key, data)
            except Exception:      # _write reports its own errors; never kill the thread
                self.last_ok = False
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
