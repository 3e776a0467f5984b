"""Reading and appending ``history.jsonl`` as a stream: memory and time bounded by the good lines.

A damaged history of hundreds of megabytes is read line by line (an over-long line is skipped
without being held in memory), and appending a game copies the old file into a temp file in
chunks instead of loading it whole.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .atomic import NONBLOCK, NotRegular, TooLarge, replacing, sync_dir

CHUNK = 1 << 20
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def open_regular(path: Path, limit: int) -> BinaryIO | None:
    """The file opened for reading without following a link; None if missing.

    ``TooLarge`` above ``limit`` bytes; ``OSError`` for a link or a folder, ``NotRegular`` (an
    ``OSError``) for a named pipe, socket or device: it is opened without waiting, never read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK)
    except FileNotFoundError:
        return None
    f = os.fdopen(fd, "rb")
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(f"{path.name} is not a plain file")
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(f"{path.name} is not a plain file")
        if st.st_size > limit:
            raise TooLarge(f"{path.name} is {st.st_size} bytes (limit {limit})")
    except BaseException:
        f.close()
        raise
    return f


def lines(f: BinaryIO, limit: int) -> Iterator[bytes | None]:
    """Each line without its newline; ``None`` for a line longer than ``limit`` (skipped unread)."""
    while True:
        line = f.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:                      # the rest of the over-long line, in chunks
                rest = f.readline(CHUNK)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line.rstrip(b"\n")


def last_line(f: BinaryIO, window: int = 8 << 20) -> bytes:
    """The last non-empty line (looking at most ``window`` bytes back)."""
    size = os.fstat(f.fileno()).st_size
    f.seek(max(0, size - window))
    tail = f.read(window)
    for line in reversed(tail.split(b"\n")):
        if line.strip():
            return line
    return b""


def copy_aside_stream(src: BinaryIO, target_path: Path) -> None:
    """Write everything in ``src`` (from its start) to the new file ``target_path``, durably."""
    fd = os.open(target_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o644)
    with os.fdopen(fd, "wb") as out:
        src.seek(0)
        while chunk := src.read(CHUNK):
            out.write(chunk)
        out.flush()
        os.fsync(out.fileno())
    sync_dir(target_path.parent)


def append_atomic(path: Path, old: BinaryIO | None, line: bytes) -> None:
    """Replace ``path`` with the old content plus ``line`` (a crash leaves the old file or the new)."""
    with replacing(path) as out:
        last = b"\n"
        if old is not None:
            old.seek(0)
            while chunk := old.read(CHUNK):
                out.write(chunk)
                last = chunk[-1:]
        if last != b"\n":
            out.write(b"\n")
        out.write(line)
