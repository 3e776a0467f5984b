"""Round end: each player's bid, tricks and points; totals count up."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard.i18n import _, ngettext
from wizard.table import RoundOver
from wizard.table.tween import Tween

from .. import text, theme
from ..app import App
from ..widgets import Button
from .base import Overlay


class RoundEndScene(Overlay):
    """The result of the round just scored, over the table."""

    def __init__(self, app: App, outcome: RoundOver, on_close: Callable[[], None]) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.on_close = on_close
        self.result = outcome.result
        self.count = Tween(app.clock, 1.2 * app.speed)
        self.auto_at = app.clock.now + max(0.4, 2.6 * app.speed) if outcome.auto else None
        self.closed = False

    def title(self) -> str:
        """Round number."""
        return _("Round {round} scored").format(round=self.result.round)

    def panel_rect(self) -> pygame.Rect:
        """Sized to the players."""
        w, h = self.size
        n = len(self.result.bids)
        humans = min(2, len(self.outcome.humans))
        ph = min(h * 0.94, (150 + 46 * n + 90 + 26 * humans + (14 if humans else 0)) * self.unit)
        return pygame.Rect(w * 0.5 - min(w * 0.8, 760 * self.unit) / 2, (h - ph) / 2,
                           min(w * 0.8, 760 * self.unit), ph)

    def build(self, width: int, height: int) -> None:
        """The Continue button."""
        r = self.panel_rect()
        u = self.unit
        self.widgets.append(Button((r.centerx - 120 * u, r.bottom - 70 * u, 240 * u, 52 * u),
                                   lambda: _("Continue"), self.close, primary=True,
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
        """Next round."""
        if self.closed:
            return
        self.closed = True
        self.auto_at = None
        self.app.pop(self)
        self.on_close()

    def draw_body(self, surf: pygame.Surface) -> None:
        """The table of results."""
        u = self.unit
        r = self.panel_rect()
        res = self.result
        names = self.outcome.names
        cols = [0.05, 0.42, 0.56, 0.70, 0.86]
        heads = [_("Player"), _("Bid"), _("Tricks"), _("Points"), _("Total")]
        y = r.y + 74 * u
        for c, hd in zip(cols, heads, strict=True):
            anchor = "midleft" if c == cols[0] else "center"
            text.draw(surf, hd, (r.x + r.w * c, y), int(16 * u), theme.INK_DIM, "bold", anchor=anchor)
        t = self.count.t
        for i, name in enumerate(names):
            y += 46 * u
            made = res.bids[i] == res.tricks[i]
            if i % 2 == 0:
                pygame.draw.rect(surf, (32, 52, 42), (r.x + 10 * u, y - 21 * u, r.w - 20 * u, 42 * u))
            text.draw(surf, name, (r.x + r.w * cols[0], y), int(19 * u), theme.INK, "bold",
                      anchor="midleft", max_w=r.w * 0.35)
            text.draw(surf, str(res.bids[i]), (r.x + r.w * cols[1], y), int(19 * u), theme.INK,
                      anchor="center")
            text.draw(surf, str(res.tricks[i]), (r.x + r.w * cols[2], y), int(19 * u),
                      theme.GOOD if made else theme.BAD, anchor="center")
            pts = res.points[i]
            text.draw(surf, f"{pts:+d}", (r.x + r.w * cols[3], y), int(20 * u),
                      theme.GOOD if pts > 0 else theme.BAD if pts < 0 else theme.INK, "bold",
                      anchor="center")
            before = res.totals[i] - pts
            shown = round(before + (res.totals[i] - before) * t)
            text.draw(surf, str(shown), (r.x + r.w * cols[4], y), int(22 * u), theme.ACCENT, "bold",
                      anchor="center")
        humans = self.outcome.humans
        y += 40 * u
        for i in humans[:2]:
            diff = res.tricks[i] - res.bids[i]
            if diff == 0:
                line = _("{name} made the bid exactly!").format(name=names[i])
            elif diff > 0:
                line = ngettext("{name} took {n} trick too many.", "{name} took {n} tricks too many.",
                                diff).format(name=names[i], n=diff)
            else:
                line = ngettext("{name} took {n} trick too few.", "{name} took {n} tricks too few.",
                                -diff).format(name=names[i], n=-diff)
            text.draw(surf, line, (r.centerx, y), int(17 * u), theme.GOOD if diff == 0 else theme.INK,
                      "bold", anchor="center", max_w=r.w - 40 * u)
            y += 26 * u
