"""Expert: determinized search with inference, spending its thinking time where choices are close.

Sampled worlds are weighted by how likely each opponent's bid is given its sampled hand; bids
maximise EV(b) = P(b)(20+10b) − 10·Σk P(k)|b−k| over the simulated trick distribution (Camelot
bonuses included); the last tricks are searched exactly (max-n); in the last rounds the utility
is the standing (rank), not only the points. Common random numbers across candidates; the work
budget is counted in simulated plays, with a CPU-time cap (rarely reached). Candidates race
(``race.py``): those clearly below the leader stop being simulated and their work goes to the
close ones.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, Bid, PlayerView
from .base import own_hand_samples
from .hard import HardPlayer
from .knowledge import Info
from .race import race_bids, race_cards
from .rollout import Rules, World, points
from .sampling import weighted_worlds, world_of
from .search import endgame_value


class ExpertPlayer(HardPlayer):
    """Inference-weighted determinized search, EV bidding, exact endgame, rank-aware late play."""

    name = "expert"
    budget = 45000   # simulated card plays per decision (a sampled world counts world_cost)
    world_cost = 70
    min_worlds = 16
    max_worlds = 2250
    cap_s = 0.40     # CPU-time safety cap: far above the budget's worst case on this machine
    bid_spread = 2
    pool_factor = 3
    z = 2.5          # candidates below the leader by z standard errors drop out (0: never)

    def __init__(self, points_only: bool = False) -> None:
        #: Value every card in round points, also in the last rounds (the coach and the review
        #: show points; the player itself plays for the standing there).
        self.points_only = points_only
        self._also_bid: int | None = None

    def appraise(self, view: PlayerView, rng: random.Random,
                 chosen: Action | None = None) -> tuple[Action, dict[str, Any]]:
        """Expert's decision and its notes, with ``chosen`` (a person's bid) among the bids valued.

        Every legal card is valued anyway; a bid far from Expert's estimate is valued only when it
        is named here (the review needs the value of the bid the person made).
        """
        self._also_bid = chosen.n if isinstance(chosen, Bid) else None
        try:
            return self.suggest(view, rng)
        finally:
            self._also_bid = None

    def candidate_bids(self, info: Info, legal: list[int], rng: random.Random) -> list[int]:
        cands = super().candidate_bids(info, legal, rng)
        extra = self._also_bid
        if extra is not None and extra in legal and extra not in cands:
            cands = sorted([*cands, extra])
        return cands

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
        if left >= 2 or self.points_only:
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

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        cands = self.candidate_bids(info, legal, rng)
        if len(cands) == 1:
            return cands[0]
        br = race_bids(info, cands, self.source(info, rng), rng, self.budget, self.min_worlds,
                       self.max_worlds, self.cap_s, self.z, self.world_cost)
        race = br.race
        notes.update(worlds=race.worlds, ev={b: round(race.mean(b), 1) for b in cands},
                     exact={b: round(br.dist(b)[b], 3) for b in cands},
                     samples={b: len(race.values[b]) for b in cands})
        return race.leader()

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        assert info.hand is not None
        small = len(info.hand) <= 2 and info.rounds - info.round >= 2
        endgame = endgame_value if small else None
        race = race_cards(info, legal, self.source(info, rng), rng, self.utility(info),
                          self.budget, self.min_worlds, self.max_worlds, self.cap_s, self.z,
                          self.world_cost, endgame)
        notes.update(worlds=race.worlds, values={c: round(race.mean(c), 1) for c in legal},
                     samples={c: len(race.values[c]) for c in legal},
                     scale="points" if self.points_only or info.rounds - info.round >= 2
                     else "standing")
        return race.leader()
