"""The order of a hand on screen: Wizards left, then trump, then the other suits, Jesters right."""

from __future__ import annotations

from collections.abc import Sequence

from wizard.engine import SUITS, Card, Kind

# Suits alternate dark/light so neighbours are easy to tell apart.
_SUIT_ORDER = ("B", "R", "G", "Y")
_LEFT = (Kind.WIZARD, Kind.MERLIN, Kind.MORGAN, Kind.GRAIL, Kind.EXCALIBUR)


def sort_key(c: Card, trump: str | None) -> tuple[int, int, int]:
    """Position of a card: (group, suit order, -rank)."""
    if c.kind in _LEFT:
        return (0, _LEFT.index(c.kind), 0)
    if c.kind is Kind.JESTER:
        return (3, 0, 0)
    assert c.suit is not None
    if c.suit == trump:
        return (1, 0, -c.rank)
    order = [s for s in _SUIT_ORDER if s != trump]
    return (2, order.index(c.suit), -c.rank)


def sort_hand(hand: Sequence[Card], trump: str | None) -> list[Card]:
    """``hand`` in display order for the trump ``trump`` (None: no trump)."""
    assert set(_SUIT_ORDER) == set(SUITS)
    return sorted(hand, key=lambda c: sort_key(c, trump))
