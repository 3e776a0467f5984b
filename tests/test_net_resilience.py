"""A network table survives a joiner who drops and comes back, and a hostile client: nothing is
lost, nothing changes that should not, the host plays on (127.0.0.1 only, bounded in count and
time)."""

from __future__ import annotations

import logging
import random
import socket
import threading
import time

import pytest
from netplay import JOINERS, LOOPBACK, NetGame, reference

from wizard.engine import GameConfig, GameState, Phase, bid
from wizard.net import wire
from wizard.net.host import SeatStatus
from wizard.session import Session


def test_a_joiner_dropped_mid_round_rejoins_its_seat_with_its_token() -> None:
    config = GameConfig(4, seed=77)
    game = NetGame.open(config)
    try:
        for seat, name in JOINERS.items():
            game.join(seat, name)
        game.start()
        s = game.session
        ann = game.joiners[2]

        def hold() -> None:       # Ann's card is not sent at her turn in round 3 (before, it
            # could leave in the very step that reached that turn, and landed after the drop)
            ann.acts = not (s.round == 3 and s.phase is Phase.PLAY and s.current == 2)

        game.watch = hold
        game.until(lambda: s.round == 3 and s.phase is Phase.PLAY and s.current == 2)
        game.watch = None
        token, at = ann.remote.token, s.moves
        assert token
        ann.remote.drop()
        game.until(lambda: game.host.status(2) is SeatStatus.AWAY
                   and game.joiners[3].remote.away == (2,))
        for _ in range(50):                       # the table waits for Ann: nothing moves
            game.step()
        assert s.moves == at and s.current == 2
        assert ann.table is not None
        ann.table.close()
        back = game.join(2, "Ann", token=token)   # a new program on Ann's computer
        assert back.remote.seat == 2 and back.remote.view(2) == s.view(2)
        assert game.host.status(2) is SeatStatus.PLAYING
        game.until(lambda: game.joiners[3].remote.away == ())
        game.until(lambda: game.over and all(j.over for j in game.joiners.values()))
        ref = reference(config)
        assert s.record().actions == ref.record().actions and s.totals == ref.totals
        assert back.remote.view(2) == ref.view(2)
    finally:
        game.close()


HOSTILE = 240      # connections that each say something wrong
def test_the_host_lends_a_dropped_seat_to_a_computer_player_and_gives_it_back() -> None:
    game = NetGame.open(GameConfig(4, seed=78))
    try:
        for seat, name in JOINERS.items():
            game.join(seat, name)
        game.start()
        s = game.session
        with pytest.raises(ValueError):
            game.host.lend(2)                     # Ann is playing it
        game.until(lambda: s.round == 2 and s.current == 2)
        ann = game.joiners[2]
        token = ann.remote.token
        ann.remote.drop()
        game.until(lambda: game.host.status(2) is SeatStatus.AWAY)
        game.host.lend(2, "random")
        assert game.host.status(2) is SeatStatus.LENT and 2 not in game.host.remote
        at = s.moves
        game.until(lambda: s.round == 4 and game.joiners[3].remote.seats[2].kind == "ai")
        lent_moves = [i for i, seat in enumerate(_actors(s)) if i >= at and seat == 2]
        assert len(lent_moves) >= 3               # the computer played Ann's seat meanwhile
        assert ann.table is not None
        ann.table.close()
        back = game.join(2, "Ann", token=token)
        assert game.host.status(2) is SeatStatus.PLAYING and 2 in game.host.remote
        assert s.seats[2].is_human and back.remote.seat == 2
        game.until(lambda: game.over and all(j.over for j in game.joiners.values()))
        assert s.finished
    finally:
        game.close()


def _actors(session: Session) -> list[int]:
    """Who made each action of the game, in order (replayed from its record)."""
    state = GameState.new(session.config)
    rng = random.Random(session.config.seed)
    out = []
    for action in session.record().actions:
        while state.is_chance:
            state.advance(rng)
        out.append(int(state.current_player))  # type: ignore[arg-type]
        state.apply(action)
    return out


