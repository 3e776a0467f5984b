"""Everything kept on disk: settings, the games in progress, the history of finished games.

All files live in one data folder (platformdirs, or ``--data-dir``): ``settings.json``,
``games/<id>.json`` (one file per game in progress: starting a game never replaces another) and
``history.sqlite3``: the finished games, the rows their statistics add up, and the reviews (SQLite,
WAL; see ``history_db``, ``history_sql`` and ``history_query``; earlier versions' ``history.jsonl``
and ``reviews/`` are imported once). The single ``game.json`` of earlier versions is moved into
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
        stats = history_query.stats_of(conn)                  # = compute_stats(all games)
    review = load_review(store, entry)        # a finished game's stored review, or None
    lost = points_lost_by_round(review)       # points lost to costly decisions, by round

``save_game`` takes about a millisecond on a late game (``python -m wizard.bench persistence``).
Writes never raise on a disk error: they return False and record a ``WRITE_FAILED`` problem.

>>> import random, tempfile
>>> from wizard.engine import GameConfig, GameRecord, start
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

from .history import HistoryEntry
from .lock import DataLock
from .logs import setup_logging
from .paths import default_data_dir, default_log_dir, log_dir_for, resolve_data_dir
from .problems import FileKind, Problem, ProblemKind
from .progress import LevelResult, Progress, Streak, game_id, progress, review_losses
from .review import REVIEW_ENGINE, Decision, Review, points_lost_by_round
from .review_store import load_review, review_id
from .savegame import SavedGame
from .seats import SeatSpec
from .settings import Settings
from .stats import PlayerStats, StatLine, compute_stats
from .store import Store

__all__ = [
    "Store", "Settings", "SeatSpec", "SavedGame", "HistoryEntry", "Problem", "ProblemKind",
    "FileKind", "compute_stats", "PlayerStats", "StatLine", "setup_logging", "default_data_dir",
    "progress", "Progress", "LevelResult", "Streak", "game_id", "review_losses",
    "default_log_dir", "log_dir_for", "resolve_data_dir", "DataLock", "Review", "Decision",
    "REVIEW_ENGINE", "points_lost_by_round", "load_review", "review_id",
]
