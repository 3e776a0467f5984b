"""What a lesson is made of: designed deals, each with its script of moves and notes.

A lesson is data: the deck of each round (the hands and the turned card), the computer seats'
moves, the person's expected moves with the words that ask for them, and the notes that say why
things turned out as they did. ``wizard.table.tutorial`` plays it on a ``Table``.

Texts are ``N_()`` source strings, translated when shown. Placeholders in braces name cards
(``{"card": "R12"}``, the card's name in the look in use) or suits (``{"suit": "suit:B"}``).

Actions are written as in the reference notation: ``"bid 1"``, ``"play R12"``, ``"trump B"``
(``"play MERLIN:W"`` for Merlin played as a Wizard).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from wizard.engine import Action, Bid, ChooseTrump, Play, card


def action_of(text: str) -> Action:
    """The action written as ``"bid 2"``, ``"play B7"`` or ``"trump G"``."""
    verb, _sep, arg = text.partition(" ")
    if verb == "bid" and arg.isdigit():
        return Bid(int(arg))
    if verb == "play" and arg:
        return Play(card(arg))
    if verb == "trump" and arg in ("B", "G", "R", "Y"):
        return ChooseTrump(arg)
    raise ValueError(f"not an action: {text!r}")


@dataclass(frozen=True, slots=True)
class Move:
    """A computer seat's scripted move."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class Do:
    """The person's move: ``text`` asks for it, ``action`` is the one expected (ringed on the
    table; any other legal move is refused with ``wrong``, or a general kind word), ``after`` is
    a note said once it is made (``Lesson.items`` puts it as a ``Say`` right after the move: it
    stays until Continue, like every note, and the others wait)."""

    action: str
    text: str
    after: str = ""
    wrong: str = ""
    args: Mapping[str, str] = field(default_factory=dict)
    after_point: str = ""         # what the ``after`` note points at (see ``Say.point``)


@dataclass(frozen=True, slots=True)
class Say:
    """A note: the table waits, the moment stays on screen, until the person presses Continue.
    ``point`` names a part of the table the note talks about, ringed while it is shown ("bids":
    the bid sum in the top bar)."""

    text: str
    args: Mapping[str, str] = field(default_factory=dict)
    point: str = ""


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The round's result is shown (put at the end of every deal by ``Lesson.items``)."""

    last: bool


Item = Move | Do | Say | RoundEnd


@dataclass(frozen=True, slots=True)
class Deal:
    """One round: each seat's hand (cards separated by spaces, seat 0 the person's), the turned
    card (None in a game's last round only), and what happens, in the order of play."""

    hands: tuple[str, ...]
    turned: str | None
    script: tuple[Move | Do | Say, ...]


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided game: ``deals`` are its first rounds, ``first_dealer`` deals the first of them."""

    id: str
    title: str                    # N_(): on the Learn to play screen
    summary: str                  # N_(): one line under the title
    edition: str                  # "classic" | "magic" | "camelot"
    names: tuple[str, ...]        # the computer seats' names (seat 1, 2, ...)
    first_dealer: int
    deals: tuple[Deal, ...]
    outro: tuple[Say, ...] = ()   # the last words, after the last round's result

    @property
    def players(self) -> int:
        """Seats at the table: the person and the computer seats."""
        return 1 + len(self.names)

    def items(self) -> list[Item]:
        """Everything in order: each deal's script (a move's ``after`` as the note that follows
        it) and its round end, then the last words."""
        out: list[Item] = []
        for i, deal in enumerate(self.deals):
            for item in deal.script:
                out.append(item)
                if isinstance(item, Do) and item.after:
                    out.append(Say(item.after, item.args, item.after_point))
            out.append(RoundEnd(i == len(self.deals) - 1))
        out += self.outro
        return out
