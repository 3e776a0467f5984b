"""What crosses the network, as JSON: a seat's view, redacted events, actions, refusals, seats
and the rules without the seed. Every decoder is strict: anything that is not exactly what an
encoder writes raises ``WireError`` with a short reason (never another exception).

Cards, actions and options keep the text forms of the bot protocol (``wizard.protocol``,
BOT_PROTOCOL.md): a card is its reference notation (``"R13"``, ``"MERLIN:W"``), a bid ``"bid 3"``
as in game records, options the conformance ``options`` object. A view is written whole (the bot
protocol's ``decide`` request leaves out the phase outside a decision, the score pad and the
counts a table draws), with the same field names where both have one.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

from wizard.checks import Invalid
from wizard.engine import (
    SUITS,
    Action,
    Card,
    CardError,
    ConfigError,
    Edition,
    GameConfig,
    IllegalActionError,
    Options,
    PublicConfig,
    Rule,
)
from wizard.session import Refusal, Seat

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


class WireError(ValueError):
    """Input that is not a message of this protocol; ``reason`` says what is wrong."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---- strict readers -------------------------------------------------------------------------

def need(ok: bool, reason: str) -> None:
    """Raise ``WireError(reason)`` unless ``ok``."""
    if not ok:
        raise WireError(reason)


def obj(data: Any, what: str, keys: set[str] | None = None) -> dict[str, Any]:
    """``data`` as a JSON object (with exactly ``keys``, when given)."""
    need(isinstance(data, dict), f"{what} must be an object")
    if keys is not None:
        need(set(data) == keys, f"{what} must have the fields {sorted(keys)}, not {sorted(data)[:12]}")
    return data  # type: ignore[no-any-return]


def integer(data: Any, what: str, lo: int = 0, hi: int = 10_000) -> int:
    """A JSON integer in lo..hi (not a bool)."""
    need(type(data) is int and lo <= data <= hi, f"{what} must be an integer {lo}..{hi}")
    return int(data)


def opt_int(data: Any, what: str, lo: int = 0, hi: int = 10_000) -> int | None:
    """An integer in lo..hi, or null."""
    return None if data is None else integer(data, what, lo, hi)


def boolean(data: Any, what: str) -> bool:
    """A JSON true or false."""
    need(type(data) is bool, f"{what} must be true or false")
    return bool(data)


def text(data: Any, what: str, most: int = 200) -> str:
    """A JSON string of at most ``most`` characters."""
    need(isinstance(data, str) and len(data) <= most, f"{what} must be a string of at most {most}")
    return str(data)


def items(data: Any, what: str, most: int = 64) -> list[Any]:
    """A JSON array of at most ``most`` items."""
    need(isinstance(data, list) and len(data) <= most, f"{what} must be a list of at most {most}")
    return list(data)


def each(data: Any, what: str, read: Callable[[Any, str], T], most: int = 64) -> tuple[T, ...]:
    """A JSON array read item by item."""
    return tuple(read(x, f"{what}[{i}]") for i, x in enumerate(items(data, what, most)))


def member(kind: type[E], data: Any, what: str) -> E:
    """The member of enum ``kind`` whose value is ``data``."""
    for m in kind:
        if m.value == data:
            return m
    raise WireError(f"{what} must be one of {[m.value for m in kind]}")


def seat_no(data: Any, what: str = "seat") -> int:
    """A seat number (0..5)."""
    return integer(data, what, 0, 5)


def ints(data: Any, what: str, lo: int = -100_000, hi: int = 100_000) -> tuple[int, ...]:
    """A list of integers (scores may be negative)."""
    return each(data, what, lambda x, w: integer(x, w, lo, hi))


# ---- cards, actions ------------------------------------------------------------------------

def card_of(data: Any, what: str = "card") -> Card:
    """A card from its reference notation."""
    need(isinstance(data, str) and len(data) <= 12, f"{what} must be a card")
    try:
        return Card.from_str(data)
    except CardError:
        raise WireError(f"{what} is not a card: {data[:12]!r}") from None


