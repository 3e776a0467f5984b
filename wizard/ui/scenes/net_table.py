"""The table screen at a network table, on the host and on a joiner.

The host's (``net_table_host``) pumps its ``NetHost`` every frame, follows ``host.remote`` (a seat
lent to a computer is played here), shows "waiting for Núria (reconnecting…)" over the table for a
seat whose joiner dropped, with "Let the computer play"; take-back is off. The joiner's
(``net_table_joiner``) pumps its ``RemoteGame``, closes the round-end screen when the host deals,
offers no Restart, Same deals or take-back, and opens the reconnect overlay when the connection
is lost.
"""

from __future__ import annotations

from typing import Any

import pygame

from wizard.engine import Phase
from wizard.i18n import _
from wizard.net.client import RemoteGame
from wizard.net.host import NetHost, SeatStatus
from wizard.net.keep import host_tables
from wizard.table import GameOver, Outcome, Seat, Session, secret_seed

from .. import netui, text, theme
from ..layout import Box
from ..netui import NET_EVENT, claim_join, close_internet, close_join, table_of, waker_for
from ..textbox import copy_to_clipboard
from ..widgets import Button, panel
from .net_host import code_line, keep_table, strangers_line
from .net_join import game_over
from .table import TableScene


class HostTableScene(TableScene):
    """The host's table: its own people and computers play here, the joiners elsewhere."""

    def __init__(self, app: Any, session: Session, host: NetHost) -> None:
        super().__init__(app, session, remote=host.remote)
        self.host = host
        self.waker = waker_for(app, host.wake)
        self.lend_buttons: list[tuple[Button, int]] = []
        # a new internet code for a seat whose joiner is gone (#33): the seats given one, their
        # "New code" and "Copy" buttons, the codes shown, the seat whose code was copied last
        self.renewed: set[int] = set()
        self.code_buttons: list[tuple[Button, int]] = []
        self.copy_buttons: list[tuple[Button, int]] = []
        self.shown_codes: dict[int, str | None] = {}
        self.copied: int | None = None
        self.held: dict[int, object | None] = {}    # seat -> the connection it had then
        self.guessed = host.counts.refused.get("secret", 0)
        self.strangers = 0
        self.was_away: list[int] = []

    def away(self) -> list[int]:
        """The seats whose joiner dropped and that nobody plays meanwhile; over the internet
        also those whose joiner has been silent for ``JOINER_GONE_S`` (its connection is kept by
        Dilation, so it does not drop: a joiner that quit or lost its link looks the same)."""
        return [s for s in sorted(self.host.open_seats) if self.host.status(s) is SeatStatus.AWAY
                or self.silent(s)]

    def banners(self) -> list[int]:
        """The seats with a banner: those ``away``, and over the internet those lent to the
        computer meanwhile (its banner offers a new code for the seat's joiner)."""
        lent = [s for s in sorted(self.host.open_seats) if self.host.status(s) is SeatStatus.LENT]
        return sorted(self.away() + (lent if table_of(self.host) is not None else []))

    def silent(self, seat: int) -> bool:
        """Whether ``seat``'s internet joiner is still seated but has not been heard of for
        ``JOINER_GONE_S`` seconds."""
        return (self.host.status(seat) is SeatStatus.PLAYING
                and netui.silent_for(self.host, seat) >= netui.JOINER_GONE_S)

    def update(self, dt: float) -> None:
        """Take in the joiners' moves, arrivals and departures, then move the table on; keep
        how many wrong secrets the code was tried with (a resume gives it a new one if many)."""
        if self.host.pump():
            self.app.dirty = True
        strangers = self.host.strangers()
        if strangers != self.strangers:
            self.strangers = strangers
            self.app.dirty = True
        guessed = self.host.counts.refused.get("secret", 0)
        if guessed != self.guessed:
            self.guessed = guessed
            keep_table(self.app, self.game, self.host)
        away = self.banners()
        if away != self.was_away:          # a joiner dropped, fell silent or came back
            self.was_away = away
            self.renewed &= set(away)      # back: the new code is no longer shown
            self.app.dirty = True
        net = table_of(self.host)
        for seat, conn in list(self.held.items()):
            if self.host.connection(seat) is not conn and \
                    self.host.status(seat) is SeatStatus.PLAYING:
                del self.held[seat]        # its joiner is back by the new code: the old
                if net is not None:        # wormhole closes
                    net.settle(seat)
        if net is not None and self.renewed:
            net.pump(self.renewed)         # a new code spoiled by a wrong one: another one
            codes = {seat: net.code(seat) for seat in sorted(self.renewed)}
            if codes != self.shown_codes:
                self.shown_codes = codes
                self.app.dirty = True
        if self.table.remote != self.host.remote:
            self.table.remote = self.host.remote
            self.app.dirty = True
        super().update(dt)

    def show(self, out: Outcome) -> None:
        """As any table; the game's result offers Play again and Same deals at a new network
        table for the same seats (the joiners join it with its new code)."""
        if not isinstance(out, GameOver):
            super().show(out)
            return
        self.record_game()
        self.app.open("game_end", outcome=out, game=self.game, play=self.play_again)
        self.app.dirty = True

    def play_again(self, session: Session) -> None:
        """A new game for the same seats: the seats on other computers are open again. This
        table stops listening first, so that the new one can have the same port (and code)."""
        seats = sorted(self.host.open_seats)
        self.close()
        for seat in seats:               # a seat lent to a computer is a joiner's again
            session.seats[seat] = Seat.human(session.seats[seat].name)
        if session.config.seed != self.game.config.seed:     # not Same deals: a new secret
            session = Session.new(session.config.with_(seed=secret_seed()), list(session.seats),
                                  on_save=self.app.prefs.save_game)
        self.app.go("net_host_waiting", session=session, seats=seats)

    def can_take_back(self) -> bool:
        """Take-back is off at a network table (even with every joiner's seat lent)."""
        return False

    def take_back(self) -> None:
        """Off at a network table."""

    def lend(self, seat: int) -> None:
        """A computer player plays ``seat`` until its joiner is back (a silent internet joiner's
        connection is let go: back, it rejoins with its token and takes the seat back)."""
        if self.host.status(seat) is SeatStatus.AWAY or self.silent(seat):
            self.host.lend(seat, "normal", drop=True)
            self.table.remote = self.host.remote
            self.app.dirty = True

    def new_code(self, seat: int) -> None:
        """A new internet code for ``seat``, whose joiner is gone or silent: its player types it
        after a restart (their kept seat token gives them their seat and hand back; anyone else
        gets no seat by it). The old wormhole stays open: a joiner who was only out of reach
        still comes back through it."""
        net = table_of(self.host)
        if net is None or seat not in self.banners():
            return
        net.renew(seat, keep_old=True)
        self.renewed.add(seat)
        self.held.setdefault(seat, self.host.connection(seat))
        self.copied = None
        self.app.dirty = True

    def copy_code(self, seat: int) -> None:
        """Copy the seat's new code (one click), to paste in a message to its player."""
        net = table_of(self.host)
        code = None if net is None else net.code(seat)
        if code:
            copy_to_clipboard(code)
            self.copied = seat
            self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """The network's news wakes the loop; a click on "Let the computer play" lends the seat,
        on "New code" gives it a new internet code, on "Copy" copies that."""
        if event.type == NET_EVENT:
            self.app.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for buttons, act in ((self.lend_buttons, self.lend),
                                 (self.code_buttons, self.new_code),
                                 (self.copy_buttons, self.copy_code)):
                for button, seat in buttons:
                    if button.rect.collidepoint(event.pos) and button.enabled:
                        act(seat)
                        return
        super().handle(event)

    def open_menu(self) -> None:
        """The in-game menu without Restart (a network table is not restarted from here)."""
        self.app.open("game_menu", on_pad=self.open_score_pad, on_last_trick=self.show_last_trick,
                      on_leave=self.leave, on_legend=self.open_legend, game=None)

    def record_game(self) -> None:
        """The finished game goes into the history; the table is no longer kept for a resume."""
        super().record_game()
        host_tables(self.app.prefs.data_dir).drop(self.app.prefs.game_id(self.game))

    def close(self) -> None:
        """The table stops listening (the game stays saved and can be resumed)."""
        if self.waker is not None:
            self.waker.stop()
            self.waker = None
        self.host.close()          # first: the joiners are told, through the wormholes
        close_internet(self.host)
        if not self.game.finished and self.host.counts.refused.get("secret", 0) != self.guessed:
            keep_table(self.app, self.game, self.host)
        super().close()

    def draw_over(self, surf: pygame.Surface) -> None:
        """A banner above the prompt for each joiner who dropped, with "Let the computer play"
        and, over the internet, "New code" (then the new code under it, with "Copy")."""
        self.lend_buttons, self.code_buttons, self.copy_buttons = [], [], []
        u = self.unit_over(surf)
        w = surf.get_width()
        said = strangers_line(self.host)
        if said:
            box = pygame.Rect(10 * u, self.lay.top_bar.bottom + 6 * u, w * 0.3, 80 * u)
            text.draw_wrapped(surf, said, box, int(14 * u), theme.BAD)
        bh, ch = 52 * u, 42 * u
        away = self.banners()
        net = table_of(self.host)
        bw = min(w - 20 * u, (820 if net is not None else 640) * u)
        total = sum(bh + 6 * u + (ch if s in self.renewed else 0) for s in away)
        x, y = self.banner_place(bw, total, u)
        for seat in away:
            name = self.table.names[seat]
            box = pygame.Rect(x, y, bw, bh + (ch if seat in self.renewed else 0))
            y += box.h + 6 * u
            panel(surf, box, u)
            lent = self.host.status(seat) is SeatStatus.LENT
            # "Waiting for" only when the table waits for that seat; while another seat plays,
            # the seat is only said to be gone (a play-test: "Waiting for Núria" on the host's
            # own turn read as if the host could not play)
            line = _("A computer plays for {name} until they are back") if lent else \
                _("Waiting for {name} (reconnecting…)") if self.table.acting_seat() == seat \
                else _("{name}: connection lost (reconnecting…)")
            line = line.format(name=name)
            right = box.right - 10 * u
            if not lent:
                button = Button((right - 240 * u, box.y + 6 * u, 240 * u, bh - 12 * u),
                                _("Let the computer play"), lambda: None)
                button.draw(surf, u)
                self.lend_buttons.append((button, seat))
                right -= 250 * u
            if net is not None:
                button = Button((right - 170 * u, box.y + 6 * u, 170 * u, bh - 12 * u),
                                _("New code"), lambda: None)
                button.draw(surf, u)
                self.code_buttons.append((button, seat))
                right -= 180 * u
            text.draw(surf, line, (box.x + 16 * u, box.y + bh / 2), int(18 * u), theme.ACCENT,
                      "bold", anchor="midleft", max_w=right - box.x - 22 * u)
            if net is not None and seat in self.renewed:
                self.draw_new_code(surf, net, seat, box, u)

    def draw_new_code(self, surf: pygame.Surface, net: Any, seat: int, box: pygame.Rect,
                      u: float) -> None:
        """The seat's new internet code in its banner, left of its Copy button."""
        code = net.code(seat)
        cy = box.bottom - 21 * u - 6 * u
        right = box.right - 10 * u
        if code:
            button = Button((right - 120 * u, cy - 17 * u, 120 * u, 34 * u),
                            _("Copied") if self.copied == seat else _("Copy"), lambda: None,
                            size=15 * u)
            button.draw(surf, u)
            self.copy_buttons.append((button, seat))
            right -= 130 * u
        line, colour = code_line(net, seat, code, at_table=True)
        text.draw(surf, line, (box.x + 16 * u, cy), int(19 * u), colour, "bold" if code else "text",
                  anchor="midleft", max_w=right - box.x - 22 * u)

    def banner_place(self, bw: float, bh: float, u: float) -> tuple[float, float]:
        """Where the banners go (top left), clear of the cards in the trick, the seats' plates,
        the hand and the prompt: in the bid bar's place while nobody here bids, else under the
        top bar, else above the prompt as a last resort."""
        lay = self.lay
        solid = [*lay.plates, *lay.trick_spots, lay.hand, lay.prompt, lay.top_bar, lay.deck,
                 lay.turned, lay.trump_label]
        bidding = self.game.phase is Phase.BID and self.table.my_turn()
        tries = [(lay.width / 2 - bw / 2, lay.prompt.bottom + 4 * u)] if not bidding else []
        tries += [(lay.width / 2 - bw / 2, lay.top_bar.bottom + 6 * u),
                  (lay.trick_area.x, lay.top_bar.bottom + 6 * u),
                  (lay.trick_area.right - bw, lay.top_bar.bottom + 6 * u)]
        for x, y in tries:
            if not any(Box(x, y, bw, bh).overlaps(o) for o in solid):
                return x, y
        return lay.width / 2 - bw / 2, lay.prompt.y - 4 * u - bh

    @staticmethod
    def unit_over(surf: pygame.Surface) -> float:
        """The size unit of the banners for this window."""
        from ..layout import unit_for
        return unit_for(*surf.get_size())


