"""Points for one player's round (RULES.md §6).

>>> round_points(2, 2), round_points(1, 3)
(40, -20)
"""

from __future__ import annotations


def round_points(bid: int, tricks: int, *, edition: str = "classic", round_: int = 1,
                 rounds: int = 0, grail_bonus: bool = False, voided_round: bool = False) -> int:
    """Points for bidding ``bid`` and taking ``tricks``; ``grail_bonus`` = won the trick holding the GRAIL."""
    if voided_round:
        return 0
    if bid != tricks:
        return -10 * abs(tricks - bid)
    points = 20 + 10 * tricks
    if edition == "camelot":
        if bid == 0 and round_ > 4:
            points = 20 + round_ if round_ == rounds else 25
        if grail_bonus:
            points += 20
    return points


def winners(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Seats sharing the highest total."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
