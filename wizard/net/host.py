"""The host of a network table: serves a ``Session`` to the people at other computers.

Threads: an asyncio event loop on a background thread owns the sockets (it reads lines, checks
handshakes, answers refusals, writes what the game thread hands it); the game thread (the one
that ticks the host's ``Table``) owns the ``Session``. They meet in one thread-safe queue: the
loop puts joiners' arrivals, departures and intents in it, and ``pump()`` (called each frame or
tick on the game thread) takes them out, checks each intent like any action (``Session.check``)
and acts. After every step of the game (whoever made it) the host sends each joiner its own
view and the step's events redacted for its seat: never another hand, a hidden bid or the seed.

Nothing here polls: the loop awaits its sockets, and ``wake`` is set when the queue has work, so
a caller with nothing else to do can wait on it.
"""

from __future__ import annotations

import asyncio
import enum
import hmac
import logging
import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from wizard import background
from wizard.engine import Action, Phase, Play, bid, card
from wizard.session import Refusal, Seat, Session
from wizard.session.seats import clean_name

from . import admit, wire
from .codec import WireError
from .joincode import DEFAULT_PORT, SECRET_BITS, JoinCode, encode
from .wire import Code

log = logging.getLogger(__name__)

MERLIN_FORMS = (card("MERLIN:W"), card("MERLIN:J"))   # a MERLIN in hand is played as one
SEND_BUFFER = 1 << 20         # bytes waiting for a joiner that does not read: then it is dropped


class SeatStatus(enum.Enum):
    """A seat open to joiners: nobody came yet, a joiner plays it, or its joiner is away."""

    OPEN = "open"
    PLAYING = "playing"
    AWAY = "away"             # dropped: the seat waits for its token (reconnecting)
    LENT = "lent"             # dropped, and a computer player plays it until its joiner is back


@dataclass(eq=False)
class Conn:
    """One connection, from the loop's side."""

    writer: asyncio.StreamWriter
    address: str = ""
    since: float = 0.0        # when it connected (monotonic)
    seat: int | None = None
    pending: bool = False     # an intent is on its way to the game thread
    welcomed: bool = False    # the game thread sent its welcome (nothing is sent before it)
    closed: bool = False


@dataclass
class Counts:
    """What the host sent and refused (the bench and the tests read them)."""

    messages: int = 0
    bytes: int = 0
    refused: dict[str, int] = field(default_factory=dict)


