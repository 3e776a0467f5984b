"""Logging to a rotating file in the user log folder (a console-less executable has no stdout)."""

from __future__ import annotations

import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path
from typing import Any

from wizard.persistence.files.aside import move_aside

LOG_NAME = "wizard.log"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class SafeFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file that never follows a link, and says once that it cannot write.

    A full disk or a vanished folder would otherwise print a ``--- Logging error ---`` traceback
    for every line; here the first failure prints one line on stderr and the rest are dropped
    until a write succeeds again.
    """

    failing = False

    def _open(self) -> Any:
        """The log opened for appending: never through a link, and never a file with a second
        name (a hard link, ``st_nlink > 1``) or a named pipe: those are set aside first."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | _NOFOLLOW | _NONBLOCK
        path = Path(self.baseFilename)
        fd = -1
        for _ in range(3):
            _set_aside_if_foreign(path)
            fd = os.open(path, flags, 0o644)
            st = os.fstat(fd)
            if stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
                break
            os.close(fd)
            fd = -1
        if fd < 0:
            raise OSError(f"{path} keeps being replaced by a link")
        return open(fd, self.mode, encoding=self.encoding, errors=self.errors)  # noqa: SIM115

    def emit(self, record: logging.LogRecord) -> None:
        """Write one record; a failure is said once on stderr, never as a traceback."""
        try:
            if self.shouldRollover(record):
                self.doRollover()
            logging.FileHandler.emit(self, record)
            if self.stream is not None:
                self.stream.flush()
        except Exception as e:      # noqa: BLE001  (a log must never stop the game)
            self._failed(e)
            return
        self.failing = False

    def handleError(self, record: logging.LogRecord) -> None:
        """Called by ``FileHandler.emit`` on a failed write: same as any other failure."""
        self._failed(sys.exc_info()[1])

    def _failed(self, error: BaseException | None) -> None:
        if self.failing:
            return
        self.failing = True
        try:
            if sys.stderr is not None:
                print(f"wizard: the log {self.baseFilename} cannot be written ({error}); "
                      "going on without it", file=sys.stderr)
        except Exception:           # noqa: BLE001
            pass
        try:
            if self.stream is not None:
                self.stream.close()
        except Exception:           # noqa: BLE001
            pass
        self.stream = None


def _set_aside_if_foreign(path: Path) -> None:
    """A link, folder, named pipe or other non-file at the log's path, or a file with a second
    name (a hard link), is renamed aside, never written through."""
    try:
        st = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
        try:
            move_aside(path, "foreign")
        except OSError:
            pass


def _folder_not_link(folder: Path) -> Path | None:
    """A link (or a file) where the log folder belongs is set aside, and its new name returned:
    the log is never written into a folder outside through it."""
    try:
        st = os.lstat(folder)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return None
    return move_aside(folder, "foreign")


def setup_logging(log_dir: Path, level: int = logging.INFO) -> Path | None:
    """Send the root logger to ``log_dir/wizard.log`` (1 MB x 3 files); the file, or None if impossible.

    Handlers already there (a console) keep showing what they showed before; calling it again
    for the same folder adds no second handler.
    """
    root = logging.getLogger()
    target = (Path(log_dir) / LOG_NAME).absolute()
    for h in root.handlers:
        if isinstance(h, logging.handlers.RotatingFileHandler) \
                and Path(h.baseFilename) == target:
            return target
    try:
        moved = _folder_not_link(target.parent)
        target.parent.mkdir(parents=True, exist_ok=True)
        for n in range(4):
            _set_aside_if_foreign(target if n == 0 else target.with_name(f"{LOG_NAME}.{n}"))
        handler = SafeFileHandler(target, maxBytes=1 << 20, backupCount=3, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.setLevel(level)
    previous = root.level if root.level != logging.NOTSET else logging.WARNING
    if previous > level:
        for h in root.handlers:
            if h.level == logging.NOTSET:
                h.setLevel(previous)
        root.setLevel(level)
    root.addHandler(handler)
    if moved is not None:
        logging.getLogger("wizard.persistence").warning(
            "%s was not a folder (a link?): set aside as %s", target.parent, moved)
    return target
