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
SAFE = 1            # the button chosen when the question opens: Cancel


class ConfirmScene(Overlay):
    """``question`` with [``confirm``] [Cancel]; Esc cancels, the confirming button runs ``on_yes``.

    The keyboard answers: Left/Right or Tab (Shift+Tab) choose a button, Enter or Space presses
    the chosen one. Cancel, the safe answer, is chosen when the question opens; the confirming
    button destroys something (a game), so it is drawn as destructive (red)."""

    def __init__(self, app: App, question: str, confirm: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.confirm = confirm
        self.on_yes = on_yes
        self.kb_focus = SAFE
        self._show_focus()

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
                                   self.yes, danger=True))
        self.widgets.append(Button((r.centerx + 10 * u, y, bw, bh), lambda: _("Cancel"),
                                   self.back, keys=(pygame.K_ESCAPE,), primary=True))

    def keyboard(self, event: pygame.event.Event) -> bool:
        """Left/Right and Tab move between the two buttons; the rest as on every screen."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_TAB):
            n = len(self.focusable())
            back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB
                                                   and event.mod & pygame.KMOD_SHIFT)
            here = SAFE if self.kb_focus is None else self.kb_focus
            self.kb_focus = (here + (-1 if back else 1)) % n
            self._show_focus()
            return True
        return super().keyboard(event)

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
