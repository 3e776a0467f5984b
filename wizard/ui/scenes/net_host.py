"""The host's waiting screen (``net-host-waiting``): the table's name, the join code read aloud,
the address it listens on, each remote seat's state; Start once every remote seat is taken.

It opens the ``NetHost`` (or takes the one a resumed game reopened), pumps it every frame and
hands it to the host's table screen on Start; Cancel closes it (the table stops listening).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _, every_translation, ngettext
from wizard.net.host import NetHost, SeatStatus
from wizard.net.internet import InternetTable, Phase
from wizard.net.keep import host_tables, joiner_tokens
from wizard.net.wake import Waker
from wizard.table import Seat, Session, clean_name

from .. import text, theme
from ..netui import (
    NET_EVENT,
    bind_address,
    chosen_bind,
    close_internet,
    host_port,
    internet_table,
    waker_for,
)
from ..textbox import copy_to_clipboard
from ..widgets import Button, panel
from .base import Screen


def status_text(status: SeatStatus, name: str) -> str:
    """A remote seat's state as the host reads it."""
    if status is SeatStatus.PLAYING:
        return _("{name} has joined").format(name=name)
    if status is SeatStatus.AWAY:
        return _("waiting for {name} (reconnecting…)").format(name=name)
    if status is SeatStatus.LENT:
        return _("a computer plays for {name} until they are back").format(name=name)
    return _("open: waiting for a player")


def strangers_line(host: NetHost) -> str:
    """What the host's screens say while connections without the code are refused; "" if none
    were in the last minute."""
    n = host.strangers()
    return "" if n == 0 else ngettext(
        "Strangers are knocking: {count} connection without this table's code was refused in "
        "the last minute. Your players get in all the same.",
        "Strangers are knocking: {count} connections without this table's code were refused in "
        "the last minute. Your players get in all the same.", n).format(count=n)


def wrong_code_line(net: InternetTable | None, seats: Iterable[int]) -> str:
    """What the host's waiting screen says when a wrong code was typed against the code of one of
    ``seats`` (not taken yet): that code is spent, the seat has a new one to give again; "" if
    none was."""
    spoiled = [] if net is None else [s for s in sorted(seats) if net.spoiled.get(s)]
    if not spoiled:
        return ""
    numbers = messages.and_list([str(s + 1) for s in spoiled])
    return ngettext(
        "Someone typed a wrong code for seat {seats} (a mistyped word, or a stranger guessing), "
        "so that code no longer works. Seat {seats} has a new code: give it again to the friend "
        "you invited.",
        "Someone typed wrong codes for seats {seats} (mistyped words, or a stranger guessing), "
        "so those codes no longer work. Each of these seats has a new code: give them again to "
        "the friends you invited.", len(spoiled)).format(seats=numbers)


def open_host(app: Any, session: Session, seats: Iterable[int], *, port: int | None = None,
              secret: int | None = None, tokens: dict[int, str] | None = None) -> NetHost:
    """A ``NetHost`` listening for ``seats`` (``OSError`` if no port can be had). The default port
    first; if it is taken, any free one (the code is then a little longer)."""
    bind = bind_address(app)
    first = host_port(app) if port is None else port
    for p in dict.fromkeys((first, 0)):
        host = NetHost(session, seats, bind=bind, port=p, secret=secret, tokens=tokens,
                       before_send=app.prefs.flush)     # a step's save on disk before it is told
        try:
            host.open()
            return host
        except OSError:
            host.close()
            if p == 0:
                raise
    raise OSError("no port")


# wrong secrets a table's code may have been tried with before a resume gives it a new one (the
# joiners come back with their seat tokens; a newcomer needs the new code): 1,000 guesses of a
# 40-bit secret find it once in a billion
ROTATE_AFTER = 1_000


