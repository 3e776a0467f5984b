"""Bringing earlier files into the history database, and JSON lines out of it and back in.

- ``history.jsonl`` (every format earlier versions wrote; each line upgraded by
  ``HISTORY_MIGRATIONS``) and ``reviews/<id>.json`` are imported on first start. Each game is
  checked (replayed) once, as before; a line already replayed by this program version (listed in
  ``history.checked.json``) is checked as data only. A damaged line is written to
  ``history.jsonl.damaged-<stamp>`` and never blocks the rest; lines from a newer version are
  counted and stay in the original.
- The originals are left where they are, byte for byte, until the import is verified (every game
  present with the digest of its line, every review present with its document); only then are they
  renamed ``history.jsonl.migrated-<stamp>`` and ``reviews.migrated-<stamp>`` (kept, never
  deleted). A crash before that leaves them in place, and the next start imports them again (a
  game already there is not added twice).
- ``export_lines`` writes the whole history as JSON lines in the ``history.jsonl`` format;
  ``import_lines`` reads such a file (an export, or an old history) and adds the games not there.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import DAMAGED, aside_path
from wizard.persistence.files.atomic import parse_json, replacing, sync_dir
from wizard.persistence.files.migrate import NewerVersion
from wizard.persistence.history.db import HistoryDB, entry_line, line_digest, line_of
from wizard.persistence.history.entry import HISTORY_MIGRATIONS, HistoryEntry
from wizard.persistence.history.jsonl import lines as read_lines
from wizard.persistence.history.jsonl import open_regular
from wizard.persistence.history.reviews import REVIEW_LIMIT, doc_version, review_id
from wizard.persistence.history.verified import VerifiedCache
from wizard.review.decisions import GAME_ID_RE

log = logging.getLogger("wizard.persistence")

HISTORY_LIMIT = 256 << 20
LINE_LIMIT = 4 << 20
BATCH = 200
WARN_LINES = 10
_REVIEW_FILE = re.compile(r"([0-9a-f]{20})\.json")


@dataclass
class Imported:
    """What one import did: games read, newly added, lines set aside or left unread."""

    games: int = 0                  # good lines read (a game twice in the file counts twice)
    added: int = 0                  # games not in the database before
    bad: int = 0                    # damaged lines (written to ``bad_path``)
    newer: int = 0                  # lines of a newer version (left in the original)
    bad_path: Path | None = None
    expected: dict[str, str] = field(default_factory=dict)    # key -> digest of its first line


class ImportStopped(Exception):
    """``import_lines`` was asked to stop before the end of its file (the games of the batches
    already written stay; the file is untouched)."""


class _BadLines:
    """The damaged lines of one import, streamed into a new aside file (made on the first one)."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self.path: Path | None = None
        self._f: BinaryIO | None = None

    def add(self, line: bytes | None) -> None:
        if self._f is None:
            for _ in range(100):
                target = aside_path(self.source, DAMAGED)
                try:
                    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                except FileExistsError:
                    continue
                self._f = os.fdopen(fd, "wb")
                self.path = target
                break
            else:
                raise FileExistsError(f"no free aside name for {self.source}")
        assert self._f is not None
        self._f.write((line if line is not None else b"(a line over the length limit)") + b"\n")

    def close(self) -> None:
        if self._f is not None:
            self._f.flush()
            os.fsync(self._f.fileno())
            self._f.close()
            self._f = None
            sync_dir(self.source.parent)


