"""The frame of a game walked through step by step (the replay, the review's replay): the top
bar with its title and facts, and the caption dock that says what the step did."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import text, theme
from ..widgets import panel


def top_bar(surf: pygame.Surface, bar: pygame.Rect, u: float, title: str, info: Sequence[str],
            right: float) -> None:
    """A dark strip with ``title`` and the ``info`` facts after it, ending before ``right``."""
    strip = pygame.Surface(bar.size, pygame.SRCALPHA)
    strip.fill((8, 22, 16, 200))
    surf.blit(strip, bar.topleft)
    pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, max(1, round(u)))
    x = 14 * u
    r = text.draw(surf, title, (x, bar.centery), int(24 * u), theme.ACCENT, "title",
                  anchor="midleft")
    x = r.right + 20 * u
    text.draw(surf, "  ·  ".join(info), (x, bar.centery), int(18 * u), theme.INK,
              anchor="midleft", max_w=right - x - 10 * u)


def caption(surf: pygame.Surface, cap: pygame.Rect, u: float, msg: str, counter: str) -> None:
    """What the step did, on a panel (one line, or two smaller ones for a long step), and the
    step counter at the right."""
    c = text.draw(surf, counter, (cap.right, cap.centery), int(14 * u), theme.INK_DIM,
                  anchor="midright")
    back = pygame.Rect(cap.x, cap.y, c.x - 12 * u - cap.x, cap.h)
    panel(surf, back, u, alpha=200, edge=None, radius=10)
    room = back.w - 24 * u
    if text.fit_size(msg, int(17 * u), room, "bold") >= int(14 * u):
        text.draw(surf, msg, (back.x + 12 * u, back.centery), int(17 * u), theme.ACCENT, "bold",
                  anchor="midleft", max_w=room)
        return
    size = int(max(10, min(15 * u, back.h * 0.42)))   # a trick, a round and the game end at once
    lines = text.wrap(msg, size, room, "bold")
    while len(lines) > 2 and size > 9:                 # smaller, rather than a line left out
        size -= 1
        lines = text.wrap(msg, size, room, "bold")
    for k, line in enumerate(lines[:2]):
        text.draw(surf, line, (back.x + 12 * u, back.centery + (k - 0.5) * size * 1.05), size,
                  theme.ACCENT, "bold", anchor="midleft", max_w=room)


def dock(surf: pygame.Surface, cap: pygame.Rect, strip: pygame.Rect, label_x: float, u: float,
         msg: str, counter: str, label: str, keys: str) -> None:
    """The dock under the table: the caption and counter, the round strip's ``label`` (its
    buttons are widgets) and the ``keys`` line under it."""
    caption(surf, cap, u, msg, counter)
    text.draw(surf, label, (label_x + 80 * u, strip.centery), int(15 * u), theme.INK_DIM,
              anchor="midright", max_w=78 * u)
    text.draw(surf, keys, (cap.centerx, strip.bottom + 4 * u), int(13 * u), theme.INK_DIM,
              anchor="midtop", max_w=cap.w)


def pad_over(surf: pygame.Surface, width: float, top: float, bottom: float, u: float,
             title: str) -> pygame.Rect:
    """A veil between ``top`` and ``bottom`` with a panel titled ``title`` on it; the room left
    inside for the score pad."""
    veil = pygame.Surface((round(width), round(bottom - top)), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 140))
    surf.blit(veil, (0, top))
    box = pygame.Rect(width * 0.08, top + 8 * u, width * 0.84, bottom - 16 * u - top)
    panel(surf, box, u, alpha=255)
    text.draw(surf, title, (box.centerx, box.y + 8 * u), int(24 * u), theme.ACCENT, "title",
              anchor="midtop")
    return pygame.Rect(box.x + 14 * u, box.y + 44 * u, box.w - 28 * u, box.h - 56 * u)
