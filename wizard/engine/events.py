"""What ``apply`` and ``advance`` report, so a UI can animate without diffing states.

Events carry everything, including cards a seat may not see; use
``redact(event, seat, ...)`` through ``GameState.events_for`` before showing
them to one seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card
from .trick import TrickNote, WinReason


class Event:
    """Base class of every event. Treat events as read-only values.

    Most are not frozen only because frozen dataclasses are several times slower to build and the
    AI's playouts build millions. The three most frequent ones (``CardDealt``, ``CardPlayed``,
    ``BidMade``) are frozen and interned instead: the engine hands out shared instances from
    ``DEALT``, ``PLAYED`` and ``BIDS_MADE`` (equal by value to freshly built ones).
    """

    __slots__ = ()


@dataclass(slots=True)
class CardDrawn(Event):
    """A card drawn to choose the first dealer."""

    seat: int
    card: Card


@dataclass(slots=True)
class DealerChosen(Event):
    """The first dealer is known (drawn or fixed)."""

    seat: int
    drawn: bool


@dataclass(slots=True)
class RoundStarted(Event):
    """A new round: ``round`` cards each, dealt by ``dealer``."""

    round: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card dealt to ``seat`` (``card`` None once redacted)."""

    seat: int
    card: Card | None


@dataclass(slots=True)
class TrumpRevealed(Event):
    """The top card is turned (``card`` None in the last round); ``trump`` None = no trump or to be chosen."""

    card: Card | None
    trump: str | None
    dealer_chooses: bool


@dataclass(slots=True)
class TrumpChosen(Event):
    """The dealer named the trump suit."""

    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid (``bid`` None when the viewer may not see it)."""

    seat: int
    bid: int | None


@dataclass(slots=True)
class BidsRevealed(Event):
    """Hidden or secret bids are shown, by seat."""

    bids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` (MERLIN in its declared form)."""

    seat: int
    card: Card


@dataclass(slots=True)
class TrickWon(Event):
    """A trick ended: ``winner`` leads next; a ``void`` trick (EXCALIBUR) counts for nobody.

    Why, as the engine decided it (``trick.judge``): the ``reason`` the winning card won, the
    ``lead`` suit (None when none was set) and ``notes`` on what else the rules did to the trick.
    """

    winner: int
    cards: tuple[tuple[int, Card], ...]
    void: bool
    reason: WinReason | None = None      # None only in events built by hand
    lead: str | None = None
    notes: tuple[TrickNote, ...] = ()


@dataclass(slots=True)
class RoundScored(Event):
    """The round is over: bids, tricks, points and new totals by seat."""

    round: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(slots=True)
class GameOver(Event):
    """The game is over; ``winners`` share the highest total."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


# ---- interned instances (engine hot path) ----------------------------------------------------
# By seat (up to 6) and card: the one CardDealt / CardPlayed event for it; by seat and bid (0..20):
# the one BidMade event.
DEALT: tuple[dict[Card, CardDealt], ...] = tuple({c: CardDealt(s, c) for c in ALL_CARDS}
                                                 for s in range(6))
PLAYED: tuple[dict[Card, CardPlayed], ...] = tuple({c: CardPlayed(s, c) for c in ALL_CARDS}
                                                   for s in range(6))
BIDS_MADE: tuple[tuple[BidMade, ...], ...] = tuple(tuple(BidMade(s, b) for b in range(21))
                                                   for s in range(6))
