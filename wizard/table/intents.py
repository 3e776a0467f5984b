"""What a person asks of the table (intents) and what the table answers (outcomes), as data.

The screen turns clicks and keys into intents and hands them to ``Table.submit``; it reads the
outcomes the table returns or queues (``Table.take_outcomes``) and draws them. Nothing here knows
about pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wizard.engine import Action, Bid, Card, ChooseTrump, Play, RoundResult, Rule
from wizard.session import TakeBackRule

from .summary import RoundSummary

# ---- intents ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidIntent:
    """Bid ``n`` tricks."""

    n: int


@dataclass(frozen=True, slots=True)
class PlayIntent:
    """Play ``card`` from the hand (Merlin, when it may be either, asks first)."""

    card: Card


@dataclass(frozen=True, slots=True)
class TrumpIntent:
    """Name ``suit`` (B, G, R or Y) as the trump suit."""

    suit: str


@dataclass(frozen=True, slots=True)
class MerlinIntent:
    """Play Merlin as a Wizard (``as_wizard``) or as a Jester."""

    as_wizard: bool


@dataclass(frozen=True, slots=True)
class CancelChoice:
    """Close the Merlin question without playing."""


@dataclass(frozen=True, slots=True)
class SkipAnimation:
    """Show the end of every running and queued animation now."""


@dataclass(frozen=True, slots=True)
class AskHint:
    """What would the computer (Expert) do in this person's place?"""


@dataclass(frozen=True, slots=True)
class TakeBackIntent:
    """Solo games: undo my last decision (and the computer moves after it)."""


@dataclass(frozen=True, slots=True)
class Ready:
    """The person named on the hot-seat curtain is at the screen: show their hand."""


@dataclass(frozen=True, slots=True)
class NextRound:
    """The round's result was seen: deal the next round."""


Intent = (BidIntent | PlayIntent | TrumpIntent | MerlinIntent | CancelChoice | SkipAnimation
          | AskHint | Ready | NextRound | TakeBackIntent)

def intent_for(action: Action) -> BidIntent | PlayIntent | TrumpIntent:
    """The person's intent that asks for ``action`` (a seat driven by a program: tests, benches)."""
    if isinstance(action, Bid):
        return BidIntent(action.n)
    if isinstance(action, ChooseTrump):
        return TrumpIntent(action.suit)
    if not isinstance(action, Play):
        raise TypeError(f"no intent asks for {action!r}")
    return PlayIntent(action.card)


#: Intents that act in the game for the person whose turn it is (kept while an animation runs).
GAME_INTENTS = (BidIntent, PlayIntent, TrumpIntent, MerlinIntent)


# ---- outcomes -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Accepted:
    """The intent was carried out (``action``: the game action taken, if it was one)."""

    action: Action | None


@dataclass(frozen=True, slots=True)
class Refused:
    """The rules (or the moment) refuse the intent; nothing changed. ``text`` is translated."""

    rule: Rule | TakeBackRule | None
    text: str
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Kept:
    """The intent came during an animation: it is kept and applied once, when the table catches up."""


@dataclass(frozen=True, slots=True)
class Ignored:
    """The intent means nothing now (not this person's turn, a second click of a double click)."""

    why: str


@dataclass(frozen=True, slots=True)
class TakenBack:
    """The person's last decision (``action``) was taken back, with the computer moves after it:
    ``undone`` actions in all. The table shows the restored position; it is their turn again."""

    action: Action
    undone: int
    text: str                # what was taken back and what to do now, translated


@dataclass(frozen=True, slots=True)
class CurtainUp:
    """Hot seat: everything private is hidden until ``seat``'s person says they are ready."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChoiceNeeded:
    """The person to act must choose: ``kind`` is "trump" or "merlin"."""

    kind: str


@dataclass(frozen=True, slots=True)
class HintRow:
    """One choice the hint weighs: a bid or a card, Expert's estimates of it, a translated line."""

    action: Action             # a ``Bid`` or a ``Play``
    points: float              # expected points of the round with this choice
    exact: float | None        # a bid: the chance of making it when playing for it (0..1)
    best: bool                 # Expert's own choice (highlighted)
    text: str
    shown: bool = True         # False: its points are not shown (a far bid, #37)


@dataclass(frozen=True, slots=True)
class HintReady:
    """The computer's suggestion for the person to act: its choice (highlighted among the bid
    buttons or in the hand), a translated sentence, and the choices it weighed, best first.

    ``seat`` asked at move number ``moves``: the table shows it to that person, on that turn only.
    """

    action: Action | None      # None: the hint failed or came too late (say nothing)
    text: str
    rows: tuple[HintRow, ...] = ()
    seat: int | None = None
    moves: int = -1
    note: str = ""             # how precise the rows' numbers are (translated)
    change: str = ""           # what changed since the seat's last hint of the round (translated)
    note_short: str = ""       # the note without its precision (what the lines mean), for less room


@dataclass(frozen=True, slots=True)
class RoundOver:
    """A round was scored, the last one included: its result and its summary, for the round-end
    screen. ``NextRound`` closes it: the next deal, or after the last round the ``GameOver``."""

    result: RoundResult
    names: tuple[str, ...]
    humans: tuple[int, ...]
    auto: bool               # no person plays: the result screen may close by itself
    summary: RoundSummary

    @property
    def last(self) -> bool:
        """The game's last round: the game's result comes after this one."""
        return self.summary.last


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over (after the last round's ``RoundOver`` was closed)."""

    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    names: tuple[str, ...]
    seed: int | None
    you: int | None = None       # the seat addressed as "you" (``Table.you``)


Outcome = (Accepted | Refused | Kept | Ignored | CurtainUp | ChoiceNeeded | HintReady | RoundOver
           | GameOver | TakenBack)
