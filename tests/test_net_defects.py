"""The local table's defects found by outside testing (issue #33, N5-N9): each is a test that
failed on the code before its fix (127.0.0.1 only)."""

from __future__ import annotations

import json
import time

import pytest
from test_net_host import Raw

from wizard.engine import Action, GameConfig, IllegalActionError, bid
from wizard.net import wire
from wizard.net.host import NetHost
from wizard.session import Seat, Session
from wizard.session.seats import clean_name, is_valid_name


@pytest.fixture
def host():
    s = Session.new(GameConfig(4, seed=3), [Seat.human("Hanna"), Seat.ai("Cy", "random"),
                                            Seat.human("Seat 3"), Seat.human("Seat 4")])
    h = NetHost(s, {2, 3}, bind="127.0.0.1", port=0)
    h.open()
    s.start()
    yield h
    h.close()


# ---- N5: numbers on the wire are ASCII digits only ------------------------------------------

@pytest.mark.parametrize("text", ["bid ²", "bid ٣", "bid ３", "bid 03", "bid " + "9" * 5000,
                                  "bid -1", "bid 1 "])
def test_a_bid_is_ascii_digits_only(text: str) -> None:
    with pytest.raises(IllegalActionError):
        Action.from_record(text)
    _m, err = wire.read(json.dumps({"v": 1, "type": "act", "seat": 2,
                                    "action": text[:20]}).encode() + b"\n", wire.CLIENT_TYPES)
    assert err is None                       # the line is a message; its action is not one
    with pytest.raises(wire.WireError):
        wire.act_of(_m)  # type: ignore[arg-type]


def test_plain_bids_still_read() -> None:
    assert [Action.from_record(f"bid {n}") for n in (0, 7, 20)] == [bid(0), bid(7), bid(20)]


def test_a_bid_in_other_digits_is_refused_as_malformed_by_the_host(host: NetHost) -> None:
    ann = Raw(host)
    ann.hello(seat=2)
    assert ann.next()["type"] == "welcome"  # type: ignore[index]
    for text in ("bid ²", "bid ٣"):
        ann2 = Raw(host)
        ann2.hello(token=host.tokens[2])
        assert ann2.next()["type"] == "welcome"  # type: ignore[index]
        ann2.send(json.dumps({"v": 1, "type": "act", "seat": 2, "action": text},
                             ensure_ascii=False).encode() + b"\n")
        m = ann2.refusal()
        assert m["code"] == "malformed", (text, m)


# ---- N6: the version is the integer 1; an over-long line is "too long" ----------------------

@pytest.mark.parametrize("v", ["true", "1.0", '"1"'])
def test_the_version_is_the_integer_one(v: str) -> None:
    line = (b'{"v":' + v.encode() + b',"type":"hello","secret":1,"name":"A","seat":null,'
            b'"token":null}\n')
    _m, err = wire.read(line, wire.CLIENT_TYPES)
    assert err is not None and wire.is_version_error(err), (v, err)


def _padded_hello(host: NetHost, size: int) -> bytes:
    """A good hello padded with JSON white space to ``size`` bytes, its newline included."""
    line = wire.hello(wire.Hello(host.secret, "Ann", 2, None))
    return line[:-2] + b" " * (size - len(line)) + b"}\n"


def test_a_line_one_byte_over_the_limit_is_too_long_and_one_at_it_is_read(host: NetHost) -> None:
    raw = Raw(host)
    raw.send(_padded_hello(host, wire.MAX_LINE + 1))
    m = raw.refusal()
    assert m["code"] == "too_long", m
    ok = Raw(host)
    ok.send(_padded_hello(host, wire.MAX_LINE))
    assert ok.next()["type"] == "welcome"  # type: ignore[index]
    ok.send(wire.act(2, bid(0))[:-2] + b" " * (wire.MAX_LINE + 1) + b"}\n")
    assert ok.refusal()["code"] == "too_long"


# ---- N7: names drop bidirectional controls and other format characters ----------------------

