"""The host refuses whoever does not belong, with a clear reason, and plays on (127.0.0.1 only)."""

from __future__ import annotations

import json
import socket
import time

import pytest
from netplay import LOOPBACK, NetGame

from wizard.engine import GameConfig, bid
from wizard.net import wire
from wizard.net.host import NetHost, SeatStatus
from wizard.session import Seat, Session


class Raw:
    """A bare socket speaking (or not) the protocol."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.sock = socket.create_connection((LOOPBACK, host.port), timeout=5)
        self.buf = b""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def hello(self, secret: int | None = None, seat: int | None = None, token: str | None = None,
              name: str = "Eve") -> None:
        self.send(wire.hello(wire.Hello(self.host.secret if secret is None else secret, name,
                                        seat, token)))

    def next(self, pump: bool = True) -> dict | None:
        """The next message (pumping the host meanwhile), or None at the end of the stream."""
        self.sock.settimeout(0.01)
        for _ in range(500):
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                return json.loads(line)
            if pump:
                self.host.pump()
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            except ConnectionError:
                return None
            if not chunk:
                return None
            self.buf += chunk
        raise AssertionError("the host said nothing")

    def refusal(self) -> dict:
        """Skip to the next refusal."""
        while True:
            m = self.next()
            assert m is not None, "closed without a reason"
            if m["type"] == "refused":
                return m

    def closed(self) -> bool:
        return self.next() is None


@pytest.fixture
def host():
    s = Session.new(GameConfig(4, seed=3), [Seat.human("Hanna"), Seat.ai("Cy", "random"),
                                            Seat.human("Seat 3"), Seat.human("Seat 4")])
    h = NetHost(s, {2, 3}, bind=LOOPBACK, port=0)
    h.open()
    s.start()
    yield h
    h.close()


@pytest.mark.parametrize("line,code", [
    (wire.encode({"type": "hello", "secret": 1, "name": "A", "seat": None, "token": None})
     .replace(b'"v":1', b'"v":9'), "version"),
    (b"hello there\n", "malformed"),
    (b"\xff\n", "malformed"),
    (wire.encode({"type": "hello", "secret": 1, "name": "A"}), "malformed"),
    (wire.act(2, bid(1)), "hello_first"),
    (b"x" * (wire.MAX_LINE + 10), "too_long"),
])
def test_a_bad_first_line_is_refused_with_a_reason_and_closed(host: NetHost, line: bytes,
                                                               code: str) -> None:
    raw = Raw(host)
    raw.send(line)
    m = raw.refusal()
    assert m["code"] == code and m["text"] and m["fatal"] is True
    assert raw.closed()


def test_the_wrong_secret_is_refused(host: NetHost) -> None:
    raw = Raw(host)
    raw.hello(secret=(host.secret + 1) % 2 ** 40)
    assert raw.refusal()["code"] == "secret" and raw.closed()
    assert host.status(2) is SeatStatus.OPEN


def test_a_joiner_gets_its_seat_and_view_and_a_second_claim_is_refused(host: NetHost) -> None:
    ann = Raw(host)
    ann.hello(seat=2, name="  Ann ")
    welcome = ann.next()
    assert welcome and welcome["type"] == "welcome" and welcome["seat"] == 2
    assert "seed" not in json.dumps(welcome["config"])
    kinds = [ann.next()["type"], ann.next()["type"]]  # type: ignore[index]
    assert kinds == ["table", "state"] and host.session.seats[2].name == "Ann"
    assert host.status(2) is SeatStatus.PLAYING
    eve = Raw(host)
    eve.hello(seat=2)
    assert eve.refusal()["code"] == "seat_taken" and eve.closed()
    bo = Raw(host)
    bo.hello()                                       # no seat asked: the first free one
    assert bo.next()["seat"] == 3  # type: ignore[index]
    full = Raw(host)
    full.hello()
    assert full.refusal()["code"] == "no_seat" and full.closed()
    stranger = Raw(host)
    stranger.hello(token="not-a-token")
    assert stranger.refusal()["code"] == "token" and stranger.closed()


def test_a_message_for_another_seat_closes_and_an_out_of_turn_one_does_not(host: NetHost) -> None:
    s = host.session
    seat = 3 if s.current == 2 else 2
    ann = Raw(host)
    ann.hello(seat=seat)
    assert ann.next()["type"] == "welcome"  # type: ignore[index]
    before = s.record()
    ann.send(wire.act(seat, bid(0)))                 # not its turn: refused, kept
    m = ann.refusal()
    assert m["code"] == "rules" and m["fatal"] is False
    assert m["refusal"]["rule"] == "not_your_turn"
    ann.send(wire.act(seat, bid(0)))
    assert ann.refusal()["code"] == "rules"          # still connected
    ann.send(wire.act(s.current or 0, bid(0)))       # another seat's action: refused, closed
    assert ann.refusal()["code"] == "other_seat" and ann.closed()
    host.pump()
    assert s.record() == before
    assert host.status(seat) is SeatStatus.AWAY


def test_a_token_takes_its_seat_back_and_the_old_connection_is_told(host: NetHost) -> None:
    ann = Raw(host)
    ann.hello(seat=2)
    token = ann.next()["token"]  # type: ignore[index]
    again = Raw(host)
    again.hello(token=token, name="Ann")
    assert again.next()["seat"] == 2  # type: ignore[index]
    assert ann.refusal()["code"] == "replaced" and ann.closed()
    assert host.status(2) is SeatStatus.PLAYING


def test_the_host_listens_only_while_open_and_on_the_given_interface() -> None:
    game = NetGame.open(GameConfig(4, seed=1))
    port = game.host.port
    sock = game.host._server.sockets[0]  # type: ignore[union-attr]
    assert sock.getsockname()[0] == LOOPBACK
    game.host.close()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((LOOPBACK, port), timeout=1)


def test_a_joiner_gone_before_the_game_thread_looks_costs_nothing(host: NetHost) -> None:
    before = host.session.record()
    ann = Raw(host)
    ann.hello(seat=2)
    welcome = ann.next()
    assert welcome is not None and welcome["type"] == "welcome"
    ann.sock.close()
    for _ in range(20):                     # arrivals replaced or gone before the host pumps
        first, second = Raw(host), Raw(host)
        first.hello(token=welcome["token"])
        second.hello(token=welcome["token"])
        first.sock.close()
    time.sleep(0.3)                         # the seats are given on the loop's thread
    host.pump()                             # 41 arrivals, 40 of them replaced or gone
    m = second.next()
    assert m is not None and m["type"] == "welcome" and m["seat"] == 2
    assert host.session.record() == before
    assert host.status(2) is SeatStatus.PLAYING
