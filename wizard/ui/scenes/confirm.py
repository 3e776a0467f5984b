"""A question over the screen with a confirming button and Cancel (deleting, abandoning...)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard.i18n import _

from .. import text, theme
from ..app import App
from ..widgets import Button
from .base import Overlay

TEXT_SIZE = 20


class ConfirmScene(Overlay):
    """``question`` with [``confirm``] [Cancel]; Esc cancels, the confirming button runs ``on_yes``."""

    def __init__(self, app: App, question: str, confirm: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.confirm = confirm
        self.on_yes = on_yes

    def panel_rect(self) -> pygame.Rect:
        """A centred panel sized for the question."""
        w, h = self.size
        u = self.unit
        pw = min(w - 40 * u, 620 * u)
        lines = text.wrap(self.question, int(TEXT_SIZE * u), pw - 60 * u)
        ph = (40 + 25 * len(lines) + 24 + 50 + 28) * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The two buttons at the bottom of the panel."""
        r = self.panel_rect()
        u = self.unit
        bw, bh = min(240 * u, r.w / 2 - 30 * u), 50 * u
        y = r.bottom - bh - 24 * u
        self.widgets.append(Button((r.centerx - bw - 10 * u, y, bw, bh), lambda: self.confirm,
                                   self.yes, primary=True))
        self.widgets.append(Button((r.centerx + 10 * u, y, bw, bh), lambda: _("Cancel"),
                                   self.back, keys=(pygame.K_ESCAPE,)))

    def yes(self) -> None:
        """Close the question, then do what was confirmed."""
        self.app.pop(self)
        self.on_yes()

    def draw_body(self, surf: pygame.Surface) -> None:
        """The question, wrapped."""
        r = self.panel_rect()
        u = self.unit
        box = pygame.Rect(r.x + 30 * u, r.y + 40 * u, r.w - 60 * u, 0)
        text.draw_wrapped(surf, self.question, box, int(TEXT_SIZE * u), theme.INK,
                          align="center")
