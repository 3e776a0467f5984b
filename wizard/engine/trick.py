"""One trick: the lead suit, which cards may follow, and who wins (RULES.md §5).

>>> from .cards import cards
>>> trick_winner(cards("B3 W R13 B12"), "R", "classic")
(1, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from .cards import Card, Kind

_WIZARD, _GRAIL, _MORGAN, _EXCALIBUR = Kind.WIZARD, Kind.GRAIL, Kind.MORGAN, Kind.EXCALIBUR


def lead_suit(trick: Sequence[Card]) -> str | None:
    """The suit that must be followed, or None (nothing suited yet, or a Wizard/MORGAN came first)."""
    for c in trick:
        if c.suit is not None:
            return c.suit
        if c.cancels_lead:
            return None
    return None


def _lead_index(trick: Sequence[Card]) -> int:
    """Index of the card that set the lead suit, or -1."""
    for i, c in enumerate(trick):
        if c.suit is not None:
            return i
        if c.cancels_lead:
            return -1
    return -1


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: str | None,
                scroll: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (MERLIN undeclared, duplicates kept)."""
    suit = lead_suit(trick)
    if suit is None:
        return list(hand)
    follow = [c for c in hand if c.suit == suit]
    if follow:
        out = [c for c in hand if c.suit == suit or c.suit is None]
    else:
        out = list(hand)
    if scroll and suit == trump:
        only_wizards = all(c.kind is _WIZARD for c in hand)
        if not only_wizards:
            out = [c for c in out if c.kind is not _WIZARD]
    return out


def trick_winner(trick: Sequence[Card], trump: str | None, edition: str,
                 scroll: bool = False) -> tuple[int, bool]:
    """(index of the winning card, whether the trick is void) for a complete trick."""
    if edition == "camelot":
        return _camelot_winner(trick, trump)
    lead_i = _lead_index(trick)
    suit = trick[lead_i].suit if lead_i >= 0 else None
    if edition == "magic" and suit is not None:
        for i in range(lead_i + 1, len(trick)):
            c = trick[i]
            if c.rank == 1 and c.suit == suit:
                return i, False
    powerless = scroll and suit is not None and suit == trump
    if not powerless:
        for i, c in enumerate(trick):
            if c.kind is _WIZARD:
                return i, False
    return _suited_winner(trick, trump, suit, first_jester=True), False


def classic_winner(trick: Sequence[Card], trump: str | None) -> tuple[int, bool]:
    """``trick_winner`` for the classic edition without the scroll rule, in one pass (hot path).

    The first Wizard wins; else the highest trump; else the highest card of the lead suit (set by the
    first suited card); else (only Jesters) the first card.
    """
    best = -1
    best_value = 0
    lead = None
    for i, c in enumerate(trick):
        s = c.suit
        if s is None:
            if c.kind is _WIZARD:
                return i, False
            continue                      # a Jester
        if lead is None:
            lead = s
        if s == trump:
            v = c.rank + 100
        elif s == lead:
            v = c.rank
        else:
            continue
        if v > best_value:
            best, best_value = i, v
    return (best if best >= 0 else 0), False


TrickRule = Callable[[Sequence[Card], "str | None"], tuple[int, bool]]


def winner_rule(edition: str, scroll: bool = False) -> TrickRule:
    """``trick_winner`` specialised to an edition and scroll setting: ``rule(trick, trump)``."""
    if edition == "classic" and not scroll:
        return classic_winner
    return partial(trick_winner, edition=edition, scroll=scroll)  # picklable, unlike a lambda


def _suited_winner(trick: Sequence[Card], trump: str | None, suit: str | None,
                   first_jester: bool) -> int:
    best = -1
    best_rank = 0
    if trump is not None:
        for i, c in enumerate(trick):
            if c.suit == trump and c.rank > best_rank:
                best, best_rank = i, c.rank
        if best >= 0:
            return best
    if suit is not None:
        for i, c in enumerate(trick):
            if c.suit == suit and c.rank > best_rank:
                best, best_rank = i, c.rank
        if best >= 0:
            return best
    for i, c in enumerate(trick):
        if c.jesterly:
            return i
    return 0


def _camelot_winner(trick: Sequence[Card], trump: str | None) -> tuple[int, bool]:
    void = any(c.kind is _EXCALIBUR for c in trick)
    for i, c in enumerate(trick):
        if c.kind is _GRAIL and i % 2 == 1:
            return i, void
    for i, c in enumerate(trick):
        if c.kind is _MORGAN:
            return i, void
    for i, c in enumerate(trick):
        if c.wizardly:
            return i, void
    return _suited_winner(trick, trump, lead_suit(trick), first_jester=True), void
