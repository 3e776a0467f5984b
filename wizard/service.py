"""The application service (#36): the app's settings, games in progress and history through the
persistence ``Store``, the game's lifecycle (new, resume, restart, abandon, finish: who won), and
the reviews. It sits below the UI (it was ``wizard/ui/prefs.py``) and starts its writer through
``wizard.background``, so the UI starts no thread.

Without a store everything is kept in memory. Each ``Session`` gets a game id the first time it
is saved (a new game never replaces another); ``resume(game_id)`` makes a session bound to its id.
With ``background=True`` every write goes to one writer thread, in order, so the window does not
wait for the disk after each card; reads wait for the writes queued before them.
"""

from __future__ import annotations

import copy
import errno
import logging
import random
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wizard.background import Worker
from wizard.engine import RecordError
from wizard.engine.scoring import winners
from wizard.persistence import Settings
from wizard.persistence.games import GameSummary, new_game_id
from wizard.table import Seat, Session

#: When each finished game was first recorded or reviewed (one moment per game).
_FINISHED: weakref.WeakKeyDictionary[Session, datetime] = weakref.WeakKeyDictionary()

log = logging.getLogger(__name__)


FULL, READ_ONLY, OTHER = "full", "read_only", "other"
RECOVERED_SHOWN_S = 6.0     # how long "saving works again" stays on screen
NOTE_SHOWN_S = 6.0          # how long a passing note (a screenshot's folder) stays on screen


def failed_folder(problem: Any, data_dir: Path | None) -> Path | None:
    """The folder a failed write was in (e.g. the data folder's ``games/``), not just the data
    folder: the player is told where to look."""
    path = getattr(problem, "path", None)
    if path is None:
        return data_dir
    path = Path(path)
    return path if data_dir is not None and path == Path(data_dir) else path.parent


@dataclass(frozen=True, slots=True)
class SaveStatus:
    """Whether the game in progress is being saved, as data for the table's notice.

    ``failed``: the last autosave did not reach the disk (it is tried again after every action);
    ``reason``: FULL, READ_ONLY or OTHER, with the system's ``detail`` for the log; ``folder``:
    where the games are saved; ``recovered_at``: ``time.monotonic()`` when saving worked again
    after a failure (None otherwise); ``note``/``note_until``: a passing message (e.g. where a
    screenshot went) and until when to show it.
    """

    failed: bool = False
    reason: str = ""
    detail: str = ""
    folder: Path | None = None
    failed_since: float | None = None
    recovered_at: float | None = None
    note: str = ""
    note_until: float = 0.0

    def showing_recovery(self, now: float | None = None) -> bool:
        """Whether "saving works again" is still to be shown."""
        now = time.monotonic() if now is None else now
        return not self.failed and self.recovered_at is not None \
            and now - self.recovered_at < RECOVERED_SHOWN_S

    def showing_note(self, now: float | None = None) -> bool:
        """Whether the passing note is still to be shown."""
        now = time.monotonic() if now is None else now
        return bool(self.note) and now < self.note_until


def reason_of(error_number: int | None) -> str:
    """FULL, READ_ONLY or OTHER for a failed write's error number."""
    if error_number in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return FULL
    if error_number in (errno.EACCES, errno.EPERM, errno.EROFS):
        return READ_ONLY
    return OTHER


