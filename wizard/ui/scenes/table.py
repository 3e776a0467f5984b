"""The table screen: draws a ``wizard.table.Table`` and turns input into its intents.

Everything the table knows and decides (the snapshot, animations, curtain, turns, computer moves,
refusals, hints) lives in ``wizard.table``; this scene only maps input, shows outcomes and draws.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from wizard.engine import Card
from wizard.i18n import _
from wizard.persistence.settings import TRICK_UNTIL_CLICK
from wizard.table import (
    Accepted,
    AskHint,
    GameOver,
    HintReady,
    Intent,
    NextRound,
    Outcome,
    Refused,
    RoundOver,
    Session,
    Shown,
    SkipAnimation,
    Table,
    TakeBackIntent,
    TakenBack,
)
from wizard.table.pace import ActivePlay
from wizard.table.picture import Picture
from wizard.table.takeback import offered
from wizard.table.trickshow import UNTIL_CLICK

from .. import playtime
from ..app import App, Scene
from ..board import tips
from ..layout import Box, TableLayout, hand_boxes, seat_positions, table_layout
from . import table_draw, table_input


class TableScene(Scene):
    """The game table for one game: everything shown and done goes through the ``Table``."""

    def __init__(self, app: App, session: Session, *,
                 on_game_over: Callable[[TableScene], None] | None = None,
                 auto_continue: bool | None = None, keep_history: bool = True,
                 table: Table | None = None, remote: Collection[int] = ()) -> None:
        super().__init__(app)
        # the game itself, kept only to hand to the app's saves and history (``app.prefs``) and
        # to the screens that restart or review it; what is shown and done asks ``self.table``
        self.game = session
        # a table handed in (a lesson) paces itself with its notes: no trick waits for a click
        self.own_table = table is None
        self.table = table if table is not None else Table(
            session, clock=app.clock, threaded=app.threaded, speed=app.speed,
            ai_pause=self._ai_pause(), auto_continue=auto_continue, look=self.look,
            trick_hold=self._trick_hold(), auto_forced=self._auto_forced(),
            last_trick_waits=self._last_trick_waits(), remote=remote)
        self.on_game_over = on_game_over
        self.keep_history = keep_history
        self.active = ActivePlay()          # the seconds this game is played (#35)
        self.recorded = False             # the finished game went into the history
        self.message: tuple[str, float, bool] | None = None   # text, until, is_error
        self.hover: int | None = None
        self.selected: int | None = None
        self.pressed: int | None = None
        self.press_pos: tuple[int, int] = (0, 0)
        self.drag_pos: tuple[int, int] | None = None
        self.pointer: tuple[int, int] | None = None     # where the mouse is (tooltips)
        self.review = False
        self._moved: tuple[int, int, int] | None = None    # what the last-trick view was opened on
        self.pending_digit: tuple[int, float] | None = None
        self.lay: TableLayout = table_layout(1280, 800, self.table.config.players)
        self.static_layer: tuple[tuple[object, object], pygame.Surface] | None = None
        self.plate_cache: dict[int, tuple[object, pygame.Surface]] = {}
        if app.painter.magic:     # no spark on every 1: the trick marks the card acting as a Magic Wizard
            app.refresh_painter(False)

    # ---- what the painters read ----------------------------------------------------------

    def picture(self) -> Picture:
        """What the table shows now (``Table.picture()``): what the painters draw."""
        return self.table.picture()

    @property
    def shown(self) -> Shown:
        """The table's running snapshot (``wizard.table.Shown``), for the scene's own input and
        tests; the painters draw ``picture()``."""
        return self.table.shown

    @property
    def names(self) -> list[str]:
        """Players' names by seat."""
        return self.table.names

    @property
    def look(self) -> str:
        """The card look in use."""
        return self.app.painter.look

    def pos_of(self, seat: int) -> int:
        """Screen position of ``seat``."""
        return seat_positions(self.table.config.players, self.table.bottom)[seat]

    def my_turn(self) -> bool:
        """The person whose hand is shown must act now."""
        return self.table.my_turn()

    def sorted_hand(self) -> list[Card]:
        """The viewer's hand in display order."""
        return self.table.hand()

    def lifted_index(self) -> int | None:
        """The hand card raised now (keyboard choice, else the one under the mouse)."""
        if not self.my_turn():
            return None
        return self.selected if self.selected is not None else self.hover

    def hand_rects(self) -> list[pygame.Rect]:
        """Rects of the viewer's hand cards as drawn now."""
        n = len(self.shown.hand or [])
        return [pygame.Rect(b.tuple()) for b in hand_boxes(self.lay, n, self.lifted_index())]

    def say(self, text: str, seconds: float = 3.0, error: bool = False) -> None:
        """Show a line in the prompt for a while."""
        self.message = (text, self.app.clock.now + seconds, error)
        self.app.dirty = True

    # ---- intents and outcomes ------------------------------------------------------------

    def submit(self, intent: Intent) -> Outcome:
        """Hand an intent to the table and show what came of it."""
        out = self.table.submit(intent)
        self.show(out)
        return out

    def show(self, out: Outcome) -> None:
        """Show one outcome: a refusal or a hint in the prompt, a result screen, a dialog."""
        if isinstance(out, Refused):
            self.say(out.text, 3.5, error=True)
        elif isinstance(out, HintReady):
            self.message = None       # "Thinking about it…" ends; the hint's panel shows it
        elif isinstance(out, RoundOver):
            if out.last:
                self.record_game()    # already over: quitting on its result screen loses nothing
            self.app.open("round_end", outcome=out, on_close=self.next_round,
                          on_pad=self.open_score_pad)
        elif isinstance(out, GameOver):
            self.record_game()
            if self.on_game_over is not None:
                self.on_game_over(self)
            else:
                self.app.open("game_end", outcome=out, game=self.game)
        elif isinstance(out, TakenBack):
            self.selected = self.hover = self.pressed = None
            self.drag_pos = None
            self.review = False
            self.pending_digit = None
            self.static_layer = None
            self.plate_cache.clear()
            self.say(out.text, 4.0)
        elif isinstance(out, Accepted) and out.action is not None:
            self.selected = self.hover = self.pressed = None    # a new hand, or fewer cards
            self.drag_pos = None
        self.app.dirty = True

    def record_game(self) -> None:
        """Put the finished game into the history (once)."""
        if self.keep_history and not self.recorded:
            self.recorded = True
            self.app.prefs.finish_game(self.game)

    def next_round(self) -> None:
        """Deal the next round (the round-end screen closed)."""
        self.submit(NextRound())

    def ask_hint(self) -> None:
        """What would the computer (Expert) do here, and why? Answered in the hint's panel; asked
        again while it is shown, the panel goes away."""
        if self.my_turn() and self.table.hint_job is None and self.table.forced is None:
            if self.table.shown_hint() is None:
                self.say(_("Thinking about it…"), 10.0)
            self.submit(AskHint())

    def can_take_back(self) -> bool:
        """A solo game where the person has a choice to take back: the button is shown."""
        return offered(self.table.port)

    def offers_hint(self) -> bool:
        """The Hint button is shown on the person's turn (not in a lesson)."""
        return True

    def keep_clear(self) -> tuple[Box, ...]:
        """What a tooltip should not cover, besides the table's own parts (a lesson's panel)."""
        return ()

    def round_label(self, picture: Picture) -> str:
        """The top bar's "Round 3 / 20"."""
        return _("Round {round} / {rounds}").format(round=picture.round, rounds=picture.rounds)

    def take_back(self) -> None:
        """Go back to the person's last choice (solo games); in hot seat nothing is offered."""
        if not self.table.solo:
            return
        self.submit(TakeBackIntent())

    def skip_animations(self) -> None:
        """Show the end of every queued animation at once."""
        self.submit(SkipAnimation())

    # ---- scene API -----------------------------------------------------------------------

    def _ai_pause(self) -> float:
        return float(getattr(self.app.settings, "ai_pause_ms", 600)) / 1000

    def _trick_hold(self) -> float:
        ms = getattr(self.app.settings, "trick_hold_ms", 1000)
        return UNTIL_CLICK if ms == TRICK_UNTIL_CLICK else float(ms) / 1000

    def _last_trick_waits(self) -> bool:
        return bool(getattr(self.app.settings, "last_trick_waits", True))

    def _auto_forced(self) -> bool:
        return bool(getattr(self.app.settings, "auto_play_forced", True))

    def layout(self, width: int, height: int) -> None:
        """Lay the table out for the window."""
        self.lay = table_layout(width, height, self.table.config.players,
                                float(getattr(self.app.settings, "ui_scale", 1.0)))
        lay = self.lay
        widths = [lay.hand_card[0], lay.trick_spots[0].w, lay.turned.w]
        self.app.idle_jobs = self.app.painter.warm_jobs([round(w) for w in widths])

    def busy(self) -> bool:
        """Animating, thinking, or showing a timed message."""
        return self.table.busy() or self.message is not None or self.pending_digit is not None

    def on_enter(self) -> None:
        """Back on top (a dialog closed)."""
        self.app.dirty = True

    def close(self) -> None:
        """Stop the table's worker thread."""
        self._closed = True
        self.table.close()

    def on_exit(self) -> None:
        """The table leaves the screen stack: its worker thread stops (once)."""
        if not getattr(self, "_closed", False):
            self.close()

    def update(self, dt: float) -> None:
        """Move the table on (the app's clock has ticked), then show what came of it."""
        playtime.count(self)
        if self.app.top is not self:
            return      # paused under the score pad, the menu or a round-end screen
        clock = self.app.clock
        if self.message is not None and clock.now >= self.message[1]:
            self.message = None
        if self.pending_digit is not None and clock.now >= self.pending_digit[1]:
            digit, self.pending_digit = self.pending_digit[0], None
            table_input.bid(self, digit)
        self.table.speed = self.app.speed
        self.table.ai_pause = self._ai_pause()
        hold = self._trick_hold()
        if self.own_table:
            self.table.trick_hold = hold
            self.table.last_trick_waits = self._last_trick_waits()
        else:                       # a lesson's table: timed holds only (its notes set the pace)
            self.table.trick_hold = hold if hold != UNTIL_CLICK else 1.0
        self.table.auto_forced = self._auto_forced()
        self.table.look = self.look
        self.table.update()
        sh = self.table.shown
        moved = (sh.round, len(sh.trick), id(sh.last_trick))
        if self.review and moved != self._moved:
            self.review = False         # the last-trick view closes as soon as the table moves on
        self._moved = moved
        for name in dict.fromkeys(self.table.animator.take_sounds()):
            self.app.play_sound(name)
        for out in self.table.take_outcomes():
            self.show(out)

    def handle(self, event: pygame.event.Event) -> None:
        """Keys for overlays, the curtain, dialogs; clicks and keys that become intents; the
        pointer's place for the tooltips."""
        if event.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE):
            picture = self.picture()          # the same table, the pointer moved
            before = tips.target_key(self, picture)
            self.pointer = event.pos if event.type == pygame.MOUSEMOTION else None
            if tips.target_key(self, picture) != before:
                self.app.dirty = True
        playtime.touched(self, event)
        table_input.handle(self, event)

    # ---- overlays ------------------------------------------------------------------------

    def open_score_pad(self) -> None:
        """Show the score pad over the table."""
        t = self.table
        self.app.open("score_pad", names=self.names, results=list(t.public().history),
                      rounds=t.rounds, current=None if t.finished else t.round)

    def open_menu(self) -> None:
        """Show the in-game menu."""
        self.app.open("game_menu", on_pad=self.open_score_pad, on_last_trick=self.show_last_trick,
                      on_leave=self.leave, on_legend=self.open_legend, game=self.game)

    def open_legend(self) -> None:
        """The card legend of this game's edition, in the card look in use."""
        config = self.table.config
        self.app.open("card_legend", edition=config.edition, scroll=config.options.scroll)

    def show_last_trick(self) -> None:
        """Open the last trick of the round over the table."""
        self.review = True

    def leave(self) -> None:
        """Back to the main menu (the game stays saved)."""
        self.close()
        self.app.go("menu")

    def draw(self, surf: pygame.Surface) -> None:
        """Paint the table."""
        self.app.painter.faces_log.clear()
        table_draw.draw_table(self, surf, self.draw_over)

    def draw_over(self, surf: pygame.Surface) -> None:
        """What a scene adds over the table, under the tooltip (a lesson: its ring and words)."""
