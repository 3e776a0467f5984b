"""Smoke-test states of the network table (issue #27), on 127.0.0.1 only: the host's waiting
screen with one seat joined and one open, the join screen refusing a code with a typo, a joiner's
table in the play, and the host's table waiting for a joiner who dropped."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wizard.engine import GameConfig, Phase
from wizard.net.client import RemoteGame
from wizard.net.host import NetHost, SeatStatus
from wizard.net.keep import table_key
from wizard.table import Seat, Session, step_ai

if TYPE_CHECKING:
    from .app import App

NET_SCREENS = ("net-host-waiting", "net-join", "net-table-joiner", "net-waiting-reconnect",
               "net-join-internet", "net-offline", "net-host-closed", "net-menu-rejoin",
               "net-continue", "net-host-gone", "net-host-new-code", "net-join-rejoin",
               "net-joiner-held", "net-host-wrong-code", "net-host-new-code-wrong",
               "net-join-rejoin-earlier", "net-menu-tokens-aside")
LOOPBACK = "127.0.0.1"
_open: list[Any] = []          # hosts and connections of the last net screen (closed at the next)


def close_net() -> None:
    """Close what the previous net screen opened."""
    while _open:
        _open.pop().close()


def _wait(cond: Callable[[], bool], step: Callable[[], object], what: str) -> None:
    end = time.monotonic() + 10
    while not cond():
        if time.monotonic() > end:
            raise RuntimeError(f"timed out: {what}")
        step()
        time.sleep(0.002)


def play_to(s: Session, reached: Callable[[Session], bool], limit: int = 5000) -> Session:
    """Play the started session ``s`` on to the first state where ``reached(s)`` holds (asked
    before each step): each person's first legal action, each computer's own move, each round's
    end closed. RuntimeError when it does not hold within ``limit`` steps (unlike
    ``smoke.play_until``, which stops there quietly). The network tests reach their states by it
    too."""
    for _i in range(limit):
        if reached(s):
            return s
        if s.phase is Phase.ROUND_END:
            s.advance()
        elif s.seats[s.current].is_human:   # type: ignore[index]
            s.act(s.legal_actions()[0])
        else:
            step_ai(s)
    raise RuntimeError("the game did not reach the state")


def _played(seats: list[Seat], viewer: int) -> Session:
    """A 4-seat game played (first legal actions) to ``viewer``'s card in round 3, a trick begun."""
    s = Session.new(GameConfig(4, seed=27), seats)
    s.start()
    return play_to(s, lambda s: s.current == viewer and s.phase is Phase.PLAY
                      and s.round >= 3 and len(s.view(viewer).trick) >= 1)


_mailbox: list[str] = []       # the smoke test's own mailbox server (started once)


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def smoke_mailbox() -> str:
    """A mailbox server of the smoke test's own on 127.0.0.1, in this process (never a public
    one); without the package (magic-wormhole-mailbox-server: a test dependency, not in the
    executable) a port where nothing listens, and the screens say there is no mailbox server."""
    if _mailbox:
        return _mailbox[0]
    import tempfile

    from wizard.net.twist import serve_mailbox
    port = _free_port()
    serve_mailbox(LOOPBACK, port, tempfile.mkdtemp(prefix="wizard-smoke-mailbox-"))
    _mailbox.append(f"ws://{LOOPBACK}:{port}/v1")
    return _mailbox[0]


class _Forget:
    """Closing it deletes what a smoke screen kept: a network game in progress and its kept
    table, or a joiner's kept seat."""

    def __init__(self, app: App, gid: str, key: str = "") -> None:
        self.app, self.gid, self.key = app, gid, key

    def close(self) -> None:
        from wizard.net.keep import host_tables, joiner_tokens
        if self.gid:
            self.app.prefs.delete_game(self.gid)
            host_tables(self.app.prefs.data_dir).drop(self.gid)
        if self.key:
            joiner_tokens(self.app.prefs.data_dir).drop(self.key)


class _Unsay:
    """Closing it forgets that the smoke test's seat tokens were set aside (the menu no longer
    says so)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def close(self) -> None:
        from .scenes.net_join import _set_aside
        _set_aside.pop(str(self.app.prefs.data_dir), None)


class _Silent:
    """What the screens read of a joiner's wormhole whose host has been silent for ``seconds``
    (the smoke test draws the overlay without a killed host; the tests kill one)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def unreachable_for(self) -> float:
        return self.seconds

    def close(self) -> None:
        """Nothing is open."""



