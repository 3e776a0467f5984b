"""Card geometry: size from width, supersampling factor, corner-index proportions, pip layouts."""

from __future__ import annotations

ASPECT = 2 / 3  # width / height
THIRD = 1 / 3


def card_size(width: int) -> tuple[int, int]:
    """Card (w, h) in pixels for a width."""
    w = max(8, int(width))
    return w, round(w / ASPECT)


def supersample(width: int) -> int:
    """How many times larger than the target the card is drawn before smooth scaling."""
    if width <= 64:
        return 4
    if width <= 200:
        return 3
    return 2


def index_scale(width: int) -> float:
    """Corner-index font size as a fraction of card width: larger on small cards (fanned hands)."""
    small, large = 56, 110
    lo, hi = 0.30, 0.16
    if width <= small:
        return lo
    if width >= large:
        return hi
    t = (width - small) / (large - small)
    return lo + (hi - lo) * t


def is_small(width: int) -> bool:
    """Small cards replace the pip layout by one central mark."""
    return width < 110


_SIDE4 = [(-1.0, y) for y in (-1.0, -THIRD, THIRD, 1.0)] + [(1.0, y) for y in (-1.0, -THIRD, THIRD, 1.0)]
_SIDE5 = [(-1.0, y) for y in (-1.0, -0.5, 0.0, 0.5, 1.0)] + [(1.0, y) for y in (-1.0, -0.5, 0.0, 0.5, 1.0)]
_SIDE3 = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)]

PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.0, 0.0)],
    2: [(0.0, -1.0), (0.0, 1.0)],
    3: [(0.0, -1.0), (0.0, 0.0), (0.0, 1.0)],
    4: [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
    5: [(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    6: _SIDE3,
    7: _SIDE3 + [(0.0, -0.5)],
    8: _SIDE3 + [(0.0, -0.5), (0.0, 0.5)],
    9: _SIDE4 + [(0.0, 0.0)],
    10: _SIDE4 + [(0.0, -2 * THIRD), (0.0, 2 * THIRD)],
    11: _SIDE4 + [(0.0, -2 * THIRD), (0.0, 0.0), (0.0, 2 * THIRD)],
    12: _SIDE5 + [(0.0, -0.75), (0.0, 0.75)],
    13: _SIDE5 + [(0.0, -0.75), (0.0, 0.0), (0.0, 0.75)],
}


def pip_radius(count: int) -> float:
    """Pip half-size as a fraction of card width."""
    if count == 1:
        return 0.2
    if count <= 3:
        return 0.1
    if count <= 10:
        return 0.076
    return 0.063
