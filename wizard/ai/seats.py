"""Who sits at the table, as the coach's play-outs model them (issue #37).

The coach's worlds are deals of the unseen cards weighted by how likely each earlier bid was
given the hand drawn for it, with the later seats' bids guessed from their hands; its play-outs
then play every seat with the rule policy. Without a table that is one model of an average seat.
With one (``seats``: a level per seat, ``PERSON`` for a person), each seat is modelled as who sits
there:

- **Easy** bids the high cards it counts (``easy.high_cards``) and plays its highest card while
  short of its bid, its lowest once it has it: its own rules, cheap, so its bids are weighted by
  them and the play-outs play its cards by them.
- **Normal** bids its own estimate (``normal.bid_estimate``, which reads the bids made before it)
  rounded to the nearest bid: deterministic, so a drawn hand whose estimate rounds to another bid
  is nearly ruled out. It plays by the rule policy the play-outs already use (the same choices
  without its card counting).
- **Hard** and **Expert** search: too dear to run inside a play-out. They are modelled by
  Normal's estimate with a spread (Hard simulates only the bids within 1.5 of it, Expert within
  2.5) and by the rule policy in play; what that misses at their tables is left to the
  calibration of that table kind (``calibration.py``).
- **A person** (the stated model of people): bids around the rule estimate of the hand
  (``heuristics.estimate_tricks``) give or take more than a trick (a spread of 1.3 tricks), and
  plays by the rule policy.

``None`` for a seat (or no table at all) keeps the model the coach had before: a spread of one
trick around the rule estimate.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from . import heuristics as H
from .easy import high_cards
from .knowledge import Info, in_hand
from .rollout import World
from .sampling import sample_hands, systematic_resample

PERSON = "person"
LEVELS = ("easy", "normal", "hard", "expert")
#: The spread (in tricks) of a seat's bid around the model's estimate, by who sits there.
SIGMA = {"easy": 0.3, "normal": 0.3, "hard": 0.6, "expert": 0.8, PERSON: 1.3, None: 1.0}
#: Worlds drawn per world kept: sharper models need more candidates to resample from.
POOL = {"easy": 5, "normal": 5, "hard": 4, "expert": 3, PERSON: 3, None: 3}


def who_sits(specs: Sequence[object]) -> list[str | None]:
    """The table as the coach models it, from the game's seats (anything with ``is_human`` and
    ``level``, as ``persistence.SeatSpec``): a person, or a computer level (None if unknown)."""
    out: list[str | None] = []
    for spec in specs:
        level = getattr(spec, "level", None)
        out.append(PERSON if getattr(spec, "is_human", False) else
                   level if level in LEVELS else None)
    return out


def table_kind(seats: Sequence[str | None], me: int) -> str:
    """The table's kind for the calibration: the one level of every other seat, else "mixed"."""
    others = {s for i, s in enumerate(seats) if i != me}
    if len(others) == 1:
        (only,) = others
        if only in LEVELS:
            return only
    return "mixed"


def easy_mask(seats: Sequence[str | None] | None, me: int) -> int:
    """The bit mask of the seats the play-outs play by Easy's rules."""
    if not seats:
        return 0
    return sum(1 << s for s, lv in enumerate(seats) if lv == "easy" and s != me)


def bid_order(info: Info) -> list[int]:
    """The seats in bidding order (the dealer's left first)."""
    return [(info.dealer + 1 + i) % info.n for i in range(info.n)]


def estimate(level: str | None, hand: list[int], info: Info, before: list[int]) -> float:
    """The model's bid estimate of a seat of ``level`` holding ``hand`` (the round's initial
    hand), with ``before`` the bids made before it."""
    r = info.round
    if level == "easy":
        return float(high_cards(hand, info.trump))
    est = H.estimate_tricks(hand, info.trump, info.n, r, info.edition)
    if level in LEVELS:          # normal.bid_estimate: the bids before it leave more or less
        if before and r >= 3:
            est -= 0.15 * (sum(before) - r / info.n * len(before))
        est = max(0.0, min(float(r), est))
    return est


def initial(info: Info, hands: list[list[int]], s: int) -> list[int]:
    """Seat ``s``'s hand at the start of the round in a drawn world."""
    return hands[s] + [in_hand(c) for c in info.played[s]]


def table_weight(info: Info, hands: list[list[int]], seats: Sequence[str | None]) -> float:
    """Likelihood of the bids already made, given the drawn hands, under the table's models."""
    logw = 0.0
    before: list[int] = []
    for s in bid_order(info):
        b = info.bids[s]
        if b is None:
            break
        if s != info.seat and s not in info.visible:
            level = seats[s]
            est = estimate(level, initial(info, hands, s), info, before)
            sigma = SIGMA.get(level, 1.0)
            logw -= (b - est) ** 2 / (2 * sigma * sigma)
        before.append(b)
    return math.exp(logw)


def table_world(info: Info, hands: list[list[int]], seats: Sequence[str | None]) -> World:
    """A ``World`` from drawn hands: the later seats' bids guessed as their model bids."""
    bids: list[int] = []
    made: list[int] = []
    guessed: dict[int, int] = {}
    for s in bid_order(info):
        b = info.bids[s]
        if b is None and s != info.seat:
            est = estimate(seats[s], initial(info, hands, s), info, made)
            b = max(0, min(info.round, int(est + 0.5)))
            guessed[s] = b
        if b is not None:
            made.append(b)
    for s in range(info.n):
        bids.append(info.bids[s] if info.bids[s] is not None else guessed.get(s, 0))
    return World(hands, info.trick[:], info.trick_seats[:], info.leader, info.tricks[:], bids,
                 -1, False)


def pool_factor(info: Info, seats: Sequence[str | None]) -> int:
    """Worlds drawn per world kept at this table (1 while no other seat has bid)."""
    others = [seats[s] for s in range(info.n) if s != info.seat and info.bids[s] is not None]
    return max((POOL.get(lv, 3) for lv in others), default=1)


def table_source(info: Info, seats: Sequence[str | None], count: int = 8,
                 factor: int | None = None) -> Callable[[random.Random], World]:
    """A function drawing one world, resampled by the table's bid likelihood from a pool of
    ``factor`` (default ``pool_factor``) times ``count`` worlds."""
    factor = pool_factor(info, seats) if factor is None else factor
    batch: list[list[list[int]]] = []

    def draw(r: random.Random) -> World:
        if not batch:
            batch.extend(reversed(_resample(info, seats, r, count, factor)))
        return table_world(info, batch.pop(), seats)
    return draw


def _resample(info: Info, seats: Sequence[str | None], rng: random.Random, count: int,
              factor: int) -> list[list[list[int]]]:
    cands = [sample_hands(info, rng) for _ in range(count * factor)]
    if factor <= 1:
        return cands[:count]
    weights = [table_weight(info, h, seats) for h in cands]
    total = sum(weights)
    if total <= 0:
        return cands[:count]
    return systematic_resample(cands, weights, total, count, rng)