def opt_card(data: Any, what: str = "card") -> Card | None:
    """A card or null."""
    return None if data is None else card_of(data, what)


def cards_of(data: Any, what: str) -> tuple[Card, ...]:
    """A list of cards."""
    return each(data, what, card_of, 60)


def suit_of(data: Any, what: str = "suit") -> str:
    """One of B G R Y."""
    need(data in SUITS, f"{what} must be one of {' '.join(SUITS)}")
    return str(data)


def opt_suit(data: Any, what: str = "suit") -> str | None:
    """A suit or null."""
    return None if data is None else suit_of(data, what)


def action_json(action: Action) -> str:
    """An action in its record form: ``"bid 3"``, ``"play R13"``, ``"trump B"``."""
    return action.record()


def action_of(data: Any, what: str = "action") -> Action:
    """An action from its record form."""
    need(isinstance(data, str) and len(data) <= 20, f"{what} must be an action")
    try:
        return Action.from_record(data)
    except IllegalActionError:
        raise WireError(f"{what} is not an action: {data[:20]!r}") from None


def plays_json(cards: Any) -> list[list[Any]]:
    """(seat, card) pairs."""
    return [[s, c.text] for s, c in cards]


def plays_of(data: Any, what: str) -> tuple[tuple[int, Card], ...]:
    """(seat, card) pairs, read back."""
    def pair(x: Any, w: str) -> tuple[int, Card]:
        x = items(x, w, 2)
        need(len(x) == 2, f"{w} must be [seat, card]")
        return seat_no(x[0], w), card_of(x[1], w)
    return each(data, what, pair, 6)


# ---- the rules and the seats ----------------------------------------------------------------

def config_json(config: PublicConfig) -> dict[str, Any]:
    """The rules a seat may know: never the seed (``GameConfig.public`` drops it)."""
    public = config.public() if isinstance(config, GameConfig) else config
    return {"players": public.players, "edition": public.edition.value,
            "options": public.options.to_dict(), "first_dealer": public.first_dealer}


def config_of(data: Any, what: str = "config") -> PublicConfig:
    """The public rules, read back (a seed is refused: none ever crosses)."""
    d = obj(data, what, {"players", "edition", "options", "first_dealer"})
    try:
        return PublicConfig(players=integer(d["players"], "players", 3, 6),
                            edition=member(Edition, d["edition"], "edition"),
                            options=Options.from_dict(d["options"]),
                            first_dealer=opt_int(d["first_dealer"], "first dealer", 0, 5))
    except ConfigError as err:
        raise WireError(f"{what}: {err}") from None


def seat_json(seat: Seat) -> dict[str, Any]:
    """A seat: name, kind, level."""
    return seat.to_dict()


def seat_of(data: Any, what: str = "seat") -> Seat:
    """A seat, read back with the save format's checks."""
    obj(data, what, {"name", "kind", "level"})
    try:
        return Seat.from_dict(data)
    except Invalid as err:
        raise WireError(f"{what}: {err}") from None


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """The rule an action broke and its details (plain values)."""
    return {"rule": refusal.rule.value,
            "details": {str(k): v if isinstance(v, int | str | bool | None) else str(v)
                        for k, v in refusal.details.items()}}


def refusal_of(data: Any, what: str = "refusal") -> Refusal:
    """A refusal, read back."""
    d = obj(data, what, {"rule", "details"})
    details = obj(d["details"], f"{what} details")
    need(len(details) <= 8, f"{what} has too many details")
    for k, v in details.items():
        need(isinstance(v, int | str | bool) or v is None, f"{what} detail {k[:20]!r} is not plain")
        need(not isinstance(v, str) or len(v) <= 80, f"{what} detail {k[:20]!r} is too long")
    return Refusal(member(Rule, d["rule"], f"{what} rule"), dict(details))
