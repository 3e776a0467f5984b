"""Points for one player's round (docs/RULES.md §6), and the bonuses that made them.

>>> round_points(2, 2), round_points(1, 3)
(40, -20)
>>> round_score(0, 0, edition="camelot", round_=15, rounds=15, grail_bonus=True)
(55, (Bonus(kind=<BonusKind.ZERO_BID_LAST: 'zero_bid_last'>, points=35), \
Bonus(kind=<BonusKind.GRAIL: 'grail'>, points=20)))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .edition import Edition, EditionRules, rules_of
from .house import GameRules


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


def round_score(bid: int, tricks: int, *, edition: Edition | str | EditionRules = "classic",
                round_: int = 1,
                rounds: int = 0, grail_bonus: bool = False,
                voided_round: bool = False) -> tuple[int, tuple[Bonus, ...]]:
    """Points for bidding ``bid`` and taking ``tricks``, with the bonuses that count in them;
    ``grail_bonus`` = won the trick holding the GRAIL (the edition's ``Scoring`` says what each
    bonus is worth, and whether it exists)."""
    sc = (edition if type(edition) is EditionRules else rules_of(edition)).scoring  # type: ignore[arg-type]
    if voided_round:                      # (only a VOIDS card voids a round: see the state)
        return 0, (Bonus(BonusKind.VOIDED, 0),)
    if bid != tricks:
        return -sc.missed * abs(tricks - bid), ()
    points = sc.made + sc.per_trick * tricks
    bonuses: list[Bonus] = []
    if bid == 0 and sc.zero_bid is not None and round_ > sc.zero_bid_above:
        if round_ == rounds and sc.zero_bid_last is not None:
            points = sc.zero_bid_last + round_
            bonuses.append(Bonus(BonusKind.ZERO_BID_LAST, points))
        else:
            points = sc.zero_bid
            bonuses.append(Bonus(BonusKind.ZERO_BID, points))
    if grail_bonus and sc.grail:
        points += sc.grail
        bonuses.append(Bonus(BonusKind.GRAIL, sc.grail))
    return points, tuple(bonuses)


def round_points(bid: int, tricks: int, *, edition: Edition | str | EditionRules = "classic",
                 round_: int = 1,
                 rounds: int = 0, grail_bonus: bool = False, voided_round: bool = False) -> int:
    """Points for bidding ``bid`` and taking ``tricks``; ``grail_bonus`` = won the trick holding the GRAIL."""
    return round_score(bid, tricks, edition=edition, round_=round_, rounds=rounds,
                       grail_bonus=grail_bonus, voided_round=voided_round)[0]


def score_round(bids: list[int], tricks: list[int], game: GameRules, round_: int,
                grail_winner: int | None, voided_round: bool
                ) -> tuple[tuple[int, ...], tuple[tuple[Bonus, ...], ...]]:
    """Every seat's points and bonuses for a round of a game with rules ``game`` (``round_score``
    for each seat; an edition without bonuses takes a shortcut through the same ``Scoring``
    numbers)."""
    rules, rounds = game.cards, game.rounds
    if not rules.has_bonuses:
        sc = rules.scoring
        made, per, missed = sc.made, sc.per_trick, sc.missed
        return (tuple([made + per * t if b == t else -missed * abs(t - b)
                       for b, t in zip(bids, tricks)]), _NO_BONUSES[len(bids)])  # noqa: B905
    scores = [round_score(b, t, edition=rules, round_=round_, rounds=rounds,
                          grail_bonus=grail_winner == s, voided_round=voided_round)
              for s, (b, t) in enumerate(zip(bids, tricks, strict=True))]
    return tuple(p for p, _ in scores), tuple(b for _, b in scores)


_NO_BONUSES: dict[int, tuple[tuple[Bonus, ...], ...]] = {n: ((),) * n for n in range(3, 7)}


def winners(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Seats sharing the highest total."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
