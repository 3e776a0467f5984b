"""A small window that says why the game cannot start, for people who double-clicked it.

A windowed build has no console, so a message printed there would never be read. When a display
is there (e.g. the game is already open), this shows the message until a key, a click or the
window's close button.
"""

from __future__ import annotations

import logging
import os
import time

import pygame

from wizard.i18n import _

from . import text, theme

log = logging.getLogger(__name__)

SIZE = (640, 260)


def render(message: str, size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The window's picture: the message, wrapped (a long unbroken path is narrowed to fit), and
    how to close it."""
    surf = pygame.Surface(size)
    surf.fill(theme.FELT_DARK)
    w, h = size
    pygame.draw.rect(surf, theme.PANEL_EDGE, surf.get_rect().inflate(-12, -12), 2, border_radius=10)
    text.draw(surf, _("Wizard"), (w / 2, 22), 30, theme.ACCENT, "title", anchor="midtop",
              max_w=w - 48)
    lines = text.wrap(message, 18, w - 64)
    step = min(24, (h - 130) / max(1, len(lines)))
    y = 72 + max(0, (h - 130 - step * len(lines)) / 2)
    for line in lines:
        text.draw(surf, line, (w / 2, y), int(min(18, step / 1.25)), theme.INK, anchor="midtop",
                  max_w=w - 64)
        y += step
    text.draw(surf, _("Press any key or click to close."), (w / 2, h - 26), 14, theme.INK_DIM,
              anchor="midbottom", max_w=w - 48)
    return surf


def show(message: str, timeout: float | None = None) -> bool:
    """Show ``message`` in its own window; False when no real display can show it."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen") and timeout is None:
        return False
    try:
        pygame.display.init()
        pygame.font.init()
        if pygame.display.get_driver() in ("dummy", "offscreen") and timeout is None:
            return False
        screen = pygame.display.set_mode(SIZE)
        pygame.display.set_caption(_("Wizard"))
        screen.blit(render(message), (0, 0))
        pygame.display.flip()
        end = None if timeout is None else time.monotonic() + timeout
        while end is None or time.monotonic() < end:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                    return True
            time.sleep(0.03)
        return True
    except pygame.error as exc:
        log.warning("cannot show the message window: %s", exc)
        return False
    finally:
        pygame.display.quit()
