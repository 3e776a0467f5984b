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
import stat
import sys
from pathlib import Path
from typing import IO, cast

LOCK_NAME = "wizard.lock"

log = logging.getLogger(__name__)


class DataLock:
    """The lock of one data folder (not re-entrant; ``release`` is safe to call twice)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / LOCK_NAME
        self._file: IO[bytes] | None = None
        self._folder: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._file is not None or self._folder is not None

    def acquire(self) -> bool:
        """Take the lock: True if taken, False if another program holds it.

        On POSIX the data folder itself is locked too, so two windows exclude each other even
        when no lock file can be written (a read-only folder). Whatever is at ``wizard.lock`` and
        is not a plain file (a folder, a link) is set aside first, never followed. A lock file
        this user may not write is locked read-only; a pid that cannot be written (full disk) is
        only logged: the lock is what matters. Raises ``OSError`` when the folder cannot be
        created, or when neither the folder nor a lock file can be locked (the caller decides
        whether to run without it).
        """
        if self.held:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        folder = _open_folder(self.path.parent)
        if folder is not None and not _try_lock(folder):
            folder.close()
            return False
        try:
            f = self._lock_file()
        except OSError as e:
            if folder is None:
                raise
            log.warning("no lock file in %s (%s); the folder itself is locked", self.path.parent, e)
        else:
            if f is None:
                if folder is not None:
                    _release(folder)
                return False
            self._file = f
        self._folder = folder
        return True

    def _lock_file(self) -> IO[bytes] | None:
        """The locked ``wizard.lock`` (None if another program holds it).

        A lock file with a second name (a hard link, ``st_nlink > 1``) is set aside before
        anything is written: truncating it would write into the other file.
        """
        _set_aside_if_foreign(self.path)
        fd, writable = _open_lock(self.path)
        if writable and os.fstat(fd).st_nlink > 1:
            os.close(fd)
            _set_aside_if_foreign(self.path)
            fd, writable = _open_lock(self.path)
            if writable and os.fstat(fd).st_nlink > 1:      # linked again meanwhile: read only
                os.close(fd)
                fd, writable = os.open(self.path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK), False
        f = os.fdopen(fd, "r+b" if writable else "rb")  # noqa: SIM115  (kept open while held)
        try:
            if not _try_lock(f):
                f.close()
                return None
        except OSError:
            f.close()
            raise
        if writable:
            try:
                os.ftruncate(fd, 0)
                _write_pid(fd)
            except OSError as e:
                log.warning("could not write the process id into %s (%s); the lock holds",
                            self.path, e)
        return f

    def holder(self) -> int | None:
        """The process id written by the holder, if readable (for messages and logs)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
            with os.fdopen(fd, "rb") as f:
                text = f.read(32).decode("ascii", errors="replace").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def release(self) -> None:
        """Give the lock back (the file stays; its content is only informative)."""
        f, self._file = self._file, None
        folder, self._folder = self._folder, None
        for held in (f, folder):
            if held is not None:
                _release(held)

    def __enter__(self) -> DataLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
FOREIGN = "foreign"


def _set_aside_if_foreign(path: Path) -> None:
    """A folder, a link, a named pipe or any other non-file at the lock's path is renamed aside
    (never followed), and so is a plain file with a second name (a hard link)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
        return
    from wizard.persistence.files.aside import move_aside
    moved = move_aside(path, FOREIGN)
    log.warning("%s was not a plain file: set aside as %s", path, moved)


def _open_lock(path: Path) -> tuple[int, bool]:
    """(file descriptor, writable) of the lock file, created if missing; links are refused."""
    flags = os.O_CREAT | _NOFOLLOW | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(path, os.O_RDWR | flags, 0o644), True
    except PermissionError:
        # a lock file this user may not write: a read-only descriptor still takes the lock
        return os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK), False


def _write_pid(fd: int) -> None:
    """Write this process id into the lock file (informative only)."""
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, f"{os.getpid()}\n".encode())


def _release(f: IO[bytes]) -> None:
    try:
        _unlock(f)
    except OSError:
        pass
    f.close()


def _open_folder(folder: Path) -> IO[bytes] | None:
    """The data folder opened for locking (POSIX), or None where folders cannot be opened."""
    if os.name != "posix":
        return None
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    return cast(IO[bytes], _FolderHandle(fd))


class _FolderHandle:
    """An open folder: just enough of a file (``fileno``, ``close``) for ``flock``."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        """The descriptor."""
        return self.fd

    def close(self) -> None:
        """Close the descriptor (which also drops its lock)."""
        os.close(self.fd)


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
