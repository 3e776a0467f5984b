"""Small charts drawn with pygame primitives: a rate over time (a line of dots) and rates by
category (bars), both on a 0-100 % scale with light grid lines. Pure drawing: no state."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from wizard.i18n import _

from . import text, theme
from .fonts import font


def percent(rate: float | None) -> str:
    """A rate as a translated percentage ("–" for none)."""
    return "–" if rate is None else _("{pct} %").format(pct=round(rate * 100))


def _frame(surf: pygame.Surface, rect: pygame.Rect, unit: float) -> pygame.Rect:
    """Grid lines at 0, 50 and 100 % with their labels on the left; the plotting area."""
    size = max(text.TEXT_FLOOR, int(12 * unit))
    label_w = font(size).size(percent(1.0))[0] + 8 * unit
    area = pygame.Rect(rect.x + label_w, rect.y + size / 2, rect.w - label_w, rect.h - size)
    line = max(1, round(unit))
    for frac in (0.0, 0.5, 1.0):
        y = area.bottom - frac * area.h
        colour = theme.PANEL_EDGE if frac == 0.0 else (70, 92, 80)
        pygame.draw.line(surf, colour, (area.x, y), (area.right, y), line)
        text.draw(surf, percent(frac), (area.x - 6 * unit, y), size, theme.INK_DIM,
                  anchor="midright")
    return area


def rate_line(surf: pygame.Surface, rect: pygame.Rect, rates: Sequence[float],
              marked: Sequence[bool], unit: float) -> None:
    """``rates`` (0..1, oldest first) as dots joined by a line; ``marked`` dots are drawn hollow
    (games with take-backs). A dashed line shows the mean."""
    area = _frame(surf, rect, unit)
    n = len(rates)
    if not n:
        return
    step = area.w / max(1, n - 1) if n > 1 else 0.0
    points = [(area.x + (i * step if n > 1 else area.w / 2), area.bottom - r * area.h)
              for i, r in enumerate(rates)]
    mean_y = area.bottom - sum(rates) / n * area.h
    dash = max(4, round(8 * unit))
    for dx in range(area.x, area.right, dash * 2):
        pygame.draw.line(surf, theme.INK_DIM, (dx, mean_y), (min(dx + dash, area.right), mean_y),
                         max(1, round(unit)))
    if n > 1:
        pygame.draw.lines(surf, theme.ACCENT, False, points, max(2, round(2 * unit)))
    radius = max(3, round(4.5 * unit))
    for (x, y), hollow in zip(points, marked, strict=True):
        pygame.draw.circle(surf, theme.PANEL, (x, y), radius)
        pygame.draw.circle(surf, theme.ACCENT, (x, y), radius, max(1, round(2 * unit)) if hollow else 0)


def rate_bars(surf: pygame.Surface, rect: pygame.Rect, labels: Sequence[str],
              rates: Sequence[float | None], unit: float) -> None:
    """One bar per category (``None``: no data, no bar), its label under it."""
    size = max(text.TEXT_FLOOR, int(12 * unit))
    area = _frame(surf, pygame.Rect(rect.x, rect.y, rect.w, rect.h - size * 1.4), unit)
    n = len(labels)
    if not n:
        return
    slot = area.w / n
    bar_w = max(2.0, min(slot * 0.7, 40 * unit))
    every = max(1, math.ceil(font(size).size("20")[0] * 1.8 / slot))  # labels that fit
    for i, (label, rate) in enumerate(zip(labels, rates, strict=True)):
        cx = area.x + slot * (i + 0.5)
        if rate is not None:
            h = max(1.0, rate * area.h)
            bar = pygame.Rect(round(cx - bar_w / 2), round(area.bottom - h), round(bar_w), round(h))
            pygame.draw.rect(surf, theme.SERIES[1], bar, border_radius=max(1, round(2 * unit)))
        if i % every == 0 or i == n - 1:
            text.draw(surf, label, (cx, area.bottom + 3 * unit), size, theme.INK_DIM,
                      anchor="midtop")
