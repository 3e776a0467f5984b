"""The three things a player can do: bid, play a card, choose the trump suit.

Actions are small frozen values; their text form is the one of BOT_PROTOCOL.md
(a bid ``"3"``, a card ``"R13"`` or ``"MERLIN:W"``, a suit ``"B"``).

>>> Play(card("MERLIN:W"))
Play(card('MERLIN:W'))
>>> str(Bid(3)), Action.from_record("play R13")
('3', Play(card('R13')))
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUITS, Card, CardError, card  # noqa: F401  (card used in doctests)
from .errors import IllegalActionError, Rule


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
            if verb == "bid" and arg.isdigit():
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


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` (MERLIN is played as ``MERLIN:W`` or ``MERLIN:J``)."""

    card: Card

    def record(self) -> str:
        return f"play {self.card.text}"

    def __str__(self) -> str:
        return self.card.text

    def __repr__(self) -> str:
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
_PLAYS = {c: Play(c) for c in Card._by_code}
for _c, _a in _PLAYS.items():
    _c.action = _a
TRUMP_CHOICES = tuple(ChooseTrump(s) for s in SUITS)


def bid(n: int) -> Bid:
    """The (shared) Bid action for ``n``."""
    return _BIDS[n] if 0 <= n < 21 else Bid(n)


def play(c: Card) -> Play:
    """The (shared) Play action for card ``c``."""
    return _PLAYS[c]
