"""``wizard --net-selftest host|join CODE --mailbox URL --relay URL``: a release check that the
internet table works in this build (#33): twisted, magic-wormhole, its crypto and Dilation frozen
inside the executable. Two processes of the same executable play one whole game over a wormhole
through the servers named (the check runs its own on 127.0.0.1; never a public one):

- ``host``: three seats (two computer players at the host, one network seat); prints
  ``{"code": ...}`` (the seat's internet code), plays ``ROUNDS`` rounds, waits at the last one's
  result until the joiner leaves, prints ``{"moves", "totals", "over"}``;
- ``join CODE``: the network seat, its person choosing among the legal actions by a fixed rule;
  prints ``{"seat", "moves", "totals", "relayed", "over"}`` at the same result, and leaves.

Both see the same moves and scores. Exit status 0 when the rounds were played within ``LIMIT``
seconds, 1 otherwise. (The relay only: no listening socket, nothing but 127.0.0.1.)
"""

from __future__ import annotations

import json
import random
import time

from wizard.engine import GameConfig
from wizard.session import Seat, Session
from wizard.table import GameOver, NextRound, RoundOver, Table, intent_for

from .client import RemoteGame
from .host import NetHost, SeatStatus
from .internet import LOOPBACK, InternetJoin, InternetTable, Phase, Servers
from .joincode import decode

LEAVE_S = 10.0   # how long the host waits for the joiner to leave once the game is over
LIMIT = 120.0
SEAT = 2
ROUNDS = 3


def quiet_table(port: object, remote: frozenset[int]) -> Table:
    """A table that plays at once: no pace, no animation, no forced move played for the person
    (the network's tests and bench drive it with intents)."""
    return Table(port, threaded=False, speed=0.0, ai_pause=0.0, trick_hold=0.0,  # type: ignore[arg-type]
                 last_trick_waits=False, auto_forced=False, remote=remote)


def _say(data: object) -> None:
    print(json.dumps(data), flush=True)


def _step(table: Table) -> bool:
    """One frame: the table ticks, rounds go on, the person acts; True at the result of round
    ``ROUNDS`` (which stays on)."""
    table.tick(0.05)
    over = False
    for out in table.take_outcomes():
        if isinstance(out, RoundOver) and out.result.round < ROUNDS:
            table.submit(NextRound())
        elif isinstance(out, RoundOver | GameOver):
            return True
    seat = table.viewer
    if table.my_turn() and seat is not None and table.port.legal_actions(seat):
        view = table.port.view(seat)
        choice = random.Random(f"{view.round}:{len(view.trick)}:{view.phase.value}").choice(
            sorted(view.legal, key=str))
        table.submit(intent_for(choice))  # type: ignore[arg-type]
    return over


def host(servers: Servers, seed: int = 33) -> int:
    session = Session.new(GameConfig(3, seed=seed), [Seat.ai("Cy", "easy"), Seat.ai("Di", "easy"),
                                                     Seat.human("Seat 3")])
    h = NetHost(session, [SEAT], bind=LOOPBACK, port=0)
    h.open()
    net = InternetTable(h, servers)
    net.open()
    end = time.monotonic() + LIMIT
    try:
        while net.code(SEAT) is None:
            if time.monotonic() > end:       # (offline is only said: it keeps trying)
                _say({"error": f"no code: {net.phase(SEAT).value} {servers.mailbox}"})
                return 1
            net.wake.wait(0.05)
            net.pump()
        _say({"code": net.code(SEAT)})
        table = None
        over = False
        while not over and time.monotonic() < end:
            h.pump()
            net.pump()
            if table is None and SEAT in h.tokens:
                table = quiet_table(session, h.remote)
            if table is not None:
                over = _step(table)
            h.wake.wait(0.005)
        totals = list(table.shown.totals) if table is not None else []
        leave = min(end, time.monotonic() + LEAVE_S)     # the joiner takes in the last step,
        while h.status(SEAT) is SeatStatus.PLAYING and time.monotonic() < leave:   # then
            h.wake.wait(0.05)           # leaves; a wormhole seat that went without a word is
                                        # held for its return (Dilation): not waited for
            h.pump()
        _say({"moves": session.moves, "totals": totals, "over": over})
        return 0 if over else 1
    finally:
        net.close()
        h.close()


def join(code: str, servers: Servers) -> int:
    w = InternetJoin(code, servers)
    w.open()
    end = time.monotonic() + LIMIT
    try:
        while w.phase is not Phase.READY:
            if time.monotonic() > end or w.phase in (Phase.WRONG_CODE, Phase.NO_TABLE,
                                                     Phase.FAILED, Phase.CLOSED):
                _say({"error": f"{w.phase.value} {w.why}"})
                return 1
            w.wake.wait(0.05)
            w.wake.clear()
        assert w.port is not None
        r = RemoteGame(LOOPBACK, w.port, decode(w.table_code or "").secret, "Joiner", seat=w.seat)
        r.connect()
        while not r.ready and not r.lost and time.monotonic() < end:
            r.wake.wait(0.01)
            r.pump()
        table = quiet_table(r, r.remote)
        over = False
        while not over and not r.lost and time.monotonic() < end:
            r.pump()
            over = _step(table)
            r.wake.wait(0.005)
        _say({"seat": r.seat, "moves": r.moves, "totals": list(table.shown.totals),
              "relayed": w.relayed, "over": over})
        r.close()
        return 0 if over else 1
    finally:
        w.close()


def run(argv: list[str], mailbox: str | None, relay: str | None) -> int:
    """``host`` or ``join CODE`` with the servers given (both are needed: no public server)."""
    if not mailbox or not relay:
        _say({"error": "--net-selftest needs --mailbox and --relay (servers of the check's own)"})
        return 2
    servers = Servers(mailbox, relay, direct=False)   # the relay only: 127.0.0.1, no listener
    if argv[:1] == ["host"]:
        return host(servers)
    if argv[:1] == ["join"] and len(argv) == 2:
        return join(argv[1], servers)
    _say({"error": "--net-selftest host | join CODE"})
    return 2
