"""What went wrong with a data file, for the UI to tell the player in their language."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path


class FileKind(enum.StrEnum):
    """Which data file a problem concerns."""

    SETTINGS = "settings"
    GAME = "game"
    HISTORY = "history"
    REVIEW = "review"


class ProblemKind(enum.StrEnum):
    """What happened to the file; the UI picks its sentence from this."""

    DAMAGED = "damaged"              # unreadable content: moved aside to ``moved_to``, defaults used
    NEWER_VERSION = "newer_version"  # written by a newer program: left alone (or, once we must
                                     # write that file, renamed to ``moved_to``; never deleted)
    UNREADABLE = "unreadable"        # the system refused to read it (permissions, I/O): left alone
    MIGRATED = "migrated"            # an older version was converted; the original copy is ``moved_to``
    WRITE_FAILED = "write_failed"    # could not be saved (disk full, permissions)


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem met with a data file.

    ``count`` is the number of records concerned (history lines), ``kept`` the number still read
    beside them; ``detail`` is an English note for the log, not for the player.
    """

    kind: ProblemKind
    file: FileKind
    path: Path
    moved_to: Path | None = None
    count: int = 1
    detail: str = ""
    kept: int | None = None     # history: the games still read when ``count`` lines were set aside
    errno: int | None = None    # the system's error number of a failed write (ENOSPC, EACCES...)
    restored_from: Path | None = None   # history: the backup put in place of a bad database
    lost: tuple[str, ...] | None = None  # ... and when each game it did not hold had finished
                                         # (ISO times; None: the bad database could not be read)
    since: datetime | None = None       # ... and when that backup was made
    recovered: int | None = None        # history: games with a bad row rebuilt from their record
                                        # (or, ``whole``: brought back from the copy set aside)
    whole: bool = False                 # history: the whole database was set aside
