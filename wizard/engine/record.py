"""A complete record of a game: configuration (with its seed) and every player action.

The deals come from ``random.Random(config.seed)`` consumed by ``advance``;
so the record rebuilds the exact game through the checked API.

>>> import random
>>> from .config import GameConfig
>>> cfg = GameConfig(players=3, seed=11)
>>> state, _ = start(cfg, random.Random(cfg.seed))
>>> _ = state.apply(state.legal_actions()[0])
>>> rec = GameRecord.of(state)
>>> GameRecord.from_dict(rec.to_dict()) == rec
True
>>> rec.rebuild(random.Random(cfg.seed)).hands == state.hands
True

A solo game may take back a person's decisions; the record keeps each take-back (who, the move
number it went back to, and the actions it undid), and is then written at schema 2:

>>> tb = GameRecord(cfg, rec.actions[:0], (TakeBack(0, 0, rec.actions),))
>>> GameRecord.from_dict(tb.to_dict()) == tb, tb.to_dict()["schema"]
(True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .config import GameConfig
from .errors import ConfigError, IllegalActionError
from .events import Event
from .phase import Phase
from .state import GameState, start  # noqa: F401  (start used in doctests)

RECORD_SCHEMA = 2          # 2: take-backs; a record without any is still written as 1
MAX_TAKEBACKS = 5000       # more take-backs than this in one record is a damaged file


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``index`` is the first bad action, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@dataclass(slots=True)
class Step:
    """One action of a replayed game: yielded by ``steps`` just before it is applied.

    ``state`` is the live game (the same object at every step: clone it to keep it), positioned
    before the action; ``dealt`` the events of the chance steps advanced just before it (a draw,
    a deal); ``events`` the action's own events, filled in once it is applied (when the loop
    comes back to the iterator).

    With ``steps(..., snapshots=True)`` a step also keeps two snapshots (never changed): ``before``,
    the game right after its chance steps (None when there were none), and ``after``, the game
    right after the action, before the next deal (filled in with ``events``).
    """

    index: int                 # actions played before this one
    seat: int | None           # the seat acting
    action: Action
    state: GameState
    dealt: tuple[Event, ...] = ()
    events: tuple[Event, ...] = field(default=())
    before: GameState | None = None
    after: GameState | None = None


def deal_in(state: GameState, rng: random.Random) -> tuple[Event, ...]:
    """Advance every chance step ``state`` waits for (a draw, a deal) with ``rng``; their events.

    The walk's one way of dealing: ``steps`` calls it before each action, and a replay after the
    last action of a record that stops before its first deal.
    """
    dealt: list[Event] = []
    while state.is_chance:
        dealt += state.advance(rng)
    return tuple(dealt)


def steps(state: GameState, actions: Sequence[Action], rng: random.Random, *,
          snapshots: bool = False) -> Iterator[Step]:
    """Replay ``actions`` on ``state`` through the checked API, one ``Step`` per action; the
    chance steps before an action are advanced with ``rng`` (``random.Random(config.seed)`` for a
    fresh ``GameState.new(config)``).

    The one walk through a record: ``GameRecord.rebuild``, the review, the session's take-back
    and the replay use it. A refused action raises ``RecordError`` naming its index.
    ``snapshots``: each step also keeps the game right after its deal and right after its action
    (``Step.before``, ``Step.after``), for a replay that shows every moment; the steps are
    otherwise the same.

    >>> cfg = GameConfig(players=3, seed=5)
    >>> game, _ = start(cfg, random.Random(5))
    >>> _ = game.apply(game.legal_actions()[0])
    >>> walk = list(steps(GameState.new(cfg), game.actions, random.Random(5)))
    >>> len(walk), walk[0].index, walk[0].action == game.actions[0], len(walk[0].dealt) > 3
    (1, 0, True, True)
    >>> kept = list(steps(GameState.new(cfg), game.actions, random.Random(5), snapshots=True))
    >>> kept[0].before.actions, kept[0].after.actions == game.actions, walk[0].after
    ([], True, None)
    """
    for i, action in enumerate(actions):
        dealt = deal_in(state, rng)
        step = Step(len(state.actions), state.current_player, action, state, dealt,
                    before=state.clone() if snapshots and dealt else None)
        yield step
        try:
            step.events = tuple(state.apply(action))
        except IllegalActionError as e:
            raise RecordError(f"action {i} ({action.record()}) is illegal: {e}", i) from e
        if snapshots:
            step.after = state.clone()


@dataclass(frozen=True, slots=True)
class TakeBack:
    """A take-back: ``seat``'s person went back to move number ``to`` (the actions before it
    stayed), undoing ``undone`` (their own decision first, then what came after it)."""

    seat: int
    to: int
    undone: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: ``{"seat": 0, "to": 12, "undone": ["play R3", "play G5"]}``."""
        return {"seat": self.seat, "to": self.to, "undone": [a.record() for a in self.undone]}

    @staticmethod
    def from_dict(data: Any, players: int, budget: list[int]) -> TakeBack:
        """Read ``to_dict`` output (``RecordError`` if malformed); ``budget[0]`` is how many undone
        actions may still be read, shared by every take-back of a record."""
        if not isinstance(data, dict):
            raise RecordError("a take-back must be an object")
        seat, to, raw = data.get("seat"), data.get("to"), data.get("undone")
        if type(seat) is not int or not 0 <= seat < players:
            raise RecordError(f"a take-back's seat must be 0..{players - 1}, not {seat!r}")
        if type(to) is not int or not 0 <= to <= 10_000:
            raise RecordError(f"a take-back's move number must be 0..10000, not {to!r}")
        if not isinstance(raw, list) or not raw:
            raise RecordError("a take-back's undone actions must be a non-empty list")
        budget[0] -= len(raw)
        if budget[0] < 0:
            raise RecordError("too many undone actions")
        try:
            undone = tuple(Action.from_record(t) for t in raw)
        except IllegalActionError as e:
            raise RecordError(f"a take-back's undone action: {e}") from e
        return TakeBack(seat, to, undone)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Config (with seed), the player actions in order, and the take-backs made on the way."""

    config: GameConfig
    actions: tuple[Action, ...]
    takebacks: tuple[TakeBack, ...] = ()

    @staticmethod
    def of(state: GameState, takebacks: Sequence[TakeBack] = ()) -> GameRecord:
        """The record of a game so far (with the take-backs its session made)."""
        return GameRecord(state.config, tuple(state.actions), tuple(takebacks))

    def rebuild(self, rng: random.Random) -> GameState:
        """Replay the record through the checked API; pass ``random.Random(config.seed)``.

        Raises ``RecordError`` naming the first action the rules refuse.
        """
        state = GameState.new(self.config)
        for _step in steps(state, self.actions, rng):
            pass
        while state.phase in (Phase.DRAW, Phase.DEAL):
            state.advance(rng)
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: ``{"schema": 1, "config": {...}, "actions": ["bid 2", "play R13", ...]}``,
        and with take-backs ``{"schema": 2, ..., "takebacks": [{...}, ...]}``.

        A record without take-backs keeps schema 1, so an older program still reads it; one with
        take-backs is schema 2, which an older program refuses (keeping the file) rather than
        reading it without them.
        """
        out: dict[str, Any] = {"schema": 2 if self.takebacks else 1,
                               "config": self.config.to_dict(),
                               "actions": [a.record() for a in self.actions]}
        if self.takebacks:
            out["takebacks"] = [t.to_dict() for t in self.takebacks]
        return out

    @staticmethod
    def from_dict(data: Any) -> GameRecord:
        """Read ``to_dict`` output; anything malformed raises ``RecordError``."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be an object")
        schema = data.get("schema")
        if type(schema) is not int or not 1 <= schema <= RECORD_SCHEMA:
            raise RecordError(f"unknown record schema {schema!r}")
        try:
            config = GameConfig.from_dict(data.get("config"))  # type: ignore[arg-type]
        except ConfigError as e:
            raise RecordError(f"bad config: {e}") from e
        raw = data.get("actions")
        if not isinstance(raw, list):
            raise RecordError("actions must be a list")
        actions = []
        for i, text in enumerate(raw):
            try:
                actions.append(Action.from_record(text))
            except IllegalActionError as e:
                raise RecordError(f"action {i}: {e}", i) from e
        raw_tb = data.get("takebacks", []) if schema >= 2 else []
        if not isinstance(raw_tb, list) or len(raw_tb) > MAX_TAKEBACKS:
            raise RecordError(f"takebacks must be a list of at most {MAX_TAKEBACKS}")
        budget = [50_000]
        takebacks = tuple(TakeBack.from_dict(t, config.players, budget) for t in raw_tb)
        if takebacks and takebacks[-1].to > len(actions):     # the game went on from the last one
            raise RecordError(f"a take-back to move {takebacks[-1].to}, after the last move")
        return GameRecord(config, tuple(actions), takebacks)


def replay(config: GameConfig, actions: Sequence[Action], rng: random.Random) -> GameState:
    """Rebuild a game from its configuration and actions; chance steps draw from ``rng``.

    The same checked replay as ``GameRecord.rebuild`` (a refused action raises ``RecordError``
    naming its index). The first draw and deal are advanced; a game that stops at ROUND_END
    stays there (the next deal is the caller's).
    """
    return GameRecord(config, tuple(actions)).rebuild(rng)
