"""Sampling the hidden hands consistently with a seat's view, and weighting them by the bids made.

Constraints used: hand sizes, and voids revealed by not following suit (Wizards, Jesters and
other specials prove nothing). Cards nobody holds (the undealt stock) absorb the rest.
"""

from __future__ import annotations

import math
import random
from typing import Any

from . import heuristics as H
from . import simulator as F
from .knowledge import Info, in_hand
from .rollout import World

#: ``_BITS[n]``: ``n.bit_length()``, for ``shuffle``'s draws (a pool is at most 60 cards).
_BITS = [n.bit_length() for n in range(128)]


def shuffle(pool: list[int], rng: random.Random) -> None:
    """``rng.shuffle(pool)``, with the same draws and the same result, written out for speed: the
    hint's bids shuffle the unseen cards once a drawn world, and the method calls per card were
    an eighth of their time (#37). A ``random.Random`` subclass gets its own ``shuffle``;
    ``tests/test_ai_search.py`` checks the two agree."""
    if type(rng) is not random.Random or len(pool) >= len(_BITS):
        rng.shuffle(pool)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(pool) - 1, 0, -1):
        n = i + 1                       # random.Random._randbelow_with_getrandbits(i + 1)
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pool[i], pool[j] = pool[j], pool[i]


def sample_hands(info: Info, rng: random.Random, own: list[int] | None = None) -> list[list[int]]:
    """Every seat's current hand: the seat's own (or ``own``), seen ones, and a consistent guess."""
    n = info.n
    hands: list[list[int]] = [[] for _ in range(n)]
    mine = own if own is not None else info.hand
    assert mine is not None
    hands[info.seat] = list(mine)
    pool = list(info.unseen)
    if own is not None and info.hand is None:
        for c in own:
            pool.remove(c)
    open_seats = []
    for s in range(n):
        if s == info.seat:
            continue
        if s in info.visible:
            hands[s] = list(info.visible[s])
        else:
            open_seats.append(s)
    if not any(info.voids[s] for s in open_seats):
        shuffle(pool, rng)
        k = 0
        for s in open_seats:
            hands[s] = pool[k:k + info.hand_size[s]]
            k += info.hand_size[s]
        return hands
    # Most constrained seats first, each drawing only cards it may hold.
    order = sorted(open_seats, key=lambda s: -len(info.voids[s]))
    for attempt in range(20):
        strict = attempt < 15
        left = pool[:]
        out: dict[int, list[int]] = {}
        for s in order:
            voids = info.voids[s] if strict else set()
            allowed = [c for c in left if F.SUIT[c] < 0 or F.SUIT[c] not in voids]
            size = info.hand_size[s]
            if len(allowed) < size:
                break
            got = rng.sample(allowed, size)
            out[s] = got
            for c in got:
                left.remove(c)
        else:
            for s in open_seats:
                hands[s] = out[s]
            return hands
    raise RuntimeError("no consistent deal found")  # pragma: no cover - relaxed attempts always fit


def guess_bid(hand: list[int], info: Info) -> int:
    """A plausible bid for a hand we sampled (Normal's estimate, rounded)."""
    est = H.estimate_tricks(hand, info.trump, info.n, info.round, info.edition)
    return max(0, min(info.round, int(est + 0.5)))


def world_of(info: Info, hands: list[list[int]]) -> World:
    """A ``World`` from sampled hands: unknown bids guessed from the sampled hands."""
    bids: list[int] = []
    for s in range(info.n):
        b = info.bids[s]
        if b is None:
            initial = hands[s] + [in_hand(c) for c in info.played[s]]
            b = guess_bid(initial, info)
        bids.append(b)
    return World(hands, info.trick[:], info.trick_seats[:], info.leader, info.tricks[:], bids,
                 -1, False)


def bid_weight(info: Info, hands: list[list[int]], sigma: float = 1.0) -> float:
    """Likelihood of the bids already seen, given the sampled hands they were made with."""
    logw = 0.0
    for s in range(info.n):
        b = info.bids[s]
        if s == info.seat or b is None or s in info.visible:
            continue
        initial = hands[s] + [in_hand(c) for c in info.played[s]]
        est = H.estimate_tricks(initial, info.trump, info.n, info.round, info.edition)
        logw -= (b - est) ** 2 / (2 * sigma * sigma)
    return math.exp(logw)


def weighted_worlds(info: Info, rng: random.Random, count: int, pool_factor: int,
                    own: list[list[int]] | None = None) -> list[list[list[int]]]:
    """``count`` deals resampled (by bid likelihood) from ``count * pool_factor`` candidates."""
    cands = []
    weights = []
    for i in range(count * pool_factor):
        mine = own[i % len(own)] if own else None
        h = sample_hands(info, rng, mine)
        cands.append(h)
        weights.append(bid_weight(info, h))
    if pool_factor <= 1 or sum(weights) <= 0:
        return cands[:count]
    return systematic_resample(cands, weights, sum(weights), count, rng)


def systematic_resample(cands: list[Any], weights: list[float], total: float, count: int,
                        rng: random.Random) -> list[Any]:
    """``count`` of ``cands`` drawn in proportion to ``weights`` (summing to ``total`` > 0) by
    systematic resampling: one random offset, then even steps (cheap and low-variance)."""
    step = total / count
    u = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    for k in range(count):
        target = u + k * step
        while acc + weights[i] < target and i < len(weights) - 1:
            acc += weights[i]
            i += 1
        out.append(cands[i])
    return out
