"""Why a trick went to its winner, in one line of the player's language (docs/RULES.md §5).

The reason comes from the engine (``TrickWon.reason``, ``lead`` and ``notes``, decided where the
engine decides the winner); this module only puts it into words. It never decides a rule itself:
it names the winning card, finds where the Grail lies in the trick and tells whether every card
played is a Jester, which are facts about the cards, not rules.

>>> from wizard.engine import WinReason, cards, rules_of
>>> won = TrickWon(1, tuple(enumerate(cards("B3 W R13"))), False, WinReason.FIRST_WIZARD, "B")
>>> trick_line(won, ["Anna", "Bruno", "Carme"], None, rules=rules_of("classic"))
'Bruno wins the trick: the first Wizard played.'
>>> trick_line(won, ["You", "Bruno", "Carme"], you=1, rules=rules_of("classic"))
'You win the trick: the first Wizard played.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wizard import messages
from wizard.engine import (
    Card,
    EditionRules,
    Kind,
    Power,
    TrickNote,
    TrickWon,
    Verdict,
    WinReason,
    judge,
)
from wizard.i18n import N_, _

# (sentence about a named player, the same sentence addressed to "you"), by reason.
# {name}: the winner; {card}: the winning card with its article; {position}: 1, 2, 3...
_WHY: dict[str, tuple[str, str]] = {
    "wizard": (N_("{name} wins the trick: the first Wizard played."),
               N_("You win the trick: the first Wizard played.")),
    "merlin_wizard": (N_("{name} wins the trick: Merlin, played as a Wizard, is the first Wizard."),
                      N_("You win the trick: Merlin, played as a Wizard, is the first Wizard.")),
    "trump": (N_("{name} wins the trick: the highest trump, {card}."),
              N_("You win the trick: the highest trump, {card}.")),
    "scroll": (N_("{name} wins the trick: trump was led, so the ancient scroll takes the Wizards' "
                  "power and the highest trump wins, {card}."),
               N_("You win the trick: trump was led, so the ancient scroll takes the Wizards' "
                  "power and the highest trump wins, {card}.")),
    "lead": (N_("{name} wins the trick: the highest card of the suit led, {card}."),
             N_("You win the trick: the highest card of the suit led, {card}.")),
    "jesters": (N_("{name} wins the trick: only Jesters were played, and the first one wins."),
                N_("You win the trick: only Jesters were played, and the first one wins.")),
    "first_jester": (N_("{name} wins the trick: no other card could win, so the first Jester "
                        "wins."),
                     N_("You win the trick: no other card could win, so the first Jester wins.")),
    "merlin_jester": (N_("{name} wins the trick: Merlin, played as a Jester, is the first Jester "
                         "and no other card could win."),
                      N_("You win the trick: Merlin, played as a Jester, is the first Jester and "
                         "no other card could win.")),
    "magic": (N_("{name} wins the trick: {card} follows the suit led, so it is a Magic Wizard "
                 "and beats everything."),
              N_("You win the trick: {card} follows the suit led, so it is a Magic Wizard and "
                 "beats everything.")),
    "grail": (N_("{name} wins the trick: the Holy Grail, played at position {position} (even), "
                 "beats every card."),
              N_("You win the trick: the Holy Grail, played at position {position} (even), "
                 "beats every card.")),
    "morgan": (N_("{name} wins the trick: Morgan le Fay beats every card but a Holy Grail at an "
                  "even position."),
               N_("You win the trick: Morgan le Fay beats every card but a Holy Grail at an even "
                  "position.")),
    "plain": (N_("{name} wins the trick."), N_("You win the trick.")),
}
_VOID = (N_("Excalibur voids this trick: it counts for nobody, and {name} leads next."),
         N_("Excalibur voids this trick: it counts for nobody, and you lead next."))
_LAST_VOID = N_("Excalibur voids this trick: it counts for nobody. It was the round's last trick.")
_ROUND_VOID = N_("Excalibur voids this trick: it counts for nobody, and in round 1 nobody scores.")
_GRAIL_ODD = N_("The Holy Grail, played at position {position} (odd), is a null card and loses.")


_SIMPLE = {WinReason.HIGHEST_LEAD: "lead", WinReason.MAGIC_WIZARD: "magic",
           WinReason.GRAIL_EVEN: "grail", WinReason.MORGAN: "morgan"}


def _key(won: TrickWon, winning: Card) -> str:
    """Which sentence of ``_WHY`` tells ``won``'s reason."""
    reason = won.reason
    if reason is WinReason.FIRST_WIZARD:           # a declared card is Merlin's played form
        return "merlin_wizard" if winning.declared is not None else "wizard"
    if reason is WinReason.HIGHEST_TRUMP:
        return "scroll" if TrickNote.SCROLL in won.notes else "trump"
    if reason is WinReason.FIRST_JESTER:
        if winning.declared is not None:
            return "merlin_jester"
        return "jesters" if all(c.kind is Kind.JESTER for _s, c in won.cards) else "first_jester"
    return _SIMPLE.get(reason, "plain") if reason is not None else "plain"


