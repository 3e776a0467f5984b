"""Painters of the review screens: the bar chart of points lost by round, the progress bar, and a
decision's row. They draw what they are given and change nothing."""

from __future__ import annotations

import math

import pygame

from wizard.i18n import _

from .. import text, theme
from ..box import Box
from ..reviewlayout import GameReviewLayout
from ..widgets import panel

BAR = (214, 104, 88)
BAR_HOVER = (246, 140, 120)


def R(b: Box) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


def nice_top(most: float) -> int:
    """The chart's top value: a round number at or above ``most`` (at least 10)."""
    if most <= 10:
        return 10
    step = 10 ** math.floor(math.log10(most))
    for k in (1, 2, 2.5, 5, 10):
        if k * step >= most:
            return int(k * step)
    return int(10 * step)


def draw_chart(surf: pygame.Surface, lay: GameReviewLayout, lost: list[float],
               hover: int | None) -> None:
    """One bar per round (its value above it), a scale on the left, the round numbers below."""
    u = lay.unit
    panel(surf, R(lay.chart), u)
    text.draw(surf, _("Points lost to costly decisions, round by round"), (lay.chart.x + 16 * u, lay.chart.y + 10 * u),
              int(18 * u), theme.ACCENT, "bold", max_w=lay.chart.w * 0.5)
    text.draw(surf, _("Click a round to see its decisions."),
              (lay.chart.right - 16 * u, lay.chart.y + 12 * u), int(14 * u), theme.INK_DIM,
              anchor="topright", max_w=lay.chart.w * 0.45)
    plot = lay.plot
    top = nice_top(max(lost, default=0.0))
    for v in (0, top / 2, top):
        y = plot.bottom - plot.h * v / top
        pygame.draw.line(surf, theme.INK_DIM if v == 0 else (60, 80, 70), (plot.x, y),
                         (plot.right, y), 1)
        text.draw(surf, f"{v:g}", (plot.x - 8 * u, y), int(13 * u), theme.INK_DIM,
                  anchor="midright")
    for k, (col, value) in enumerate(zip(lay.bars, lost, strict=True)):
        if hover == k:
            pygame.draw.rect(surf, (40, 64, 54), R(col), border_radius=round(4 * u))
        w = max(2.0, col.w * 0.62)
        h = plot.h * value / top
        if value > 0:
            bar = pygame.Rect(round(col.x + (col.w - w) / 2), round(plot.bottom - h), round(w),
                              max(1, round(h)))
            pygame.draw.rect(surf, BAR_HOVER if hover == k else BAR, bar,
                             border_top_left_radius=round(3 * u),
                             border_top_right_radius=round(3 * u))
            text.draw(surf, str(round(value)), (col.x + col.w / 2, bar.y - 2 * u),
                      max(text.TEXT_FLOOR, int(12 * u)), theme.INK, anchor="midbottom",
                      max_w=col.w)
        text.draw(surf, str(k + 1), (col.x + col.w / 2, plot.bottom + 6 * u), int(13 * u),
                  theme.ACCENT if hover == k else theme.INK_DIM, "bold" if hover == k else "text",
                  anchor="midtop")


def draw_progress(surf: pygame.Surface, lay: GameReviewLayout, done: int, total: int,
                  line: str) -> None:
    """The review being worked out: a sentence and a bar filling from the left."""
    u = lay.unit
    panel(surf, R(lay.chart), u)
    box = R(lay.progress)
    text.draw(surf, line, (box.centerx, box.y - 14 * u), int(20 * u), theme.INK, "bold",
              anchor="midbottom", max_w=box.w)
    pygame.draw.rect(surf, (16, 30, 24), box, border_radius=round(box.h / 2))
    share = done / total if total else 0.0
    if share > 0:
        fill = pygame.Rect(box.x, box.y, max(box.h, round(box.w * share)), box.h)
        pygame.draw.rect(surf, theme.GOLD, fill, border_radius=round(box.h / 2))
    pygame.draw.rect(surf, theme.PANEL_EDGE, box, width=max(1, round(u)),
                     border_radius=round(box.h / 2))


def draw_row(surf: pygame.Surface, box: Box, line: str, u: float, hover: bool,
             cue: str = "") -> None:
    """One decision: its sentence, and on the right what a click does ("Replay ▶")."""
    r = R(box)
    pygame.draw.rect(surf, theme.BUTTON_HOVER if hover else (30, 48, 40), r,
                     border_radius=round(6 * u))
    if hover:
        pygame.draw.rect(surf, theme.ACCENT, r, width=max(1, round(2 * u)),
                         border_radius=round(6 * u))
    right = r.right - 12 * u
    if cue:
        c = text.draw(surf, cue, (right, r.centery), int(14 * u), theme.ACCENT if hover
                      else theme.INK_DIM, anchor="midright", max_w=r.w * 0.2)
        right = c.x - 12 * u
    room = right - r.x - 12 * u
    size = int(16 * u)
    if text.fit_size(line, size, room) >= int(13 * u):
        text.draw(surf, line, (r.x + 12 * u, r.centery), size, theme.INK, anchor="midleft",
                  max_w=room)
        return
    small = max(10, int(min(14 * u, r.h * 0.4)))       # a long sentence: two lines
    lines = text.wrap(line, small, room)
    for k, part in enumerate(lines[:2]):
        text.draw(surf, part, (r.x + 12 * u, r.centery + (k - 0.5) * small * 1.1), small,
                  theme.INK, anchor="midleft", max_w=room)