def keep_table(app: Any, session: Session, host: NetHost) -> None:
    """Keep the table's port, secret, seats and tokens beside the save (a resume reopens it), and
    how many wrong secrets its code was tried with so far (``guessed``)."""
    gid = app.prefs.game_id(session)
    kept = host_tables(app.prefs.data_dir)
    old = kept.get(gid) or {}
    base = old.get("guessed_base", 0) if old.get("secret") == host.secret else 0
    base = base if isinstance(base, int) and base >= 0 else 0
    kept.put(gid, {
        "port": host.port, "secret": host.secret, "seats": sorted(host.open_seats),
        "tokens": {str(s): t for s, t in host.tokens.items()},
        "guessed_base": base, "guessed": base + host.counts.refused.get("secret", 0)})


def own_name(app: Any) -> str:
    """The host's own name, for a seat that keeps "You" at a network table: the name this
    computer last joined a table with, else the account's full name; "" if neither is known."""
    for entry in reversed(list(joiner_tokens(app.prefs.data_dir).read().values())):
        name = clean_name(entry.get("name"))
        if name and not messages.is_default_you(name) and name not in every_translation("Guest"):
            return name
    try:
        import pwd  # not on Windows
        account = pwd.getpwuid(os.getuid())
        full = clean_name(account.pw_gecos.split(",")[0])
        return full if full and full != account.pw_name else ""
    except (ImportError, KeyError, OSError, AttributeError):
        return ""


def name_the_host(session: Session, remote: Iterable[int], own: str = "") -> None:
    """The host's people keeping the default name "You" take the host's ``own`` name at a network
    table (the joiners would otherwise read "You" for someone else, and a joiner in another
    language the host's word for "Host"); "Host" when it is not known, and only for one seat."""
    far = set(remote)
    for i, seat in enumerate(session.seats):
        if seat.is_human and i not in far and messages.is_default_you(seat.name):
            # TRANSLATORS: the name of the host's player at a network table when they kept "You"
            session.seats[i] = Seat.human(own or _("Host"))
            own = ""


