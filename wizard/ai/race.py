"""Expert's search: candidates race over common sampled worlds, and clearly worse ones drop out.

Every candidate (a card, or a bid) is played out in the same sampled worlds, so the differences
between two candidates are paired by world. At checkpoints spaced geometrically (so the checks
cost O(worlds) in all), a candidate whose paired difference to the leader is below zero by more
than ``z`` standard errors stops being simulated; the work it would have used goes to more worlds
for the close ones. Work is counted in simulated card plays, so a decision is deterministic for
its rng; the CPU-time cap only cuts a search short on a machine far slower than planned.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from . import simulator as F
from .knowledge import Info
from .rollout import Rules, World, apply_card, play_out
from .search import Utility, WorldSource, rules_of

T = TypeVar("T")


@dataclass
class Race:
    """Per-candidate values, one per common world while the candidate is in the race."""

    candidates: list[int]
    z: float
    next_check: int
    values: dict[int, list[float]] = field(default_factory=dict)
    active: list[int] = field(default_factory=list)
    keep: int = 1                                      # the best this many never drop out
    protect: frozenset[int] = frozenset()              # nor these (the coach: the person's card)

    def __post_init__(self) -> None:
        self.values = {c: [] for c in self.candidates}
        self.active = list(self.candidates)

    @property
    def worlds(self) -> int:
        """Worlds every candidate still in the race has been played in."""
        return len(self.values[self.active[0]])

    def add(self, world_values: dict[int, float]) -> None:
        """One world's value for every active candidate."""
        for c in self.active:
            self.values[c].append(world_values[c])

    def mean(self, c: int) -> float:
        """Mean value of ``c`` over the worlds it was played in."""
        v = self.values[c]
        return sum(v) / len(v) if v else 0.0

    def leader(self) -> int:
        """The active candidate with the best mean (ties: the lowest code)."""
        return max(self.active, key=lambda c: (self.mean(c), -c))

    def prune(self) -> None:
        """At a checkpoint, drop the candidates clearly below the leader (paired by world)."""
        w = self.worlds
        if self.z <= 0 or len(self.active) <= 1 or w < self.next_check:
            return
        self.next_check = max(w + 1, w * 3 // 2)
        lead = self.leader()
        lv = self.values[lead]
        ranked = sorted(self.active, key=lambda c: (-self.mean(c), c))
        kept = {lead, *ranked[:self.keep], *self.protect}
        keep = []
        for c in self.active:
            if c not in kept:
                d = [a - b for a, b in zip(self.values[c], lv, strict=True)]
                m = sum(d) / w
                var = sum((x - m) ** 2 for x in d) / (w - 1)
                if m + self.z * math.sqrt(var / w) < 0:
                    continue
            keep.append(c)
        self.active = keep


def run_race(race: Race, source: WorldSource, rng: random.Random, budget: int, min_worlds: int,
             max_worlds: int, cap_s: float, world_cost: int,
             play: Callable[[World, int], tuple[float, int, T]],
             done: Callable[[dict[int, T]], None] | None = None) -> Race:
    """The race's loop: draw a world, ``play(world, candidate) -> (value, work, outcome)`` for each
    candidate still in, then prune; ``done(outcomes)`` sees every completed world's outcomes.

    It stops at ``max_worlds``, once the work passes ``budget`` (after ``min_worlds``), when one
    candidate is left, or when the CPU-time cap is reached (the world in progress is dropped, so
    every candidate keeps as many worlds).
    """
    work = 0
    deadline = time.thread_time() + cap_s
    while race.worlds < max_worlds and (race.worlds < min_worlds or work < budget):
        if len(race.active) == 1 and race.worlds >= min_worlds:
            break
        base = source(rng)
        work += world_cost
        values: dict[int, float] = {}
        outcomes: dict[int, T] = {}
        for c in race.active:
            if race.worlds >= min_worlds and time.thread_time() > deadline:
                break  # out of time: this world is dropped, every candidate keeps as many
            values[c], spent, outcomes[c] = play(base.copy(), c)
            work += spent
        if len(values) < len(race.active):
            break
        if done is not None:
            done(outcomes)
        race.add(values)
        race.prune()
    return race


def race_cards(info: Info, legal: list[int], source: WorldSource, rng: random.Random,
               utility: Utility, budget: int, min_worlds: int, max_worlds: int, cap_s: float,
               z: float, world_cost: int,
               endgame: Callable[[World, Rules, int, list[int]], float] | None = None) -> Race:
    """Race the legal cards: each played, then the round played out, in common sampled worlds.

    ``endgame(world, rules, seat, nodes)``, when given, values the position instead of a play-out
    and adds the cards it played to ``nodes[0]`` (the work it counts).
    """
    rules = rules_of(info)
    seat = info.seat

    def play(w: World, c: int) -> tuple[float, int, None]:
        apply_card(w, rules, seat, c)
        if endgame is not None:
            nodes = [1]
            return endgame(w, rules, seat, nodes), nodes[0], None
        spent = play_out(w, rules) + 1
        return utility(w, rules), spent, None

    return run_race(Race(legal, z, min_worlds), source, rng, budget, min_worlds, max_worlds, cap_s,
                    world_cost, play)


def bid_value(b: int, k: int, grail: bool, voided: bool, info: Info) -> float:
    """Round points of bidding ``b`` and taking ``k`` tricks (the edition's bonuses included):
    the simulator's scoring."""
    return float(F.round_points(b, k, info.edition, info.round, info.rounds, grail, voided))


@dataclass
class BidRace:
    """A race of bids, and for each bid how often each number of tricks was taken."""

    race: Race
    counts: dict[int, list[int]]
    voided: dict[int, int]

    def dist(self, b: int) -> list[float]:
        """P(k tricks) when bidding ``b``, over the worlds ``b`` was played in (voided ones too)."""
        n = len(self.race.values[b])
        return [x / n if n else 0.0 for x in self.counts[b]]


def race_bids(info: Info, bids: list[int], source: WorldSource, rng: random.Random,
              budget: int, min_worlds: int, max_worlds: int, cap_s: float, z: float,
              world_cost: int) -> BidRace:
    """Race the candidate bids: the round played out with each, in common sampled worlds."""
    rules = rules_of(info)
    seat = info.seat
    counts = {b: [0] * (info.round + 1) for b in bids}
    voided = {b: 0 for b in bids}

    def play(w: World, b: int) -> tuple[float, int, tuple[int, bool]]:
        w.bids[seat] = b
        spent = play_out(w, rules)
        k, void = w.tricks[seat], w.voided
        return bid_value(b, k, w.grail_winner == seat, void, info), spent, (k, void)

    def done(outcomes: dict[int, tuple[int, bool]]) -> None:
        for b, (k, void) in outcomes.items():
            counts[b][k] += 1
            voided[b] += void

    race = run_race(Race(bids, z, min_worlds), source, rng, budget, min_worlds, max_worlds, cap_s,
                    world_cost, play, done)
    return BidRace(race, counts, voided)
