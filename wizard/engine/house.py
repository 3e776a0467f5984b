"""The house rules, each declared once (docs/STYLE.md habit 13): ``HOUSE_RULES``.

A house rule is one ``HouseRule``: its name (the key in a game's ``options`` object), its values
and default, its label and one-line help (msgids, marked with ``N_`` and translated at the edge:
the engine never calls gettext), the editions it applies to, and when it lapses, with the reason
shown for it. Everything else is generated from the declarations: ``Options`` and its file form,
New game's rows and greyed reasons, the table's badge and tips, the history's labels, the
command-line flags of the arena (``add_flags`` / ``options_from_flags``).

``resolve`` turns an edition, a number of players and the options into one frozen ``GameRules``:
the rules a game reads (bidding, scoring, the AI's simulator), with every lapsed option off.

>>> opts = Options(canadian=True, bids="hidden")
>>> opts.canadian, opts.bids, opts.to_dict()["bids"]
(True, <BidVisibility.HIDDEN: 'hidden'>, 'hidden')
>>> r = resolve(4, Edition.CLASSIC, opts)
>>> r.canadian, r.sum_rules, r.rounds, dict(r.lapsed)
(False, False, 15, {'canadian': 'Needs open bids.'})

Adding a house rule: one more ``HouseRule`` in ``HOUSE_RULES`` (a later rule with
``written_at_default=False``, so files written before it read the same), and a field of
``GameRules`` set by ``resolve`` where the rules read it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .edition import Edition, EditionRules
from .errors import ConfigError

__all__ = ["HOUSE_RULES", "SHOWN", "BidVisibility", "Choice", "GameRules", "HouseRule", "Lapse", "N_",
           "N_plural",
           "Options", "full_rounds", "resolve"]


def N_(message: str) -> str:
    """Mark ``message`` as a msgid for the catalogs; the engine keeps it untranslated."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural msgid pair (for ``ngettext`` at the edge), untranslated."""
    return singular, plural


class BidVisibility(enum.StrEnum):
    """Who sees a bid and when (docs/RULES.md §4)."""

    OPEN = "open"
    HIDDEN = "hidden"
    SECRET = "secret"


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a rule that is not a switch: its name in files, its label and help (msgids)."""

    value: str
    label: str
    help: str


@dataclass(frozen=True, slots=True)
class Lapse:
    """When a rule that is set does not apply (``when(edition, values)``), and why (a msgid)."""

    when: Callable[[Edition, Mapping[str, Any]], bool]
    reason: str


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One house rule, declared once.

    A switch has ``default`` False and no ``choices``; a choice rule names its ``choices`` (and,
    if ``enum`` is given, holds that enum's members); ``counts`` also allows a number 1..the
    game's full count of rounds (``count_label``: the singular and plural msgids for it).
    """

    name: str
    label: str                                      # msgid: New game's row, the badge, history
    help: str                                       # msgid: one line, what the rule does
    default: Any = False
    choices: tuple[Choice, ...] = ()
    enum: type[enum.Enum] | None = None
    counts: bool = False
    count_label: tuple[str, str] = ("", "")          # N_plural(singular, plural)
    editions: frozenset[Edition] | None = None      # None: every edition
    edition_reason: str = ""                        # msgid: why it lapses in the other editions
    lapses: tuple[Lapse, ...] = ()
    written_at_default: bool = True                 # False: left out of the file form at default

    @property
    def is_switch(self) -> bool:
        """Whether the rule is on or off."""
        return not self.choices and not self.counts

    @property
    def flag(self) -> str:
        """Its command-line flag (``--no-equal-sum``)."""
        return "--" + self.name.replace("_", "-")

    def values(self, players: int = 3) -> list[Any]:
        """The values on offer for ``players`` players, the default first."""
        if self.is_switch:
            return [False, True]
        out: list[Any] = [self.read(c.value) for c in self.choices]
        if self.counts:
            out += list(range(1, full_rounds(players) + 1))
        return out

    def read(self, value: Any) -> Any:
        """``value`` checked (from a file, a flag or code); ``ConfigError`` if it is not one."""
        if self.is_switch:
            if not isinstance(value, bool):
                raise ConfigError(f"option {self.name} must be true or false")
            return value
        if self.counts and isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= 60:
                raise ConfigError(f"option {self.name} must be 1 to 60, not {value}")
            return value
        if isinstance(value, str) and not isinstance(value, enum.Enum):
            try:
                value = int(value) if self.counts and value.isdigit() else value
            except ValueError:
                pass
            if isinstance(value, int):
                return self.read(value)
        names = [c.value for c in self.choices]
        raw = value.value if isinstance(value, enum.Enum) else value
        if raw not in names:
            allowed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
            more = " or a number of rounds" if self.counts else ""
            raise ConfigError(f"option {self.name} must be {allowed}{more}, not {value!r}")
        return self.enum(raw) if self.enum is not None else raw

    def write(self, value: Any) -> Any:
        """``value`` in its file form (JSON: true/false, a name, a number)."""
        return value.value if isinstance(value, enum.Enum) else value

    def choice(self, value: Any) -> Choice | None:
        """The declared ``Choice`` of ``value`` (None for a switch or a number)."""
        raw = self.write(value)
        return next((c for c in self.choices if c.value == raw), None)

    def lapse(self, edition: Edition, values: Mapping[str, Any]) -> str | None:
        """Why this rule does not apply here (a msgid), or None if it does."""
        if self.editions is not None and edition not in self.editions:
            return self.edition_reason
        return next((x.reason for x in self.lapses if x.when(edition, values)), None)


