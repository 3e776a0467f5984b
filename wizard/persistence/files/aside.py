"""Setting a file aside (never deleting it): ``<name>.<tag>-<YYYYmmdd-HHMMSS>[.n]`` next to it."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from wizard.persistence.files.atomic import sync_dir

DAMAGED = "damaged"
NEWER = "newer"
FOREIGN = "foreign"      # not a plain file of ours (a named pipe, a socket, a hard link)


def aside_path(path: Path, tag: str, when: float | None = None) -> Path:
    """A free name next to ``path``: ``<name>.<tag>-<YYYYmmdd-HHMMSS>``, then ``.1``, ``.2``..."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    base = f"{path.name}.{tag}-{stamp}"
    candidate = path.with_name(base)
    n = 0
    while os.path.lexists(candidate):
        n += 1
        candidate = path.with_name(f"{base}.{n}")
    return candidate


def move_aside(path: Path, tag: str = DAMAGED) -> Path:
    """Rename ``path`` to a free aside name and return it; never overwrites another file."""
    for _ in range(100):
        target = aside_path(path, tag)
        try:
            os.link(path, target)        # fails if target appeared meanwhile
        except FileExistsError:
            continue
        except OSError:                  # no hard links here (some file systems): plain rename
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            sync_dir(path.parent)
            return target
        os.unlink(path)
        sync_dir(path.parent)
        return target
    raise FileExistsError(f"no free aside name for {path}")


def write_aside(path: Path, data: bytes, tag: str = DAMAGED) -> Path:
    """Write ``data`` to a new aside file next to ``path`` (e.g. bad history lines); return it."""
    for _ in range(100):
        target = aside_path(path, tag)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        sync_dir(path.parent)
        return target
    raise FileExistsError(f"no free aside name for {path}")


def copy_aside(path: Path, tag: str) -> Path:
    """Copy ``path`` to a new aside file (the original of a migrated file); return the copy."""
    target = aside_path(path, tag)
    shutil.copy2(path, target)
    return target
