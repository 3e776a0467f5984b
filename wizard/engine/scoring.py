"""Points for one player's round (RULES.md §6), and the bonuses that made them.

>>> round_points(2, 2), round_points(1, 3)
(40, -20)
>>> round_score(0, 0, edition="camelot", round_=15, rounds=15, grail_bonus=True)
(55, (Bonus(kind=<BonusKind.ZERO_BID_LAST: 'zero_bid_last'>, points=35), \
Bonus(kind=<BonusKind.GRAIL: 'grail'>, points=20)))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

GRAIL_BONUS = 20      # camelot: the winner of the Grail's trick who met the bid
ZERO_BID = 25         # camelot: a zero bid met when r > 4 (instead of 20)


class BonusKind(Enum):
    """A camelot rule that changed a player's points for a round."""

    GRAIL = "grail"                  # +20: took the Grail's trick and met the bid
    ZERO_BID = "zero_bid"            # a zero bid met when r > 4 is worth 25
    ZERO_BID_LAST = "zero_bid_last"  # a zero bid met in the last round is worth 20 + r
    VOIDED = "voided"                # round 1 voided by EXCALIBUR: 0 for everyone


@dataclass(frozen=True, slots=True)
class Bonus:
    """One named part of a round's points: ``points`` is what the rule gave (GRAIL: the 20 added;
    ZERO_BID, ZERO_BID_LAST: what the met zero bid is worth; VOIDED: 0)."""

    kind: BonusKind
    points: int


def round_score(bid: int, tricks: int, *, edition: str = "classic", round_: int = 1,
                rounds: int = 0, grail_bonus: bool = False,
                voided_round: bool = False) -> tuple[int, tuple[Bonus, ...]]:
    """Points for bidding ``bid`` and taking ``tricks``, with the bonuses that count in them;
    ``grail_bonus`` = won the trick holding the GRAIL."""
    if voided_round:
        return 0, (Bonus(BonusKind.VOIDED, 0),)
    if bid != tricks:
        return -10 * abs(tricks - bid), ()
    points = 20 + 10 * tricks
    bonuses: list[Bonus] = []
    if edition == "camelot":
        if bid == 0 and round_ > 4:
            if round_ == rounds:
                points = 20 + round_
                bonuses.append(Bonus(BonusKind.ZERO_BID_LAST, points))
            else:
                points = ZERO_BID
                bonuses.append(Bonus(BonusKind.ZERO_BID, points))
        if grail_bonus:
            points += GRAIL_BONUS
            bonuses.append(Bonus(BonusKind.GRAIL, GRAIL_BONUS))
    return points, tuple(bonuses)


def round_points(bid: int, tricks: int, *, edition: str = "classic", round_: int = 1,
                 rounds: int = 0, grail_bonus: bool = False, voided_round: bool = False) -> int:
    """Points for bidding ``bid`` and taking ``tricks``; ``grail_bonus`` = won the trick holding the GRAIL."""
    return round_score(bid, tricks, edition=edition, round_=round_, rounds=rounds,
                       grail_bonus=grail_bonus, voided_round=voided_round)[0]


def winners(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Seats sharing the highest total."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
