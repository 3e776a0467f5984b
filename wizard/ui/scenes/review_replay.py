"""The replay opened from the review: at the moment of a decision, with Expert's alternative shown.

It is the replay (every step can still be walked through), opened at the step just before the
person's bid or card. At that step Expert's card is ringed in gold in the person's hand and the
card the person played in red, and the caption says both, with their expected points and the
cost. Home comes back to that moment.
"""

from __future__ import annotations

from typing import Any

import pygame

from wizard.i18n import _
from wizard.review.words import alternative_line

from .. import theme
from ..replaylayout import ReplayLayout
from .replay import R, ReplayScene

MINE = (235, 110, 100)


class ReviewReplayScene(ReplayScene):
    """The replay at ``decision`` (a review ``Decision``); ``name`` None: the person is "you"."""

    def __init__(self, app: Any, entry: Any, decision: Any, name: str | None = None) -> None:
        super().__init__(app, entry)
        self.decision = decision
        self.name = name
        self.moment = 0
        m = self.model
        if m is not None:
            at = [k for k, f in enumerate(m.frames) if f.index == decision.step]
            self.moment = at[-1] if at else 0
            m.go(self.moment)

    def handle(self, event: pygame.event.Event) -> None:
        """Home: back to the reviewed moment (the other keys as in the replay)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_HOME and self.model is not None:
            self.playing = False
            self.model.go(self.moment)
            self._moved()
            return
        super().handle(event)

    def caption_text(self, frame: Any) -> str:
        """At the reviewed moment: Expert's choice against the person's; elsewhere the step, and
        how to come back."""
        if self.model is not None and self.model.pos == self.moment:
            return alternative_line(self.decision, self.name, self.look)
        return _("{step} (Home: back to the reviewed moment.)").format(step=super().caption_text(frame))

    def draw_body(self, surf: pygame.Surface) -> None:
        """The replay, with Expert's card ringed in gold and the person's in red at the moment."""
        super().draw_body(surf)
        lay = self.lay
        m = self.model
        if lay is None or m is None or m.pos != self.moment or self.show_pad:
            return
        if self.decision.kind == "card":
            self._ring(surf, lay, self.decision)

    def _ring(self, surf: pygame.Surface, lay: ReplayLayout, d: Any) -> None:
        assert self.model is not None
        u = lay.unit
        ringed: set[str] = set()
        for card, rect in self.hand_rects(lay, self.model.frame, d.seat):
            for want, colour in ((d.best, theme.ACCENT), (d.chosen, MINE)):
                if card.text == want and want not in ringed:
                    ringed.add(want)
                    pygame.draw.rect(surf, colour, rect.inflate(8 * u, 8 * u),
                                     width=max(2, round(4 * u)), border_radius=round(8 * u))
                    break


__all__ = ["R", "ReviewReplayScene"]
