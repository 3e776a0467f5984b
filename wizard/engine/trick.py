"""One trick: the lead suit, which cards may follow, who wins and why (docs/RULES.md §5).

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

from .cards import ALL_CARDS, SUITS, Card, Kind
from .edition import (
    EDITIONS,
    KEY_ABOVE_WIZARDS,
    KEY_EVEN_WINS,
    KEY_MAGIC,
    KEY_NULL,
    KEY_TRUMP,
    KEY_WIZARD,
    Edition,
    EditionRules,
    Power,
    rules_of,
)
from .house import applies

_WIZARD = Kind.WIZARD


class WinReason(enum.Enum):
    """Which rule of docs/RULES.md §5 gave the trick to its winning card."""

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


#: By lead suit: the cards that follow it, its own and every card without a suit. A hand holding a
#: card of the lead suit may play only these (docs/RULES.md §5.1); the state's fast path is built
#: on it.
FOLLOWING: dict[str, frozenset[Card]] = {
    s: frozenset(c for c in ALL_CARDS if c.suit in (s, None)) for s in SUITS}


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: str | None,
                scroll: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (MERLIN undeclared, duplicates kept):
    the one legal-card rule (``GameState.legal_actions`` is its fast path, on ``FOLLOWING``)."""
    suit = lead_suit(trick)
    if suit is None:
        return list(hand)
    if any(c.suit == suit for c in hand):
        follow = FOLLOWING[suit]
        out = [c for c in hand if c in follow]
    else:
        out = list(hand)
    if scroll and suit == trump:
        only_wizards = all(c.kind is _WIZARD for c in hand)
        if not only_wizards:
            out = [c for c in out if c.kind is not _WIZARD]
    return out


def trick_winner(trick: Sequence[Card], trump: str | None, edition: Edition | str | EditionRules,
                 scroll: bool = False) -> tuple[int, bool]:
    """(index of the winning card, whether the trick is void) for a complete trick."""
    v = judge(trick, trump, edition, scroll)
    return v.card_index, v.void


#: By power: the key of an unsuited card (the trick key of edition.py). An EVEN_WINS card gets
#: KEY_EVEN_WINS, made KEY_NULL at an odd position; an undeclared MERLIN is a null card.
_POWER_KEYS = {Power.WIZARD: KEY_WIZARD, Power.JESTER: 0, Power.ABOVE_WIZARDS: KEY_ABOVE_WIZARDS,
               Power.EVEN_WINS: KEY_EVEN_WINS, Power.VOIDS: KEY_NULL,
               Power.WIZARD_OR_JESTER: KEY_NULL}


def _special_keys(rules: EditionRules) -> tuple[int, ...]:
    """By card code: the trick key of each unsuited card of the edition (others: null)."""
    held = set(rules.deck)
    return tuple(_POWER_KEYS[rules.power(c)] if c.suit is None and c.in_hand in held else KEY_NULL
                 for c in ALL_CARDS)


_KEYS = {name: _special_keys(rules) for name, rules in EDITIONS.items()}
# By edition: the highest key a card can get (once played, nothing after it wins).
_TOP = {name: max(_KEYS[name]) if rules.magic_rank == 0 else max(KEY_MAGIC, *_KEYS[name])
        for name, rules in EDITIONS.items()}
# By edition: the cards that void a trick, and those that win at an even position (for the notes).
_NOTED = {name: (frozenset(c for c in rules.cards if rules.power(c) is Power.VOIDS),
                 frozenset(c for c in rules.cards if rules.power(c) is Power.EVEN_WINS))
          for name, rules in EDITIONS.items()}
_REASONS = ((KEY_EVEN_WINS, WinReason.GRAIL_EVEN), (KEY_ABOVE_WIZARDS, WinReason.MORGAN),
            (KEY_MAGIC, WinReason.MAGIC_WIZARD), (KEY_WIZARD, WinReason.FIRST_WIZARD),
            (KEY_TRUMP + 1, WinReason.HIGHEST_TRUMP), (1, WinReason.HIGHEST_LEAD),
            (0, WinReason.FIRST_JESTER), (KEY_NULL, WinReason.FIRST_CARD))  # (lowest key, reason)