def import_lines(db: HistoryDB, source: Path, cache: VerifiedCache | None = None,
                 set_aside_bad: bool = True, progress: Callable[[int], None] | None = None,
                 stop: threading.Event | None = None) -> Imported:
    """Add the games of a JSON-lines history file to ``db`` (``OSError``/``TooLarge`` if it cannot
    be read). The games are written in one transaction per ``BATCH`` lines. ``progress(n)`` is
    told the lines read so far; once ``stop`` is set, ``ImportStopped`` is raised."""
    result = Imported()
    f = open_regular(source, HISTORY_LIMIT)
    if f is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(source))
    known = cache.digests if cache is not None else set()
    bad_lines = _BadLines(source)
    batch: list[tuple[HistoryEntry, bytes]] = []
    read = 0
    try:
        with f:
            for raw in read_lines(f, LINE_LIMIT):
                read += 1
                if stop is not None and stop.is_set():
                    raise ImportStopped(f"stopped after {read - 1} lines of {source}")
                if progress is not None:
                    progress(read)
                if raw is not None and not raw.strip():
                    continue
                try:
                    if raw is None:
                        raise Invalid("history line too long")
                    stripped = raw.strip()
                    if not (stripped.startswith(b"{") and stripped.endswith(b"}")):
                        raise Invalid("not a JSON object")
                    data, _found = HISTORY_MIGRATIONS.upgrade(
                        checks.obj(parse_json(raw), "history entry"))
                    entry = HistoryEntry.from_dict(data, verify=line_digest(raw) not in known)
                except NewerVersion:
                    result.newer += 1
                    continue
                except Invalid as e:
                    result.bad += 1
                    if result.bad <= WARN_LINES:
                        log.warning("history line set aside: %s", e)
                    if set_aside_bad:
                        bad_lines.add(raw)
                    continue
                result.games += 1
                line = entry_line(entry)
                key = review_id(entry)
                if key not in result.expected:
                    result.expected[key] = line_digest(line)
                batch.append((entry, line))
                if len(batch) >= BATCH:
                    result.added += db.add_many(batch)
                    batch = []
            if batch:
                result.added += db.add_many(batch)
    finally:
        bad_lines.close()
    if result.bad > WARN_LINES:
        log.warning("%d more history lines set aside (%d in all)", result.bad - WARN_LINES,
                    result.bad)
    result.bad_path = bad_lines.path
    return result


def verify_import(db: HistoryDB, result: Imported, before: int) -> str:
    """"" if every game read is in ``db`` with an intact line and the count adds up, else why not.

    A game already recorded before this import (the same game finished again later) is checked
    as present and intact; a newly added one must have the digest of its line in the file.
    """
    present: dict[str, str] = {}
    with db.reader() as conn:
        count = int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        keys = list(result.expected)
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            marks = ",".join("?" * len(part))
            for key, digest, blob in conn.execute(
                    f"SELECT g.game_key, r.digest, r.line FROM games g JOIN records r ON r.game "
                    f"= g.id WHERE g.game_key IN ({marks})", part):

                try:
                    line_of(digest, blob)
                except Invalid as e:
                    return f"game {key} is not intact: {e}"
                present[key] = digest
    missing = [k for k in result.expected if k not in present]
    if missing:
        return f"{len(missing)} games are missing"
    if count != before + result.added:
        return f"{count} games, expected {before + result.added}"
    return ""


def import_reviews(db: HistoryDB, folder: Path) -> tuple[int, int, dict[str, str]]:
    """(documents imported, files left out as damaged, key -> document) from ``reviews/``.

    Current, older, newer or other-engine documents are all kept (the store decides on reading
    whether to use them); a file that is not a review document of its name's game is left out.
    """
    imported: dict[str, str] = {}
    bad = 0
    for name in sorted(os.listdir(folder)):
        m = _REVIEW_FILE.fullmatch(name)
        if m is None:
            continue
        key = m.group(1)
        try:
            f = open_regular(folder / name, REVIEW_LIMIT)
            if f is None:
                continue
            with f:
                raw = f.read(REVIEW_LIMIT + 1)
            text = raw.decode("utf-8")
            data = parse_json(raw)
            version = doc_version(raw)
            if not isinstance(data, dict) or version is None or len(raw) > REVIEW_LIMIT \
                    or data.get("game") != key or not GAME_ID_RE.fullmatch(key):
                raise Invalid("not a review document of this game")
            engine = data.get("engine")
        except (OSError, Invalid, UnicodeDecodeError) as e:
            bad += 1
            log.warning("review %s left out of the import: %s", name, e)
            continue
        db.put_review(key, version, engine if isinstance(engine, str) else "", text.rstrip("\n"))
        imported[key] = text.rstrip("\n")
    return len(imported), bad, imported


def verify_reviews(db: HistoryDB, imported: dict[str, str]) -> str:
    """"" if every imported review document is stored as it was read, else why not."""
    for key, doc in imported.items():
        if db.review_doc(key) != doc:
            return f"review {key} differs"
    return ""


def export_lines(db: HistoryDB, target: Path) -> int:
    """Write every game as one JSON line (the ``history.jsonl`` format) to ``target``, atomically;
    the number of games written. ``DamagedRow`` if a stored game no longer matches its digest."""
    n = 0
    with db.reader() as conn, replacing(target) as out:
        for _digest, line in db.lines(conn):
            out.write(line + b"\n")
            n += 1
    return n
