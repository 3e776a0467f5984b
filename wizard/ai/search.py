"""Determinized Monte Carlo: evaluate each candidate bid or card over the same sampled worlds.

Work is counted in simulated card plays so results are deterministic for a given rng; a cap on
the CPU time of the deciding thread (not wall-clock: a busy machine does not change the result)
only cuts a search short on a machine far slower than planned (it never does in the tests).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from . import simulator as F
from .knowledge import Info
from .rollout import Rules, World, apply_card, next_seat, play_out, points, policy_card

Utility = Callable[[World, Rules], float]
WorldSource = Callable[[random.Random], World]


def rules_of(info: Info) -> Rules:
    """The play-out rules of the seat's game."""
    return Rules(info.n, info.trump, info.edition, info.scroll, info.round, info.rounds)


def evaluate_cards(info: Info, legal: list[int], source: WorldSource, rng: random.Random,
                   utility: Utility, budget: int, min_worlds: int, max_worlds: int,
                   cap_s: float, endgame: Callable[[World, Rules, int], float] | None = None,
                   world_cost: int = 0) -> tuple[dict[int, float], int]:
    """Mean utility of playing each legal card, over common sampled worlds; (means, worlds)."""
    rules = rules_of(info)
    totals = {c: 0.0 for c in legal}
    seat = info.seat
    work = 0
    worlds = 0
    deadline = time.thread_time() + cap_s
    while worlds < max_worlds and (worlds < min_worlds or work < budget):
        base = source(rng)
        work += world_cost
        values: dict[int, float] = {}
        for c in legal:
            if worlds >= min_worlds and time.thread_time() > deadline:
                break  # out of time: this world is dropped, every candidate keeps as many
            w = base.copy()
            apply_card(w, rules, seat, c)
            if endgame is not None:
                values[c] = endgame(w, rules, seat)
                work += 8
            else:
                work += play_out(w, rules) + 1
                values[c] = utility(w, rules)
        if len(values) < len(legal):
            break
        for c, v in values.items():
            totals[c] += v
        worlds += 1
    return {c: v / worlds for c, v in totals.items()}, worlds


def trick_distributions(info: Info, bids: list[int], source: WorldSource, rng: random.Random,
                        budget: int, min_worlds: int, max_worlds: int, cap_s: float,
                        world_cost: int = 0) -> tuple[dict[int, list[float]], dict[int, float], int]:
    """For each candidate bid: P(k tricks) and the mean extra (Grail) bonus, over common worlds."""
    rules = rules_of(info)
    seat = info.seat
    counts = {b: [0.0] * (info.round + 1) for b in bids}
    grail = {b: 0.0 for b in bids}
    work = 0
    worlds = 0
    deadline = time.thread_time() + cap_s
    while worlds < max_worlds and (worlds < min_worlds or work < budget):
        base = source(rng)
        work += world_cost
        outcome: list[tuple[int, int, bool, bool]] = []
        for b in bids:
            if worlds >= min_worlds and time.thread_time() > deadline:
                break  # out of time: this world is dropped
            w = base.copy()
            w.bids[seat] = b
            work += play_out(w, rules)
            outcome.append((b, w.tricks[seat], w.grail_winner == seat, w.voided))
        if len(outcome) < len(bids):
            break
        for b, k, grail_won, voided in outcome:
            if voided:
                continue  # a round voided by EXCALIBUR scores 0 whatever the bid
            counts[b][k] += 1
            if grail_won:                    # the Grail's bonus as the scoring gives it
                grail[b] += F.round_points(b, k, info.edition, info.round, info.rounds, True) - \
                    F.round_points(b, k, info.edition, info.round, info.rounds)
        worlds += 1
    dist = {b: [x / worlds for x in counts[b]] for b in bids}
    return dist, {b: grail[b] / worlds for b in bids}, worlds


def expected_score(b: int, dist: list[float], info: Info) -> float:
    """EV(b) = Σk P(k)·points(b, k), the points from the simulator's one scoring rule
    (``round_points``: made, missed and the edition's zero-bid bonus)."""
    e, r, rounds = info.edition, info.round, info.rounds
    return sum(p * F.round_points(b, k, e, r, rounds) for k, p in enumerate(dist) if p)


def max_n(w: World, rules: Rules, me: int, nodes: list[int] | None = None) -> list[float]:
    """Exact max-n value (each seat maximises its own round points) of a small end position.

    ``nodes[0]``, when given, counts the cards played in the search (its work).
    """
    seat = next_seat(w, rules)
    hand = w.hands[seat]
    if not hand:
        return [float(points(w, rules, s)) for s in range(rules.n)]
    # Each distinct play once, in hand order (a declared card's forms where it is held): ties
    # between equal values go to the first.
    where = hand.index
    in_hand = F.IN_HAND
    legal = sorted(dict.fromkeys(F.legal_plays(hand, F.lead_of(w.trick), rules.trump, rules.scroll)),
                   key=lambda c: where(in_hand[c]))
    best: list[float] | None = None
    for c in legal:
        child = w.copy()
        apply_card(child, rules, seat, c)
        if nodes is not None:
            nodes[0] += 1
        val = max_n(child, rules, me, nodes)
        if best is None or val[seat] > best[seat]:
            best = val
    assert best is not None
    return best


def endgame_value(w: World, rules: Rules, me: int, nodes: list[int] | None = None) -> float:
    """Exact value for ``me`` of a small end position; the rule policy once it is too big.

    ``nodes[0]``, when given, counts the cards played (searched or played out).
    """
    size = sum(len(h) for h in w.hands)
    if size <= 2 * rules.n - 0 and size <= 10:
        return max_n(w, rules, me, nodes)[me]
    played = play_out(w, rules)
    if nodes is not None:
        nodes[0] += played
    return float(points(w, rules, me))


def cheap_policy_value(w: World, rules: Rules, me: int) -> float:
    """Utility of the rule policy's play-out (used where no search is wanted)."""
    while w.hands[next_seat(w, rules)]:
        s = next_seat(w, rules)
        apply_card(w, rules, s, policy_card(w, rules, s))
    return float(points(w, rules, me))
