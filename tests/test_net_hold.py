"""A resumed network table before its host presses Start (the lead's stop, defect 2): a joiner
back at its seat is told that the host has not started the game again, and cannot act; it used to
read the game's status ("Anna is bidding…") while the host was still on its waiting screen. The
host says so with a ``hold`` message; a joiner of the version before it (which does not know the
message) keeps playing. All on 127.0.0.1."""

from __future__ import annotations

import logging
import os
import time
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402

from wizard.engine import GameConfig, Phase  # noqa: E402
from wizard.net import wire  # noqa: E402
from wizard.net.client import RemoteGame  # noqa: E402
from wizard.net.codec import WireError  # noqa: E402
from wizard.net.host import NetHost  # noqa: E402
from wizard.net.keep import joiner_tokens, table_key  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.smoke_net import play_to  # noqa: E402

LOOPBACK = "127.0.0.1"
TOKEN = "kept-token-of-nuria"


until = partial(frames_until, limit=5.0, sleep=0.005)     # this file's waits: 5 s, 5 ms apart


def _mid_round(current: int) -> Session:
    """A 4-seat game (Anna at the host, Núria a joiner, two computers) played into round 2's
    bidding until ``current`` is to bid: where a saved network game is resumed."""
    seats = [Seat.human("Anna"), Seat.human("Núria"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    s = Session.new(GameConfig(4, seed=31), seats)
    s.start()
    return play_to(s, lambda s: s.round == 2 and s.phase is Phase.BID and s.current == current)


@pytest.mark.parametrize("current", [0, 1])
def test_a_joiner_back_at_a_resumed_table_waits_for_the_host_to_start(
        tmp_path: Path, current: int) -> None:
    from wizard.ui.scenes.net_host import NetHostScene, open_host
    from wizard.ui.scenes.net_table import HostTableScene, JoinerTableScene
    happ = net_app(tmp_path / "host")
    session = _mid_round(current)
    host = open_host(happ, session, [1], tokens={1: TOKEN})     # as resume_scene reopens it
    scene = happ.go("net_host_waiting", session=session, host=host)
    assert isinstance(scene, NetHostScene)
    app = net_app(tmp_path / "joiner")
    try:
        joiner_tokens(app.prefs.data_dir).put(table_key(LOOPBACK, host.port, host.secret), {
            "token": TOKEN, "name": "Núria", "at": time.time(), "playing": True,
            "internet": False})
        join = app.go("net_join", code=host.join_code(), name="Núria")
        join.join()
        until(lambda: isinstance(app.top, JoinerTableScene), app, happ)
        table = app.top
        assert isinstance(table, JoinerTableScene) and table.table.viewer == 1
        for _i in range(5):
            app.frame(0.0)
            happ.frame(0.0)
        # the host is still on its waiting screen: the joiner reads that, and nothing else
        waiting = "Waiting for the host to start the game again…"
        picture = table.picture()
        assert picture.prompt == waiting, picture.prompt
        assert table.waiting_for_start()
        assert not table.table.my_turn() and table.table.bid_options() == []
        moves = session.moves
        # the host starts: the game's own status comes back, and the joiner plays its turn
        until(lambda: scene.start_button.enabled, happ)
        scene.start()
        assert isinstance(happ.top, HostTableScene)
        until(lambda: not table.waiting_for_start(), app, happ)
        if current == 0:
            assert table.picture().prompt == "Anna is bidding…"
        else:
            until(lambda: bool(table.table.bid_options()), app, happ)
            assert table.picture().prompt.startswith("Núria, your bid")
            assert session.moves == moves
    finally:
        app.close_scenes()
        happ.close_scenes()


def test_the_hold_message_is_read_back_and_checked() -> None:
    assert wire.hold_of(wire.decode(wire.hold(True), wire.HOST_TYPES)) is True
    assert wire.hold_of(wire.decode(wire.hold(False), wire.HOST_TYPES)) is False
    for bad in (b'{"v":1,"type":"hold","hold":1}\n', b'{"v":1,"type":"hold"}\n',
                b'{"v":1,"type":"hold","hold":true,"x":2}\n'):
        with pytest.raises(WireError):
            wire.hold_of(wire.decode(bad, wire.HOST_TYPES))


def test_a_joiner_of_the_version_before_keeps_playing_at_a_held_table(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A joiner that does not know ``hold`` (the version before) logs the line it cannot read
    and keeps the table: welcomed, its view, and after Start it plays."""
    session = _mid_round(1)
    host = NetHost(session, [1], bind=LOOPBACK, port=0)
    host.hold = True
    host.open()
    monkeypatch.setattr(wire, "HOST_TYPES", ("welcome", "table", "state", "refused"))
    old = RemoteGame(LOOPBACK, host.port, host.secret, "Núria")
    try:
        with caplog.at_level(logging.ERROR, "wizard.net.client"):
            old.connect()
            until(lambda: (host.pump(), old.pump(), old.ready)[2])
            assert "unknown message type 'hold'" in caplog.text
        assert old.seat == 1 and not old.lost and old.refused is None
        host.hold = False
        until(lambda: (host.pump(), old.pump(), bool(old.legal_actions(1)))[2])
        moves = session.moves
        old.act(old.legal_actions(1)[0], 1)
        until(lambda: (host.pump(), old.pump(), session.moves > moves)[2])
    finally:
        old.close()
        host.close()


def test_a_joiner_hears_the_hold_and_its_end() -> None:
    """The host says it holds the table to a joiner that arrives, and to every joiner when it
    starts; a host of the version before never says it (the joiner is then never held)."""
    session = _mid_round(1)
    host = NetHost(session, [1], bind=LOOPBACK, port=0)
    host.hold = True
    host.open()
    r = RemoteGame(LOOPBACK, host.port, host.secret, "Núria")
    try:
        r.connect()
        until(lambda: (host.pump(), r.pump(), r.ready)[2])
        assert r.held is True and r.legal_actions(1) == []
        host.hold = False
        until(lambda: (host.pump(), r.pump(), not r.held)[2])
        assert r.legal_actions(1)
    finally:
        r.close()
        host.close()
    assert RemoteGame(LOOPBACK, 1, 1, "x").held is False
