"""Small pieces shared by the table's painters: rectangles, the felt, a centred banner."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from .. import text, theme
from ..layout import Box
from ..widgets import panel

if TYPE_CHECKING:
    from .table import TableScene


def R(b: Box) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt for a window size (the art's, or a plain gradient)."""
    try:
        from wizard.ui.art import table_surface
        return table_surface(size)
    except Exception:
        surf = pygame.Surface(size)
        w, h = size
        for i in range(0, h, 4):
            k = 1 - abs(i - h / 2) / h
            c = [int(theme.FELT_DARK[j] + (theme.FELT[j] - theme.FELT_DARK[j]) * k) for j in range(3)]
            pygame.draw.rect(surf, c, (0, i, w, 4))
        return surf


def banner(sc: TableScene, surf: pygame.Surface, msg: str) -> None:
    """A message on a panel in the middle of the trick area."""
    u = sc.lay.unit
    cx, cy = sc.lay.trick_area.center
    img = text.render(msg, int(26 * u), theme.ACCENT, "title")
    box = img.get_rect(center=(cx, cy)).inflate(40 * u, 18 * u)
    panel(surf, box, u)
    surf.blit(img, img.get_rect(center=box.center))
