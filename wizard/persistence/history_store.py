"""The history part of the ``Store``: ``history.jsonl`` appended and read as a stream."""

from __future__ import annotations

import logging
import os
import stat
import threading
from pathlib import Path
from typing import BinaryIO

from . import checks
from .aside import DAMAGED, aside_path, move_aside
from .atomic import NotRegular, TooLarge, dump_json, parse_json, write_bytes_atomic
from .checks import Invalid
from .history import HISTORY_MIGRATIONS, HistoryEntry
from .history_file import append_atomic, copy_aside_stream, open_regular
from .history_file import lines as history_lines
from .migrate import NewerVersion
from .paths import PathError, inside
from .problems import FileKind, Problem, ProblemKind
from .verified import VerifiedCache, line_digest

log = logging.getLogger("wizard.persistence")

HISTORY_NAME = "history.jsonl"
HISTORY_LIMIT = 256 << 20
LINE_LIMIT = 4 << 20
WARN_LINES = 10          # bad history lines named in the log; the rest are only counted
UNREADABLE_TAG = "unreadable"


class HistoryFile:
    """Finished games in ``history.jsonl``; mixed into ``Store``, whose state it shares."""

    data_dir: Path
    problems: list[Problem]
    _lock: threading.RLock
    _checked: set[str]
    _protected: dict[str, str]
    _verified: dict[str, HistoryEntry]
    _cache: VerifiedCache
    _cache_loaded: bool

    def _report(self, problem: Problem) -> None:
        raise NotImplementedError

    def _set_aside(self, kind: FileKind, path: Path, detail: str) -> None:
        raise NotImplementedError

    def _plain(self, rel: str) -> Path:
        raise NotImplementedError

    def _set_foreign(self, kind: FileKind, path: Path, detail: str) -> None:
        raise NotImplementedError

    def _migrated(self, kind: FileKind, path: Path, found: int) -> None:
        raise NotImplementedError

    def _clear_foreign(self, kind: FileKind, rel: str) -> None:
        """A link, folder or other non-file where a data file belongs is set aside (never followed)."""
        plain = self._plain(rel)
        try:
            st = os.lstat(plain)
        except OSError:
            return
        if stat.S_ISREG(st.st_mode) and rel not in self._protected:
            return
        moved = move_aside(plain, self._protected.pop(rel, UNREADABLE_TAG))
        self._report(Problem(ProblemKind.UNREADABLE, kind, plain, moved,
                             detail="not a plain file: set aside to save this version's data"))

    def append_history(self, entry: HistoryEntry, unless_recorded: bool = False) -> bool:
        """Add a finished game to the history (the old lines are copied into a new file atomically).

        With ``unless_recorded``, nothing is written if any entry of the history already holds
        this game's record (not only the last one: a game finished again after a crash may have
        other games recorded after it).
        """
        kind = FileKind.HISTORY
        rel = HISTORY_NAME
        line = dump_json(entry.to_dict())
        try:
            self._clear_foreign(kind, rel)
            path = inside(self.data_dir, rel)
            try:
                old = open_regular(path, HISTORY_LIMIT)
            except TooLarge as e:
                self._set_aside(kind, self._plain(rel), str(e))
                old = None
            try:
                if unless_recorded and old is not None and _holds_record(old, entry):
                    return True
                append_atomic(path, old, line)
            finally:
                if old is not None:
                    old.close()
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, self._plain(rel), detail=str(e)))
            return False
        with self._lock:
            self.problems[:] = [p for p in self.problems
                                if not (p.kind is ProblemKind.WRITE_FAILED and p.file is kind)]
        digest = line_digest(line.rstrip(b"\n"))
        self._verified[digest] = entry
        self._load_cache()
        self._cache.digests.add(digest)
        self._cache.save(set(self._cache.digests))
        return True

    def _load_cache(self) -> None:
        if not self._cache_loaded:
            self._cache.load()
            self._cache_loaded = True

    def load_history(self) -> list[HistoryEntry]:
        """Every finished game that reads and replays correctly, oldest first.

        The file is read as a stream. If some lines are bad, a byte-identical copy of the whole
        file is kept aside first, then the history is rewritten with the good lines (the problem
        says how many were kept and set aside; the log names the first few). Lines from a newer
        program are kept in place and skipped.
        """
        kind = FileKind.HISTORY
        rel = HISTORY_NAME
        self._checked.add(rel)
        plain = self._plain(rel)
        try:
            path = inside(self.data_dir, rel)
            f = open_regular(path, HISTORY_LIMIT)
        except TooLarge as e:
            self._set_aside(kind, plain, str(e))
            return []
        except NotRegular as e:
            self._set_foreign(kind, plain, str(e))
            return []
        except (OSError, PathError) as e:
            self._protected[rel] = UNREADABLE_TAG
            self._report(Problem(ProblemKind.UNREADABLE, kind, plain, detail=str(e)))
            return []
        if f is None:
            return []
        with f:
            entries, kept, bad, newer, migrated_from = self._scan_history(f)
            if newer:
                self._report(Problem(ProblemKind.NEWER_VERSION, kind, path, count=newer,
                                     detail=f"{newer} entries from a newer version kept unread"))
            if bad or migrated_from is not None:
                self._rewrite_history(path, f, kept, bad, len(entries), migrated_from)
        self._cache.save({line_digest(line) for line in kept})
        return entries

    def _scan_history(self, f: BinaryIO) -> tuple[list[HistoryEntry], list[bytes], int, int,
                                                  int | None]:
        """(entries, lines to keep, bad lines, newer lines, oldest schema migrated) of one pass."""
        entries: list[HistoryEntry] = []
        kept: list[bytes] = []
        bad = newer = 0
        migrated_from: int | None = None
        self._load_cache()
        for line in history_lines(f, LINE_LIMIT):
            if line is not None and not line.strip():
                continue
            try:
                if line is None:
                    raise Invalid("history line too long")
                stripped = line.strip()
                if not (stripped.startswith(b"{") and stripped.endswith(b"}")):
                    raise Invalid("not a JSON object")     # cheap: most damage stops here
                key = line_digest(line)
                cached = self._verified.get(key)
                if cached is not None:
                    entries.append(cached)
                    kept.append(line)
                    continue
                data, found = HISTORY_MIGRATIONS.upgrade(checks.obj(parse_json(line), "entry"))
                entry = HistoryEntry.from_dict(data, verify=key not in self._cache.digests)
            except NewerVersion:
                newer += 1
                kept.append(line or b"")
                continue
            except Invalid as e:
                bad += 1
                if bad <= WARN_LINES:
                    log.warning("history line set aside: %s", e)
                continue
            if found < HISTORY_MIGRATIONS.current:
                migrated_from = found
                line = dump_json(entry.to_dict()).rstrip(b"\n")
                key = line_digest(line)
            self._verified[key] = entry
            self._cache.digests.add(key)
            entries.append(entry)
            kept.append(line)
        if bad > WARN_LINES:
            log.warning("%d more history lines set aside (%d in all)", bad - WARN_LINES, bad)
        return entries, kept, bad, newer, migrated_from

    def _rewrite_history(self, path: Path, f: BinaryIO, kept: list[bytes], bad: int, games: int,
                         migrated_from: int | None) -> None:
        kind = FileKind.HISTORY
        try:
            if bad:
                moved = aside_path(path, DAMAGED)
                copy_aside_stream(f, moved)          # the whole file, byte for byte
                self._report(Problem(ProblemKind.DAMAGED, kind, path, moved, count=bad,
                                     kept=games,
                                     detail=f"{bad} unreadable entries set aside, {games} kept"))
            if migrated_from is not None:
                self._migrated(kind, path, migrated_from)
            write_bytes_atomic(path, b"".join(line + b"\n" for line in kept))
        except OSError as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, path, detail=str(e)))


def _holds_record(f: BinaryIO, entry: HistoryEntry) -> bool:
    """Whether any line of the history in ``f`` holds ``entry``'s record (read as a stream; only
    the lines naming the same seed are decoded)."""
    record = entry.record.to_dict()
    seed = b'"seed":%d' % entry.seed
    f.seek(0)
    for line in history_lines(f, LINE_LIMIT):
        if line is None or seed not in line.replace(b" ", b""):
            continue
        try:
            if checks.obj(parse_json(line), "entry").get("record") == record:
                return True
        except Invalid:
            continue
    return False
