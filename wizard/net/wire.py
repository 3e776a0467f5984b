"""The network table's messages: versioned JSON lines over TCP, each capped, read strictly.

Every message is one line of UTF-8 JSON, an object with ``"v"`` (the protocol version) and
``"type"``; a line is at most ``MAX_LINE`` bytes, newline included. ``decode`` turns anything
else (a longer line, bad UTF-8, bad JSON, another version, an unknown type, a field missing or of
the wrong type) into a ``WireError`` whose ``reason`` says what is wrong: never a traceback.

A joiner sends ``hello`` (the version, the table's secret, a name, and the seat it asks for or
the seat token it was given) and then ``act`` (an action for its seat). The host answers
``welcome`` (the seat, its token, the rules without the seed, the seats), then ``table`` (the
seats and who is away) and ``state`` (the seat's view, the events of the last step redacted for
that seat, and why each other action the seat might try is refused) after every step, and
``refused`` (a code, a sentence, the rule an action broke): ``fatal`` ones close the connection.
``hold`` says whether the host holds the game (its waiting screen is open: a resumed game is not
started again yet; nothing moves). It came after version 1's first programs: a joiner that does
not know it logs the line it cannot read and keeps playing (only its status line is then wrong),
and a host that never sends it holds nothing (its joiners are never held).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wizard.engine import Action, Event, PlayerView, PublicConfig
from wizard.session import Refusal, Seat

from .codec import (
    WireError,
    action_json,
    action_of,
    boolean,
    config_json,
    config_of,
    each,
    integer,
    member,
    need,
    obj,
    opt_int,
    refusal_json,
    refusal_of,
    seat_json,
    seat_no,
    seat_of,
    text,
)
from .views import event_json, events_of, view_json, view_of

VERSION = 1
MAX_LINE = 64 * 1024          # bytes in one line, its newline included
TOKEN_CHARS = 64              # a seat token's length at most
CLIENT_TYPES = ("hello", "act")
HOST_TYPES = ("welcome", "table", "state", "refused", "hold")


class Code(enum.Enum):
    """Why the host refuses something (the screens translate these)."""

    VERSION = "version"            # another protocol version
    MALFORMED = "malformed"        # not a message of this protocol
    TOO_LONG = "too_long"          # a line over MAX_LINE
    HELLO_FIRST = "hello_first"    # something else before the hello, or a second hello
    SECRET = "secret"              # the wrong code
    SEAT_TAKEN = "seat_taken"      # the seat has a player (or no such seat is open)
    NO_SEAT = "no_seat"            # every seat for a joiner is taken
    TOKEN = "token"                # an unknown seat token
    OTHER_SEAT = "other_seat"      # an action for a seat that is not the connection's
    RULES = "rules"                # the rules refuse the action (the connection stays)
    WAIT = "wait"                  # an action is already on its way (the connection stays)
    FULL = "full"                  # too many connections
    TIMEOUT = "timeout"            # no hello in time
    REPLACED = "replaced"          # the seat's token was used by a new connection
    CLOSED = "closed"              # the table closed


def encode(message: dict[str, Any]) -> bytes:
    """One line: ``message`` with the version, compact JSON, a newline."""
    line = json.dumps({"v": VERSION, **message}, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8") + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"a {message.get('type')} message of {len(line)} bytes is over the limit")
    return line


def _no_constant(name: str) -> Any:
    raise WireError(f"not JSON: {name}")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)   # one, not one a line (json.loads)


def decode(line: bytes, types: tuple[str, ...]) -> dict[str, Any]:
    """The message on ``line`` (one of ``types``), or ``WireError`` saying why it is none."""
    if len(line) > MAX_LINE:
        raise WireError(f"a line of more than {MAX_LINE} bytes")
    try:
        data = _DECODER.decode(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise WireError("not UTF-8") from None
    except (ValueError, RecursionError):   # RecursionError: nested too deep for the parser
        raise WireError("not JSON") from None
    need(isinstance(data, dict), "a message must be a JSON object")
    if type(data.get("v")) is not int or data["v"] != VERSION:     # not true, not 1.0
        raise WireError(f"protocol version {str(data.get('v'))[:12]} (this program speaks {VERSION})")
    need(data.get("type") in types, f"unknown message type {str(data.get('type'))[:20]!r}")
    return data  # type: ignore[no-any-return]


def read(line: bytes, types: tuple[str, ...]) -> tuple[dict[str, Any] | None, WireError | None]:
    """``decode`` that never raises: (message, None) or (None, why)."""
    try:
        return decode(line, types), None
    except WireError as err:
        return None, err
    except Exception as err:  # noqa: BLE001  (a bug of the decoder must not end a connection badly)
        return None, WireError(f"unreadable message ({type(err).__name__})")


def is_too_long(line: bytes) -> bool:
    """Whether ``line`` is over ``MAX_LINE`` bytes (its newline included)."""
    return len(line) > MAX_LINE


def refusal_code(err: WireError, line: bytes) -> Code:
    """The code to refuse an unreadable ``line`` with: too long, another version, malformed."""
    if is_too_long(line):
        return Code.TOO_LONG
    return Code.VERSION if is_version_error(err) else Code.MALFORMED


def is_version_error(err: WireError) -> bool:
    """Whether ``err`` is about the protocol version."""
    return err.reason.startswith("protocol version")


# ---- a joiner's messages --------------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    """A joiner knocks: the secret from the join code, a name, a seat asked for or a token."""

    secret: int
    name: str
    seat: int | None = None
    token: str | None = None


def hello(h: Hello) -> bytes:
    """The first line a joiner sends."""
    return encode({"type": "hello", "secret": h.secret, "name": h.name, "seat": h.seat,
                   "token": h.token})


def hello_of(m: dict[str, Any]) -> Hello:
    """A hello, read back."""
    d = obj(m, "hello", {"v", "type", "secret", "name", "seat", "token"})
    token = d["token"]
    return Hello(integer(d["secret"], "secret", 0, 2 ** 64), text(d["name"], "name", 200),
                 opt_int(d["seat"], "seat", 0, 5),
                 None if token is None else text(token, "token", TOKEN_CHARS))


def act(seat: int, action: Action) -> bytes:
    """A joiner's intent: ``action`` for its ``seat``."""
    return encode({"type": "act", "seat": seat, "action": action_json(action)})


