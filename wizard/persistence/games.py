"""A game in progress: its record (config, seed, actions), the seats, and two timestamps; and
the Continue list's summaries (``SummaryCache``).

Each game in progress is stored in ``games/<id>.json`` (older versions kept one ``game.json``) as ``{"schema": 1, "record": {...}, "seats": [...], "created": ...,
"updated": ..., "extra": {...}}``. Loading replays the record through the engine, so an
impossible action makes the file damaged.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.engine import GameRecord, GameState, Phase, RecordError
from wizard.engine.record import RECORD_SCHEMA
from wizard.persistence.files.migrate import Migrations, NewerVersion
from wizard.session.deals import deal_rng
from wizard.session.seats import SeatSpec, seats_from_list

GAME_SCHEMA = 1
GAME_MIGRATIONS = Migrations(GAME_SCHEMA, {})
GAME_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def new_game_id() -> str:
    """A fresh game id: the start time (sorts by age) and random hex, e.g. ``20261124-061502-a3f9c1``."""
    return f"{checks.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def legacy_game_id(data: dict[str, Any]) -> str:
    """The id given to a migrated ``game.json``: the same content always gets the same id."""
    digest = hashlib.sha256(repr(sorted(data.get("record", {}).items())).encode()).hexdigest()
    return f"game-{digest[:12]}"


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the Continue list shows of one game: when, edition, who, which round, the totals."""

    game_id: str
    created: datetime
    updated: datetime
    edition: str
    names: tuple[str, ...]
    round: int
    rounds: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress. ``extra`` is a small flat object the table may keep to resume
    (e.g. which seat the screen shows); values are JSON scalars.

    >>> import random
    >>> from wizard.engine import GameConfig, start
    >>> cfg = GameConfig(players=3, seed=4)
    >>> state, _ = start(cfg, random.Random(cfg.seed))
    >>> _ = state.apply(state.legal_actions()[0])
    >>> saved = SavedGame(GameRecord.of(state), [SeatSpec("Ana"), SeatSpec("Bot", "ai", "easy"),
    ...                                         SeatSpec("Cy", "ai", "expert")])
    >>> again = SavedGame.from_dict(saved.to_dict())
    >>> again.record == saved.record and again.seats == saved.seats
    True
    >>> again.resume()[0].hands == state.hands
    True
    """

    record: GameRecord
    seats: tuple[SeatSpec, ...] | list[SeatSpec]
    created: datetime = field(default_factory=checks.now)
    updated: datetime | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    game_id: str = field(default_factory=new_game_id)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if not isinstance(self.game_id, str) or not GAME_ID_RE.fullmatch(self.game_id):
            raise ValueError(f"not a game id: {self.game_id!r}")
        if len(self.seats) != self.record.config.players:
            raise ValueError(f"{len(self.seats)} seats for {self.record.config.players} players")
        check_extra(self.extra)

    def resume(self) -> tuple[GameState, random.Random]:
        """Rebuild the game, and the deal rng that must carry on driving ``advance``."""
        rng = deal_rng(self.record.config.seed)
        return self.record.rebuild(rng), rng

    def summary(self) -> GameSummary:
        """The Continue list's line for this game (replays the record)."""
        state, _ = self.resume()
        rounds = self.record.config.rounds
        # The record ends at the last action: after a round's last card that is the round's end,
        # though the next round is already dealt and being bid (its deal is not an action).
        playing = state.round + 1 if state.phase is Phase.ROUND_END and state.round < rounds \
            else state.round
        return GameSummary(self.game_id, self.created, self.updated or self.created,
                           self.record.config.edition.value, tuple(s.name for s in self.seats),
                           max(1, playing), rounds, tuple(state.totals))

    def to_dict(self, updated: datetime | None = None) -> dict[str, Any]:
        """JSON form; ``updated`` defaults to the stored time, else now."""
        when = updated or self.updated or checks.now()
        return {"schema": GAME_SCHEMA, "record": self.record.to_dict(),
                "seats": [s.to_dict() for s in self.seats], "created": checks.iso(self.created),
                "updated": checks.iso(when), "extra": self.extra}

    @staticmethod
    def from_dict(data: Any, game_id: str | None = None) -> SavedGame:
        """Read a schema-1 object; checks every value and replays the record.

        Raises ``Invalid`` (damaged) or ``NewerVersion`` (the record is from a newer engine).
        """
        d = checks.obj(data, "saved game")
        record = read_record(d.get("record"))
        seats = seats_from_list(d.get("seats"), record.config.players)
        created = checks.timestamp(d.get("created"), "created")
        updated = checks.timestamp(d.get("updated"), "updated")
        extra = checks.obj(d.get("extra", {}), "extra")
        check_extra(extra)
        saved = SavedGame(record, seats, created, updated, dict(extra),
                          game_id or legacy_game_id(d))
        prove_legal(record)
        return saved


def check_extra(extra: Any) -> None:
    """``extra`` must be a small flat object of JSON scalars (``Invalid``, a ``ValueError``)."""
    checks.obj(extra, "extra")
    for key, value in extra.items():
        checks.text(key, "extra key", 64)
        if value is not None and not isinstance(value, bool | int | float | str):
            raise Invalid("extra values must be plain scalars")
    checks.json_data(extra, "extra", depth=1, budget=[200])


def read_record(data: Any) -> GameRecord:
    """A ``GameRecord`` from its JSON form; ``NewerVersion`` for a newer record schema."""
    d = checks.obj(data, "record")
    version = d.get("schema")
    if isinstance(version, int) and not isinstance(version, bool) and version > RECORD_SCHEMA:
        raise NewerVersion(version, RECORD_SCHEMA)
    actions = d.get("actions")
    if isinstance(actions, list) and len(actions) > 5000:
        raise Invalid("too many actions for one game")
    try:
        return GameRecord.from_dict(d)
    except (RecordError, ValueError, TypeError) as e:
        raise Invalid(f"bad record: {e}") from None


def prove_legal(record: GameRecord) -> GameState:
    """Replay the record through the engine; an impossible action is ``Invalid``."""
    try:
        return record.rebuild(deal_rng(record.config.seed))
    except (RecordError, ValueError, TypeError, KeyError, IndexError) as e:
        raise Invalid(f"impossible record: {e}") from None


# ---- the Continue list's summaries -----------------------------------------------------------

FileKey = tuple[int, int, int]


def file_key(path: Path) -> FileKey | None:
    """What tells a changed file: (modification time in ns, size, inode); None if it is gone."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class SummaryCache:
    """Summaries of the games in progress by id, each with the file key it was read at: the
    Continue list's summaries, read once and kept (a game file is replayed again only when it
    changed on disk: its size, time or inode), so laying the menu out again costs a ``stat`` a
    game.

    >>> cache = SummaryCache()
    >>> cache.get("g1", (1, 2, 3)) is None
    True
    """

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