def _bids_not_open(_edition: Edition, values: Mapping[str, Any]) -> bool:
    return values["bids"] is not BidVisibility.OPEN


_NEEDS_OPEN_BIDS = Lapse(_bids_not_open, N_("Needs open bids."))

#: Every house rule, in the order of the file form (a later rule goes last).
HOUSE_RULES: Mapping[str, HouseRule] = MappingProxyType({r.name: r for r in (
    HouseRule("no_equal_sum", N_("Plus or minus one"),
              N_("The last bidder may not make the bids add up to the number of tricks, so "
                 "someone always misses. Example: 3 tricks, the others bid 2 in all: the "
                 "last bidder may not bid 1."),
              lapses=(_NEEDS_OPEN_BIDS,)),
    HouseRule("canadian", N_("Canadian rule"),
              N_("Only in the last round: if the player ahead on points, alone, bids last, they "
                 "may not make the bids add up to the number of tricks. Example: a last round "
                 "of 15 tricks with 13 bid so far: the player ahead may not bid 2."),
              lapses=(_NEEDS_OPEN_BIDS,)),
    HouseRule(
        "bids", N_("Bids"), N_("Who sees the bids, and when."),
        default=BidVisibility.OPEN, enum=BidVisibility, choices=(
            Choice("open", N_("Open bids"), N_("Players bid in turn and see the earlier bids.")),
            Choice("hidden", N_("Hidden bids"),
                   N_("Everyone bids without seeing the others; all bids are revealed together.")),
            Choice("secret", N_("Secret bids"), N_("Bids stay secret until the round is scored.")),
        )),
    HouseRule("clairvoyance", N_("Clairvoyance"),
              N_("While bidding, everyone's cards are face up except your own: you bid on "
                 "what the others hold. Example: you see two Wizards across the table and "
                 "bid low. Your cards show once the bids are made.")),
    HouseRule("scroll", N_("Ancient scroll"),
              N_("When trump is led, a Wizard may be played only by someone holding nothing but "
                 "Wizards, and then it does not win. Example: giants are trump and led; with a "
                 "Wizard and the 3 of elves, you must play the 3."),
              editions=frozenset({Edition.CLASSIC}), edition_reason=N_("Classic edition only.")),
    HouseRule(
        "length", N_("Game length"),
        N_("How many rounds the game lasts; a shorter game stops after that round."),
        default="full", counts=True, count_label=N_plural("{n} round", "{n} rounds"),
        choices=(Choice("full", N_("Full game"),
                        N_("Every round, up to the one that deals the whole deck.")),
                 Choice("half", N_("Half game"), N_("Half the rounds, rounded up."))),
        written_at_default=False),
)})

_NAMES = tuple(HOUSE_RULES)
#: The order New game, the badge and the history show the rules in: the rules with choices
#: (bids...), then the switches.
SHOWN: tuple[str, ...] = (tuple(n for n, r in HOUSE_RULES.items() if not r.is_switch)
                          + tuple(n for n, r in HOUSE_RULES.items() if r.is_switch))
_INDEX = {name: i for i, name in enumerate(_NAMES)}
_DEFAULTS = tuple(r.default for r in HOUSE_RULES.values())


