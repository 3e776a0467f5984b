"""Esc in a game: resume, score pad, rules, settings, save and leave."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard.i18n import _

from ..app import App
from ..widgets import Label
from .base import Overlay


class GameMenuScene(Overlay):
    """The in-game menu."""

    def __init__(self, app: App, on_pad: Callable[[], None], on_last_trick: Callable[[], None],
                 on_leave: Callable[[], None], on_legend: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_legend = on_legend
        self.on_pad = on_pad
        self.on_last_trick = on_last_trick
        self.on_leave = on_leave

    def title(self) -> str:
        """Paused."""
        return _("Game paused")

    def panel_rect(self) -> pygame.Rect:
        """A narrow centred panel."""
        w, h = self.size
        u = self.unit
        pw, ph = 440 * u, (470 + (62 if self.on_legend is not None else 0)) * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The menu buttons."""
        r = self.panel_rect()
        items: list[tuple[Label, Callable[[], None], bool]] = [
            (lambda: _("Resume"), self.back, True),
            (lambda: _("Score pad"), self.pad, True),
            (lambda: _("Last trick"), self.last_trick, True),
            (lambda: _("How to play"), self.rules, True),
            (lambda: _("Settings"), self.settings, True),
            (lambda: _("Save and leave"), self.leave, True),
        ]
        if self.on_legend is not None:
            items.insert(4, (lambda: _("The cards"), self.on_legend, True))
        self.button_column(items, r.y + 70 * self.unit, width=340, height=50, gap=12)

    def pad(self) -> None:
        """Score pad."""
        self.app.pop(self)
        self.on_pad()

    def last_trick(self) -> None:
        """Review the last trick."""
        self.app.pop(self)
        self.on_last_trick()

    def rules(self) -> None:
        """How to play."""
        self.app.open("rules")

    def settings(self) -> None:
        """Settings."""
        self.app.open("settings")

    def leave(self) -> None:
        """Save (already saved after each action) and go to the main menu."""
        self.on_leave()
