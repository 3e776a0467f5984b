"""Everything kept on disk: settings, the games in progress, the history of finished games.

All files live in one data folder (platformdirs, or ``--data-dir``): ``settings.json``,
``games/<id>.json`` (one file per game in progress: starting a game never replaces another) and
``history.sqlite3``: the finished games, the rows their statistics add up, and the reviews (SQLite,
WAL; see the ``history`` package; earlier versions' ``history.jsonl`` and ``reviews/`` are
imported once). The single ``game.json`` of earlier versions is moved into
``games/`` on first use: the new file is written first, then the old one is renamed
``game.json.migrated-<stamp>`` (kept). The JSON files are versioned (``"schema": 1``) and written atomically
(temp file, fsync, ``os.replace``). Nothing is executed from a file; every value is checked on load,
and game records are replayed through the engine (an impossible action = a damaged file).

- A damaged file is moved aside as ``<name>.damaged-<YYYYmmdd-HHMMSS>[.n]`` (never deleted);
  a damaged history database is set aside and its newest good backup put back.
- A file from a newer version is left alone (defaults are used); only when this program must
  write that file is it renamed ``<name>.newer-<stamp>`` first.
- An older file is migrated; its original is copied to ``<name>.v<N>-<stamp>``.
- Each such event is a ``Problem`` in ``store.problems``: ``kind`` (``ProblemKind``), ``file``
  (``FileKind``), ``path``, ``moved_to``, ``count``; the UI says it in the player's language.

The session's hooks::

    store = Store(data_dir)                   # None: the user data folder
    settings = store.load_settings()          # then store.save_settings(settings) on change
    games = store.summaries()                 # the Continue list, most recent first
    saved = store.load_game(game_id)          # SavedGame | None (None id: the most recent)
    state, rng = saved.resume()               # the rebuilt state + the deal rng to keep using
    store.save_game(SavedGame(GameRecord.of(state), seats, created=..., game_id=saved.game_id))
    store.finish_game(HistoryEntry.from_game(state, seats), saved.game_id)  # at game over
    store.delete_game(game_id)                # abandoned or deleted by the player
    store.history_page(0, 40)                 # the History list, newest first (GameRow)
    with store.history_db().reader() as conn:                 # any thread: its own connection
        stats = history.stats.stats_of(conn)                  # the Statistics screen's figures
    review = load_review(store, entry)        # a finished game's stored review, or None
    lost = points_lost_by_round(review)       # points lost to costly decisions, by round

``save_game`` takes about a millisecond on a late game (``python -m wizard.bench persistence``).
Writes never raise on a disk error: they return False and record a ``WRITE_FAILED`` problem.

The package, by what it keeps (issue #36)::

    store.py     Store: the data folder; it reads and writes the settings and the games in
                 progress itself, and holds a History (store.history) and its Reviews
                 (store.reviews): composed, no mixins
    files/       file primitives and the lock: atomic writes (atomic), setting aside (aside),
                 the data folder's paths (paths), the one-instance lock (lock), the log (logs),
                 schema upgrades (migrate), what went wrong (problems)
    settings.py  settings.json
    games.py     a game in progress (games/<id>.json) and the Continue list's summaries
    history/     the finished games: the entry format (entry), the database (db: tables and
                 SQL; rows: every value checked at start; tally: the rows the figures add up),
                 backups and salvage (backups), the statistics and progress in SQL (stats), the
                 stored reviews (reviews), JSON lines in and out (lines, jsonl), the one-time
                 import of earlier versions' files (oldformat, verified), and History (history:
                 the database opened, checked, restored; games recorded; backups made)
    writer.py    the games' background writer;  jobs.py: a query off the UI thread

A game's seats and deals are the session's (``wizard.session.seats``, ``wizard.session.deals``);
a review's data and the figures' types are the review's (``wizard.review.decisions``,
``wizard.review.stats``, ``wizard.review.progress``); value checks are ``wizard.checks``.

>>> import random, tempfile
>>> from wizard.engine import GameConfig, GameRecord, start
>>> from wizard.session.seats import SeatSpec
>>> folder = tempfile.mkdtemp()
>>> cfg = GameConfig(players=3, seed=7)
>>> state, _ = start(cfg, random.Random(cfg.seed))
>>> _ = state.apply(state.legal_actions()[0])
>>> seats = [SeatSpec("Ana"), SeatSpec("Merlin", "ai", "expert"), SeatSpec("Morgan", "ai", "easy")]
>>> Store(folder).save_game(SavedGame(GameRecord.of(state), seats))
True
>>> store = Store(folder)
>>> store.load_game().resume()[0].hands == state.hands, store.problems
(True, [])
>>> import shutil; shutil.rmtree(folder)
"""


from wizard.persistence.files.lock import DataLock
from wizard.persistence.files.logs import setup_logging
from wizard.persistence.files.paths import (
    default_data_dir,
    default_log_dir,
    log_dir_for,
    resolve_data_dir,
)
from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
from wizard.persistence.games import SavedGame
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.reviews import load_review, review_id
from wizard.persistence.settings import Settings
from wizard.persistence.store import Store

__all__ = [
    "Store", "Settings", "SavedGame", "HistoryEntry", "Problem", "ProblemKind", "FileKind",
    "setup_logging", "default_data_dir", "default_log_dir", "log_dir_for", "resolve_data_dir",
    "DataLock", "load_review", "review_id",
]
