"""Suit marks: the four peoples' emblems (classic look) and the French suits (standard look)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from wizard.ui.art.palette import SuitColours, mix
from wizard.ui.art.pen import Pen, Point, arc, bezier, ellipse, mirror

OUTLINE = 0.07


def ow(c: SuitColours) -> float:
    """Outline width: thicker round light colours (yellow) so their shape holds on pale cards."""
    return OUTLINE * (1.5 if sum(c.main) > 480 else 1.0)

# -- classic: the peoples -------------------------------------------------------------------


def crown(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Humans: a three-pointed crown."""
    o = ow(c)
    body: list[Point] = [(-0.82, 0.34), (-0.96, -0.44)]
    body += bezier((-0.96, -0.44), (-0.7, -0.2), (-0.55, -0.1), (-0.42, -0.02), 6)[1:]
    body += [(0.0, -0.66)]
    body += bezier((0.42, -0.02), (0.55, -0.1), (0.7, -0.2), (0.96, -0.44), 6)
    body += [(0.82, 0.34)]
    band = [(-0.86, 0.28), (0.86, 0.28), (0.86, 0.7), (-0.86, 0.7)]
    tips = [(-0.96, -0.5), (0.0, -0.74), (0.96, -0.5)]
    for t in tips:
        pen.circle(t, 0.14 + o, c.dark)
    pen.stroke(body, c.dark, o * 2)
    pen.stroke(band, c.dark, o * 2)
    pen.poly(body, c.main)
    pen.poly(band, c.main)
    pen.line((-0.86, 0.28), (0.86, 0.28), c.dark, o)
    for t in tips:
        pen.circle(t, 0.14, c.main)
    if detail:
        pen.disc((0.0, 0.49), 0.11, c.light, c.dark, 0.04)
        pen.disc((-0.5, 0.49), 0.08, c.light, c.dark, 0.04)
        pen.disc((0.5, 0.49), 0.08, c.light, c.dark, 0.04)


@lru_cache(maxsize=1)
def _leaf_outline() -> list[Point]:
    """A leaf along the x axis from -0.95 (stalk) to 0.95 (tip)."""
    top: list[Point] = []
    n = 28
    for i in range(n + 1):
        t = i / n
        x = -0.95 + 1.9 * t
        w = 0.5 * math.sin(math.pi * t**0.8) ** 0.9
        top.append((x, -w))
    bottom = [(x, -y) for x, y in reversed(top[1:-1])]
    return top + bottom