class NetHostScene(Screen):
    """Waiting for the people on other computers."""

    title = N_("A table on the network")

    def __init__(self, app: Any, session: Session, seats: Iterable[int] = (),
                 host: NetHost | None = None) -> None:
        super().__init__(app)
        self.game = session
        self.seats = sorted(seats) if host is None else sorted(host.open_seats)
        self.error = ""
        self.host: NetHost | None = host
        if host is None:
            name_the_host(session, self.seats, own_name(app))
            try:
                self.host = open_host(app, session, self.seats)
            except OSError as err:
                self.error = _("This computer cannot open a table on {address}: {reason}").format(
                    address=bind_address(app), reason=err.strerror or err)
        self.waker: Waker | None = None if self.host is None else waker_for(app, self.host.wake)
        if self.host is not None:
            self.host.hold = True       # nothing moves before Start (a resumed game is mid-round)
        # the internet codes (#33): one wormhole per seat, beside the local-network code
        self.internet = None if self.host is None else internet_table(app, self.host)
        self.internet_waker = None if self.internet is None else waker_for(app, self.internet.wake)
        self.shown_codes: dict[int, str | None] = {}
        self.copy_buttons: dict[int, Button] = {}
        self.copied: int | None = None            # the seat whose code was copied last
        self.started = False
        self.strangers = 0

    @property
    def table_name(self) -> str:
        """The table is named after the host's first person."""
        s = self.game
        own = [seat.name for i, seat in enumerate(s.seats) if seat.is_human and i not in self.seats]
        return _("{name}'s table").format(name=own[0]) if own else _("The table")

    def code(self) -> str:
        """The join code."""
        return "" if self.host is None else self.host.join_code()

    def ready(self) -> bool:
        """Every remote seat has its player."""
        h = self.host
        return h is not None and all(h.status(s) is SeatStatus.PLAYING for s in self.seats)

    def build(self, width: int, height: int) -> None:
        """Cancel and Start at the bottom."""
        u = self.unit
        bw, bh = 220 * u, 56 * u
        by = height - 24 * u - bh
        self.widgets.append(Button((width / 2 - bw - 10 * u, by, bw, bh), _("Cancel"), self.back))
        self.start_button = Button((width / 2 + 10 * u, by, bw, bh), _("Start"), self.start,
                                   primary=True, enabled=self.ready(), keys=(pygame.K_RETURN,),
                                   reason=lambda: _("Waiting for every seat to be taken."))
        self.widgets.append(self.start_button)
        self.copy_buttons = {}
        if self.internet is not None and not self.error:
            cw, ch = 110 * u, 40 * u
            right = width * 0.88 - 30 * u
            for i, seat in enumerate(self.seats):
                if not self.internet_code(seat):
                    continue
                y = self.rows_top(height) + i * self.row_h() + 30 * u
                b = Button((right - cw, y - 3 * u, cw, ch),
                           _("Copied") if self.copied == seat else _("Copy"),
                           lambda seat=seat: self.copy(seat), size=15 * u)
                self.copy_buttons[seat] = b
                self.widgets.append(b)

    def internet_code(self, seat: int) -> str | None:
        """The seat's internet code while it can be used (not once its player is seated)."""
        if self.internet is None or self.host is None or \
                self.host.status(seat) is SeatStatus.PLAYING:
            return None
        return self.internet.code(seat)

    def copy(self, seat: int) -> None:
        """Copy the seat's internet code (one click), to paste in a message to a friend."""
        code = self.internet_code(seat)
        if code:
            copy_to_clipboard(code)
            self.copied = seat
            self.layout(*self.size)

    def row_h(self) -> float:
        """The height of a seat's rows (its state, and its internet code under it)."""
        return (82 if self.internet is not None else 32) * self.unit

    def rows_top(self, height: float) -> float:
        """Where the seats' rows begin (as ``draw_body`` lays them out)."""
        u = self.unit
        y = 96 * u + 18 * u + 48 * u + 26 * u + 84 * u + 26 * u + 40 * u
        if self.host is not None and self.host.bind.startswith("127.") and \
                not chosen_bind(self.app):
            y += 22 * u
        if self.internet is not None and self.internet.offline:
            y += 26 * u
        return y

    def busy(self) -> bool:
        """Headless (tests): frames are driven from outside; a real loop wakes on the host's news."""
        return False

    def update(self, dt: float) -> None:
        """Take in arrivals and departures; Start when every seat is taken."""
        h = self.host
        if h is None or self.started:
            return
        if h.pump():
            self.app.dirty = True
        strangers = h.strangers()
        if strangers != self.strangers:        # "strangers are knocking" (woken once a second)
            self.strangers = strangers
            self.app.dirty = True
        net = self.internet
        if net is not None:
            offline = net.offline
            net.pump()
            codes = {seat: self.internet_code(seat) for seat in self.seats}
            if codes != self.shown_codes or offline != net.offline:
                self.shown_codes = codes
                self.copied = None
                self.layout(*self.size)      # the Copy buttons follow the codes
                self.app.dirty = True
        ready = self.ready()
        if ready != self.start_button.enabled:
            self.start_button.enabled = ready
            self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """The network's news wakes the loop; the rest goes to the buttons."""
        if event.type == NET_EVENT:
            self.app.dirty = True
            return
        super().handle(event)

    def back(self) -> None:
        """Cancel: the table stops listening (``on_exit``); back to New game."""
        self.app.go("menu")
        self.app.open("setup")

    def on_exit(self) -> None:
        """Left without Start (Cancel, or the window closed): the wakers end and the table stops
        listening; after Start the table screen has the host."""
        self.stop()
        if self.host is not None and not self.started:
            self.host.close()          # first: the joiners are told, through the wormholes
            close_internet(self.host)

    def stop(self) -> None:
        """The waker ends (the host goes on, to the table, or is closed)."""
        if self.waker is not None:
            self.waker.stop()
            self.waker = None
        if self.internet_waker is not None:
            self.internet_waker.stop()
            self.internet_waker = None

    def start(self) -> None:
        """Play: the table screen takes the host."""
        h = self.host
        if h is None or not self.ready():
            return
        self.started = True
        self.stop()
        h.hold = False
        keep_table(self.app, self.game, h)
        self.app.go("net_table_host", session=self.game, host=h)

    def draw_body(self, surf: pygame.Surface) -> None:
        """The table's name, the code, the address, the seats."""
        u = self.unit
        w, h = surf.get_size()
        box = pygame.Rect(w * 0.12, 96 * u, w * 0.76, h - 96 * u - 100 * u)
        panel(surf, box, u)
        x, y = box.centerx, box.y + 18 * u
        text.draw(surf, self.table_name, (x, y), int(28 * u), theme.ACCENT, "title",
                  anchor="midtop", max_w=box.w - 40 * u)
        y += 48 * u
        if self.error:
            text.draw_wrapped(surf, self.error, pygame.Rect(box.x + 30 * u, y, box.w - 60 * u,
                                                            box.h - 60 * u), int(18 * u), theme.BAD)
            return
        assert self.host is not None
        text.draw(surf, _("Local network code") if self.internet is not None else _("Join code"),
                  (x, y), int(17 * u), theme.INK_DIM, anchor="midtop")
        y += 26 * u
        text.draw(surf, self.code(), (x, y), int(64 * u), theme.INK, "title", anchor="midtop",
                  max_w=box.w - 40 * u)
        y += 84 * u
        hint = _("On the other computers: Join a table, then type this code and a name.") \
            if self.internet is None else _("On the other computers: Join a table, then type this "
                                            "code, or from anywhere the seat's internet code.")
        text.draw(surf, hint, (x, y), int(16 * u), theme.INK_DIM, anchor="midtop",
                  max_w=box.w - 40 * u)
        y += 26 * u
        text.draw(surf, _("Listening on {address}, port {port}").format(
            address=self.host.bind, port=self.host.port), (x, y), int(15 * u), theme.INK_DIM,
            anchor="midtop", max_w=box.w - 40 * u)
        if self.host.bind.startswith("127.") and not chosen_bind(self.app):
            y += 22 * u
            text.draw(surf, _("No network address found: only this computer can join. Start "
                              "Wizard with --net-bind and this computer's address."),
                      (x, y), int(15 * u), theme.BAD, anchor="midtop", max_w=box.w - 40 * u)
        net = self.internet
        if net is not None and net.offline:
            y += 26 * u
            text.draw(surf, _("No internet: the mailbox server {server} cannot be reached. The "
                              "local network code still works.").format(
                server=net.servers.mailbox), (x, y), int(15 * u), theme.BAD, anchor="midtop",
                max_w=box.w - 40 * u)
        y += 40 * u
        names = self.game.seats
        for seat in self.seats:
            status = self.host.status(seat)
            colour = theme.GOOD if status is SeatStatus.PLAYING else theme.INK
            line = _("Seat {number}").format(number=seat + 1) + " — " + status_text(
                status, names[seat].name)
            text.draw(surf, line, (x, y), int(19 * u), colour, "bold", anchor="midtop",
                      max_w=box.w - 40 * u)
            if net is not None:
                self.draw_internet(surf, seat, status, box, y + 30 * u)
            y += self.row_h()
        waiting = [s for s in self.seats if self.host.status(s) is not SeatStatus.PLAYING]
        for said in (wrong_code_line(net, waiting), strangers_line(self.host)):
            if said:
                room = pygame.Rect(box.x + 40 * u, y + 8 * u, box.w - 80 * u,
                                   box.bottom - y - 16 * u)
                y += 8 * u + text.draw_wrapped(surf, said, room, int(16 * u), theme.BAD,
                                               align="center")

    def draw_internet(self, surf: pygame.Surface, seat: int, status: SeatStatus,
                      box: pygame.Rect, y: float) -> None:
        """The seat's internet code (or where it is), left of its Copy button."""
        assert self.internet is not None
        u = self.unit
        if status is SeatStatus.PLAYING:
            return
        code = self.internet_code(seat)
        line, colour = code_line(self.internet, seat, code)
        right = self.copy_buttons[seat].rect.x - 16 * u if seat in self.copy_buttons \
            else box.right - 30 * u
        # The code a friend far away types: as readable as the local code's line allows (a
        # play-test found it a small line under the huge local code).
        text.draw(surf, line, (right, y), int((26 if code else 19) * u), colour,
                  "bold" if code else "text", anchor="topright", max_w=right - box.x - 30 * u)