JUNK = [
    b"hello\n", b"\x00\xff\xfe\n", b"{}\n", b"[]\n", b'{"v":1}\n', b'{"v":2,"type":"hello"}\n',
    b'{"v":1,"type":"act","seat":2,"action":"bid 1"}\n', b'{"v":1,"type":"hello"}\n',
    b"{" * 5000 + b"\n", b'{"v":1,"type":"hello","secret":1,"name":"x","seat":null,"token":null}\n',
    b'{"v":1,"type":"hello","secret":1,"name":"x","seat":2,"token":"abc"}\n',
    b"y" * (wire.MAX_LINE + 100),
]


def _hostile(port: int, secret: int, stop: threading.Event, tally: dict[str, int]) -> None:
    """Connections that each say something wrong, then read the refusal; bounded."""
    rng = random.Random(5)
    for i in range(HOSTILE):
        if stop.is_set():
            return
        line = JUNK[i % len(JUNK)]
        if i % 7 == 0:                       # the right secret, a taken seat or a bad token
            line = wire.hello(wire.Hello(secret, "Eve", 2 + i % 2, None if i % 2 else "x"))
        try:
            with socket.create_connection((LOOPBACK, port), timeout=5) as sock:
                if i % 40 == 0:               # a slow, partial line, a few bytes at a time
                    for b in range(0, 12, 3):
                        sock.sendall(line[b:b + 3])
                        time.sleep(0.01)
                sock.sendall(line)
                data = b""
                while not data.endswith(b"\n"):
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                tally["refused"] += b'"type":"refused"' in data
                tally["sent"] += 1
        except ConnectionError:
            tally["reset"] += 1
        if rng.random() < 0.05:
            time.sleep(0.001)


def test_a_hostile_client_changes_nothing_and_the_host_plays_on(caplog) -> None:
    caplog.set_level(logging.ERROR)
    config = GameConfig(4, seed=31)
    game = NetGame.open(config)
    idle: list[socket.socket] = []
    stop = threading.Event()
    tally = {"refused": 0, "sent": 0, "reset": 0}
    try:
        for seat, name in JOINERS.items():
            game.join(seat, name)
        idle = [socket.create_connection((LOOPBACK, game.host.port), timeout=5)
                for _ in range(50)]
        game.start()
        flood = threading.Thread(target=_hostile, args=(game.host.port, game.host.secret, stop,
                                                         tally))
        flood.start()
        bo = game.joiners[3].remote
        sent = 0
        while game.session.round < 4:          # and out-of-turn, illegal intents of a joiner
            if game.session.current != 3:
                for _ in range(60):        # ~50 such steps at least before round 4: ~3,000
                    bo.send_line(wire.act(3, bid(20)))   # never legal with 4 players (15 rounds)
                    sent += 1
            game.step()
        flood.join(timeout=30)
        game.until(lambda: game.over and all(j.over for j in game.joiners.values()), 30)
        ref = reference(config)
        assert game.session.record().actions == ref.record().actions
        assert game.session.totals == ref.totals
        refused = game.host.counts.refused
        print(f"hostile: {tally}, {sent} illegal intents, the host refused {refused}")
        assert tally["sent"] + tally["reset"] == HOSTILE and tally["refused"] >= HOSTILE * 0.9, tally
        assert refused.get("rules", 0) + refused.get("wait", 0) >= sent // 2, (refused, sent)
        assert {"malformed", "version", "too_long", "secret", "seat_taken", "token",
                "hello_first"} <= set(refused), refused
        assert sent >= 1000
        assert [r for r in caplog.records if r.name.startswith("wizard")] == []
    finally:
        stop.set()
        for sock in idle:
            sock.close()
        game.close()


def test_an_idle_table_costs_no_cpu() -> None:
    """A host and two joiners connected, waiting for a person: their threads await, never poll."""
    game = NetGame.open(GameConfig(4, seed=2))
    try:
        for seat, name in JOINERS.items():
            game.join(seat, name)
        game.table = None                      # nobody at the host's screen acts
        before = time.process_time()
        time.sleep(0.5)
        cpu = time.process_time() - before
        assert cpu < 0.05, f"{cpu * 1000:.1f} ms of CPU in 500 ms of waiting"
    finally:
        game.close()
