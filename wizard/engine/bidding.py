"""Which bids the next bidder may make (docs/RULES.md §4).

>>> legal_bids(3, [1, 1], players=3, rounds=20, no_equal_sum=True)
[0, 2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence

from .edition import rules_of
from .errors import Rule


def forbidden_bids(round_: int, bids_before: Sequence[int], players: int, rounds: int, *,
                   edition: str = "classic", open_bids: bool = True, no_equal_sum: bool = False,
                   canadian: bool = False, totals: Sequence[int] | None = None) -> dict[int, Rule]:
    """Bids forbidden to the bidder after ``bids_before`` (bidding order), with the rule forbidding each.

    ``totals`` are game totals before this round in bidding order, the bidder last.
    """
    out: dict[int, Rule] = {}
    if not open_bids or len(bids_before) != players - 1:
        return out
    target = round_ - sum(bids_before)
    if not 0 <= target <= round_:
        return out
    if no_equal_sum:
        out[target] = Rule.BID_SUM_NO_EQUAL
    if canadian and round_ == rounds and totals is not None and len(totals) == players:
        mine = totals[-1]
        if all(t < mine for t in totals[:-1]):
            out.setdefault(target, Rule.BID_SUM_CANADIAN)
    if rules_of(edition).bid_sum_forbids(round_, target):
        out.setdefault(target, Rule.BID_SUM_CAMELOT)
    return out


def legal_bids(round_: int, bids_before: Sequence[int], players: int, rounds: int, *,
               edition: str = "classic", open_bids: bool = True, no_equal_sum: bool = False,
               canadian: bool = False, totals: Sequence[int] | None = None) -> list[int]:
    """The sorted legal bids 0..round_ for the next bidder."""
    bad = forbidden_bids(round_, bids_before, players, rounds, edition=edition, open_bids=open_bids,
                         no_equal_sum=no_equal_sum, canadian=canadian, totals=totals)
    return [b for b in range(round_ + 1) if b not in bad]
