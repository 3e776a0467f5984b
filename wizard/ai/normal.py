"""Normal: a good rule-based player with card counting.

Bids: expected tricks per card by suit, trump, length, player count and round size.
Play: aims at its bid — wins as cheaply as it safely can while short, ducks with its highest
losing card and dumps Jesters/Wizards sensibly once the bid is met.
"""

from __future__ import annotations

import random
from typing import Any

from . import heuristics as H
from . import simulator as F
from .base import Player, need_of, own_hand_samples
from .knowledge import Info


def bid_estimate(info: Info, hand: list[int]) -> float:
    """Expected tricks of ``hand``, adjusted for the bids already on the table."""
    r = info.round
    est = H.estimate_tricks(hand, info.trump, info.n, r, info.edition)
    others = [b for s, b in enumerate(info.bids) if s != info.seat and b is not None]
    if others and r >= 3:
        # A table that already bid for most tricks leaves fewer for us, and vice versa.
        share = r / info.n
        excess = sum(others) - share * len(others)
        est -= 0.15 * excess
    return max(0.0, min(float(r), est))


def hold_chances(info: Info, hand: list[int], legal: list[int]) -> dict[int, float]:
    """For each key a legal card would have now: chance that no later player beats it."""
    pos = len(info.trick)
    n = info.n
    lead = F.trick_status(info.trick, info.trump, info.edition, info.scroll)[0]
    later = [(info.leader + i) % n for i in range(pos + 1, n)]
    later_cards = sum(info.hand_size[s] for s in later)
    unseen = info.unseen
    u = max(1, len(unseen))
    out: dict[int, float] = {}
    for c in legal:
        k = F.key_if_played(c, pos, lead, info.trump, info.edition, info.scroll)
        if k in out:
            continue
        if not later:
            out[k] = 1.0
            continue
        new_lead = F.lead_after(lead, c)
        beaters = 0.0
        for x in unseen:
            kx = F.key_if_played(x, pos + 1, new_lead, info.trump, info.edition, info.scroll)
            if kx > k:
                s = F.SUIT[x]
                # An off-lead trump only beats us if its holder is void in the lead suit.
                if s >= 0 and new_lead >= 0 and s != new_lead:
                    if all(new_lead not in info.voids[p] for p in later):
                        beaters += 0.45
                        continue
                beaters += 1
        f = min(1.0, later_cards / u)
        out[k] = (1.0 - f) ** beaters
    return out


class NormalPlayer(Player):
    """Rule-based: per-card trick estimates for bids, counting cards while playing."""

    name = "normal"

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        hands = own_hand_samples(info, rng, 8)
        est = sum(bid_estimate(info, h) for h in hands) / len(hands)
        notes["estimate"] = round(est, 2)
        return H.nearest_bid(est, legal)

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        assert info.hand is not None
        hold = hold_chances(info, info.hand, legal)
        return H.choose_card(legal, info.trick, info.n, need_of(info), len(info.hand), info.trump,
                             info.edition, info.scroll, hold)
