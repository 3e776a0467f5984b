"""The table's sentences: the prompt line and a refusal, in the current language (the hint's are
in ``hint.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from wizard import messages
from wizard.engine import (
    CardDrawn,
    DealerChosen,
    Phase,
    TrickWon,
)
from wizard.i18n import _
from wizard.session import Refusal

from .animation import Animator
from .shown import Shown


class TablePrompt(Protocol):
    """What the prompt reads of a table (``Table`` has it; this module does not import it)."""

    animator: Animator
    look: str

    @property
    def names(self) -> list[str]: ...

    @property
    def humans(self) -> list[int]: ...

    @property
    def current(self) -> int | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def lead_suit(self) -> str | None: ...

    @property
    def shown(self) -> Shown: ...

    @property
    def drained(self) -> bool: ...

    @property
    def you(self) -> int | None: ...

    def my_turn(self) -> bool: ...

    def waiting_for_click(self) -> bool: ...

    def forced_line(self) -> str: ...


def refusal_text(err: Refusal, look: str, names: Sequence[str]) -> str:
    """Why the rules refuse an action, translated."""
    return messages.rule_text(err.rule, err.details, look, list(names))


def prompt_line(table: TablePrompt) -> tuple[str, str]:
    """The prompt line for ``table`` and its tone: "accent" (speaks to the person) or "ink"."""
    e = table.animator.active
    names = table.names
    first = first_dealer_shown(table)
    if first is not None:        # said on the prompt's line: a banner lay over the cards drawn
        return (_("You drew the highest card: you deal first") if first == table.you
                else _("{name} drew the highest card: {name} deals first").format(name=names[first])), \
            "accent"
    if isinstance(e, CardDrawn) and not table.shown.round:
        return _("Drawing for the first dealer: the highest card deals."), "ink"
    forced = table.forced_line()     # a card played for the person: said until it leaves the table
    if table.waiting_for_click():
        go_on = _("Click or press a key to go on.")
        return (f"{forced} {go_on}" if forced else go_on), "accent"
    if forced:
        return forced, "accent"
    if isinstance(e, TrickWon):
        return "", "ink"          # the table's trick line (``Table.trick_line``) says who and why
    seat = table.current
    if not table.drained or seat is None:
        return "", "ink"
    name = names[seat]
    phase = table.phase
    if table.my_turn():
        return _your_turn(table, name, seat == table.you), "accent"
    if seat in table.humans:
        return _("Waiting for {name}…").format(name=name), "ink"
    if phase is Phase.BID:
        return _("{name} is bidding…").format(name=name), "ink"
    if phase is Phase.TRUMP:
        return _("{name} chooses trump…").format(name=name), "ink"
    return _("{name} is playing…").format(name=name), "ink"


def first_dealer_shown(table: TablePrompt) -> int | None:
    """The seat that drew the highest card, while the draw for first dealer is on the table
    after it is decided (through round 1's deal); None otherwise."""
    e, sh = table.animator.active, table.shown
    if isinstance(e, DealerChosen):
        return e.seat
    return sh.dealer if sh.drawn and sh.round <= 1 and sh.dealer >= 0 else None


def _your_turn(table: TablePrompt, name: str, you: bool) -> str:
    """What the person to act is asked; ``you``: the default "You", asked without a name."""
    phase = table.phase
    if phase is Phase.BID:
        if you:
            return _("Your bid: how many tricks will you take?")
        return _("{name}, your bid: how many tricks will you take?").format(name=name)
    if phase is Phase.TRUMP:
        if you:
            return _("Choose the trump suit.")
        return _("{name}, choose the trump suit.").format(name=name)
    led = table.lead_suit
    if led is not None:
        suit = messages.suit_name(led, table.look)
        if you:
            return _("Play a card: {suit} was led.").format(suit=suit)
        return _("{name}, play a card: {suit} was led.").format(name=name, suit=suit)
    if you:
        return _("Play a card.")
    return _("{name}, play a card.").format(name=name)
