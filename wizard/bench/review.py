"""``python -m wizard.bench review``: the time to review a whole 4-player game for one person.

The game is seeded and played to its end with every seat deciding like Normal (the reviewed seat
included), then reviewed by the coach exactly as the review screen does (same thread, no store).
Prints the decisions appraised, the wall time and the CPU time of the review; the target is at
most 60 s on the reference machine, the coach sampling until every number is precise (the CPU
time is what a busy machine disturbs least).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from wizard.ai import make_ai
from wizard.ai.base import decision_rng, play_through
from wizard.engine import GameConfig, GameState
from wizard.persistence.history.entry import HistoryEntry
from wizard.review.engine import moments, review_game
from wizard.session.seats import SeatSpec

TARGET_S = 60.0


def seeded_game(seed: int = 1, players: int = 4) -> HistoryEntry:
    """A finished game: seat 0 a person (played like Normal), the others Normal."""
    cfg = GameConfig(players, seed=seed)
    state = GameState.new(cfg)
    ai = make_ai("normal")
    play_through(state, random.Random(seed),
                 lambda seat, view: ai.decide(view, decision_rng(seed, seat, len(state.actions))))
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "ai", "normal") for i in range(1, players)]
    return HistoryEntry.from_game(state, seats)


def measure(seed: int = 1, players: int = 4) -> tuple[int, float, float]:
    """(decisions appraised, wall seconds, CPU seconds) of one review."""
    entry = seeded_game(seed, players)
    wall, cpu = time.perf_counter(), time.process_time()
    review = review_game(entry)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert review is not None
    return len(moments(entry)), wall, cpu


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench review")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=4)
    args, _rest = p.parse_known_args(argv)
    n, wall, cpu = measure(args.seed, args.players)
    print(f"review of a {args.players}-player game (seed {args.seed}), one person: "
          f"{n} decisions appraised by the coach")
    print(f"review wall s: {wall:.2f}")
    print(f"review cpu s: {cpu:.2f}")
    print(f"per decision ms: {1000 * cpu / max(1, n):.0f} (cpu)")
    print(f"target: <= {TARGET_S:.0f} s: {'ok' if wall <= TARGET_S else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
