"""Who gets in while the host waits for a hello (issue #33, N1): strangers (connections that have
not said a good hello yet) are kept in a pool by address, oldest first, and a new connection is
never refused for want of room: room is made.

- When an address has more than ``PER_ADDRESS`` strangers, the oldest of them that had ``GRACE``
  seconds to say hello makes room.
- When the pool holds more than ``most``, the oldest stranger of the address with the most makes
  room (one that had its ``GRACE`` first, unless the pool is twice over).

A joiner sends its hello as soon as it connects. The host listens with a long system queue and
(Linux) is handed a connection only once its first bytes arrive (``TCP_DEFER_ACCEPT``): a flood
of silent connections costs its loop nothing. Where the loop can watch a socket itself (not
Windows' proactor), ``Gate`` accepts and reads each connection's first line before asyncio takes
anything on: a line that is not a good hello is answered and closed then and there, a good one
goes to the host at once and never waits in the pool (nothing a stranger does can push it out),
and a connection whose first line is not whole yet waits in the pool as a bare socket, not a
stream. A flood that talks (every connection a line of junk or half a line) then costs the host
a few system calls a connection, so the system's queue in front of a joiner stays short.
``refused(window)`` counts strangers sent away lately, which the host's screen shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
import socket
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Protocol

from . import wire
from .codec import WireError
from .wire import Code

log = logging.getLogger(__name__)

PER_ADDRESS = 16
GRACE = 0.25
BACKLOG = 4096                # connections the system queues before the loop accepts them
ACCEPT_BATCH = 64             # connections the loop accepts at a time (then it reads and answers)
DEFER_ACCEPT = 5              # seconds the system holds a silent connection (then drops it)
WINDOW = 60.0                 # seconds: "strangers refused in the last minute"


class Stranger(Protocol):
    """A connection as the pool sees it."""

    address: str
    since: float              # when it connected (monotonic)


class Strangers:
    """The pool (the host's loop thread only, but ``refused`` may be read from any)."""

    def __init__(self, most: int, news: Callable[[], None] | None = None) -> None:
        self.most = most
        self.news = news              # called (at most once a second) when one is refused
        self._told = 0.0
        self._by_address: dict[str, OrderedDict[Stranger, None]] = {}
        self._count = 0
        self._refused: deque[list[float]] = deque()    # [second, how many] (the last minutes)

    def __contains__(self, conn: Stranger) -> bool:
        return conn in self._by_address.get(conn.address, ())

    def admit(self, conn: Stranger) -> list[Stranger]:
        """List ``conn``; returns the strangers to push out to make room (the caller closes and
        counts them)."""
        mine = self._by_address.setdefault(conn.address, OrderedDict())
        mine[conn] = None
        self._count += 1
        out: list[Stranger] = []
        while len(mine) > PER_ADDRESS and conn.since - next(iter(mine)).since >= GRACE:
            out.append(self._take(next(iter(mine))))
        while self._count > self.most:
            heaviest = max(self._by_address.values(), key=len)
            oldest = next(iter(heaviest))
            if conn.since - oldest.since < GRACE and self._count <= 2 * self.most:
                break
            out.append(self._take(oldest))
        return out

    def drop(self, conn: Stranger) -> None:
        """``conn`` is no stranger any more (a good hello, or gone)."""
        if conn in self:
            self._take(conn)

    def _take(self, conn: Stranger) -> Stranger:
        mine = self._by_address[conn.address]
        del mine[conn]
        self._count -= 1
        if not mine:
            del self._by_address[conn.address]
        return conn

    def count_refused(self) -> None:
        """One more stranger sent away."""
        now = time.monotonic()
        second = float(int(now))
        if self._refused and self._refused[-1][0] == second:
            self._refused[-1][1] += 1
        else:
            self._refused.append([second, 1])
            while self._refused[0][0] < now - 10 * WINDOW:
                self._refused.popleft()
        if self.news is not None and now - self._told >= 1.0:
            self._told = now
            self.news()

    def refused(self, window: float = WINDOW) -> int:
        """Strangers sent away in the last ``window`` seconds."""
        since = time.monotonic() - window
        return int(sum(n for second, n in list(self._refused) if second + 1 > since))


def tune(fileno: int) -> None:
    """The listening socket ``fileno``: a long system queue, and (Linux) no connection handed
    over before its first bytes."""
    with socket.socket(fileno=fileno) as raw:       # the same socket, not a copy
        try:
            raw.listen(BACKLOG)
            if hasattr(socket, "TCP_DEFER_ACCEPT"):
                raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, DEFER_ACCEPT)
        finally:
            raw.detach()                            # still the server's


def check_hello(line: bytes, secret: int,
                known_token: Callable[[str | None], bool]) -> tuple[wire.Hello | None,
                                                                     wire.Refused | None]:
    """A first line read as a hello with the right secret (or a seat's token), or the refusal."""
    message, err = wire.read(line, wire.CLIENT_TYPES)
    if err is not None or message is None:
        code = Code.MALFORMED if err is None else wire.refusal_code(err, line)
        return None, wire.Refused(code, err.reason if err else "no message")
    if message["type"] != "hello":
        return None, wire.Refused(Code.HELLO_FIRST, "say hello first")
    try:
        h = wire.hello_of(message)
    except WireError as bad:
        return None, wire.Refused(Code.MALFORMED, bad.reason)
    if not known_token(h.token) and not hmac.compare_digest(str(h.secret).encode(),
                                                            str(secret).encode()):
        return None, wire.Refused(Code.SECRET, "wrong join code")
    return h, None


class Knock:
    """A connection whose first line is not whole yet: the gate's own (a socket and the bytes read
    so far), not a stream: a flood of half lines costs no transport, reader or task."""

    __slots__ = ("sock", "address", "since", "data")

    def __init__(self, sock: socket.socket, address: str, since: float, data: bytes) -> None:
        self.sock, self.address, self.since, self.data = sock, address, since, data


