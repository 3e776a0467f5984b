"""The three things a player can do: bid, play a card, choose the trump suit.

Actions are small immutable values (``Play`` actions are interned, one per card);
their text form is the one of BOT_PROTOCOL.md (a bid ``"3"``, a card ``"R13"`` or
``"MERLIN:W"``, a suit ``"B"``).

>>> Play(card("MERLIN:W"))
Play(card('MERLIN:W'))
>>> str(Bid(3)), Action.from_record("play R13")
('3', Play(card('R13')))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import SUITS, Card, CardError, card  # noqa: F401  (card used in doctests)
from .errors import IllegalActionError, Rule

# a bid in a record or on the wire: ASCII digits as ``Bid.record`` writes them (no "03", no
# superscript or Arabic-Indic digits, which ``str.isdigit`` takes and ``int`` reads or refuses)
_BID_DIGITS = re.compile(r"0|[1-9][0-9]{0,2}")


class Action:
    """Base of Bid, Play and ChooseTrump."""

    __slots__ = ()

    def record(self) -> str:
        """The form stored in game records: ``"bid 3"``, ``"play R13"``, ``"trump B"``."""
        raise NotImplementedError

    @staticmethod
    def from_record(text: str) -> Action:
        """Parse the record form; malformed text raises ``IllegalActionError``."""
        if not isinstance(text, str):
            raise IllegalActionError(Rule.MALFORMED_ACTION, f"not an action: {text!r}", action=text)
        verb, _, arg = text.partition(" ")
        try:
            if verb == "bid" and _BID_DIGITS.fullmatch(arg):   # ASCII digits, as written
                return bid(int(arg))
            if verb == "play":
                return play(Card.from_str(arg))
            if verb == "trump" and arg in SUITS:
                return ChooseTrump(arg)
        except CardError:
            pass
        raise IllegalActionError(Rule.MALFORMED_ACTION, f"not an action: {text!r}", action=text)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``n`` tricks."""

    n: int

    def record(self) -> str:
        return f"bid {self.n}"

    def __str__(self) -> str:
        return str(self.n)


class Play(Action):
    """Play ``card`` (MERLIN is played as ``MERLIN:W`` or ``MERLIN:J``).

    Interned: ``Play(c)`` returns the one shared action of card ``c`` (cards are interned too), so
    equality and hashing are by identity, which makes ``action in legal`` a C-level scan. A
    ``Play`` of something that is not a card (refused by ``apply``) is a fresh object.
    """

    __slots__ = ("card",)
    __match_args__ = ("card",)

    card: Card

    def __new__(cls, card: Card) -> Play:  # noqa: F811 (the field's name, as before)
        shared = _PLAYS.get(card) if isinstance(card, Card) else None
        if shared is not None:
            return shared
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Play is immutable (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Play is immutable (cannot delete {name})")

    def __reduce__(self) -> tuple[object, tuple[Card]]:
        return (Play, (self.card,))

    def __copy__(self) -> Play:
        return self

    def __deepcopy__(self, memo: object) -> Play:
        return self

    def record(self) -> str:
        return f"play {self.card.text}"

    def __str__(self) -> str:
        return self.card.text if isinstance(self.card, Card) else str(self.card)

    def __repr__(self) -> str:
        if not isinstance(self.card, Card):  # a malformed action, about to be refused
            return f"Play({self.card!r})"
        return f"Play(card({self.card.text!r}))"


@dataclass(frozen=True, slots=True)
class ChooseTrump(Action):
    """The dealer names the trump suit."""

    suit: str

    def record(self) -> str:
        return f"trump {self.suit}"

    def __str__(self) -> str:
        return self.suit


_BIDS = tuple(Bid(n) for n in range(21))
_PLAYS: dict[Card, Play] = {}
for _c in Card._by_code:
    _PLAYS[_c] = Play(_c)
# The shared Play action of each card. Cards know nothing of actions (cards.py is the bottom
# layer); the engine's hot paths look a card's action up here (an identity-hash dict lookup).
PLAY_OF: dict[Card, Play] = _PLAYS
TRUMP_CHOICES = tuple(ChooseTrump(s) for s in SUITS)


def bid(n: int) -> Bid:
    """The (shared) Bid action for ``n``."""
    return _BIDS[n] if 0 <= n < 21 else Bid(n)


def play(c: Card) -> Play:
    """The (shared) Play action for card ``c``."""
    return _PLAYS[c]
