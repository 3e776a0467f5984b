"""Benchmarks that print their figures: ``python -m wizard.bench engine|ui|persistence``.

Figures are medians over several repetitions in one process (one core), timed in CPU time
(time.process_time) so that other processes on a busy machine disturb them less. Compare ratios within a
run; the machines are noisy.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable

from wizard.engine import GameConfig, GameState, Play


def random_games(seconds: float, players: int = 4, seed: int = 1) -> tuple[float, float]:
    """(full random games per second, card plays per second) through the checked public API.

    Each step is a uniform random choice among ``legal_actions()``, drawn from the rng, passed to
    ``apply()``; deals go through ``advance(rng)``. The loop itself is kept lean (bound methods,
    plays counted once per game from the record) so that it measures the engine.
    """
    cfg = GameConfig(players=players, seed=seed)
    rng = random.Random(seed)
    random_ = rng.random  # uniform choice among the legal actions
    games = plays = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = GameState.new(cfg)
        legal_actions, apply, advance = state.legal_actions, state.apply, state.advance
        while True:
            legal = legal_actions()          # empty during chance steps and after the game
            if legal:
                apply(legal[int(random_() * len(legal))])
            elif state.is_terminal:
                break
            else:
                advance(rng)
        games += 1
        plays += list(map(type, state.actions)).count(Play)
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return games / elapsed, plays / elapsed


def _median(fn: Callable[[], float], reps: int) -> float:
    return statistics.median(fn() for _ in range(reps))


def bench_engine(reps: int = 5, seconds: float = 1.0) -> None:
    """Print ``games/s``, ``plays/s`` and (when the fast simulator exists) ``fast games/s``."""
    results = [random_games(seconds) for _ in range(reps)]
    games = statistics.median(r[0] for r in results)
    plays = statistics.median(r[1] for r in results)
    print("engine: random 4-player classic games (15 rounds), checked public API, one core")
    print(f"games/s: {games:.0f}")
    print(f"plays/s: {plays:.0f}")
    try:
        fast = importlib.import_module("wizard.engine.fast")
    except ImportError:
        print("fast games/s: unavailable (wizard.engine.fast not built yet)")
        return
    fast_rate = _median(lambda: float(fast.bench_fast(seconds, random.Random(1))), reps)
    print(f"fast games/s: {fast_rate:.0f}")
    print(f"fast/checked ratio: {fast_rate / games:.1f}")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m wizard.bench", description=__doc__)
    parser.add_argument("what", choices=["engine", "ui", "persistence"])
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args(argv)
    if args.what == "engine":
        bench_engine(args.reps)
    elif args.what == "ui":
        return int(importlib.import_module("wizard.ui.bench").main() or 0)
    else:
        importlib.import_module("wizard.persistence.bench").bench_save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
