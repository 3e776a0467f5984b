"""Atomic writes (temp file in the same folder, flush, fsync, ``os.replace``) and careful reads."""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from wizard.checks import Invalid

TEMP_SUFFIX = ".tmp"
NONBLOCK = getattr(os, "O_NONBLOCK", 0)      # a named pipe opens at once instead of waiting
# ``replacing`` names its temp files ``.<name>.<mkstemp's 8 characters>.tmp``: only those are ours.
_OUR_TEMP = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{6,16}\.tmp")


class NotRegular(OSError):
    """Something that is not a plain file (a named pipe, a socket, a device) where a file belongs."""


class TooLarge(Exception):
    """A file bigger than the limit for its kind; it is not read."""


@contextmanager
def replacing(path: Path) -> Iterator[BinaryIO]:
    """A new file to write that replaces ``path`` when the block ends (flushed, fsynced,
    ``os.replace``); on an error the temp file is removed and ``path`` is untouched."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(path.parent)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file."""
    with replacing(path) as f:
        f.write(data)


def _replace(src: str, dst: Path, attempts: int = 5) -> None:
    """``os.replace``, retried briefly on Windows where a scanner may hold the target open."""
    for i in range(attempts):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or i == attempts - 1:
                raise
            time.sleep(0.01 * (i + 1))


def sync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); a no-op where folders cannot be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dump_json(data: Any, *, pretty: bool = False) -> bytes:
    """UTF-8 JSON bytes (no NaN/Infinity), ending with a newline.

    A string that cannot be UTF-8 (a lone surrogate) is ``Invalid``, never a ``UnicodeEncodeError``.
    """
    if pretty:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=2)
    else:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid("a string holds a lone surrogate (not text)") from None


def write_json_atomic(path: Path, data: Any, *, pretty: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` atomically."""
    write_bytes_atomic(path, dump_json(data, pretty=pretty))


def read_bytes(path: Path, limit: int) -> bytes | None:
    """The file's bytes, None if it does not exist; ``TooLarge`` above ``limit`` bytes.

    ``NotRegular`` for a named pipe, socket or device (looked at with ``lstat`` first and opened
    without waiting, so a pipe never hangs the program). Other ``OSError`` (permissions, I/O, a
    folder) propagate: the file is unreadable, not damaged.
    """
    try:
        st = os.lstat(path)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            raise NotRegular(f"{path.name} is not a plain file")
        fd = os.open(path, os.O_RDONLY | NONBLOCK)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(f"{path.name} is a folder")
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(f"{path.name} is not a plain file")
        if st.st_size > limit:
            raise TooLarge(f"{path.name} is {st.st_size} bytes (limit {limit})")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"{path.name} is over {limit} bytes")
    return data


def _no_constants(name: str) -> Any:
    raise Invalid(f"{name} is not allowed in JSON data")


_DECODER = json.JSONDecoder(parse_constant=_no_constants)   # made once: loads() makes one a call


def parse_json(data: bytes) -> Any:
    """Decode UTF-8 JSON; any malformation (encoding, syntax, huge numbers, nesting) is ``Invalid``."""
    try:
        return _DECODER.decode(data.decode("utf-8"))
    except Invalid:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise Invalid(f"not JSON: {type(e).__name__}: {str(e)[:200]}") from None


def is_our_temp(file_name: str, ours: Callable[[str], bool]) -> bool:
    """Whether ``file_name`` is a temp file ``replacing`` made for a file named as ``ours`` accepts.

    >>> is_our_temp(".settings.json.k2j_9x0a.tmp", {"settings.json"}.__contains__)
    True
    >>> is_our_temp(".thesis.tmp", lambda n: True), is_our_temp(".notes.txt.abcdefgh.tmp", str.isdigit)
    (False, False)
    """
    m = _OUR_TEMP.fullmatch(file_name)
    return m is not None and ours(m["name"])


def remove_stale_temps(folder: Path, ours: Callable[[str], bool],
                       min_age_s: float = 60.0) -> list[Path]:
    """Delete our own leftover temp files older than ``min_age_s``: only ``.<name>.<8>.tmp`` for a
    ``name`` that ``ours`` accepts (a data file's name). Anything else (a user's ``.thesis.tmp``
    in a ``--data-dir`` of theirs) is never touched."""
    removed: list[Path] = []
    cutoff = time.time() - min_age_s
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for p in entries:
        if is_our_temp(p.name, ours):
            try:
                if p.is_file() and not p.is_symlink() and p.stat().st_mtime < cutoff:
                    p.unlink()
                    removed.append(p)
            except OSError:
                pass
    return removed
