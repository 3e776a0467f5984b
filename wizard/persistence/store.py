"""The ``Store``: every file in the data folder, read safely and written atomically.

It reads and writes the settings and the games in progress itself, and holds the finished games
as ``store.history`` (a ``History``) and their reviews as ``store.reviews`` (``Reviews``): parts
it is built from, sharing its folder, its lock and its list of problems, never mixed into it.
The methods under "the history" below hand on to them (the hooks the program calls)."""

from __future__ import annotations

import atexit
import logging
import os
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import DAMAGED, FOREIGN, NEWER, copy_aside, move_aside
from wizard.persistence.files.atomic import (
    NotRegular,
    TooLarge,
    dump_json,
    parse_json,
    read_bytes,
    remove_stale_temps,
    write_bytes_atomic,
)
from wizard.persistence.files.migrate import Migrations, NewerVersion
from wizard.persistence.files.paths import PathError, inside, resolve_data_dir
from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
from wizard.persistence.games import (
    GAME_ID_RE,
    GAME_MIGRATIONS,
    GameSummary,
    SavedGame,
    SummaryCache,
    file_key,
)
from wizard.persistence.history.backups import BACKUPS, backup_path
from wizard.persistence.history.db import DB_NAME, GameRow, HistoryDB
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.history import History
from wizard.persistence.history.lines import Imported
from wizard.persistence.history.oldformat import CACHE_NAME, HISTORY_NAME
from wizard.persistence.history.reviews import Reviews
from wizard.persistence.settings import SETTINGS_MIGRATIONS, Settings
from wizard.persistence.writer import LatestWriter
from wizard.review.decisions import Review

log = logging.getLogger("wizard.persistence")

FILE_NAMES = {FileKind.SETTINGS: "settings.json", FileKind.GAME: "game.json",
              FileKind.HISTORY: "history.sqlite3"}
GAMES_DIR = "games"          # one ``<id>.json`` per game in progress
LEGACY_GAME = "game.json"    # the single saved game of earlier versions, migrated into games/
MIGRATED = "migrated"
LIMITS = {FileKind.SETTINGS: 1 << 20, FileKind.GAME: 4 << 20}
UNREADABLE_TAG = "unreadable"


