"""Expert: determinized search with inference.

Sampled worlds are weighted by how likely each opponent's bid is given its sampled hand; bids
maximise EV(b) = P(b)(20+10b) − 10·Σk P(k)|b−k| over the simulated trick distribution (Camelot
bonuses included); the last tricks are searched exactly (max-n); in the last rounds the utility
is the standing (rank), not only the points. Common random numbers across candidates; the work
budget is counted in simulated plays, with a CPU-time cap (rarely reached).
"""

from __future__ import annotations

import random
from typing import Any

from .base import own_hand_samples
from .hard import HardPlayer
from .knowledge import Info
from .rollout import Rules, World, points
from .sampling import weighted_worlds, world_of
from .search import endgame_value, evaluate_cards


class ExpertPlayer(HardPlayer):
    """Inference-weighted determinized search, EV bidding, exact endgame, rank-aware late play."""

    name = "expert"
    budget = 6000
    world_cost = 70
    min_worlds = 8
    max_worlds = 300
    cap_s = 0.30
    bid_spread = 2
    pool_factor = 3

    def source(self, info: Info, rng: random.Random) -> Any:
        owns = own_hand_samples(info, rng, 64) if info.hand is None else None
        batch: list[list[list[int]]] = []

        def draw(r: random.Random) -> World:
            if not batch:
                factor = self.pool_factor if any(
                    b is not None for s, b in enumerate(info.bids) if s != info.seat) else 1
                batch.extend(reversed(weighted_worlds(info, r, 8, factor, owns)))
            return world_of(info, batch.pop())
        return draw

    def utility(self, info: Info) -> Any:
        seat = info.seat
        left = info.rounds - info.round
        if left >= 2:
            return super().utility(info)
        totals = info.totals
        n = info.n

        def u(w: World, rules: Rules) -> float:
            final = [totals[s] + points(w, rules, s) for s in range(n)]
            mine = final[seat]
            best_other = max(final[s] for s in range(n) if s != seat)
            if left == 0:
                # Last round: winning is what counts; points break ties.
                return 100.0 * (mine > best_other) + 50.0 * (mine == best_other) + 0.2 * (mine - totals[seat])
            return (mine - totals[seat]) + 0.3 * min(60.0, max(-60.0, mine - best_other))
        return u

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        assert info.hand is not None
        small = len(info.hand) <= 2 and info.rounds - info.round >= 2
        endgame = (lambda w, rules, me: endgame_value(w, rules, me)) if small else None
        means, worlds = evaluate_cards(info, legal, self.source(info, rng), rng, self.utility(info),
                                       self.budget, self.min_worlds, self.max_worlds, self.cap_s,
                                       endgame, self.world_cost)
        notes.update(worlds=worlds, values={c: round(v, 1) for c, v in means.items()})
        return max(legal, key=lambda c: (means[c], -c))
