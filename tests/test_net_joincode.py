"""The join code (``wizard.net.joincode``): short for a private address and the default port,
read back whatever the case, spaces and dashes, and a typo is told, never read as another table."""

from __future__ import annotations

import random

import pytest

from wizard.net.joincode import (
    ALPHABET,
    DEFAULT_PORT,
    SECRET_BITS,
    JoinCode,
    JoinCodeError,
    decode,
    encode,
    parse_address,
)

TOP = 2 ** SECRET_BITS - 1


def _len(code: str) -> int:
    return len(code.replace("-", ""))


@pytest.mark.parametrize("address,most", [
    ("192.168.0.0", 13), ("192.168.255.254", 13),      # the usual home network
    ("172.16.0.1", 14), ("172.31.255.255", 14),
    ("10.0.0.1", 15), ("10.255.255.255", 15),
    ("127.0.0.1", 15), ("127.255.0.9", 15),            # tests
    ("8.8.4.4", 17),                                   # any other address still works, longer
])
@pytest.mark.parametrize("secret", [0, 1, 12_345, TOP])
def test_every_private_range_round_trips_short(address: str, most: int, secret: int) -> None:
    code = encode(JoinCode(address, DEFAULT_PORT, secret))
    assert _len(code) == most
    assert decode(code) == JoinCode(address, DEFAULT_PORT, secret)


@pytest.mark.parametrize("port", [1, 1024, 40_000, DEFAULT_PORT + 1, 65_535])
def test_a_port_other_than_the_default_is_carried(port: int) -> None:
    code = encode(JoinCode("192.168.1.5", port, 777))
    assert decode(code) == JoinCode("192.168.1.5", port, 777)
    assert _len(code) > _len(encode(JoinCode("192.168.1.5", DEFAULT_PORT, 777)))


def test_the_alphabet_has_no_lookalikes_and_reading_forgives_case_spaces_and_dashes() -> None:
    assert not set("0O1IL") & set(ALPHABET) and len(set(ALPHABET)) == len(ALPHABET) == 31
    code = encode(JoinCode("192.168.1.20", DEFAULT_PORT, 99_999))
    raw = code.replace("-", "")
    spoken = " ".join(raw[i:i + 3] for i in range(0, len(raw), 3)).lower()
    assert decode(spoken) == decode(f"  {raw}\t") == decode("-".join(raw)) == decode(code)


def test_one_changed_character_or_two_swapped_neighbours_are_caught() -> None:
    rng = random.Random(4)
    for _ in range(40):
        good = JoinCode(f"192.168.{rng.randrange(256)}.{rng.randrange(256)}",
                        rng.choice([DEFAULT_PORT, rng.randrange(1, 65_536)]), rng.randrange(TOP))
        raw = encode(good).replace("-", "")
        for i in range(len(raw)):
            for ch in ALPHABET:
                if ch != raw[i]:
                    with pytest.raises(JoinCodeError, match="typo|too many|too short"):
                        decode(raw[:i] + ch + raw[i + 1:])
            if i + 1 < len(raw) and raw[i] != raw[i + 1]:
                with pytest.raises(JoinCodeError, match="typo|too many"):
                    decode(raw[:i] + raw[i + 1] + raw[i] + raw[i + 2:])


@pytest.mark.parametrize("text,reason", [
    ("", "empty"), ("  - ", "empty"),
    ("24Y7-4C3B-4O", "no 'O'"), ("1234", "no '1'"), ("24Y7-4C3B-4L", "no 'L'"),
    ("24Y7-4C3B-4Z!", "'!' is not in a join code"), ("24Y7", "too short"),
    ("24Y7-4C3B-4Z2", "typo|too"), ("24Y7-4C3B-Z", "typo|too"),
])
def test_a_bad_code_gets_a_clear_reason(text: str, reason: str) -> None:
    with pytest.raises(JoinCodeError, match=reason):
        decode(text)


def test_what_does_not_fit_is_refused_when_writing_a_code() -> None:
    for bad in (JoinCode("192.168.1.300", DEFAULT_PORT, 1), JoinCode("::1", DEFAULT_PORT, 1),
                JoinCode("127.0.0.1", 0, 1), JoinCode("127.0.0.1", DEFAULT_PORT, TOP + 1)):
        with pytest.raises(JoinCodeError):
            encode(bad)


def test_an_address_typed_by_hand() -> None:
    assert parse_address(" 192.168.1.20 ") == ("192.168.1.20", DEFAULT_PORT)
    assert parse_address("127.0.0.1:40000") == ("127.0.0.1", 40_000)
    for bad, reason in (("pizza", "not an address"), ("10.0.0.1:0", "not a port"),
                        ("10.0.0.1:x", "not a port"), ("1.2.3", "not an address")):
        with pytest.raises(JoinCodeError, match=reason):
            parse_address(bad)
