"""A small vector pen: shapes in unit coordinates, drawn on a supersampled surface."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from wizard.ui.art.palette import Colour

Point = tuple[float, float]
RGBA = tuple[int, int, int] | tuple[int, int, int, int]


class Pen:
    """Draws on `surface` in a unit frame centred on (cx, cy), `r` pixels per unit, rotated by `angle` degrees."""

    def __init__(
        self, surface: pygame.Surface, cx: float, cy: float, r: float, angle: float = 0.0
    ) -> None:
        self.surface = surface
        self.cx, self.cy, self.r = cx, cy, r
        rad = math.radians(angle)
        self._cos, self._sin = math.cos(rad), math.sin(rad)

    def sub(self, x: float, y: float, scale: float, angle: float = 0.0) -> Pen:
        """A pen for a child frame at unit point (x, y), `scale` units per child unit."""
        px, py = self.map((x, y))
        base = math.degrees(math.atan2(self._sin, self._cos))
        return Pen(self.surface, px, py, self.r * scale, base + angle)

    def map(self, p: Point) -> tuple[float, float]:
        """Unit point -> pixel point."""
        x, y = p
        return (
            self.cx + (x * self._cos - y * self._sin) * self.r,
            self.cy + (x * self._sin + y * self._cos) * self.r,
        )

    def maps(self, pts: Iterable[Point]) -> list[tuple[float, float]]:
        """Map a sequence of unit points to pixels."""
        return [self.map(p) for p in pts]

    def px(self, length: float) -> float:
        """A unit length in pixels."""
        return length * self.r

    # -- primitives -----------------------------------------------------------------------

    def poly(self, pts: Sequence[Point], colour: RGBA) -> None:
        """Fill a polygon."""
        if len(pts) >= 3:
            pygame.draw.polygon(self.surface, colour, self.maps(pts))

    def stroke(self, pts: Sequence[Point], colour: RGBA, width: float, closed: bool = True) -> None:
        """Stroke a polyline with round joints; `width` in units."""
        w = max(1, round(self.px(width)))
        mapped = self.maps(pts)
        if len(mapped) >= 2:
            pygame.draw.lines(self.surface, colour, closed, mapped, w)
        if w >= 3:
            rad = w / 2
            for q in mapped:
                pygame.draw.circle(self.surface, colour, q, rad)

    def line(self, a: Point, b: Point, colour: RGBA, width: float) -> None:
        """A straight line with round caps; `width` in units."""
        self.stroke([a, b], colour, width, closed=False)

    def circle(self, c: Point, radius: float, colour: RGBA, width: float = 0.0) -> None:
        """A filled (width 0) or outlined circle."""
        w = 0 if width <= 0 else max(1, round(self.px(width)))
        pygame.draw.circle(self.surface, colour, self.map(c), max(1.0, self.px(radius)), w)

    def shape(self, pts: Sequence[Point], fill: RGBA, ink: RGBA | None, outline: float) -> None:
        """A polygon with an outline of `outline` units outside its edge."""
        if ink is not None and outline > 0:
            self.stroke(pts, ink, outline * 2)
        self.poly(pts, fill)

    def disc(self, c: Point, radius: float, fill: RGBA, ink: RGBA | None, outline: float) -> None:
        """A circle with an outline outside its edge."""
        if ink is not None and outline > 0:
            self.circle(c, radius + outline, ink)
        self.circle(c, radius, fill)


# -- point generators (unit coordinates) ------------------------------------------------------


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24
) -> list[Point]:
    """Points on an elliptical arc from angle a0 to a1 (degrees, y down)."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 48) -> list[Point]:
    """Points around a whole ellipse."""
    return arc(cx, cy, rx, ry, 0, 360, n)[:-1]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """Points on a cubic Bezier curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def mirror(pts: Sequence[Point]) -> list[Point]:
    """The left-right mirror image of a point list, reversed so a half outline closes."""
    return [(-x, y) for x, y in reversed(pts)]


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -90) -> list[Point]:
    """A star polygon."""
    out = []
    for i in range(points * 2):
        rad = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def rounded_rect(x0: float, y0: float, x1: float, y1: float, radius: float, n: int = 8) -> list[Point]:
    """Points around a rounded rectangle."""
    r = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
    pts: list[Point] = []
    pts += arc(x1 - r, y0 + r, r, r, -90, 0, n)
    pts += arc(x1 - r, y1 - r, r, r, 0, 90, n)
    pts += arc(x0 + r, y1 - r, r, r, 90, 180, n)
    pts += arc(x0 + r, y0 + r, r, r, 180, 270, n)
    return pts


def colour_alpha(c: Colour, a: int) -> tuple[int, int, int, int]:
    """An RGB colour with alpha."""
    return (c[0], c[1], c[2], a)
