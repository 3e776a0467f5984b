"""The table's animations as data: one event at a time, each with a duration on a clock.

Events come in already redacted for the viewer. ``step()`` moves the snapshot (``Shown``) forward
by each event whose animation has ended and starts the next one; at speed 0 every event is applied
at once. The screen draws ``active`` at ``progress`` and never changes the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from wizard.engine import (
    BidMade,
    BidsRevealed,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Event,
    GameOver,
    RoundScored,
    RoundStarted,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
)

from .clock import Clock
from .shown import Shown
from .tween import Tween, ease_in_out

#: Seconds each event takes at "normal" speed (RoundScored: the totals count up on the plates).
DURATIONS: dict[type, float] = {
    CardDrawn: 0.35, DealerChosen: 1.0, RoundStarted: 0.3, CardDealt: 0.09, TrumpRevealed: 0.6,
    TrumpChosen: 0.5, BidMade: 0.3, BidsRevealed: 0.8, CardPlayed: 0.35, TrickWon: 1.2,
    RoundScored: 1.0, GameOver: 0.0,
}

#: The sound each kind of event starts with.
SOUND_OF: dict[type, str] = {CardDealt: "deal", CardPlayed: "play", TrickWon: "trick",
                             RoundScored: "round", RoundStarted: "shuffle", GameOver: "win"}


class Animator:
    """A queue of events played one after the other on ``clock``; ``speed`` scales every duration."""

    def __init__(self, clock: Clock, shown: Shown, speed: float = 1.0) -> None:
        self.clock = clock
        self.shown = shown
        self.speed = speed
        self.queue: deque[Event] = deque()
        self.active: Event | None = None
        self.tween: Tween | None = None
        self.sounds: list[str] = []     # sounds of the events started since the screen last looked
        self.draw_pause = 0.0           # speed 0: seconds the first dealer's draw still stays on show

    @property
    def drained(self) -> bool:
        """No animation is running or queued."""
        return self.active is None and not self.queue

    @property
    def progress(self) -> float:
        """Eased progress 0..1 of the running animation (1 when none runs)."""
        return 1.0 if self.tween is None or self.active is None else self.tween.t

    @property
    def raw_progress(self) -> float:
        """Linear progress 0..1 of the running animation."""
        return 1.0 if self.tween is None or self.active is None else self.tween.raw

    def push(self, events: Iterable[Event]) -> None:
        """Queue events (already redacted for the viewer)."""
        self.queue.extend(events)

    def duration(self, e: Event) -> float:
        """How long ``e`` animates at the current speed."""
        base = DURATIONS.get(type(e), 0.2)
        if isinstance(e, DealerChosen) and self.speed <= 0:
            return self.draw_pause      # who deals first is read, animations off too
        if isinstance(e, CardDealt):
            total = max(1, self.shown.round) * self.shown.players
            base = min(base, 2.4 / total)
        return base * self.speed

    def step(self) -> None:
        """Apply every animation that has ended and start the next one."""
        for _guard in range(100_000):
            if self.active is not None:
                if self.tween is not None and not self.tween.done:
                    return
                self.shown.apply(self.active)
                self.active = None
            if not self.queue:
                return
            e = self.queue.popleft()
            if type(e) in SOUND_OF:
                self.sounds.append(SOUND_OF[type(e)])
            d = self.duration(e)
            if d <= 0:
                self.shown.apply(e)
                continue
            self.active = e
            self.tween = Tween(self.clock, d, ease=ease_in_out)

    def skip(self) -> None:
        """Show the end of every running and queued animation at once."""
        if self.active is not None:
            self.shown.apply(self.active)
            self.active = None
        while self.queue:
            self.shown.apply(self.queue.popleft())

    def take_sounds(self) -> list[str]:
        """The sounds to play now (each once)."""
        out, self.sounds = self.sounds, []
        return out
