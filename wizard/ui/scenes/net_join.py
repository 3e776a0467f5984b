"""Joining a table on another computer (``net-join``), and the joiner's reconnect overlay.

The join screen reads a join code (or an address typed by hand, then the code for its secret) and
a name, connects a ``RemoteGame`` with the seat token this computer kept for that table, and opens
the joiner's table once the host has welcomed it. Every refusal is said in words. The reconnect
overlay tries again every few seconds with the kept token until the host gives the seat back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from wizard.i18n import N_, _
from wizard.net.client import RemoteGame
from wizard.net.internet import (
    LOOPBACK,
    CodeError,
    InternetJoin,
    Phase,
    clean_code,
    looks_like_wormhole,
)
from wizard.net.joincode import DEFAULT_PORT, JoinCode, JoinCodeError, decode, encode, parse_address
from wizard.net.keep import (
    EARLIER,
    INTERNET,
    KeptSeat,
    earlier_seat,
    joiner_tokens,
    newest_seat,
    table_key,
    token_of,
)
from wizard.net.wire import Code
from wizard.table import clean_name, is_valid_name

from .. import netui, text, theme
from ..netui import NET_EVENT, close_join, internet_join, keep_join, refusal_text, servers
from ..widgets import Button, TextBox, panel
from .base import Overlay, Screen

CONNECT_S = 3.0        # seconds to reach the host
WELCOME_S = 8.0        # seconds for its welcome
RETRY_S = 2.0          # the reconnect overlay's pause between tries


def name_allowed(typed: str) -> bool:
    """A name follows the one rule for seat names (blank while typing: "Guest")."""
    name = typed.strip(" ")
    return not name or is_valid_name(name)


def code_allowed(typed: str) -> bool:
    """A code or an address: short, printable."""
    return len(typed) <= 40 and typed.isprintable()


def example_local_code() -> str:
    """A local code of the form the host shows (from ``encode``: a home network's address, the
    default port), for the join screen's hint. Its secret is made up."""
    return encode(JoinCode("192.168.1.23", DEFAULT_PORT, 0x5A3C9E17B2))


def read_code(typed: str) -> JoinCode:
    """The table a typed text names: a join code, or ``address[:port] code`` (the address typed by
    hand, the code for its secret). ``JoinCodeError`` with a translated reason."""
    words = typed.split()
    if not words:
        raise JoinCodeError(_("Type the join code shown on the host's screen."))
    address: tuple[str, int] | None = None
    if "." in words[0]:
        try:
            address = parse_address(words[0])
        except JoinCodeError:
            raise JoinCodeError(_("{text} is not an address like 192.168.1.20.").format(
                text=words[0])) from None
        words = words[1:]
        if not words:
            raise JoinCodeError(_("After the address, type the join code too: it carries the "
                                  "table's secret."))
    try:
        code = decode(" ".join(words))
    except JoinCodeError:
        raise JoinCodeError(_("This is not a join code: check each character against the host's "
                              "screen.")) from None
    if address is not None:
        port = address[1] if ":" in typed.split()[0] else code.port
        return JoinCode(address[0], port, code.secret)
    return code


# data folder -> the name its seat tokens' file was set aside as in this run (said on the menu
# and the join screen until the program closes)
_set_aside: dict[str, str] = {}


def read_tokens(app: Any) -> dict[str, Any]:
    """The seat tokens kept in ``app``'s data folder (a damaged or foreign file is set aside, and
    ``tokens_note`` says so from then on)."""
    kept = joiner_tokens(app.prefs.data_dir)
    data = kept.read()
    noted(app, kept)
    return data


def noted(app: Any, kept: Any) -> None:
    """Remember that ``kept`` (the seat tokens) set its file aside, if it did."""
    if kept.problem is not None and kept.aside is not None:
        _set_aside[str(app.prefs.data_dir)] = kept.aside.name


def tokens_note(app: Any) -> str:
    """What is said when this computer's seat tokens were set aside in this run ("" if not)."""
    name = _set_aside.get(str(app.prefs.data_dir))
    if name is None:
        return ""
    return _("The file that lets this computer take its seats back at network tables "
             "could not be read: it was set aside as {path}. To go back to a table, type "
             "its code again.").format(path=name)


