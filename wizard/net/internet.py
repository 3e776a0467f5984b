"""The internet table (issue #33): magic-wormhole as one more transport under ``NetHost`` and
``RemoteGame``, joined by a code read aloud (``7-crossword-orbit``).

Nothing of the table's protocol changes: a wormhole only carries the same JSON lines. magic-wormhole
does the rest (we write no relay, rendezvous or crypto): its mailbox server pairs the host and the
joiner by the code, SPAKE2 makes a key from it, and Dilation gives an encrypted connection, direct
when the routers allow one and through its transit relay when not, that survives a dropped link or
a new address without a rejoin.

- **The host** (``InternetTable``): each network seat gets its own invitation, a wormhole with a
  fresh code. Once a joiner's code opened it (the code is spent), the host sends through it, end to
  end encrypted, the table's local join code and the seat; then every Dilation subchannel the
  joiner opens is piped to a new connection to the ``NetHost``'s own listening socket. A code that
  failed is replaced by a new one. A wrong code typed against a seat's code (a mistyped word, or
  a stranger who guessed its number) makes SPAKE2 fail on both ends: that wormhole is over, and
  its code leads nowhere any more; the seat gets a new code, with another number (a friend who
  types the old code then finds no table, rather than spoiling the new one in turn), and
  ``spoiled`` counts it so that the host's screen says why the code changed (the seats already
  taken keep their own wormholes). ``renew(seat)`` gives a seat a new code (a resumed game
  makes new invitations anyway).
- **The joiner** (``InternetJoin``): opens the wormhole with the typed code, reads the host's
  message, and listens on 127.0.0.1 (an ephemeral port): each connection made there (the
  ``RemoteGame``, and again after a loss) becomes a subchannel to the host. The ``RemoteGame`` is
  made with ``LOOPBACK, join.port`` and the secret from the host's message.
- **Servers** (``Servers``): the mailbox server's URL and the transit relay's hint; by default
  magic-wormhole's public ones.

Twisted (``twist``): its reactor runs on its own thread; the bridge between it and the table is a
local TCP connection (host side: to the ``NetHost``'s own socket; joiner side: from the
``RemoteGame``), so the host and the client stay exactly as they are.

No pygame here. What a player reads about a state is said by the screens (``Phase`` below).
"""

from __future__ import annotations

import enum
import json
import logging
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .twist import Counter, in_reactor, pipe_classes, reactor

log = logging.getLogger(__name__)

APPID = "wizard-for-the-desktop/table/v1"
PROTOCOL = "wizard-table"            # the Dilation subprotocol's name
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
LOOPBACK = "127.0.0.1"
OFFLINE_AFTER = 8.0                  # seconds without the mailbox server: say so (the issue: 10)
PING_S = 5.0                         # Dilation's keep-alive: a dead connection is replaced after
                                     # 2 silent intervals (its default, 30 s, took a minute); read
                                     # when a wormhole is made (tests make it short)
RETRY = 10.0                         # host: seconds between tries to reach the mailbox server
NO_TABLE_AFTER = 30.0                # seconds with the server and no host behind the code
SPOILED_KEPT = 3                     # the numbers of the last codes spoiled, not given again


