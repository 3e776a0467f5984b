"""The narrow port between a ``Table`` and the game it shows: what the table may ask and do.

A table never holds the game itself. It asks this port for what a seat may know (``view``), is
told what happens (``follow``: events, already redacted for the table's viewer), asks what a
seat may do (``legal_actions``, ``check``) and does it (``act``, ``start``, ``advance``,
``take_back``). Everything that crosses it is data: the seats, the rules, views, events,
actions, refusals and counts; no live object of the game comes back, so the other side may be
a ``wizard.session.Session`` in the same process (today) or a game played elsewhere (a later
network table), and a test may put a fake game behind it (``tests/test_table_port.py``).

The computer seats are not the port's business: the table's ``ComputerSeats``
(``wizard.table.computer``) decides for them from their ``view`` and acts through the port like
a person.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from wizard.engine import (
    Action,
    Event,
    GameConfig,
    PlayerView,
    TakeBack,
)
from wizard.session import Refusal, Seat, TakeBackRule

EventListener = Callable[[list[Event]], None]


class GamePort(Protocol):
    """A game as a table talks to it (``Session`` is one)."""

    @property
    def config(self) -> GameConfig:
        """The rules of the game (its seed too: "Same deals", decisions' rngs)."""
        ...

    @property
    def seats(self) -> Sequence[Seat]:
        """Who sits where: names, people and computer levels."""
        ...

    @property
    def moves(self) -> int:
        """How many actions were taken so far (a position's number)."""
        ...

    @property
    def pending(self) -> bool:
        """An action of this screen's is on its way and not yet answered (a network joiner's,
        to the host); a game played here answers at once: never."""
        ...

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now; ``None``: a bystander (no hand, only public bids). The
        view says whose turn it is, the phase, the round, the scores and the score pad."""
        ...

    def follow(self, listener: EventListener, viewer: Callable[[], int | None]) -> Callable[[], None]:
        """Call ``listener(events)`` after every step of the game (an empty list after a
        take-back), each event as ``viewer()`` may see it at that moment; returns a function
        that stops it."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it is not its turn)."""
        ...

    def check(self, action: Action, seat: int) -> Refusal | None:
        """Why the rules refuse ``action`` by ``seat`` now, or None (changes nothing)."""
        ...

    def act(self, action: Action, seat: int) -> object:
        """Do ``action`` for ``seat`` (``IllegalActionError`` changes nothing)."""
        ...

    def start(self) -> object:
        """The draw for the first dealer and the first deal, if still to come (saved)."""
        ...

    def advance(self) -> object:
        """Deal the next round after a round end."""
        ...

    def takeback_refusal(self) -> TakeBackRule | None:
        """Why ``take_back`` would be refused now, or None."""
        ...

    def take_back(self) -> TakeBack:
        """Go back to the one person's last decision (``TakeBackError`` changes nothing)."""
        ...