def leaf(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Elves: a leaf with its midrib, tip up and to the right."""
    o = ow(c)
    p = pen.sub(0.0, 0.0, 1.12, -45.0)
    p.line((-1.12, 0.0), (-0.9, 0.0), c.dark, 0.16)
    p.shape(_leaf_outline(), c.main, c.dark, o)
    p.line((-0.9, 0.0), (0.7, 0.0), c.light if detail else c.dark, 0.07)
    if detail:
        for x in (-0.55, -0.15, 0.25):
            p.line((x, 0.0), (x + 0.24, -0.24), c.light, 0.05)
            p.line((x, 0.0), (x + 0.24, 0.24), c.light, 0.05)


def axe(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Dwarves: a double-bitted axe."""
    o = ow(c)
    blade: list[Point] = []
    blade += bezier((0.1, -0.4), (0.4, -0.43), (0.62, -0.55), (0.84, -0.76), 8)
    blade += bezier((0.84, -0.76), (1.08, -0.36), (1.08, 0.06), (0.84, 0.46), 12)[1:]
    blade += bezier((0.84, 0.46), (0.62, 0.25), (0.4, 0.14), (0.1, 0.1), 8)[1:]
    left = mirror(blade)
    handle = [(-0.09, -0.9), (0.09, -0.9), (0.09, 0.98), (-0.09, 0.98)]
    pen.stroke(handle, c.dark, o * 2)
    pen.poly(handle, c.dark)
    pen.shape(blade, c.main, c.dark, o)
    pen.shape(left, c.main, c.dark, o)
    pen.shape([(0.0, -1.0), (0.13, -0.78), (0.0, -0.62), (-0.13, -0.78)], c.main, c.dark, o * 0.8)
    pen.shape([(-0.16, -0.46), (0.16, -0.46), (0.16, 0.16), (-0.16, 0.16)], c.main, c.dark, o * 0.8)
    if detail:
        pen.stroke(bezier((0.9, -0.5), (1.0, -0.25), (1.0, 0.0), (0.9, 0.25), 8), c.light, 0.06, False)
        pen.stroke(bezier((-0.9, -0.5), (-1.0, -0.25), (-1.0, 0.0), (-0.9, 0.25), 8), c.light, 0.06, False)


def mountain(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Giants: a mountain with two snowy peaks."""
    o = ow(c)
    body: list[Point] = [(-1.0, 0.75), (-0.26, -0.92), (0.1, -0.22), (0.44, -0.6), (1.0, 0.75)]
    pen.shape(body, c.main, c.dark, o)
    snow = [(-0.26, -0.92), (-0.5, -0.38), (-0.37, -0.46), (-0.26, -0.33), (-0.15, -0.5), (-0.06, -0.53)]
    snow2 = [(0.44, -0.6), (0.3, -0.37), (0.4, -0.42), (0.48, -0.33), (0.56, -0.45), (0.6, -0.42)]
    pen.poly(snow, c.light)
    pen.poly(snow2, c.light)
    if detail:
        shade = [(-0.26, -0.33), (-0.15, -0.5), (-0.06, -0.53), (0.1, -0.22), (0.3, 0.75), (0.0, 0.75)]
        pen.poly(shade, mix(c.main, c.dark, 0.3))
    pen.line((-1.0, 0.75), (1.0, 0.75), c.dark, o * 2)


# -- standard: French suits -----------------------------------------------------------------


@lru_cache(maxsize=1)
def _heart_outline() -> list[Point]:
    """A heart fitted to about [-0.9, 0.9]^2, point down."""
    raw = []
    n = 72
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    ys = [p[1] for p in raw]
    mid = (max(ys) + min(ys)) / 2
    k = 0.92 / 17.0
    return [(x * k, (y - mid) * k) for x, y in raw]


def heart(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Hearts."""
    o = ow(c)
    pen.shape(_heart_outline(), c.main, c.dark, o * 0.8)
    if detail:
        pen.stroke(arc(-0.42, -0.32, 0.22, 0.22, 200, 260, 8), c.light, 0.06, False)


def spade(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Spades."""
    o = ow(c)
    body = [(x * 0.98, -y * 0.9 - 0.1) for x, y in _heart_outline()]
    stem: list[Point] = [(0.0, 0.2)]
    stem += bezier((0.0, 0.2), (0.05, 0.6), (0.2, 0.85), (0.36, 0.95), 8)
    stem += [(-0.36, 0.95)]
    stem += bezier((-0.36, 0.95), (-0.2, 0.85), (-0.05, 0.6), (0.0, 0.2), 8)
    pen.stroke(stem, c.dark, o * 1.6)
    pen.stroke(body, c.dark, o * 1.6)
    pen.poly(stem, c.main)
    pen.poly(body, c.main)


def diamond(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Diamonds."""
    o = ow(c)
    pts: list[Point] = []
    pts += bezier((0.0, -1.0), (0.25, -0.6), (0.5, -0.3), (0.74, 0.0), 10)
    pts += bezier((0.74, 0.0), (0.5, 0.3), (0.25, 0.6), (0.0, 1.0), 10)[1:]
    pts += bezier((0.0, 1.0), (-0.25, 0.6), (-0.5, 0.3), (-0.74, 0.0), 10)[1:]
    pts += bezier((-0.74, 0.0), (-0.5, -0.3), (-0.25, -0.6), (0.0, -1.0), 10)[1:-1]
    pen.shape(pts, c.main, c.dark, o * 0.8)


def club(pen: Pen, c: SuitColours, detail: bool) -> None:
    """Clubs."""
    o = ow(c)
    lobes = [((0.0, -0.48), 0.36), ((-0.46, 0.14), 0.36), ((0.46, 0.14), 0.36)]
    stem: list[Point] = [(0.0, 0.0)]
    stem += bezier((0.0, 0.0), (0.05, 0.5), (0.2, 0.82), (0.36, 0.95), 8)
    stem += [(-0.36, 0.95)]
    stem += bezier((-0.36, 0.95), (-0.2, 0.82), (-0.05, 0.5), (0.0, 0.0), 8)
    core = ellipse(0.0, 0.02, 0.26, 0.3, 16)
    for centre, rad in lobes:
        pen.circle(centre, rad + o * 0.8, c.dark)
    pen.stroke(stem, c.dark, o * 1.6)
    pen.poly(stem, c.main)
    for centre, rad in lobes:
        pen.circle(centre, rad, c.main)
    pen.poly(core, c.main)


EmblemFn = Callable[[Pen, SuitColours, bool], None]

CLASSIC_EMBLEMS: dict[str, EmblemFn] = {"B": crown, "G": leaf, "R": axe, "Y": mountain}
STANDARD_EMBLEMS: dict[str, EmblemFn] = {"B": spade, "G": club, "R": heart, "Y": diamond}


def emblem_fn(look: str, suit: str) -> EmblemFn:
    """The drawing function of a suit's mark in a look."""
    table = STANDARD_EMBLEMS if look == "standard" else CLASSIC_EMBLEMS
    try:
        return table[suit]
    except KeyError:
        raise ValueError(f"unknown suit {suit!r}") from None


def draw_emblem(pen: Pen, look: str, suit: str, colours: SuitColours, detail: bool = True) -> None:
    """Draw a suit mark in the pen's unit frame (it fits in about [-1, 1]^2)."""
    emblem_fn(look, suit)(pen, colours, detail)
