"""The project's own hostile client (issue #33, N1, N2, N4): what an outside tester threw at the
local table, on 127.0.0.1 only, bounded in count and time. ``python -m wizard.bench net --flood N
| --nonreaders N | --guess SECONDS`` prints the figures; the tests run smaller versions.

- ``flood``: ``total`` connections thrown at the host as fast as one thread can (each closed
  with a reset, up to ``hold`` kept open at once, some sending junk or half a line), while a
  joiner drops and rejoins its seat with its token, and a newcomer with the code takes a seat:
  the time each took.
- ``nonreaders``: ``count`` joiners with the right code and the seat's token that send intents
  and never read what the host answers; the host's resident memory and open files before and
  after.
- ``guess_rate``: wrong secrets a second, on ``parallel`` connections at once.
"""

from __future__ import annotations

import contextlib
import errno
import multiprocessing
import os
import random
import selectors
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from wizard import background
from wizard.engine import GameConfig, bid
from wizard.session import Seat, Session

from . import wire
from .client import RemoteGame
from .host import NetHost

LOOPBACK = "127.0.0.1"
CHURN = 256                    # flood connections open at once beyond the ones kept open
JUNK = (b"hello\n", b"{}\n", b'{"v":1,"type":"act","seat":2,"action":"bid 1"}\n', b'{"v":1,')


def rss_bytes() -> int:
    """This process's resident memory (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def open_files() -> int:
    """This process's open file descriptors (Linux; 0 elsewhere)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


@contextlib.contextmanager
def served(seed: int = 5, **kwargs: object) -> Iterator[NetHost]:
    """A started game of four (the host's person, a computer, two joiners' seats) served on
    127.0.0.1, its ``pump`` called on a thread of its own while open."""
    session = Session.new(GameConfig(4, seed=seed), [
        Seat.human("Host"), Seat.ai("Cy", "random"), Seat.human("Seat 3"), Seat.human("Seat 4")])
    host = NetHost(session, {2, 3}, bind=LOOPBACK, port=0, **kwargs)  # type: ignore[arg-type]
    host.open()
    session.start()
    stop = threading.Event()

    def pump() -> None:
        while not stop.is_set():
            host.wake.wait(0.05)
            host.pump()

    thread = background.start(pump, "hostile-host-pump")
    try:
        yield host
    finally:
        stop.set()
        thread.join()
        host.close()


def join(host: NetHost, name: str, *, seat: int | None = None, token: str | None = None,
         limit: float = 10.0) -> tuple[RemoteGame | None, float]:
    """A joiner's connection made and welcomed: (it, seconds), or (None, seconds) if refused
    or not welcomed within ``limit`` (it tries again at once when the host refused it)."""
    began = time.perf_counter()
    while time.perf_counter() - began < limit:
        remote = RemoteGame(LOOPBACK, host.port, host.secret, name, seat=seat, token=token)
        try:
            remote.connect(timeout=limit)
        except OSError:
            continue
        while time.perf_counter() - began < limit:
            remote.wake.wait(0.01)
            remote.pump()
            if remote.ready:
                return remote, time.perf_counter() - began
            if remote.lost:
                break
        remote.close()
    return None, time.perf_counter() - began


@dataclass
class FloodFigures:
    """What ``flood`` measured."""

    thrown: int = 0               # connections made
    errors: int = 0               # connections this side could not make (ports, files)
    seconds: float = 0.0
    rejoins: list[float] = field(default_factory=list)     # a dropped joiner back (s)
    failed: int = 0               # rejoins or joins that did not get through in 10 s
    newcomer: float | None = None  # a newcomer with the code seated (s)
    strangers: int = 0            # the host's count of strangers refused, at the end
    host_cpu: float = 0.0         # CPU seconds of the host's network thread meanwhile


