"""Replay of a finished game, every hand face up, step by step: the steps from ``replaymodel``
(pure), each step's picture from ``wizard.table.picture.replay_picture`` (the snapshot the table's
painters draw: bids, plates, the trick's marks, who is next), the boxes from ``replaylayout``,
painted by ``wizard.ui.board``. This module takes the input."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from wizard import messages
from wizard.engine import Play
from wizard.i18n import _, pgettext
from wizard.table.picture import Picture, replay_picture, trump_label

from .. import text, theme
from ..board import cards, plates, steps, trick
from ..board.common import R
from ..replaylayout import (
    STEP_MIN,
    ReplayLayout,
    hand_places,
    hand_step,
    replay_layout,
    round_boxes,
)
from ..replaymodel import Frame, ReplayModel, describe
from ..widgets import Button
from .base import Screen
from .scorepad import draw_pad

__all__ = ["STEP_MIN", "R", "ReplayScene", "hand_step", "replay_layout"]


class ReplayScene(Screen):
    """A finished game replayed: ←/→ step, Shift+←/→ trick, Page Up/Down round, Tab score pad."""

    def __init__(self, app: Any, entry: Any) -> None:
        super().__init__(app)
        self.entry = entry
        self.names = [s.name for s in entry.seats]
        self.you = messages.you_seat(self.names, [i for i, s in enumerate(entry.seats) if s.is_human])
        self.error: str | None = None
        try:
            self.model: ReplayModel | None = ReplayModel(entry.record)
        except Exception:   # a record the engine refuses: say so instead of crashing
            self.model = None
            self.error = _("This game cannot be replayed.")
        self.show_pad = False
        self.lay: ReplayLayout | None = None
        self.round_hits: list[tuple[pygame.Rect, int]] = []
        self.rounds_label_x = 0.0
        self.playing = False
        self.timer = 0.0
        self._picture: tuple[Frame, Picture] | None = None     # the step drawn, its picture

    @property
    def look(self) -> str:
        """The card look in use."""
        look = getattr(self.app.settings, "card_look", "classic")
        return look if look in messages.LOOKS else "classic"

    # ---- layout and input -------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        """Lay out the table, the step buttons and the round strip."""
        cfg = self.entry.config
        self.lay = lay = replay_layout(width, height, cfg.players, cfg.rounds,
                                       float(getattr(self.app.settings, "ui_scale", 1.0)))
        u = self.unit = lay.unit
        m = self.model
        at_start, at_end = m is None or m.pos == 0, m is None or m.pos == m.last
        self.widgets.append(Button(R(lay.pad_button), lambda: _("Scores (Tab)"), self.toggle_pad,
                                   selected=self.show_pad, keys=(pygame.K_TAB,)))
        self.widgets.append(Button(R(lay.back_button), lambda: _("Back (Esc)"), self.back))
        labels: list[Callable[[], str]] = [
            lambda: _("◀ Round"), lambda: _("◀ Trick"), lambda: _("◀ Step"),
            (lambda: _("Pause")) if self.playing else (lambda: _("Play")),
            lambda: _("Step ▶"), lambda: _("Trick ▶"), lambda: _("Round ▶")]
        actions = [self._go(ReplayModel.prev_round), self._go(ReplayModel.prev_trick),
                   self._go(lambda m: m.step(-1)), self.toggle_play, self._go(lambda m: m.step(1)),
                   self._go(ReplayModel.next_trick), self._go(ReplayModel.next_round)]
        for i, (box, label, fn) in enumerate(zip(lay.buttons, labels, actions, strict=True)):
            enabled = not at_start if i < 3 else not at_end if i > 3 else m is not None
            self.widgets.append(Button(R(box), label, fn, enabled=enabled or (i == 3 and self.playing),
                                       primary=i == 4, selected=i == 3 and self.playing,
                                       size=int(17 * u)))
        self.round_hits = []
        if m is not None:
            boxes, self.rounds_label_x = round_boxes(lay, cfg.rounds)
            for r, box in enumerate(boxes, start=1):
                self.widgets.append(Button(R(box), str(r), self._go(partial(ReplayModel.go_round, number=r)),
                                           selected=r == m.round_of(),
                                           size=int(min(15 * u, lay.rounds_strip.h * 0.5))))
                self.round_hits.append((R(box), r))

    def step_interval(self) -> float:
        """Seconds between steps while playing: the pause between computer moves (a finished trick
        and a deal stay twice as long)."""
        pause = max(0.3, float(getattr(self.app.settings, "ai_pause_ms", 600)) / 1000)
        return self.model.pace(pause) if self.model is not None else pause

    def toggle_play(self) -> None:
        """Start or stop stepping on by itself (Space); from the end, it starts again."""
        if self.model is None:
            return
        self.playing = not self.playing
        if self.playing and self.model.pos == self.model.last:
            self.model.go(0)
        self.timer = self.step_interval()
        self._moved()

    def update(self, dt: float) -> None:
        """While playing, step on at the pace of the computer players."""
        if not self.playing or self.model is None:
            return
        self.timer -= dt
        if self.timer <= 0:
            self.model.step(1)
            self.playing = self.model.pos != self.model.last
            self.timer = self.step_interval()
            self._moved()

    def busy(self) -> bool:
        """Frames keep coming while playing."""
        return self.playing

    def _go(self, move: Callable[[ReplayModel], object]) -> Callable[[], None]:
        """A move of the replay by hand (it pauses the playing)."""
        def run() -> None:
            self.playing = False
            if self.model is not None:
                move(self.model)
                self._moved()
        return run

    def _moved(self) -> None:
        self.layout(*self.size)     # buttons enable/disable, the round strip follows
        self.app.dirty = True

    def toggle_pad(self) -> None:
        """Show or hide the score pad so far."""
        self.show_pad = not self.show_pad
        self._moved()

    def handle(self, event: pygame.event.Event) -> None:
        """Arrows step (Shift: by trick), Page Up/Down and Home/End move by round."""
        m = self.model
        if event.type == pygame.KEYDOWN and m is not None:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            moves: dict[int, Callable[[ReplayModel], object]] = {
                pygame.K_RIGHT: ReplayModel.next_trick if shift else (lambda m: m.step(1)),
                pygame.K_LEFT: ReplayModel.prev_trick if shift else (lambda m: m.step(-1)),
                pygame.K_DOWN: ReplayModel.next_trick, pygame.K_UP: ReplayModel.prev_trick,
                pygame.K_PAGEDOWN: ReplayModel.next_round, pygame.K_PAGEUP: ReplayModel.prev_round,
                pygame.K_HOME: lambda m: m.go(0), pygame.K_END: lambda m: m.go(m.last)}
            if event.key in moves:
                self._go(moves[event.key])()
            elif event.key == pygame.K_SPACE:
                self.toggle_play()
            elif event.key == pygame.K_ESCAPE and self.show_pad:
                self.toggle_pad()
            else:
                super().handle(event)
            return
        if event.type == pygame.MOUSEWHEEL and m is not None:
            self._go(lambda m: m.step(-int(event.y)))()          # wheel down: forward
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.show_pad and \
                not any(w.rect.collidepoint(event.pos) for w in self.widgets):  # type: ignore[attr-defined]
            self.toggle_pad()
        else:
            super().handle(event)

    # ---- drawing: the step's picture, painted by wizard.ui.board -------------------------------

    def draw_title(self, surf: pygame.Surface) -> None:
        """No big title: the top bar says what is shown."""

    def pos_of(self, seat: int) -> int:
        """Screen position of a seat: the first human sits at the bottom."""
        bottom = next((i for i, s in enumerate(self.entry.seats) if s.is_human), 0)
        return int((seat - bottom) % self.entry.config.players)

    def picture(self, frame: Frame) -> Picture:
        """The step as the table would show it, every hand face up (``wizard.table.picture``)."""
        if self._picture is None or self._picture[0] is not frame:
            self._picture = (frame, replay_picture(
                frame.state, self.entry.seats, acting=frame.seat, won=frame.won,
                played=isinstance(frame.action, Play), you=self.you))
        return self._picture[1]

    def draw_body(self, surf: pygame.Surface) -> None:
        """Top bar, seats with their hands, the trick, the trump, the caption."""
        lay = self.lay
        if lay is None:
            return
        u = lay.unit
        pic = self.picture(self.model.frame) if self.model is not None else None
        info = [messages.when_text(self.entry.finished), messages.edition_name(self.entry.edition)]
        if pic is not None:
            info.append(messages.round_text(pic.round, pic.rounds))
            if pic.bids_sum is not None:
                info.append(messages.bids_against_tricks(pic.bids_sum, pic.round))
                info.append(_("Trick {n} of {total}").format(n=pic.trick_number, total=pic.round))
        steps.top_bar(surf, R(lay.top_bar), u, _("Replay"), info, lay.pad_button.x)
        if pic is None or self.model is None:
            text.draw(surf, self.error or "", (surf.get_width() / 2, surf.get_height() / 2),
                      int(22 * u), theme.BAD, anchor="center")
            return
        for p in pic.plates:
            zone = R(lay.zones[self.pos_of(p.seat)])
            plates.strip(surf, zone, u, p, lay.strip_h)
            empty = pygame.Rect(zone.x + 8 * u, zone.y + 8 * u + lay.strip_h, zone.w - 16 * u,
                                lay.card[1])
            cards.open_hand(surf, self.app.painter, self.hand_rects(lay, self.model.frame, p.seat),
                            pic.hand_looks[p.seat], f"replay:{p.seat}", empty, u)
        if pic.marks is not None:
            spots = [R(lay.trick_spots[self.pos_of(s)]) for s, _c in pic.marks.cards]
            trick.marked(surf, spots, u, self.app.painter, pic.marks, pic.trick_looks, ring=pic.ring)
        elif pic.prompt:
            area = R(lay.trick_area)
            text.draw(surf, pic.prompt, area.center, int(20 * u), theme.INK_DIM, "bold",
                      anchor="center", max_w=area.w)
        cards.trump_box(surf, R(lay.trump), u, self.app.painter, pic,
                        trump_label(pic, self.names, self.you, self.look))
        m = self.model
        steps.dock(surf, R(lay.caption), R(lay.rounds_strip), self.rounds_label_x, u,
                   self.caption_text(m.frame),
                   _("Step {n} of {total}").format(n=m.pos + 1, total=m.last + 1), _("Round"),
                   _("← → step · Shift: trick · Page Up/Down: round · Space: play · Tab: scores"))
        if self.show_pad:
            inner = steps.pad_over(surf, lay.width, lay.top_bar.bottom, lay.dock.y, u,
                                   pgettext("score pad title", "Score pad"))
            st = m.frame.state
            draw_pad(surf, inner, self.names, list(st.history), self.entry.config.rounds, u,
                     current=st.round if not st.is_terminal else None)

    def hand_rects(self, lay: ReplayLayout, frame: Frame, seat: int) -> list[tuple[Any, pygame.Rect]]:
        """``seat``'s hand at ``frame`` as drawn: each card (in the picture's order) and its place."""
        hand = self.picture(frame).hands[seat] or ()
        return [(c, R(b)) for c, b in zip(hand, hand_places(lay, self.pos_of(seat), len(hand)),
                                          strict=True)]

    def caption_text(self, frame: Frame) -> str:
        """What the caption says at ``frame``: what happened at this step."""
        return describe(frame, self.names, self.look, self.you)
