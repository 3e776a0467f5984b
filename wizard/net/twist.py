"""Twisted under the internet table (#33): its reactor on a thread of its own, and a pipe between
two Twisted connections (a Dilation subchannel and a local TCP connection).

magic-wormhole is written on Twisted, whose reactor is one per process, cannot be restarted, and
must be chosen before anything imports it. ``NetHost`` and ``RemoteGame`` each run their own
asyncio loop per table, made and closed with the table; Twisted's asyncioreactor would need one
loop for the life of the process, installed before any other Twisted import, and would tie every
table to it. So the reactor runs on its own daemon thread, started when the first wormhole is
needed, for the rest of the process; other threads reach it only through ``in_reactor``
(``callFromThread``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wizard import background

log = logging.getLogger(__name__)

# ---- the reactor thread -------------------------------------------------------------------------

_started = threading.Lock()
_running = threading.Event()


def reactor() -> Any:
    """Twisted's reactor, running on its own daemon thread (started on the first call)."""
    from twisted.internet import reactor as r
    with _started:
        if not _running.is_set():
            _no_delay()
            background.start(lambda: r.run(installSignalHandlers=False), "wizard-wormhole")
            r.callFromThread(_running.set)
            if not _running.wait(10):
                raise RuntimeError("the network thread did not start")
    return r


def _no_delay() -> None:
    """Dilation's connections send each record at once. magic-wormhole 0.24 leaves Nagle's
    algorithm on, and with its acknowledgement records a line waits for the peer's delayed ACK:
    88 ms for every round trip on loopback (measured), 0.5 ms with this. Its protocol class gets
    ``TCP_NODELAY`` on its transport when a connection is made (nothing else changes)."""
    try:
        from wormhole._dilation.connection import DilatedConnectionProtocol as P
    except ImportError:                 # another magic-wormhole: it keeps its own behaviour
        return
    made = P.connectionMade
    if getattr(made, "wizard_no_delay", False):
        return

    def connection_made(self: Any) -> Any:
        nodelay = getattr(self.transport, "setTcpNoDelay", None)
        if nodelay is not None:
            nodelay(True)
        return made(self)

    connection_made.wizard_no_delay = True  # type: ignore[attr-defined]
    P.connectionMade = connection_made


def in_reactor(fn: Callable[[], Any]) -> None:
    """Run ``fn`` on the reactor's thread (exceptions are logged, never lost)."""
    r = reactor()

    def run() -> None:
        try:
            fn()
        except Exception:  # noqa: BLE001
            log.exception("the wormhole thread failed")

    r.callFromThread(run)


# ---- a pipe between two Twisted transports ------------------------------------------------------

def pipe_classes() -> tuple[type, type]:
    """The pipe's classes (made on first use: Twisted is imported only when a wormhole is)."""
    from twisted.internet.protocol import Factory, Protocol

    class End(Protocol):  # type: ignore[misc]
        """One end of a pipe: what it receives goes out of the other end, and when either end
        closes, so does the other. Each end pauses the other when its own sending backs up."""

        def __init__(self, counter: Counter | None = None) -> None:
            self.other: End | None = None
            self.waiting: list[bytes] = []
            self.gone = False
            self.counter = counter

        def connectionMade(self) -> None:
            nodelay = getattr(self.transport, "setTcpNoDelay", None)
            if nodelay is not None:        # a line goes at once (no waiting to fill a packet)
                nodelay(True)

        def link(self, other: End) -> None:
            self.other, other.other = other, self
            for a, b in ((self, other), (other, self)):
                a.transport.registerProducer(b.transport, True)
            for a in (self, other):
                for data in a.waiting:
                    a.other.transport.write(data)  # type: ignore[union-attr]
                a.waiting.clear()
                if a.gone:
                    a.other.transport.loseConnection()  # type: ignore[union-attr]

        def dataReceived(self, data: bytes) -> None:
            if self.counter is not None:
                self.counter.add(len(data))
            if self.other is None:
                self.waiting.append(data)
            else:
                self.other.transport.write(data)

        def connectionLost(self, reason: object = None) -> None:
            self.gone = True
            other = self.other
            if other is not None and not other.gone:
                other.transport.loseConnection()

    class Ends(Factory):  # type: ignore[misc]
        def __init__(self, make: Callable[[], End]) -> None:
            self.make = make

        def buildProtocol(self, addr: object) -> End:
            return self.make()

    return End, Ends


@dataclass
class Counter:
    """Bytes through a pipe's one direction (the bench reads it)."""

    bytes: int = 0

    def add(self, n: int) -> None:
        self.bytes += n


def serve_mailbox(address: str, port: int, folder: str) -> bool:
    """Run a magic-wormhole mailbox server in this process on ``address:port`` (its database in
    ``folder``), for the smoke test's screens; False without the package
    (``magic-wormhole-mailbox-server``: a test dependency, not in the executable)."""
    try:
        from wormhole_mailbox_server.server_tap import Options, makeService
    except ImportError:
        return False
    options = Options()
    options.parseOptions([f"--port=tcp:{port}:interface={address}",
                          f"--channel-db={folder}/mailbox.sqlite"])
    started = threading.Event()

    def start() -> None:
        makeService(options).startService()
        started.set()
    in_reactor(start)
    return started.wait(10)
