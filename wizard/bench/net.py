"""``python -m wizard.bench net``: a network table over loopback, timed.

A host (a person and a computer seat, its own thread, its ``Table``) and two joiners (each on its
own thread with its own ``Table`` over a ``RemoteGame``) play whole games on 127.0.0.1, every
person choosing at random among the legal actions. Each screen's thread waits on its ``wake``
event, or ticks every ``--frame`` seconds like a frame loop. The latency is the time from a card
played on one joiner (the intent submitted to its table) to the step showing on the other joiner
(its table's thread takes the host's line in) and on the host (the session applies it). Also:
messages and bytes sent by the host per game, and the time the host's frames take (the work
between two waits). ``--hostile N`` plays each game again while a hostile client floods the host
(N illegal intents on the joiners' connections, a bad connection every 100 of them, slow partial
lines, 50 idle connections) and checks that the games are the same.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from wizard.engine import (
    Bid,
    CardPlayed,
    Event,
    GameConfig,
    PlayerView,
    card,
)
from wizard.net import hostile
from wizard.net.client import RemoteGame
from wizard.net.host import NetHost
from wizard.net.joincode import SECRET_BITS
from wizard.net.selftest import quiet_table
from wizard.net.wire import HOST_TYPES, MAX_LINE, act, decode
from wizard.session import Seat, Session
from wizard.table import (
    GameOver,
    NextRound,
    PlayIntent,
    RoundOver,
    Table,
    intent_for,
)

LOOPBACK = "127.0.0.1"


def _choose(view: PlayerView, seed: int) -> object:
    """A person's choice, fixed by ``seed`` and what the seat sees, so that an intent sent again
    (its first one refused while busy) is the same one and the same seed plays the same game."""
    key = (seed, view.seat, view.round, view.phase.value, len(view.tricks_played),
           len(view.trick), sum(view.bids_made))
    return intent_for(random.Random(str(key)).choice(sorted(view.legal, key=str)))


def _screen(table: Table, wake: threading.Event, pump: Callable[[], int], frame: float,
            seed: int, played: Callable[[str], None] | None, done: threading.Event,
            stop: threading.Event, frames: list[float] | None = None) -> None:
    """One screen's loop: take the network's news, tick, let the person act (``frames``: the
    time each frame's work took)."""
    while not stop.is_set():
        if frame > 0:
            time.sleep(frame)
        else:
            wake.wait(0.02)
        began = time.perf_counter()
        _frame(table, pump, seed, played, done)
        if frames is not None:
            frames.append(time.perf_counter() - began)


def _frame(table: Table, pump: Callable[[], int], seed: int,
           played: Callable[[str], None] | None, done: threading.Event) -> None:
    pump()
    table.tick(0.05)
    for out in table.take_outcomes():
        if isinstance(out, RoundOver):
            table.submit(NextRound())
        elif isinstance(out, GameOver):
            done.set()
    seat = table.viewer
    if table.my_turn() and seat is not None and table.port.legal_actions(seat):
        intent = _choose(table.port.view(seat), seed)
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
    actions: tuple[object, ...] = ()     # the game's actions, in order
    frames: list[float] = field(default_factory=list)   # the host's frames' work (s)
    refused: dict[str, int] = field(default_factory=dict)
    flood: dict[str, int] = field(default_factory=dict)


JUNK = [b"hello\n", b"\x00\xff\n", b"{}\n", b'{"v":2,"type":"hello"}\n', b"{" * 3000 + b"\n",
        b'{"v":1,"type":"act","seat":2,"action":"bid 1"}\n',
        b'{"v":1,"type":"hello","secret":1,"name":"x","seat":null,"token":null}\n',
        b"z" * (MAX_LINE + 10)]


def _flood(port: int, remotes: list[RemoteGame], count: int, stop: threading.Event,
           tally: dict[str, int]) -> None:
    """A hostile client: 50 idle connections, slow partial lines, a bad connection every 100
    messages, and ``count`` illegal intents (a bid of 20) sent on the joiners' connections when
    it is not their turn. Bounded: it stops after ``count`` or when told."""
    idle = [socket.create_connection((LOOPBACK, port), timeout=5) for _ in range(50)]
    slow = [socket.create_connection((LOOPBACK, port), timeout=5) for _ in range(5)]
    tally.update(idle=len(idle), slow=len(slow), bad=0, intents=0)
    try:
        for i in range(count):
            if stop.is_set():
                return
            if i % 100 == 0:
                with socket.create_connection((LOOPBACK, port), timeout=5) as sock:
                    sock.sendall(JUNK[(i // 100) % len(JUNK)])
                    try:
                        while sock.recv(65536):
                            pass
                    except OSError:
                        pass
                tally["bad"] += 1
                for k, sock in enumerate(slow):   # one more byte of a line that never ends
                    try:
                        sock.sendall(b"{\"v\":1,"[(i // 100 + k) % 7:][:1] or b" ")
                    except OSError:                # the host gave up on it (no hello in time)
                        pass
            r = remotes[i % len(remotes)]
            seat = r.seat
            view = r._view
            if seat is not None and view is not None and view.current_player != seat:
                r.send_line(act(seat, Bid(20)))
                tally["intents"] += 1
            if i % 500 == 0:
                time.sleep(0.001)
    finally:
        for sock in idle + slow:
            sock.close()


#: where a joiner of ``host``'s seat reaches it: (address, port, secret); by default the host's
#: own socket; the internet table's bench (``bench_wormhole``) goes through a wormhole
Reach = Callable[[NetHost, int, str], tuple[str, int, int]]


def play_one(seed: int, frame: float, hostile: int = 0, reach: Reach | None = None,
             joined: Callable[[int], None] | None = None) -> Figures:
    """One game; its latencies (seconds) and counts (``hostile``: that many illegal intents and
    the rest of the flood meanwhile; ``joined(seat)``: once that seat's joiner is welcomed)."""
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

        address, port, secret = (LOOPBACK, host.port, host.secret) if reach is None \
            else reach(host, seat, name)
        remote = RemoteGame(address, port, secret, name, seat=seat, tap=tap)
        remote.connect()
        while not remote.ready:
            host.pump()
            remote.wake.wait(0.01)
            remote.pump()
        if joined is not None:
            joined(seat)
        remotes.append(remote)
        done = threading.Event()
        dones.append(done)
        threads.append(threading.Thread(target=_screen, args=(
            quiet_table(remote, remote.remote), remote.wake, remote.pump, frame,
            seed, played, done, stop)))
    start = time.perf_counter()
    host_table = quiet_table(session, host.remote)
    host_done = threading.Event()
    frames: list[float] = []
    threads.append(threading.Thread(target=_screen, args=(
        host_table, host.wake, host.pump, frame, seed, None, host_done, stop,
        frames)))
    flood: dict[str, int] = {}
    if hostile:
        threads.append(threading.Thread(target=_flood, args=(host.port, remotes, hostile, stop,
                                                              flood)))
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
                   host.counts.bytes, [r.received for r in remotes], session.record().actions,
                   frames, dict(host.counts.refused), flood)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def hostile_figures(flood: int, junk_every: int, readers: int, guess: float) -> int:
    """The hostile client's figures (issue #33: N1, N2, N4); 0 if each is within its bound."""
    ok = True
    if flood:
        f = hostile.flood(flood, junk_every=junk_every)
        worst = max(f.rejoins, default=float("nan"))
        print(f"N1 flood: {f.thrown} connections in {f.seconds:.1f} s "
              f"({f.thrown / max(f.seconds, 1e-9):.0f}/s, every {junk_every} saying something, "
              f"{f.errors} not made); {len(f.rejoins)} rejoins by token: "
              f"p50 {statistics.median(f.rejoins) * 1000 if f.rejoins else float('nan'):.1f} ms, "
              f"max {worst * 1000:.1f} ms; {f.failed} failed; a newcomer with the code seated in "
              f"{(f.newcomer or float('nan')) * 1000:.1f} ms; strangers refused in the last "
              f"minute: {f.strangers}; the host's network thread: {f.host_cpu:.1f} s CPU "
              f"({f.host_cpu / max(f.thrown, 1) * 1e6:.0f} µs a connection)")
        ok &= f.failed == 0 and bool(f.rejoins) and worst <= 2.0 and f.newcomer is not None
    if readers:
        r = hostile.nonreaders(readers)
        grew = (r.rss_after - r.rss_before) / 2 ** 20
        print(f"N2 non-reading joiners: {r.count} (each {r.intents // r.count} intents, never "
              f"reading): host RSS {r.rss_before / 2 ** 20:.1f} -> {r.rss_after / 2 ** 20:.1f} MiB "
              f"(+{grew:.1f}), open files {r.files_before} -> {r.files_after}, connections the "
              f"host holds: {r.host_connections}")
        ok &= grew <= 10 and r.host_connections <= 2
    if guess:
        rate, n = hostile.guess_rate(guess)
        codes = 2 ** SECRET_BITS
        years = codes / 2 / rate / (365.25 * 24 * 3600)
        print(f"N4 guessing: {n} wrong secrets answered in {guess:.0f} s: {rate:.0f}/s; a "
              f"{SECRET_BITS}-bit secret: {codes / 2:.3g} guesses expected, {years:.3g} years")
        ok &= years > 1
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="python -m wizard.bench net")
    parser.add_argument("what", nargs="?")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--frame", type=float, default=0.0,
                        help="seconds between a screen's frames (0: wake on news)")
    parser.add_argument("--hostile", type=int, default=0,
                        help="also play each game again under a hostile client's flood of this "
                             "many illegal intents (and bad, slow and idle connections)")
    parser.add_argument("--wormhole", action="store_true",
                        help="the joiners over magic-wormhole, through a mailbox server and a "
                             "transit relay of the bench's own on 127.0.0.1 (the relay only; "
                             "wizard.bench.net_wormhole)")
    parser.add_argument("--flood", type=int, default=0,
                        help="N1: throw this many connections at a table while a joiner drops "
                             "and rejoins every second (and a newcomer joins)")
    parser.add_argument("--junk-every", type=int, default=7,
                        help="with --flood: every this many connections says something (1: all)")
    parser.add_argument("--nonreaders", type=int, default=0,
                        help="N2: this many joiners with the code that never read")
    parser.add_argument("--guess", type=float, default=0.0,
                        help="N4: guess secrets for this many seconds and say how long finding "
                             "one would take")
    args, _rest = parser.parse_known_args(argv)
    if args.flood or args.nonreaders or args.guess:
        return hostile_figures(args.flood, args.junk_every, args.nonreaders, args.guess)
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
    calm = [x for r in results for x in r.frames]
    print(f"host frame work: p50 {_pct(calm, 0.5):.2f} ms, p99 {_pct(calm, 0.99):.2f} ms, "
          f"max {max(calm) * 1000:.2f} ms ({len(calm)} frames)")
    if not args.hostile:
        return 0 if all(r.ok for r in results) else 1
    rough = [play_one(seed, args.frame, args.hostile) for seed in range(1, args.games + 1)]
    frames = [x for r in rough for x in r.frames]
    same = all(a.actions == b.actions for a, b in zip(results, rough, strict=True))
    print(f"under a hostile client: all finished {all(r.ok for r in rough)}, the same games as "
          f"without it: {same}")
    print(f"  host frame work: p50 {_pct(frames, 0.5):.2f} ms, p99 {_pct(frames, 0.99):.2f} ms, "
          f"max {max(frames) * 1000:.2f} ms ({len(frames)} frames)")
    for r in rough:
        print(f"  flood {r.flood}; the host refused {sum(r.refused.values())}: {r.refused}")
    return 0 if all(r.ok for r in results + rough) and same else 1
