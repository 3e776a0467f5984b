"""The ``Store``: every file in the data folder, read safely and written atomically."""

from __future__ import annotations

import atexit
import logging
import os
import threading
from pathlib import Path
from typing import Any

from . import checks
from .aside import DAMAGED, NEWER, copy_aside, move_aside, write_aside
from .atomic import (
    TooLarge,
    dump_json,
    parse_json,
    read_bytes,
    remove_stale_temps,
    write_bytes_atomic,
)
from .checks import Invalid
from .history import HISTORY_MIGRATIONS, HistoryEntry
from .migrate import Migrations, NewerVersion
from .paths import PathError, inside, resolve_data_dir
from .problems import FileKind, Problem, ProblemKind
from .savegame import GAME_MIGRATIONS, SavedGame
from .settings import SETTINGS_MIGRATIONS, Settings
from .verified import VerifiedCache, line_digest
from .writer import LatestWriter

log = logging.getLogger("wizard.persistence")

FILE_NAMES = {FileKind.SETTINGS: "settings.json", FileKind.GAME: "game.json",
              FileKind.HISTORY: "history.jsonl"}
LIMITS = {FileKind.SETTINGS: 1 << 20, FileKind.GAME: 4 << 20, FileKind.HISTORY: 256 << 20}
LINE_LIMIT = 4 << 20
CACHE_NAME = "history.checked.json"
UNREADABLE_TAG = "unreadable"


