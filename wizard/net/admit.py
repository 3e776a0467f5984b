"""Who gets in while the host waits for a hello (issue #33, N1): strangers (connections that have
not said a good hello yet) are kept in a pool by address, oldest first, and a new connection is
never refused for want of room: room is made.

- When an address has more than ``PER_ADDRESS`` strangers, the oldest of them that had ``GRACE``
  seconds to say hello makes room.
- When the pool holds more than ``most``, the oldest stranger of the address with the most makes
  room (one that had its ``GRACE`` first, unless the pool is twice over).

A joiner sends its hello as soon as it connects, so the host reads it within ``GRACE`` however
many connections a flood throws meanwhile, and a hello with the right secret or a seat token
leaves the pool at once; strangers from one address never push out a connection from another.
The host also listens with a long system queue and (Linux) is handed a connection only once its
first bytes arrive (``TCP_DEFER_ACCEPT``): a flood of silent connections costs its loop nothing.
Where the loop can watch a socket itself (not Windows' proactor), ``Gate`` accepts and looks at
each connection's first line before asyncio takes it on: one that is not a good hello is
answered and closed then and there, for a fraction of what a stream costs, so a flood that talks
does not queue up in front of a joiner either. ``refused(window)`` counts strangers sent away lately, which
the host's screen shows.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import socket
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

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
        self._refused_at: deque[float] = deque(maxlen=100_000)

    def __contains__(self, conn: Stranger) -> bool:
        return conn in self._by_address.get(conn.address, ())

    def admit(self, conn: Stranger) -> list[Stranger]:
        """List ``conn``; returns the strangers to push out to make room (counted as refused)."""
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
        for _ in out:
            self.count_refused()
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
        self._refused_at.append(now)
        if self.news is not None and now - self._told >= 1.0:
            self._told = now
            self.news()

    def refused(self, window: float = WINDOW) -> int:
        """Strangers sent away in the last ``window`` seconds."""
        since = time.monotonic() - window
        return sum(1 for t in list(self._refused_at) if t >= since)


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


class Gate:
    """Accepts on ``listener`` for the loop: each connection's first bytes are peeked; one whose
    first line ``refusal`` refuses is answered and closed at once, any other (a good hello, or no
    whole line yet) goes to ``adopt``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, listener: socket.socket,
                 refusal: Callable[[bytes], wire.Refused | None],
                 serve: Callable[[asyncio.StreamReader, asyncio.StreamWriter],
                                 Coroutine[Any, Any, None]]) -> None:
        self.loop, self.listener, self.refusal, self.serve = loop, listener, refusal, serve
        loop.add_reader(listener.fileno(), self._ready)   # NotImplementedError: a proactor

    def adopt(self, sock: socket.socket) -> None:
        """asyncio takes ``sock`` on: a stream, served like any connection."""
        async def serve() -> None:
            try:
                reader, writer = await asyncio.open_connection(sock=sock, limit=wire.MAX_LINE)
            except OSError:
                sock.close()
                return
            await self.serve(reader, writer)
        self.loop.create_task(serve())

    def _ready(self) -> None:
        for _ in range(256):
            try:
                sock, _peer = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as err:                # out of files: the next round tries again
                log.warning("a connection could not be accepted: %s", err)
                return
            sock.setblocking(False)
            try:
                data = sock.recv(wire.MAX_LINE + 1, socket.MSG_PEEK)
                if not data:                      # gone already
                    sock.close()
                    continue
            except (BlockingIOError, InterruptedError):
                data = b""                        # nothing yet: asyncio waits for the hello
            except OSError:
                sock.close()
                continue
            end = data.find(b"\n")
            line = data[:end + 1] if end >= 0 else data if len(data) > wire.MAX_LINE else b""
            why = self.refusal(line) if line else None
            if why is None:
                self.adopt(sock)
                continue
            try:
                sock.recv(len(line))              # taken, so that closing sends no reset
                sock.send(wire.refused(why))
            except OSError:
                pass
            sock.close()