class Options:
    """The house rules chosen for a game: a value for every rule of ``HOUSE_RULES`` (its
    default unless given). Frozen; ``Options(canadian=True).canadian`` is True.

    >>> Options.from_dict({"no_equal_sum": True}) == Options(no_equal_sum=True)
    True
    """

    __slots__ = ("_values",)
    _values: tuple[Any, ...]

    def __init__(self, **values: Any) -> None:
        extra = set(values) - set(_INDEX)
        if extra:
            raise ConfigError(f"unknown options: {sorted(extra)}")
        object.__setattr__(self, "_values", tuple(
            rule.read(values[name]) if name in values else rule.default
            for name, rule in HOUSE_RULES.items()))

    def __getattr__(self, name: str) -> Any:
        i = _INDEX.get(name)
        if i is None:
            raise AttributeError(f"no house rule {name!r}")
        return self._values[i]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Options are frozen: use replace()")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and other._values == self._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        set_ = ", ".join(f"{n}={v!r}" for n, v, d in zip(_NAMES, self._values, _DEFAULTS,
                                                          strict=True) if v != d)
        return f"Options({set_})"

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (_options_of, (self.as_mapping(),))

    def as_mapping(self) -> dict[str, Any]:
        """Every rule's value, by name."""
        return dict(zip(_NAMES, self._values, strict=True))

    def replace(self, **changes: Any) -> Options:
        """A copy with some rules changed."""
        return Options(**{**self.as_mapping(), **changes})

    def is_set(self, name: str) -> bool:
        """Whether rule ``name`` has another value than its default."""
        return bool(self._values[_INDEX[name]] != _DEFAULTS[_INDEX[name]])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form (the conformance ``options`` object; saves, history, network)."""
        return {name: rule.write(v) for (name, rule), v, d in
                zip(HOUSE_RULES.items(), self._values, _DEFAULTS, strict=True)
                if rule.written_at_default or v != d}

    @staticmethod
    def from_dict(data: Any) -> Options:
        """Read the ``options`` object; unknown keys or wrong values raise ``ConfigError``."""
        if not isinstance(data, dict):
            raise ConfigError("options must be an object")
        return Options(**data)


def _options_of(values: dict[str, Any]) -> Options:
    return Options(**values)


def full_rounds(players: int) -> int:
    """Rounds in a whole game: as many as the 60 cards allow."""
    return 60 // players


@dataclass(frozen=True, slots=True)
class GameRules:
    """An edition and its house rules resolved for a number of players: what the rules read.

    Every option here is in force (a set option that lapses is off, and named in ``lapsed``).
    """

    edition: Edition
    players: int
    rounds: int                 # rounds played
    full_rounds: int            # rounds in a whole game (the last deals every card)
    bids: BidVisibility
    no_equal_sum: bool
    canadian: bool
    clairvoyance: bool
    scroll: bool
    lapsed: tuple[tuple[str, str], ...] = field(compare=False)  # (rule name, reason msgid)
    cards: EditionRules = field(init=False, compare=False, repr=False)  # the edition as data
    open_bids: bool = field(init=False)
    #: Whether some constraint on the last bidder's sum can apply in this game.
    sum_rules: bool = field(init=False)

    def __post_init__(self) -> None:
        cards = self.edition.rules
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "open_bids", self.bids is BidVisibility.OPEN)
        object.__setattr__(self, "sum_rules", self.open_bids and (
            self.no_equal_sum or self.canadian or cards.bid_sum_above is not None))

    @property
    def short(self) -> bool:
        """Whether the game stops before its full count of rounds (its figures are kept apart)."""
        return self.rounds < self.full_rounds

    def is_last(self, round_: int) -> bool:
        """Whether ``round_`` is the game's last."""
        return round_ == self.rounds


def lapsed(players: int, edition: Edition, options: Options) -> dict[str, str]:
    """The rules set in ``options`` that do not apply here, each with its reason (a msgid)."""
    values = options.as_mapping()
    out: dict[str, str] = {}
    for name, rule in HOUSE_RULES.items():
        if options.is_set(name):
            reason = rule.lapse(edition, values)
            if reason is not None:
                out[name] = reason
    return out


def resolve(players: int, edition: Edition, options: Options) -> GameRules:
    """The rules of a game of ``players`` players of ``edition`` with ``options``."""
    gone = lapsed(players, edition, options)
    values = {name: HOUSE_RULES[name].default if name in gone else v
              for name, v in options.as_mapping().items()}
    full = full_rounds(players)
    length = values["length"]
    rounds = full if length == "full" else (full + 1) // 2 if length == "half" else length
    if rounds > full:
        raise ConfigError(f"a game of {players} players has {full} rounds, not {rounds}")
    return GameRules(edition=edition, players=players, rounds=rounds, full_rounds=full,
                     bids=values["bids"], no_equal_sum=values["no_equal_sum"],
                     canadian=values["canadian"], clairvoyance=values["clairvoyance"],
                     scroll=values["scroll"], lapsed=tuple(gone.items()))


def applies(name: str, edition: Edition) -> bool:
    """Whether rule ``name`` can apply in ``edition`` (whatever the other options)."""
    eds = HOUSE_RULES[name].editions
    return eds is None or edition in eds


# ---- command-line flags (the arena) --------------------------------------------------------

def add_flags(parser: Any) -> None:
    """Add a flag for every house rule to an ``argparse`` parser."""
    for rule in HOUSE_RULES.values():
        if rule.is_switch:
            parser.add_argument(rule.flag, action="store_true", help=rule.help)
        else:
            parser.add_argument(rule.flag, default=rule.write(rule.default),
                                choices=None if rule.counts else [c.value for c in rule.choices],
                                help=rule.help)


def options_from_flags(args: Any) -> Options:
    """The ``Options`` an ``argparse`` namespace made by ``add_flags`` holds."""
    return Options(**{name: getattr(args, name) for name in HOUSE_RULES})


def rules_in_play(options: Options) -> list[str]:
    """The names of the rules set to another value than their default, in ``SHOWN`` order."""
    return [n for n in SHOWN if options.is_set(n)]