class Store:
    """The data folder: settings, the game in progress, the history. Never raises on bad files.

    Problems met (damaged, newer, unreadable, migrated files; failed writes) are appended to
    ``problems`` for the UI to tell the player.

    With ``background=True``, ``save_game`` only encodes the game and a worker thread writes it
    (the newest save wins); ``load_game``, ``clear_game``, ``finish_game`` and ``flush`` wait for
    it. Call ``close()`` (or ``flush()``) before the program exits.
    """

    def __init__(self, data_dir: Path | str | None = None, background: bool = False) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self.problems: list[Problem] = []
        self._lock = threading.RLock()
        self.settings: Settings | None = None
        self._checked: set[FileKind] = set()     # files read once (so never blindly overwritten)
        self._protected: dict[FileKind, str] = {}  # newer/unreadable files, left alone so far:
                                                   # moved aside (tag) before we write there
        self._verified: dict[str, HistoryEntry] = {}   # this session's entries, by line digest
        self._cache = VerifiedCache(self.data_dir, CACHE_NAME)
        self._cache_loaded = False
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.SETTINGS, self.data_dir,
                                 detail=f"cannot create the data folder: {e}"))
        remove_stale_temps(self.data_dir)
        self._writer: LatestWriter | None = None
        if background:
            self._writer = LatestWriter(lambda data: self._write(FileKind.GAME, data))
            atexit.register(self.flush)

    # ---- paths and problems --------------------------------------------------------------

    def path(self, kind: FileKind) -> Path:
        """The path of one data file (always inside the data folder)."""
        return inside(self.data_dir, FILE_NAMES[kind])

    def _report(self, problem: Problem) -> None:
        with self._lock:
            for p in self.problems:
                if (p.kind, p.file, p.path, p.moved_to) == (problem.kind, problem.file,
                                                             problem.path, problem.moved_to):
                    return
            log.warning("%s %s: %s%s (%s)", problem.kind.value, problem.file.value, problem.path,
                        f" -> {problem.moved_to}" if problem.moved_to else "", problem.detail)
            self.problems.append(problem)

    def _set_aside(self, kind: FileKind, path: Path, detail: str) -> None:
        """Move a damaged file aside and report it (if even that fails, report it unreadable)."""
        try:
            moved = move_aside(path, DAMAGED)
        except OSError as e:
            self._report(Problem(ProblemKind.UNREADABLE, kind, path,
                                 detail=f"{detail}; could not move it aside: {e}"))
            return
        self._report(Problem(ProblemKind.DAMAGED, kind, path, moved, detail=detail))

    def _read_object(self, kind: FileKind,
                     migrations: Migrations) -> tuple[dict[str, Any], int] | None:
        """The file's object at the current schema and its original version, or None.

        None when missing, unreadable, damaged (set aside) or newer (left alone).
        """
        self._checked.add(kind)
        try:
            path = self.path(kind)
            raw = read_bytes(path, LIMITS[kind])
        except TooLarge as e:
            self._set_aside(kind, self.data_dir / FILE_NAMES[kind], str(e))
            return None
        except (OSError, PathError) as e:
            self._protected[kind] = UNREADABLE_TAG
            self._report(Problem(ProblemKind.UNREADABLE, kind, self.data_dir / FILE_NAMES[kind],
                                 detail=str(e)))
            return None
        if raw is None:
            return None
        try:
            data = checks.obj(parse_json(raw), FILE_NAMES[kind])
            return migrations.upgrade(data)
        except NewerVersion as e:
            self._protected[kind] = NEWER
            self._report(Problem(ProblemKind.NEWER_VERSION, kind, path, detail=str(e)))
        except Invalid as e:
            self._set_aside(kind, path, str(e))
        return None

    def _migrated(self, kind: FileKind, found: int) -> None:
        """Keep a copy of the original of a migrated file, and report it."""
        path = self.path(kind)
        try:
            copy = copy_aside(path, f"v{found}")
        except OSError as e:
            copy = None
            log.warning("could not copy %s before migrating it: %s", path, e)
        self._report(Problem(ProblemKind.MIGRATED, kind, path, copy,
                             detail=f"schema {found} converted"))

    def _prepare_write(self, kind: FileKind) -> Path:
        """Before writing a file: read it once (damaged ones go aside) and move a newer one aside."""
        if kind not in self._checked:
            if kind is FileKind.SETTINGS:
                self.load_settings()
            elif kind is FileKind.GAME:
                self.load_game()
        tag = self._protected.get(kind)
        if tag is not None:
            plain = self.data_dir / FILE_NAMES[kind]     # a symlink is moved, not followed
            if os.path.lexists(plain):
                moved = move_aside(plain, tag)
                problem = ProblemKind.NEWER_VERSION if tag == NEWER else ProblemKind.UNREADABLE
                self._report(Problem(problem, kind, plain, moved,
                                     detail="set aside to save this version's data"))
            del self._protected[kind]
        return self.path(kind)

    def _write(self, kind: FileKind, data: bytes) -> bool:
        try:
            write_bytes_atomic(self._prepare_write(kind), data)
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, self.data_dir / FILE_NAMES[kind],
                                 detail=str(e)))
            return False
        with self._lock:
            self.problems[:] = [p for p in self.problems
                                if not (p.kind is ProblemKind.WRITE_FAILED and p.file is kind)]
        return True

    # ---- settings ------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; defaults if missing, damaged (set aside) or newer (left alone)."""
        got = self._read_object(FileKind.SETTINGS, SETTINGS_MIGRATIONS)
        if got is None:
            self.settings = Settings()
            return self.settings
        data, found = got
        settings, bad = Settings.from_dict(data)
        self.settings = settings
        if bad:
            self._set_aside(FileKind.SETTINGS, self.path(FileKind.SETTINGS),
                            f"bad values reset to defaults: {', '.join(bad)}")
            self.save_settings(settings)
        elif found < SETTINGS_MIGRATIONS.current:
            self._migrated(FileKind.SETTINGS, found)
            self.save_settings(settings)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings (``ValueError`` if a value is out of range); False if the disk refused."""
        try:
            settings.validate()
        except Invalid as e:
            raise ValueError(str(e)) from None
        self.settings = settings
        return self._write(FileKind.SETTINGS, dump_json(settings.to_dict(), pretty=True))

    # ---- the game in progress ------------------------------------------------------------

    def load_game(self) -> SavedGame | None:
        """The game in progress, replayed and checked; None if there is none or it could not be read."""
        self.flush()
        got = self._read_object(FileKind.GAME, GAME_MIGRATIONS)
        if got is None:
            return None
        data, found = got
        path = self.path(FileKind.GAME)
        try:
            saved = SavedGame.from_dict(data)
        except NewerVersion as e:
            self._protected[FileKind.GAME] = NEWER
            self._report(Problem(ProblemKind.NEWER_VERSION, FileKind.GAME, path, detail=str(e)))
            return None
        except Invalid as e:
            self._set_aside(FileKind.GAME, path, str(e))
            return None
        if found < GAME_MIGRATIONS.current:
            self._migrated(FileKind.GAME, found)
            self.save_game(saved)
        return saved

    def has_game(self) -> bool:
        """Whether a game file exists (cheap; ``load_game`` says whether it can be resumed)."""
        try:
            return self.path(FileKind.GAME).is_file()
        except (OSError, PathError):
            return False

    def save_game(self, saved: SavedGame) -> bool:
        """Write the game in progress atomically (call after every action); False if the disk refused.

        In background mode: queue it and return False only if the previous write failed.
        """
        data = dump_json(saved.to_dict(updated=checks.now()))
        if self._writer is None:
            return self._write(FileKind.GAME, data)
        if FileKind.GAME not in self._checked or FileKind.GAME in self._protected:
            try:
                self._prepare_write(FileKind.GAME)     # once, on this thread
            except (OSError, PathError) as e:
                self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME,
                                     self.data_dir / FILE_NAMES[FileKind.GAME], detail=str(e)))
                return False
        self._writer.submit(data)
        return self._writer.last_ok

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until a background save is on disk (True at once without background saves)."""
        return True if self._writer is None else self._writer.flush(timeout)

    def close(self) -> None:
        """Finish background saves and stop the worker thread."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
            atexit.unregister(self.flush)

    def clear_game(self) -> None:
        """Forget the game in progress (it is finished and in the history, or abandoned)."""
        self.flush()
        try:
            os.unlink(self._prepare_write(FileKind.GAME))
        except FileNotFoundError:
            pass
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME,
                                 self.data_dir / FILE_NAMES[FileKind.GAME], detail=str(e)))

    # ---- history -------------------------------------------------------------------------

    def finish_game(self, entry: HistoryEntry) -> bool:
        """Game over: append ``entry`` to the history, then clear the game in progress.

        Safe to repeat after a crash between the two steps: the entry is not added twice.
        """
        if not self.append_history(entry, unless_last=True):
            return False
        self.clear_game()
        return True

    def append_history(self, entry: HistoryEntry, unless_last: bool = False) -> bool:
        """Add a finished game to the history (the whole file is rewritten atomically).

        With ``unless_last``, nothing is written if the last entry already holds this record.
        """
        kind = FileKind.HISTORY
        line = dump_json(entry.to_dict())
        try:
            path = self.path(kind)
            old = read_bytes(path, LIMITS[kind]) or b""
        except TooLarge as e:
            self._set_aside(kind, self.data_dir / FILE_NAMES[kind], str(e))
            old = b""
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, self.data_dir / FILE_NAMES[kind],
                                 detail=str(e)))
            return False
        if unless_last and _last_record(old) == entry.record.to_dict():
            return True
        if old and not old.endswith(b"\n"):
            old += b"\n"
        if not self._write(kind, old + line):
            return False
        digest = line_digest(line.rstrip(b"\n"))
        self._verified[digest] = entry
        self._load_cache()
        self._cache.digests.add(digest)
        self._cache.save({line_digest(x) for x in (old + line).split(b"\n") if x.strip()})
        return True

    def _load_cache(self) -> None:
        if not self._cache_loaded:
            self._cache.load()
            self._cache_loaded = True

    def load_history(self) -> list[HistoryEntry]:
        """Every finished game that reads and replays correctly, oldest first.

        Bad lines are written to an aside file and removed from the history; lines from a newer
        program are kept in place and skipped.
        """
        kind = FileKind.HISTORY
        self._checked.add(kind)
        try:
            path = self.path(kind)
            raw = read_bytes(path, LIMITS[kind])
        except TooLarge as e:
            self._set_aside(kind, self.data_dir / FILE_NAMES[kind], str(e))
            return []
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.UNREADABLE, kind, self.data_dir / FILE_NAMES[kind],
                                 detail=str(e)))
            return []
        if not raw:
            return []
        entries: list[HistoryEntry] = []
        kept: list[bytes] = []
        bad: list[bytes] = []
        newer = 0
        migrated_from: int | None = None
        self._load_cache()
        for line in raw.split(b"\n"):
            if not line.strip():
                continue
            key = line_digest(line)
            cached = self._verified.get(key)
            if cached is not None:
                entries.append(cached)
                kept.append(line)
                continue
            try:
                if len(line) > LINE_LIMIT:
                    raise Invalid("history line too long")
                data, found = HISTORY_MIGRATIONS.upgrade(checks.obj(parse_json(line), "entry"))
                entry = HistoryEntry.from_dict(data, verify=key not in self._cache.digests)
            except NewerVersion:
                newer += 1
                kept.append(line)
                continue
            except Invalid as e:
                log.warning("history line set aside: %s", e)
                bad.append(line)
                continue
            if found < HISTORY_MIGRATIONS.current:
                migrated_from = found
                line = dump_json(entry.to_dict()).rstrip(b"\n")
                key = line_digest(line)
            self._verified[key] = entry
            self._cache.digests.add(key)
            entries.append(entry)
            kept.append(line)
        if newer:
            self._report(Problem(ProblemKind.NEWER_VERSION, kind, path, count=newer,
                                 detail=f"{newer} entries from a newer version kept unread"))
        if bad or migrated_from is not None:
            self._rewrite_history(path, kept, bad, migrated_from)
        self._cache.save({line_digest(line) for line in kept})
        return entries

    def _rewrite_history(self, path: Path, kept: list[bytes], bad: list[bytes],
                         migrated_from: int | None) -> None:
        kind = FileKind.HISTORY
        try:
            if bad:
                moved = write_aside(path, b"\n".join(bad) + b"\n", DAMAGED)
                self._report(Problem(ProblemKind.DAMAGED, kind, path, moved, count=len(bad),
                                     detail=f"{len(bad)} unreadable entries set aside"))
            if migrated_from is not None:
                self._migrated(kind, migrated_from)
            write_bytes_atomic(path, b"".join(line + b"\n" for line in kept))
        except OSError as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, path, detail=str(e)))


def _last_record(raw: bytes) -> Any:
    """The ``record`` object of the last history line, or None if it does not read."""
    lines = [line for line in raw.split(b"\n") if line.strip()]
    if not lines:
        return None
    try:
        return checks.obj(parse_json(lines[-1]), "entry").get("record")
    except Invalid:
        return None
