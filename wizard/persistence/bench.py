"""How long ``Store.save_game`` takes on a late-game record (it runs after every action)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from wizard.engine import GameConfig, GameRecord, GameState, start

from .savegame import SavedGame
from .seats import SeatSpec
from .store import Store


def late_game(actions: int = 500, seed: int = 2024) -> GameState:
    """A 3-player game played with seeded random legal moves up to ``actions`` actions."""
    cfg = GameConfig(players=3, seed=seed)
    rng = random.Random(cfg.seed)
    moves = random.Random(f"bench:{seed}")
    state, _ = start(cfg, rng)
    while len(state.actions) < actions and not state.is_terminal:
        if state.is_chance:
            state.advance(rng)
        else:
            state.apply(moves.choice(state.legal_actions()))
    return state


def bench_save(repeats: int = 200, actions: int = 500) -> dict[str, float]:
    """Time ``save_game`` on a record of ``actions`` actions; print and return p50/max in ms."""
    state = late_game(actions)
    seats = [SeatSpec("You"), SeatSpec("Merlin", "ai", "expert"), SeatSpec("Morgan", "ai", "hard")]
    saved = SavedGame(GameRecord.of(state), seats)
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        store.save_game(saved)
        for _ in range(repeats):
            t0 = time.perf_counter()
            store.save_game(SavedGame(GameRecord.of(state), seats, created=saved.created))
            times.append((time.perf_counter() - t0) * 1000)
        background = Store(Path(tmp) / "bg", background=True)
        background.save_game(saved)
        background.flush()
        queued: list[float] = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            background.save_game(SavedGame(GameRecord.of(state), seats, created=saved.created))
            queued.append((time.perf_counter() - t0) * 1000)
            background.flush()
        background.close()
    result = {"p50": statistics.median(times), "max": max(times), "actions": len(state.actions),
              "background_p50": statistics.median(queued), "background_max": max(queued)}
    print(f"save actions: {len(state.actions)}")
    print(f"save ms p50: {result['p50']:.3f}")
    print(f"save ms max: {result['max']:.3f}")
    print(f"background save ms p50: {result['background_p50']:.3f}")
    print(f"background save ms max: {result['background_max']:.3f}")
    return result


if __name__ == "__main__":
    bench_save()
