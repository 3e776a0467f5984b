"""Round end: each player's bid, tricks and points with the bonuses named; totals count up.

What it says comes from the table (``RoundOver.summary``, built in ``wizard.table.summary``); this
screen only lays it out. After the last round, it leads to the game's result.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard import messages
from wizard.i18n import _
from wizard.table import RoundOver
from wizard.table.takeback import TakeBackRule, refusal_text
from wizard.table.tween import Tween

from .. import text, theme
from ..app import App
from ..widgets import Button
from .base import Overlay

ROW, NOTE, LINE = 46, 22, 26       # heights (in units) of a row, a row's bonus line, a person's line
HEAD, FOOT = 104, 96               # above the first row (title, column heads); below the lines
SAID = 44                          # a take-back's refusal, when Ctrl+Z was pressed here (2 lines)


class RoundEndScene(Overlay):
    """The result of the round just scored, over the table."""

    def __init__(self, app: App, outcome: RoundOver, on_close: Callable[[], None],
                 on_pad: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.on_pad = on_pad             # Tab: the score pad over this result, as at the table
        self.summary = outcome.summary
        self.on_close = on_close
        self.result = outcome.result
        self.count = Tween(app.clock, 1.2 * app.speed)
        self.auto_at = app.clock.now + max(0.4, 2.6 * app.speed) if outcome.auto else None
        self.closed = False
        self.said: str | None = None     # why Ctrl+Z does nothing here, once it is pressed

    def handle(self, event: pygame.event.Event) -> None:
        """Ctrl+Z over the round's result is refused here, where it can be read (#35: the
        table's refusal was drawn behind this panel, so the key seemed to do nothing)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if self.said is None:
                self.said = refusal_text(TakeBackRule.ROUND_SCORED)
                self.layout(*self.size)          # the panel grows by the refusal's lines
            self.app.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.on_pad is not None:
            self.on_pad()                # the table's "Scores (Tab)" is behind this panel
            return
        super().handle(event)

    def title(self) -> str:
        """Round number (and whether it was the last)."""
        return self.summary.title

    def _heights(self) -> tuple[float, float]:
        """The height the content needs (in units) and the factor its rows are drawn at."""
        sm = self.summary
        rows = sum(ROW + (NOTE if r.notes else 0) for r in sm.rows)
        lines = LINE * (len(sm.lines) + (1 if sm.note else 0))
        need = HEAD + rows + 14 + lines + FOOT + (SAID if self.said else 0)
        room = self.size[1] * 0.94 / self.unit
        squeeze = min(1.0, (room - HEAD - FOOT - 14 - (SAID if self.said else 0))
                      / max(1, rows + lines))
        return min(need, room), squeeze

    def panel_rect(self) -> pygame.Rect:
        """Sized to the players and the people's lines."""
        w, h = self.size
        u = self.unit
        need, _squeeze = self._heights()
        pw = min(w * 0.86, 800 * u)
        ph = need * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The Continue button (after the last round: on to the game's result)."""
        r = self.panel_rect()
        u = self.unit
        label = _("See the final result") if self.summary.last else _("Continue")
        bw = min(r.w - 40 * u, 300 * u)
        self.widgets.append(Button((r.centerx - bw / 2, r.bottom - 70 * u, bw, 52 * u),
                                   lambda: label, self.close, primary=True,
                                   keys=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)))

    def busy(self) -> bool:
        """Counting up or waiting to continue by itself."""
        return not self.count.done or self.auto_at is not None

    def update(self, dt: float) -> None:
        """Continue by itself in autoplay."""
        if self.auto_at is not None and self.app.clock.now >= self.auto_at:
            self.close()

    def back(self) -> None:
        """Esc also continues."""
        self.close()

    def close(self) -> None:
        """Next round (or the game's result)."""
        if self.closed:
            return
        self.closed = True
        self.auto_at = None
        self.app.pop(self)
        self.on_close()

    def draw_body(self, surf: pygame.Surface) -> None:
        """The table of results, each row's bonuses under its name, then a line per person."""
        u = self.unit
        r = self.panel_rect()
        sm = self.summary
        _need, k = self._heights()
        cols = [0.05, 0.44, 0.555, 0.71, 0.89]
        heads = [_("Player"), _("Bid"), _("Tricks"), _("Points"), _("Total")]
        y = r.y + 80 * u
        for c, hd in zip(cols, heads, strict=True):
            anchor = "midleft" if c == cols[0] else "center"
            text.draw(surf, hd, (r.x + r.w * c, y), int(16 * u), theme.INK_DIM, "bold",
                      anchor=anchor, max_w=r.w * 0.14 if c != cols[0] else r.w * 0.36)
        y += 24 * u
        t = self.count.t
        everyone = all(row.person for row in sm.rows)
        size = int(19 * u * min(1.0, 0.5 + k / 2))
        for i, row in enumerate(sm.rows):
            h = (ROW + (NOTE if row.notes else 0)) * u * k
            mid = y + h * (0.36 if row.notes else 0.5)
            if i % 2 == 0:
                pygame.draw.rect(surf, (32, 52, 42), (r.x + 10 * u, y, r.w - 20 * u, h))
            if row.person and not everyone:      # the people's rows, among the computers'
                pygame.draw.rect(surf, theme.GOLD, (r.x + 10 * u, y + 3 * u, 4 * u, h - 6 * u))
            text.draw(surf, row.name, (r.x + r.w * cols[0], mid), size, theme.INK, "bold",
                      anchor="midleft", max_w=r.w * 0.36)
            text.draw(surf, str(row.bid), (r.x + r.w * cols[1], mid), size, theme.INK,
                      anchor="center")
            text.draw(surf, str(row.tricks), (r.x + r.w * cols[2], mid), size,
                      theme.GOOD if row.made else theme.BAD, anchor="center")
            pts = row.points
            text.draw(surf, messages.signed_points_text(pts), (r.x + r.w * cols[3], mid), size,
                      theme.GOOD if pts > 0 else theme.BAD if pts < 0 else theme.INK, "bold",
                      anchor="center", max_w=r.w * 0.2)
            shown = round(row.before + (row.total - row.before) * t)
            text.draw(surf, str(shown), (r.x + r.w * cols[4], mid), int(size * 1.15), theme.ACCENT,
                      "bold", anchor="center")
            if row.notes:
                text.draw(surf, "  ·  ".join(row.notes),
                          (r.x + r.w * cols[0] + 14 * u, y + h * 0.74), int(15 * u * k),
                          theme.GOLD, "bold", anchor="midleft", max_w=r.w * 0.86)
            y += h
        y += 14 * u * k + LINE * u * k / 2
        if sm.note:
            text.draw(surf, sm.note, (r.centerx, y), int(17 * u * k), theme.GOLD, "bold",
                      anchor="center", max_w=r.w - 40 * u)
            y += LINE * u * k
        for line in sm.lines:
            text.draw(surf, line.text, (r.centerx, y), int(17 * u * k),
                      theme.GOOD if line.made else theme.INK, "bold", anchor="center",
                      max_w=r.w - 40 * u)
            y += LINE * u * k
        if self.said:                    # above the Continue button, in the room FOOT leaves
            text.draw_wrapped(surf, self.said, pygame.Rect(r.x + 24 * u, r.bottom - (FOOT + SAID - 18) * u,
                                                           r.w - 48 * u, 0),
                              max(text.TEXT_FLOOR, int(14 * u)), theme.BAD, align="center")