@pytest.mark.parametrize("raw,clean", [
    ("Ann\u202eeve", "Anneve"), ("\u202dBo\u202c", "Bo"), ("\u2066Cy\u2069", "Cy"),
    ("Di\u200e\u200f", "Di"), ("E\u061cd", "Ed"), ("F\u00adi", "Fi"), ("\ufeffGi", "Gi"),
    ("Hu\U000e0041", "Hu"), ("a \u202e b", "a b"), ("\u202e", ""),
])
def test_names_drop_format_characters(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    assert clean == "" or is_valid_name(clean)


def test_a_name_kept_before_the_rule_changed_still_loads() -> None:
    old = {"name": "Ann\u202eeve", "kind": "human", "level": None}
    assert is_valid_name(old["name"]) and Seat.from_dict(old).name == "Ann\u202eeve"
    assert not is_valid_name(" Ann") and not is_valid_name("A\x00")


def test_joiners_and_emoji_keep_their_joiners() -> None:
    assert clean_name("Jo\u200dan") == "Jo\u200dan"           # ZWJ: emoji sequences, scripts
    assert clean_name("Mi\u200cna") == "Mi\u200cna"           # ZWNJ: Persian, Indic scripts


def test_a_joiners_name_reaches_the_others_without_an_override(host: NetHost) -> None:
    ann = Raw(host)
    ann.hello(seat=2, name="Ann\u202egnirts")
    assert ann.next()["type"] == "welcome"  # type: ignore[index]
    assert host.session.seats[2].name == "Anngnirts"


# ---- N8: a partial line after a good hello times out ----------------------------------------

def test_a_partial_line_after_the_hello_times_out() -> None:
    s = Session.new(GameConfig(4, seed=3), [Seat.human("Hanna"), Seat.ai("Cy", "random"),
                                            Seat.human("Seat 3"), Seat.human("Seat 4")])
    h = NetHost(s, {2, 3}, bind="127.0.0.1", port=0, hello_timeout=0.5)
    h.open()
    s.start()
    try:
        ann = Raw(h)
        ann.hello(seat=2)
        assert ann.next()["type"] == "welcome"  # type: ignore[index]
        began = time.monotonic()
        ann.send(b'{"v":1,"type":"act"')          # and never the rest
        m = ann.refusal()
        assert m["code"] == "timeout", m
        assert ann.closed() and time.monotonic() - began < 5
        bo = Raw(h)                               # a joiner that says nothing stays
        bo.hello(seat=3)
        assert bo.next()["type"] == "welcome"  # type: ignore[index]
        time.sleep(1.2)
        bo.send(wire.act(3, bid(0)))
        m = bo.next()
        while m is not None and m["type"] != "refused" and m["type"] != "state":
            m = bo.next()
        assert m is not None
    finally:
        h.close()


# ---- N9: before Start, a resumed table takes no card --------------------------------------

def test_a_joiners_move_is_refused_while_the_host_waits_to_start(host: NetHost) -> None:
    s = host.session
    seat = s.current
    assert seat in (2, 3)                         # seed 3: a joiner bids first
    host.hold = True                              # the waiting screen of a resumed game
    ann = Raw(host)
    ann.hello(seat=seat)
    assert ann.next()["type"] == "welcome"  # type: ignore[index]
    moves = s.moves
    ann.send(wire.act(seat, s.legal_actions(seat)[0]))
    m = ann.refusal()
    assert m["code"] == "wait" and m["fatal"] is False and s.moves == moves
    host.hold = False                             # Start
    ann.send(wire.act(seat, s.legal_actions(seat)[0]))
    for _ in range(50):
        host.pump()
        if s.moves > moves:
            break
        time.sleep(0.01)
    assert s.moves == moves + 1


# ---- N4: the secret is long; a seat token brings its joiner back whatever the secret ---------

def test_the_secret_is_forty_bits_and_a_seat_token_needs_no_secret(host: NetHost) -> None:
    from wizard.net.joincode import SECRET_BITS
    assert SECRET_BITS >= 40 and 0 <= host.secret < 2 ** SECRET_BITS
    ann = Raw(host)
    ann.hello(seat=2)
    token = ann.next()["token"]  # type: ignore[index]
    back = Raw(host)
    back.hello(secret=(host.secret + 1) % 2 ** 40, token=token, name="Ann")   # a new code
    assert back.next()["seat"] == 2  # type: ignore[index]
    eve = Raw(host)
    eve.hello(secret=(host.secret + 1) % 2 ** 40, token="not-a-token")
    assert eve.refusal()["code"] == "secret"        # a wrong code says nothing of tokens
    assert host.strangers() >= 1