def connect(app: Any, code: JoinCode, name: str) -> tuple[RemoteGame | None, str]:
    """A ``RemoteGame`` connecting to ``code``'s table with the token kept for it, or why not."""
    token = token_of(read_tokens(app).get(table_key(code.address, code.port, code.secret)))
    remote = RemoteGame(code.address, code.port, code.secret, name, token=token)
    try:
        remote.connect(timeout=CONNECT_S)
    except OSError:
        return None, refusal_text(None)
    return remote, ""


def code_error_text(err: CodeError) -> str:
    """What is wrong with a typed internet code, in words (before anything is sent)."""
    if err.word is not None and err.guess is not None:
        return _("“{word}” is not a word of internet codes: did you mean “{guess}”?").format(
            word=err.word, guess=err.guess)
    if err.word is not None:
        return _("“{word}” is not a word of internet codes: check it on the host's screen.").format(
            word=err.word)
    return _("An internet code is a number and words, like 7-indigo-tiger.")


def internet_text(join: InternetJoin) -> str:
    """Where the joiner's wormhole is, in words ("" once it reached the table)."""
    phase = join.phase
    if phase is Phase.OFFLINE:
        return _("No internet: the mailbox server {server} cannot be reached. A local network "
                 "code still works.").format(server=join.servers.mailbox)
    if phase is Phase.WRONG_CODE:
        return _("Wrong code: a table has this number, but other words. Check the code; the "
                 "host's screen now shows a new one for that seat.")
    if phase is Phase.NO_TABLE:
        return _("No table answered this code: it may have been used already, or mistyped, or "
                 "replaced by a new one after someone typed a wrong code. Ask the host for the "
                 "code their screen shows now for your seat.")
    if phase in (Phase.FAILED, Phase.CLOSED):
        return _("The connection over the internet failed: {reason}").format(
            reason=join.why or _("closed"))
    if phase is Phase.READY:
        return ""
    return _("Looking for the table over the internet ({server})…").format(
        server=join.servers.mailbox)


def internet_key(join: InternetJoin) -> str | None:
    """The key the seat's token is kept under: the table's own (its local code's address, port
    and secret), so that its player comes back by either kind of code."""
    try:
        code = decode(join.table_code or "")
    except JoinCodeError:
        return None
    return table_key(code.address, code.port, code.secret)


def keep_token(app: Any, remote: RemoteGame, key: str | None = None) -> str:
    """Keep the seat's token for this table; a note if the data folder held something else.
    ``key``: the table was joined over the internet (kept as such: back at the table is then
    by a new internet code from the host)."""
    kept = joiner_tokens(app.prefs.data_dir)
    internet = key is not None
    key = key or table_key(remote.address, remote.port, remote.hello.secret)
    if remote.token:              # "at" and "playing": the menu offers "Back to the table"
        kept.put(key, {"token": remote.token, "name": remote.hello.name, "at": time.time(),
                       "playing": True, "internet": internet})
    noted(app, kept)
    return tokens_note(app) if kept.problem is not None and kept.aside is not None else ""


def code_of(seat: KeptSeat) -> str:
    """The local join code of a kept seat's table ("" if it cannot be one)."""
    try:
        return encode(JoinCode(seat.address, seat.port, seat.secret))
    except (ValueError, JoinCodeError):
        return ""


def last_table(app: Any) -> tuple[str, str]:
    """The code and name of the table this computer joined last (from its kept tokens), if any."""
    seat = newest_seat(read_tokens(app))
    if seat is None:
        return "", ""
    return code_of(seat), clean_name(seat.name)


def seat_to_rejoin(app: Any, within: float = 12 * 3600) -> KeptSeat | None:
    """The seat this computer was playing at when the program last closed (the newest kept,
    its game not over, joined less than ``within`` seconds ago), for the menu's "Back to the
    table"; None if there is none."""
    seat = newest_seat(read_tokens(app))
    if seat is None or not seat.playing or seat.at is None or \
            not 0 <= time.time() - seat.at <= within or not code_of(seat):
        return None
    return seat


def table_to_rejoin(app: Any, within: float = 12 * 3600) -> tuple[str, str] | None:
    """The code and name of ``seat_to_rejoin``'s table, if any."""
    seat = seat_to_rejoin(app, within)
    return None if seat is None else (code_of(seat), clean_name(seat.name))


