"""``python -m wizard.bench hint``: how long the hint (the coach) takes, bids and cards.

Plays seeded games (3 to 6 players, each edition) with Normal seats and asks the coach, as the
hint does, at every real choice of seat 0. Prints the decisions timed, the median, 95th percentile
and maximum of the wall time and of the deciding thread's CPU time, and how often a number did not
reach its stated precision within the time cap. The target is a p95 of at most 1.5 s.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from wizard.ai import make_ai
from wizard.ai.base import decision_rng, play_through
from wizard.ai.coach import Coach
from wizard.ai.seats import PERSON
from wizard.engine import Action, Edition, GameConfig, GameState, Phase, PlayerView

TARGET_P95_S = 1.5
TABLES = ((4, "classic"), (3, "magic"), (5, "camelot"), (6, "classic"))


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def measure(games: int = 1, seed: int = 1) -> dict[str, list[tuple[float, float, bool]]]:
    """(wall s, CPU s, precise) of every coached decision, by kind ("bid", "card")."""
    out: dict[str, list[tuple[float, float, bool]]] = {"bid": [], "card": []}
    normal = make_ai("normal")
    for g in range(games * len(TABLES)):
        players, edition = TABLES[g % len(TABLES)]
        gseed = seed * 1000 + g
        state = GameState.new(GameConfig(players, seed=gseed, edition=Edition(edition)))

        def decide(seat: int, view: PlayerView, state: GameState = state, gseed: int = gseed,
                   players: int = players) -> Action:
            step = len(state.actions)
            if seat == 0 and len(view.legal) > 1 and view.phase in (Phase.BID, Phase.PLAY):
                wall, cpu = time.perf_counter(), time.thread_time()
                table = [PERSON] + ["normal"] * (players - 1)     # as the hint tells it (#37)
                _a, notes = Coach(table=table).suggest(view, random.Random(f"hint:{gseed}:{step}"))
                wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                out["bid" if view.phase is Phase.BID else "card"].append(
                    (wall, cpu, bool(notes.get("precise"))))
            return normal.decide(view, decision_rng(gseed, seat, step))

        play_through(state, random.Random(gseed), decide)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench hint")
    p.add_argument("what", nargs="?")
    p.add_argument("--games", type=int, default=1, help="games of each table")
    p.add_argument("--seed", type=int, default=1)
    args, _rest = p.parse_known_args(argv)
    got = measure(args.games, args.seed)
    every = got["bid"] + got["card"]
    print(f"hint (coach) decisions of seat 0, tables {TABLES}, seed {args.seed}:")
    for kind, rows in (*got.items(), ("all", every)):
        wall = [r[0] for r in rows]
        cpu = [r[1] for r in rows]
        print(f"  {kind}: {len(rows)} decisions; wall s p50 {_pct(wall, .5):.3f} p95 "
              f"{_pct(wall, .95):.3f} max {max(wall, default=0):.3f}; cpu s p50 {_pct(cpu, .5):.3f} "
              f"p95 {_pct(cpu, .95):.3f} max {max(cpu, default=0):.3f}; "
              f"short of the precision: {sum(not r[2] for r in rows)}")
    p95 = _pct([r[0] for r in every], .95)
    print(f"target: p95 <= {TARGET_P95_S} s: {'ok' if p95 <= TARGET_P95_S else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
