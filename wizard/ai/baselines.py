"""Published baselines: ``random`` (uniform legal moves) and ``rulebid``."""

from __future__ import annotations

import random
from typing import Any

from . import heuristics as H
from . import simulator as F
from .base import Player, need_of, own_hand_samples
from .knowledge import Info


class RandomPlayer(Player):
    """Uniformly random legal bids, trumps and cards."""

    name = "random"

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        return rng.choice(legal)

    def trump(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        return rng.choice(legal)

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        return rng.choice(legal)


def rule_prob(c: int, trump: int) -> float:
    """Win probability from rank and trumpness only (the rulebid baseline)."""
    s = F.SUIT[c]
    if s < 0:
        return 1.0 if F.TYPE[c] in (F.T_WIZ, F.T_DECLARE, F.T_ABOVE) else 0.0
    r = F.RANK[c]
    if s == trump:
        return 0.4 + 0.6 * (r - 1) / 12
    return ((r - 1) / 12) ** 3


class RuleBidPlayer(Player):
    """bid = round(sum of per-card win probabilities); win with the lowest winner while short, else
    discard the highest non-winning card."""

    name = "rulebid"

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        hand = own_hand_samples(info, rng, 1)[0]
        est = sum(rule_prob(c, info.trump) for c in hand)
        notes["estimate"] = est
        return H.nearest_bid(float(round(est)), legal)

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        tr = info.trump
        short = need_of(info) > 0
        if not info.trick:
            if short:
                return max(legal, key=lambda c: (H.power(c, tr), -c))
            return min(legal, key=lambda c: (H.power(c, tr), c))
        lead, _, best = F.trick_status(info.trick, tr, info.edition, info.scroll)
        pos = len(info.trick)
        keys = {c: F.key_if_played(c, pos, lead, tr, info.edition, info.scroll) for c in legal}
        winning = [c for c in legal if keys[c] > best]
        losing = [c for c in legal if keys[c] <= best]
        if short and winning:
            return min(winning, key=lambda c: (keys[c], c))
        if not short and losing:
            return max(losing, key=lambda c: (H.power(c, tr), -c))
        return min(legal, key=lambda c: (H.power(c, tr), c))
