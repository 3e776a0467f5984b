"""One process of the internet game across routers (``test_net_routers.py``):

- ``host SEED MAILBOX RELAY``: the host with a person and a computer seat and two network seats
  with internet codes; prints ``{"codes"}``, then ``{"round"}`` as each round begins, plays until
  the game ends, prints ``{"actions", "totals", "peers"}``, then serves on until a line comes on
  its standard input.
- ``join CODE NAME MAILBOX RELAY``: a joiner through a wormhole (``netplay.join`` over its
  bridge); prints ``netplay.join``'s result, then ``{"peer", "reconnects"}``.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from netplay import JOINERS, LOOPBACK, SEATS, join, next_rounds, person_acts, say, table_for  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net import joincode  # noqa: E402
from wizard.net.host import NetHost  # noqa: E402
from wizard.net.internet import InternetJoin, InternetTable, Phase, Servers  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402

LIMIT = 150.0


def host(seed: int, servers: Servers) -> None:
    session = Session.new(GameConfig(4, seed=seed), [SEATS[0], SEATS[1], Seat.human("Seat 3"),
                                                     Seat.human("Seat 4")])
    h = NetHost(session, JOINERS, bind=LOOPBACK, port=0)
    h.open()
    net = InternetTable(h, servers)
    net.open()
    end = time.monotonic() + 60
    while not all(net.code(s) for s in JOINERS) and time.monotonic() < end:
        net.wake.wait(0.05)
        net.pump()
    say({"codes": {s: net.code(s) for s in JOINERS},
         "why": {s: f"{net.phase(s).value} {net.invitations[s].why}" for s in JOINERS}})
    bye = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), bye.set()), daemon=True).start()
    table = None
    end = time.monotonic() + LIMIT
    over = False
    said = 0
    while not over and time.monotonic() < end:
        h.pump()
        net.pump()
        if table is None and len(h.tokens) == len(JOINERS):
            table = table_for(session, h.remote)
        if table is not None:
            if session.round != said:
                said = session.round
                say({"round": said})
            table.tick(0.05)
            over |= next_rounds(table)
            if not person_acts(table):
                h.wake.wait(0.002)
        else:
            h.wake.wait(0.01)
    say({"actions": [str(a) for a in session.record().actions], "totals": list(session.totals),
         "peers": {s: i.peer for s, i in net.invitations.items()}})
    while not bye.wait(0.01):
        h.pump()
    net.close()
    h.close()


def joiner(code: str, name: str, servers: Servers) -> None:
    w = InternetJoin(code, servers)
    w.open()
    end = time.monotonic() + 60
    while w.phase is not Phase.READY and time.monotonic() < end:
        w.wake.wait(0.05)
        w.wake.clear()
    if w.phase is not Phase.READY or w.port is None or w.seat is None:
        raise SystemExit(f"the wormhole did not reach the table: {w.phase} {w.why}")
    secret = joincode.decode(w.table_code or "").secret
    join(w.port, secret, w.seat, name, LIMIT)
    say({"peer": w.peer, "reconnects": w.reconnects})
    w.close()


if __name__ == "__main__":
    if sys.argv[1] == "host":
        host(int(sys.argv[2]), Servers(sys.argv[3], sys.argv[4]))
    else:
        joiner(sys.argv[2], sys.argv[3], Servers(sys.argv[4], sys.argv[5]))
