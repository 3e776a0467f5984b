"""One trick: the lead suit, which cards may follow, who wins and why (RULES.md §5).

>>> from .cards import cards
>>> trick_winner(cards("B3 W R13 B12"), "R", "classic")
(1, False)
>>> judge(cards("B3 B1 W"), "Y", "magic")
Verdict(card_index=1, void=False, reason=<WinReason.MAGIC_WIZARD: 'magic_wizard'>, lead='B', notes=())
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from .cards import Card, Kind

_WIZARD, _GRAIL, _MORGAN, _EXCALIBUR = Kind.WIZARD, Kind.GRAIL, Kind.MORGAN, Kind.EXCALIBUR


class WinReason(enum.Enum):
    """Which rule of RULES.md §5 gave the trick to its winning card."""

    FIRST_WIZARD = "first_wizard"      # the first Wizard (W, or MERLIN:W in camelot)
    HIGHEST_TRUMP = "highest_trump"
    HIGHEST_LEAD = "highest_lead"      # the highest card of the lead suit
    FIRST_JESTER = "first_jester"      # nothing above could win: the first Jester (or MERLIN:J)
    MAGIC_WIZARD = "magic_wizard"      # magic: a rank-1 card that follows the lead suit (§5.3)
    GRAIL_EVEN = "grail_even"          # camelot: the GRAIL at an even position (§5.4)
    MORGAN = "morgan"                  # camelot: MORGAN, no GRAIL at an even position
    FIRST_CARD = "first_card"          # an unfinished trick of null cards only: nothing wins yet


class TrickNote(enum.Enum):
    """What else the rules did to a trick, beside choosing its winner."""

    GRAIL_ODD = "grail_odd"            # the GRAIL was played at an odd position: a null card, it lost
    SCROLL = "scroll"                  # trump was led: the ancient scroll took the Wizards' power
    EXCALIBUR = "excalibur"            # EXCALIBUR voided the trick: it counts for nobody
    ROUND_VOID = "round_void"          # ... in round 1, so nobody scores this round (set by the state)


class Verdict(NamedTuple):
    """Who wins a trick and why: ``card_index`` of the winning card, ``void`` (EXCALIBUR), the
    ``reason``, the ``lead`` suit (None if none was set) and ``notes``."""

    card_index: int
    void: bool
    reason: WinReason
    lead: str | None
    notes: tuple[TrickNote, ...]


_NO_NOTES: tuple[TrickNote, ...] = ()


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
    v = judge(trick, trump, edition, scroll)
    return v.card_index, v.void


def judge(trick: Sequence[Card], trump: str | None, edition: str, scroll: bool = False) -> Verdict:
    """Who wins ``trick`` and why. On an unfinished trick: the card winning so far."""
    if edition == "camelot":
        return _camelot_verdict(trick, trump)
    lead_i = _lead_index(trick)
    suit = trick[lead_i].suit if lead_i >= 0 else None
    if edition == "magic" and suit is not None:
        for i in range(lead_i + 1, len(trick)):
            c = trick[i]
            if c.rank == 1 and c.suit == suit:
                return Verdict(i, False, WinReason.MAGIC_WIZARD, suit, _NO_NOTES)
    powerless = scroll and suit is not None and suit == trump
    if not powerless:
        for i, c in enumerate(trick):
            if c.kind is _WIZARD:
                return Verdict(i, False, WinReason.FIRST_WIZARD, suit, _NO_NOTES)
    notes = (TrickNote.SCROLL,) if powerless and any(c.kind is _WIZARD for c in trick) else _NO_NOTES
    i, reason = _suited_winner(trick, trump, suit)
    return Verdict(i, False, reason, suit, notes)


def classic_winner(trick: Sequence[Card], trump: str | None) -> Verdict:
    """``judge`` for the classic edition without the scroll rule, in one pass (hot path).

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
                return Verdict(i, False, WinReason.FIRST_WIZARD, lead, _NO_NOTES)
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
    if best < 0:
        return Verdict(0, False, WinReason.FIRST_JESTER, lead, _NO_NOTES)
    reason = WinReason.HIGHEST_TRUMP if best_value > 100 else WinReason.HIGHEST_LEAD
    return Verdict(best, False, reason, lead, _NO_NOTES)


TrickRule = Callable[[Sequence[Card], "str | None"], Verdict]


def winner_rule(edition: str, scroll: bool = False) -> TrickRule:
    """``judge`` specialised to an edition and scroll setting: ``rule(trick, trump)``."""
    if edition == "classic" and not scroll:
        return classic_winner
    return partial(judge, edition=edition, scroll=scroll)  # picklable, unlike a lambda


def _suited_winner(trick: Sequence[Card], trump: str | None,
                   suit: str | None) -> tuple[int, WinReason]:
    """No Wizard-like card won: the highest trump, else the highest of the lead suit, else the
    first Jester (or MERLIN:J), else (an unfinished trick of null cards) the first card."""
    best = -1
    best_rank = 0
    if trump is not None:
        for i, c in enumerate(trick):
            if c.suit == trump and c.rank > best_rank:
                best, best_rank = i, c.rank
        if best >= 0:
            return best, WinReason.HIGHEST_TRUMP
    if suit is not None:
        for i, c in enumerate(trick):
            if c.suit == suit and c.rank > best_rank:
                best, best_rank = i, c.rank
        if best >= 0:
            return best, WinReason.HIGHEST_LEAD
    for i, c in enumerate(trick):
        if c.jesterly:
            return i, WinReason.FIRST_JESTER
    return 0, WinReason.FIRST_CARD


def _camelot_verdict(trick: Sequence[Card], trump: str | None) -> Verdict:
    void = any(c.kind is _EXCALIBUR for c in trick)
    notes: tuple[TrickNote, ...] = (TrickNote.EXCALIBUR,) if void else _NO_NOTES
    if any(c.kind is _GRAIL and i % 2 == 0 for i, c in enumerate(trick)):
        notes = (TrickNote.GRAIL_ODD, *notes)
    suit = lead_suit(trick)
    for i, c in enumerate(trick):
        if c.kind is _GRAIL and i % 2 == 1:
            return Verdict(i, void, WinReason.GRAIL_EVEN, suit, notes)
    for i, c in enumerate(trick):
        if c.kind is _MORGAN:
            return Verdict(i, void, WinReason.MORGAN, suit, notes)
    for i, c in enumerate(trick):
        if c.wizardly:
            return Verdict(i, void, WinReason.FIRST_WIZARD, suit, notes)
    i, reason = _suited_winner(trick, trump, suit)
    return Verdict(i, void, reason, suit, notes)
