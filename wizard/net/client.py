"""The joiner's side of a network table: ``RemoteGame``, a ``GamePort`` fed by the host.

The joiner's ``Table`` plays against a ``RemoteGame`` as it would against a ``Session``, with
``Table(remote_game, remote=remote_game.remote)``: its own seat is the only one it plays; the
others (people elsewhere, the host's computer seats) are played on the host. An asyncio loop on
a background thread reads the host's lines into a queue; ``pump()``, on the table's thread, takes
them out and applies them: the view, the seats, the events (told to the table as a ``Session``
tells them). ``act`` sends an intent; until the host answers, the seat has nothing more to do.
The seat's token (``token``) lets the same person come back to the seat later.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

from wizard import background
from wizard.engine import (
    Action,
    Bid,
    Event,
    GameConfig,
    PlayerView,
    Rule,
    TakeBack,
    events_for,
    public_view,
)
from wizard.session import Refusal, Seat, TakeBackError, TakeBackRule

from . import wire
from .codec import WireError

log = logging.getLogger(__name__)


class RemoteGame:
    """A game played on a host, as the joiner's table sees it (a ``GamePort``)."""

    def __init__(self, address: str, port: int, secret: int, name: str, *,
                 seat: int | None = None, token: str | None = None,
                 tap: Callable[[bytes], None] | None = None) -> None:
        self.address, self.port = address, port
        self.hello = wire.Hello(secret, name, seat, token)
        self.tap = tap                         # sees every line received (tests, the bench)
        self.wake = threading.Event()          # set when a line arrived
        self.seat: int | None = None
        self.token: str | None = token
        self.away: tuple[int, ...] = ()        # seats whose joiner is reconnecting
        self.held = False                      # the host holds the game (not started again yet)
        self.refused: wire.Refused | None = None   # the host's last refusal
        self.lost = False                      # the connection is over
        self.received = 0                      # bytes received
        self._config: GameConfig | None = None
        self._seats: tuple[Seat, ...] = ()
        self._view: PlayerView | None = None
        self._moves = 0
        self._refusals: dict[Action, Refusal] = {}
        self._pending = False                  # an intent is on its way
        self._sent: Action | None = None       # the last intent sent
        self._listeners: list[tuple[Callable[[list[Event]], None], Callable[[], int | None]]] = []
        self._inbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._thread: threading.Thread | None = None

    # ---- the connection ---------------------------------------------------------------------

    def connect(self, timeout: float = 5.0) -> None:
        """Open the connection and say hello (``OSError`` if the host cannot be reached)."""
        started = threading.Event()
        failure: list[BaseException] = []

        async def talk() -> None:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(
                    self.address, self.port, limit=wire.MAX_LINE), timeout)
            except (OSError, TimeoutError) as err:
                failure.append(err)
                started.set()
                return
            self._writer = writer
            writer.write(wire.hello(self.hello))
            started.set()
            try:
                while True:
                    line = await reader.readuntil(b"\n")
                    self.received += len(line)
                    self._inbox.put(line)
                    self.wake.set()
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
                pass
            finally:
                self._inbox.put(None)
                self.wake.set()
                writer.close()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(talk())
            finally:
                loop.close()

        self._thread = background.start(run, "wizard-net-join")
        started.wait()
        if failure:
            self._thread.join()
            raise failure[0]

    def close(self) -> None:
        """Leave the table (the seat waits for the token)."""
        loop, writer = self._loop, self._writer
        if loop is not None and writer is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(writer.close)
            except RuntimeError:                # the loop just ended
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)

    def drop(self) -> None:
        """Cut the connection at once, as a closed laptop would (tests)."""
        loop, writer = self._loop, self._writer
        if loop is not None and writer is not None and not loop.is_closed():
            loop.call_soon_threadsafe(writer.transport.abort)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def send_line(self, line: bytes) -> None:
        """Send one raw line (``act`` does this; tests send others)."""
        loop, writer = self._loop, self._writer
        if loop is None or writer is None or loop.is_closed():
            raise ConnectionError("not connected")
        loop.call_soon_threadsafe(writer.write, line)

    @property
    def ready(self) -> bool:
        """The host welcomed this joiner and sent its first view: a table may be made."""
        return self._view is not None and self.seat is not None

    @property
    def pending(self) -> bool:
        """An intent of this joiner's is on its way to the host (not yet answered)."""
        return self._pending

    def pump(self) -> int:
        """Apply what the host sent since the last call; returns how many lines."""
        self.wake.clear()
        done = 0
        while True:
            try:
                line = self._inbox.get_nowait()
            except queue.Empty:
                return done
            done += 1
            if line is None:
                self.lost = True
                continue
            if self.tap is not None:
                self.tap(line)
            try:
                self._apply(wire.decode(line, wire.HOST_TYPES))
            except WireError as err:
                log.error("the host sent what this program cannot read (%s)", err.reason)

    def _apply(self, m: dict[str, Any]) -> None:
        kind = m["type"]
        if kind == "welcome":
            w = wire.welcome_of(m)
            c = w.config
            self.seat, self.token, self._seats = w.seat, w.token, w.seats
            self._config = GameConfig(c.players, c.edition, c.options, 0, c.first_dealer)
        elif kind == "table":
            self._seats, self.away = wire.table_of(m)
        elif kind == "hold":
            self.held = wire.hold_of(m)
        elif kind == "state":
            s = wire.state_of(m)
            self._view, self._moves, self._refusals = s.view, s.moves, s.refusals
            self._pending = False
            for listener, viewer in list(self._listeners):
                listener(s.events if viewer() == self.seat else
                         events_for(s.events, None, s.view.config))
        elif kind == "refused":
            r = wire.refused_of(m)
            if not r.fatal and r.action is not None and r.action != self._sent:
                # the answer to a line this program did not send (something else wrote on its
                # connection): its own intent is still on its way
                log.info("the host refused an intent this table did not send: %s", r.text)
                return
            self.refused = r
            self._pending = False
            if r.fatal:
                self.lost = True
            log.info("the host refused: %s (%s)", r.code.value, r.text)

    # ---- the port -----------------------------------------------------------------------------

    @property
    def remote(self) -> frozenset[int]:
        """The seats this table does not play (every seat but the joiner's)."""
        return frozenset(range(len(self._seats))) - {self.seat}

    @property
    def config(self) -> GameConfig:
        """The rules (the seed stays on the host: it is 0 here)."""
        if self._config is None:
            raise RuntimeError("not welcomed yet")
        return self._config

    @property
    def seats(self) -> Sequence[Seat]:
        """Who sits where, as the host last said."""
        return self._seats

    @property
    def moves(self) -> int:
        """How many actions were taken so far (as the host last said)."""
        return self._moves

    def view(self, seat: int | None) -> PlayerView:
        """The joiner's view, or a bystander's drawn from it; no other seat's view is here."""
        own = self._view
        if own is None:
            raise RuntimeError("no view from the host yet")
        if seat == self.seat:
            return own
        if seat is None:
            return public_view(own, own.bids)
        raise ValueError(f"seat {seat}'s view is on the host only")

    def follow(self, listener: Callable[[list[Event]], None],
               viewer: Callable[[], int | None]) -> Callable[[], None]:
        """Call ``listener`` with each step's events (redacted by the host for this seat)."""
        entry = (listener, viewer)
        self._listeners.append(entry)
        return lambda: self._listeners.remove(entry) if entry in self._listeners else None

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions (none while an intent is on its way)."""
        view = self._view
        if seat != self.seat or view is None or self._pending or self.lost or self.held:
            return []
        return list(view.legal)

    def check(self, action: Action, seat: int) -> Refusal | None:
        """Why the rules refuse ``action`` now, as the host said (the host checks again)."""
        view = self._view
        if view is None or seat != self.seat or view.current_player != seat or self._pending:
            return Refusal(Rule.NOT_YOUR_TURN, {"seat": seat,
                                                "expected": None if view is None
                                                else view.current_player})
        if action in view.legal:
            return None
        known = self._refusals.get(action)
        if known is not None:
            return known
        if isinstance(action, Bid):
            return Refusal(Rule.BID_OUT_OF_RANGE, {"bid": action.n, "max": view.round})
        return Refusal(Rule.MALFORMED_ACTION, {"action": str(action)})

    def act(self, action: Action, seat: int) -> None:
        """Send ``action`` to the host; the view changes when the host says it happened."""
        if seat != self.seat:
            raise ValueError(f"this table plays seat {self.seat}, not {seat}")
        self._pending = True
        self._sent = action
        self.send_line(wire.act(seat, action))

    def start(self) -> None:
        """The host deals."""

    def advance(self) -> None:
        """The host deals the next round."""

    def takeback_refusal(self) -> TakeBackRule | None:
        """Take-back is off at a network table."""
        return TakeBackRule.NOT_SOLO

    def take_back(self) -> TakeBack:
        """Refused: take-back is off at a network table."""
        raise TakeBackError(TakeBackRule.NOT_SOLO)