class JoinerTableScene(TableScene):
    """A joiner's table: the table screen fed by the host through a ``RemoteGame``."""

    def __init__(self, app: Any, remote: RemoteGame, key: str) -> None:
        super().__init__(app, remote, keep_history=False, remote=remote.remote,  # type: ignore[arg-type]
                         on_game_over=lambda scene: (game_over(app, key),   # type: ignore[func-returns-value]
                                                     scene.open_score_pad()))
        self.remote_game = remote
        self.key = key
        claim_join(remote.address, remote.port, self)     # joined over the internet: its wormhole
        self.waker = waker_for(app, remote.wake)
        self.reconnecting = False
        self.table.waiting = self.waiting_line

    def update(self, dt: float) -> None:
        """Apply what the host sent; the round-end screen closes when the host deals; a lost
        connection opens the reconnect overlay."""
        r = self.remote_game
        if r.pump():
            self.app.dirty = True
        top = self.app.top
        outcome = getattr(top, "outcome", None)
        view = r.view(r.seat)
        close = getattr(top, "close", None)
        if top is not self and close is not None and getattr(outcome, "result", None) is not None \
                and not getattr(outcome, "last", False) and \
                (view.round > outcome.result.round or view.phase is not Phase.ROUND_END):  # type: ignore[union-attr]
            close()                        # the host dealt: the round-end screen closes
        w = netui.internet_join(r.address, r.port)
        gone = w is not None and w.unreachable_for() >= netui.HOST_GONE_S
        if (r.lost or gone) and not self.reconnecting and not self.table.finished:
            # over the internet a lost host is silence, not an end: the overlay says so and
            # keeps the connection (Dilation holds it), closing by itself if the host is back
            self.reconnecting = True
            self.app.open("net_reconnect", remote=r, key=self.key, unreachable=not r.lost,
                          back=self.host_back)
        super().update(dt)

    def host_back(self) -> None:
        """The host is reached again after a silence: the table plays on."""
        self.reconnecting = False
        self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """The network's news wakes the loop."""
        if event.type == NET_EVENT:
            self.app.dirty = True
            return
        super().handle(event)

    def waiting_for_start(self) -> bool:
        """The host has not started the game yet (its waiting screen is still open): it says so
        (``RemoteGame.held``: a resumed game is mid-round); a host of the version before does
        not, and a new game not dealt yet tells it."""
        r = self.remote_game
        if not r.ready:
            return False
        return r.held or (r.view(r.seat).phase is Phase.DRAW and self.table.drained)

    def waiting_line(self) -> str:
        """The prompt's line while the host holds a game already under way (a resumed one): not
        whose turn it is, since nothing moves until the host presses Start (a new game's empty
        table says it in the middle instead)."""
        r = self.remote_game
        if not (r.ready and r.held) or r.view(r.seat).phase is Phase.DRAW:
            return ""
        return _("Waiting for the host to start the game again…")

    def draw_over(self, surf: pygame.Surface) -> None:
        """Before the host starts a new game: say so in the middle of the empty table (a resumed
        game says it in the prompt's place, under the cards of the trick)."""
        if not self.waiting_for_start() or self.waiting_line():
            return
        u = HostTableScene.unit_over(surf)
        w, h = surf.get_size()
        box = pygame.Rect(w / 2 - 300 * u, h / 2 - 36 * u, 600 * u, 72 * u)
        panel(surf, box, u)
        text.draw(surf, _("Waiting for the host to start the game…"), box.center, int(20 * u),
                  theme.ACCENT, "bold", anchor="center", max_w=box.w - 30 * u)

    def can_take_back(self) -> bool:
        """No take-back for a joiner."""
        return False

    def take_back(self) -> None:
        """Off at a network table."""

    def open_menu(self) -> None:
        """The in-game menu without Restart or Abandon (the game is the host's)."""
        self.app.open("game_menu", on_pad=self.open_score_pad, on_last_trick=self.show_last_trick,
                      on_leave=self.leave, on_legend=self.open_legend, game=None)

    def close(self) -> None:
        """Leave the table: the connection closes (the seat waits for this computer's token)."""
        if self.waker is not None:
            self.waker.stop()
            self.waker = None
        self.remote_game.close()
        close_join(self.remote_game.address, self.remote_game.port, self)
        super().close()