ACCEPT_ROUND = 256            # connections accepted in one go (then the loop does the rest)
FIRST_READ = 4096             # bytes read at once before the first line is whole (a hello: < 1 KB)
SWEEP = 0.25                  # seconds between looks for knocks past their time


class Gate:
    """Accepts on ``listener`` for the loop and reads each connection's first line itself, before
    asyncio takes anything on. ``check(line)`` says whether that line is a good hello: if not, the
    refusal is answered and the connection closed then and there; if so, ``adopt(sock, data)``
    hands the connection and the bytes read from it (the hello first) to the host. A connection
    whose first line is not whole yet waits in ``pool`` (per address, oldest pushed out first) for
    the rest, at most ``timeout`` seconds. ``tally(code)`` counts each stranger sent away."""

    def __init__(self, loop: asyncio.AbstractEventLoop, listener: socket.socket,
                 check: Callable[[bytes], wire.Refused | None],
                 adopt: Callable[[socket.socket, bytes], None], pool: Strangers,
                 tally: Callable[[Code], None], timeout: float) -> None:
        self.loop, self.listener, self.check, self.adopt = loop, listener, check, adopt
        self.pool, self.tally, self.timeout = pool, tally, timeout
        self._knocks: set[Knock] = set()
        self._sweeping: asyncio.TimerHandle | None = None
        #: the last round of accepts took all it could: the system's queue is backed up, so a
        #: first line that does not even say hello is closed unanswered (no JSON read, no reply)
        self.behind = False
        loop.add_reader(listener.fileno(), self._ready)   # NotImplementedError: a proactor

    def close(self) -> None:
        """Stop accepting; close every knock (the loop's thread)."""
        with contextlib.suppress(ValueError, OSError):
            self.loop.remove_reader(self.listener.fileno())
        for knock in list(self._knocks):
            self._forget(knock)
            knock.sock.close()
        if self._sweeping is not None:
            self._sweeping.cancel()

    def _ready(self) -> None:
        family = self.listener.family
        for _ in range(ACCEPT_ROUND):
            try:
                fd, peer = self.listener._accept()  # type: ignore[attr-defined]  # no wrapper's cost
            except (BlockingIOError, InterruptedError):
                self.behind = False               # the queue is empty
                return
            except OSError as err:                # out of files: the next round tries again
                log.warning("a connection could not be accepted: %s", err)
                return
            sock = socket.socket(family, socket.SOCK_STREAM, 0, fileno=fd)
            try:
                data = sock.recv(FIRST_READ, socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                data = None                       # nothing yet (no deferred accept here)
            except OSError:
                sock.close()
                continue
            if data == b"":                       # gone already
                sock.close()
                continue
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            self._first(sock, address, data or b"", None)
        self.behind = True                        # a whole round, and more were waiting

    def _first(self, sock: socket.socket, address: str, data: bytes, knock: Knock | None) -> None:
        """Decide on ``data``, the bytes read so far: a whole first line is refused or adopted;
        one over the limit is refused; otherwise the connection waits (as ``knock``)."""
        end = data.find(b"\n", 0, wire.MAX_LINE)
        if end < 0 and len(data) < wire.MAX_LINE:
            if knock is None:
                self._wait(Knock(sock, address, time.monotonic(), data))
            else:
                knock.data = data
            return
        if knock is not None:
            self._forget(knock)
        if end < 0:
            why: wire.Refused | None = wire.Refused(Code.TOO_LONG,
                                                    f"a line over {wire.MAX_LINE} bytes")
        elif self.behind and b'"hello"' not in data[:end]:
            self.tally(Code.MALFORMED)                # no hello at all, and a queue to clear
            sock.close()
            return
        else:
            why = self.check(data[:end + 1])
        if why is None:
            sock.setblocking(False)
            self.adopt(sock, data)
            return
        self._send_away(sock, why)

    def _send_away(self, sock: socket.socket, why: wire.Refused) -> None:
        self.tally(why.code)
        with contextlib.suppress(OSError):
            sock.send(refusal_line(why.code, why.text), socket.MSG_DONTWAIT)
        sock.close()

    def _wait(self, knock: Knock) -> None:
        for old in self.pool.admit(knock):               # room is made, never refused
            assert isinstance(old, Knock)
            self._forget(old)
            self.tally(Code.FULL)
            old.sock.close()
        self._knocks.add(knock)
        self.loop.add_reader(knock.sock.fileno(), self._more, knock)
        if self._sweeping is None:
            self._sweeping = self.loop.call_later(SWEEP, self._sweep)

    def _forget(self, knock: Knock) -> None:
        if knock in self._knocks:
            self._knocks.discard(knock)
            self.pool.drop(knock)
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(knock.sock.fileno())

    def _more(self, knock: Knock) -> None:
        try:
            more = knock.sock.recv(FIRST_READ, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            more = b""
        if not more:                               # gone
            self._forget(knock)
            knock.sock.close()
            return
        self._first(knock.sock, knock.address, knock.data + more, knock)

    def _sweep(self) -> None:
        self._sweeping = None
        late = time.monotonic() - self.timeout
        for knock in [k for k in self._knocks if k.since <= late]:
            self._forget(knock)
            self._send_away(knock.sock, wire.Refused(Code.TIMEOUT, "no hello in time"))
        if self._knocks:
            self._sweeping = self.loop.call_later(SWEEP, self._sweep)


@functools.lru_cache(maxsize=64)
def refusal_line(code: Code, text: str) -> bytes:
    """The refusal's line (the same few refusals, over and over, in a flood)."""
    return wire.refused(wire.Refused(code, text))