def code_line(net: InternetTable, seat: int, code: str | None,
              at_table: bool = False) -> tuple[str, Any]:
    """The seat's internet code as its row says it (``code``: the code while it can be used),
    and the colour to say it in (the waiting screen, and a new code given ``at_table``). A code
    that replaces one a wrong code spoiled is said to be new (the waiting screen says why under
    the seats; the table's banner in its line)."""
    phase = net.phase(seat)
    if code and net.spoiled.get(seat):
        if at_table:
            return _("A wrong code was tried; the new code: {code}").format(code=code), \
                theme.INK
        return _("New internet code: {code}").format(code=code), theme.INK
    if code:
        return _("Internet code: {code}").format(code=code), theme.INK
    if phase is Phase.OFFLINE:
        return _("Internet code: no mailbox server"), theme.BAD
    if phase is Phase.JOINED:
        return _("Internet code used: the player is arriving…"), theme.INK_DIM
    return _("Internet code: asking {server}…").format(server=net.servers.mailbox), theme.INK_DIM


def kept_table(app: Any, session: Session) -> dict[str, Any] | None:
    """The network table kept beside ``session``'s save (port, secret, seats, tokens), if any and
    well formed (anything else there is ignored: the game resumes at one screen)."""
    entry = host_tables(app.prefs.data_dir).get(app.prefs.game_id(session))
    if entry is None:
        return None
    try:
        port, secret = entry["port"], entry["secret"]
        seats = [int(s) for s in entry["seats"]]
        tokens = {int(s): t for s, t in dict(entry.get("tokens", {})).items()
                  if isinstance(t, str)}
        guessed = entry.get("guessed", 0)
        guessed = guessed if isinstance(guessed, int) and guessed >= 0 else ROTATE_AFTER
        if not (isinstance(port, int) and 0 < port < 65_536 and isinstance(secret, int)) or \
                not seats or any(not 0 <= s < len(session.seats) for s in seats):
            return None
    except (KeyError, TypeError, ValueError):
        return None
    return {"port": port, "secret": secret, "seats": seats, "tokens": tokens, "guessed": guessed}


