"""Helpers of the network table's tests and bench: a host and joiners in one process, on
127.0.0.1 only, driven by the same deterministic decisions as a game played in one process."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from wizard.engine import Action, GameConfig, PlayerView
from wizard.net.client import RemoteGame
from wizard.net.host import NetHost
from wizard.net.selftest import quiet_table
from wizard.session import Seat, Session
from wizard.table import (
    Accepted,
    GameOver,
    NextRound,
    RoundOver,
    Table,
    intent_for,
    play_out,
)

LOOPBACK = "127.0.0.1"


def choose(view: PlayerView) -> Action:
    """A person's decision, fixed by what the seat sees (the same in one process and over the
    network)."""
    key = (view.seat, view.round, view.phase.value, len(view.tricks_played), len(view.trick),
           sum(view.bids_made))
    return random.Random(str(key)).choice(sorted(view.legal, key=str))


intent_of = intent_for
table_for = quiet_table


def person_acts(table: Table) -> bool:
    """The person at ``table`` acts if it is their turn; True if they did."""
    if not table.my_turn() or table.viewer is None:
        return False
    if not table.port.legal_actions(table.viewer):
        return False                     # an intent is on its way to the host
    out = table.submit(intent_of(choose(table.port.view(table.viewer))))  # type: ignore[arg-type]
    assert isinstance(out, Accepted), out
    return True


def next_rounds(table: Table) -> bool:
    """Close each round's result; True once the game's end is told."""
    over = False
    for out in table.take_outcomes():
        if isinstance(out, RoundOver):
            table.submit(NextRound())
        elif isinstance(out, GameOver):
            over = True
    return over


SEATS = [Seat.human("Hanna"), Seat.ai("Cy", "random"), Seat.human("Ann"), Seat.human("Bo")]
JOINERS = {2: "Ann", 3: "Bo"}


def reference(config: GameConfig) -> Session:
    """The same game played in one process."""
    s = Session.new(config, SEATS)
    play_out(s, human=choose)
    return s


@dataclass
class Joiner:
    remote: RemoteGame
    table: Table | None = None
    lines: list[bytes] = field(default_factory=list)
    over: bool = False
    acts: bool = True            # its person acts when it is their turn


@dataclass
class NetGame:
    """A host with a person and a computer seat, and joiners, in one process."""

    config: GameConfig
    session: Session
    host: NetHost
    joiners: dict[int, Joiner]
    table: Table | None = None
    over: bool = False
    snapshots: dict[tuple[int, int, str], Session] = field(default_factory=dict)
    watch: Callable[[], object] | None = None    # called after the joiners' news, before they act

    @staticmethod
    def open(config: GameConfig) -> NetGame:
        session = Session.new(config, [SEATS[0], SEATS[1], Seat.human("Seat 3"),
                                       Seat.human("Seat 4")])
        host = NetHost(session, JOINERS, bind=LOOPBACK, port=0)
        host.open()
        return NetGame(config, session, host, {})

    def join(self, seat: int, name: str, token: str | None = None) -> Joiner:
        j = Joiner(RemoteGame(LOOPBACK, self.host.port, self.host.secret, name,
                              seat=None if token else seat, token=token))
        j.remote.tap = j.lines.append
        j.remote.connect()
        self.joiners[seat] = j
        self.until(lambda: j.remote.ready)
        j.table = table_for(j.remote, j.remote.remote)
        return j

    def start(self) -> None:
        self.table = table_for(self.session, self.host.remote)

    def step(self) -> bool:
        """One frame of every screen; True if anybody did anything."""
        busy = self.host.pump() > 0
        if self.table is not None:
            self.table.remote = self.host.remote   # a seat lent to the computer, or given back
            self.table.tick(0.05)
            self.over |= next_rounds(self.table)
            busy |= person_acts(self.table)
        for j in self.joiners.values():
            busy |= j.remote.pump() > 0
            if self.watch is not None:
                self.watch()
            if j.table is not None and not j.remote.lost:
                j.table.tick(0.05)
                j.over |= next_rounds(j.table)
                busy |= j.acts and person_acts(j.table)
        return busy

    def until(self, done: object, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():  # type: ignore[operator]
            if time.monotonic() > deadline:
                raise AssertionError("the network game got stuck")
            if not self.step():
                self.host.wake.wait(0.002)

    def close(self) -> None:
        for j in self.joiners.values():
            if j.table is not None:
                j.table.close()
            j.remote.close()
        if self.table is not None:
            self.table.close()
        self.host.close()


# ---- a joiner process (the process tests' children) ---------------------------------------

def say(data: object) -> None:
    """One JSON line on standard output (what a child process tells its test)."""
    print(json.dumps(data), flush=True)


def _rejoin(port: int, secret: int, name: str, token: str, end: float) -> RemoteGame:
    """Try again with the seat token until the host gives the seat back (the reconnect overlay)."""
    while time.monotonic() < end:
        r = RemoteGame(LOOPBACK, port, secret, name, token=token)
        try:
            r.connect(timeout=1.5)
        except OSError:
            time.sleep(0.1)          # nobody listens yet: the host is starting again
            continue
        until = time.monotonic() + 5.0
        while not r.ready and not r.lost and time.monotonic() < until:
            r.wake.wait(0.01)
            r.pump()
        if r.ready:
            return r
        r.close()
        time.sleep(0.1)
    raise SystemExit("the seat never came back")


def join(port: int, secret: int, seat: int, name: str, limit: float) -> None:
    """A joiner process (``net_proc_child.py``, ``net_crash_child.py``): drives its own ``Table``
    over ``RemoteGame`` with the choices of ``choose``; when the connection is lost it tries again
    with its seat token (as the reconnect overlay does). Prints ``{"lost", "back", "seat",
    "history", "totals", "over"}`` at the end."""
    r = RemoteGame(LOOPBACK, port, secret, name, seat=seat)
    r.connect()
    end = time.monotonic() + limit
    while not r.ready and time.monotonic() < end:
        r.wake.wait(0.01)
        r.pump()
    table = table_for(r, r.remote)
    over = False
    lost: list[dict[str, object]] = []
    back: list[dict[str, object]] = []
    while not over and time.monotonic() < end:
        r.pump()
        if r.lost:
            assert r.seat is not None and r.token is not None
            lost.append({"moves": r.moves, "hand": str(r.view(r.seat).hand)})
            table.close()
            r.close()
            r = _rejoin(port, secret, name, r.token, end)
            back.append({"seat": r.seat, "moves": r.moves, "hand": str(r.view(r.seat).hand)})
            table = table_for(r, r.remote)
            continue
        table.tick(0.05)
        over |= next_rounds(table)
        if not person_acts(table):
            r.wake.wait(0.002)
    say({"lost": lost, "back": back, "seat": r.seat, "history": str(r.view(seat).history),
         "totals": list(table.shown.totals), "over": over})
    table.close()
    r.close()
