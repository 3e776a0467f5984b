"""What one seat may know (docs/RULES.md §7): the only thing the AI and the UI see of a game.

The one home of redaction: the bids a seat (or a bystander) may see (``bids_seen``), the events
it may see (``event_for`` / ``events_for``) and a bystander's view (``public_view``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .actions import Action
from .cards import Card
from .config import BidVisibility, PublicConfig
from .edition import EditionRules
from .events import BidMade, CardDealt, Event
from .phase import Phase
from .scoring import Bonus

_OPEN, _HIDDEN = BidVisibility.OPEN, BidVisibility.HIDDEN
_PLAY, _ROUND_END, _GAME_OVER = Phase.PLAY, Phase.ROUND_END, Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: (seat, card) in play order, its winner, and whether EXCALIBUR voided it."""

    cards: tuple[tuple[int, Card], ...]
    winner: int
    void: bool


# A frozen dataclass's __init__ goes through object.__setattr__ for each field; the engine builds a
# TrickRecord per trick, so it sets the slots directly through their descriptors (~2x faster).
_new = object.__new__
_set_cards = TrickRecord.__dict__["cards"].__set__
_set_winner = TrickRecord.__dict__["winner"].__set__
_set_void = TrickRecord.__dict__["void"].__set__


def make_trick_record(cards: tuple[tuple[int, Card], ...], winner: int, void: bool) -> TrickRecord:
    """``TrickRecord(cards, winner, void)``, built faster (the engine's hot path)."""
    record: TrickRecord = _new(TrickRecord)
    _set_cards(record, cards)
    _set_winner(record, winner)
    _set_void(record, void)
    return record


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One row of the score pad: a scored round.

    ``bonuses`` names, by seat, the camelot rules that changed the points (the Grail, a zero bid,
    a round voided by EXCALIBUR); empty for a row read back from a file, which does not keep them,
    and left out of comparisons for that reason.
    """

    round: int
    dealer: int
    trump: str | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    bonuses: tuple[tuple[Bonus, ...], ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's knowledge of the game at one moment; built by ``GameState.view_for``."""

    seat: int
    config: PublicConfig                    # the rules without the seed (docs/RULES.md §7)
    phase: Phase
    current_player: int | None
    round: int
    rounds: int
    dealer: int
    leader: int
    hand: tuple[Card, ...] | None           # None while the seat may not see it (clairvoyance bidding)
    hand_size: tuple[int, ...]              # cards held, by seat
    visible_hands: dict[int, tuple[Card, ...]]  # other seats' hands the seat may see
    turned: Card | None
    trump: str | None
    bids: tuple[int | None, ...]            # None: not made yet or not visible to this seat
    bids_made: tuple[bool, ...]             # whether each seat has bid (always public)
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]     # the current trick so far, (seat, card)
    tricks_played: tuple[TrickRecord, ...]  # this round's finished tricks
    history: tuple[RoundResult, ...]        # the score pad so far
    legal: tuple[Action, ...]               # legal actions when it is this seat's turn, else ()

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @property
    def edition(self) -> str:
        """The edition's name."""
        return self.config.edition.value

    @property
    def rules(self) -> EditionRules:
        """The edition as data (its deck, what each card does, scoring, the bid-sum rule)."""
        return self.config.rules


def bids_seen(bids: Sequence[int | None], viewer: int | None, config: PublicConfig,
              phase: Phase) -> tuple[int | None, ...]:
    """The bids as ``viewer`` may see them now (``None``: a bystander, who sees only the bids
    everybody may see): all once they are open, revealed or scored, else only the viewer's."""
    bids_rule = config.game_rules.bids
    if bids_rule is _OPEN or phase is _ROUND_END or phase is _GAME_OVER or (
            bids_rule is _HIDDEN and phase is _PLAY):
        return tuple(bids)
    return tuple(b if s == viewer else None for s, b in enumerate(bids))


def public_view(view: PlayerView, bids: Sequence[int | None]) -> PlayerView:
    """What a bystander sees, from any seat's ``view`` and the true ``bids``: no hand at all,
    only the bids everybody may see, nothing to do."""
    return replace(view, seat=-1, hand=None, visible_hands={},
                   bids=bids_seen(bids, None, view.config, view.phase), legal=())


def event_for(event: Event, seat: int | None, config: PublicConfig) -> Event:
    """``event`` as ``seat`` may see it: other seats' dealt cards and unrevealed bids hidden
    (``None``: a bystander, who sees no dealt card)."""
    if isinstance(event, CardDealt):
        visible = seat is not None and (event.seat == seat) != config.game_rules.clairvoyance
        return event if visible else replace(event, card=None)
    if isinstance(event, BidMade):
        if event.seat != seat and config.game_rules.bids is not BidVisibility.OPEN:
            return replace(event, bid=None)
    return event


def events_for(events: Iterable[Event], seat: int | None, config: PublicConfig) -> list[Event]:
    """Redact a list of events for one seat (``None``: a bystander)."""
    return [event_for(e, seat, config) for e in events]
