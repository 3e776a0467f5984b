"""The statistics & history screen: paged list of finished games, score pad, statistics, replay."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import Edition, GameConfig, GameState, Options  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence import HistoryEntry, SeatSpec, Store  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.prefs import Prefs  # noqa: E402

NAMES = ["Anna", "Bruno", "Carme", "Didier", "Elena", "Ferran"]
T0 = datetime(2026, 3, 1, 18, 30, tzinfo=UTC)


def random_finished(config: GameConfig, seed: int) -> GameState:
    """A whole game played with random legal actions (deals from ``Random(config.seed)``)."""
    deals, moves = random.Random(config.seed), random.Random(seed)
    state = GameState.new(config)
    while not state.is_terminal:
        if state.is_chance:
            state.advance(deals)
        else:
            state.apply(moves.choice(state.legal_actions()))
    return state


GAMES: list[tuple[int, Edition, Options]] = [
    (4, Edition.CLASSIC, Options()),
    (3, Edition.MAGIC, Options(no_equal_sum=True)),
    (5, Edition.CAMELOT, Options()),
    (4, Edition.CLASSIC, Options(canadian=True)),
    (6, Edition.CLASSIC, Options()),
    (4, Edition.MAGIC, Options()),
]


def make_history(data_dir: Path, count: int = 6) -> list[HistoryEntry]:
    """``count`` seeded random games written to a store in ``data_dir``, oldest first."""
    store = Store(data_dir)
    out = []
    for i in range(count):
        players, edition, options = GAMES[i % len(GAMES)]
        cfg = GameConfig(players=players, edition=edition, options=options, seed=100 + i)
        state = random_finished(cfg, seed=i)
        seats = [SeatSpec(NAMES[0])] + [SeatSpec(NAMES[k], "ai", "normal") for k in range(1, players)]
        entry = HistoryEntry.from_game(state, seats, finished=T0 + timedelta(days=i))
        assert store.finish_game(entry) if i % 2 else store.append_history(entry)
        out.append(entry)
    return out
