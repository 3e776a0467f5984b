"""Player-visible names and sentences for engine concepts, in the current language.

The engine is text-free: it raises ``IllegalActionError`` with a ``Rule`` code and
``details``; it names suits ``B G R Y`` and cards in reference notation. This module
turns those into translated text for the table, the setup screen and the rules.
Every function looks the text up at call time, so a live language switch works.

Card looks: ``"classic"`` (the four peoples, ranks 1..13) or ``"standard"``
(spades/hearts/diamonds/clubs, ranks 2..A). Looks are cosmetic (docs/RULES.md §1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from wizard.ai.levels import LEVEL_TABLE
from wizard.engine.cards import Card, CardError, Kind
from wizard.engine.config import BidVisibility, Edition
from wizard.engine.errors import IllegalActionError, Rule
from wizard.engine.house import HOUSE_RULES
from wizard.engine.house import rules_in_play as house_rules_in_play
from wizard.engine.state import Phase
from wizard.i18n import N_, _, current_language, every_translation, ngettext, pgettext, pgettext_in
from wizard.i18n import language as spoken

LOOKS = ("classic", "standard")

#: The default name of the one person of a solo game; such a seat is addressed as "you".
YOU = N_("You")


def is_default_you(name: str) -> bool:
    """Whether ``name`` is the default "You" in some language (then sentences say "you")."""
    return name.strip() in every_translation(YOU)


def you_seat(names: Sequence[str], humans: Sequence[int]) -> int | None:
    """The seat spoken to as "you": the one person of a solo game, when it keeps the default
    name; None at a hot-seat table or with a real name."""
    if len(humans) == 1 and is_default_you(names[humans[0]]):
        return humans[0]
    return None

# ---- suits ---------------------------------------------------------------------------------

# Suit names stand alone (labels, "You must follow suit: {suit}").
_PEOPLE: dict[str, str] = {
    "B": N_("humans (blue)"),
    "G": N_("elves (green)"),
    "R": N_("dwarves (red)"),
    "Y": N_("giants (yellow)"),
}
_STANDARD_SUIT: dict[str, str] = {
    "B": N_("spades"),
    "R": N_("hearts"),
    "Y": N_("diamonds"),
    "G": N_("clubs"),
}
_COLOUR: dict[str, Callable[[], str]] = {
    "B": lambda: pgettext("suit colour", "blue"),
    "G": lambda: pgettext("suit colour", "green"),
    "R": lambda: pgettext("suit colour", "red"),
    "Y": lambda: pgettext("suit colour", "yellow"),
}
SYMBOLS: dict[str, str] = {"B": "\u2660", "R": "\u2665", "Y": "\u2666", "G": "\u2663"}


def _check_look(look: str) -> str:
    if look not in LOOKS:
        raise ValueError(f"unknown card look {look!r}; expected one of {LOOKS}")
    return look


def suit_name(suit: str, look: str = "classic") -> str:
    """The translated name of suit ``B``/``G``/``R``/``Y`` in ``look`` ("elves (green)", "clubs")."""
    table = _PEOPLE if _check_look(look) == "classic" else _STANDARD_SUIT
    return _(table[suit])


def suit_colour(suit: str) -> str:
    """The colour of a suit in the classic look ("green")."""
    return _COLOUR[suit]()


def trump_text(trump: str | None, look: str = "classic") -> str:
    """The trump line of the table: "Trump: hearts" or "No trump"."""
    if trump is None:
        return _("No trump")
    return _("Trump: {suit}").format(suit=suit_name(trump, look))


# ---- cards ---------------------------------------------------------------------------------

# "card" context: the game's own name is also "Wizard" and must not become "Magicien".
_SPECIAL_TITLE: dict[Kind, Callable[[], str]] = {
    Kind.WIZARD: lambda: pgettext("card", "Wizard"),
    Kind.JESTER: lambda: pgettext("card", "Jester"),
    Kind.GRAIL: lambda: pgettext("card", "Holy Grail"),
    Kind.EXCALIBUR: lambda: pgettext("card", "Excalibur"),
    Kind.MERLIN: lambda: pgettext("card", "Merlin"),
    Kind.MORGAN: lambda: pgettext("card", "Morgan le Fay"),
}

# Number ranks with their article, one msgid each so languages can elide ("l'1", "l'as").
_RANK_WITH_ARTICLE: dict[int, Callable[[], str]] = {
    1: lambda: pgettext("card rank with article", "the 1"),
    2: lambda: pgettext("card rank with article", "the 2"),
    3: lambda: pgettext("card rank with article", "the 3"),
    4: lambda: pgettext("card rank with article", "the 4"),
    5: lambda: pgettext("card rank with article", "the 5"),
    6: lambda: pgettext("card rank with article", "the 6"),
    7: lambda: pgettext("card rank with article", "the 7"),
    8: lambda: pgettext("card rank with article", "the 8"),
    9: lambda: pgettext("card rank with article", "the 9"),
    10: lambda: pgettext("card rank with article", "the 10"),
    11: lambda: pgettext("card rank with article", "the 11"),
    12: lambda: pgettext("card rank with article", "the 12"),
    13: lambda: pgettext("card rank with article", "the 13"),
}
_FACE_WITH_ARTICLE: dict[int, Callable[[], str]] = {
    10: lambda: pgettext("card rank with article", "the jack"),
    11: lambda: pgettext("card rank with article", "the queen"),
    12: lambda: pgettext("card rank with article", "the king"),
    13: lambda: pgettext("card rank with article", "the ace"),
}
_FACE_LETTER: dict[int, Callable[[], str]] = {
    10: lambda: pgettext("card corner, jack", "J"),
    11: lambda: pgettext("card corner, queen", "Q"),
    12: lambda: pgettext("card corner, king", "K"),
    13: lambda: pgettext("card corner, ace", "A"),
}
# "{rank}" is a rank with its article ("the 7", "the queen").
_CARD_OF: dict[str, dict[str, Callable[[], str]]] = {
    "classic": {
        "B": lambda: pgettext("card name", "{rank} of humans"),
        "G": lambda: pgettext("card name", "{rank} of elves"),
        "R": lambda: pgettext("card name", "{rank} of dwarves"),
        "Y": lambda: pgettext("card name", "{rank} of giants"),
    },
    "standard": {
        "B": lambda: pgettext("card name", "{rank} of spades"),
        "R": lambda: pgettext("card name", "{rank} of hearts"),
        "Y": lambda: pgettext("card name", "{rank} of diamonds"),
        "G": lambda: pgettext("card name", "{rank} of clubs"),
    },
}


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.from_str(card)


def special_name(kind: Kind) -> str:
    """The title of a special card ("Wizard", "Jester", "Holy Grail"...)."""
    return _SPECIAL_TITLE[kind]()


def rank_label(rank: int, look: str = "classic") -> str:
    """The index printed in a number card's corner: 1..13, or 2..10 J Q K A in the standard look."""
    if _check_look(look) == "classic":
        return str(rank)
    if rank >= 10:
        return _FACE_LETTER[rank]()
    return str(rank + 1)


