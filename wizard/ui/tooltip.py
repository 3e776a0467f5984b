"""A small tooltip: a title and a few wrapped sentences on an opaque panel, drawn last and kept
inside the window (where it goes is ``layout.tooltip_box``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import text, theme
from .fonts import font
from .layout import Box, tooltip_box
from .widgets import panel


def tooltip(surf: pygame.Surface, anchor: pygame.Rect, title: str, lines: list[str],
            unit: float, avoid: tuple[Box, ...] = (),
            place: Callable[[float, float], Box] | None = None) -> pygame.Rect:
    """Draw a tooltip about ``anchor`` (a title, then each line as a paragraph), covering none of
    ``avoid`` where it can (or where ``place(width, height)`` says); its rect."""
    u = unit
    pad = round(10 * u)
    win_w, win_h = surf.get_size()
    width = min(380 * u, win_w - 4 * pad)
    title_size, size = max(12, int(17 * u)), max(11, int(14 * u))
    inner = width - 2 * pad
    title_lines = text.wrap(title, title_size, inner, "bold") if title else []
    wrapped = [text.wrap(line, size, inner) for line in lines]
    used = max([font(title_size, "bold").size(t)[0] for t in title_lines]
               + [font(size).size(t)[0] for para in wrapped for t in para] + [40 * u])
    width = min(width, used + 2 * pad)
    step_t, step = int(title_size * 1.25), int(size * 1.25)
    height = (pad * 2 + step_t * len(title_lines) + step * sum(len(p) for p in wrapped)
              + round(5 * u) * len(wrapped))
    b = place(width, height) if place is not None else \
        tooltip_box(Box(*anchor), width, height, Box(0, 0, win_w, win_h), 8 * u, avoid)
    rect = pygame.Rect(b.tuple())
    panel(surf, rect, u, fill=(16, 26, 22), alpha=255, radius=8)       # opaque: nothing shows through
    y = rect.y + pad
    for t in title_lines:
        text.draw(surf, t, (rect.x + pad, y), title_size, theme.ACCENT, role="bold")
        y += step_t
    for para in wrapped:
        y += round(5 * u)
        for t in para:
            text.draw(surf, t, (rect.x + pad, y), size, theme.INK)
            y += step
    return rect
