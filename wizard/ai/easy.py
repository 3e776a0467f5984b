"""Easy: plausible but naive. Bids by counting high cards; plays its highest when it wants tricks."""

from __future__ import annotations

import random
from typing import Any

from . import heuristics as H
from . import simulator as F
from .base import Player, need_of, own_hand_samples
from .knowledge import Info


def high_cards(hand: list[int], trump: int) -> int:
    """Wizards (and strong specials), trumps of rank 10 and up, and off-suit kings (13)."""
    count = 0
    for c in hand:
        s = F.SUIT[c]
        if s < 0:
            count += F.TYPE[c] in (F.T_WIZ, F.T_DECLARE, F.T_ABOVE)
        elif s == trump:
            count += F.RANK[c] >= 10
        else:
            count += F.RANK[c] == 13
    return count


class EasyPlayer(Player):
    """Counts high cards to bid; highest card while short of the bid, lowest once it is met."""

    name = "easy"

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        hand = own_hand_samples(info, rng, 1)[0]
        return H.nearest_bid(float(high_cards(hand, info.trump)), legal)

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        tr = info.trump
        if need_of(info) > 0:
            return max(legal, key=lambda c: (H.power(c, tr), -c))
        return min(legal, key=lambda c: (H.power(c, tr), c))
