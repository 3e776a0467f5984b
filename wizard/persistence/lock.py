"""One program per data folder: an advisory lock on ``wizard.lock`` held while the game runs.

Two windows writing the same saved game would overwrite each other's moves. The lock is taken
with the operating system's file lock (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so
it goes away by itself when the holder exits or crashes: a stale lock file never blocks.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> first = DataLock(folder)
>>> first.acquire()
True
>>> DataLock(folder).acquire()       # a second holder is refused while the first runs
False
>>> first.release()
>>> DataLock(folder).acquire()
True
"""

from __future__ import annotations

import errno
import logging
import os
import sys
from pathlib import Path
from typing import IO

LOCK_NAME = "wizard.lock"

log = logging.getLogger(__name__)


class DataLock:
    """The lock of one data folder (not re-entrant; ``release`` is safe to call twice)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / LOCK_NAME
        self._file: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._file is not None

    def acquire(self) -> bool:
        """Take the lock: True if taken, False if another program holds it.

        Raises ``OSError`` when the folder cannot be created or the lock file cannot be opened
        (the caller decides whether to run without it).
        """
        if self._file is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+b")  # noqa: SIM115  (kept open while the lock is held)
        try:
            if not _try_lock(f):
                f.close()
                return False
            f.seek(0)
            f.truncate()
            f.write(f"{os.getpid()}\n".encode())
            f.flush()
        except OSError:
            f.close()
            raise
        self._file = f
        return True

    def holder(self) -> int | None:
        """The process id written by the holder, if readable (for messages and logs)."""
        try:
            text = self.path.read_text(encoding="ascii", errors="replace").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def release(self) -> None:
        """Give the lock back (the file stays; its content is only informative)."""
        f, self._file = self._file, None
        if f is None:
            return
        try:
            _unlock(f)
        except OSError:
            pass
        f.close()

    def __enter__(self) -> DataLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(f: IO[bytes]) -> bool:
        f.seek(0)
        try:
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(f: IO[bytes]) -> None:
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(f: IO[bytes]) -> bool:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as e:
            # a file system without locks (some network shares): run, but say so in the log
            if e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                log.warning("%s cannot be locked here (%s); running without the lock", f.name, e)
                return True
            raise
        return True

    def _unlock(f: IO[bytes]) -> None:
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
