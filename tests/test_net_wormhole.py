"""The internet table (#33): a host and two joiners play over magic-wormhole through the tests'
own mailbox server and transit relay on 127.0.0.1 (never a public server), the same game as in
one process; codes are one per seat, spent once used, and a wrong or missing code is said."""

from __future__ import annotations

import time

import pytest
from netplay import JOINERS, LOOPBACK, Joiner, NetGame, reference, table_for
from wormholes import free_port, local_servers, loopback_only

from wizard.engine import GameConfig
from wizard.net import joincode
from wizard.net.client import RemoteGame
from wizard.net.host import SeatStatus
from wizard.net.internet import (
    CodeError,
    InternetJoin,
    InternetTable,
    Phase,
    Servers,
    bad_server,
    clean_code,
    looks_like_wormhole,
)

SEED = 8_675_309_417


def wait(done: object, wake: object, seconds: float = 30.0) -> None:
    """Until ``done()`` (at once when it is; 30 s allowed for a loaded machine)."""
    end = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < end, "the wormhole got stuck"
        wake.wait(0.05)  # type: ignore[attr-defined]
        wake.clear()  # type: ignore[attr-defined]


def codes(net: InternetTable) -> dict[int, str]:
    wait(lambda: all(net.code(s) for s in net.host.open_seats), net.wake)
    return {s: net.code(s) for s in net.host.open_seats}  # type: ignore[misc]


def join_over(game: NetGame, code: str, servers: Servers, name: str) -> InternetJoin:
    """A joiner as the join screen makes it: the wormhole, then a RemoteGame through it."""
    w = InternetJoin(code, servers)
    w.open()
    wait(lambda: w.phase is Phase.READY, w.wake)
    assert w.port is not None and w.table_code is not None and w.seat is not None
    secret = joincode.decode(w.table_code).secret
    j = Joiner(RemoteGame(LOOPBACK, w.port, secret, name, seat=w.seat))
    j.remote.tap = j.lines.append
    j.remote.connect()
    game.joiners[w.seat] = j
    game.until(lambda: j.remote.ready)
    j.table = table_for(j.remote, j.remote.remote)
    return w


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


def play(servers: Servers, rounds: int | None = None) -> tuple[NetGame, InternetTable,
                                                                 list[InternetJoin]]:
    config = GameConfig(4, seed=SEED)
    game = NetGame.open(config)
    net = InternetTable(game.host, servers)
    net.open()
    given = codes(net)
    assert len(set(given.values())) == 2
    joins = [join_over(game, given[seat], servers, name) for seat, name in JOINERS.items()]
    assert [game.host.status(s) for s in JOINERS] == [SeatStatus.PLAYING] * 2
    assert all(net.code(s) is None for s in JOINERS)          # spent: no longer shown
    game.start()
    if rounds is None:
        game.until(lambda: game.over and all(j.over for j in game.joiners.values()), 60)
    else:
        game.until(lambda: game.session.round > rounds and all(
            j.remote.moves == game.session.moves for j in game.joiners.values()), 60)
    return game, net, joins


def close(game: NetGame, net: InternetTable, joins: list[InternetJoin]) -> None:
    game.close()
    for w in joins:
        w.close()
    net.close()


def test_a_whole_game_over_wormholes_is_the_one_played_in_one_process(servers: Servers) -> None:
    game, net, joins = play(servers)
    try:
        ref = reference(game.config)
        assert game.session.finished and ref.finished
        assert game.session.record().actions == ref.record().actions
        assert game.session.totals == ref.totals and game.session.names == ref.names
        for seat, j in game.joiners.items():
            assert j.remote.view(seat) == ref.view(seat)
            assert j.table is not None and j.table.shown.totals == ref.totals
        assert all(w.peer_up for w in joins), [w.peer for w in joins]   # direct or relayed
        assert all(i.sent.bytes > 100_000 for i in net.invitations.values())
    finally:
        close(game, net, joins)


def test_with_direct_connections_off_the_game_goes_through_the_relay(servers: Servers) -> None:
    relay_only = Servers(servers.mailbox, servers.relay, direct=False)
    game, net, joins = play(relay_only, rounds=4)   # four rounds: the relay is slower (Nagle)
    try:
        assert all(w.relayed for w in joins), [w.peer for w in joins]
        assert all(i.relayed for i in net.invitations.values())
        ref = reference(game.config).record().actions
        played = game.session.record().actions
        assert game.session.round == 5 and played == ref[:len(played)]
        for seat, j in game.joiners.items():
            assert j.remote.view(seat) == game.session.view(seat)
    finally:
        close(game, net, joins)


def test_a_used_code_is_spent_and_a_wrong_one_fails_and_renews_the_seats_code(
        servers: Servers) -> None:
    game = NetGame.open(GameConfig(4, seed=SEED))
    net = InternetTable(game.host, servers)
    net.open()
    joins: list[InternetJoin] = []
    try:
        first = codes(net)
        joins.append(join_over(game, first[2], servers, "Ann"))
        again = InternetJoin(first[2], servers, no_table_after=1.5)   # the same code again
        again.open()
        joins.append(again)
        wait(lambda: again.phase is Phase.NO_TABLE, again.wake)
        # a wrong code against seat 3's nameplate: that attempt fails, and seat 3 gets a new code
        nameplate, *words = first[3].split("-")
        wrong = "-".join([nameplate, *(["tiger", "indigo"] if words != ["tiger", "indigo"]
                                       else ["indigo", "tiger"])])
        bad = InternetJoin(wrong, servers)
        bad.open()
        joins.append(bad)
        wait(lambda: bad.phase is Phase.WRONG_CODE, bad.wake)
        wait(lambda: (net.pump(), net.code(3) not in (None, first[3]))[1], net.wake)
        joins.append(join_over(game, net.code(3), servers, "Bo"))   # type: ignore[arg-type]
        assert game.host.status(3) is SeatStatus.PLAYING
        # a resumed game (a new table for the same host) issues new codes
        net.close()
        net = InternetTable(game.host, servers)
        net.open()
        assert not set(codes(net).values()) & {*first.values(), wrong}
    finally:
        close(game, net, joins)


