"""Atomic writes (temp file in the same folder, flush, fsync, ``os.replace``) and careful reads."""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from .checks import Invalid

TEMP_SUFFIX = ".tmp"


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
    """UTF-8 JSON bytes (no NaN/Infinity), ending with a newline."""
    if pretty:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=2)
    else:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def write_json_atomic(path: Path, data: Any, *, pretty: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` atomically."""
    write_bytes_atomic(path, dump_json(data, pretty=pretty))


def read_bytes(path: Path, limit: int) -> bytes | None:
    """The file's bytes, None if it does not exist; ``TooLarge`` above ``limit`` bytes.

    Other ``OSError`` (permissions, I/O) propagate: the file is unreadable, not damaged.
    """
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise TooLarge(f"{path.name} is {size} bytes (limit {limit})")
            data = f.read(limit + 1)
    except FileNotFoundError:
        return None
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


def remove_stale_temps(folder: Path, min_age_s: float = 60.0) -> list[Path]:
    """Delete our own leftover temp files (``.<name>.*.tmp``) older than ``min_age_s``."""
    removed: list[Path] = []
    cutoff = time.time() - min_age_s
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for p in entries:
        if p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX):
            try:
                if p.is_file() and not p.is_symlink() and p.stat().st_mtime < cutoff:
                    p.unlink()
                    removed.append(p)
            except OSError:
                pass
    return removed
