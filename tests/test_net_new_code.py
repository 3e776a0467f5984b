"""The internet table (#33): a joiner whose program crashed gets back into the running game by a
new code for its seat, given on the host's table screen ("New code"); after the restart, "Back to
the table" asks for that code, and the seat token kept on the joiner's computer gives the same
seat and hand back. Someone else who types the new code gets no seat by it. The tests' own
mailbox server and relay on 127.0.0.1; the joiner is a program of its own, killed mid-round."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402
from netplay import person_acts  # noqa: E402
from wormholes import local_servers, loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net import internet  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import Servers  # noqa: E402

PING_S = 1.0
CHILD = Path(__file__).parent / "net_wormhole_child.py"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


def lines_of(p: subprocess.Popen) -> queue.Queue:
    q: queue.Queue = queue.Queue()

    def read() -> None:
        for line in p.stdout:  # type: ignore[union-attr]
            if line.startswith("{"):           # (pygame says hello first)
                q.put(json.loads(line))
    threading.Thread(target=read, daemon=True).start()
    return q


def drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the table screen draws over the table (its banners)."""
    lines: list[str] = []
    with monkeypatch.context() as m:
        m.setattr("wizard.ui.scenes.net_table.text.draw",
                  lambda _s, line, *a, **k: (lines.append(line), __import__("pygame").Rect(
                      0, 0, 1, 1))[1])
        app.dirty = True
        app.draw()
    return lines


def test_a_crashed_joiner_comes_back_by_a_new_code_to_its_seat_and_hand(
        servers: Servers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from wizard.session import Seat, Session
    from wizard.ui import netui
    from wizard.ui.scenes.menu import MenuScene
    from wizard.ui.scenes.net_join import JoinScene
    from wizard.ui.scenes.net_table import HostTableScene, JoinerTableScene
    monkeypatch.setattr(internet, "PING_S", PING_S)
    monkeypatch.setattr(netui, "JOINER_GONE_S", 2.5)
    copied: list[str] = []
    monkeypatch.setattr("wizard.ui.scenes.net_table.copy_to_clipboard", copied.append)
    host_app = net_app(tmp_path / "host", servers)
    seats = [Seat.ai("Merlin", "easy"), Seat.human("Seat 2"), Seat.ai("Morgana", "easy"),
             Seat.ai("Viviane", "easy")]
    session = Session.new(GameConfig(4, seed=77), seats, on_save=host_app.prefs.save_game)
    scene = host_app.go("net_host_waiting", session=session, seats=[1])
    frames_until(lambda: scene.internet_code(1) is not None, host_app, limit=30)
    data = tmp_path / "joiner"
    child = subprocess.Popen([sys.executable, str(CHILD), "joiner", str(data), servers.mailbox,
                              servers.relay, str(PING_S), scene.internet_code(1)],
                             stdout=subprocess.PIPE, text=True)
    others: list[Any] = []
    try:
        out = lines_of(child)
        frames_until(lambda: scene.host.status(1) is SeatStatus.PLAYING, host_app, limit=30)
        scene.start()
        table = host_app.top
        assert isinstance(table, HostTableScene)
        frames_until(lambda: not out.empty(), host_app, limit=30)
        first = out.get()
        assert first["seat"] == 1 and first["hand"]
        # the joiner's program crashes mid-round: the host waits for it, and offers a new code
        os.kill(child.pid, signal.SIGKILL)
        child.wait(5)
        moves = session.moves
        took = frames_until(lambda: table.away() == [1], host_app, limit=3 * PING_S + 5)
        print(f"the host waits for the crashed joiner {took:.2f} s after SIGKILL")
        lines = drawn(host_app, monkeypatch)
        assert "Waiting for Núria (reconnecting…)" in lines
        assert [(b.label, s) for b, s in table.code_buttons] == [("New code", 1)]
        table.new_code(1)
        net = netui.table_of(scene.host)
        frames_until(lambda: net.code(1) is not None, host_app, limit=30)
        code = net.code(1)
        assert f"Internet code: {code}" in drawn(host_app, monkeypatch)
        [(copy, seat)] = table.copy_buttons
        table.copy_code(seat)                          # one click copies it
        assert copied == [code]
        # someone else types it: refused, no seat and no hand
        stranger = net_app(tmp_path / "stranger", servers)
        others.append(stranger)
        join = stranger.go("net_join", code=code, name="Eve")
        join.join()
        frames_until(lambda: join.error == "That seat is taken.", host_app, stranger, limit=30)
        assert isinstance(stranger.top, JoinScene) and table.away() == [1]
        assert session.seats[1].name == "Núria"
        # the host gives another new code (the stranger spent that one)
        table.new_code(1)
        frames_until(lambda: net.code(1) not in (None, code), host_app, limit=30)
        code = net.code(1)
        # the joiner restarts: "Back to the table" asks for the new code, the name kept
        again = net_app(data, servers)
        others.append(again)
        menu = again.go("menu")
        assert isinstance(menu, MenuScene) and menu.rejoin is not None
        menu.back_to_table()
        join = again.top
        assert isinstance(join, JoinScene) and join.rejoin and join.code == "" \
            and join.name == "Núria" and join.remote is None and join.wormhole is None
        join.code = code
        join.join()
        frames_until(lambda: isinstance(again.top, JoinerTableScene), host_app, again, limit=30)
        back = again.top
        r = back.remote_game
        frames_until(lambda: r.view(r.seat).hand, host_app, again, limit=10)
        assert r.seat == 1
        assert [str(c) for c in r.view(1).hand] == first["hand"]
        frames_until(lambda: table.away() == [] and not table.renewed, host_app, again, limit=10)
        assert session.moves == moves             # nobody played the seat meanwhile
        # and the game goes on: the joiner's move reaches the host
        frames_until(lambda: back.table.my_turn() and bool(back.table.port.legal_actions(1)),
                     host_app, again, limit=10)
        assert person_acts(back.table)
        frames_until(lambda: session.moves > moves, host_app, again, limit=10)
    finally:
        if child.poll() is None:
            child.kill()
        for a in others:
            a.close_scenes()
        host_app.close_scenes()
