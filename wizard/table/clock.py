"""A clock that time-driven animations read; the app advances it, tests advance it by hand."""

from __future__ import annotations

from collections.abc import Callable

SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.45, "normal": 1.0, "slow": 1.8}


class Clock:
    """Monotonic seconds since creation, moved only by ``tick(dt)``; runs scheduled callbacks."""

    def __init__(self) -> None:
        self.now = 0.0
        self._calls: list[tuple[float, int, Callable[[], None]]] = []
        self._seq = 0

    def tick(self, dt: float) -> None:
        """Advance by ``dt`` seconds and run every callback that came due, in time order."""
        self.now += max(0.0, dt)
        while True:
            due = [c for c in self._calls if c[0] <= self.now]
            if not due:
                return
            first = min(due)
            self._calls.remove(first)
            first[2]()

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` once, ``delay`` seconds from now (at the next tick)."""
        self._seq += 1
        self._calls.append((self.now + max(0.0, delay), self._seq, callback))

    @property
    def pending(self) -> bool:
        """Whether any callback waits."""
        return bool(self._calls)

    def cancel_all(self) -> None:
        """Forget every scheduled callback."""
        self._calls.clear()
