"""A worker thread that writes the latest game save, so ``save_game`` never waits for the disk.

Only the newest pending save matters: a newer one replaces an older one not yet written. Each
write is still atomic, so a crash leaves the last completed save (a few actions behind at worst).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class LatestWriter:
    """Runs ``write(data)`` on a daemon thread for the latest submitted ``data``."""

    def __init__(self, write: Callable[[bytes], bool], name: str = "wizard-save") -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: bytes | None = None
        self._busy = False
        self._closed = False
        self.last_ok = True
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, data: bytes) -> None:
        """Queue ``data`` (replacing anything not yet written)."""
        with self._cond:
            if self._closed:
                raise RuntimeError("writer is closed")
            self._pending = data
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is written; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
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
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                data, self._pending = self._pending, None
                self._busy = True
            try:
                self.last_ok = self._write(data)
            except Exception:      # _write reports its own errors; never kill the thread
                self.last_ok = False
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