def _throw(port: int, total: int, hold: int, junk_every: int, pipe: Connection) -> None:
    """``total`` connections as fast as one process can: the first ``hold`` kept open to the end
    (they take whatever room the host has for strangers), each later one closed with a reset
    once CHURN newer ones are made (no lingering on either side); every ``junk_every``-th says
    junk or half a line (1: every one). Sends (thrown, errors, seconds) down ``pipe``; stops
    early when told."""
    out = FloodFigures()
    kept: list[socket.socket] = []
    held: deque[socket.socket] = deque()
    linger = struct.pack("ii", 1, 0)
    began = time.perf_counter()
    try:
        for i in range(total):
            if i % 256 == 0 and pipe.poll():
                break
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
            sock.setblocking(False)
            err = sock.connect_ex((LOOPBACK, port))
            if err not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK):
                sock.close()
                out.errors += 1
                time.sleep(0.001)
                continue
            if i % junk_every == 0:
                with contextlib.suppress(OSError):
                    sock.send(JUNK[(i // junk_every) % len(JUNK)])
            (kept if len(kept) < hold else held).append(sock)
            out.thrown += 1
            while len(held) > CHURN:
                held.popleft().close()
    finally:
        out.seconds = time.perf_counter() - began
        for sock in kept + list(held):
            sock.close()
        pipe.send((out.thrown, out.errors, out.seconds))


def flood(total: int = 200_000, hold: int = 1_000, rejoin_every: float = 1.0,
          junk_every: int = 7) -> FloodFigures:
    """Throw ``total`` connections at a served table; meanwhile a joiner drops and rejoins with
    its token every ``rejoin_every`` seconds, and once a newcomer with the code takes a seat."""
    out = FloodFigures()
    with served() as host:
        ann, _t = join(host, "Ann", seat=2)
        assert ann is not None, "the joiner could not join before the flood"
        mine, theirs = multiprocessing.get_context("spawn").Pipe()
        thrower = multiprocessing.get_context("spawn").Process(     # its own process, as from
            target=_throw, args=(host.port, total, hold, junk_every, theirs),  # another program
            name="hostile-flood")
        cpu = host.cpu_seconds()
        thrower.start()
        newcomer_done = False
        try:
            while thrower.is_alive():
                time.sleep(rejoin_every)
                if not thrower.is_alive():
                    break
                token = ann.token
                ann.drop()
                back, took = join(host, "Ann", token=token)
                if back is None:
                    out.failed += 1
                    back, _t = join(host, "Ann", token=token, limit=60)
                    assert back is not None, "the joiner never got back"
                else:
                    out.rejoins.append(took)
                ann = back
                if not newcomer_done:
                    bo, took = join(host, "Bo", seat=3)
                    newcomer_done = True
                    if bo is None:
                        out.failed += 1
                    else:
                        out.newcomer = took
                        bo.close()
        finally:
            mine.send("stop")
            thrower.join()
            if mine.poll(5):
                out.thrown, out.errors, out.seconds = mine.recv()
            out.strangers = host.strangers()
            out.host_cpu = host.cpu_seconds() - cpu
            ann.close()
    return out


@dataclass
class ReaderFigures:
    """What ``nonreaders`` measured."""

    count: int
    rss_before: int
    rss_after: int
    files_before: int
    files_after: int
    host_connections: int          # connections the host still holds at the end
    intents: int                   # intents sent without reading an answer


def nonreaders(count: int = 75, intents: int = 20_000) -> ReaderFigures:
    """``count`` joiners, one after another on the same seat with its token (each pushes the one
    before out), each sending ``intents`` intents and never reading; the host's memory and files
    before and after (this process: the host and the hostile client; the client holds nothing
    but its sockets, whose buffers are the system's)."""
    with served() as host:
        line = wire.act(2, bid(20))
        time.sleep(0.2)
        before, files = rss_bytes(), open_files()
        socks: list[socket.socket] = []
        token: str | None = None
        sent = 0
        for i in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)    # fills at once
            sock.connect((LOOPBACK, host.port))
            sock.sendall(wire.hello(wire.Hello(host.secret, f"Mute {i}", 2 if token is None
                                               else None, token)))
            if token is None:                    # the first one reads its welcome, for the token
                buf = b""
                while b"\n" not in buf:
                    buf += sock.recv(4096)
                token = wire.welcome_of(wire.decode(buf.split(b"\n")[0], wire.HOST_TYPES)).token
            sock.settimeout(2.0)
            burst = line * 500
            try:
                for _ in range(intents // 500):
                    sock.sendall(burst)
                    sent += 500
            except OSError:                      # the host gave up on it: as it should
                pass
            socks.append(sock)
        time.sleep(1.5)                           # the host's second before an abort
        after, files_after = rss_bytes(), open_files()
        held = len(host._all)
        for sock in socks:
            sock.close()
    return ReaderFigures(count, before, after, files, files_after - len(socks), held, sent)


def guess_rate(seconds: float = 5.0, parallel: int = 64) -> tuple[float, int]:
    """Wrong secrets a second that one client gets answered, ``parallel`` connections at once
    (each: connect, hello with a random wrong secret, read the refusal): (rate, guesses)."""
    rng = random.Random(7)
    with served() as host:
        sel = selectors.DefaultSelector()
        done = 0
        end = time.perf_counter() + seconds

        def knock() -> None:
            sock = socket.create_connection((LOOPBACK, host.port), timeout=5)
            sock.setblocking(False)
            secret = rng.randrange(2 ** 24)
            if secret == host.secret:
                secret += 1
            sock.sendall(wire.hello(wire.Hello(secret, "Eve", None, None)))
            sel.register(sock, selectors.EVENT_READ)

        began = time.perf_counter()
        for _ in range(parallel):
            knock()
        while time.perf_counter() < end:
            for key, _mask in sel.select(0.5):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(4096)
                except OSError:
                    data = b""
                sel.unregister(sock)
                sock.close()
                if b'"secret"' in data:
                    done += 1
                knock()
        took = time.perf_counter() - began
        for key in list(sel.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        sel.close()
    return done / took, done