class NetHost:
    """Serves ``session`` to joiners on ``bind`` (one interface; 127.0.0.1 in tests) for the
    seats in ``open_seats``, while open (``open()`` .. ``close()``)."""

    def __init__(self, session: Session, open_seats: Iterable[int], *, bind: str = "127.0.0.1",
                 port: int = DEFAULT_PORT, secret: int | None = None,
                 hello_timeout: float = 5.0, max_connections: int = 1024,
                 tokens: dict[int, str] | None = None,
                 before_send: Callable[[], None] | None = None) -> None:
        self.session = session
        #: called after a step and before any joiner hears of it (the host's screen: wait until
        #: the step's save is on disk, so that a host that dies never comes back behind what the
        #: joiners were shown)
        self.before_send = before_send
        self.open_seats = frozenset(open_seats)
        if not self.open_seats <= set(range(session.config.players)) or any(
                not session.seats[s].is_human for s in self.open_seats):
            raise ValueError("the seats open to joiners must be people's seats of the game")
        self.bind = bind
        self.port = port
        self.secret = secrets.randbelow(2 ** SECRET_BITS) if secret is None else secret
        self.hello_timeout = hello_timeout
        self.max_connections = max_connections
        # True while the host's screen waits before Start (a resumed game is mid-round): see
        # ``hold``
        self._hold = False
        self.wake = threading.Event()
        self.counts = Counts()
        self._inbox: queue.SimpleQueue[tuple[str, Conn, Any]] = queue.SimpleQueue()
        self._lock = threading.Lock()             # guards the seat registry below
        self._conns: dict[int, Conn] = {}         # seat -> its live connection
        # seat -> the token given at its first join (a resumed table: the tokens it had given)
        self._tokens: dict[int, str] = {s: t for s, t in (tokens or {}).items()
                                         if s in self.open_seats}
        self._all: set[Conn] = set()              # every open connection (loop thread)
        self._strangers = admit.Strangers(max_connections, self.wake.set)  # no hello yet
        self._lent: set[int] = set()              # seats a computer plays meanwhile (game thread)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.AbstractServer | None = None
        self._gate: admit.Gate | None = None
        self._thread: threading.Thread | None = None
        self._unsubscribe = session.subscribe(self._on_step)

    # ---- the game thread --------------------------------------------------------------------

    @property
    def hold(self) -> bool:
        """True while the host's screen waits before Start (a resumed game is mid-round): the
        joiners' intents are refused (``Code.WAIT``, not fatal), nothing moves, and each joiner
        is told (``wire.hold``: on arrival, and when it changes), so that its screen says the
        host has not started the game rather than whose turn it is."""
        return self._hold

    @hold.setter
    def hold(self, value: bool) -> None:
        if value == self._hold:
            return
        self._hold = value
        with self._lock:
            conns = [c for c in self._conns.values() if c.welcomed]
        line = wire.hold(value)
        for conn in conns:
            self._post(conn, line)

    @property
    def remote(self) -> frozenset[int]:
        """The seats played on other computers now (the host's ``Table(remote=...)``; it changes
        when a seat is lent to a computer player and when its joiner takes it back)."""
        return self.open_seats - self._lent

    def status(self, seat: int) -> SeatStatus:
        """Whether ``seat`` waits for a joiner, is played, or waits for its joiner's return."""
        with self._lock:
            conn = self._conns.get(seat)
            if conn is not None and conn.welcomed:
                return SeatStatus.PLAYING     # welcomed by pump(): its joiner's name is known
            if seat in self._lent:
                return SeatStatus.LENT
            return SeatStatus.AWAY if seat in self._tokens else SeatStatus.OPEN

    def connection(self, seat: int) -> object | None:
        """The connection that plays ``seat`` now (another one once its joiner came back)."""
        with self._lock:
            return self._conns.get(seat)

    def lend(self, seat: int, level: str = "normal", *, drop: bool = False) -> None:
        """A computer player of ``level`` plays ``seat`` until its joiner comes back (who then
        takes it back at once). Only a seat open to joiners and not played now, unless ``drop``:
        then a joiner still connected is let go first (a silent joiner over the internet, whose
        connection Dilation keeps: back, it rejoins with its token)."""
        if seat not in self.open_seats:
            raise ValueError(f"seat {seat} is not a joiner's seat")
        if self.status(seat) is SeatStatus.PLAYING:
            if not drop:
                raise ValueError(f"seat {seat} is played by its joiner")
            self._let_go(seat)
        self._lent.add(seat)
        self.session.seats[seat] = Seat.ai(self.session.seats[seat].name, level)
        self._send_table()

    def _let_go(self, seat: int) -> None:
        """Close ``seat``'s connection (its token stays good: the seat is away)."""
        with self._lock:
            conn = self._conns.pop(seat, None)
        loop = self._loop
        if conn is not None and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._close, conn, True)

    @property
    def tokens(self) -> dict[int, str]:
        """The seat tokens given so far (kept beside the save: a resumed table takes them)."""
        with self._lock:
            return dict(self._tokens)

    def strangers(self, window: float = admit.WINDOW) -> int:
        """How many connections without a good hello were refused in the last ``window``
        seconds (wrong code, no hello in time, garbage, or pushed out by a flood): the host's
        screen says when strangers are being refused."""
        return self._strangers.refused(window)

    def cpu_seconds(self) -> float:
        """The CPU time the network thread used so far (Linux; 0 elsewhere or once closed)."""
        thread = self._thread
        try:
            return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))  # type: ignore[union-attr, arg-type]
        except (AttributeError, OSError, TypeError):
            return 0.0

    def join_code(self, address: str | None = None) -> str:
        """The code to show: ``address`` (default: the bound one), the port, the secret."""
        return encode(JoinCode(address or self.bind, self.port, self.secret))

    def pump(self) -> int:
        """Handle what the joiners sent since the last call (arrivals, intents, departures);
        returns how many. Call it on the thread that owns the session, every frame or tick."""
        self.wake.clear()
        done = 0
        while True:
            try:
                kind, conn, data = self._inbox.get_nowait()
            except queue.Empty:
                return done
            done += 1
            if kind == "joined":
                self._joined(conn, data)
            elif kind == "left":
                self._send_table()
            elif kind == "act":
                self._intent(conn, data)

    def _joined(self, conn: Conn, name: str) -> None:
        seat = conn.seat
        if seat is None or conn.closed:
            return                              # gone (or replaced) before the game thread looked
        s = self.session
        self._lent.discard(seat)                # back: the computer player gives the seat back
        if s.seats[seat] != Seat.human(name):
            s.seats[seat] = Seat.human(name)
        self._post(conn, wire.welcome(wire.Welcome(seat, self._tokens[seat], s.config.public(),
                                                   tuple(s.seats))))
        conn.welcomed = True
        if self._hold:                          # before its view: its screen says so at once
            self._post(conn, wire.hold(True))
        self._send_table()
        self._post(conn, self._state_line(seat, []))

    def _intent(self, conn: Conn, action: Action) -> None:
        seat = conn.seat
        conn.pending = False
        with self._lock:
            if seat is None or self._conns.get(seat) is not conn:
                return                              # the connection left or was replaced
        if self._hold:
            self._refuse_later(conn, wire.Refused(Code.WAIT, "the host has not started the game "
                                                  "yet", fatal=False, action=action))
            return
        err = self.session.check(action, seat)
        if err is not None:
            self._refuse_later(conn, wire.Refused(Code.RULES, f"the rules refuse {action}: "
                                                  f"{err.rule.value}", err, fatal=False,
                                                  action=action))
            return
        self.session.act(action, seat)             # every joiner hears of it in _on_step

    def _on_step(self, session: Session, events: list[Any]) -> None:
        if self.before_send is not None:
            self.before_send()
        with self._lock:
            conns = [(seat, c) for seat, c in self._conns.items() if c.welcomed]
        for seat, conn in conns:
            self._post(conn, self._state_line(seat, session.redacted(events, seat)))

    def _state_line(self, seat: int, events: list[Any]) -> bytes:
        s = self.session
        return wire.state(wire.State(s.moves, s.view(seat), events, self._refusals(seat)))

    def _refusals(self, seat: int) -> dict[Action, Refusal]:
        """Why the rules refuse each other action ``seat`` might try now (its turn only)."""
        s = self.session
        if s.current != seat:
            return {}
        view = s.view(seat)
        tries: list[Action]
        if view.phase is Phase.BID:
            tries = [bid(n) for n in range(view.round + 1)]
        elif view.phase is Phase.PLAY and view.hand is not None:
            tries = [Play(c) for c in (*view.hand, *MERLIN_FORMS)]
        else:
            return {}
        out = {}
        for a in tries:
            err = s.check(a, seat)
            if err is not None:
                out[a] = err
        return out

    def _send_table(self) -> None:
        with self._lock:
            conns = [c for c in self._conns.values() if c.welcomed]
            away = [seat for seat in self._tokens if seat not in self._conns]
        line = wire.table(self.session.seats, away)
        for conn in conns:
            self._post(conn, line)

    def _post(self, conn: Conn, line: bytes) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._write, conn, line)

    def _refuse_later(self, conn: Conn, why: wire.Refused) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._refuse, conn, why)

    # ---- open and close ---------------------------------------------------------------------

    def open(self) -> tuple[str, int]:
        """Start listening (on its own thread); returns (address, port). ``OSError`` if the
        address cannot be bound."""
        if self._thread is not None:
            raise RuntimeError("the table is already open")
        started = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                listener = socket.create_server((self.bind, self.port), backlog=admit.BACKLOG)
                listener.setblocking(False)
                admit.tune(listener.fileno())
                self._server = loop.run_until_complete(asyncio.start_server(
                    self._serve, sock=listener, limit=wire.MAX_LINE,
                    backlog=admit.ACCEPT_BATCH, start_serving=False))
                self.port = listener.getsockname()[1]
                try:
                    self._gate = admit.Gate(loop, listener, self._gate_check, self._adopt,
                                            self._strangers, self._tally, self.hello_timeout)
                except NotImplementedError:         # Windows' proactor: asyncio accepts
                    loop.run_until_complete(self._server.start_serving())
            except BaseException as err:  # noqa: BLE001  (handed to open())
                failure.append(err)
                started.set()
                loop.close()
                return
            started.set()
            try:
                loop.run_forever()
            finally:
                loop.close()

        self._thread = background.start(run, "wizard-net-host")
        started.wait()
        if failure:
            self._thread.join()
            self._thread = None
            raise failure[0]
        return self.bind, self.port

    def close(self) -> None:
        """Stop listening, close every connection (telling each why) and stop the thread."""
        self._unsubscribe()
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return

        async def shut() -> None:
            if self._gate is not None:
                self._gate.close()
            if self._server is not None:
                self._server.close()
            for conn in list(self._all):
                self._refuse(conn, wire.Refused(Code.CLOSED, "the table closed"))
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            if others:              # each sees its connection end and returns (no cancelling:
                await asyncio.wait(others, timeout=2)   # asyncio logs a cancelled handler)
            loop.stop()

        loop.call_soon_threadsafe(lambda: loop.create_task(shut()))
        thread.join(timeout=5)
        self._thread = None

    # ---- the loop thread --------------------------------------------------------------------

    def _write(self, conn: Conn, line: bytes) -> None:
        if conn.closed or conn.writer.is_closing():
            return
        if conn.writer.transport.get_write_buffer_size() > SEND_BUFFER:
            log.warning("a joiner does not read what it is sent: its connection is closed")
            self._close(conn)
            return
        conn.writer.write(line)
        self.counts.messages += 1
        self.counts.bytes += len(line)

    def _refuse(self, conn: Conn, why: wire.Refused) -> None:
        if conn in self._strangers:
            self._tally(why.code)                           # a stranger (not a joiner)
        else:
            self.counts.refused[why.code.value] = self.counts.refused.get(why.code.value, 0) + 1
        self._write(conn, wire.refused(why))
        if why.fatal:
            self._close(conn)

    def _close(self, conn: Conn, abort: bool = False) -> None:
        """Close at once: a connection with unsent data (a joiner that does not read) is aborted,
        never left waiting for it; one with nothing waiting is closed, and aborted if it is not
        gone a second later."""
        if conn.closed:
            return
        conn.closed = True
        self._all.discard(conn)
        self._strangers.drop(conn)
        with self._lock:
            seat = conn.seat
            left = seat is not None and self._conns.get(seat) is conn
            if left:
                del self._conns[seat]  # type: ignore[arg-type]
        if left:
            self._inbox.put(("left", conn, None))
            self.wake.set()
        transport = conn.writer.transport
        if abort or transport.get_write_buffer_size() > 0:
            transport.abort()
        else:
            conn.writer.close()
            if self._loop is not None:
                self._loop.call_later(1.0, transport.abort)   # nothing if it is closed by then

    async def _line(self, reader: asyncio.StreamReader, conn: Conn) -> bytes | None:
        """The next line, or None once the connection is over (refused if too long, or if it is
        begun and not ended within ``hello_timeout``: a joiner may be quiet, not half-way)."""
        try:
            first = await reader.readexactly(1)
            if first == b"\n":
                return first
            try:
                return first + await asyncio.wait_for(reader.readuntil(b"\n"), self.hello_timeout)
            except TimeoutError:
                self._refuse(conn, wire.Refused(Code.TIMEOUT, "a line begun and not ended"))
        except asyncio.LimitOverrunError:
            self._refuse(conn, wire.Refused(Code.TOO_LONG, f"a line over {wire.MAX_LINE} bytes"))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self._close(conn)
        return None

    def _tally(self, code: Code) -> None:
        """One more stranger sent away (``code``: why)."""
        self.counts.refused[code.value] = self.counts.refused.get(code.value, 0) + 1
        self._strangers.count_refused()

    def _adopt(self, sock: socket.socket, data: bytes) -> None:
        """The gate read a good hello on ``sock`` (and ``data``, the hello first): serve it."""
        loop = self._loop
        assert loop is not None

        async def serve() -> None:
            reader = asyncio.StreamReader(limit=wire.MAX_LINE, loop=loop)
            reader.feed_data(data)                  # before the transport reads anything
            protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
            try:
                transport, _p = await loop.connect_accepted_socket(lambda: protocol, sock)
            except OSError:
                sock.close()
                return
            await self._serve(reader, asyncio.StreamWriter(transport, protocol, reader, loop),
                              vetted=True)

        loop.create_task(serve())

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     vetted: bool = False) -> None:
        """One connection, to its end (``vetted``: the gate read its good hello already, so it
        is no stranger)."""
        peer = writer.get_extra_info("peername")
        conn = Conn(writer, address=str(peer[0]) if isinstance(peer, tuple) and peer else "?",
                    since=time.monotonic())
        self._all.add(conn)
        try:
            for old in [] if vetted else self._strangers.admit(conn):   # room is made
                self._tally(Code.FULL)
                self._close(old, abort=True)                # type: ignore[arg-type]
            try:
                line = await asyncio.wait_for(self._line(reader, conn), self.hello_timeout)
            except TimeoutError:
                self._refuse(conn, wire.Refused(Code.TIMEOUT, "no hello in time"))
                return
            if line is None or not self._hello(conn, line):
                return
            while not conn.closed:
                line = await self._line(reader, conn)
                if line is None:
                    return
                self._message(conn, line)
        except Exception:  # noqa: BLE001  (a bug here must cost one connection, not the table)
            log.exception("a joiner's connection failed")
        finally:
            self._close(conn)

    def _gate_check(self, line: bytes) -> wire.Refused | None:
        """A new connection's first line, at the gate: its refusal, or None (a good hello)."""
        return admit.check_hello(line, self.secret, self._known_token)[1]

    def _hello(self, conn: Conn, line: bytes) -> bool:
        h, why = admit.check_hello(line, self.secret, self._known_token)
        if h is None:
            assert why is not None
            self._refuse(conn, why)
            return False
        self._strangers.drop(conn)                     # the right code: no stranger, never pushed out
        seat, why = self._seat_for(conn, h)
        if seat is None:
            assert why is not None
            self._refuse(conn, why)
            return False
        name = clean_name(h.name) or self.session.seats[seat].name
        self._inbox.put(("joined", conn, name))
        self.wake.set()
        return True

    def _known_token(self, token: str | None) -> bool:
        """Whether ``token`` is a seat's: its joiner comes back with it even when the table's
        secret is new (a resumed table whose code was under attack gets a new one)."""
        if token is None:
            return False
        with self._lock:
            tokens = list(self._tokens.values())
        return sum(hmac.compare_digest(t.encode(), token.encode()) for t in tokens) > 0

    def _seat_for(self, conn: Conn, h: wire.Hello) -> tuple[int | None, wire.Refused | None]:
        """Give ``conn`` a seat (by token, by request, or the first open one), or say why not."""
        replaced = None
        with self._lock:
            if h.token is not None:
                seat = next((s for s, t in self._tokens.items()
                             if hmac.compare_digest(t.encode(), h.token.encode())), None)
                if seat is None:
                    return None, wire.Refused(Code.TOKEN, "this seat token is not of this table")
                replaced = self._conns.get(seat)
            elif h.seat is not None:
                seat = h.seat
                if seat not in self.open_seats or seat in self._tokens:
                    return None, wire.Refused(Code.SEAT_TAKEN, f"seat {seat} is not free")
            else:
                seat = min((s for s in self.open_seats if s not in self._tokens), default=None)
                if seat is None:
                    return None, wire.Refused(Code.NO_SEAT, "every seat is taken")
            conn.seat = seat
            self._tokens.setdefault(seat, secrets.token_urlsafe(18))
            self._conns[seat] = conn
        if replaced is not None:               # the token's owner is back on a new connection
            replaced.seat = None
            self._refuse(replaced, wire.Refused(Code.REPLACED, "the seat was rejoined elsewhere"))
        return seat, None

    def _message(self, conn: Conn, line: bytes) -> None:
        message, err = wire.read(line, wire.CLIENT_TYPES)
        if err is not None or message is None:
            code = Code.MALFORMED if err is None else wire.refusal_code(err, line)
            self._refuse(conn, wire.Refused(code, err.reason if err else "no message"))
            return
        if message["type"] != "act":
            self._refuse(conn, wire.Refused(Code.HELLO_FIRST, "hello only once"))
            return
        try:
            seat, action = wire.act_of(message)
        except WireError as bad:
            self._refuse(conn, wire.Refused(Code.MALFORMED, bad.reason))
            return
        if seat != conn.seat:
            self._refuse(conn, wire.Refused(Code.OTHER_SEAT, f"this connection plays seat "
                                            f"{conn.seat}, not {seat}"))
            return
        if conn.pending:
            self._refuse(conn, wire.Refused(Code.WAIT, "an action is already on its way",
                                            fatal=False, action=action))
            return
        conn.pending = True
        self._inbox.put(("act", conn, action))
        self.wake.set()
