"""Helpers shared by the engine tests."""

from __future__ import annotations

import random
from typing import Any

from helpers import play_to_end

from wizard.engine import GameConfig, GameState
from wizard.engine.fields import GameFields


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Every field of a state, deep enough to notice any change."""
    out = []
    for name in GameFields.__slots__:
        if name == "_legal":
            continue
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out.append((name, value))
    return tuple(out)


def random_game(config: GameConfig, seed: int) -> tuple[GameState, list[Any]]:
    """Play a whole game with uniformly random legal actions; returns the state and all events."""
    deal_rng = random.Random(config.seed)
    move_rng = random.Random(seed)
    events: list[Any] = []
    state = play_to_end(GameState.new(config), deal_rng, move_rng, events=events)
    return state, events
