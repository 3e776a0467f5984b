"""Shared pieces of screens: a felt background with a title, overlays, button columns."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from wizard.i18n import _

from .. import text, theme
from ..app import App, Scene
from ..layout import unit_for
from ..widgets import Button, Cycle, Label, dim, panel  # noqa: F401


@lru_cache(maxsize=4)
def background(size: tuple[int, int]) -> pygame.Surface:
    """The felt, or a plain gradient without the art module."""
    try:
        from wizard.ui.art import table_surface
        return table_surface(size)
    except Exception:
        surf = pygame.Surface(size)
        surf.fill(theme.FELT_DARK)
        return surf


class Screen(Scene):
    """A full screen with a title and widgets (buttons, cycles, text boxes)."""

    title: Label = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[object] = []
        self.unit = 1.0
        self.size = (1280, 800)
        self.kb_focus: int | None = None    # keyboard choice among the enabled buttons

    def layout(self, width: int, height: int) -> None:
        """Remember the size and rebuild the widgets."""
        self.size = (width, height)
        self.unit = unit_for(width, height, float(getattr(self.app.settings, "ui_scale", 1.0)))
        self.widgets = []
        self.build(width, height)
        self._show_focus()

    def focusable(self) -> list[Button]:
        """Buttons the arrow keys move through, in screen order."""
        return [w for w in self.widgets if isinstance(w, Button) and w.enabled]

    def _show_focus(self) -> None:
        items = self.focusable()
        if self.kb_focus is not None and items:
            self.kb_focus = min(self.kb_focus, len(items) - 1)
        for i, b in enumerate(items):
            b.focused = i == self.kb_focus

    def keyboard(self, event: pygame.event.Event) -> bool:
        """Arrows choose a button, Enter or Space presses it, Left/Right turn a choice."""
        if event.type != pygame.KEYDOWN or any(getattr(w, "focus", False) for w in self.widgets):
            return False
        items = self.focusable()
        if not items:
            return False
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.kb_focus = (0 if step > 0 else len(items) - 1) if self.kb_focus is None \
                else (self.kb_focus + step) % len(items)
            self._show_focus()
            return True
        if self.kb_focus is None:
            return False
        b = items[self.kb_focus]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or (
                isinstance(b, Cycle) and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
            b.on_click()
            self._show_focus()
            return True
        return False

    def build(self, width: int, height: int) -> None:
        """Create ``self.widgets`` for the size."""

    def back(self) -> None:
        """Esc: leave the screen."""
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        """Give the event to the widgets; Esc goes back."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not any(getattr(w, "focus", False) for w in self.widgets):
                self.back()
                return
        if self.keyboard(event):
            self.app.dirty = True
            return
        for w in list(self.widgets):
            if w.handle(event):  # type: ignore[attr-defined]
                self.app.dirty = True
                if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                    break

    def draw(self, surf: pygame.Surface) -> None:
        """Background, title, widgets."""
        if self.opaque:
            surf.blit(background(surf.get_size()), (0, 0))
        else:
            dim(surf, 150)
        self.draw_title(surf)
        self.draw_body(surf)
        for w in self.widgets:
            w.draw(surf, self.unit)  # type: ignore[attr-defined]

    def draw_title(self, surf: pygame.Surface) -> None:
        """The screen's title at the top."""
        t = self.title() if callable(self.title) else self.title
        if t:
            text.draw(surf, _(t) if not callable(self.title) else t,
                      (surf.get_width() / 2, 24 * self.unit), int(46 * self.unit), theme.ACCENT,
                      "title", anchor="midtop", shadow=True)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Anything else the screen paints under its widgets."""

    def button_column(self, items: list[tuple[Label, Callable[[], None], bool]], top: float,
                      width: float = 360, height: float = 54, gap: float = 14,
                      primary_first: bool = True) -> list[Button]:
        """Centred buttons one under the other; returns them (already added to the widgets)."""
        u = self.unit
        w, h = width * u, height * u
        x = self.size[0] / 2 - w / 2
        out = []
        for i, (label, fn, enabled) in enumerate(items):
            b = Button((x, top + i * (h + gap * u), w, h), label, fn, enabled=enabled,
                       primary=primary_first and i == 0)
            out.append(b)
            self.widgets.append(b)
        return out


class Overlay(Screen):
    """A screen drawn over the table (dimmed behind a panel)."""

    opaque = False

    def panel_rect(self) -> pygame.Rect:
        """The panel's rectangle."""
        w, h = self.size
        return pygame.Rect(w * 0.1, h * 0.08, w * 0.8, h * 0.84)

    under: pygame.Surface | None = None   # the dimmed screen below, kept by the app

    def layout(self, width: int, height: int) -> None:
        """Lay out again and forget the picture below."""
        self.under = None
        super().layout(width, height)

    def draw(self, surf: pygame.Surface) -> None:
        """Panel, title, body, widgets (the app has dimmed what is below)."""
        panel(surf, self.panel_rect(), self.unit, alpha=255)   # opaque: nothing behind competes
        # (at 252 a new player still read the table's last line through the round's result)
        self.draw_title(surf)
        self.draw_body(surf)
        for w in self.widgets:
            w.draw(surf, self.unit)  # type: ignore[attr-defined]

    def draw_title(self, surf: pygame.Surface) -> None:
        """Title at the top of the panel."""
        t = self.title() if callable(self.title) else _(self.title) if self.title else ""
        if t:
            r = self.panel_rect()
            text.draw(surf, t, (r.centerx, r.y + 14 * self.unit), int(34 * self.unit), theme.ACCENT,
                      "title", anchor="midtop", max_w=r.w - 40 * self.unit)
