"""One process of the three-process network game (``test_net_processes.py``), on 127.0.0.1:

- ``host SEED``: the host with a person (deterministic choices) and a computer seat; prints
  ``{"port", "secret"}``, plays until the game ends, prints ``{"actions", "totals"}``, then serves
  on until a line comes on its standard input.
- ``join PORT SECRET SEAT NAME``: a joiner (``netplay.join``) driving its own ``Table`` over
  ``RemoteGame``; prints ``{"seat", "history", "totals", "over"}`` once its table has told the
  game's end.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from netplay import (  # noqa: E402
    JOINERS,
    LOOPBACK,
    SEATS,
    join,
    next_rounds,
    person_acts,
    say,
    table_for,
)

from wizard.engine import GameConfig  # noqa: E402
from wizard.net.host import NetHost  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402

LIMIT = 120.0


def host(seed: int) -> None:
    session = Session.new(GameConfig(4, seed=seed), [SEATS[0], SEATS[1], Seat.human("Seat 3"),
                                                     Seat.human("Seat 4")])
    h = NetHost(session, JOINERS, bind=LOOPBACK, port=0)
    h.open()
    say({"port": h.port, "secret": h.secret})
    bye = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), bye.set()), daemon=True).start()
    table = None
    end = time.monotonic() + LIMIT
    over = False
    while not over and time.monotonic() < end:
        h.pump()
        if table is None and len(h.tokens) == len(JOINERS):
            table = table_for(session, h.remote)      # every joiner is in: Start
        if table is not None:
            table.tick(0.05)
            over |= next_rounds(table)
            if not person_acts(table):
                h.wake.wait(0.002)
        else:
            h.wake.wait(0.01)
    say({"actions": [str(a) for a in session.record().actions], "totals": list(session.totals)})
    while not bye.wait(0.01):
        h.pump()
    h.close()


if __name__ == "__main__":
    if sys.argv[1] == "host":
        host(int(sys.argv[2]))
    else:
        join(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], LIMIT)
