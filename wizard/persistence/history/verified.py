"""A cache of history lines already replayed through the engine (by SHA-256 of the line).

Replaying a game takes a few milliseconds; a long history would make the statistics screen slow
to open. A line whose hash is listed here (for this program version) is still fully checked as
data, but not replayed again. The cache is derived data: if it is unreadable it is rebuilt.
"""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path

import wizard
from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import FOREIGN, move_aside
from wizard.persistence.files.atomic import (
    NotRegular,
    dump_json,
    parse_json,
    read_bytes,
    write_bytes_atomic,
)
from wizard.persistence.files.paths import PathError, inside

log = logging.getLogger("wizard.persistence")
CACHE_SCHEMA = 1
_HEX = re.compile(r"[0-9a-f]{64}")


def line_digest(line: bytes) -> str:
    """The cache key of one history line (without its newline)."""
    return hashlib.sha256(line).hexdigest()


class VerifiedCache:
    """Digests of history lines that replayed correctly with this program version."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = name
        self.digests: set[str] = set()
        self._saved: set[str] = set()

    def load(self, any_version: bool = False) -> None:
        """Read the cache; anything unexpected just empties it. ``any_version``: also the lines
        replayed by another program version (the one-time import into the database: those
        lines were replayed when that version wrote them, and are still checked as data)."""
        self.digests = set()
        try:
            raw = read_bytes(inside(self.folder, self.name), 64 << 20)
            if raw is None:
                return
            d = checks.obj(parse_json(raw), "cache")
            if d.get("schema") != CACHE_SCHEMA or (d.get("program") != wizard.__version__
                                                   and not any_version):
                return
            lines = d.get("lines")
            if not isinstance(lines, list):
                raise Invalid("lines must be a list")
            self.digests = {checks.text(x, "digest", 64, _HEX) for x in lines}
        except NotRegular as e:     # a named pipe or the like: set aside, never waited on
            try:
                moved = move_aside(self.folder / self.name, FOREIGN)
                log.warning("history cache set aside as %s: %s", moved, e)
            except OSError as err:
                log.warning("history cache %s: %s; not moved aside: %s", self.name, e, err)
            self.digests = set()
        except Exception as e:  # a cache: never a reason to fail
            log.info("history cache ignored: %s", e)
            self.digests = set()
        self._saved = set(self.digests)

    def save(self, keep: set[str]) -> None:
        """Write the digests still in ``keep`` (the lines now in the history), if they changed."""
        self.digests &= keep
        if self.digests == self._saved:
            return
        data = {"schema": CACHE_SCHEMA, "program": wizard.__version__,
                "lines": sorted(self.digests)}
        try:
            write_bytes_atomic(inside(self.folder, self.name), dump_json(data))
            self._saved = set(self.digests)
        except (OSError, PathError) as e:
            log.info("history cache not written: %s", e)
