"""Replay of a finished game: the table from above, every hand face up, step by step.

The steps come from ``wizard.ui.replaymodel`` (pure), the boxes from ``wizard.ui.replaylayout``;
this module draws them and takes the input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from wizard import messages
from wizard.engine import Phase, Play
from wizard.i18n import _, pgettext
from wizard.table.handsort import sort_hand
from wizard.table.trickwhy import marks, standing

from .. import text, theme
from ..board.trick import magic_glow
from ..layout import CARD_ASPECT, Box
from ..replaylayout import STEP_MIN, ReplayLayout, hand_step, replay_layout, trick_spots
from ..replaymodel import Frame, Pictures, ReplayModel, build_frames, describe
from ..widgets import Button, panel
from .base import Screen
from .scorepad import draw_pad

__all__ = ["STEP_MIN", "Frame", "ReplayLayout", "ReplayModel", "ReplayScene", "build_frames", "describe",
           "hand_step", "level_name", "replay_layout", "trick_spots"]


def R(b: Box) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


# ---- the screen ---------------------------------------------------------------------------------


class ReplayScene(Screen):
    """A finished game replayed: ←/→ step, Shift+←/→ trick, Page Up/Down round, Tab score pad."""

    def __init__(self, app: Any, entry: Any) -> None:
        super().__init__(app)
        self.entry = entry
        self.names = [s.name for s in entry.seats]
        self.you = messages.you_seat(self.names, [i for i, s in enumerate(entry.seats)
                                                  if s.is_human])
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
        u = lay.unit
        self.unit = lay.unit
        m = self.model
        at_start = m is None or m.pos == 0
        at_end = m is None or m.pos == m.last
        self.widgets.append(Button(R(lay.pad_button), lambda: _("Scores (Tab)"), self.toggle_pad,
                                   selected=self.show_pad, keys=(pygame.K_TAB,)))
        self.widgets.append(Button(R(lay.back_button), lambda: _("Back (Esc)"), self.back))
        labels: list[Callable[[], str]] = [
            lambda: _("◀ Round"), lambda: _("◀ Trick"), lambda: _("◀ Step"),
            (lambda: _("Pause")) if self.playing else (lambda: _("Play")),
            lambda: _("Step ▶"), lambda: _("Trick ▶"), lambda: _("Round ▶")]
        actions = [self._do("prev_round"), self._do("prev_trick"), lambda: self._step(-1),
                   self.toggle_play,
                   lambda: self._step(1), self._do("next_trick"), self._do("next_round")]
        for i, (box, label, fn) in enumerate(zip(lay.buttons, labels, actions, strict=True)):
            enabled = not at_start if i < 3 else not at_end if i > 3 else m is not None
            self.widgets.append(Button(R(box), label, fn, enabled=enabled or (i == 3 and self.playing),
                                       primary=i == 4, selected=i == 3 and self.playing,
                                       size=int(17 * u)))
        self.round_hits = []
        if m is not None:
            n = cfg.rounds
            strip = lay.rounds_strip
            label_w = 90 * u
            gap = 4 * u
            bw = min(40 * u, (strip.w - label_w - gap * (n - 1)) / n)
            x = strip.x + (strip.w - label_w - n * bw - (n - 1) * gap) / 2 + label_w
            current = m.round_of()
            for r in range(1, n + 1):
                rect = pygame.Rect(round(x), round(strip.y), round(bw), round(strip.h))
                self.widgets.append(Button(rect, str(r), self._goto(r), selected=r == current,
                                           size=int(min(15 * u, strip.h * 0.5))))
                self.round_hits.append((rect, r))
                x += bw + gap
            self.rounds_label_x = strip.x + (strip.w - label_w - n * bw - (n - 1) * gap) / 2

    def step_interval(self) -> float:
        """Seconds between steps while playing: the pause between computer moves (a finished trick
        and a deal stay twice as long)."""
        pause = max(0.3, float(getattr(self.app.settings, "ai_pause_ms", 600)) / 1000)
        frame = self.model.frame if self.model is not None else None
        return pause * 2 if frame is not None and (frame.won is not None or frame.is_deal) else pause

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
            if self.model.pos == self.model.last:
                self.playing = False
            self.timer = self.step_interval()
            self._moved()

    def busy(self) -> bool:
        """Frames keep coming while playing."""
        return self.playing

    def _do(self, name: str) -> Any:
        def run() -> None:
            self.playing = False
            if self.model is not None:
                getattr(self.model, name)()
                self._moved()
        return run

    def _goto(self, number: int) -> Any:
        def run() -> None:
            self.playing = False
            if self.model is not None:
                self.model.go_round(number)
                self._moved()
        return run

    def _step(self, delta: int) -> None:
        self.playing = False
        if self.model is not None:
            self.model.step(delta)
            self._moved()

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
            moves: dict[int, Callable[[], None]] = {
                pygame.K_RIGHT: m.next_trick if shift else (lambda: m.step(1)),
                pygame.K_LEFT: m.prev_trick if shift else (lambda: m.step(-1)),
                pygame.K_DOWN: m.next_trick, pygame.K_UP: m.prev_trick,
                pygame.K_PAGEDOWN: m.next_round, pygame.K_PAGEUP: m.prev_round,
                pygame.K_HOME: lambda: m.go(0), pygame.K_END: lambda: m.go(m.last),
            }
            fn = moves.get(event.key)
            if fn is not None:
                self.playing = False
                fn()
                self._moved()
                return
            if event.key == pygame.K_SPACE:
                self.toggle_play()
                return
            if event.key == pygame.K_ESCAPE and self.show_pad:
                self.toggle_pad()
                return
        if event.type == pygame.MOUSEWHEEL and m is not None:
            self.playing = False
            m.step(-int(event.y))          # wheel down: forward
            self._moved()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.show_pad and \
                self.lay is not None and not any(w.rect.collidepoint(event.pos)  # type: ignore[attr-defined]
                                                 for w in self.widgets):
            self.toggle_pad()
            return
        super().handle(event)

    # ---- drawing -----------------------------------------------------------------------------

    def draw_title(self, surf: pygame.Surface) -> None:
        """No big title: the top bar says what is shown."""

    def pos_of(self, seat: int) -> int:
        """Screen position of a seat: the first human sits at the bottom."""
        n = self.entry.config.players
        bottom = next((i for i, s in enumerate(self.entry.seats) if s.is_human), 0)
        return int((seat - bottom) % n)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Top bar, seats with their hands, the trick, the trump, the caption."""
        lay = self.lay
        if lay is None:
            return
        self._top_bar(surf, lay)
        if self.model is None:
            text.draw(surf, self.error or "", (surf.get_width() / 2, surf.get_height() / 2),
                      int(22 * lay.unit), theme.BAD, anchor="center")
            return
        frame = self.model.frame
        for seat in range(self.entry.config.players):
            self._zone(surf, lay, frame, seat)
        self._trick(surf, lay, frame)
        self._trump(surf, lay, frame)
        self._dock(surf, lay, frame)
        if self.show_pad:
            self._pad(surf, lay, frame)

    def _top_bar(self, surf: pygame.Surface, lay: ReplayLayout) -> None:
        u = lay.unit
        bar = R(lay.top_bar)
        strip = pygame.Surface(bar.size, pygame.SRCALPHA)
        strip.fill((8, 22, 16, 200))
        surf.blit(strip, bar.topleft)
        pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, max(1, round(u)))
        x = 14 * u
        r = text.draw(surf, _("Replay"), (x, bar.centery), int(24 * u), theme.ACCENT, "title",
                      anchor="midleft")
        x = r.right + 20 * u
        info = [messages.when_text(self.entry.finished),
                messages.edition_name(self.entry.edition)]
        if self.model is not None:
            st = self.model.frame.state
            info.append(messages.round_text(st.round, self.entry.config.rounds))
            if st.phase in (Phase.PLAY, Phase.ROUND_END, Phase.GAME_OVER):
                total = sum(b for b in st.bids if b is not None)
                info.append(_("Bids: {sum} of {tricks}").format(sum=total, tricks=st.round))
                done = len(st.tricks_played)
                number = done if self.model.frame.won is not None or not st.trick else done + 1
                info.append(_("Trick {n} of {total}").format(n=max(1, number), total=st.round))
        text.draw(surf, "  ·  ".join(info), (x, bar.centery), int(18 * u), theme.INK,
                  anchor="midleft", max_w=lay.pad_button.x - x - 10 * u)

    def _zone(self, surf: pygame.Surface, lay: ReplayLayout, frame: Frame, seat: int) -> None:
        u = lay.unit
        st = frame.state
        box = R(lay.zones[self.pos_of(seat)])
        acting = frame.seat == seat
        panel(surf, box, u, fill=(34, 58, 46) if acting else theme.PANEL, alpha=225,
              edge=theme.ACCENT if acting else theme.PANEL_EDGE)
        inner = 8 * u
        sh = lay.strip_h
        two = sh >= 40 * u                 # narrow zone: name and total, then bid and tricks below
        y1 = box.y + inner + (10 * u if two else sh / 2 - 2 * u)
        y2 = box.y + inner + 33 * u
        spec = self.entry.seats[seat]
        x = box.x + inner
        if st.dealer == seat:
            d = 20 * u
            centre = (x + d / 2, y1)
            pygame.draw.circle(surf, theme.PARCHMENT, centre, d / 2)
            pygame.draw.circle(surf, theme.WOOD, centre, d / 2, max(1, round(2 * u)))
            text.draw(surf, pgettext("dealer mark", "D"), centre, int(12 * u), theme.INK_DARK, "bold",
                      anchor="center")
            x += d + 6 * u
        right = box.right - inner
        total = text.draw(surf, _("{points} pts").format(points=st.totals[seat]), (right, y1),
                          int(17 * u), theme.INK, "bold", anchor="midright")
        bid = st.bids[seat]
        status = " · ".join([_("bid {n}").format(n="–" if bid is None else bid),
                             _("won {n}").format(n=st.tricks[seat])])
        made = bid is not None and bid == st.tricks[seat]
        scored = st.phase in (Phase.ROUND_END, Phase.GAME_OVER) and frame.won is not None
        pts = st.history[-1].points[seat] if scored and st.history else None
        if two:
            name_right = total.x - 10 * u
            y, left, right = y2, box.x + inner, box.right - inner
        else:
            y, left, right = y1, x, total.x - 10 * u
        if pts is not None:     # signed, with its unit, after a "·": never "won 0 +20 -80 pts"
            r = text.draw(surf, _("{points} pts").format(points=f"{pts:+d}" if pts else "0"),
                          (right, y), int(16 * u), theme.GOOD if pts > 0 else theme.BAD, "bold",
                          anchor="midright")
            right = r.x - 10 * u
            if not two:
                status += " ·"
        if two:
            text.draw(surf, status, (left, y), int(15 * u), theme.ACCENT if made else theme.INK_DIM,
                      anchor="midleft", max_w=right - left)
        else:
            r = text.draw(surf, status, (right, y), int(15 * u), theme.ACCENT if made else theme.INK_DIM,
                          anchor="midright", max_w=(right - left) * 0.55)
            name_right = r.x - 10 * u
        name_w = max(20, name_right - x)
        name = spec.name
        if not spec.is_human:
            with_level = _("{name} ({level})").format(name=spec.name, level=level_name(spec.level))
            if text.fit_size(with_level, int(18 * u), name_w, "bold") >= int(15 * u):
                name = with_level
        text.draw(surf, name, (x, y1), int(18 * u), theme.INK, "bold", anchor="midleft", max_w=name_w)
        # the hand, face up
        placed = self.hand_rects(lay, frame, seat)
        if not placed:
            hb = pygame.Rect(box.x + inner, box.y + inner + sh, box.w - 2 * inner, lay.card[1])
            text.draw(surf, _("no cards left"), hb.center, int(14 * u), theme.INK_DIM,
                      anchor="center")
            return
        looks = Pictures(st).hand(seat, [c for c, _r in placed])
        for i, (c, rect) in enumerate(placed):
            self.app.painter.blit_face(surf, c.text, rect, f"replay:{seat}", variant=looks[i])

    def hand_rects(self, lay: ReplayLayout, frame: Frame, seat: int) -> list[tuple[Any, pygame.Rect]]:
        """``seat``'s hand at ``frame`` as drawn: each card (sorted) and its rectangle."""
        u = lay.unit
        st = frame.state
        zone = lay.zones[self.pos_of(seat)]
        box = R(zone)
        inner = 8 * u
        cw, ch = lay.card
        hand = sort_hand(st.hands[seat], st.trump)
        n = len(hand)
        if n == 0:
            return []
        hb = pygame.Rect(box.x + inner, box.y + inner + lay.strip_h, box.w - 2 * inner, ch)
        step = hand_step(zone, cw, n, inner)
        x0 = hb.x + (hb.w - (cw + step * (n - 1))) / 2
        return [(c, pygame.Rect(round(x0 + i * step), hb.y, round(cw), round(ch)))
                for i, c in enumerate(hand)]

    def _trick(self, surf: pygame.Surface, lay: ReplayLayout, frame: Frame) -> None:
        u = lay.unit
        won = frame.won
        cards = frame.trick
        looks = Pictures(frame.state).trick(cards)
        cfg, st = self.entry.config, frame.state
        m = marks(won, None if won is not None else
                  standing(cards, st.trump, cfg.edition.value, cfg.options.scroll), cards)
        for k, (seat, c) in enumerate(cards):
            spot = R(lay.trick_spots[self.pos_of(seat)])
            if m is not None and seat == m.magic:         # the card acting as a Magic Wizard
                magic_glow(surf, spot, u, 1.0)
            self.app.painter.blit_face(surf, c.text, spot, "trick", variant=looks[k])
            if won is not None and seat == won.winner and not won.void:
                pygame.draw.rect(surf, theme.ACCENT, spot.inflate(8 * u, 8 * u),
                                 width=max(2, round(3 * u)), border_radius=round(8 * u))
            elif won is None and k == len(cards) - 1 and isinstance(frame.action, Play):
                pygame.draw.rect(surf, theme.INK, spot.inflate(6 * u, 6 * u),
                                 width=max(1, round(2 * u)), border_radius=round(8 * u))
        if not cards:
            st = frame.state
            msg = ""
            you = self.you
            if st.phase is Phase.BID and st.current is not None:
                msg = (_("Bidding: you are next.") if st.current == you else
                       _("Bidding: {name} is next.").format(name=self.names[st.current]))
            elif st.phase is Phase.TRUMP:
                msg = self._chooses(st.dealer)
            elif st.phase is Phase.PLAY:
                msg = (_("You lead.") if st.leader == you else
                       _("{name} leads.").format(name=self.names[st.leader]))
            if msg:
                area = R(lay.trick_area)
                text.draw(surf, msg, area.center, int(20 * u), theme.INK_DIM, "bold",
                          anchor="center", max_w=area.w)

    def _chooses(self, dealer: int) -> str:
        """The dealer is choosing the trump."""
        if dealer == self.you:
            return _("You choose…")
        return _("{name} chooses…").format(name=self.names[dealer])

    def _trump(self, surf: pygame.Surface, lay: ReplayLayout, frame: Frame) -> None:
        u = lay.unit
        st = frame.state
        box = R(lay.trump)
        panel(surf, box, u, alpha=200)
        ch = box.h - 16 * u
        cw = ch / CARD_ASPECT
        card_r = pygame.Rect(box.x + 10 * u, box.y + 8 * u, cw, ch)
        if st.turned is not None:
            self.app.painter.blit_face(surf, st.turned.text, card_r, "turned",
                                       variant=Pictures(st).turned(st.turned))
        else:
            pygame.draw.rect(surf, theme.INK_DIM, card_r, width=1, border_radius=round(6 * u))
        x = card_r.right + 12 * u
        w = box.right - 8 * u - x
        text.draw(surf, _("Trump"), (x, box.y + box.h * 0.3), int(15 * u), theme.INK_DIM,
                  anchor="midleft", max_w=w)
        if st.phase is Phase.TRUMP:
            label = self._chooses(st.dealer)
        elif st.trump is None:
            label = _("No trump")
        else:
            label = messages.suit_name(st.trump, self.look)
        text.draw(surf, label, (x, box.y + box.h * 0.5), int(18 * u), theme.ACCENT, "bold",
                  anchor="midleft", max_w=w)
        if st.trump is not None:
            em = self.app.painter.emblem(st.trump, 30 * u)
            if em is not None:
                surf.blit(em, em.get_rect(midleft=(x, box.y + box.h * 0.76)))

    def _dock(self, surf: pygame.Surface, lay: ReplayLayout, frame: Frame) -> None:
        u = lay.unit
        m = self.model
        assert m is not None
        cap = R(lay.caption)
        msg = self.caption_text(frame)
        counter = _("Step {n} of {total}").format(n=m.pos + 1, total=m.last + 1)
        c = text.draw(surf, counter, (cap.right, cap.centery), int(14 * u), theme.INK_DIM,
                      anchor="midright")
        back = pygame.Rect(cap.x, cap.y, c.x - 12 * u - cap.x, cap.h)
        panel(surf, back, u, alpha=200, edge=None, radius=10)
        room = back.w - 24 * u
        if text.fit_size(msg, int(17 * u), room, "bold") >= int(14 * u):
            text.draw(surf, msg, (back.x + 12 * u, back.centery), int(17 * u), theme.ACCENT, "bold",
                      anchor="midleft", max_w=room)
        else:                              # a long step (a trick, a round and the game end at once)
            size = int(max(10, min(15 * u, back.h * 0.42)))
            lines = text.wrap(msg, size, room, "bold")
            while len(lines) > 2 and size > 9:          # smaller, rather than a line left out
                size -= 1
                lines = text.wrap(msg, size, room, "bold")
            for k, line in enumerate(lines[:2]):
                text.draw(surf, line, (back.x + 12 * u, back.centery + (k - 0.5) * size * 1.05), size,
                          theme.ACCENT, "bold", anchor="midleft", max_w=room)
        strip = R(lay.rounds_strip)
        text.draw(surf, _("Round"), (self.rounds_label_x + 80 * u, strip.centery), int(15 * u),
                  theme.INK_DIM, anchor="midright", max_w=78 * u)
        hint = _("← → step · Shift: trick · Page Up/Down: round · Space: play · Tab: scores")
        text.draw(surf, hint, (lay.caption.center[0], strip.bottom + 4 * u), int(13 * u),
                  theme.INK_DIM, anchor="midtop", max_w=lay.caption.w)

    def caption_text(self, frame: Frame) -> str:
        """What the caption says at ``frame``: what happened at this step."""
        return describe(frame, self.names, self.look, self.you)

    def _pad(self, surf: pygame.Surface, lay: ReplayLayout, frame: Frame) -> None:
        u = lay.unit
        top = lay.top_bar.bottom + 8 * u
        box = pygame.Rect(lay.width * 0.08, top, lay.width * 0.84, lay.dock.y - 8 * u - top)
        veil = pygame.Surface((lay.width, round(lay.dock.y - lay.top_bar.bottom)), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        surf.blit(veil, (0, lay.top_bar.bottom))
        panel(surf, box, u, alpha=255)
        st = frame.state
        text.draw(surf, _("Score pad — Bloc de Vérité"), (box.centerx, box.y + 8 * u), int(24 * u),
                  theme.ACCENT, "title", anchor="midtop")
        inner = pygame.Rect(box.x + 14 * u, box.y + 44 * u, box.w - 28 * u, box.h - 56 * u)
        draw_pad(surf, inner, self.names, list(st.history), self.entry.config.rounds, u,
                 current=st.round if not st.is_terminal else None)


def level_name(level: str | None) -> str:
    """The translated name of a computer level."""
    names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard"), "expert": _("Expert"),
             "random": _("Random"), "rulebid": _("Beginner"), "mixed": _("Mixed levels")}
    return names.get(level or "normal", level or "")