def resume_scene(app: Any, session: Session, **kwargs: Any) -> Any:
    """A resumed game: a network game reopens its table (same port and secret: the same code,
    unless it was tried with ``ROTATE_AFTER`` wrong secrets: then a new secret) and waits for its
    joiners, who come back with their tokens; any other game goes to the table."""
    kept = kept_table(app, session)
    if kept is not None and session.finished is False:
        for seat in kept["seats"]:         # a seat lent to a computer when the host quit: its
            if not session.seats[seat].is_human:        # joiner takes it back on their return
                session.seats[seat] = Seat.human(session.seats[seat].name)
        attacked = kept["guessed"] >= ROTATE_AFTER
        try:
            host = open_host(app, session, kept["seats"], port=kept["port"],
                             secret=None if attacked else kept["secret"], tokens=kept["tokens"])
        except OSError:
            host = None
        if host is not None:
            gid = app.prefs.game_id(session)        # what this code was tried with before
            entry = host_tables(app.prefs.data_dir).get(gid) or {}
            host_tables(app.prefs.data_dir).put(gid, {
                **entry, "secret": host.secret, "guessed_base": 0 if attacked else kept["guessed"],
                "guessed": 0 if attacked else kept["guessed"]})
            return NetHostScene(app, session, host=host)
    return app.routes["table"](app, session=session, **kwargs)
