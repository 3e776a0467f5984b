"""Continue: the games in progress, most recent first, each to resume or delete (confirmed)."""

from __future__ import annotations

import logging
import math
from functools import partial
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _
from wizard.net.keep import host_tables

from .. import text, theme
from ..app import App
from ..widgets import Button, panel
from .base import Screen

log = logging.getLogger(__name__)

ROW_H = 74        # one game's row, in units
TOP = 96          # below the title
BOTTOM = 86       # above the bottom buttons


def when_line(game: Any) -> str:
    """Date of the last move, edition and round: ``22 Nov 2026, 14:05 · Classic · Round 5 / 15``."""
    return "  ·  ".join([messages.when_text(game.updated), messages.edition_name(game.edition),
                         _("Round {round} / {rounds}").format(round=game.round,
                                                             rounds=game.rounds)])


def scores_line(game: Any) -> str:
    """Each player with their total: ``Anna 40 · Bruno -10 · ...``."""
    return "  ·  ".join(_("{name} {score}").format(name=name, score=total)
                        for name, total in zip(game.names, game.totals, strict=True))


def network_games(app: Any) -> set[str]:
    """The ids of the games in progress that are played at a network table (the host's kept
    tables: resuming one reopens it)."""
    return set(host_tables(app.prefs.data_dir).read())


class ContinueListScene(Screen):
    """The list of unfinished games."""

    title = N_("Continue")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = list(app.prefs.games())
        self.network = network_games(app)
        self.page = 0
        self.per_page = 1

    @property
    def pages(self) -> int:
        """How many pages the list has (at least one)."""
        return max(1, math.ceil(len(self.games) / self.per_page))

    def rows(self) -> list[tuple[pygame.Rect, Any]]:
        """The visible games with their row rectangles."""
        w, h = self.size
        u = self.unit
        width = min(w - 60 * u, 980 * u)
        x = (w - width) / 2
        first = self.page * self.per_page
        return [(pygame.Rect(x, (TOP + i * (ROW_H + 10)) * u, width, ROW_H * u), g)
                for i, g in enumerate(self.games[first:first + self.per_page])]

    def build(self, width: int, height: int) -> None:
        """Resume and Delete on each row; Back, and pages when the list is long."""
        u = self.unit
        self.per_page = max(1, int((height - (TOP + BOTTOM) * u) // ((ROW_H + 10) * u)))
        self.page = min(self.page, self.pages - 1)
        bw, bh = 130 * u, 40 * u
        for rect, game in self.rows():
            y = rect.centery - bh / 2
            self.widgets.append(Button((rect.right - 2 * bw - 24 * u, y, bw, bh),
                                       lambda: _("Resume"), partial(self.resume, game),
                                       primary=True))
            self.widgets.append(Button((rect.right - bw - 12 * u, y, bw, bh), lambda: _("Delete"),
                                       partial(self.ask_delete, game)))
        y = height - 70 * u
        self.widgets.append(Button((width / 2 - 120 * u, y, 240 * u, 50 * u), lambda: _("Back"),
                                   self.back))
        if self.pages > 1:
            self.widgets.append(Button((width / 2 - 260 * u, y, 120 * u, 50 * u),
                                       lambda: _("Previous"), self.previous,
                                       enabled=self.page > 0))
            self.widgets.append(Button((width / 2 + 140 * u, y, 120 * u, 50 * u),
                                       lambda: _("Next"), self.next,
                                       enabled=self.page < self.pages - 1))

    def draw_body(self, surf: pygame.Surface) -> None:
        """One panel per game: when, edition and round above; players and scores below."""
        u = self.unit
        if not self.games:
            text.draw(surf, _("There is no game in progress."), (self.size[0] / 2, TOP * 1.5 * u),
                      int(20 * u), theme.INK, anchor="midtop")
            return
        room = 2 * 130 * u + 50 * u
        for rect, game in self.rows():
            panel(surf, rect, u)
            left = rect.x + 16 * u
            line = when_line(game)
            if game.game_id in self.network:
                # TRANSLATORS: in the Continue list, after the date, edition and round
                line += "  ·  " + _("Network table")
            text.draw(surf, line, (left, rect.y + 12 * u), int(18 * u), theme.ACCENT,
                      "bold", max_w=rect.w - room)
            text.draw(surf, scores_line(game), (left, rect.y + 42 * u), int(16 * u), theme.INK,
                      max_w=rect.w - room)
        if self.pages > 1:
            text.draw(surf, _("Page {page} / {pages}").format(page=self.page + 1,
                                                              pages=self.pages),
                      (self.size[0] / 2, self.size[1] - 84 * u), int(15 * u), theme.INK_DIM,
                      anchor="midbottom")

    def resume(self, game: Any) -> None:
        """Open the table at the same card."""
        session = self.app.prefs.resume(game.game_id)
        if session is None:              # it no longer reads: the list says what is left
            self.reload()
            return
        self.app.go("resume_game", session=session)

    def ask_delete(self, game: Any) -> None:
        """Ask before deleting."""
        self.app.open("confirm", question=_("Delete this game in progress? It cannot be "
                                            "resumed afterwards.\n{game}").format(
                          game=when_line(game).replace(" / ", "\u00a0/\u00a0")),
                      confirm=_("Delete"), on_yes=lambda: self.delete(game))

    def delete(self, game: Any) -> None:
        """Delete the game's save (confirmed), then show the list again."""
        self.app.prefs.delete_game(game.game_id)
        self.reload()

    def reload(self) -> None:
        """Read the list again (back to the menu when it is empty)."""
        self.games = list(self.app.prefs.games())
        if not self.games:
            self.back()
            return
        self.layout(*self.size)

    def previous(self) -> None:
        """The previous page."""
        self.page = max(0, self.page - 1)
        self.layout(*self.size)

    def next(self) -> None:
        """The next page."""
        self.page = min(self.pages - 1, self.page + 1)
        self.layout(*self.size)

    def back(self) -> None:
        """Back to the main menu (built again: the list may have changed)."""
        self.app.go("menu")
