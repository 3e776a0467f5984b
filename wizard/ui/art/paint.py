"""Painting helpers for illustrations: gradients, glows, rays, clipping to a shape."""

from __future__ import annotations

import math
import random

import pygame

from wizard.ui.art.palette import Colour, mix
from wizard.ui.art.pen import Pen, Point


def vertical_gradient(surface: pygame.Surface, top: Colour, bottom: Colour) -> None:
    """Fill a surface with a top-to-bottom gradient."""
    w, h = surface.get_size()
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surface, mix(top, bottom, t), (0, y), (w, y))


def glow(pen: Pen, c: Point, radius: float, colour: Colour, strength: int = 200, steps: int = 14) -> None:
    """A soft radial glow blended over what is already drawn."""
    surf = pen.surface
    px, py = pen.map(c)
    rad = pen.px(radius)
    size = int(rad * 2) + 2
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(steps):
        t = i / steps
        a = round(strength * (t**1.6) / steps * 2.2)
        pygame.draw.circle(layer, (*colour, min(255, a)), (size / 2, size / 2), rad * (1 - t))
    surf.blit(layer, (px - size / 2, py - size / 2))


def rays(pen: Pen, c: Point, length: float, colour: Colour, count: int = 16, turn: float = 0.0) -> None:
    """Alternate wedges radiating from a point."""
    for i in range(count):
        a0 = math.radians(turn + i * 360 / count)
        a1 = math.radians(turn + (i + 0.5) * 360 / count)
        pen.poly(
            [c, (c[0] + length * math.cos(a0), c[1] + length * math.sin(a0)),
             (c[0] + length * math.cos(a1), c[1] + length * math.sin(a1))],
            colour,
        )


def starfield(pen: Pen, box: tuple[float, float, float, float], count: int, colour: Colour, seed: int) -> None:
    """Small twinkling stars scattered (deterministically) in a box x0, y0, x1, y1."""
    rng = random.Random(seed)
    x0, y0, x1, y1 = box
    for _ in range(count):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        s = rng.uniform(0.012, 0.035)
        pen.poly([(x, y - s * 2), (x + s * 0.5, y - s * 0.5), (x + s * 2, y), (x + s * 0.5, y + s * 0.5),
                  (x, y + s * 2), (x - s * 0.5, y + s * 0.5), (x - s * 2, y), (x - s * 0.5, y - s * 0.5)],
                 colour)


def clip_to(surface: pygame.Surface, outline: list[tuple[float, float]]) -> None:
    """Make everything outside a pixel-space polygon transparent."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), outline)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