def special_letter(kind: Kind, language: str | None = None) -> str:
    """The letter printed on a Wizard ("W"; French "M", Magicien) or a Jester ("J"; French "F",
    Fou; Catalan "JE"), in the current language or in ``language``. The card art prints these.

    The corner follows the card's name in the text; the oldest French rulebook's Z/N (Zauberer,
    Narr) meant nothing next to "Magicien" and "Fou".
    """
    lang = language or current_language()
    if kind is Kind.WIZARD:
        return pgettext_in(lang, "card corner, Wizard", "W")
    if kind is Kind.JESTER:
        return pgettext_in(lang, "card corner, Jester", "J")
    raise ValueError(f"no corner letter for {kind}")


def card_name(card: Card | str, look: str = "classic") -> str:
    """A card as used inside a sentence, with its article: "the 7 of elves", "a Wizard"."""
    c = _as_card(card)
    if c.kind is Kind.NUMBER:
        assert c.suit is not None
        if _check_look(look) == "standard" and c.rank >= 10:
            rank = _FACE_WITH_ARTICLE[c.rank]()
        elif look == "standard":
            rank = _RANK_WITH_ARTICLE[c.rank + 1]()
        else:
            rank = _RANK_WITH_ARTICLE[c.rank]()
        return _CARD_OF[look][c.suit]().format(rank=rank)
    if c.kind is Kind.WIZARD:
        return _("a Wizard")
    if c.kind is Kind.JESTER:
        return _("a Jester")
    if c.kind is Kind.GRAIL:
        return _("the Holy Grail")
    if c.kind is Kind.EXCALIBUR:
        return _("Excalibur")
    if c.kind is Kind.MORGAN:
        return _("Morgan le Fay")
    if c.declared == "W":
        return _("Merlin as a Wizard")
    if c.declared == "J":
        return _("Merlin as a Jester")
    return _("Merlin")


