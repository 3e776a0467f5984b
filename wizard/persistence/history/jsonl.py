"""Reading ``history.jsonl`` (earlier versions' history, and exports) as a stream: memory and time
bounded by the good lines. A damaged file of hundreds of megabytes is read line by line (an
over-long line is skipped without being held in memory).

``append_atomic`` is how earlier versions added a game (the whole file copied): kept for the
benchmark's comparison (``python -m wizard.bench history``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from wizard.persistence.files.atomic import NONBLOCK, NotRegular, TooLarge, replacing

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
