"""The table: green baize with a soft weave and a vignette, generated procedurally."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from wizard.ui.art.palette import Colour, mix

FELT: Colour = (34, 110, 70)
FELT_DARK: Colour = (10, 46, 30)
TILE = 160


@lru_cache(maxsize=4)
def _noise(w: int, h: int, seed: int, spread: float) -> pygame.Surface:
    """Multiplicative grey noise around 93 %, deterministic."""
    rng = random.Random(seed)
    surf = pygame.Surface((w, h))
    for y in range(h):
        for x in range(w):
            v = max(0, min(255, round(238 + rng.gauss(0, spread))))
            surf.set_at((x, y), (v, v, v))
    return surf


def _felt(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    # radial light: bright centre fading to a dark rim
    small_w, small_h = max(2, w // 10), max(2, h // 10)
    small = pygame.Surface((small_w, small_h))
    small.fill(FELT_DARK)
    steps = 40
    for i in range(steps):
        t = i / (steps - 1)
        rect = pygame.Rect(0, 0, max(1, round(small_w * (1.5 - 1.1 * t))), max(1, round(small_h * (1.5 - 1.1 * t))))
        rect.center = (small_w // 2, small_h // 2)
        pygame.draw.ellipse(small, mix(FELT_DARK, FELT, min(1.0, t * 1.6) ** 0.6), rect)
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    # cloudy variation and a fine weave
    clouds = pygame.transform.smoothscale(_noise(24, 16, 2, 10.0), (w, h))
    surf.blit(clouds, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    weave = _noise(TILE, TILE, 1, 7.0)
    for y in range(0, h, TILE):
        for x in range(0, w, TILE):
            surf.blit(weave, (x, y), special_flags=pygame.BLEND_RGB_MULT)
    return surf


@lru_cache(maxsize=4)
def table_surface(size: tuple[int, int]) -> pygame.Surface:
    """A felt table background of `size` pixels (cached per size)."""
    return _felt(max(1, int(size[0])), max(1, int(size[1])))