def and_list(items: Sequence[str]) -> str:
    """Items as a sentence says them: "A", "A and B", "A, B and C" (the language's "and")."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the last two items of a list of names or numbers ("Morgana and Gawain";
    # {first} may itself be a comma-separated list: "Anna, Morgana and Gawain")
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def capitalised(text: str) -> str:
    """``text`` with its first letter in upper case ("the 7 of elves" -> "The 7 of elves")."""
    return text[:1].upper() + text[1:]


def card_title(card: Card | str, look: str = "classic") -> str:
    """A card's name standing alone, as a title: "Wizard", "Morgan le Fay", "The 7 of elves"."""
    c = _as_card(card)
    if c.kind in (Kind.NUMBER, Kind.MERLIN) and (c.kind is Kind.NUMBER or c.declared):
        return capitalised(card_name(c, look))
    return special_name(c.kind)


# ---- refusals ------------------------------------------------------------------------------

RULE_TEXTS: dict[Rule, str] = {
    Rule.WRONG_PHASE: N_("That is not possible at this moment of the game."),
    Rule.NOT_YOUR_TURN: N_("It is {player}'s turn."),
    Rule.BID_OUT_OF_RANGE: N_("Bid a number from 0 to {max}."),
    Rule.BID_SUM_NO_EQUAL: N_("Plus or minus one: the bids must not add up to {round}, "
                              "so you cannot bid {bid}."),
    Rule.BID_SUM_CANADIAN: N_("Canadian rule: as the sole leader bidding last in the last round, "
                              "you must not make the bids add up to {round}, so you cannot bid "
                              "{bid}."),
    Rule.BID_SUM_CAMELOT: N_("Camelot: with more than four cards each, the bids must not add up "
                             "to {round}, so you cannot bid {bid} (a bid of 0 is always allowed)."),
    Rule.CARD_NOT_IN_HAND: N_("That card is not in your hand: {card}."),
    Rule.MUST_FOLLOW_SUIT: N_("You must follow suit: {suit}."),
    Rule.SCROLL_WIZARD: N_("Ancient scroll: when trump is led, you may play a Wizard only if you "
                           "hold nothing but Wizards."),
    Rule.MERLIN_UNDECLARED: N_("Choose whether Merlin is played as a Wizard or as a Jester."),
    Rule.NOT_A_SUIT: N_("Choose one of the four suits as trump."),
    Rule.MALFORMED_ACTION: N_("That action is not part of this game."),
    Rule.GAME_OVER: N_("The game is over."),
}


def rule_text(rule: Rule, details: Mapping[str, Any] | None = None, look: str = "classic",
              names: Sequence[str] | None = None) -> str:
    """The translated reason for a refusal; ``names`` are the players' names by seat."""
    d = dict(details or {})
    values: dict[str, Any] = {
        "max": d.get("max", ""),
        "round": d.get("round", ""),
        "bid": d.get("bid", d.get("forbidden", "")),
        "suit": "",
        "card": "",
        "player": "",
    }
    suit = d.get("suit")
    if isinstance(suit, str) and suit in _PEOPLE:
        values["suit"] = suit_name(suit, look)
    card = d.get("card")
    if card is not None:
        try:
            values["card"] = card_name(card, look)
        except CardError:
            values["card"] = str(card)
    expected = d.get("expected")
    if isinstance(expected, int):
        if names is not None and 0 <= expected < len(names):
            values["player"] = names[expected]
        else:
            values["player"] = _("player {number}").format(number=expected + 1)
    return _(RULE_TEXTS[rule]).format(**values)


def refusal(error: IllegalActionError, look: str = "classic",
            names: Sequence[str] | None = None) -> str:
    """Why the engine refused an action, in the current language."""
    return rule_text(error.rule, error.details, look, names)


# ---- editions, options, looks, phases ------------------------------------------------------

