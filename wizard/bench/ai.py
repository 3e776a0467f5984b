"""Decision times of the computer players: ``python -m wizard.bench ai``.

Plays full games at 3, 4, 5 and 6 players in every edition, with the options that change what a
player decides (hidden and secret bids, clairvoyance, no equal sum, canadian, scroll), the levels
rotating through the seats so that every level plays every round size at every table size. Each
decision is timed in CPU time of the deciding thread (``time.thread_time``), like the arena, so a
busy machine does not inflate the figures. Forced moves (one legal action) are counted apart: the
issue asks them to be answered at once.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from wizard.ai import LEVELS, make_ai
from wizard.ai.base import decision_rng, play_through
from wizard.engine import Action, BidVisibility, Edition, GameConfig, GameState, Options, PlayerView

#: p95 and maximum a level may take per decision (ms, one core of the CI machine).
TARGET_P95_MS = 150.0
TARGET_MAX_MS = 500.0

#: The tables played at every player count: every edition, every decision-changing option.
TABLES: tuple[tuple[str, Edition, Options], ...] = (
    ("classic", Edition.CLASSIC, Options()),
    ("magic, secret bids, canadian", Edition.MAGIC,
     Options(bids=BidVisibility.SECRET, canadian=True)),
    ("camelot, hidden bids", Edition.CAMELOT, Options(bids=BidVisibility.HIDDEN)),
    ("classic, clairvoyance, no equal sum, scroll", Edition.CLASSIC,
     Options(clairvoyance=True, no_equal_sum=True, scroll=True)),
)


@dataclass
class Times:
    """The decision times (ms) of one level: free decisions by (players, round size), forced ones."""

    free: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    forced: list[float] = field(default_factory=list)

    def all_free(self, players: int | None = None) -> list[float]:
        """Every free decision time, or only those at ``players`` seats; sorted."""
        return sorted(t for (n, _), ts in self.free.items() if players in (None, n) for t in ts)


def percentile(sorted_vals: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values (0 for none)."""
    if not sorted_vals:
        return 0.0
    return sorted_vals[min(len(sorted_vals) - 1, int(q * (len(sorted_vals) - 1) + 0.5))]


def within_targets(t: Times) -> tuple[float, float, bool]:
    """(p95, max, both within the targets) over all the free decisions of one level."""
    vals = t.all_free()
    p95, top = percentile(vals, 0.95), (vals[-1] if vals else 0.0)
    return p95, top, p95 <= TARGET_P95_MS and top <= TARGET_MAX_MS


def _ordered(times: dict[str, Times]) -> list[str]:
    return [name for name in LEVELS if name in times] + sorted(set(times) - set(LEVELS))


def time_game(cfg: GameConfig, seats: list[str], times: dict[str, Times],
              max_rounds: int = 0) -> None:
    """Play one game with ``seats`` (level names) and add every decision's time to ``times``."""
    players = [make_ai(name) for name in seats]

    def decide(actor: int, view: PlayerView) -> Action:
        rng = decision_rng(cfg.seed, actor, len(state.actions))
        t0 = time.thread_time()
        action = players[actor].decide(view, rng)
        spent_ms = (time.thread_time() - t0) * 1000.0
        level = times.setdefault(seats[actor], Times())
        if len(view.legal) == 1:
            level.forced.append(spent_ms)
        else:
            level.free.setdefault((cfg.players, state.round), []).append(spent_ms)
        return action

    state = GameState.new(cfg)
    play_through(state, random.Random(cfg.seed), decide, max_rounds)


def measure(player_counts: tuple[int, ...] = (3, 4, 5, 6), games: int = 1, seed: int = 7,
            levels: tuple[str, ...] = LEVELS, max_rounds: int = 0,
            tables: tuple[tuple[str, Edition, Options], ...] = TABLES) -> dict[str, Times]:
    """Decision times of ``levels`` over ``games`` games per table and player count."""
    times: dict[str, Times] = {}
    k = 0
    for n in player_counts:
        for _, edition, options in tables:
            for g in range(games):
                seats = [levels[(k + i) % len(levels)] for i in range(n)]
                k += 1
                cfg = GameConfig(players=n, edition=edition, options=options,
                                 seed=random.Random(f"bench-ai:{seed}:{n}:{k}:{g}").getrandbits(48))
                time_game(cfg, seats, times, max_rounds)
    return times


def report(times: dict[str, Times]) -> list[str]:
    """The printed lines: per level and player count, p50 / p95 / max, the slowest round size."""
    lines = [f"{'level':<8} {'players':>7} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} "
             f"{'max ms':>8}  slowest round size (p95 ms)"]
    for level in _ordered(times):
        t = times[level]
        for n in sorted({n for n, _ in t.free}):
            vals = t.all_free(n)
            sizes = {r: sorted(ts) for (m, r), ts in t.free.items() if m == n}
            worst = max(sizes, key=lambda r: percentile(sizes[r], 0.95))
            lines.append(f"{level:<8} {n:>7} {len(vals):>9} {percentile(vals, 0.5):>8.2f} "
                         f"{percentile(vals, 0.95):>8.2f} {vals[-1]:>8.2f}  "
                         f"{worst} ({percentile(sizes[worst], 0.95):.2f})")
    lines.append("")
    lines.append(f"targets: p95 <= {TARGET_P95_MS:g} ms and max <= {TARGET_MAX_MS:g} ms per level")
    for level in _ordered(times):
        t = times[level]
        p95, top, ok = within_targets(t)
        forced = max(t.forced, default=0.0)
        lines.append(f"{level}: p95 {p95:.2f} ms, max {top:.2f} ms over {len(t.all_free())} decisions "
                     f"-> {'ok' if ok else 'OVER TARGET'}; forced moves: {len(t.forced)}, "
                     f"max {forced:.3f} ms")
    return lines


def main(games: int = 1) -> int:
    """Print the figures; 1 if a level misses a target."""
    print("AI decision times: CPU time of the deciding thread, full games, every edition;"
          f" {games} game(s) per table x {len(TABLES)} tables x 3-6 players")
    for name, _, _ in TABLES:
        print(f"  table: {name}")
    times = measure(games=games)
    for line in report(times):
        print(line)
    return 0 if all(within_targets(t)[2] for t in times.values()) else 1
