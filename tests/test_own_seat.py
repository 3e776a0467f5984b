"""The coach's own seat looks one card ahead in a bid's play-outs (issue #37)."""

from __future__ import annotations

import random

from helpers import dealt_world

from wizard.ai import simulator as F
from wizard.ai.coach import Coach
from wizard.ai.own_seat import look_play_out
from wizard.ai.rollout import Rules, World, fast_play_out
from wizard.bench.coach_truth import coach_at, load_truth

# Round 12 of a 4-player classic game, trump 1; seat 0 bids 5, seat 1 leads (found by a seeded
# search: random.Random(11), the 5th deal).
HANDS = [[2, 22, 42, 25, 12, 39, 50, 23, 13, 27, 18, 20],
         [17, 3, 31, 53, 10, 35, 51, 6, 43, 53, 9, 11],
         [53, 8, 41, 48, 36, 47, 15, 52, 14, 45, 30, 52],
         [19, 1, 32, 33, 52, 34, 49, 28, 29, 53, 44, 24]]


def _world() -> World:
    return World([h[:] for h in HANDS], [], [], 1, [0] * 4, [5, 1, 2, 2], -1, False)


def test_looking_one_card_ahead_makes_a_high_bid_the_rule_policy_misses() -> None:
    rules = Rules(4, 1, 0, False, 12, 15)
    rule = _world()
    fast_play_out(rule, rules)
    look = _world()
    played = look_play_out(look, rules, 0)
    assert rule.tricks[0] == 6                 # the rule policy takes one trick too many
    assert look.tricks[0] == 5                 # the look ahead makes the bid
    assert sum(look.tricks) == 12 and not any(look.hands)
    assert played > 2 * 48                         # the looked-at play-outs count as work


def test_the_look_ahead_is_never_worse_for_the_seat_in_its_world() -> None:
    """The first card is the best of the rule play-outs in the world, so the seat's round points
    are never below the rule policy's in the same world (the rule's own first card is one of the
    cards looked at, and the rest is played alike)."""
    rng = random.Random(3)
    better = 0
    for _ in range(150):
        n = rng.randint(3, 6)
        r = rng.randint(2, 60 // n)
        ed = rng.randrange(3)
        w, rules = dealt_world(rng, n, r, ed, random_leader=True)
        a, b = w.copy(), w.copy()
        fast_play_out(a, rules)
        look_play_out(b, rules, 0)
        pa = F.round_points(a.bids[0], a.tricks[0], ed, r, 60 // n, a.grail_winner == 0, a.voided)
        pb = F.round_points(b.bids[0], b.tricks[0], ed, r, 60 // n, b.grail_winner == 0, b.voided)
        assert pb >= pa
        better += pb > pa
    assert better > 10


def test_the_coachs_points_move_toward_the_truth_at_a_normal_table() -> None:
    """s37g1, a Normal table, bid 3: the truth (Expert playing the seat, 71 deals) is +35.6
    points; the coach with the rule-played seat said +19.7."""
    positions, truths = load_truth()
    pos = next(p for p in positions if p.pid == "s37g1")
    truth = truths["s37g1"]["normal"]["bids"]["3"]["points"]
    old, new = Coach(), Coach()
    new.own_seat = True
    before = coach_at(pos, "normal", 1, old)["ev"][3]
    after = coach_at(pos, "normal", 1, new)["ev"][3]
    assert abs(after - truth) < abs(before - truth) - 5