EDITION_NAMES: dict[Edition, str] = {
    Edition.CLASSIC: N_("Classic"),
    Edition.MAGIC: N_("Magic Edition"),
    Edition.CAMELOT: N_("Camelot Edition"),
}
EDITION_DESCRIPTIONS: dict[Edition, str] = {
    Edition.CLASSIC: N_("The original game: 60 cards with 4 Wizards and 4 Jesters."),
    Edition.MAGIC: N_("The lowest card of a suit becomes a Magic Wizard when it follows suit."),
    Edition.CAMELOT: N_("Twelve special cards, with the Holy Grail, Excalibur, Merlin and "
                        "Morgan le Fay."),
}
LOOK_NAMES: dict[str, str] = {
    "classic": N_("Classic peoples"),
    "standard": N_("Standard deck"),
}
LOOK_DESCRIPTIONS: dict[str, str] = {
    "classic": N_("Humans, elves, dwarves and giants, numbered 1 to 13."),
    "standard": N_("Spades, hearts, diamonds and clubs, from 2 to ace."),
}
PHASE_NAMES: dict[Phase, str] = {
    Phase.DRAW: N_("Drawing for the first dealer"),
    Phase.DEAL: N_("Dealing"),
    Phase.TRUMP: N_("Choosing trump"),
    Phase.BID: N_("Bidding"),
    Phase.PLAY: N_("Playing tricks"),
    Phase.ROUND_END: N_("Round over"),
    Phase.GAME_OVER: N_("Game over"),
}


def edition_name(edition: Edition | str) -> str:
    """The translated name of an edition (Classic, Magic Edition, Camelot Edition)."""
    return _(EDITION_NAMES[Edition(edition)])


def edition_description(edition: Edition | str) -> str:
    """One line explaining an edition."""
    return _(EDITION_DESCRIPTIONS[Edition(edition)])


def option_name(option: str) -> str:
    """The name of a house rule (a key of ``HOUSE_RULES``, a field of ``Options``)."""
    return _(HOUSE_RULES[option].label)


def option_description(option: str) -> str:
    """One line explaining a house rule."""
    return _(HOUSE_RULES[option].help)


def option_value_text(option: str, value: Any) -> str:
    """How New game shows one value of a house rule: On / Off, a choice's name, a number."""
    rule = HOUSE_RULES[option]
    if rule.is_switch:
        return _("On") if value else _("Off")
    found = rule.choice(value)
    return _(found.label) if found is not None else ngettext(*rule.count_label, int(value)).format(
        n=value)


def option_value_description(option: str, value: Any) -> str:
    """One line explaining a house rule at ``value`` (a choice's own help, else the rule's)."""
    found = HOUSE_RULES[option].choice(value)
    return _(found.help) if found is not None else option_description(option)


def rules_in_play(options: Any) -> list[tuple[str, str]]:
    """(name, description) of each house rule set to another value than its default, in
    ``SHOWN`` order: a switch by its name, any other rule by the value chosen."""
    out = []
    for name in house_rules_in_play(options):
        value = getattr(options, name)
        title = option_name(name) if HOUSE_RULES[name].is_switch else option_value_text(name, value)
        out.append((title, option_value_description(name, value)))
    return out


#: Seat levels beside ``wizard.ai.LEVEL_TABLE``: a lesson's seats, Progress's mixed tables.
OTHER_LEVEL_NAMES: dict[str, str] = {"lesson": N_("Lesson"), "mixed": N_("Mixed levels")}


def level_name(level: str | None) -> str:
    """The translated name of a computer level (Normal when none is given)."""
    found = LEVEL_TABLE.get(level or "normal")
    label = found.label if found is not None else OTHER_LEVEL_NAMES.get(level or "")
    return _(label) if label else level or ""


def bid_visibility_name(visibility: BidVisibility | str) -> str:
    """The translated name of a bid visibility (open, hidden or secret bids)."""
    return option_value_text("bids", BidVisibility(visibility))


def bid_visibility_description(visibility: BidVisibility | str) -> str:
    """One line explaining a bid visibility."""
    return option_value_description("bids", BidVisibility(visibility))


def conflict_text(reason: str) -> str:
    """Why an option is greyed out on the setup screen (``GameConfig.conflicts()``' reason)."""
    return _(reason)


