"""Cards, decks and the reference notation of docs/RULES.md §1.

Cards are interned: there is exactly one ``Card`` object per notation, so
identity comparison is equality (and hashing is by identity: never let the
order of a *set* of cards decide anything; dicts keep insertion order) and
hands can hold the same Wizard object several times.

``Card`` defines no comparison method at all, on purpose: any of them would make
CPython route *every* comparison of cards (``in``, ``list.remove``, ``count``,
``index`` on hands and tricks) through a Python-level slot, about 8x slower.
Cards have no order; sort them with a key (``key=lambda c: c.code``).

>>> Card.from_str("R13")
Card.from_str('R13')
>>> str(Card.from_str("MERLIN:W"))
'MERLIN:W'
"""

from __future__ import annotations

import enum
from typing import Final

SUITS: Final = ("B", "G", "R", "Y")


class Kind(enum.Enum):
    """What a card is, independent of its look."""

    NUMBER = "number"
    WIZARD = "wizard"
    JESTER = "jester"
    GRAIL = "grail"
    EXCALIBUR = "excalibur"
    MERLIN = "merlin"
    MORGAN = "morgan"


class CardError(ValueError):
    """A text that is not a card in reference notation."""


class Card:
    """One card in reference notation; use ``Card.from_str`` to get it."""

    __slots__ = ("code", "text", "kind", "suit", "rank", "declared", "special",
                 "wizardly", "jesterly", "cancels_lead", "in_hand", "__weakref__")

    code: int
    text: str
    kind: Kind
    suit: str | None
    rank: int
    declared: str | None
    special: bool
    wizardly: bool
    jesterly: bool
    cancels_lead: bool
    in_hand: Card

    _by_text: dict[str, Card] = {}
    _by_code: list[Card] = []

    def __init__(self, text: str, kind: Kind, suit: str | None = None, rank: int = 0,
                 declared: str | None = None) -> None:
        self.code = len(Card._by_code)
        self.text = text
        self.kind = kind
        self.suit = suit
        self.rank = rank
        self.declared = declared
        self.special = kind is not Kind.NUMBER
        # Acts as a Wizard for lead-suit purposes (W, MERLIN:W); MORGAN is handled apart.
        self.wizardly = kind is Kind.WIZARD or (kind is Kind.MERLIN and declared == "W")
        # Acts as a Jester when deciding the winner (J, MERLIN:J).
        self.jesterly = kind is Kind.JESTER or (kind is Kind.MERLIN and declared == "J")
        # Played before any suited card, leaves the trick without a lead suit (W, MERLIN:W, MORGAN).
        self.cancels_lead = self.wizardly or kind is Kind.MORGAN
        self.in_hand = self  # the card as held in hand; MERLIN's played forms are fixed up below
        Card._by_text[text] = self
        Card._by_code.append(self)

    @staticmethod
    def from_str(text: str) -> Card:
        """The card written ``text`` (``"R13"``, ``"W"``, ``"MERLIN:J"``...)."""
        try:
            return Card._by_text[text]
        except (KeyError, TypeError):
            raise CardError(f"not a card: {text!r}") from None

    @staticmethod
    def from_code(code: int) -> Card:
        """The card with the small integer ``code``."""
        return Card._by_code[code]

    @property
    def is_merlin(self) -> bool:
        """True for MERLIN in hand and its two played forms."""
        return self.kind is Kind.MERLIN

    def declare(self, as_: str) -> Card:
        """MERLIN declared as ``"W"`` or ``"J"``."""
        if self.kind is not Kind.MERLIN:
            raise CardError(f"only MERLIN is declared, not {self.text}")
        return Card.from_str(f"MERLIN:{as_}")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_str({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.from_str, (self.text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


for _s in SUITS:
    for _r in range(1, 14):
        Card(f"{_s}{_r}", Kind.NUMBER, _s, _r)
WIZARD: Final = Card("W", Kind.WIZARD)
JESTER: Final = Card("J", Kind.JESTER)
GRAIL: Final = Card("GRAIL", Kind.GRAIL)
EXCALIBUR: Final = Card("EXCALIBUR", Kind.EXCALIBUR)
MERLIN: Final = Card("MERLIN", Kind.MERLIN)
MERLIN_W: Final = Card("MERLIN:W", Kind.MERLIN, declared="W")
MERLIN_J: Final = Card("MERLIN:J", Kind.MERLIN, declared="J")
MORGAN: Final = Card("MORGAN", Kind.MORGAN)
MERLIN_W.in_hand = MERLIN_J.in_hand = MERLIN
ALL_CARDS: Final = tuple(Card._by_code)


def card(text: str) -> Card:
    """Shorthand for ``Card.from_str``."""
    return Card.from_str(text)


def cards(text: str) -> list[Card]:
    """Cards from a space-separated text: ``cards("R13 W J")``."""
    return [Card.from_str(t) for t in text.split()]


def draw_value(c: Card) -> int:
    """Value of a card in the draw for first dealer: Wizard highest, Jester and other specials lowest."""
    if c.kind is Kind.WIZARD:
        return 14
    return c.rank
