"""The Continue list's summaries, read once and kept: a game file is replayed again only when it
changed on disk (its size, time or inode), so laying the menu out again costs a ``stat`` a game.

>>> cache = SummaryCache()
>>> cache.get("g1", (1, 2, 3)) is None
True
"""

from __future__ import annotations

import os
from pathlib import Path

from .savegame import GameSummary

FileKey = tuple[int, int, int]


def file_key(path: Path) -> FileKey | None:
    """What tells a changed file: (modification time in ns, size, inode); None if it is gone."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class SummaryCache:
    """Summaries of the games in progress by id, each with the file key it was read at."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[FileKey, GameSummary, int]] = {}

    def get(self, game_id: str, key: FileKey | None) -> tuple[GameSummary, int] | None:
        """The kept (summary, file time) of ``game_id`` if its file is still the one read."""
        got = self._kept.get(game_id)
        if got is None or key is None or got[0] != key:
            return None
        return got[1], got[2]

    def put(self, game_id: str, key: FileKey | None, summary: GameSummary) -> None:
        """Keep ``summary`` for the file at ``key`` (nothing kept without a key)."""
        if key is not None:
            self._kept[game_id] = (key, summary, key[0])

    def keep_only(self, game_ids: set[str]) -> None:
        """Drop the summaries of games no longer in the folder."""
        for gid in [g for g in self._kept if g not in game_ids]:
            del self._kept[gid]