def look_name(look: str) -> str:
    """The name of a card look."""
    return _(LOOK_NAMES[_check_look(look)])


def look_description(look: str) -> str:
    """One line describing a card look."""
    return _(LOOK_DESCRIPTIONS[_check_look(look)])


def phase_name(phase: Phase) -> str:
    """The name of a phase of a round."""
    return _(PHASE_NAMES[phase])


# ---- counts ------------------------------------------------------------------------------


def tricks_text(n: int) -> str:
    """A number of tricks with the language's plural rule: 1 trick, 2 tricks (1 pli, 2 plis)."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def points_text(n: int) -> str:
    """A score with its unit (1 point, -20 points); negative scores take the plural."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=n)


def signed_points_text(n: int) -> str:
    """Points won or lost in a round, signed and with their unit (+20 points, -10 points, 0 points),
    so the sign never sits between two bare numbers."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=f"{n:+d}" if n else "0")


def percent_shown(p: float) -> str:
    """A sampled chance as a whole percentage; never "0" or "100", which would claim a certainty
    that sampled deals cannot show ("<1", ">99" instead)."""
    pct = round(p * 100)
    if pct < 1:
        return "<1"
    if pct > 99:
        return ">99"
    return str(pct)


def chance_text(p: float) -> str:
    """"46 %", "<1 %": a sampled chance as a player reads it."""
    return _("{pct} %").format(pct=percent_shown(p))


def unchecked_chance(n: int) -> str:
    """Why a bid far from Expert's has no chance shown (its points still are)."""
    return ngettext(
        "No chance shown more than {n} trick from Expert's bid: less sure, far from Expert's bid.",
        "No chance shown more than {n} tricks from Expert's bid: less sure, far from Expert's bid.",
        n).format(n=n)


def round_text(round_: int, rounds: int) -> str:
    """The round counter, e.g. Round 5 / 15."""
    return _("Round {round} / {rounds}").format(round=round_, rounds=rounds)


def bids_against_tricks(total: int | str, tricks: int) -> str:
    """The bid sum shown during bidding, e.g. Bids: 4 for 5 tricks."""
    return ngettext("Bids: {total} for {n} trick", "Bids: {total} for {n} tricks",
                    tricks).format(total=total, n=tricks)


def bids_against_tricks_short(total: int | str, tricks: int) -> str:
    """The same where the top bar is short of room, e.g. Bids 4/5 tricks."""
    return ngettext("Bids {total}/{n} trick", "Bids {total}/{n} tricks",
                    tricks).format(total=total, n=tricks)


# TRANSLATORS: short month names in a date ("22 Nov 2026"); a language that puts a preposition
# before the month ("22 de nov.") can include it here.
_MONTHS: tuple[Callable[[], str], ...] = (
    lambda: pgettext("month, short", "Jan"), lambda: pgettext("month, short", "Feb"),
    lambda: pgettext("month, short", "Mar"), lambda: pgettext("month, short", "Apr"),
    lambda: pgettext("month, short", "May"), lambda: pgettext("month, short", "Jun"),
    lambda: pgettext("month, short", "Jul"), lambda: pgettext("month, short", "Aug"),
    lambda: pgettext("month, short", "Sep"), lambda: pgettext("month, short", "Oct"),
    lambda: pgettext("month, short", "Nov"), lambda: pgettext("month, short", "Dec"),
)


def when_text(moment: datetime) -> str:
    """A date and time in the player's language and time zone, e.g. 22 Nov 2026, 14:05.

    A moment without a zone is taken as UTC (as the history files store it).
    """
    local = (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).astimezone()
    # TRANSLATORS: a date and time in the history and the replay; {month} is a short month name.
    return _("{day} {month} {year}, {time}").format(
        day=local.day, month=_MONTHS[local.month - 1](), year=local.year,
        time=f"{local.hour:02d}:{local.minute:02d}")


def decimal_text(value: float, places: int = 1) -> str:
    """A number with its decimals written as the language writes them ("5.0"; fr, ca "5,0")."""
    return f"{value:.{places}f}".replace(".", spoken().decimal)


def count_text(n: int) -> str:
    """A count as the language groups its thousands: 10,000; fr 10 000; ca 10.000."""
    return f"{n:,}".replace(",", spoken().thousands)
