"""Hard: Monte Carlo. Samples the hidden hands consistent with the view (voids from not following
suit) and scores each legal card, and each plausible bid, by play-outs with the rule policy."""

from __future__ import annotations

import random
from typing import Any

from . import heuristics as H
from .base import own_hand_samples
from .knowledge import Info
from .normal import NormalPlayer, bid_estimate
from .rollout import Rules, World, points
from .sampling import sample_hands, world_of
from .search import evaluate_cards, expected_score, trick_distributions


class HardPlayer(NormalPlayer):
    """Determinized Monte Carlo with the Normal policy for play-outs."""

    name = "hard"
    budget = 4000        # simulated card plays per decision (a sampled world counts world_cost)
    world_cost = 25
    min_worlds = 6
    max_worlds = 200
    cap_s = 0.25         # CPU-time safety cap (seconds): far above the work budget's worst case
    bid_spread = 1

    def source(self, info: Info, rng: random.Random) -> Any:
        """A function drawing one consistent world."""
        owns = own_hand_samples(info, rng, 64) if info.hand is None else None
        counter = [0]

        def draw(r: random.Random) -> World:
            own = None
            if owns is not None:
                own = owns[counter[0] % len(owns)]
                counter[0] += 1
            return world_of(info, sample_hands(info, r, own))
        return draw

    def utility(self, info: Info) -> Any:
        """Score of a played-out world for this seat."""
        seat = info.seat

        def u(w: World, rules: Rules) -> float:
            return float(points(w, rules, seat))
        return u

    def candidate_bids(self, info: Info, legal: list[int], rng: random.Random) -> list[int]:
        """Bids worth simulating: the legal ones near the rule estimate."""
        hands = own_hand_samples(info, rng, 4)
        est = sum(bid_estimate(info, h) for h in hands) / len(hands)
        near = [b for b in legal if abs(b - est) <= self.bid_spread + 0.5]
        return near or [H.nearest_bid(est, legal)]

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        cands = self.candidate_bids(info, legal, rng)
        if len(cands) == 1:
            return cands[0]
        dist, bonus, worlds = trick_distributions(
            info, cands, self.source(info, rng), rng, self.budget, self.min_worlds,
            self.max_worlds, self.cap_s, self.world_cost)
        ev = {b: expected_score(b, dist[b], info) + bonus[b] for b in cands}
        notes.update(worlds=worlds, ev={b: round(v, 1) for b, v in ev.items()})
        return max(cands, key=lambda b: (ev[b], -b))

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        means, worlds = evaluate_cards(info, legal, self.source(info, rng), rng, self.utility(info),
                                       self.budget, self.min_worlds, self.max_worlds, self.cap_s,
                                       world_cost=self.world_cost)
        notes.update(worlds=worlds, values={c: round(v, 1) for c, v in means.items()})
        return max(legal, key=lambda c: (means[c], -c))