class Store:
    """The data folder: settings, the games in progress, the history. Never raises on bad files.

    Problems met (damaged, newer, unreadable, migrated files; failed writes) are appended to
    ``problems`` for the UI to tell the player.

    Each game in progress is its own file, ``games/<id>.json``; saving one never touches another.
    With ``background=True``, ``save_game`` only encodes the game and a worker thread writes it
    (the newest save of each game wins); reads, deletions and ``flush`` wait for it. Call
    ``close()`` (or ``flush()``) before the program exits.
    """

    def __init__(self, data_dir: Path | str | None = None, background: bool = False) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self.problems: list[Problem] = []
        self._lock = threading.RLock()
        self.settings: Settings | None = None
        self._checked: set[str] = set()     # files read once (so never blindly overwritten)
        self._protected: dict[str, str] = {}  # newer/unreadable files, left alone so far:
                                              # moved aside (tag) before we write there
        self._legacy_done = False
        self._legacy_pending: SavedGame | None = None   # a game.json that could not be moved yet
        self._summaries = SummaryCache()            # the Continue list, read once (R15)
        # the parts call the store back through weak references: no cycle, so a store let go
        # without ``close()`` is freed at once, with its database (``db.open_here`` then says
        # the folder is no longer open in this process), as a store with no parts would be
        report, clear, delete = _weak(self._report), _weak(self._clear), _weak(self.delete_game)
        self.history = History(self.data_dir, report, self._lock, clear, delete)
        self.reviews = Reviews(self.data_dir, self.history.db, report)
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.SETTINGS, self.data_dir,
                                 detail=f"cannot create the data folder: {e}"))
        remove_stale_temps(self.data_dir, _DATA_FILES.__contains__)
        remove_stale_temps(self.data_dir / GAMES_DIR, _is_game_file)
        self._writer: LatestWriter | None = None
        if background:
            self._writer = LatestWriter(self._write_game_file)
            atexit.register(self.flush)

    # ---- paths and problems --------------------------------------------------------------

    def path(self, kind: FileKind) -> Path:
        """The path of one data file (always inside the data folder; GAME: the old ``game.json``)."""
        return inside(self.data_dir, FILE_NAMES[kind])

    def game_path(self, game_id: str) -> Path:
        """The file of one game in progress: ``games/<id>.json``."""
        return self._locate(_game_rel(game_id))

    def _plain(self, rel: str) -> Path:
        """``data_dir / rel`` without any check (for messages, and to move a foreign object)."""
        return self.data_dir.joinpath(*rel.split("/"))

    def _locate(self, rel: str) -> Path:
        """The checked path of ``rel`` ("settings.json" or "games/<id>.json"), inside the folder."""
        folder, _, name = rel.rpartition("/")
        if not folder:
            return inside(self.data_dir, name)
        base = inside(self.data_dir, folder)
        if base.is_symlink():
            raise PathError(f"{base} is a link")
        return inside(base, name)

    def _report(self, problem: Problem) -> None:
        with self._lock:
            for p in self.problems:
                if (p.kind, p.file, p.path, p.moved_to) == (problem.kind, problem.file,
                                                             problem.path, problem.moved_to):
                    return
            log.warning("%s %s: %s%s (%s)", problem.kind.value, problem.file.value, problem.path,
                        f" -> {problem.moved_to}" if problem.moved_to else "", problem.detail)
            self.problems.append(problem)

    def _clear(self, kind: FileKind) -> None:
        """A write of ``kind`` went through: its earlier ``WRITE_FAILED`` problems are over."""
        with self._lock:
            self.problems[:] = [p for p in self.problems
                                if not (p.kind is ProblemKind.WRITE_FAILED and p.file is kind)]

    def _set_aside(self, kind: FileKind, path: Path, detail: str) -> None:
        """Move a damaged file aside and report it (if even that fails, report it unreadable)."""
        try:
            moved = move_aside(path, DAMAGED)
        except OSError as e:
            self._report(Problem(ProblemKind.UNREADABLE, kind, path,
                                 detail=f"{detail}; could not move it aside: {e}"))
            return
        self._report(Problem(ProblemKind.DAMAGED, kind, path, moved, detail=detail))

    def _set_foreign(self, kind: FileKind, path: Path, detail: str) -> None:
        """Move a named pipe, socket or device aside at once (it is never opened to wait on)."""
        try:
            moved = move_aside(path, FOREIGN)
        except OSError as e:
            self._report(Problem(ProblemKind.UNREADABLE, kind, path,
                                 detail=f"{detail}; could not move it aside: {e}"))
            return
        self._report(Problem(ProblemKind.UNREADABLE, kind, path, moved,
                             detail=f"{detail}: set aside"))

    def _read_object(self, kind: FileKind, rel: str,
                     migrations: Migrations) -> tuple[dict[str, Any], int] | None:
        """The file's object at the current schema and its original version, or None.

        None when missing, unreadable, damaged (set aside) or newer (left alone).
        """
        self._checked.add(rel)
        plain = self._plain(rel)
        try:
            path = self._locate(rel)
            raw = read_bytes(path, LIMITS[kind])
        except TooLarge as e:
            self._set_aside(kind, plain, str(e))
            return None
        except NotRegular as e:
            self._set_foreign(kind, plain, str(e))
            return None
        except (OSError, PathError) as e:
            self._protected[rel] = UNREADABLE_TAG
            self._report(Problem(ProblemKind.UNREADABLE, kind, plain, detail=str(e)))
            return None
        if raw is None:
            return None
        try:
            data = checks.obj(parse_json(raw), rel)
            return migrations.upgrade(data)
        except NewerVersion as e:
            self._protected[rel] = NEWER
            self._report(Problem(ProblemKind.NEWER_VERSION, kind, path, detail=str(e)))
        except Invalid as e:
            self._set_aside(kind, path, str(e))
        return None

    def _migrated(self, kind: FileKind, path: Path, found: int) -> None:
        """Keep a copy of the original of a migrated file, and report it."""
        try:
            copy = copy_aside(path, f"v{found}")
        except OSError as e:
            copy = None
            log.warning("could not copy %s before migrating it: %s", path, e)
        self._report(Problem(ProblemKind.MIGRATED, kind, path, copy,
                             detail=f"schema {found} converted"))

    def _prepare_write(self, kind: FileKind, rel: str) -> Path:
        """Before writing a file: read it once (damaged ones go aside) and move a foreign one aside."""
        if rel not in self._checked:
            if kind is FileKind.SETTINGS:
                self.load_settings()
            elif kind is FileKind.GAME:
                self._check_games_dir()
                self._read_game(rel.rpartition("/")[2].removesuffix(".json"))
        tag = self._protected.get(rel)
        if tag is not None:
            plain = self._plain(rel)     # a symlink is moved, not followed
            if os.path.lexists(plain):
                moved = move_aside(plain, tag)
                problem = ProblemKind.NEWER_VERSION if tag == NEWER else ProblemKind.UNREADABLE
                self._report(Problem(problem, kind, plain, moved,
                                     detail="set aside to save this version's data"))
            del self._protected[rel]
        return self._locate(rel)

    def _write(self, kind: FileKind, rel: str, data: bytes) -> bool:
        try:
            write_bytes_atomic(self._prepare_write(kind, rel), data)
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, kind, self._plain(rel),
                                 detail=str(e), errno=getattr(e, "errno", None)))
            return False
        self._clear(kind)
        return True

    # ---- settings ------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; defaults if missing, damaged (set aside) or newer (left alone)."""
        rel = FILE_NAMES[FileKind.SETTINGS]
        got = self._read_object(FileKind.SETTINGS, rel, SETTINGS_MIGRATIONS)
        if got is None:
            self.settings = Settings()
            return self.settings
        data, found = got
        settings, bad = Settings.from_dict(data)
        self.settings = settings
        if bad:
            self._set_aside(FileKind.SETTINGS, self.path(FileKind.SETTINGS),
                            f"bad values reset to defaults: {', '.join(bad)}")
            self._resave(settings)
        elif found < SETTINGS_MIGRATIONS.current:
            self._migrated(FileKind.SETTINGS, self.path(FileKind.SETTINGS), found)
            self._resave(settings)
        return settings

    def _resave(self, settings: Settings) -> None:
        """Write back settings just read and repaired; loading never fails because of it."""
        try:
            self.save_settings(settings)
        except ValueError as e:          # cannot happen for values that passed from_dict
            log.error("repaired settings not saved: %s", e)

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings (``ValueError`` if a value is out of range); False if the disk refused."""
        try:
            settings.validate()
        except Invalid as e:
            raise ValueError(str(e)) from None
        self.settings = settings
        return self._write(FileKind.SETTINGS, FILE_NAMES[FileKind.SETTINGS],
                           dump_json(settings.to_dict(), pretty=True))

    # ---- the games in progress -----------------------------------------------------------

    def _check_games_dir(self) -> Path:
        """The ``games`` folder, made if missing; a file or link in its place is set aside."""
        games = self._plain(GAMES_DIR)
        if os.path.islink(games) or (os.path.lexists(games) and not games.is_dir()):
            moved = move_aside(games, UNREADABLE_TAG)
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.GAME, games, moved,
                                 detail="not a folder: set aside"))
        games.mkdir(exist_ok=True)
        return games

    def _read_game(self, game_id: str) -> SavedGame | None:
        """One game in progress, replayed and checked; None if it could not be used."""
        rel = _game_rel(game_id)
        got = self._read_object(FileKind.GAME, rel, GAME_MIGRATIONS)
        if got is None:
            return None
        return self._game_of(rel, got, game_id)

    def _game_of(self, rel: str, got: tuple[dict[str, Any], int],
                 game_id: str | None) -> SavedGame | None:
        data, found = got
        path = self._plain(rel)
        try:
            saved = SavedGame.from_dict(data, game_id)
        except NewerVersion as e:
            self._protected[rel] = NEWER
            self._report(Problem(ProblemKind.NEWER_VERSION, FileKind.GAME, path, detail=str(e)))
            return None
        except Invalid as e:
            self._set_aside(FileKind.GAME, path, str(e))
            return None
        if found < GAME_MIGRATIONS.current:
            self._migrated(FileKind.GAME, path, found)
            if rel != LEGACY_GAME:
                self.save_game(saved)
        return saved

    def _migrate_legacy(self) -> None:
        """Move the single ``game.json`` of earlier versions into ``games/`` (once per store).

        The new file is written (atomically) before the old one is renamed aside, and the id
        comes from the content: a crash at any point leaves the game in one place or both, and
        running again never makes a second copy.
        """
        if self._legacy_done:
            return
        self._legacy_done = True
        if not os.path.lexists(self._plain(LEGACY_GAME)):
            return
        got = self._read_object(FileKind.GAME, LEGACY_GAME, GAME_MIGRATIONS)
        if got is None:
            return
        saved = self._game_of(LEGACY_GAME, got, None)
        if saved is None:
            return
        try:
            games = self._check_games_dir()
            target = inside(games, f"{saved.game_id}.json")
            if not os.path.lexists(target):
                write_bytes_atomic(target, dump_json(saved.to_dict()))
            moved = move_aside(self.path(FileKind.GAME), MIGRATED)
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME,
                                 self._plain(LEGACY_GAME), detail=f"not migrated yet: {e}",
                                 errno=getattr(e, "errno", None)))
            self._legacy_pending = saved        # still listed; game.json stays as it is
            return
        self._checked.add(_game_rel(saved.game_id))
        self._report(Problem(ProblemKind.MIGRATED, FileKind.GAME, self._plain(LEGACY_GAME), moved,
                             detail=f"moved into {GAMES_DIR}/{saved.game_id}.json"))

    def game_ids(self) -> list[str]:
        """The ids of the game files in ``games/`` (not checked; ``list_games`` reads them)."""
        self._migrate_legacy()
        try:
            names = os.listdir(self._plain(GAMES_DIR))
        except OSError:
            return []
        ids = [n.removesuffix(".json") for n in names if n.endswith(".json")]
        return sorted(i for i in ids if GAME_ID_RE.fullmatch(i) and i not in self.history.unsynced)

    def list_games(self) -> list[SavedGame]:
        """Every game in progress that reads and replays, the most recently played first."""
        self.flush()
        games = [g for g in (self._read_game(i) for i in self.game_ids()) if g is not None]
        pending = self._legacy_pending
        if pending is not None and all(g.game_id != pending.game_id for g in games):
            games.append(pending)
        games.sort(key=lambda g: (g.updated or g.created, self._mtime(g.game_id)), reverse=True)
        return games

    def _mtime(self, game_id: str) -> int:
        """When a game's file was last written (breaks ties between saves in the same second)."""
        try:
            return os.lstat(self._plain(_game_rel(game_id))).st_mtime_ns
        except OSError:
            return 0

    def summaries(self) -> list[GameSummary]:
        """The Continue list: one ``GameSummary`` per game in progress, most recent first.

        Each game is read and replayed once; after that only a file that changed on disk is
        read again (the menu asks on every layout: window size, language).
        """
        self.flush()
        ids = self.game_ids()
        found: list[tuple[GameSummary, int]] = []
        for gid in ids:
            key = file_key(self._plain(_game_rel(gid)))
            kept = self._summaries.get(gid, key)
            if kept is None:
                game = self._read_game(gid)
                if game is None:
                    continue
                kept = game.summary(), key[0] if key else 0
                self._summaries.put(gid, key, kept[0])
            found.append(kept)
        self._summaries.keep_only(set(ids))
        pending = self._legacy_pending
        if pending is not None and all(s.game_id != pending.game_id for s, _ in found):
            found.append((pending.summary(), 0))
        found.sort(key=lambda g: (g[0].updated, g[1]), reverse=True)
        return [s for s, _ in found]

    def load_game(self, game_id: str | None = None) -> SavedGame | None:
        """A game in progress (the most recent one without ``game_id``), replayed and checked."""
        if game_id is None:
            games = self.list_games()
            return games[0] if games else None
        self.flush()
        self._migrate_legacy()
        if not GAME_ID_RE.fullmatch(game_id):
            return None
        pending = self._legacy_pending
        if pending is not None and pending.game_id == game_id \
                and not os.path.lexists(self._plain(_game_rel(game_id))):
            return pending
        return self._read_game(game_id)

    def has_game(self) -> bool:
        """Whether a game file exists (cheap; ``list_games`` says which can be resumed)."""
        try:
            if self.path(FileKind.GAME).is_file():
                return True
        except (OSError, PathError):
            pass
        return bool(self.game_ids())

    def save_game(self, saved: SavedGame) -> bool:
        """Write one game in progress atomically (call after every action); False if the disk refused.

        In background mode: queue it and return False only if the previous write failed.
        """
        data = dump_json(saved.to_dict(updated=checks.now()))
        if self._writer is None:
            return self._write_game_file(saved.game_id, data)
        rel = _game_rel(saved.game_id)
        if rel not in self._checked or rel in self._protected:
            try:
                self._prepare_write(FileKind.GAME, rel)     # once, on this thread
            except (OSError, PathError) as e:
                self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME, self._plain(rel),
                                     detail=str(e)))
                return False
        self._writer.submit(saved.game_id, data)
        return self._writer.last_ok

    def _write_game_file(self, game_id: str, data: bytes) -> bool:
        rel = _game_rel(game_id)
        try:
            self._check_games_dir()
        except OSError as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME, self._plain(rel),
                                 detail=str(e), errno=e.errno))
            return False
        return self._write(FileKind.GAME, rel, data)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until background saves are on disk (True at once without background saves)."""
        return True if self._writer is None else self._writer.flush(timeout)

    def close(self) -> None:
        """Finish background saves, stop the worker thread, close the history database."""
        self.history.close()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
            atexit.unregister(self.flush)

    def delete_game(self, game_id: str) -> bool:
        """Remove one game in progress (finished and in the history, or abandoned by the player)."""
        if self._writer is not None:
            self._writer.discard(game_id)
        self.flush()
        rel = _game_rel(game_id)
        try:
            path = self._locate(rel)
            if os.path.isdir(path) and not os.path.islink(path):
                raise IsADirectoryError(f"{path} is a folder")
            os.unlink(path)
        except FileNotFoundError:
            pass
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.GAME, self._plain(rel),
                                 detail=str(e)))
            return False
        self._checked.discard(rel)
        return True


    # ---- the history and the reviews (handed on to ``self.history`` and ``self.reviews``) ----

    def history_db(self, create: bool = True, import_files: bool = True) -> HistoryDB | None:
        """The history database, opened once (``History.db``)."""
        return self.history.db(create, import_files)

    def finish_game(self, entry: HistoryEntry, game_id: str | None = None) -> bool:
        """Game over: record ``entry``, then delete game ``game_id`` once that is on disk for good
        (``History.finish``)."""
        return self.history.finish(entry, game_id)

    def append_history(self, entry: HistoryEntry, unless_last: bool = False) -> bool:
        """Record a finished game and start a backup if one is due (``History.append``)."""
        return self.history.append(entry, unless_last)

    def record_finished(self, entry: HistoryEntry) -> bool:
        """The game-end transaction alone (``History.record``)."""
        return self.history.record(entry)

    def sync_finished(self) -> bool:
        """Sync the history and delete the saves it now holds for good (``History``)."""
        return self.history.sync_finished()

    def backup_if_due(self) -> None:
        """Start a backup if one is due (``History``)."""
        self.history.backup_if_due()

    @property
    def backup_running(self) -> bool:
        """Whether a backup is being made (``History``)."""
        return self.history.backup_running

    def wait_backup(self, timeout: float = 60.0) -> None:
        """Wait for a backup in progress (``History``)."""
        self.history.wait_backup(timeout)

    def backup_now(self) -> Path | None:
        """Make a backup at once (``History``)."""
        return self.history.backup_now()

    def history_count(self) -> int:
        """How many finished games the history holds (``History.count``)."""
        return self.history.count()

    def history_page(self, offset: int, limit: int) -> list[GameRow]:
        """A page of the History list, newest first (``History.page``)."""
        return self.history.page(offset, limit)

    def history_entry(self, key: str) -> HistoryEntry | None:
        """One whole finished game by its key (``History.entry``)."""
        return self.history.entry(key)

    def has_finished(self, entry: HistoryEntry) -> bool:
        """Whether this game is already in the history (``History.has``)."""
        return self.history.has(entry)

    def load_history(self) -> list[HistoryEntry]:
        """Every finished game, oldest first, in memory (``History.load_all``)."""
        return self.history.load_all()

    def export_history(self, target: Path) -> int:
        """The whole history written to ``target`` as JSON lines (``History.export``)."""
        return self.history.export(target)

    def import_history(self, source: Path,
                       progress: Callable[[int], None] | None = None) -> Imported:
        """The games of a JSON-lines file or a history database added (``History.import_file``)."""
        return self.history.import_file(source, progress)

    @property
    def import_pending(self) -> bool:
        """Whether earlier versions' files wait for ``run_import`` (``History``)."""
        return self.history.import_pending

    def import_total(self) -> int:
        """The lines of the earlier ``history.jsonl`` to import (``History``)."""
        return self.history.import_total()

    def run_import(self, progress: Callable[[int], None] | None = None,
                   stop: threading.Event | None = None) -> bool:
        """Import the earlier versions' files now (``History``)."""
        return self.history.run_import(progress, stop)

    def close_history(self) -> None:
        """Wait for a backup, delete the saves recorded for good, close the database."""
        self.history.close()

    def load_review(self, game_id: str, players: int = 6,
                    game: HistoryEntry | None = None) -> Review | None:
        """The stored review of game ``game_id`` if it is current (``Reviews.load``)."""
        return self.reviews.load(game_id, players, game)

    def save_review(self, review: Review) -> bool:
        """Store ``review`` (``Reviews.save``)."""
        return self.reviews.save(review)

# Whose leftover temp files a start removes (R9): the data files, the history database, the
# backups and the temp of a backup being made (``.history.backup.<8>.tmp``).
_DATA_FILES = frozenset({*FILE_NAMES.values(), CACHE_NAME, HISTORY_NAME,
                         f"{Path(DB_NAME).stem}.backup",
                         *(backup_path(Path(DB_NAME), g).name for g in range(1, BACKUPS + 1))})


def _weak(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (bound to a store) called through a weak reference: nothing once the store is
    gone (its parts may outlive it a moment, e.g. a backup thread finishing)."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any, **kwargs: Any) -> Any:
        bound = ref()
        return None if bound is None else bound(*args, **kwargs)
    return call


def _is_game_file(name: str) -> bool:
    """Whether ``name`` is a game file's name, ``<id>.json`` (for its leftover temp files)."""
    return name.endswith(".json") and GAME_ID_RE.fullmatch(name.removesuffix(".json")) is not None


def _game_rel(game_id: str) -> str:
    """``games/<id>.json``; ``PathError`` for anything that is not a plain game id."""
    if not GAME_ID_RE.fullmatch(game_id):
        raise PathError(f"not a game id: {game_id!r}")
    return f"{GAMES_DIR}/{game_id}.json"