def _grail_position(won: TrickWon, rules: EditionRules) -> int:
    """Where the Grail (the edition's card that wins at an even position) lies in the trick,
    counted from the leader (1, 2, 3...), or 0."""
    return next((i + 1 for i, (_s, c) in enumerate(won.cards)
                 if rules.power(c) is Power.EVEN_WINS), 0)


def trick_line(won: TrickWon, names: Sequence[str], you: int | None,
               look: str = "classic", *, rules: EditionRules, last: bool = False) -> str:
    """Who won ``won`` and why, in one line (two sentences when a Grail at an odd position lost).

    ``you`` is the seat addressed in the second person (``Table.you``), or None; ``last``: the
    round's last trick (nobody leads after it).
    """
    if won.void:
        if TrickNote.ROUND_VOID in won.notes:
            line = _(_ROUND_VOID)
        elif last:
            line = _(_LAST_VOID)
        elif won.winner == you:
            line = _(_VOID[1])
        else:
            line = _(_VOID[0]).format(name=names[won.winner])
    else:
        winning = next(c for s, c in won.cards if s == won.winner)
        named, second = _WHY[_key(won, winning)]
        line = _(second if won.winner == you else named).format(
            name=names[won.winner], card=messages.card_name(winning, look),
            position=_grail_position(won, rules))
    if TrickNote.GRAIL_ODD in won.notes:
        line += " " + _(_GRAIL_ODD).format(position=_grail_position(won, rules))
    return line


def standing(cards: Sequence[tuple[int, Card]], trump: str | None, edition: str,
             scroll: bool = False) -> Verdict | None:
    """The engine's verdict on the trick so far (the card winning it now), or None if empty."""
    if not cards:
        return None
    return judge([c for _s, c in cards], trump, edition, scroll)


@dataclass(frozen=True, slots=True)
class TrickMarks:
    """What the table marks on the trick it shows: who led, whose card wins (so far), and the card
    acting as a Magic Wizard; seats, None when no card is so marked."""

    cards: tuple[tuple[int, Card], ...]
    leader: int
    winning: int | None        # None: a finished void trick, or only null cards so far
    magic: int | None
    finished: bool
    void: bool                 # EXCALIBUR is in it (as soon as it is played)
    null: int | None = None    # the Grail played at an odd position: a null card
    voider: int | None = None  # the seat of the card that voids the trick (EXCALIBUR)


def _seat_with(power: Power, cards: Sequence[tuple[int, Card]], rules: EditionRules) -> int | None:
    """The seat of the first card of ``cards`` with ``power`` in the edition, if any."""
    return next((s for s, c in cards if rules.power(c) is power), None)


def _null_grail(notes: tuple[TrickNote, ...], cards: Sequence[tuple[int, Card]],
                rules: EditionRules) -> int | None:
    """The seat of the Grail the engine found at an odd position, if any."""
    if TrickNote.GRAIL_ODD not in notes:
        return None
    return _seat_with(Power.EVEN_WINS, cards, rules)


def marks(won: TrickWon | None, verdict: Verdict | None,
          trick: Sequence[tuple[int, Card]], rules: EditionRules) -> TrickMarks | None:
    """The marks of the finished trick ``won``, else of ``trick`` in play judged by ``verdict``."""
    if won is not None:
        magic = won.winner if won.reason is WinReason.MAGIC_WIZARD else None
        return TrickMarks(won.cards, won.cards[0][0], None if won.void else won.winner, magic,
                          True, won.void, _null_grail(won.notes, won.cards, rules),
                          _seat_with(Power.VOIDS, won.cards, rules) if won.void else None)
    if verdict is None or not trick:
        return None
    seat = trick[verdict.card_index][0]
    winning = None if verdict.reason is WinReason.FIRST_CARD else seat
    magic = seat if verdict.reason is WinReason.MAGIC_WIZARD else None
    return TrickMarks(tuple(trick), trick[0][0], winning, magic, False, verdict.void,
                      _null_grail(verdict.notes, trick, rules),
                      _seat_with(Power.VOIDS, trick, rules) if verdict.void else None)