def act_of(m: dict[str, Any]) -> tuple[int, Action]:
    """(seat, action), read back."""
    d = obj(m, "act", {"v", "type", "seat", "action"})
    return seat_no(d["seat"]), action_of(d["action"])


# ---- the host's messages --------------------------------------------------------------------

@dataclass(frozen=True)
class Welcome:
    """The joiner's seat, the token to rejoin it, the rules without the seed, the seats."""

    seat: int
    token: str
    config: PublicConfig
    seats: tuple[Seat, ...]


def welcome(w: Welcome) -> bytes:
    """The host's answer to a good hello."""
    return encode({"type": "welcome", "seat": w.seat, "token": w.token,
                   "config": config_json(w.config), "seats": [seat_json(s) for s in w.seats]})


def welcome_of(m: dict[str, Any]) -> Welcome:
    """A welcome, read back."""
    d = obj(m, "welcome", {"v", "type", "seat", "token", "config", "seats"})
    config = config_of(d["config"])
    seats = each(d["seats"], "seats", seat_of, 6)
    need(len(seats) == config.players, "one seat per player")
    return Welcome(integer(d["seat"], "seat", 0, config.players - 1),
                   text(d["token"], "token", TOKEN_CHARS), config, seats)


def table(seats: Sequence[Seat], away: Sequence[int]) -> bytes:
    """Who sits where, and the seats whose player is away (reconnecting)."""
    return encode({"type": "table", "seats": [seat_json(s) for s in seats], "away": sorted(away)})


def table_of(m: dict[str, Any]) -> tuple[tuple[Seat, ...], tuple[int, ...]]:
    """(seats, away), read back."""
    d = obj(m, "table", {"v", "type", "seats", "away"})
    return each(d["seats"], "seats", seat_of, 6), each(d["away"], "away", seat_no, 6)


@dataclass(frozen=True)
class State:
    """After a step: the number of moves, the seat's view, the step's events as the seat may
    see them, and the refusals of the actions the seat might try that the rules refuse."""

    moves: int
    view: PlayerView
    events: list[Event]
    refusals: dict[Action, Refusal]


def state(s: State) -> bytes:
    """A step, for one seat."""
    return encode({"type": "state", "moves": s.moves, "view": view_json(s.view),
                   "events": [event_json(e) for e in s.events],
                   "refusals": [[action_json(a), refusal_json(r)] for a, r in s.refusals.items()]})


def state_of(m: dict[str, Any]) -> State:
    """A step, read back."""
    d = obj(m, "state", {"v", "type", "moves", "view", "events", "refusals"})

    def pair(x: Any, what: str) -> tuple[Action, Refusal]:
        p = each(x, what, lambda v, _w: v, 2)
        need(len(p) == 2, f"{what} must be [action, refusal]")
        return action_of(p[0]), refusal_of(p[1])

    return State(integer(d["moves"], "moves", 0, 100_000), view_of(d["view"]),
                 events_of(d["events"]), dict(each(d["refusals"], "refusals", pair, 100)))


@dataclass(frozen=True)
class Refused:
    """Why the host refused: a code, a sentence, the rule broken (``Code.RULES``), whether the
    connection is closed, and the intent refused (``RULES`` and ``WAIT``), so that a joiner can
    tell the answer to its own intent from the answer to a line it did not send."""

    code: Code
    text: str
    refusal: Refusal | None = None
    fatal: bool = True
    action: Action | None = None


def refused(r: Refused) -> bytes:
    """A refusal."""
    return encode({"type": "refused", "code": r.code.value, "text": r.text[:300],
                   "refusal": None if r.refusal is None else refusal_json(r.refusal),
                   "fatal": r.fatal,
                   "action": None if r.action is None else action_json(r.action)})


def refused_of(m: dict[str, Any]) -> Refused:
    """A refusal, read back."""
    d = obj(m, "refused", {"v", "type", "code", "text", "refusal", "fatal", "action"})
    return Refused(member(Code, d["code"], "code"), text(d["text"], "text", 300),
                   None if d["refusal"] is None else refusal_of(d["refusal"]),
                   boolean(d["fatal"], "fatal"),
                   None if d["action"] is None else action_of(d["action"]))


def hold(held: bool) -> bytes:
    """Whether the host holds the game (its waiting screen is open: nothing moves)."""
    return encode({"type": "hold", "hold": held})


def hold_of(m: dict[str, Any]) -> bool:
    """A hold, read back."""
    d = obj(m, "hold", {"v", "type", "hold"})
    return boolean(d["hold"], "hold")
