"""Golden playthroughs: seeded full games written as text and diffed.

Regenerate after an intended rules change with ``WIZARD_REGEN_GOLDEN=1 pytest tests/test_engine_golden.py``
and review the diff.
"""

from __future__ import annotations

import os
import random
from dataclasses import fields
from pathlib import Path

import pytest

from wizard.engine import BidVisibility, Edition, Event, GameConfig, GameState, Options

GOLDEN = Path(__file__).parent / "golden"

GAMES = {
    "classic-4p": GameConfig(players=4, seed=2024),
    "magic-3p-no-equal-sum": GameConfig(players=3, edition=Edition.MAGIC, seed=7,
                                        options=Options(no_equal_sum=True)),
    "camelot-5p": GameConfig(players=5, edition=Edition.CAMELOT, seed=31),
    "classic-6p-scroll-hidden-canadian": GameConfig(
        players=6, seed=99, first_dealer=2,
        options=Options(scroll=True, canadian=True, bids=BidVisibility.HIDDEN)),
}


def describe(event: Event) -> str:
    """One readable line per event."""
    parts = []
    for f in fields(event):  # type: ignore[arg-type]
        v = getattr(event, f.name)
        if isinstance(v, tuple) and v and isinstance(v[0], tuple):
            v = " ".join(f"{s}:{c}" for s, c in v)
        elif isinstance(v, tuple):
            v = " ".join(map(str, v))
        parts.append(f"{f.name}={v}")
    return f"{type(event).__name__} " + " ".join(parts)


def playthrough(cfg: GameConfig) -> str:
    deal_rng, rng = random.Random(cfg.seed), random.Random(cfg.seed + 1)
    state = GameState.new(cfg)
    lines = [f"config {cfg.to_dict()}"]
    while not state.is_terminal:
        if state.is_chance:
            events = state.advance(deal_rng)
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            lines.append(f"> seat {state.current_player} {action.record()}   "
                         f"(legal: {' '.join(map(str, legal))})")
            events = state.apply(action)
        lines += ["  " + describe(e) for e in events]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = playthrough(GAMES[name])
    if os.environ.get("WIZARD_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.exists(), "run with WIZARD_REGEN_GOLDEN=1 to create it"
    expected = path.read_text()
    assert text == expected, f"{name} differs from {path}; regenerate if intended and review the diff"