class Prefs:
    """Settings plus the saved game and history, one object for the screens."""

    def __init__(self, data_dir: Path | None = None, use_store: bool = True,
                 background: bool = False, import_later: bool = False) -> None:
        self.store: Any = None
        self.import_job: Any = None         # the earlier version's history being imported
        self.settings: Any = Settings()
        self.problems: list[Any] = []
        self._memory_games: dict[str, tuple[Any, list[Seat], datetime]] = {}
        self._memory_history: list[Any] = []
        self._memory_reviews: dict[str, Any] = {}
        self._ids: weakref.WeakKeyDictionary[Session, str] = weakref.WeakKeyDictionary()
        self._created: dict[str, datetime] = {}
        self._played: dict[str, float] = {}     # seconds of active play of each game, this run
        self._figures: dict[Any, Any] = {}      # figures worked out off the loop, by key (futures)
        self._figure_worker: Worker | None = None
        self._background = background
        self._resumed: set[str] = set()         # games whose earlier play was not measured here
        self._status_lock = threading.Lock()
        self.save_status = SaveStatus()
        self._writer: Worker | None = None
        if use_store:
            try:
                from wizard.persistence import Store
                self.store = Store(data_dir)
            except ImportError:
                log.warning("persistence not available; settings kept in memory")
            except Exception:
                log.exception("cannot open the data directory; settings kept in memory")
                self.store = None
            if self.store is not None:
                try:
                    self.settings = self.store.load_settings()
                except Exception:   # one bad settings file never drops the games and history
                    log.exception("settings not read; the defaults are used this time")
                try:        # checked at start (quick_check), earlier files imported (or,
                    # import_later: once the window shows it, ``start_import``)
                    self.store.history_db(create=False, import_files=not import_later)
                except Exception:   # a history that fails to open never drops the settings, saves
                    log.exception("history database not opened at start")
                self.problems = list(getattr(self.store, "problems", []))
        if background and self.store is not None:
            self._writer = Worker("wizard-save")

    # ---- writing in order ----------------------------------------------------------------

    def _write(self, what: str, job: Callable[[], None]) -> None:
        """Run ``job`` now, or queue it on the writer thread (in order); failures are logged."""
        def guarded() -> None:
            try:
                job()
            except Exception:
                log.exception("%s failed", what)

        if self._writer is None:
            guarded()
        else:
            self._writer.submit(guarded)

    def flush(self) -> None:
        """Wait until every queued write is on disk."""
        if self._writer is not None:
            self._writer.flush()

    @property
    def import_pending(self) -> bool:
        """Whether an earlier version's history waits to be imported (``start_import``)."""
        return bool(getattr(self.store, "import_pending", False))

    def start_import(self, threaded: bool = True, stop_at: int | None = None) -> Any:
        """Import the earlier version's history on a worker thread: an ``ImportJob`` (its
        ``read`` of ``total`` games; ``done``). Closing stops it; nothing is lost then."""
        from wizard.persistence.history.oldformat import ImportJob
        self.import_job = ImportJob(self.store, threaded, stop_at)
        return self.import_job

    def close(self) -> None:
        """Finish the queued writes and stop the writer thread (and an import under way)."""
        if self.import_job is not None:
            self.import_job.stop()
        self.flush()
        if self._figure_worker is not None:     # a figure under way is not waited for
            self._figure_worker.close(wait=False, cancel=True)
            self._figure_worker = None
        if self._writer is not None:
            self._writer.close(wait=True)
            self._writer = None
        if self.store is not None:
            self.store.close_history()      # a backup under way finishes first

    def save_settings(self) -> None:
        """Write the settings (ignored without a store)."""
        if self.store is not None:
            snapshot = copy.deepcopy(self.settings)
            self._write("saving settings", lambda: self.store.save_settings(snapshot))

    # ---- the games in progress ----------------------------------------------------------

    def game_id(self, session: Session) -> str:
        """The id of ``session``'s game: given on first sight, so a new game never replaces another."""
        gid = self._ids.get(session)
        if gid is None:
            gid = self._ids[session] = new_game_id()
        return gid

    def _created_at(self, gid: str) -> datetime:
        from wizard.checks import now
        return self._created.setdefault(gid, now())

    def save_game(self, session: Session) -> None:
        """Save ``session``'s game in its own file (called after every action)."""
        gid = self.game_id(session)
        if self.store is None:
            self._memory_games[gid] = (session.record(), list(session.seats),
                                       self._created_at(gid))
            return
        try:
            from wizard.persistence import SavedGame
            seats = list(session.seats)          # the one seat type: saved as played
            saved = SavedGame(session.record(), seats, self._created_at(gid),
                              game_id=gid)                    # an immutable snapshot, made now
        except Exception:
            log.exception("autosave failed")
            return
        self._write("autosave", lambda: self._saved(self.store.save_game(saved)))

    def _saved(self, ok: bool) -> None:
        """Record the outcome of one autosave in ``save_status`` (runs on the writer thread)."""
        with self._status_lock:
            old = self.save_status
            if ok:
                if old.failed:
                    self.save_status = replace(old, failed=False, reason="", detail="",
                                               failed_since=None, recovered_at=time.monotonic())
                return
            problem = next((p for p in reversed(list(getattr(self.store, "problems", [])))
                            if str(p.kind) == "write_failed"), None)
            number = getattr(problem, "errno", None)
            folder = failed_folder(problem, getattr(self.store, "data_dir", None))
            self.save_status = replace(
                old, failed=True, reason=reason_of(number),
                detail=str(getattr(problem, "detail", "")), folder=folder,
                failed_since=old.failed_since if old.failed else time.monotonic(),
                recovered_at=None)

    def note(self, text: str, seconds: float = NOTE_SHOWN_S) -> None:
        """Show a passing message with the save notice (e.g. where a screenshot was written)."""
        with self._status_lock:
            self.save_status = replace(self.save_status, note=text,
                                       note_until=time.monotonic() + seconds)

    @property
    def data_dir(self) -> Path | None:
        """The data folder in use, if there is a store."""
        return getattr(self.store, "data_dir", None)

    def games(self) -> list[GameSummary]:
        """The games in progress, the most recently played first."""
        if self.store is None:
            out = []
            for gid, (record, seats, created) in self._memory_games.items():
                from wizard.persistence import SavedGame
                specs = list(seats)
                out.append(SavedGame(record, specs, created, game_id=gid).summary())
            return sorted(out, key=lambda g: g.updated, reverse=True)
        self.flush()
        try:
            return list(self.store.summaries())
        except Exception:
            log.exception("listing the saved games failed")
            return []

    def load_game(self, game_id: str | None = None) -> tuple[Any, list[Seat]] | None:
        """(record, seats) of a saved game (the most recent without ``game_id``), or None."""
        got = self._load(game_id)
        return None if got is None else (got[1], got[2])

    def _load(self, game_id: str | None) -> tuple[str, Any, list[Seat]] | None:
        if self.store is None:
            if game_id is None:
                games = self.games()
                game_id = games[0].game_id if games else None
            found = self._memory_games.get(game_id) if game_id else None
            return None if found is None or game_id is None else (game_id, found[0], found[1])
        self.flush()
        try:
            saved = self.store.load_game(game_id)
        except Exception:
            log.exception("loading the saved game failed")
            return None
        if saved is None:
            return None
        self._created[saved.game_id] = saved.created
        return saved.game_id, saved.record, list(saved.seats)

    def resume(self, game_id: str | None = None) -> Session | None:
        """A session for a saved game (the most recent without ``game_id``), saving under its id."""
        got = self._load(game_id)
        if got is None:
            return None
        gid, record, seats = got
        try:
            session = Session.resume(record, seats, on_save=self.save_game)
        except (RecordError, ValueError):
            log.exception("the saved game %s does not replay", gid)
            return None
        self._ids[session] = gid
        if gid not in self._played:        # begun in an earlier run: its play so far is unknown
            self._resumed.add(gid)
        return session

    def figure(self, key: Any, work: Callable[[], Any]) -> Any:
        """The result of ``work`` (a computation known by ``key``, such as New game's measured
        length, #35), or None while it is worked out: on a worker thread in the game (the window
        never waits), at once otherwise. A failed one stays None (logged once)."""
        got = self._figures.get(key)
        if got is None:
            if self._figure_worker is None:
                self._figure_worker = Worker("wizard-figures", threaded=self._background)
            got = self._figures[key] = self._figure_worker.submit(work)
            if got.done() and got.exception() is not None:
                log.error("working out %r failed", key, exc_info=got.exception())
        if not got.done() or got.exception() is not None:
            return None
        return got.result()

    def add_play_time(self, session: Session, seconds: float) -> None:
        """``seconds`` more of active play of ``session``'s game (the table screen counts them)."""
        gid = self.game_id(session)
        self._played[gid] = self._played.get(gid, 0.0) + max(0.0, seconds)

    def played_seconds(self, session: Session) -> float | None:
        """Seconds of active play of ``session``'s game, or None where they were not all measured
        (a game resumed from an earlier run of the program, or one never shown)."""
        gid = self.game_id(session)
        if gid in self._resumed:
            return None
        return self._played.get(gid)

    def delete_game(self, game_id: str) -> None:
        """Remove one game in progress (the player confirmed it)."""
        self._memory_games.pop(game_id, None)
        if self.store is not None:
            self._write("deleting a saved game", lambda: self.store.delete_game(game_id))

    def abandon(self, session: Session) -> None:
        """The player abandons ``session``'s game: its save is removed (it is not in the history)."""
        self.delete_game(self.game_id(session))

    def restart(self, session: Session) -> Session:
        """Abandon ``session``'s game and start a new one with the same seats and rules, a new seed."""
        self.abandon(session)
        seed = random.SystemRandom().randrange(1, 2**31)
        return Session.new(session.config.with_(seed=seed), list(session.seats),
                           on_save=self.save_game)

    def clear_game(self, session: Session | None = None) -> None:
        """Forget ``session``'s game in progress (every game in memory without a store and session)."""
        if session is not None:
            self.abandon(session)
        elif self.store is None:
            self._memory_games.clear()

    # ---- history -------------------------------------------------------------------------

    def finish_game(self, session: Session) -> None:
        """Record a finished game in the history, then drop the save.

        The store writes the history first and clears the save after, and never records the same
        game twice: a crash in between keeps the game, and finishing it again is harmless.
        """
        gid = self.game_id(session)
        if self.store is None:
            self._memory_games.pop(gid, None)
            self._memory_history.append(session)
            return
        try:
            entry = self.entry_of(session)
        except Exception:
            log.exception("writing history failed")
            return
        self._write("recording the finished game", lambda: self.store.finish_game(entry, gid))

    def entry_of(self, session: Session) -> Any:
        """The history entry (``HistoryEntry``) of a finished game; ``ValueError`` if not over.

        The moment it finished is taken once per game, so the entry recorded in the history and
        the one the game end's Review opens say the same time. Its ``started`` is when the game
        began: the save's creation time (kept through a resume)."""
        from wizard.persistence import HistoryEntry
        seats = list(session.seats)
        if not session.finished:
            raise ValueError("only a finished game goes into the history")
        totals = tuple(session.totals)
        finished = _FINISHED.setdefault(session, datetime.now(UTC))
        started = self._created_at(self.game_id(session))
        return HistoryEntry(session.record(), tuple(seats), finished, started,
                            tuple(session.results), totals, winners(totals),
                            self.played_seconds(session))

    # ---- reviews -------------------------------------------------------------------------

    def load_review(self, entry: Any) -> tuple[Any, list[Any]]:
        """(the stored current review of ``entry`` or None, the data problems met reading it)."""
        if self.store is None:
            from wizard.persistence import review_id
            return self._memory_reviews.get(review_id(entry)), []
        self.flush()
        before = len(self.store.problems)
        from wizard.persistence import load_review
        review = load_review(self.store, entry)
        return review, list(self.store.problems[before:])

    def save_review(self, entry: Any, review: Any) -> bool:
        """Keep a complete review (called on the review's worker; the write is atomic)."""
        if self.store is None:
            self._memory_reviews[review.game_id] = review
            return True
        return bool(self.store.save_review(review))

    @property
    def review_threshold(self) -> int:
        """Points below Expert's best from which the review lists a decision."""
        return int(getattr(self.settings, "review_threshold", 10))

    # ---- the history through queries (any thread; each opens its own connection) ---------

    def _query(self, fn: Callable[[Any], Any], empty: Any) -> Any:
        if self.store is None:
            return empty
        db = self.store.history_db(create=False)
        if db is None:
            return empty
        try:
            with db.reader() as conn:
                return fn(conn)
        except (sqlite3.Error, ValueError, TypeError, ArithmeticError) as e:
            # a value the start's check did not see (the file changed under us): never a crash
            log.exception("history query failed")
            self._history_failed(db.path, e)
            return empty

    def _history_failed(self, path: Any, error: Exception) -> None:
        """Tell the player (once) that part of the history could not be read just now."""
        from wizard.persistence import FileKind, Problem, ProblemKind
        self.store._report(Problem(ProblemKind.UNREADABLE, FileKind.HISTORY, path,
                                   detail=f"query failed: {error}"))
        self.problems = list(getattr(self.store, "problems", []))

    def history_count(self) -> int:
        """How many finished games the history holds."""
        return int(self._query(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0], 0))

    def history_page(self, offset: int, limit: int) -> list[Any]:
        """Finished games ``offset ..`` newest first, as the list shows them (``GameRow``)."""
        if self.store is None or self.store.history_db(create=False) is None:
            return []
        return list(self._query(lambda c: self.store.history_db(create=False).page(
            offset, limit, c), []))

    def history_entry(self, key: str) -> Any:
        """One whole finished game (``HistoryEntry``) by its key, or None."""
        return None if self.store is None else self.store.history_entry(key)

    def stats(self, takebacks: bool = True, best_takebacks: bool = False) -> dict[str, Any]:
        """Statistics per player name over the whole history (``PlayerStats``)."""
        from wizard.persistence.history.stats import stats_of
        return dict(self._query(lambda c: stats_of(c, takebacks=takebacks,
                                                   best_takebacks=best_takebacks), {}))

    def played_times(self, players: int, rounds: int) -> list[float]:
        """Seconds of active play of the person's last measured games of this size, newest first
        (``history_query.played_times``)."""
        from wizard.persistence.history.stats import played_times
        return list(self._query(lambda c: played_times(c, players, rounds), []))

    def player_names(self) -> list[str]:
        """Names that ever sat as a person, most games first."""
        from wizard.persistence.history.stats import player_names
        return list(self._query(player_names, []))

    def progress_of(self, name: str, takebacks: bool = True, best_takebacks: bool = False) -> Any:
        """``name``'s progress over the whole history, points lost from the stored reviews."""
        from wizard.ai import level_names
        from wizard.persistence.history.stats import progress_of
        return self._query(lambda c: progress_of(c, name, takebacks=takebacks,
                                                 best_takebacks=best_takebacks,
                                                 threshold=self.review_threshold,
                                                 levels=level_names()), None)

    def history(self) -> list[Any]:
        """Every finished game (persistence ``HistoryEntry`` values), oldest first, all in memory
        (small tools and tests; the screens read pages and figures through queries)."""
        if self.store is None:
            return []
        self.flush()
        try:
            return list(self.store.load_history())
        except Exception:
            log.exception("reading history failed")
            return []