def _away() -> tuple[Session, NetHost]:
    """A played table hosted on 127.0.0.1 whose seat 1 (Núria) is kept for a joiner not here."""
    seats = [Seat.human("Anna"), Seat.human("Núria"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    s = _played(seats, 0)
    host = NetHost(s, [1], bind=LOOPBACK, port=0, tokens={1: "kept-token-of-nuria"})
    host.open()
    _open.append(host)
    return s, host


def _joined(hold: bool = False) -> tuple[NetHost, RemoteGame]:
    """A played table with Núria joined at seat 1 on 127.0.0.1 (the joiner's screens start here);
    ``hold``: a resumed table whose host has not pressed Start yet."""
    seats = [Seat.ai("Anna", "easy"), Seat.human("Núria"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    host = NetHost(_played(seats, 1), [1], bind=LOOPBACK, port=0)
    host.hold = hold
    host.open()
    _open.append(host)
    r = RemoteGame(LOOPBACK, host.port, host.secret, "Núria")
    r.connect()
    _open.append(r)
    _wait(lambda: r.ready, lambda: (host.pump(), r.pump()), "the welcome")
    return host, r


def _waiting(app: App, seats: list[Seat], seed: int, open_seats: list[int]) -> tuple[Any, NetHost]:
    """The host's waiting screen for a new game of ``seats`` (seed ``seed``) whose
    ``open_seats`` wait for joiners, and its host (closed at the next screen)."""
    scene = app.go("net_host_waiting", session=Session.new(GameConfig(4, seed=seed), seats),
                   seats=open_seats)
    host = scene.host  # type: ignore[attr-defined]
    if host is None:
        raise RuntimeError(scene.error)  # type: ignore[attr-defined]
    _open.append(host)
    return scene, host


def _wrong_code(app: App) -> None:
    """The host's waiting screen after a wrong code was typed against seat 3's internet code
    (seat 2 taken): the new code, and why it changed."""
    seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.human("Seat 3"),
             Seat.ai("Merlin", "easy")]
    scene, host = _waiting(app, seats, 28, [1, 2])
    net = scene.internet
    if net is None:
        raise RuntimeError("no internet codes")
    _open.append(net)
    step = lambda: app.frame(0.0)  # noqa: E731
    _wait(lambda: net.code(2) is not None or net.offline, step, "the internet code")
    joiner = RemoteGame(LOOPBACK, host.port, host.secret, "Núria", seat=1)
    joiner.connect()
    _open.append(joiner)
    _wait(lambda: host.status(1) is SeatStatus.PLAYING, step, "the join")
    old = net.code(2)
    if old is None:                     # no mailbox server: the screen says so instead
        return
    _spoil(app, net, 2, old)


def _spoil(app: App, net: Any, seat: int, old: str) -> None:
    """A wrong code typed against ``seat``'s code ``old``, and the new code that replaces it."""
    from wizard.net.internet import InternetJoin, Phase, Servers
    step = lambda: app.frame(0.0)  # noqa: E731
    number, *words = old.split("-")
    wrong = InternetJoin("-".join([number, *(["tiger", "indigo"] if words != ["tiger", "indigo"]
                                             else ["indigo", "tiger"])]),
                         Servers(app.net_mailbox, app.net_relay))  # type: ignore[attr-defined]
    wrong.open()
    _open.append(wrong)
    _wait(lambda: wrong.phase is Phase.WRONG_CODE, step, "the wrong code")
    _wait(lambda: net.code(seat) not in (None, old), step, "the new code")
    app.frame(0.0)


def make_net_screen(app: App, name: str) -> None:
    """Put ``app`` in the network state ``name``."""
    close_net()
    app.net_bind = LOOPBACK         # type: ignore[attr-defined]
    app.net_port = 0                # type: ignore[attr-defined]
    # internet codes only from the smoke test's own server (or none): never a public server
    app.net_mailbox = smoke_mailbox() if name in ("net-host-waiting", "net-host-new-code",
                                                  "net-host-wrong-code",
                                                  "net-host-new-code-wrong") \
        else "off"  # type: ignore[attr-defined]
    app.net_relay = f"tcp:{LOOPBACK}:{_free_port()}"   # type: ignore[attr-defined]
    if name == "net-offline":
        app.net_mailbox = f"ws://{LOOPBACK}:{_free_port()}/v1"  # type: ignore[attr-defined]
        seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.ai("Merlin", "easy"),
                 Seat.ai("Morgana", "easy")]
        scene, _host = _waiting(app, seats, 29, [1])
        net = scene.internet
        _open.append(net)
        _wait(lambda: net.offline, lambda: app.frame(0.0), "the mailbox server's absence")
        app.frame(0.0)
    elif name == "net-join-internet":
        join = app.go("net_join", code="7-indgo-tiger", name="Núria")   # a typo, said in words
        join.join()  # type: ignore[attr-defined]
        if "indigo" not in join.error:  # type: ignore[attr-defined]
            raise RuntimeError("the typo was not said")
    elif name == "net-host-wrong-code":
        _wrong_code(app)
    elif name == "net-host-waiting":
        seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.human("Seat 3"),
                 Seat.ai("Merlin", "easy")]
        scene, host = _waiting(app, seats, 28, [1, 2])
        c = host.join_code()
        from wizard.net.joincode import decode
        code = decode(c)
        joiner = RemoteGame(code.address, code.port, code.secret, "Núria")
        joiner.connect()
        _open.append(joiner)
        _wait(lambda: host.status(1) is SeatStatus.PLAYING, lambda: app.frame(0.0), "the join")
        stranger = RemoteGame(code.address, code.port, (code.secret + 1) % 2 ** 40, "Eve")
        stranger.connect()                  # refused: the screen says strangers are knocking
        _open.append(stranger)
        _wait(lambda: host.strangers() > 0, lambda: app.frame(0.0), "the stranger's refusal")
        for _i in range(2):
            app.frame(0.0)
        net = scene.internet
        if net is not None:
            _open.append(net)
            _wait(lambda: net.code(2) is not None or net.offline, lambda: app.frame(0.0),
                  "the internet code")
            app.frame(0.0)
    elif name == "net-join":
        join = app.go("net_join", code="24Y7-4C3B-4Y", name="Núria")   # a typo: refused
        join.join()  # type: ignore[attr-defined]
        if not join.error:  # type: ignore[attr-defined]
            raise RuntimeError("the typo was not caught")
    elif name in ("net-table-joiner", "net-joiner-held"):
        host, r = _joined(hold=name == "net-joiner-held")
        app.go("net_table_joiner", remote=r, key=table_key(LOOPBACK, host.port, host.secret))
        for _i in range(3):
            app.frame(0.0)
    elif name == "net-waiting-reconnect":
        s, host = _away()
        if host.status(1) is not SeatStatus.AWAY:
            raise RuntimeError("the seat is not waiting for its joiner")
        app.go("net_table_host", session=s, host=host)
        for _i in range(3):
            app.frame(0.0)
    elif name in ("net-host-closed", "net-menu-rejoin"):
        # a joiner whose host chose "Save and leave"; then the same joiner's program restarted
        host, r = _joined()
        key = table_key(LOOPBACK, host.port, host.secret)
        from .scenes.net_join import keep_token
        keep_token(app, r)
        _open.append(_Forget(app, "", key))      # the kept seat gone before the next screen
        app.go("net_table_joiner", remote=r, key=key)
        host.close()
        _wait(lambda: type(app.top).__name__ == "ReconnectScene", lambda: app.frame(0.0),
              "the reconnect overlay")
        if name == "net-menu-rejoin":
            app.go("menu")
        for _i in range(3):
            app.frame(0.0)
    elif name == "net-host-gone":
        # an internet joiner whose host has been silent for 23 s (killed, or its link down):
        # the overlay that waits for it, with the new code and the menu
        host, r = _joined()
        from . import netui
        netui._joins[(LOOPBACK, host.port)] = (_Silent(23.0), None)   # type: ignore[assignment]
        app.go("net_table_joiner", remote=r, key=table_key(LOOPBACK, host.port, host.secret))
        _wait(lambda: type(app.top).__name__ == "ReconnectScene", lambda: app.frame(0.0),
              "the host-gone overlay")
        for _i in range(3):
            app.frame(0.0)
    elif name in ("net-host-new-code", "net-host-new-code-wrong"):
        # the host's table: an internet joiner is gone, and the host gave its seat a new code
        s, host = _away()
        from . import netui
        net = netui.internet_table(app, host)
        if net is None:
            raise RuntimeError("no internet codes")
        _open.append(net)
        scene = app.go("net_table_host", session=s, host=host)
        scene.new_code(1)  # type: ignore[attr-defined]
        _wait(lambda: net.code(1) is not None or net.offline, lambda: app.frame(0.0),
              "the new code")
        code = net.code(1)
        if name == "net-host-new-code-wrong" and code is not None:
            _spoil(app, net, 1, code)         # then someone typed a wrong code against it
        for _i in range(3):
            app.frame(0.0)
    elif name in ("net-join-rejoin", "net-join-rejoin-earlier"):
        # a joiner back after a restart at an internet table: asked for the seat's new code (a
        # seat kept by an earlier version: how it was joined is not known, both are said)
        app.go("net_join", name="Núria", offer_last=False, rejoin=True,
               earlier=name == "net-join-rejoin-earlier")
        for _i in range(2):
            app.frame(0.0)
    elif name == "net-menu-tokens-aside":
        # the seat tokens' file was damaged: set aside, and said on the menu
        from wizard.net.keep import TOKENS_FILE
        path = app.prefs.data_dir / TOKENS_FILE
        path.write_bytes(b'{"192.168.1.20:36523:1": {"token": ')
        app.go("menu")
        for aside in path.parent.glob(TOKENS_FILE + ".damaged-*"):
            aside.unlink()                # the smoke test's own file (the note stays said)
        _open.append(_Unsay(app))         # not said on the next screens
        for _i in range(2):
            app.frame(0.0)
    elif name == "net-continue":
        from wizard.net.keep import host_tables
        seats = [Seat.human("Anna"), Seat.human("Núria"), Seat.ai("Merlin", "easy"),
                 Seat.ai("Morgana", "easy")]
        s = _played(seats, 0)
        s.on_save = app.prefs.save_game
        app.prefs.save_game(s)
        app.prefs.flush()
        gid = app.prefs.game_id(s)
        host_tables(app.prefs.data_dir).put(gid, {
            "port": 36_523, "secret": 1, "seats": [1], "tokens": {}})
        _open.append(_Forget(app, gid))          # gone before the next screen
        app.go("continue_list")
        for _i in range(2):
            app.frame(0.0)
    else:
        raise ValueError(name)