def test_no_mailbox_server_is_said_within_ten_seconds_and_the_local_code_still_works() -> None:
    nobody = Servers(f"ws://{LOOPBACK}:{free_port()}/v1", f"tcp:{LOOPBACK}:{free_port()}")
    game = NetGame.open(GameConfig(4, seed=SEED))
    net = InternetTable(game.host, nobody)
    start = time.monotonic()
    net.open()
    w = InternetJoin("7-indigo-tiger", nobody)
    w.open()
    try:
        # every seat's invitation, not the first one (net.offline is any of them): on a busy
        # machine the second seat's failure was still on its way when the first was checked
        wait(lambda: all(i.phase is Phase.OFFLINE for i in net.invitations.values())
             and w.phase is Phase.OFFLINE, w.wake)
        assert time.monotonic() - start < 10
        assert net.offline and all(i.why == nobody.mailbox for i in net.invitations.values())
        assert w.why == nobody.mailbox and net.code(2) is None
        game.join(2, "Ann")                        # the local-network code still works
        assert game.host.status(2) is SeatStatus.PLAYING
    finally:
        w.close()
        game.close()
        net.close()


@pytest.mark.parametrize(("text", "clean"), [
    ("7-indigo-tiger", "7-indigo-tiger"), (" 07 - Indigo - TIGER ", "7-indigo-tiger"),
])
def test_a_code_is_read_in_its_one_form(text: str, clean: str) -> None:
    assert looks_like_wormhole(text)
    assert clean_code(text) == clean


@pytest.mark.parametrize(("text", "reason", "word", "guess"), [
    ("7-indigo", "too few words", None, None),
    ("x-indigo-tiger", "no number", None, None),
    ("7-indgo-tiger", "unknown word", "indgo", "indigo"),
    ("7-indigo-zzzzzz", "unknown word", "zzzzzz", None),
])
def test_a_typo_is_said_before_anything_is_sent(text: str, reason: str, word: str | None,
                                                guess: str | None) -> None:
    with pytest.raises(CodeError) as err:
        InternetJoin(text, Servers(f"ws://{LOOPBACK}:1/v1", f"tcp:{LOOPBACK}:1"))
    assert (err.value.reason, err.value.word, err.value.guess) == (reason, word, guess)


def test_local_codes_and_wormhole_codes_are_told_apart_by_their_form() -> None:
    local = joincode.encode(joincode.JoinCode("192.168.1.20", joincode.DEFAULT_PORT, 123456))
    assert not looks_like_wormhole(local) and not looks_like_wormhole("192.168.1.20:36523")
    assert looks_like_wormhole("12-indigo-tiger")
    assert not looks_like_wormhole("7342-Z6QX-WU33-D")      # a local code whose first group is digits


def test_the_servers_by_default_are_magic_wormholes_public_ones() -> None:
    s = Servers()
    assert s.mailbox.startswith("ws://relay.magic-wormhole.io") and "magic-wormhole.io" in s.relay
    assert Servers.relay_hint("tcp://relay.example:4001") == "tcp:relay.example:4001"
    assert Servers.relay_hint("relay.example:4001") == "tcp:relay.example:4001"


@pytest.mark.parametrize(("kind", "url", "ok"), [
    ("mailbox", "ws://127.0.0.1:4000/v1", True), ("mailbox", "wss://club.example/v1", True),
    ("mailbox", "off", True), ("mailbox", "http://x/v1", False), ("mailbox", "club", False),
    ("relay", "tcp:127.0.0.1:4001", True), ("relay", "club.example:4001", True),
    ("relay", "tcp://club.example:4001", True), ("relay", "club.example", False),
])
def test_a_server_given_on_the_command_line_is_checked(kind: str, url: str, ok: bool) -> None:
    assert (bad_server(kind, url) is None) is ok


def test_the_log_follows_a_wormhole_without_its_code(caplog: pytest.LogCaptureFixture) -> None:
    """`-v` (and the log file) say what the internet table does: phases, the mailbox server,
    the peer's connection and how it is reached; the code, the secret, never."""
    import logging
    import threading
    from types import SimpleNamespace

    from wormhole._status import ConnectedPeer, ReconnectingPeer

    from wizard.net.internet import InternetJoin, Invitation, Phase, Servers
    servers = Servers(mailbox="ws://127.0.0.1:4000/v1")
    join = InternetJoin("7-guitarist-revenge", servers)
    seat = Invitation(2, b"{}", (LOOPBACK, 1), servers, threading.Event())
    with caplog.at_level(logging.INFO, logger="wizard.net.internet"):
        join._set(Phase.WAITING)
        join._dilation_status(SimpleNamespace(peer_connection=ConnectedPeer(1, 2, "relay")))
        join._dilation_status(SimpleNamespace(peer_connection=ReconnectingPeer(3)))
        seat._set(Phase.OFFLINE, servers.mailbox)
        seat._set(Phase.OFFLINE, servers.mailbox)                  # no news: not said again
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["internet join: waiting", "internet join: peer connected (relay)",
                     "internet join: peer connection ReconnectingPeer",
                     "internet seat 2: offline (ws://127.0.0.1:4000/v1)"]
    assert not any("guitarist" in line for line in lines)
