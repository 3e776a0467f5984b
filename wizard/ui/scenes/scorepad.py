"""The score pad ("Bloc de Vérité"): one row per round, bid / tricks / points / total per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from wizard.i18n import _, pgettext

from .. import text, theme
from .base import Overlay


def draw_pad(surf: pygame.Surface, rect: pygame.Rect, names: list[str], rows: list[Any],
             rounds: int, unit: float, current: int | None = None) -> None:
    """A score pad of ``rows`` (``RoundResult``) for ``names`` inside ``rect`` on parchment."""
    u = unit
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=round(8 * u))
    n = len(names)
    first_w = max(46 * u, rect.w * 0.07)
    col_w = (rect.w - first_w) / n
    head_h = 34 * u
    row_h = min(30 * u, (rect.h - head_h * 2) / max(1, rounds))
    size = int(max(10, min(16 * u, row_h * 0.62)))
    ink = theme.INK_DARK
    x0 = rect.x + first_w
    for i, name in enumerate(names):
        cx = x0 + col_w * (i + 0.5)
        text.draw(surf, name, (cx, rect.y + head_h / 2), int(17 * u), ink, "bold", anchor="center",
                  max_w=col_w - 8 * u)
        pygame.draw.line(surf, theme.PARCHMENT_LINE, (x0 + col_w * i, rect.y + 4 * u),
                         (x0 + col_w * i, rect.bottom - 4 * u), max(1, round(u)))
    # TRANSLATORS: a narrow column of the score pad: the bid, abbreviated if need be ("préd.")
    sub = [pgettext("score pad column", "bid"), _("won"), _("pts"), _("total")]
    sub_y = rect.y + head_h + 2
    for i in range(n):
        for k, s in enumerate(sub):
            text.draw(surf, s, (x0 + col_w * i + col_w * (k + 0.5) / 4, sub_y), int(11 * u),
                      theme.WOOD, anchor="midtop", max_w=col_w / 4)
    y = sub_y + 16 * u
    pygame.draw.line(surf, theme.WOOD, (rect.x + 4, y), (rect.right - 4, y), max(1, round(2 * u)))
    for rnd in range(1, rounds + 1):
        ry = y + (rnd - 1) * row_h
        if rnd % 2 == 0:
            pygame.draw.rect(surf, (232, 220, 188), (rect.x + 2, ry, rect.w - 4, row_h))
        for i in range(n):     # the total has its own shaded cell: never a bare "+20 40"
            tx = x0 + col_w * i + col_w * 3 / 4
            pygame.draw.rect(surf, (214, 196, 152) if rnd % 2 == 0 else (224, 209, 170),
                             (tx, ry, col_w / 4, row_h))
            pygame.draw.line(surf, theme.WOOD, (tx, ry), (tx, ry + row_h), max(1, round(u)))
        if current == rnd:
            pygame.draw.rect(surf, theme.GOLD, (rect.x + 2, ry, rect.w - 4, row_h), max(1, round(2 * u)))
        text.draw(surf, str(rnd), (rect.x + first_w / 2, ry + row_h / 2), size, theme.WOOD, "bold",
                  anchor="center")
        if rnd - 1 < len(rows):
            row = rows[rnd - 1]
            for i in range(n):
                made = row.bids[i] == row.tricks[i]
                vals = [str(row.bids[i]), str(row.tricks[i]), f"{row.points[i]:+d}", str(row.totals[i])]
                for k, v in enumerate(vals):
                    colour = ink
                    if k == 2:
                        colour = (30, 120, 50) if made else (170, 40, 40)
                    cx = x0 + col_w * i + col_w * (k + 0.5) / 4
                    text.draw(surf, v, (cx, ry + row_h / 2), size, colour, "bold" if k == 3 else "text",
                              anchor="center", max_w=col_w / 4)
                if made:
                    cx = x0 + col_w * i + col_w * 0.5 / 4
                    pygame.draw.circle(surf, (30, 120, 50), (cx, ry + row_h / 2), row_h * 0.42,
                                       max(1, round(1.5 * u)))


class ScorePadScene(Overlay):
    """The score pad over the table (Tab or Esc closes it)."""

    def __init__(self, app: Any, names: Sequence[str], results: Sequence[Any], rounds: int,
                 current: int | None) -> None:
        super().__init__(app)
        self.names = list(names)
        self.results = list(results)
        self.rounds = rounds
        self.current = current      # the round in play (outlined), None once the game is over

    def title(self) -> str:
        """The pad's name."""
        return pgettext("score pad title", "Score pad")

    def panel_rect(self) -> pygame.Rect:
        """Nearly the whole window."""
        w, h = self.size
        return pygame.Rect(w * 0.04, h * 0.04, w * 0.92, h * 0.92)

    def handle(self, event: pygame.event.Event) -> None:
        """Tab, Esc or a click close it."""
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_ESCAPE)) or (
                event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.app.pop(self)

    def draw_body(self, surf: pygame.Surface) -> None:
        """The pad, with the round in play outlined."""
        r = self.panel_rect()
        u = self.unit
        inner = pygame.Rect(r.x + 16 * u, r.y + 62 * u, r.w - 32 * u, r.h - 100 * u)
        draw_pad(surf, inner, self.names, self.results, self.rounds, u, current=self.current)
        text.draw(surf, _("Circled bids were made exactly. Tab or click to close."),
                  (r.centerx, r.bottom - 20 * u), int(14 * u), theme.INK_DIM, anchor="center")
