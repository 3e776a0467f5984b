"""The rectangle every layout is made of: pure maths, no pygame (``layout.py`` re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        """Centre point."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def overlaps(self, o: Box) -> bool:
        """True if the interiors intersect."""
        return self.x < o.right and o.x < self.right and self.y < o.bottom and o.y < self.bottom

    def inside(self, o: Box) -> bool:
        """True if this box lies within ``o``."""
        return (self.x >= o.x - 1e-6 and self.y >= o.y - 1e-6 and self.right <= o.right + 1e-6
                and self.bottom <= o.bottom + 1e-6)

    def contains(self, p: tuple[float, float]) -> bool:
        """True if point ``p`` is in the box."""
        return self.x <= p[0] < self.right and self.y <= p[1] < self.bottom

    def tuple(self) -> tuple[int, int, int, int]:
        """Rounded ``(x, y, w, h)``, ready for ``pygame.Rect``."""
        return (round(self.x), round(self.y), round(self.w), round(self.h))

    @staticmethod
    def around(cx: float, cy: float, w: float, h: float) -> Box:
        """The ``w`` x ``h`` box centred on ``(cx, cy)``."""
        return Box(cx - w / 2, cy - h / 2, w, h)
