"""Everything kept on disk: settings, the game in progress, the history of finished games.

All files live in one data folder (platformdirs, or ``--data-dir``), as versioned JSON
(``"schema": 1``) written atomically (temp file, fsync, ``os.replace``). Nothing is executed
from a file; every value is checked on load, and game records are replayed through the engine.
A damaged file is moved aside as ``<name>.damaged-<YYYYmmdd-HHMMSS>`` (never deleted); a file
from a newer version is left alone; an older one is migrated (its original copied aside).
Each such event is a ``Problem`` in ``store.problems`` for the UI to tell the player.

Typical use (the session's autosave hook is one line per action)::

    store = Store(data_dir)                 # None: the user data folder
    settings = store.load_settings()        # Settings(); store.save_settings(settings) on change
    saved = store.load_game()               # SavedGame | None  -> "Continue"
    state, rng = saved.resume()             # rebuilt state + the deal rng to keep using
    store.save_game(SavedGame(GameRecord.of(state), seats, created=saved.created))  # each action
    store.append_history(HistoryEntry.from_game(state, seats)); store.clear_game()  # game over
    stats = compute_stats(store.load_history())
    for p in store.problems: ...            # p.kind (ProblemKind), p.file, p.path, p.moved_to

``save_game`` takes about a millisecond for a late game; it returns False (and records a
``WRITE_FAILED`` problem) instead of raising if the disk refuses.
"""

from .history import HistoryEntry
from .logs import setup_logging
from .paths import default_data_dir, default_log_dir, log_dir_for, resolve_data_dir
from .problems import FileKind, Problem, ProblemKind
from .savegame import SavedGame
from .seats import SeatSpec
from .settings import Settings
from .stats import PlayerStats, StatLine, compute_stats
from .store import Store

__all__ = [
    "Store", "Settings", "SeatSpec", "SavedGame", "HistoryEntry", "Problem", "ProblemKind",
    "FileKind", "compute_stats", "PlayerStats", "StatLine", "setup_logging", "default_data_dir",
    "default_log_dir", "log_dir_for", "resolve_data_dir",
]
