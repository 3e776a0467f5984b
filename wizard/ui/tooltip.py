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
    # the words go on the tooltip's own layer, blitted over the panel: what lies under the
    # tooltip is hidden, not drawn through (nor counted as text under text)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    y = pad
    for t in title_lines:
        text.draw(layer, t, (pad, y), title_size, theme.ACCENT, role="bold")
        y += step_t
    for para in wrapped:
        y += round(5 * u)
        for t in para:
            text.draw(layer, t, (pad, y), size, theme.INK)
            y += step
    surf.blit(layer, rect.topleft)
    return rect


def tooltip_above(band: Box, centre_x: float, w: float, h: float, window: Box, gap: float = 8.0,
                  avoid: tuple[Box, ...] = (), higher: tuple[Box, ...] = (),
                  essential: tuple[Box, ...] = ()) -> Box:
    """Where a ``w`` x ``h`` tooltip about a card of the hand goes: above the whole ``band`` (the
    hand, lifted cards included), so that it covers no card of the hand (nor the one a hint rings),
    as near ``centre_x`` as covers none of ``avoid``; else above each of ``higher`` in turn (the
    prompt over the hand); else above the band covering none of ``essential`` (a lesson's words:
    the rest of ``avoid`` gives way to them); failing that, centred above the band anyway."""
    for top in (band.y, *(b.y for b in higher)):
        found = _above(top, centre_x, w, h, window, gap, avoid)
        if found is not None:
            return found
    if essential:
        found = _above(band.y, centre_x, w, h, window, gap, essential)
        if found is not None:
            return found
    w, h = min(w, window.w), min(h, window.h)
    return Box(max(window.x, min(centre_x - w / 2, window.right - w)),
               max(window.y, band.y - gap - h), w, h)


def _above(top: float, centre_x: float, w: float, h: float, window: Box, gap: float,
           avoid: tuple[Box, ...]) -> Box | None:
    """A box above ``top`` as near ``centre_x`` as covers none of ``avoid``, or None."""
    w, h = min(w, window.w), min(h, window.h)
    y = top - gap - h
    if y < window.y:
        return None

    def at(x: float) -> Box:
        return Box(max(window.x, min(x, window.right - w)), y, w, h)

    step = max(8.0, w / 8)
    for k in range(0, int(window.w / step) + 1):
        for sign in ((1,) if k == 0 else (-1, 1)):
            b = at(centre_x - w / 2 + sign * k * step)
            if not any(b.overlaps(o) for o in avoid):
                return b
    return None
