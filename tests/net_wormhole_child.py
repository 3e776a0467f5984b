"""The host of an internet table in a process of its own (``test_net_host_gone.py``, #33), on
127.0.0.1 only: ``host MAILBOX RELAY PING_S [DIRECT]`` opens a ``NetHost`` for seats 2 and 3 with
an ``InternetTable`` through the given mailbox server and relay (Dilation's keep-alive every
``PING_S`` seconds), prints ``{"code": <seat 2's internet code>, "port", "secret"}``, pumps the
host until seat 2 is played, prints ``{"seated": 2}``, and then serves on; a line on its standard
input: ``quit`` closes the table as the host's screen does ("Save and leave", the window's
close, then the program ends at once); ``table`` sends the joiners the seats again (a line that shows the connection is alive). The test kills it with SIGKILL for a crash.

``joiner DATA MAILBOX RELAY PING CODE`` is a joiner's program (headless screens, data folder
DATA): Join a table with CODE as "Núria"; once its seat is dealt a hand, prints ``{"seat",
"hand"}`` and plays on without acting (the test kills it mid-round: its seat token stays kept in
DATA, as a crashed program leaves it)."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from netplay import NetGame, say  # noqa: E402
from wormholes import loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net import internet  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import InternetTable, Servers  # noqa: E402


def host(mailbox: str, relay: str, ping: float, direct: bool) -> None:
    internet.PING_S = ping
    game = NetGame.open(GameConfig(4, seed=4242))
    net = InternetTable(game.host, Servers(mailbox, relay, direct=direct))
    net.open()
    end = time.monotonic() + 30
    while net.code(2) is None:
        assert time.monotonic() < end, "no code"
        net.wake.wait(0.05)
        net.wake.clear()
    say({"code": net.code(2), "port": game.host.port, "secret": game.host.secret})
    quit_, table = threading.Event(), threading.Event()

    def read() -> None:
        for line in sys.stdin:
            if line.strip() == "quit":
                quit_.set()
                return
            if line.strip() == "table":
                table.set()
    threading.Thread(target=read, daemon=True).start()
    seated = False
    while not quit_.is_set():
        game.host.pump()
        if table.is_set():
            table.clear()
            game.host._send_table()
        if not seated and game.host.status(2) is SeatStatus.PLAYING:
            seated = True
            say({"seated": 2})
        game.host.wake.wait(0.05)
    game.host.close()                  # as the host's screen closes its table: the joiners are
    net.close()                        # told, then the wormholes close
    say({"closed": True})
    os._exit(0)                        # and the program ends at once (the window was closed)


def joiner(data: str, mailbox: str, relay: str, ping: float, code: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    internet.PING_S = ping
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.net_table import JoinerTableScene
    app = make_app(Prefs(Path(data)), size=(1280, 800), headless=True, threaded=False,
                   speed="off", lang="en")
    app.net_mailbox, app.net_relay = mailbox, relay
    app.go("net_join", code=code, name="Núria").join()
    said = False
    end = time.monotonic() + 60
    while time.monotonic() < end:
        app.frame(0.0)
        top = app.top
        if not said and isinstance(top, JoinerTableScene):
            r = top.remote_game
            hand = r.view(r.seat).hand
            if hand:
                say({"seat": r.seat, "hand": [str(c) for c in hand]})
                said = True
        time.sleep(0.01)


if __name__ == "__main__":
    if sys.argv[1] == "joiner":
        with loopback_only():
            joiner(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]), sys.argv[6])
    elif sys.argv[1] == "host":
        with loopback_only():
            host(sys.argv[2], sys.argv[3], float(sys.argv[4]),
                 len(sys.argv) < 6 or sys.argv[5] != "relay")
