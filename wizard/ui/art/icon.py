"""The application icon: a wizard's hat under a star on a midnight card."""

from __future__ import annotations

from functools import lru_cache

import pygame

from wizard.ui.art.paint import glow
from wizard.ui.art.palette import CREAM, GOLD, GOLD_DARK, INK, mix
from wizard.ui.art.pen import Pen, bezier, ellipse, rounded_rect, star

ICON_SIZE = 256


@lru_cache(maxsize=2)
def app_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """The application icon as a square surface with alpha."""
    ss = 4 if size <= 128 else 2
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pen = Pen(big, size * ss / 2, size * ss / 2, size * ss / 2)
    night, robe = (24, 34, 90), (64, 52, 170)
    pen.poly(rounded_rect(-0.94, -0.94, 0.94, 0.94, 0.26, 10), mix(night, INK, 0.5))
    pen.poly(rounded_rect(-0.88, -0.88, 0.88, 0.88, 0.22, 10), night)
    glow(pen, (0.0, 0.0), 0.9, (120, 140, 255), 160)
    for angle, x, mark in ((-14.0, -0.2, (38, 96, 196)), (12.0, 0.22, (206, 44, 44))):
        card = pen.sub(x, 0.02, 1.0, angle)
        card.shape(rounded_rect(-0.3, -0.44, 0.3, 0.44, 0.06, 6), CREAM, INK, 0.025)
        card.poly(star(-0.18, -0.3, 0.08, 0.035), mark)
    cone = bezier((-0.5, 0.5), (-0.3, 0.1), (-0.1, -0.35), (0.38, -0.74), 12)
    cone += bezier((0.38, -0.74), (0.2, -0.3), (0.32, 0.1), (0.5, 0.5), 12)[1:]
    pen.shape(cone, robe, INK, 0.03)
    pen.poly([(-0.47, 0.42), (0.47, 0.42), (0.5, 0.52), (-0.5, 0.52)], GOLD)
    pen.shape(ellipse(0.0, 0.56, 0.76, 0.13, 40), robe, INK, 0.03)
    pen.shape(star(-0.46, -0.5, 0.2, 0.08), GOLD, GOLD_DARK, 0.02)
    pen.poly(star(0.02, 0.1, 0.13, 0.055), GOLD)
    pen.poly(star(0.56, -0.12, 0.06, 0.025, 4), (255, 250, 220))
    pen.poly(star(-0.62, 0.05, 0.05, 0.02, 4), (255, 250, 220))
    return pygame.transform.smoothscale(big, (size, size))
