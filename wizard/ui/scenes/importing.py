"""The first start after an update: the earlier version's history is imported into the new one
while this screen counts the games ("Importing your history: 4,200 of 10,000 games"), so the
window is there at once and shows that something is happening. The import runs on a worker
thread; closing the window stops it between two games and nothing is lost (the original file
stays as it was until the whole import is verified; the next start goes on with it). When it
is over, ``then`` opens what the start was meant to open (the main menu, which tells what was
imported and anything set aside).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from wizard.i18n import N_, _, ngettext
from wizard.messages import count_text

from .. import text, theme
from ..widgets import panel
from .base import Screen


class ImportScene(Screen):
    """The import of an earlier version's history, counted; ``then()`` once it has ended."""

    title = N_("Your history")

    def __init__(self, app: Any, then: Callable[[], None] | None = None, job: Any = None) -> None:
        super().__init__(app)
        self.then = then
        self.job = job if job is not None else app.prefs.start_import(
            threaded=getattr(app, "threaded", True))
        self._over = False
        self._shown = -1

    def update(self, dt: float) -> None:
        """Draw again when the count has moved; once the import has ended, on to what the start
        opens. The screen asks for no frames of its own (``busy`` stays False): the main loop
        then looks about four times a second, and the import thread has the interpreter to
        itself the rest of the time (60 frames a second would slow it down)."""
        super().update(dt)
        if self.job.read != self._shown:
            self._shown = self.job.read
            self.app.dirty = True
        if self.job.done and not self._over:
            self._over = True
            if self.then is not None:
                self.then()
            else:
                self.app.go("menu")

    def back(self) -> None:
        """Esc does nothing: the import goes on (closing the window stops it safely)."""

    def line(self) -> str:
        """What the screen says about the count."""
        total = self.job.total
        if not total:
            return _("Importing your history…")
        return ngettext("Importing your history: {done} of {total} game",
                        "Importing your history: {done} of {total} games",
                        total).format(done=count_text(min(self.job.read, total)),
                                      total=count_text(total))

    def draw_body(self, surf: pygame.Surface) -> None:
        """The count, a bar, and what is going on."""
        u = self.unit
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, min(w - 80 * u, 760 * u), 262 * u)
        box.center = (w // 2, int(h * 0.52))
        panel(surf, box, u)
        x, inner = box.x + 32 * u, box.w - 64 * u
        text.draw(surf, self.line(), (box.centerx, box.y + 34 * u), int(22 * u), theme.INK,
                  "bold", anchor="midtop", max_w=inner)
        bar = pygame.Rect(x, box.y + 90 * u, inner, 26 * u)
        pygame.draw.rect(surf, theme.FELT_DARK, bar, border_radius=int(8 * u))
        total = self.job.total
        if total:
            part = bar.copy()
            part.w = int(bar.w * min(1.0, self.job.read / total))
            if part.w:
                pygame.draw.rect(surf, theme.ACCENT, part, border_radius=int(8 * u))
        pygame.draw.rect(surf, theme.INK_DIM, bar, width=max(1, int(2 * u)),
                         border_radius=int(8 * u))
        y = bar.bottom + 26 * u
        for msg in (_("The games of the earlier version are moving into the new history, each "
                      "one checked. This happens once."),
                    _("You can close the window at any time: nothing is lost, and the import goes "
                      "on at the next start.")):
            for line in text.wrap(msg, int(16 * u), inner):
                text.draw(surf, line, (box.centerx, y), int(16 * u), theme.INK_DIM,
                          anchor="midtop", max_w=inner)
                y += 22 * u
            y += 10 * u
