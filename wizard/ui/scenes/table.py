"""The table: plays a session, animates its events, takes the human's bids and cards.

Logic only; painting is in ``table_draw``. The screen moves forward one redacted event at
a time (``Shown.apply``) when its animation ends, so it never shows what the viewer may not see.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from wizard.engine import (
    Action,
    Bid,
    BidMade,
    BidsRevealed,
    Card,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Event,
    GameOver,
    IllegalActionError,
    Phase,
    Play,
    RoundScored,
    RoundStarted,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    card,
)
from wizard.engine.cards import Kind
from wizard.i18n import _
from wizard.session import Session
from wizard.ui import messages

from ..app import App, Scene
from ..handsort import sort_hand
from ..layout import (
    TableLayout,
    hand_boxes,
    seat_positions,
    table_layout,
)
from ..tablemodel import Shown
from ..tween import Tween, ease_in_out
from . import table_draw, table_input

log = logging.getLogger(__name__)

# Seconds each event takes at "normal" speed.
DURATIONS: dict[type, float] = {
    CardDrawn: 0.35, DealerChosen: 1.0, RoundStarted: 0.3, CardDealt: 0.09, TrumpRevealed: 0.6,
    TrumpChosen: 0.5, BidMade: 0.3, BidsRevealed: 0.8, CardPlayed: 0.35, TrickWon: 1.2,
    RoundScored: 1.0, GameOver: 0.0,     # RoundScored: the totals count up on the plates
}
SOUND_OF: dict[type, str] = {CardDealt: "deal", CardPlayed: "play", TrickWon: "trick",
                             RoundScored: "round", RoundStarted: "shuffle", GameOver: "win"}


class TableScene(Scene):
    """The game table for one session."""

    def __init__(self, app: App, session: Session, *,
                 on_game_over: Callable[[TableScene], None] | None = None,
                 auto_continue: bool | None = None, keep_history: bool = True) -> None:
        super().__init__(app)
        self.session = session
        humans = session.humans
        self.hot_seat = session.hot_seat
        self.viewer: int | None = (None if self.hot_seat else (humans[0] if humans else 0))
        self.bottom = humans[0] if humans else 0
        self.last_confirmed: int | None = None
        self.curtain_for: int | None = None
        self.auto_continue = (not humans) if auto_continue is None else auto_continue
        self.on_game_over = on_game_over
        self.keep_history = keep_history
        self.shown = Shown.from_view(session.view(self.viewer), self.viewer)
        self.queue: deque[Event] = deque()
        self.active: Event | None = None
        self.tween: Tween | None = None
        self.synced = False
        self.ai_future: Future[Action] | None = None
        self.ai_result: Action | None = None
        self.ai_seat: int | None = None
        self.ai_started = 0.0
        self._pool: ThreadPoolExecutor | None = None
        self.buffer: list[pygame.event.Event] = []
        self.message: tuple[str, float, bool] | None = None   # text, until, is_error
        self.hover: int | None = None
        self.selected: int | None = None
        self.pressed: int | None = None
        self.press_pos: tuple[int, int] = (0, 0)
        self.drag_pos: tuple[int, int] | None = None
        self.dialog: str | None = None        # "trump" | "merlin"
        self.dialog_buttons: list[Any] = []
        self.review = False
        self.pending_digit: tuple[int, float] | None = None
        self.round_end_open = False
        self.game_end_open = False
        self.lay: TableLayout = table_layout(1280, 800, session.config.players)
        self.hit_boxes: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.bid_hit: list[tuple[pygame.Rect, int, bool]] = []
        self.static_layer: tuple[tuple[object, object], pygame.Surface] | None = None
        self.hint_future: Future[Action] | None = None
        self.hint_turn = -1
        self.plate_cache: dict[int, tuple[object, pygame.Surface]] = {}
        self.acted_at = -1.0      # perf_counter() of the viewer's last action
        session.subscribe(self._on_events)
        magic = session.config.edition.value == "magic"
        if app.painter.magic != magic:
            app.refresh_painter(magic)
        if session.needs_advance and session.state.phase is not Phase.ROUND_END:
            session.start()

    # ---- helpers -------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Players' names by seat."""
        return [s.name for s in self.session.seats]

    def pos_of(self, seat: int) -> int:
        """Screen position of ``seat``."""
        return seat_positions(self.session.config.players, self.bottom)[seat]

    def seat_at(self, pos: int) -> int:
        """Seat at screen position ``pos``."""
        return (self.bottom + pos) % self.session.config.players

    @property
    def look(self) -> str:
        """The card look in use."""
        return self.app.painter.look

    def say(self, text: str, seconds: float = 3.0, error: bool = False) -> None:
        """Show a line in the prompt for a while."""
        self.message = (text, self.app.clock.now + seconds, error)
        self.app.dirty = True

    @property
    def drained(self) -> bool:
        """No animation is running or queued."""
        return self.active is None and not self.queue

    def my_turn(self) -> bool:
        """True when the person whose hand is shown must act now and the screen is in sync."""
        s = self.session
        return (self.drained and s.is_human_turn() and s.current == self.viewer
                and self.curtain_for is None)

    def sorted_hand(self) -> list[Card]:
        """The viewer's hand in display order."""
        return sort_hand(self.shown.hand or [], self.shown.trump)

    def legal_cards(self) -> set[Card]:
        """Cards in hand that may be played now (empty when it is not the viewer's turn)."""
        if not self.my_turn() or self.session.state.phase is not Phase.PLAY:
            return set()
        return {a.card.in_hand for a in self.session.state.legal_actions() if isinstance(a, Play)}

    # ---- scene API -----------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        """Lay the table out for the window."""
        self.lay = table_layout(width, height, self.session.config.players,
                                float(getattr(self.app.settings, "ui_scale", 1.0)))
        lay = self.lay
        widths = [lay.hand_card[0], lay.trick_spots[0].w, lay.turned.w]
        self.app.idle_jobs = self.app.painter.warm_jobs([round(w) for w in widths])

    def busy(self) -> bool:
        """Animating, thinking, or showing a timed message."""
        return (not self.drained or self.ai_future is not None or self.ai_result is not None
                or self.hint_future is not None
                or self.message is not None or self.pending_digit is not None
                or (self.session.is_ai_turn() and self.curtain_for is None))

    def on_enter(self) -> None:
        """Back on top (a dialog closed)."""
        self.app.dirty = True

    def close(self) -> None:
        """Stop the worker thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # ---- events from the session ---------------------------------------------------------

    def _on_events(self, session: Session, events: list[Event]) -> None:
        self.queue.extend(session.redacted(events, self.viewer))
        self.synced = False

    def skip_animations(self) -> None:
        """Show the end of every queued animation at once."""
        if self.active is not None:
            self.shown.apply(self.active)
            self.active = None
        while self.queue:
            self.shown.apply(self.queue.popleft())

    def duration(self, e: Event) -> float:
        """How long ``e`` animates at the current speed."""
        base = DURATIONS.get(type(e), 0.2)
        if isinstance(e, CardDealt):
            total = max(1, self.shown.round) * self.session.config.players
            base = min(base, 2.4 / total)
        return base * self.app.speed

    def update(self, dt: float) -> None:
        """Run animations, then the game: computer moves, round ends, buffered input."""
        clock = self.app.clock
        if self.app.top is not self:
            return      # paused under the score pad, the menu or a round-end screen
        if self.message is not None and clock.now >= self.message[1]:
            self.message = None
        self._hint_done()
        if self.pending_digit is not None and clock.now >= self.pending_digit[1]:
            digit = self.pending_digit[0]
            self.pending_digit = None
            self.try_bid(digit)
        for _guard in range(10000):
            if self.active is not None:
                if self.tween is not None and not self.tween.done:
                    break
                self.shown.apply(self.active)
                self.active = None
            if not self.queue:
                break
            e = self.queue.popleft()
            d = self.duration(e)
            if type(e) in SOUND_OF:
                self.app.play_sound(SOUND_OF[type(e)])
            if d <= 0:
                self.shown.apply(e)
                continue
            self.active = e
            self.tween = Tween(clock, d, ease=ease_in_out)
        if self.drained:
            self._drained()

    def _sync(self) -> None:
        keep_drawn = self.shown.drawn
        last = self.shown.last_trick
        self.shown = Shown.from_view(self.session.view(self.viewer), self.viewer)
        if self.session.state.phase in (Phase.TRUMP, Phase.BID) and self.session.state.round <= 1:
            self.shown.drawn = keep_drawn
        if self.shown.last_trick is None and self.session.state.phase is Phase.ROUND_END:
            self.shown.last_trick = last
        self.synced = True

    def _drained(self) -> None:
        s = self.session
        if not self.synced:
            self._sync()
        if s.finished:
            if not self.game_end_open:
                self.game_end_open = True
                if self.keep_history:
                    self.app.prefs.finish_game(s)
                if self.on_game_over is not None:
                    self.on_game_over(self)
                else:
                    from .game_end import GameEndScene
                    self.app.push(GameEndScene(self.app, self))
            return
        if s.state.phase is Phase.ROUND_END:
            if not self.round_end_open:
                self.round_end_open = True
                from .round_end import RoundEndScene
                self.app.push(RoundEndScene(self.app, self, auto=self.auto_continue))
            return
        if s.is_ai_turn():
            self._run_ai()
            return
        if s.is_human_turn():
            seat = s.current
            assert seat is not None
            if seat != self.viewer:
                if self.hot_seat and seat != self.last_confirmed:
                    if self.curtain_for != seat:
                        self.curtain_for = seat
                        self.app.dirty = True
                    return
                self.show_seat(seat)
            if s.state.phase is Phase.TRUMP and self.dialog is None:
                self.dialog = "trump"
            if self.buffer:
                pending, self.buffer = self.buffer, []
                for ev in pending:
                    if self.my_turn():
                        self.handle_action_input(ev)

    def next_round(self) -> None:
        """Deal the next round (called when the round-end screen closes)."""
        self.round_end_open = False
        if self.hot_seat:
            self.viewer = None
            self.shown = Shown.from_view(self.session.view(None), None)
        self.session.advance()

    def show_seat(self, seat: int) -> None:
        """Show ``seat``'s hand at the bottom (after the curtain, or in a solo game)."""
        self.viewer = seat
        self.bottom = seat
        self.last_confirmed = seat
        self.curtain_for = None
        self.selected = None
        self._sync()
        self.app.dirty = True

    # ---- computer players ----------------------------------------------------------------

    def _run_ai(self) -> None:
        clock = self.app.clock
        if self.ai_future is None and self.ai_result is None:
            seat, job = self.session.ai_job()
            self.ai_seat = seat
            self.ai_started = clock.now
            if self.app.threaded:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wizard-ai")
                self.ai_future = self._pool.submit(job)
            else:
                self.ai_result = job()
            return
        if self.ai_future is not None and self.ai_future.done():
            try:
                self.ai_result = self.ai_future.result()
            except Exception:
                log.exception("the computer player failed; playing its first legal action")
                self.ai_result = self.session.state.legal_actions()[0]
            self.ai_future = None
        if self.ai_result is not None:
            pause = float(getattr(self.app.settings, "ai_pause_ms", 600)) / 1000 * self.app.speed
            if clock.now - self.ai_started >= pause:
                action, ai_seat = self.ai_result, self.ai_seat
                self.ai_result = None
                self.ai_seat = None
                self.session.act(action, ai_seat)

    # ---- human actions -------------------------------------------------------------------

    def _act(self, action: Action) -> bool:
        """Submit the viewer's action; False (with the reason shown) if the rules refuse it."""
        if not self.my_turn():
            return False
        seat = self.viewer
        try:
            if self.hot_seat:
                self.session.state.clone().apply(action, seat)   # check before hiding the hand
                self.viewer = None
                self.shown = Shown.from_view(self.session.view(None), None)
            self.session.act(action, seat)
        except IllegalActionError as err:
            self.say(messages.refusal(err, self.look, self.names), 3.5, error=True)
            return False
        self.acted_at = time.perf_counter()
        self.selected = None
        self.hover = None
        self.pressed = None
        self.drag_pos = None
        self.buffer.clear()
        self.dialog = None
        return True

    def try_bid(self, n: int) -> None:
        """Bid ``n`` (or say why not)."""
        if self.session.state.phase is Phase.BID:
            self._act(Bid(n))

    def try_play(self, c: Card) -> None:
        """Play ``c`` from the hand (Merlin asks how), or say why not."""
        if c.kind is Kind.MERLIN:
            legal = self.session.state.legal_actions()
            if Play(card("MERLIN:W")) in legal:
                self.dialog = "merlin"
                return
            self._act(Play(card("MERLIN:W")))
            return
        self._act(Play(c))

    def handle(self, event: pygame.event.Event) -> None:
        """Keys for overlays, the curtain, dialogs; action input (kept while animating)."""
        table_input.handle(self, event)

    def handle_action_input(self, event: pygame.event.Event) -> None:
        """Turn a click or key into a bid, a card, or a dialog choice (the screen is in sync)."""
        table_input.action_input(self, event)

    def ask_hint(self) -> None:
        """What would the computer (Expert) do here? Answered in the prompt line."""
        if not self.my_turn() or self.hint_future is not None:
            return
        from wizard.session import default_ai_factory
        seat = self.viewer
        assert seat is not None
        view = self.session.view(seat)
        rng = self.session.decision_rng(seat)
        ai = default_ai_factory("expert")
        turn = len(self.session.state.actions)
        self.say(_("Thinking about it…"), 10.0)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wizard-ai")
        self.hint_turn = turn
        self.hint_future = self._pool.submit(ai.decide, view, rng)

    def _hint_done(self) -> None:
        fut = self.hint_future
        if fut is None or not fut.done():
            return
        self.hint_future = None
        if self.hint_turn != len(self.session.state.actions):
            self.message = None
            return
        try:
            action = fut.result()
        except Exception:
            log.exception("hint failed")
            self.message = None
            return
        if isinstance(action, Bid):
            text = _("The computer would bid {n}.").format(n=action.n)
        elif isinstance(action, Play):
            text = _("The computer would play {card}.").format(
                card=messages.card_name(action.card, self.look))
        else:
            text = _("The computer would choose {suit}.").format(
                suit=messages.suit_name(action.suit, self.look))  # type: ignore[attr-defined]
        self.say(text, 6.0)

    # ---- overlays ------------------------------------------------------------------------

    def open_score_pad(self) -> None:
        """Show the score pad over the table."""
        from .scorepad import ScorePadScene
        self.app.push(ScorePadScene(self.app, self.session))

    def open_menu(self) -> None:
        """Show the in-game menu."""
        from .game_menu import GameMenuScene
        self.app.push(GameMenuScene(self.app, self))

    def leave(self) -> None:
        """Back to the main menu (the game stays saved)."""
        self.close()
        from .menu import MenuScene
        self.app.replace(MenuScene(self.app))

    # ---- painting ------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        """Paint the table."""
        self.app.painter.faces_log.clear()
        table_draw.draw_table(self, surf)

    def bid_state(self) -> list[tuple[int, bool]]:
        """(bid, allowed) for each bid button of the viewer's turn."""
        st = self.session.state
        legal = {a.n for a in st.legal_actions() if isinstance(a, Bid)}
        return [(n, n in legal) for n in range(st.round + 1)]

    def bid_reason(self, n: int) -> str:
        """Why bid ``n`` is refused now (translated), or "" if it is allowed."""
        try:
            self.session.state.clone().apply(Bid(n))
        except IllegalActionError as err:
            return messages.refusal(err, self.look, self.names)
        return ""

    def leaving_card(self) -> int | None:
        """Index (in the sorted hand) of the viewer's card gliding to the trick now, if any."""
        e = self.active
        if isinstance(e, CardPlayed) and e.seat == self.viewer and self.shown.hand:
            held = e.card.in_hand
            for i, c in enumerate(self.sorted_hand()):
                if c is held:
                    return i
        return None

    def lifted_index(self) -> int | None:
        """The hand card raised now (keyboard choice, else the one under the mouse)."""
        if not self.my_turn():
            return None
        return self.selected if self.selected is not None else self.hover

    def hand_rects(self) -> list[pygame.Rect]:
        """Rects of the viewer's hand cards as drawn now."""
        n = len(self.shown.hand or [])
        return [pygame.Rect(b.tuple()) for b in hand_boxes(self.lay, n, self.lifted_index())]
