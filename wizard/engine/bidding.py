"""Which bids the next bidder may make (docs/RULES.md §4), under a game's resolved rules.

>>> from .config import GameConfig, Options
>>> legal_bids(3, [1, 1], GameConfig(3, options=Options(no_equal_sum=True)).game_rules)
[0, 2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Rule
from .house import GameRules


def forbidden_bids(round_: int, bids_before: Sequence[int], rules: GameRules,
                   totals: Sequence[int] | None = None) -> dict[int, Rule]:
    """Bids forbidden to the bidder after ``bids_before`` (bidding order), with the rule forbidding each.

    ``totals`` are game totals before this round in bidding order, the bidder last.
    """
    out: dict[int, Rule] = {}
    players = rules.players
    if not rules.open_bids or len(bids_before) != players - 1:
        return out
    target = round_ - sum(bids_before)
    if not 0 <= target <= round_:
        return out
    if rules.no_equal_sum:
        out[target] = Rule.BID_SUM_NO_EQUAL
    if rules.canadian and rules.is_last(round_) and totals is not None and len(totals) == players:
        mine = totals[-1]
        if all(t < mine for t in totals[:-1]):
            out.setdefault(target, Rule.BID_SUM_CANADIAN)
    if rules.cards.bid_sum_forbids(round_, target):
        out.setdefault(target, Rule.BID_SUM_CAMELOT)
    return out


def legal_bids(round_: int, bids_before: Sequence[int], rules: GameRules,
               totals: Sequence[int] | None = None) -> list[int]:
    """The sorted legal bids 0..round_ for the next bidder."""
    bad = forbidden_bids(round_, bids_before, rules, totals)
    return [b for b in range(round_ + 1) if b not in bad]
