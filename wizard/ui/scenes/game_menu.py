"""Esc in a game: resume, score pad, rules, settings, restart, abandon, save and leave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from wizard.i18n import _

from ..app import App
from ..layout import unit_for
from ..widgets import Label
from .base import Overlay


class GameMenuScene(Overlay):
    """The in-game menu."""

    def __init__(self, app: App, on_pad: Callable[[], None], on_last_trick: Callable[[], None],
                 on_leave: Callable[[], None], on_legend: Callable[[], None] | None = None,
                 game: Any = None) -> None:
        super().__init__(app)
        self.on_legend = on_legend
        self.on_pad = on_pad
        self.on_last_trick = on_last_trick
        self.on_leave = on_leave
        self.game = game            # the game in play: Restart and Abandon act on it

    def title(self) -> str:
        """Paused."""
        return _("Game paused")

    def _panel_units(self) -> float:
        return 586 + (58 if self.on_legend is not None else 0)

    def panel_rect(self) -> pygame.Rect:
        """A narrow centred panel."""
        w, h = self.size
        u = self.unit
        pw, ph = 440 * u, self._panel_units() * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The menu buttons (a larger interface size grows the menu as far as the window is tall)."""
        self.unit = max(unit_for(width, height, 1.0), min(self.unit, (height - 16) / self._panel_units()))
        r = self.panel_rect()
        items: list[tuple[Label, Callable[[], None], bool]] = [
            (lambda: _("Resume"), self.back, True),
            (lambda: _("Score pad"), self.pad, True),
            (lambda: _("Last trick"), self.last_trick, True),
            (lambda: _("How to play"), self.rules, True),
            (lambda: _("Settings"), self.settings, True),
            (lambda: _("Restart with the same seats"), self.ask_restart, self.game is not None),
            (lambda: _("Abandon this game"), self.ask_abandon, self.game is not None),
            (lambda: _("Save and leave"), self.leave, True),
        ]
        if self.on_legend is not None:
            items.insert(4, (lambda: _("The cards"), self.on_legend, True))
        self.button_column(items, r.y + 66 * self.unit, width=360, height=48, gap=10)

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

    def ask_restart(self) -> None:
        """Ask, then start again with the same seats and rules (a new deal)."""
        self.app.open("confirm", question=_("Start this game again with the same players and "
                                            "rules? The game in progress is abandoned."),
                      confirm=_("Restart"), on_yes=self.restart)

    def restart(self) -> None:
        """This game is abandoned and a new one starts with the same seats."""
        game = self.game
        self.app.pop(self)
        self.on_leave()                          # the table stops its worker first
        self.app.go("table", session=self.app.prefs.restart(game))

    def ask_abandon(self) -> None:
        """Ask, then abandon."""
        self.app.open("confirm", question=_("Abandon this game? It is removed and will not "
                                            "appear in the history."),
                      confirm=_("Abandon"), on_yes=self.abandon)

    def abandon(self) -> None:
        """Remove this game's save and go to the main menu."""
        game = self.game
        self.app.pop(self)
        self.on_leave()                          # the table stops its worker first
        self.app.prefs.abandon(game)
        self.app.go("menu")                      # built again: the game is no longer listed
