"""``python -m wizard.bench net``: a network table over loopback, timed.

A host (a person and a computer seat, its own thread, its ``Table``) and two joiners (each on its
own thread with its own ``Table`` over a ``RemoteGame``) play whole games on 127.0.0.1, every
person choosing at random among the legal actions. Each screen's thread waits on its ``wake``
event, or ticks every ``--frame`` seconds like a frame loop. The latency is the time from a card
played on one joiner (the intent submitted to its table) to the step showing on the other joiner
(its table's thread takes the host's line in) and on the host (the session applies it). Also:
messages and bytes sent by the host per game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from wizard.engine import (
    Bid,
    CardPlayed,
    ChooseTrump,
    Event,
    GameConfig,
    Play,
    PlayerView,
    card,
)
from wizard.session import Seat, Session
from wizard.table import (
    BidIntent,
    GameOver,
    NextRound,
    PlayIntent,
    RoundOver,
    Table,
    TrumpIntent,
)

from .client import RemoteGame
from .host import NetHost
from .wire import HOST_TYPES, decode

LOOPBACK = "127.0.0.1"


def _choose(view: PlayerView, rng: random.Random) -> object:
    action = rng.choice(sorted(view.legal, key=str))
    if isinstance(action, Bid):
        return BidIntent(action.n)
    if isinstance(action, ChooseTrump):
        return TrumpIntent(action.suit)
    assert isinstance(action, Play)
    return PlayIntent(action.card)


def _table(port: object, remote: frozenset[int]) -> Table:
    return Table(port, threaded=False, speed=0.0, ai_pause=0.0, trick_hold=0.0,  # type: ignore[arg-type]
                 last_trick_waits=False, auto_forced=False, remote=remote)


def _screen(table: Table, wake: threading.Event, pump: Callable[[], int], frame: float,
            rng: random.Random, played: Callable[[str], None] | None, done: threading.Event,
            stop: threading.Event) -> None:
    """One screen's loop: take the network's news, tick, let the person act."""
    while not stop.is_set():
        if frame > 0:
            time.sleep(frame)
        else:
            wake.wait(0.02)
        pump()
        table.tick(0.05)
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                table.submit(NextRound())
            elif isinstance(out, GameOver):
                done.set()
        seat = table.viewer
        if table.my_turn() and seat is not None and table.port.legal_actions(seat):
            intent = _choose(table.port.view(seat), rng)
            if played is not None and isinstance(intent, PlayIntent):
                played(f"{seat}:{table.round}:{intent.card.text}")
            table.submit(intent)  # type: ignore[arg-type]


@dataclass
class Figures:
    """One game's figures."""

    ok: bool
    seconds: float
    to_host: list[float]        # latencies (s) of a joiner's card to the host
    to_joiner: list[float]      # ... to the other joiner
    messages: int               # sent by the host
    bytes: int
    received: list[int]         # bytes each joiner received


def play_one(seed: int, frame: float) -> Figures:
    """One game; its latencies (seconds) and counts."""
    config = GameConfig(4, seed=seed)
    session = Session.new(config, [Seat.human("Host"), Seat.ai("Cy", "random"),
                                   Seat.human("Seat 3"), Seat.human("Seat 4")])
    host = NetHost(session, {2, 3}, bind=LOOPBACK, port=0)
    host.open()
    sent: dict[str, float] = {}
    to_host: list[float] = []
    to_joiner: list[float] = []
    lock = threading.Lock()

    def played(key: str) -> None:
        with lock:
            sent[key] = time.perf_counter()

    def arrived(key: str, into: list[float]) -> None:
        now = time.perf_counter()
        with lock:
            if key in sent:
                into.append(now - sent[key])

    def on_host(s: Session, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, CardPlayed) and e.seat in (2, 3):
                arrived(f"{e.seat}:{s.round}:{e.card.in_hand.text}", to_host)

    session.subscribe(on_host)
    stop = threading.Event()
    threads = []
    dones = []
    remotes = []
    for seat, name in ((2, "Ann"), (3, "Bo")):
        def tap(line: bytes, me: int = seat) -> None:
            m = decode(line, HOST_TYPES)
            if m["type"] != "state":
                return
            for e in m["events"]:
                if e["e"] == "played" and e["seat"] in (2, 3) and e["seat"] != me:
                    arrived(f"{e['seat']}:{m['view']['round']}:{card(e['card']).in_hand.text}",
                            to_joiner)

        remote = RemoteGame(LOOPBACK, host.port, host.secret, name, seat=seat, tap=tap)
        remote.connect()
        while not remote.ready:
            host.pump()
            remote.wake.wait(0.01)
            remote.pump()
        remotes.append(remote)
        done = threading.Event()
        dones.append(done)
        threads.append(threading.Thread(target=_screen, args=(
            _table(remote, remote.remote), remote.wake, remote.pump, frame,
            random.Random(seed * 10 + seat), played, done, stop)))
    start = time.perf_counter()
    host_table = _table(session, host.remote)
    host_done = threading.Event()
    threads.append(threading.Thread(target=_screen, args=(
        host_table, host.wake, host.pump, frame, random.Random(seed), None, host_done, stop)))
    for t in threads:
        t.start()
    ok = all(d.wait(120) for d in [host_done, *dones])
    seconds = time.perf_counter() - start
    stop.set()
    for t in threads:
        t.join()
    for remote in remotes:
        remote.close()
    host.close()
    return Figures(ok and session.finished, seconds, to_host, to_joiner, host.counts.messages,
                   host.counts.bytes, [r.received for r in remotes])


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="python -m wizard.bench net")
    parser.add_argument("what", nargs="?")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--frame", type=float, default=0.0,
                        help="seconds between a screen's frames (0: wake on news)")
    args, _rest = parser.parse_known_args(argv)
    results = [play_one(seed, args.frame) for seed in range(1, args.games + 1)]
    host = [x for r in results for x in r.to_host]
    joiner = [x for r in results for x in r.to_joiner]
    print(f"net: {args.games} games, 4 seats (host person + computer, 2 joiners), 127.0.0.1, "
          f"frame {'on news' if args.frame <= 0 else f'{args.frame * 1000:.1f} ms'}")
    print(f"all finished: {all(r.ok for r in results)}")
    print(f"card on a joiner -> host: p50 {_pct(host, 0.5):.2f} ms, p95 {_pct(host, 0.95):.2f} ms "
          f"({len(host)} cards)")
    print(f"card on a joiner -> other joiner: p50 {_pct(joiner, 0.5):.2f} ms, "
          f"p95 {_pct(joiner, 0.95):.2f} ms ({len(joiner)} cards)")
    msgs = statistics.mean(r.messages for r in results)
    size = statistics.mean(r.bytes for r in results)
    print(f"per game: {msgs:.0f} messages, {size / 1024:.0f} KiB sent by the host "
          f"({msgs / 2:.0f} messages, {size / 2048:.0f} KiB per joiner); "
          f"{statistics.mean(r.seconds for r in results):.2f} s a game")
    return 0 if all(r.ok for r in results) else 1
