"""The network table's messages (``wizard.net.wire``): what crosses round-trips exactly, anything
else is refused with a reason, and a seat's view carries no card of another hand nor the seed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard.engine import BidVisibility, Edition, GameConfig, Options, bid, card
from wizard.net import wire
from wizard.net.codec import WireError, config_json
from wizard.session import Seat, Session
from wizard.table import play_out

SEED = 987_654_321_987


@pytest.mark.parametrize("edition,options", [
    ("classic", Options()),
    ("magic", Options(bids=BidVisibility.HIDDEN)),
    ("camelot", Options(bids=BidVisibility.SECRET, clairvoyance=True)),
    ("classic", Options(scroll=True, canadian=True)),
])
def test_every_view_and_event_of_a_whole_game_round_trips(edition: str, options: Options) -> None:
    players = 3 + len(edition) % 4
    s = Session.new(GameConfig(players, Edition(edition), options, seed=SEED),
                    [Seat.ai(n, "random") for n in "ABCDEF"[:players]])
    checked = 0

    def check(sess: Session, events: list) -> None:
        nonlocal checked
        for k in range(sess.config.players):
            refusals: dict = {}
            sent = wire.State(sess.moves, sess.view(k), sess.redacted(events, k), refusals)
            line = wire.state(sent)
            assert line.endswith(b"\n") and line.count(b"\n") == 1
            back = wire.state_of(wire.decode(line, wire.HOST_TYPES))
            assert back == sent
            checked += 1

    s.subscribe(check)
    play_out(s)
    assert s.finished and checked > 100


def test_refusals_seats_and_the_handshake_round_trip() -> None:
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("Bo", "expert"),
                                            Seat.human("Núria")])
    s.start()
    refusals = {a: r for a in [bid(n) for n in range(4)] + [bid(7)]
                if (r := s.check(a, s.current)) is not None}
    assert refusals
    st_ = wire.State(s.moves, s.view(0), [], refusals)
    assert wire.state_of(wire.decode(wire.state(st_), wire.HOST_TYPES)) == st_
    w = wire.Welcome(2, "tok-123", s.config.public(), tuple(s.seats))
    assert wire.welcome_of(wire.decode(wire.welcome(w), wire.HOST_TYPES)) == w
    h = wire.Hello(12345, "Núria", None, "tok-123")
    assert wire.hello_of(wire.decode(wire.hello(h), wire.CLIENT_TYPES)) == h
    assert wire.act_of(wire.decode(wire.act(1, card_play("MERLIN:J")), wire.CLIENT_TYPES)) == \
        (1, card_play("MERLIN:J"))
    r = wire.Refused(wire.Code.RULES, "not your turn", refusals[next(iter(refusals))], False)
    assert wire.refused_of(wire.decode(wire.refused(r), wire.HOST_TYPES)) == r
    r = wire.Refused(wire.Code.WAIT, "wait", None, False, bid(2))
    assert wire.refused_of(wire.decode(wire.refused(r), wire.HOST_TYPES)) == r
    seats, away = wire.table_of(wire.decode(wire.table(s.seats, [2]), wire.HOST_TYPES))
    assert list(seats) == s.seats and away == (2,)


def card_play(text: str):
    from wizard.engine import play
    return play(card(text))


def test_the_rules_that_cross_never_carry_the_seed() -> None:
    config = GameConfig(4, seed=SEED)
    assert "seed" not in config_json(config) and str(SEED) not in json.dumps(config_json(config))
    w = wire.Welcome(0, "t", config, tuple(Seat.human(n) for n in "ABCD"))
    assert str(SEED).encode() not in wire.welcome(w)


@pytest.mark.parametrize("line,reason", [
    (b"\xff\xfe\n", "not UTF-8"),
    (b"{\"v\":1,\n", "not JSON"),
    (b"[1,2]\n", "must be a JSON object"),
    (b"{\"v\":2,\"type\":\"hello\"}\n", "protocol version 2"),
    (b"{\"type\":\"hello\"}\n", "protocol version None"),
    (b"{\"v\":1,\"type\":\"launch\"}\n", "unknown message type"),
    (b"{\"v\":1,\"type\":\"act\",\"seat\":1,\"action\":NaN}\n", "not JSON"),
    (b"[" * 100_000, "a line of more than"),
    (b"[" * 50_000 + b"\n", "not JSON"),
])
def test_malformed_lines_are_refused_with_a_reason(line: bytes, reason: str) -> None:
    message, err = wire.read(line, wire.CLIENT_TYPES)
    assert message is None and err is not None and reason in err.reason


@pytest.mark.parametrize("message,reason", [
    ({"type": "act", "seat": 1}, "fields"),
    ({"type": "act", "seat": 9, "action": "bid 1"}, "seat must be an integer 0..5"),
    ({"type": "act", "seat": True, "action": "bid 1"}, "seat must be an integer"),
    ({"type": "act", "seat": 1, "action": "fold"}, "not an action"),
    ({"type": "act", "seat": 1, "action": "play Z99"}, "not an action"),
    ({"type": "hello", "secret": "x", "name": "A", "seat": None, "token": None}, "secret"),
    ({"type": "hello", "secret": 1, "name": "A" * 500, "seat": None, "token": None}, "name"),
])
def test_wrong_fields_are_refused_with_a_reason(message: dict, reason: str) -> None:
    m = wire.decode(wire.encode(message), wire.CLIENT_TYPES)
    reader = wire.act_of if message["type"] == "act" else wire.hello_of
    with pytest.raises(WireError, match=reason):
        reader(m)


def _states(seed: int = 4) -> list[bytes]:
    s = Session.new(GameConfig(3, seed=seed), [Seat.ai(n, "random") for n in "ABC"])
    lines: list[bytes] = []
    s.subscribe(lambda sess, evs: lines.append(
        wire.state(wire.State(sess.moves, sess.view(0), sess.redacted(evs, 0), {}))))
    play_out(s)
    return lines


STATES = _states()


def _mutate(data: object, rng: random.Random) -> object:
    """``data`` with one value somewhere replaced by something of another kind."""
    junk = [None, True, -1, 10**9, "R99", "", [], {}, 1.5, [None], {"e": "x"}]
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        out = dict(data)
        if rng.random() < 0.3:
            del out[key]
        else:
            out[key] = _mutate(data[key], rng) if rng.random() < 0.6 else rng.choice(junk)
        return out
    if isinstance(data, list) and data:
        i = rng.randrange(len(data))
        out_l = list(data)
        out_l[i] = _mutate(data[i], rng) if rng.random() < 0.6 else rng.choice(junk)
        return out_l
    return rng.choice(junk)


def test_damaged_states_are_refused_or_read_never_raising_anything_else() -> None:
    rng = random.Random(7)
    refused = 0
    for i in range(3000):
        data = json.loads(STATES[i % len(STATES)])
        bad = _mutate(data, rng)
        line = json.dumps(bad).encode() + b"\n"
        try:
            wire.state_of(wire.decode(line, wire.HOST_TYPES))
        except WireError as err:
            assert err.reason
            refused += 1
    assert refused > 2000


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_message_or_a_reason(line: bytes) -> None:
    message, err = wire.read(line, wire.CLIENT_TYPES)
    assert (message is None) != (err is None)
    if message is not None:
        for reader in (wire.act_of, wire.hello_of):
            try:
                reader(message)
            except WireError:
                pass


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
                        st.sampled_from(["v", "type", "seat", "action", "secret", "name", "token",
                                         "view", "events", "moves", "refusals"]), kids,
                        max_size=6), max_leaves=30))
def test_any_json_is_read_or_refused(data: object) -> None:
    line = json.dumps(data).encode() + b"\n"
    for types, readers in ((wire.CLIENT_TYPES, (wire.act_of, wire.hello_of)),
                           (wire.HOST_TYPES, (wire.state_of, wire.welcome_of, wire.table_of,
                                              wire.refused_of))):
        message, _err = wire.read(line, types)
        if message is not None:
            for reader in readers:
                try:
                    reader(message)
                except WireError:
                    pass


def test_a_view_of_one_seat_encodes_no_card_of_another_hand() -> None:
    """At every step of a whole game, no card still held by another seat is in the line sent to
    seat k (cards that come once in the deck; a Wizard or a Jester may be in two hands)."""
    s = Session.new(GameConfig(4, Edition.CAMELOT, seed=SEED),
                    [Seat.ai(n, "random") for n in "ABCD"])
    checked = 0

    def scan(sess: Session, events: list) -> None:
        nonlocal checked
        for k in range(4):
            line = wire.state(wire.State(sess.moves, sess.view(k), sess.redacted(events, k), {}))
            assert str(SEED).encode() not in line
            for other in range(4):
                if other == k:
                    continue
                for c in sess.state.hands[other]:
                    if c.text in ("W", "J") or c in sess.state.hands[k]:
                        continue
                    assert f'"{c.text}"'.encode() not in line and \
                        f" {c.text}\"".encode() not in line, (k, other, c.text)
                    checked += 1

    s.subscribe(scan)
    play_out(s)
    assert checked > 1000


def test_a_joiner_waits_on_for_its_own_intent_when_another_line_is_refused() -> None:
    """Something else wrote an intent on the joiner's connection (a hostile or buggy program):
    its refusal must not make the joiner think its own intent was answered (it would send again,
    from a view that is out of date)."""
    from wizard.net.client import RemoteGame

    rg = RemoteGame("127.0.0.1", 1, 1, "Ann")
    rg.seat = 0
    lines: list[bytes] = []
    rg.send_line = lines.append  # type: ignore[method-assign]
    rg.act(bid(1), 0)
    assert rg._pending and lines
    other = wire.Refused(wire.Code.RULES, "no", None, False, bid(5))
    rg._apply(wire.decode(wire.refused(other), wire.HOST_TYPES))
    assert rg._pending and rg.refused is None          # still waiting for its own answer
    mine = wire.Refused(wire.Code.WAIT, "wait", None, False, bid(1))
    rg._apply(wire.decode(wire.refused(mine), wire.HOST_TYPES))
    assert not rg._pending and rg.refused == mine