# By key + 2 (the key -2: an empty trick): the reason a card of that key wins.
_REASON_BY_KEY = (WinReason.FIRST_CARD, *(next(r for floor, r in _REASONS if k >= floor)
                                          for k in range(KEY_NULL, KEY_EVEN_WINS + 1)))


def judge(trick: Sequence[Card], trump: str | None, edition: Edition | str | EditionRules,
          scroll: bool = False) -> Verdict:
    """Who wins ``trick`` and why. On an unfinished trick: the card winning so far.

    The one trick-winner rule: each card gets the edition's trick key (edition.py) as it is
    played, and the highest key wins (equal keys: the earlier card). ``scroll``: the ancient
    scroll option is on (it applies only where the edition allows it).
    """
    rules = edition if isinstance(edition, EditionRules) else rules_of(edition)
    name = rules.name
    return _RULES[name, scroll and _SCROLLS[name]](trick, trump)


def _verdict(keys: tuple[int, ...], magic: int, scroll: bool, top: int,
             noted: tuple[frozenset[Card], frozenset[Card]] | None,
             trick: Sequence[Card], trump: str | None) -> Verdict:
    """``judge`` on one edition's tables: ``keys`` of the unsuited cards by code, the ``magic``
    rank (0: none), whether the ``scroll`` applies, the ``top`` key no later card can beat, the
    cards that void a trick and those that win at even positions (``noted``; None: none)."""
    lead = None            # the lead suit, once a suited card set it
    open_ = True           # nothing has set (nor cancelled) the lead suit yet
    best = -1
    best_key = -2
    scrolled = False
    for i, c in enumerate(trick):
        s = c.suit
        if s is not None:
            if open_:
                open_ = False
                lead = s
                k = c.rank + KEY_TRUMP if s == trump else c.rank
            elif s == trump:
                k = KEY_MAGIC if s == lead and c.rank == magic else c.rank + KEY_TRUMP
            elif s == lead:
                k = KEY_MAGIC if c.rank == magic else c.rank
            else:
                continue                  # off suit: key 0, never above the card that set the lead
        else:
            k = keys[c.code]
            if k == KEY_EVEN_WINS and not i & 1:
                k = KEY_NULL              # at an odd position (1, 3...): a null card
            if open_:
                if c.cancels_lead:
                    open_ = False
            elif k == KEY_WIZARD and scroll and lead == trump and lead is not None:
                k = 0                     # trump was led: the scroll takes the Wizard's power
                scrolled = True
        if k > best_key:
            best, best_key = i, k
            if k >= top:
                break                     # nothing after it can win (the notes look at all)
    if open_:
        lead = lead_suit(trick)           # (after an early break, a later card may set it)
    if best_key < 0:
        best = 0
    if noted is None:
        return Verdict(best, False, _REASON_BY_KEY[best_key + 2], lead,
                       _SCROLL_NOTE if scrolled else _NO_NOTES)
    voiders, evens = noted
    void = any(c in voiders for c in trick)
    odd = any(c in evens and i % 2 == 0 for i, c in enumerate(trick))
    notes = (*((TrickNote.GRAIL_ODD,) if odd else ()), *((TrickNote.EXCALIBUR,) if void else ()))
    return Verdict(best, void, _REASON_BY_KEY[best_key + 2], lead, notes)


_SCROLL_NOTE = (TrickNote.SCROLL,)


#: By edition: whether the ancient-scroll house rule can apply there (house.HOUSE_RULES).
_SCROLLS = {name: applies("scroll", name) for name in EDITIONS}

TrickRule = Callable[[Sequence[Card], "str | None"], Verdict]



def winner_rule(edition: Edition | str, scroll: bool = False) -> TrickRule:
    """``judge`` specialised to an edition and scroll setting: ``rule(trick, trump)`` (one shared
    object per edition and setting)."""
    rules = rules_of(edition)
    return _RULES[rules.name, scroll and _SCROLLS[rules.name]]


_RULES: dict[tuple[Edition, bool], TrickRule] = {
    (name, scroll): partial(_verdict, _KEYS[name], rules.magic_rank, scroll and _SCROLLS[name],
                            _TOP[name], _NOTED[name] if any(_NOTED[name]) else None)
    for name, rules in EDITIONS.items() for scroll in (False, True)}  # (picklable, positional: fast)