def rejoin_by_internet(app: Any) -> bool:
    """Whether the table of "Back to the table" was joined over the internet, or perhaps was
    (kept by an earlier version under its bridge): its player needs a new internet code from
    the host (the one they typed is spent, and the bridge closed with the program)."""
    seat = seat_to_rejoin(app)
    return seat is not None and seat.how in (INTERNET, EARLIER)


def rejoin_by_earlier(app: Any) -> bool:
    """Whether the seat of "Back to the table" was kept by an earlier version that did not note
    how it was joined (under 127.0.0.1): the join screen says what to type."""
    seat = seat_to_rejoin(app)
    return seat is not None and seat.how == EARLIER


def game_over(app: Any, key: str) -> None:
    """The game at the table kept under ``key`` is over: the menu no longer offers it."""
    kept = joiner_tokens(app.prefs.data_dir)
    entry = kept.get(key)
    if entry is not None and entry.get("playing"):
        kept.put(key, {**entry, "playing": False})


class JoinScene(Screen):
    """Join a table: the code (or an address), a name, Join."""

    title = N_("Join a table")

    def __init__(self, app: Any, code: str = "", name: str = "", offer_last: bool = True,
                 rejoin: bool = False, earlier: bool = False) -> None:
        """``offer_last``: offer the code of the table joined last (not when a new one is asked
        for); ``rejoin``: back to an internet table after a restart: the screen asks for the new
        code of the seat (the seat token kept for the table gives the seat and hand back);
        ``earlier``: that seat was kept by an earlier version, which did not note whether it was
        joined over the internet (the screen says what to type either way)."""
        super().__init__(app)
        self.rejoin = rejoin
        self.earlier = earlier
        self.earlier_key: str | None = None    # an earlier version's seat taken back (then
                                               # kept anew under the table's own key)
        last = getattr(app.settings, "last_setup", None) or {}
        seats = last.get("seats") if isinstance(last, dict) else None
        first = seats[0].get("name") if seats and isinstance(seats[0], dict) else None
        last_code, last_name = last_table(app)
        self.code = code or (last_code if offer_last and not rejoin else "")
        self.name = name or last_name or clean_name(first) or ""
        self.error = ""
        self.remote: RemoteGame | None = None
        self.since = 0.0
        self.wormhole: InternetJoin | None = None     # joining by an internet code (#33)
        self.key: str | None = None                   # then the table's key for its token

    def build(self, width: int, height: int) -> None:
        """Two fields, Back and Join (the code's field has the focus when a new one is asked)."""
        u = self.unit
        fw, fh = min(560 * u, width * 0.7), 52 * u
        x = width / 2 - fw / 2
        self.code_box = TextBox((x, 200 * u, fw, fh), self.code, self._set_code,
                                accept=code_allowed)
        self.name_box = TextBox((x, 310 * u, fw, fh), self.name, self._set_name,
                                accept=name_allowed)
        self.widgets += [self.code_box, self.name_box]
        if not self.code and self.remote is None and self.wormhole is None:
            self.code_box.set_focus(True)     # no code yet: the keys go into its field at once
        bw, bh = 220 * u, 56 * u
        by = height - 24 * u - bh
        self.widgets.append(Button((width / 2 - bw - 10 * u, by, bw, bh), _("Back"), self.back))
        self.widgets.append(Button((width / 2 + 10 * u, by, bw, bh), _("Join"), self.join,
                                   primary=True,
                                   enabled=self.remote is None and self.wormhole is None,
                                   keys=(pygame.K_RETURN,)))

    def _set_code(self, value: str) -> None:
        self.code = value
        self.error = ""

    def _set_name(self, value: str) -> None:
        self.name = value

    def join(self) -> None:
        """Read the code, connect, wait for the host's welcome (``update``)."""
        if self.remote is not None or self.wormhole is not None:
            return
        if looks_like_wormhole(self.code):
            self.join_internet()
            return
        self.key = None
        try:
            code = read_code(self.code)
        except JoinCodeError as err:
            self.error = str(err)
            self.app.dirty = True
            return
        name = clean_name(self.name) or _("Guest")
        self.error = _("Connecting to {address}…").format(address=code.address)
        self.app.draw()
        self.remote, why = connect(self.app, code, name)
        self.error = why
        self.since = time.monotonic()
        self.layout(*self.size)

    def join_internet(self) -> None:
        """An internet code: its typos said at once; then the wormhole (``update`` follows it)."""
        chosen = servers(self.app)
        try:
            clean_code(self.code)
            if chosen is None:
                self.error = _("Internet codes are off on this computer (--mailbox off).")
                self.app.dirty = True
                return
            w = InternetJoin(self.code, chosen)
        except CodeError as err:
            self.error = code_error_text(err)
            self.app.dirty = True
            return
        w.open()
        self.wormhole = w
        self.error = internet_text(w)
        self.layout(*self.size)

    def follow_wormhole(self) -> None:
        """Until the wormhole reaches the table: then the ``RemoteGame`` through it."""
        w = self.wormhole
        assert w is not None
        said = internet_text(w)
        if said != self.error:
            self.error = said
            self.app.dirty = True
        if w.phase is Phase.READY and w.port is not None:
            self.key = internet_key(w)
            code = decode(w.table_code or "")
            kept = read_tokens(self.app)
            token = token_of(kept.get(self.key)) if self.key else None
            old = None if token else earlier_seat(kept, code.secret)
            if old is not None:               # kept by an earlier version under its bridge
                token, self.earlier_key = old.token, old.key
            name = clean_name(self.name) or _("Guest")
            remote = RemoteGame(LOOPBACK, w.port, code.secret, name,
                                seat=None if token else w.seat, token=token)
            keep_join(w)
            self.wormhole = None
            try:
                remote.connect(timeout=CONNECT_S)
            except OSError:
                close_join(LOOPBACK, w.port)
                self.error = refusal_text(None)
                self.layout(*self.size)
                return
            self.remote, self.since = remote, time.monotonic()
            self.error = ""
        elif w.phase not in (Phase.CONNECTING, Phase.WAITING, Phase.JOINED) and \
                not (w.phase is Phase.OFFLINE and w.dead is None):
            w.close()                      # this attempt failed (said above); the code can be
            self.wormhole = None           # typed again
            self.layout(*self.size)

    def busy(self) -> bool:
        """Waiting for the host's welcome."""
        return self.remote is not None or self.wormhole is not None

    def update(self, dt: float) -> None:
        """The host's answer: the table, or the reason it refused."""
        if self.wormhole is not None:
            self.follow_wormhole()
        r = self.remote
        if r is None:
            return
        r.pump()
        if r.ready:
            note = keep_token(self.app, r, self.key)
            if self.earlier_key is not None and self.key is not None and r.token:
                joiner_tokens(self.app.prefs.data_dir).drop(self.earlier_key)  # kept anew
                self.earlier_key = None
            self.remote = None                # the table screen has the connection now
            scene = self.app.go("net_table_joiner", remote=r,
                                key=self.key or table_key(r.address, r.port, r.hello.secret))
            if note:
                scene.say(note, 6.0)  # type: ignore[attr-defined]
            return
        if r.lost or r.refused is not None or time.monotonic() - self.since > WELCOME_S:
            code = r.refused.code if r.refused is not None else None
            if code is Code.TOKEN:        # the kept token is stale: forget it, join anew
                joiner_tokens(self.app.prefs.data_dir).drop(
                    self.key or table_key(r.address, r.port, r.hello.secret))
            self.error = refusal_text(code)
            r.close()
            close_join(r.address, r.port)
            self.remote = None
            self.layout(*self.size)

    def handle(self, event: pygame.event.Event) -> None:
        """The network's news wakes the loop (network waits are in real seconds, not the game's
        clock). Enter in a field joins once there is a code, else goes to the code's field."""
        if event.type == NET_EVENT:
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and (self.code_box.focus or self.name_box.focus) \
                and not self.code_box.composing and not self.name_box.composing:
            self.code_box.set_focus(False)
            self.name_box.set_focus(False)
            if self.code.strip():
                self.join()
            else:
                self.code_box.set_focus(True)
            self.app.dirty = True
            return
        super().handle(event)

    def back(self) -> None:
        """Back to the main menu (the connection being made closes: ``on_exit``)."""
        self.app.go("menu")

    def on_exit(self) -> None:
        """Left before the host's welcome: the connection and the wormhole close."""
        if self.remote is not None:
            self.remote.close()
            close_join(self.remote.address, self.remote.port)
            self.remote = None
        if self.wormhole is not None:
            self.wormhole.close()
            self.wormhole = None

    def draw_body(self, surf: pygame.Surface) -> None:
        """The fields' labels, the hint, the error."""
        u = self.unit
        w = surf.get_width()
        box = self.code_box.rect.union(self.name_box.rect).inflate(60 * u, 150 * u)
        box.y -= 20 * u
        panel(surf, box, u)
        text.draw(surf, _("Join code (or the host's address, then the code)"),
                  (self.code_box.rect.x, self.code_box.rect.y - 30 * u), int(17 * u), theme.INK,
                  "bold", max_w=self.code_box.rect.w)
        text.draw(surf, _("Your name"), (self.name_box.rect.x, self.name_box.rect.y - 30 * u),
                  int(17 * u), theme.INK, "bold", max_w=self.name_box.rect.w)
        text.draw(surf, _("Like {local} (same network) or {internet} (internet).").format(
                      local=example_local_code(), internet="7-indigo-tiger"),
                  (w / 2, self.code_box.rect.bottom + 8 * u), int(14 * u), theme.INK_DIM,
                  anchor="midtop", max_w=box.w - 30 * u)
        if self.rejoin and not self.error:
            said = _("Your seat was kept by an earlier version of Wizard, which did not note how "
                     "you joined. If you joined over the internet, ask the host for a new code "
                     "for your seat (on their screen: “New code” beside your name) and type it "
                     "here: you get your seat and hand back. A table on this computer: type its "
                     "join code.") if self.earlier else \
                _("Your seat at the table is kept, but the internet code you typed is spent. Ask "
                  "the host for a new code for your seat (on their screen: “New code” beside "
                  "your name) and type it here: you get your seat and hand back.")
            text.draw_wrapped(surf, said,
                              pygame.Rect(w * 0.15, box.bottom + 16 * u, w * 0.7, 90 * u),
                              int(18 * u), theme.INK, align="center")
        if self.error:         # centred under the code box, like the hint (play-test, #33)
            colour = theme.INK if self.remote is not None or self.wormhole is not None \
                else theme.BAD
            text.draw_wrapped(surf, self.error, pygame.Rect(w * 0.15, box.bottom + 16 * u,
                                                            w * 0.7, 90 * u), int(18 * u), colour,
                              align="center")


