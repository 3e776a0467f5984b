"""The internet table (#33): a host that goes without "Save and leave" is told to its joiners, and
a joiner that goes without a word is told to the host, through the tests' own mailbox server and
transit relay on 127.0.0.1.

A killed host leaves its joiner's Dilation subchannel open: Dilation keeps it for a reconnection
that never comes. When Dilation made the joiner its Follower it is not even told that the
connection died (it waits in silence for the Leader, which was the killed host), so the joiner
counts the host as lost from Dilation's keep-alive (``InternetJoin.unreachable_for``). Dilation's
keep-alive is made short here (``PING_S`` = 1 s: a dead link is seen within 3 s; the program's is
5 s: within 15 s), and so are the screens' limits."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import net_app  # noqa: E402
from wormholes import local_servers, loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net import internet, joincode  # noqa: E402
from wizard.net.client import RemoteGame  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import InternetJoin, Phase, Servers  # noqa: E402
from wizard.net.wire import Code  # noqa: E402

PING_S = 1.0
LOST_WITHIN = 3 * PING_S + 2.0     # three keep-alive intervals, and room for a loaded machine
CHILD = Path(__file__).parent / "net_wormhole_child.py"
LOOPBACK = "127.0.0.1"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


@pytest.fixture
def short_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(internet, "PING_S", PING_S)


def side(monkeypatch: pytest.MonkeyPatch, role: str) -> None:
    """The next wormholes made in this process get the lowest or highest side there is, so that
    Dilation makes them its Follower or its Leader (it compares the two sides)."""
    import wormhole.wormhole as ww
    monkeypatch.setattr(ww, "bytes_to_hexstr", lambda _b: "0" * 10 if role == "follower"
                        else "f" * 10)


class Host:
    """The host in a process of its own (``net_wormhole_child.py``)."""

    def __init__(self, servers: Servers) -> None:
        self.p = subprocess.Popen([sys.executable, str(CHILD), "host", servers.mailbox,
                                   servers.relay, str(PING_S)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.first = self.line()

    def line(self) -> Any:
        out = self.p.stdout.readline()  # type: ignore[union-attr]
        assert out, "the host process ended"
        return json.loads(out)

    def say(self, what: str) -> None:
        self.p.stdin.write(what + "\n")  # type: ignore[union-attr]
        self.p.stdin.flush()             # type: ignore[union-attr]

    def close(self) -> None:
        if self.p.poll() is None:
            os.kill(self.p.pid, signal.SIGCONT)
            self.p.kill()
        self.p.wait(10)


def until(cond: Callable[[], bool], limit: float, step: Callable[[], object] = lambda: None,
          ) -> float:
    """Seconds until ``cond()`` (AssertionError after ``limit``)."""
    start = time.monotonic()
    while not cond():
        assert time.monotonic() - start < limit, f"not within {limit} s"
        step()
        time.sleep(0.02)
    return time.monotonic() - start


def seated(host: Host, servers: Servers) -> tuple[InternetJoin, RemoteGame]:
    w = InternetJoin(host.first["code"], servers)
    w.open()
    until(lambda: w.phase is Phase.READY, 30)
    assert w.port is not None and w.table_code is not None
    r = RemoteGame(LOOPBACK, w.port, joincode.decode(w.table_code).secret, "Ann", seat=w.seat)
    r.connect()
    until(lambda: r.ready, 30, r.pump)
    assert host.line() == {"seated": 2}
    until(lambda: w.peer_up, 10)
    return w, r


@pytest.mark.parametrize("role", ["follower", "leader"])
def test_a_killed_host_is_lost_to_its_joiner_whatever_dilations_role(
        servers: Servers, short_pings: None, monkeypatch: pytest.MonkeyPatch, role: str) -> None:
    side(monkeypatch, role)
    host = Host(servers)
    w, r = seated(host, servers)
    try:
        assert w.unreachable_for() == 0
        os.kill(host.p.pid, signal.SIGKILL)              # a crash: no goodbye
        took = until(lambda: w.unreachable_for() > 0, LOST_WITHIN, r.pump)
        print(f"{role}: the host counted as lost {took:.2f} s after SIGKILL")
        assert not r.lost                # Dilation keeps the connection: only silence tells
        time.sleep(0.5)
        assert w.unreachable_for() >= 0.5                # and the silence is counted
    finally:
        r.close()
        w.close()
        host.close()


@pytest.mark.parametrize("role", ["follower", "leader"])
def test_a_frozen_host_is_lost_and_found_again_on_the_same_connection(
        servers: Servers, short_pings: None, monkeypatch: pytest.MonkeyPatch, role: str) -> None:
    side(monkeypatch, role)
    host = Host(servers)
    w, r = seated(host, servers)
    try:
        os.kill(host.p.pid, signal.SIGSTOP)     # its link is down (nothing comes, nothing ends)
        until(lambda: w.unreachable_for() > 0, LOST_WITHIN, r.pump)
        os.kill(host.p.pid, signal.SIGCONT)     # back within the limit: found again
        until(lambda: w.unreachable_for() == 0, 20, r.pump)
        before = r.received
        host.say("table")                       # the same connection carries the host's lines
        until(lambda: r.received > before, 10, r.pump)
        assert not r.lost
    finally:
        r.close()
        w.close()
        host.close()


def test_a_host_that_closes_its_table_is_said_at_once(servers: Servers, short_pings: None) -> None:
    host = Host(servers)
    w, r = seated(host, servers)
    try:
        host.say("quit")
        took = until(lambda: r.lost, 2.0, r.pump)
        print(f"closed: told in {took:.2f} s")
        assert r.refused is not None and r.refused.code is Code.CLOSED
    finally:
        r.close()
        w.close()
        host.close()


# ---- the screens ----------------------------------------------------------------------------

def frames(*apps: Any) -> Callable[[], None]:
    def step() -> None:
        for a in apps:
            a.frame(0.0)
    return step


def test_the_joiners_screen_says_the_host_is_gone_and_closes_that_when_it_is_back(
        servers: Servers, short_pings: None, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from wizard.ui import netui
    from wizard.ui.scenes.net_join import JoinScene, ReconnectScene
    from wizard.ui.scenes.net_table import JoinerTableScene
    monkeypatch.setattr(netui, "HOST_GONE_S", 2.5)
    side(monkeypatch, "follower")               # the case Dilation says nothing about
    host = Host(servers)
    app = net_app(tmp_path, servers)
    try:
        join = app.go("net_join", code=host.first["code"], name="Núria")
        join.join()
        step = frames(app)
        until(lambda: isinstance(app.top, JoinerTableScene), 30, step)
        table = app.top
        remote = table.remote_game
        # its link goes down for a while: said, and the screen closes by itself once it is back
        os.kill(host.p.pid, signal.SIGSTOP)
        took = until(lambda: isinstance(app.top, ReconnectScene), LOST_WITHIN + 2.5, step)
        overlay = app.top
        assert overlay.waiting and overlay.host_gone()
        assert {"Main menu", "Type the new code"} <= {getattr(b, "label", "")
                                                      for b in overlay.widgets}
        os.kill(host.p.pid, signal.SIGCONT)
        until(lambda: app.top is table, 20, step)
        assert table.remote_game is remote and not remote.lost and not table.reconnecting
        # then it is killed: said within the limit; a new code is asked for, the name kept
        os.kill(host.p.pid, signal.SIGKILL)
        took = until(lambda: isinstance(app.top, ReconnectScene), LOST_WITHIN + 2.5, step)
        print(f"the joiner's screen said the host is gone {took:.2f} s after SIGKILL")
        app.top.new_code()
        assert isinstance(app.top, JoinScene) and app.top.name == "Núria"
    finally:
        app.close_scenes()
        host.close()


def test_the_hosts_screen_waits_for_a_silent_internet_joiner_and_can_go_on(
        servers: Servers, short_pings: None, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from wizard.session import Seat, Session
    from wizard.ui import netui
    from wizard.ui.scenes.net_table import HostTableScene
    monkeypatch.setattr(netui, "JOINER_GONE_S", 2.5)
    app = net_app(tmp_path / "host", servers)
    seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    session = Session.new(GameConfig(4, seed=77), seats, on_save=app.prefs.save_game)
    scene = app.go("net_host_waiting", session=session, seats=[1])
    step = frames(app)
    until(lambda: scene.internet_code(1) is not None, 30, step)
    side(monkeypatch, "leader")                 # the host is the Follower: told nothing
    w = InternetJoin(scene.internet_code(1), servers)
    w.open()
    until(lambda: w.phase is Phase.READY, 30, step)
    r = RemoteGame(LOOPBACK, w.port, joincode.decode(w.table_code).secret, "Núria",  # type: ignore[arg-type]
                   seat=w.seat)
    r.connect()
    until(lambda: scene.host.status(1) is SeatStatus.PLAYING, 30, lambda: (step(), r.pump()))
    scene.start()
    table = app.top
    assert isinstance(table, HostTableScene)
    try:
        assert table.away() == []
        w.close()          # the joiner's program ends without a word: its wormhole is gone
        took = until(lambda: table.away() == [1], LOST_WITHIN + 2.5, step)
        print(f"the host's screen waits for the silent joiner {took:.2f} s after it left")
        lines: list[str] = []
        with monkeypatch.context() as m:
            m.setattr("wizard.ui.scenes.net_table.text.draw",
                      lambda _s, line, *a, **k: lines.append(line))
            app.draw()
        # "Waiting for" only while the table waits for that seat (a play-test: it was said on
        # the host's own turn); otherwise the seat is said to be gone
        assert ("Waiting for Núria (reconnecting…)" if table.table.acting_seat() == 1
                else "Núria: connection lost (reconnecting…)") in lines
        table.lend(1)                           # "Let the computer play": the host goes on
        until(lambda: scene.host.status(1) is SeatStatus.LENT and 1 not in table.table.remote,
              5, step)
        assert table.away() == []
    finally:
        r.close()
        app.close_scenes()
