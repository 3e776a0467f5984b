"""Statistics & history: finished games, newest first, and per-player statistics."""

from __future__ import annotations

from typing import Any

import pygame

from wizard.i18n import N_, _
from wizard.ui import messages

from .. import text, theme
from ..widgets import Button, panel
from .base import Screen
from .scorepad import draw_pad


class HistoryScene(Screen):
    """The list of finished games; click one to see its score pad."""

    title = N_("Statistics & history")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.entries = list(reversed(app.prefs.history()))
        self.stats = self._stats()
        self.selected: int | None = None
        self.scroll = 0

    def _stats(self) -> dict[str, Any]:
        try:
            from wizard.persistence import compute_stats
            return compute_stats(list(reversed(self.entries)))  # type: ignore[no-any-return]
        except Exception:
            return {}

    def build(self, width: int, height: int) -> None:
        """Back button, one button per game row."""
        u = self.unit
        self.widgets.append(Button((width / 2 - 120 * u, height - 80 * u, 240 * u, 52 * u),
                                   lambda: _("Back"), self.back))
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        box = self.list_rect()
        rh = 36 * u
        for k, i in enumerate(range(self.scroll, len(self.entries))):
            r = pygame.Rect(box.x + 10 * u, box.y + 44 * u + k * rh, box.w - 20 * u, rh - 4 * u)
            if r.bottom > box.bottom - 8 * u:
                break
            self.row_rects.append((r, i))

    def list_rect(self) -> pygame.Rect:
        """The games list panel."""
        w, h = self.size
        u = self.unit
        return pygame.Rect(30 * u, 100 * u, w * 0.5 - 45 * u, h - 200 * u)

    def side_rect(self) -> pygame.Rect:
        """The statistics / score pad panel."""
        w, h = self.size
        u = self.unit
        return pygame.Rect(w * 0.5 + 15 * u, 100 * u, w * 0.5 - 45 * u, h - 200 * u)

    def handle(self, event: pygame.event.Event) -> None:
        """Pick a game; wheel scrolls."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r, i in self.row_rects:
                if r.collidepoint(event.pos):
                    self.selected = None if self.selected == i else i
                    self.app.dirty = True
                    return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.entries) - 1, self.scroll - event.y))
            self.layout(*self.size)
            return
        super().handle(event)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Games on the left; statistics or the chosen game's pad on the right."""
        u = self.unit
        box = self.list_rect()
        panel(surf, box, u)
        text.draw(surf, _("Finished games"), (box.x + 16 * u, box.y + 10 * u), int(20 * u),
                  theme.ACCENT, "title")
        if not self.entries:
            text.draw(surf, _("No finished game yet."), box.center, int(17 * u), theme.INK_DIM,
                      anchor="center")
        for r, i in self.row_rects:
            e = self.entries[i]
            if i == self.selected:
                pygame.draw.rect(surf, theme.BUTTON_HOVER, r, border_radius=round(6 * u))
            names = [s.name for s in e.seats]
            win = ", ".join(names[w] for w in e.winners)
            line = _("{date} · {edition} · won by {winner} ({score})").format(
                date=e.finished.strftime("%Y-%m-%d %H:%M"), edition=messages.edition_name(e.edition),
                winner=win, score=max(e.totals))
            text.draw(surf, line, (r.x + 8 * u, r.centery), int(15 * u), theme.INK, anchor="midleft",
                      max_w=r.w - 16 * u)
        side = self.side_rect()
        panel(surf, side, u)
        if self.selected is not None:
            e = self.entries[self.selected]
            draw_pad(surf, side.inflate(-20 * u, -20 * u), [s.name for s in e.seats], list(e.rounds),
                     len(e.rounds), u)
            return
        text.draw(surf, _("Players"), (side.x + 16 * u, side.y + 10 * u), int(20 * u), theme.ACCENT,
                  "title")
        y = side.y + 50 * u
        for name, st in list(self._rows())[:14]:
            text.draw(surf, name, (side.x + 16 * u, y), int(16 * u), theme.INK, "bold",
                      max_w=side.w * 0.3)
            text.draw(surf, st, (side.x + side.w * 0.34, y), int(14 * u), theme.INK_DIM,
                      max_w=side.w * 0.64)
            y += 30 * u

    def _rows(self) -> list[tuple[str, str]]:
        out = []
        stats = self.stats
        items = stats.items() if isinstance(stats, dict) else []
        for name, st in items:
            overall = getattr(st, "overall", st)
            games = getattr(overall, "games", None)
            wins = getattr(overall, "wins", None)
            avg = getattr(overall, "average_score", None)
            acc = getattr(overall, "bid_accuracy", None)
            if games is None:
                continue
            out.append((str(name), _("{games} games · {wins} wins · avg {avg} · bids {acc} %").format(
                games=games, wins=wins, avg=round(avg or 0), acc=round((acc or 0) * 100))))
        return out