class ReconnectScene(Overlay):
    """Over a joiner's table whose connection was lost: tries again with the kept token.

    Over the internet the table's connection may be kept while the host cannot be reached
    (``unreachable``: Dilation holds it through a dropped link): then this screen only waits,
    says for how long the host has been silent, offers the new code and the menu, and closes by
    itself when the host is reached again (``back``); if the connection ends after all, it tries
    again as after any loss."""

    title = N_("Connection lost")

    def __init__(self, app: Any, remote: RemoteGame, key: str, *, unreachable: bool = False,
                 back: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.lost = remote
        self.key = key
        self.waiting = unreachable and not remote.lost
        self.back_to_table = back
        self.tries = 0
        self.next_try = time.monotonic() + 0.5
        self.remote: RemoteGame | None = None
        self.since = 0.0
        self.gave_up = ""
        r = remote.refused
        if r is not None and r.code in (Code.TOKEN, Code.REPLACED):
            self.gave_up = refusal_text(r.code)
        # the host left the table ("Save and leave"): say so; this screen rejoins by itself when
        # the host resumes the game (the seat token works with the table's new code too)
        self.closed = r is not None and r.code is Code.CLOSED
        # over the internet a host that quit comes back with new codes (its old wormhole is
        # gone): say so, and offer to type the seat's new code
        self.internet = internet_join(remote.address, remote.port)
        self.title = lambda: _("The host closed the table") if self.closed else _("Connection lost")

    def panel_rect(self) -> pygame.Rect:
        """A small panel in the middle."""
        w, h = self.size
        u = self.unit
        pw, ph = min(w * 0.9, 640 * u), 300 * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """Main menu (give up)."""
        r = self.panel_rect()
        u = self.unit
        bw = 260 * u
        if self.internet is None:
            self.widgets.append(Button((r.centerx - bw / 2, r.bottom - 74 * u, bw, 52 * u),
                                       _("Main menu"), self.give_up))
            return
        self.widgets.append(Button((r.centerx - bw - 10 * u, r.bottom - 74 * u, bw, 52 * u),
                                   _("Main menu"), self.give_up))
        self.widgets.append(Button((r.centerx + 10 * u, r.bottom - 74 * u, bw, 52 * u),
                                   _("Type the new code"), self.new_code, primary=True))

    def host_gone(self) -> bool:
        """Over the internet: the host closed the table or has not been reached for a while."""
        w = self.internet
        return w is not None and (self.closed or w.unreachable_for() >= netui.HOST_GONE_S)

    def new_code(self) -> None:
        """Join again with the seat's new code (the kept token gives this computer its seat)."""
        if self.remote is not None:
            self.remote.close()
            self.remote = None
        close_join(self.lost.address, self.lost.port)
        self.app.go("net_join", code="", name=self.lost.hello.name, offer_last=False)

    def busy(self) -> bool:
        """Trying again on a timer."""
        return not self.gave_up

    def update(self, dt: float) -> None:
        """Try again every few seconds; the table comes back when the host welcomes us."""
        if self.gave_up:
            return
        if self.host_gone():
            self.app.dirty = True          # the seconds without the host
        if self.waiting:
            self.wait_for_host()
            return
        now = time.monotonic()
        r = self.remote
        if r is None:
            if now < self.next_try:
                return
            self.tries += 1
            self.app.dirty = True
            old = self.lost
            token = token_of(joiner_tokens(self.app.prefs.data_dir).get(self.key)) or old.token
            r = RemoteGame(old.address, old.port, old.hello.secret, old.hello.name, token=token)
            try:
                r.connect(timeout=1.5)
            except OSError:
                self.next_try = now + RETRY_S
                return
            self.remote, self.since = r, now
        r.pump()
        if r.ready:
            self.app.go("net_table_joiner", remote=r, key=self.key)
            return
        if r.refused is not None and r.refused.code is Code.CLOSED and not self.closed:
            self.closed = True
            self.app.dirty = True
        if r.refused is not None and r.refused.code in (Code.TOKEN, Code.REPLACED):
            self.gave_up = refusal_text(r.refused.code)
            r.close()
            self.remote = None
            self.app.dirty = True
        elif r.lost or now - self.since > WELCOME_S:
            r.close()
            self.remote = None
            self.next_try = now + RETRY_S

    def wait_for_host(self) -> None:
        """The connection is kept (the table below reads it): close when the host is reached
        again; once it ends (the host closed the table, or gave the seat to its computer
        meanwhile), try again with the token as after any loss."""
        r = self.lost
        if r.lost:
            self.waiting = False
            self.next_try = time.monotonic() + 0.5
            why = r.refused.code if r.refused is not None else None
            if why is Code.CLOSED:
                self.closed = True
            elif why in (Code.TOKEN, Code.REPLACED):
                self.gave_up = refusal_text(why)
            self.app.dirty = True
        elif self.internet is not None and self.internet.unreachable_for() == 0:
            self.app.pop(self)             # the host is back: the same connection plays on
            if self.back_to_table is not None:
                self.back_to_table()

    def give_up(self) -> None:
        """Back to the main menu (the token stays kept: joining again takes the seat back)."""
        if self.remote is not None:
            self.remote.close()
        self.app.go("menu")

    def back(self) -> None:
        """Esc: give up."""
        self.give_up()

    def draw_body(self, surf: pygame.Surface) -> None:
        """What is going on (the title already says that the host closed the table)."""
        r = self.panel_rect()
        u = self.unit
        if self.gave_up:
            line = self.gave_up
        elif self.internet is not None and self.closed:
            line = _("When the host resumes the game, their screen shows a new internet code "
                     "for your seat: type it to take your seat and hand back.")
        elif self.host_gone():
            line = _("The host cannot be reached over the internet (for {seconds} s). If they "
                     "quit, their screen shows a new code for your seat when they resume the "
                     "game: type it to take your seat back. Still trying…").format(
                seconds=int(self.internet.unreachable_for()))  # type: ignore[union-attr]
        elif self.closed:
            line = _("When the host resumes the game, you are back at your seat: keep this "
                     "screen open, or join again later with the same code.")
        else:
            line = _("Reconnecting to the host… (try {number})").format(number=max(1, self.tries))
        text.draw_wrapped(surf, line, pygame.Rect(r.x + 30 * u, r.y + 80 * u, r.w - 60 * u,
                                                  120 * u), int(19 * u),
                          theme.BAD if self.gave_up else theme.INK)