@dataclass(frozen=True)
class Servers:
    """Where the mailbox server and the transit relay are; ``direct=False``: never a direct
    connection (the relay only)."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    direct: bool = True

    @staticmethod
    def relay_hint(url: str) -> str:
        """``tcp:host:port`` from what a person may type (``tcp://host:port``, ``host:port``)."""
        text = url.strip()
        text = re.sub(r"^tcp://", "", text)
        if text.startswith("tcp:"):
            return text
        return "tcp:" + text


def bad_server(kind: str, url: str) -> str | None:
    """Why ``url`` cannot be a mailbox server (``kind`` "mailbox": ``ws://host:port/v1``, or
    "off") or a transit relay ("relay": ``tcp:host:port``, ``host:port``); None if it can."""
    text = url.strip()
    if kind == "mailbox":
        if text.lower() == "off" or re.match(r"^wss?://[^\s/:]+(:\d{1,5})?(/\S*)?$", text):
            return None
        return "use ws://host:port/v1 (or off)"
    if re.match(r"^[^\s:]+:\d{1,5}$", Servers.relay_hint(text).removeprefix("tcp:")):
        return None
    return "use tcp:host:port"


# ---- the code's form ----------------------------------------------------------------------------

CODE_FORM = re.compile(r"^\s*\d+\s*(-\s*[A-Za-z]+\s*)+$")


def looks_like_wormhole(text: str) -> bool:
    """Whether ``text`` has the form of a wormhole code (a number, a dash, words) rather than a
    local-network code (groups of letters and digits)."""
    # a nameplate has 1 to 3 digits; a local code's first group is 4 characters, which may all be
    # digits ("7342-Z6…"), so a number of 4 or more is a local code with a typo, not a wormhole's
    return bool(re.match(r"^\s*\d{1,3}\s*-\s*[A-Za-z]", text))


def nameplate(code: str) -> str:
    """A wormhole code's number (the mailbox's nameplate): "4" of "4-tradition-adrift"."""
    return code.split("-")[0].strip()


class CodeError(ValueError):
    """A typed wormhole code that cannot be right; ``word`` is the unknown word (or None) and
    ``guess`` the nearest word of the list, if one is near."""

    def __init__(self, reason: str, word: str | None = None, guess: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.word, self.guess = reason, word, guess


def _words() -> set[str]:
    from wormhole._wordlist import byte_to_even_word, byte_to_odd_word
    return {w.lower() for w in (*byte_to_even_word.values(), *byte_to_odd_word.values())}


def _near(word: str, words: set[str]) -> str | None:
    import difflib
    found = difflib.get_close_matches(word, sorted(words), n=1, cutoff=0.75)
    return found[0] if found else None


def clean_code(text: str) -> str:
    """The wormhole code in ``text`` in its one form (``7-crossword-orbit``), or ``CodeError``:
    a missing number, a missing word, a word that is not in magic-wormhole's list (with the
    nearest one). Nothing is sent before the code passes this."""
    parts = [p.strip().lower() for p in text.strip().split("-")]
    if not parts or not parts[0].isascii() or not parts[0].isdigit():
        raise CodeError("no number")
    words = [p for p in parts[1:]]
    if len(words) < 2 or any(not w for w in words):
        raise CodeError("too few words")
    known = _words()
    for w in words:
        if not w.isascii() or not w.isalpha() or w not in known:
            raise CodeError("unknown word", w, _near(w, known))
    return "-".join([str(int(parts[0]))] + words)


# ---- states -------------------------------------------------------------------------------------

class Phase(enum.Enum):
    """Where a wormhole is (the screens say each in words)."""

    CONNECTING = "connecting"        # reaching the mailbox server
    OFFLINE = "offline"              # the mailbox server did not answer in time (still trying)
    WAITING = "waiting"              # host: the code is shown; joiner: waiting for the host
    JOINED = "joined"                # the code was used: the two ends are paired
    READY = "ready"                  # joiner: the table can be reached through ``port``
    WRONG_CODE = "wrong-code"        # the two ends had different codes
    NO_TABLE = "no-table"            # joiner: no host answered this code in time
    FAILED = "failed"                # anything else (``why`` says it)
    CLOSED = "closed"


@dataclass
class _Wormhole:
    """What the two sides share: the wormhole, its phase and the mailbox server's status."""

    servers: Servers
    wake: threading.Event
    phase: Phase = Phase.CONNECTING
    why: str = ""
    mailbox_up: bool = False
    peer: str = ""                   # how the peer is reached now (Dilation's description)
    peer_up: bool = False            # Dilation says it has a connection (it may be a dead one)
    reconnects: int = 0
    heard: float | None = None       # when the peer last gave a sign of life (time.time(); None:
                                     # never reached)
    expires: float = 0.0             # Dilation's "expires_at": past it, the connection is dead
    ping_s: float = PING_S
    dead: float | None = None        # when the wormhole ended for want of its server
    w: Any = None
    dilated: Any = None
    started: float = field(default_factory=time.monotonic)

    def who(self) -> str:
        """This wormhole in the log (never its code: the code is the secret)."""
        return "internet"

    def _set(self, phase: Phase, why: str = "") -> None:
        if self.phase in (Phase.CLOSED,):
            return
        if phase is not self.phase or why != self.why:
            log.info("%s: %s%s", self.who(), phase.value, f" ({why})" if why else "")
        self.phase, self.why = phase, why
        self.wake.set()

    def _create(self) -> None:
        """On the reactor thread: make the wormhole and its Dilation."""
        import wormhole
        r = reactor()
        self.w = wormhole.create(APPID, self.servers.mailbox, r, dilation=True,
                                 on_status_update=self._mailbox_status)
        self.ping_s = PING_S
        self.dilated = self.w.dilate(
            transit_relay_location=Servers.relay_hint(self.servers.relay) if self.servers.relay
            else None,
            no_listen=not self.servers.direct, on_status_update=self._dilation_status,
            ping_interval=self.ping_s)
        r.callLater(OFFLINE_AFTER, self._check_offline)

    def _mailbox_status(self, status: Any) -> None:
        from wormhole._status import Connected
        log.debug("mailbox %s", status)
        up = isinstance(status.mailbox_connection, Connected)
        if up != self.mailbox_up:
            log.info("%s: mailbox server %s %s", self.who(), self.servers.mailbox,
                     "reached" if up else "lost")
            self.mailbox_up = up
            if up and self.phase is Phase.OFFLINE:
                self._set(Phase.CONNECTING if self.w is not None else self.phase)
                self._online()
            self.wake.set()

    def _online(self) -> None:
        """The server answered after all (subclasses say what that changes)."""

    def _check_offline(self) -> None:
        if not self.mailbox_up and self.phase is Phase.CONNECTING:
            self._set(Phase.OFFLINE, self.servers.mailbox)

    def _dilation_status(self, status: Any) -> None:
        """Dilation's news of the peer. Its "connected" is not enough: the side it makes the
        Follower is told nothing when the connection dies (it waits in silence for the Leader,
        which may be the peer that was killed), so the peer counts as reached only while
        Dilation's own keep-alive ("expires_at": the last ping or pong seen, plus two intervals)
        says so (``unreachable_for``)."""
        from wormhole._status import ConnectedPeer, ReconnectingPeer
        conn = status.peer_connection
        was = self.peer_up
        self.peer_up = isinstance(conn, ConnectedPeer)
        if self.peer_up:
            if not was or conn.hint_description != self.peer:
                log.info("%s: peer connected (%s)", self.who(), conn.hint_description)
            self.peer = conn.hint_description
            self.expires = float(conn.expires_at)
            self.heard = self.expires - 2 * self.ping_s     # the ping or pong just seen
        elif was:
            log.info("%s: peer connection %s", self.who(), type(conn).__name__)
        if isinstance(conn, ReconnectingPeer) and was:
            self.reconnects += 1
        self.wake.set()

    def _failed(self, failure: Any) -> None:
        from wormhole.errors import LonelyError, ServerConnectionError, WrongPasswordError
        if self.phase is Phase.CLOSED:
            return
        if failure.check(ServerConnectionError):   # refused or unreachable: the wormhole is over
            self.dead = time.monotonic()
            self._set(Phase.OFFLINE, self.servers.mailbox)
        elif failure.check(WrongPasswordError):
            self._set(Phase.WRONG_CODE)
        elif failure.check(LonelyError):
            self._set(Phase.CLOSED)
        else:
            self._set(Phase.FAILED, failure.getErrorMessage() or failure.type.__name__)

    def _close(self) -> None:
        w, self.w = self.w, None
        self._set(Phase.CLOSED)
        if w is not None:
            d = w.close()
            d.addErrback(lambda _f: None)     # a wormhole that never paired closes "lonely"

    def unreachable_for(self) -> float:
        """Seconds since the peer's last sign of life, once it counts as lost: Dilation is
        reconnecting, or its keep-alive has seen nothing for over three intervals (``PING_S``:
        15 s; two are Dilation's own limit, one more for a slow machine). 0 while the peer is
        reached, and before it ever was. A peer that comes back (Dilation reconnects) is reached
        again: nothing here is final."""
        heard = self.heard
        if heard is None:
            return 0.0
        now = time.time()                  # Dilation's clock (the reactor's seconds)
        if self.peer_up and now <= self.expires + self.ping_s:
            return 0.0
        return max(0.0, now - heard)

    @property
    def relayed(self) -> bool:
        """Whether the peer is reached through the transit relay now."""
        return "relay" in self.peer.lower()


# ---- the host -----------------------------------------------------------------------------------

class Invitation(_Wormhole):
    """One network seat's wormhole on the host's side: its code, then the pipes of its joiner."""

    def __init__(self, seat: int, message: bytes, target: tuple[str, int], servers: Servers,
                 wake: threading.Event) -> None:
        super().__init__(servers, wake)
        self.seat = seat
        self.code: str | None = None
        self.sent = Counter()             # bytes from the host to this joiner
        self.bridges: set[Any] = set()    # the open connections to the NetHost (reactor thread)
        self._message = message
        self._target = target

    def who(self) -> str:
        return f"internet seat {self.seat}"

    def start(self) -> None:
        in_reactor(self._start)

    def _start(self) -> None:
        self._create()
        self.w.allocate_code()
        self.w.get_code().addCallbacks(self._got_code, self._failed)
        self.w.send_message(self._message)    # sent (encrypted) once the key is made
        self.w.get_verifier().addCallbacks(self._paired, self._failed)
        self.dilated.listener_for(PROTOCOL).listen(self._factory())

    def _got_code(self, code: str) -> None:
        self.code = code
        if self.phase in (Phase.CONNECTING, Phase.OFFLINE):
            self._set(Phase.WAITING)

    def _online(self) -> None:
        if self.code is not None:
            self._set(Phase.WAITING)

    def _paired(self, _verifier: bytes) -> None:
        self._set(Phase.JOINED)

    def _factory(self) -> Any:
        End, Ends = pipe_classes()
        from twisted.internet.endpoints import TCP4ClientEndpoint

        def inbound() -> Any:
            joiner = End()

            def made() -> None:
                End.connectionMade(joiner)
                host_end = End(self.sent)
                self.bridges.add(host_end)
                lost = host_end.connectionLost

                def gone(reason: object = None) -> None:
                    self.bridges.discard(host_end)
                    lost(reason)
                host_end.connectionLost = gone
                ep = TCP4ClientEndpoint(reactor(), *self._target, timeout=5)
                d = ep.connect(Ends(lambda: host_end))
                d.addCallbacks(lambda _p: joiner.link(host_end), lambda _f: (
                    self.bridges.discard(host_end), joiner.transport.loseConnection()))
            joiner.connectionMade = made
            return joiner

        return Ends(inbound)


class InternetTable:
    """The internet invitations of a ``NetHost``'s network seats (one code per seat)."""

    def __init__(self, host: Any, servers: Servers = Servers()) -> None:
        self.host = host
        self.servers = servers
        self.wake = threading.Event()
        self.invitations: dict[int, Invitation] = {}
        # seat -> the wormholes its earlier codes opened, kept open after a new code was given
        # for it (``renew(keep_old=True)``): a joiner who was only out of reach comes back
        # through its own by Dilation; closed with the table
        self.former: dict[int, list[Invitation]] = {}
        # seat -> how many of its codes a wrong code spoiled since the host last gave it one
        # (the screens say so beside the new code)
        self.spoiled: dict[int, int] = {}
        # the numbers (nameplates) of the last codes spoiled: a new code takes another number
        self.spoiled_numbers: list[str] = []
        self._lock = threading.Lock()

    def _message(self, seat: int) -> bytes:
        return json.dumps({"wizard-table": 1, "code": self.host.join_code(),
                           "seat": seat}).encode()

    def open(self) -> None:
        """An invitation for each network seat (the host must be open: its port is known)."""
        for seat in sorted(self.host.open_seats):
            self.renew(seat)

    def renew(self, seat: int, *, offline: bool = False, keep_old: bool = False) -> Invitation:
        """A new code for ``seat``, asked for by the host (its old wormhole, if any, is closed, or
        with ``keep_old`` kept open if a joiner used it: the host's table gives a new code to a
        seat whose joiner is gone or silent, and a joiner only out of reach still comes back
        through the old one); ``offline``: the last try found no mailbox server, and this one
        says so until it does. The seat is no longer said to have had a wrong code."""
        self.spoiled.pop(seat, None)
        return self._invite(seat, offline=offline, keep_old=keep_old)

    def _invite(self, seat: int, *, offline: bool = False, keep_old: bool = False) -> Invitation:
        invite = Invitation(seat, self._message(seat), (self.host.bind, self.host.port),
                            self.servers, self.wake)
        if offline:
            invite.phase, invite.why = Phase.OFFLINE, self.servers.mailbox
        with self._lock:
            old = self.invitations.get(seat)
            self.invitations[seat] = invite
            if old is not None and keep_old and old.phase is Phase.JOINED:
                self.former.setdefault(seat, []).append(old)
                old = None
        if old is not None:
            in_reactor(old._close)
        invite.start()
        return invite

    def code(self, seat: int) -> str | None:
        """The seat's code while nobody used it (None before it came, and once it is spent; and
        while it has the number of a code a wrong one spoiled: ``pump`` replaces it)."""
        invite = self.invitations.get(seat)
        if invite is None or invite.phase is not Phase.WAITING or self._reused(invite):
            return None
        return invite.code

    def _reused(self, invite: Invitation) -> bool:
        """Whether ``invite``'s code has the number of a code a wrong one spoiled lately (the
        friend given that code would type it against this one, and spoil it in turn)."""
        return invite.code is not None and nameplate(invite.code) in self.spoiled_numbers

    def phase(self, seat: int) -> Phase:
        invite = self.invitations.get(seat)
        return Phase.CLOSED if invite is None else invite.phase

    def pump(self, seats: Any = None) -> None:
        """On the host's game thread: a code spoiled by a wrong one is replaced by a new one, and
        without the mailbox server a new try is made every ``RETRY`` seconds (for ``seats``
        only, if given: at the table, those given a new code)."""
        self.wake.clear()
        now = time.monotonic()
        for seat, invite in list(self.invitations.items()):
            if seats is not None and seat not in seats:
                continue
            if invite.phase is Phase.WRONG_CODE:
                self.spoiled[seat] = self.spoiled.get(seat, 0) + 1
                if invite.code is not None:
                    number = nameplate(invite.code)
                    self.spoiled_numbers = [n for n in self.spoiled_numbers if n != number]
                    self.spoiled_numbers = [*self.spoiled_numbers, number][-SPOILED_KEPT:]
                log.info("%s: a wrong code was tried: a new code", invite.who())
                self._invite(seat)
            elif invite.phase is Phase.FAILED or (
                    invite.dead is not None and now - invite.dead > RETRY):
                self._invite(seat, offline=invite.dead is not None)
            elif invite.phase is Phase.WAITING and self._reused(invite):
                self._invite(seat)         # the number of a spoiled code: another one

    @property
    def offline(self) -> bool:
        """Whether the mailbox server could not be reached (``servers.mailbox`` names it)."""
        return any(i.phase is Phase.OFFLINE for i in self.invitations.values())

    def unreachable_for(self, seat: int) -> float:
        """Seconds since the joiner of ``seat``'s wormhole last gave a sign of life, once it
        counts as lost (0 while it is reached, or if nobody joined by this seat's code)."""
        # after a new code (``renew(keep_old=True)``) the seat is still played through its old
        # wormhole until its joiner is back by the new one (``settle``): its silence is the old
        # one's (someone else who typed the new code and was refused changes nothing)
        former = [i for i in self.former.get(seat, ()) if i.phase is Phase.JOINED]
        if former:
            return former[-1].unreachable_for()
        invite = self.invitations.get(seat)
        if invite is None or invite.phase is not Phase.JOINED:
            return 0.0
        return invite.unreachable_for()

    def settle(self, seat: int) -> None:
        """``seat``'s joiner is back by its new code: the old wormholes close."""
        with self._lock:
            old = self.former.pop(seat, [])
        for invite in old:
            in_reactor(invite._close)

    def close(self, flush: float = 1.0) -> None:
        """Close every wormhole. Close the ``NetHost`` first: what it said last (the table
        closed) goes through each wormhole before it closes, for at most ``flush`` seconds, so
        that a joiner hears at once that the host left."""
        with self._lock:
            invites = list(self.invitations.values())
            invites += [i for old in self.former.values() for i in old]
            self.former = {}
        done = threading.Event()

        def shut() -> None:
            r = reactor()
            deadline = time.monotonic() + flush

            def step() -> None:
                if any(i.bridges for i in invites) and time.monotonic() < deadline:
                    r.callLater(0.02, step)
                    return
                for invite in invites:
                    invite._close()
                done.set()
            step()
        in_reactor(shut)
        if flush > 0:
            done.wait(flush + 1.0)


# ---- the joiner ---------------------------------------------------------------------------------

class InternetJoin(_Wormhole):
    """The joiner's wormhole to a table: ``phase`` becomes ``READY`` once the host's message came;
    then ``RemoteGame(LOOPBACK, port, secret, ...)`` reaches the table (``table_code`` is the
    table's local join code, for its secret and for keeping the seat's token; ``seat`` the seat
    this code was made for)."""

    def __init__(self, code: str, servers: Servers = Servers(),
                 wake: threading.Event | None = None, *,
                 no_table_after: float = NO_TABLE_AFTER) -> None:
        super().__init__(servers, wake or threading.Event())
        self.no_table_after = no_table_after
        self.code = clean_code(code)
        self.port: int | None = None
        self.table_code: str | None = None
        self.seat: int | None = None
        self.received = Counter()          # bytes from the host
        self._listening: Any = None

    def who(self) -> str:
        return "internet join"

    def open(self) -> None:
        in_reactor(self._start)

    def close(self) -> None:
        def shut() -> None:
            if self._listening is not None:
                self._listening.stopListening()
            self._close()
        in_reactor(shut)

    def _start(self) -> None:
        self._create()
        self.w.set_code(self.code)
        self.w.get_message().addCallbacks(self._got_message, self._failed)
        self.w.get_verifier().addCallbacks(lambda _v: self._set(Phase.JOINED)
                                           if self.phase is not Phase.READY else None,
                                           self._failed)
        reactor().callLater(self.no_table_after, self._check_lonely)

    def _online(self) -> None:
        self._set(Phase.WAITING)

    def _mailbox_status(self, status: Any) -> None:
        super()._mailbox_status(status)
        if self.mailbox_up and self.phase is Phase.CONNECTING:
            self._set(Phase.WAITING)

    def _check_lonely(self) -> None:
        if self.phase is Phase.WAITING:
            self._set(Phase.NO_TABLE)

    def _got_message(self, data: bytes) -> None:
        try:
            m = json.loads(data)
            if m.get("wizard-table") != 1:
                raise ValueError("not a Wizard table")
            code, seat = m["code"], m["seat"]
            if not isinstance(code, str) or not isinstance(seat, int) or len(code) > 64:
                raise ValueError("a damaged invitation")
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            self._set(Phase.FAILED, str(err))
            return
        self.table_code, self.seat = code, seat
        self._listen()

    def _listen(self) -> None:
        End, Ends = pipe_classes()
        from twisted.internet.endpoints import TCP4ServerEndpoint

        def local() -> Any:
            mine = End()

            def made() -> None:
                End.connectionMade(mine)
                host_end = End(self.received)
                d = self.dilated.connector_for(PROTOCOL).connect(Ends(lambda: host_end))
                d.addCallbacks(lambda _p: mine.link(host_end),
                               lambda _f: mine.transport.loseConnection())
            mine.connectionMade = made
            return mine

        ep = TCP4ServerEndpoint(reactor(), 0, interface=LOOPBACK)

        def listening(port: Any) -> None:
            self._listening = port
            self.port = port.getHost().port
            self._set(Phase.READY)

        ep.listen(Ends(local)).addCallbacks(listening, self._failed)
