"""Tweens: values that move from a to b over a duration on a ``Clock`` (STYLE habit 7)."""

from __future__ import annotations

import math
from collections.abc import Callable

from .clock import Clock

Ease = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out(t: float) -> float:
    """Fast start, soft landing (cubic)."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Soft start and landing (sine)."""
    return 0.5 - 0.5 * math.cos(math.pi * t)


def lerp(a: float, b: float, t: float) -> float:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """``lerp`` for points."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Tween:
    """Progress 0 -> 1 from ``start`` over ``duration`` seconds of ``clock`` time."""

    def __init__(self, clock: Clock, duration: float, delay: float = 0.0,
                 ease: Ease = ease_out) -> None:
        self.clock = clock
        self.start = clock.now + max(0.0, delay)
        self.duration = max(0.0, duration)
        self.ease = ease

    @property
    def raw(self) -> float:
        """Linear progress 0..1 (0 before the start)."""
        if self.duration <= 0:
            return 1.0 if self.clock.now >= self.start else 0.0
        return min(1.0, max(0.0, (self.clock.now - self.start) / self.duration))

    @property
    def t(self) -> float:
        """Eased progress 0..1."""
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        """True once the end is reached."""
        return self.clock.now >= self.start + self.duration

    @property
    def started(self) -> bool:
        """True once the delay has passed."""
        return self.clock.now >= self.start

    def value(self, a: float, b: float) -> float:
        """The eased value between ``a`` and ``b`` now."""
        return lerp(a, b, self.t)

    def finish(self) -> None:
        """Jump to the end."""
        self.start = self.clock.now - self.duration
