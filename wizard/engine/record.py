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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .config import GameConfig
from .errors import ConfigError, IllegalActionError
from .phase import Phase
from .state import GameState, start  # noqa: F401  (start used in doctests)

RECORD_SCHEMA = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``index`` is the first bad action, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Config (with seed) and the player actions, in order."""

    config: GameConfig
    actions: tuple[Action, ...]

    @staticmethod
    def of(state: GameState) -> GameRecord:
        """The record of a game so far."""
        return GameRecord(state.config, tuple(state.actions))

    def rebuild(self, rng: random.Random) -> GameState:
        """Replay the record through the checked API; pass ``random.Random(config.seed)``.

        Raises ``RecordError`` naming the first action the rules refuse.
        """
        state = GameState.new(self.config)
        for i, action in enumerate(self.actions):
            while state.is_chance:
                state.advance(rng)
            try:
                state.apply(action)
            except IllegalActionError as e:
                raise RecordError(f"action {i} ({action.record()}) is illegal: {e}", i) from e
        while state.phase in (Phase.DRAW, Phase.DEAL):
            state.advance(rng)
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: ``{"schema": 1, "config": {...}, "actions": ["bid 2", "play R13", ...]}``."""
        return {"schema": RECORD_SCHEMA, "config": self.config.to_dict(),
                "actions": [a.record() for a in self.actions]}

    @staticmethod
    def from_dict(data: Any) -> GameRecord:
        """Read ``to_dict`` output; anything malformed raises ``RecordError``."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be an object")
        if data.get("schema") != RECORD_SCHEMA:
            raise RecordError(f"unknown record schema {data.get('schema')!r}")
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
        return GameRecord(config, tuple(actions))


def replay(config: GameConfig, actions: Sequence[Action], rng: random.Random) -> GameState:
    """Rebuild a game from its configuration and actions; chance steps draw from ``rng``.

    The same checked replay as ``GameRecord.rebuild`` (a refused action raises ``RecordError``
    naming its index). The first draw and deal are advanced; a game that stops at ROUND_END
    stays there (the next deal is the caller's).
    """
    return GameRecord(config, tuple(actions)).rebuild(rng)
