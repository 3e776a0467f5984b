"""The join code: the host's IPv4 address, its port and the table's secret, short enough to read
aloud.

The code is a number in base 31 written with digits and capitals that cannot be taken for one
another (no 0/O, no 1/I/L), then one check character. Its last base-31 "digit" of value says the
kind of address; a private address (10.x, 172.16-31.x, 192.168.x, and 127.x for tests) keeps only
the part after its fixed prefix, and the default port takes no room at all, so the usual code
(192.168.x.y, default port) has 12 characters and its check: ``"2222-4Y74-C3B4-T"``. The
secret has 40 bits: at the few thousand wrong secrets a second one machine gets answered
(``python -m wizard.bench net --guess 10``), finding it takes years. Reading is
forgiving (any case, spaces and dashes anywhere); a typo is caught by the check character, which
catches any one character changed and any two neighbours swapped.

>>> code = encode(JoinCode("192.168.1.20", DEFAULT_PORT, 123456))
>>> len(code.replace("-", "")), decode(code.lower().replace("-", " ")) == JoinCode("192.168.1.20", DEFAULT_PORT, 123456)
(13, True)
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"     # 31 symbols: no 0 O 1 I L
BASE = len(ALPHABET)
DEFAULT_PORT = 36_523
SECRET_BITS = 40                # > a year of guessing at the measured rate (issue #33, N4)
LOOKALIKES = "0O1IL"

# (network, bits kept): the address kinds, by their number in the code
KINDS: tuple[tuple[ipaddress.IPv4Network, int], ...] = (
    (ipaddress.IPv4Network("192.168.0.0/16"), 16),
    (ipaddress.IPv4Network("10.0.0.0/8"), 24),
    (ipaddress.IPv4Network("172.16.0.0/12"), 20),
    (ipaddress.IPv4Network("127.0.0.0/8"), 24),
    (ipaddress.IPv4Network("0.0.0.0/0"), 32),
)
HEADERS = len(KINDS) * 2          # kind and "default port or not"


class JoinCodeError(ValueError):
    """A text that is not a join code; the message says what to fix."""


@dataclass(frozen=True)
class JoinCode:
    """Where the table is and its secret."""

    address: str
    port: int
    secret: int


def _kind(address: ipaddress.IPv4Address) -> int:
    return next(i for i, (net, _bits) in enumerate(KINDS) if address in net)


def _width(header: int) -> int:
    """How many characters (before the check) a code of this header has."""
    _net, bits = KINDS[header // 2]
    top = ((2 ** SECRET_BITS) << bits << (0 if header % 2 == 0 else 16)) * HEADERS
    n = 1
    while BASE ** n < top:
        n += 1
    return n


def _check(digits: list[int]) -> int:
    return sum((i + 1) * d for i, d in enumerate(digits)) % BASE


def _grouped(text: str) -> str:
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def encode(code: JoinCode) -> str:
    """The code to show, in groups of four."""
    try:
        address = ipaddress.IPv4Address(code.address)
    except ValueError:
        raise JoinCodeError(f"{code.address!r} is not an IPv4 address") from None
    if not 0 < code.port < 65_536:
        raise JoinCodeError(f"{code.port} is not a port")
    if not 0 <= code.secret < 2 ** SECRET_BITS:
        raise JoinCodeError("the secret does not fit in a join code")
    kind = _kind(address)
    net, bits = KINDS[kind]
    value = code.secret << bits | (int(address) - int(net.network_address))
    header = kind * 2
    if code.port != DEFAULT_PORT:
        value = value << 16 | code.port
        header += 1
    value = value * HEADERS + header
    digits = []
    for _ in range(_width(header)):
        value, d = divmod(value, BASE)
        digits.append(d)
    digits.reverse()
    return _grouped("".join(ALPHABET[d] for d in digits) + ALPHABET[_check(digits)])


def decode(text: str) -> JoinCode:
    """The address, port and secret a code carries; ``JoinCodeError`` says what is wrong."""
    clean = "".join(ch for ch in text.upper() if ch not in " -\t")
    if not clean:
        raise JoinCodeError("the join code is empty")
    for ch in clean:
        if ch in LOOKALIKES:
            raise JoinCodeError(f"a join code has no {ch!r} (no 0, O, 1, I or L): "
                                "check that character")
        if ch not in ALPHABET:
            raise JoinCodeError(f"{ch!r} is not in a join code")
    digits = [ALPHABET.index(ch) for ch in clean]
    body, check = digits[:-1], digits[-1]
    if len(body) < _width(0):
        raise JoinCodeError("the join code is too short: a character is missing")
    if _check(body) != check:
        raise JoinCodeError("the join code has a typo: check each character")
    value = 0
    for d in body:
        value = value * BASE + d
    value, header = divmod(value, HEADERS)
    if len(body) != _width(header):
        raise JoinCodeError("the join code has a character too many or too few")
    port = DEFAULT_PORT
    if header % 2:
        value, port = value >> 16, value & 0xFFFF
    net, bits = KINDS[header // 2]
    secret, low = value >> bits, value & ((1 << bits) - 1)
    if secret >= 2 ** SECRET_BITS or port == 0:
        raise JoinCodeError("the join code has a typo: check each character")
    return JoinCode(str(net.network_address + low), port, secret)


def parse_address(text: str) -> tuple[str, int]:
    """An address typed by hand, ``"192.168.1.20"`` or ``"192.168.1.20:40000"``: (address, port)."""
    host, _, port = text.strip().partition(":")
    try:
        address = str(ipaddress.IPv4Address(host))
    except ValueError:
        raise JoinCodeError(f"{host!r} is not an address like 192.168.1.20") from None
    if not port:
        return address, DEFAULT_PORT
    if not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65_536:
        raise JoinCodeError(f"{port!r} is not a port (1 to 65535)")
    return address, int(port)
