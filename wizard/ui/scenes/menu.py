"""The main menu: Continue, New game, Statistics & history, How to play, Settings, Quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard import __version__
from wizard.i18n import N_, _

from .. import text, theme
from ..widgets import Label
from .base import Screen
from .net_join import rejoin_by_earlier, rejoin_by_internet, table_to_rejoin, tokens_note


def about_line() -> str:
    """The About line in the main menu's corner: the program and its version (pyproject.toml's)."""
    # TRANSLATORS: the About line in the main menu's top right corner, e.g. "Wizard 0.1.0"
    return _("Wizard {version}").format(version=__version__)


class MenuScene(Screen):
    """The first screen."""

    title = N_("Wizard")

    def build(self, width: int, height: int) -> None:
        """The menu buttons."""
        saved = self.app.prefs.games()
        self.saved = saved or None
        items: list[tuple[Label, Callable[[], None], bool]] = []
        self.rejoin = table_to_rejoin(self.app)
        if self.rejoin is not None:     # a joiner whose program closed mid-game
            items.append((lambda: _("Back to the table"), self.back_to_table, True))
        if self.saved:
            items.append((lambda: _("Continue"), self.continue_list, True))
        items += [
            (lambda: _("New game"), self.new_game, True),
            (lambda: _("Join a table"), self.join, True),
            (lambda: _("Learn to play"), self.learn, True),
            (lambda: _("Statistics & history"), self.history, True),
            (lambda: _("How to play"), self.rules, True),
            (lambda: _("Settings"), self.settings, True),
            (lambda: _("Quit"), self.app.quit, True),
        ]
        u = self.unit
        top = max(height * 0.30, height * 0.08 + 150 * u)     # under the title and the subtitle
        room = height - top - 24 * u
        self.button_column(items, top, height=min(56.0, room / len(items) / u - 14))

    def draw_title(self, surf: pygame.Surface) -> None:
        """A big title and a subtitle."""
        u = self.unit
        w, h = surf.get_size()
        text.draw(surf, _("Wizard"), (w / 2, h * 0.08), int(96 * u), theme.ACCENT, "title",
                  anchor="midtop", shadow=True)
        text.draw(surf, _("The trick-taking game of predictions"), (w / 2, h * 0.08 + 110 * u),
                  int(22 * u), theme.INK, anchor="midtop", shadow=True)
        text.draw(surf, about_line(), (w - 12 * u, 10 * u), int(14 * u), theme.INK_DIM,
                  anchor="topright", shadow=True)
        from ..save_notice import draw_save_notice
        draw_save_notice(surf, u, getattr(self.app.prefs, "save_status", None))
        store = self.app.prefs.store
        problems = list(getattr(store, "problems", None) or self.app.prefs.problems)
        notes = [(_(note), False) for note in self.app.notes]
        said = tokens_note(self.app)      # the seat tokens of network tables were set aside
        if said:
            notes.append((said, True))
        if problems or notes:
            from ..notices import notice
            y = h - 16 * u
            for msg, serious in (notes + [notice(p) for p in problems[-3:]])[::-1]:
                lines = text.wrap(msg, int(15 * u), w - 80 * u)
                for line in lines[::-1]:
                    text.draw(surf, line, (w / 2, y), int(15 * u),
                              theme.BAD if serious else theme.INK_DIM, anchor="midbottom",
                              shadow=True)
                    y -= 20 * u
                y -= 6 * u

    def back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button)."""

    def continue_list(self) -> None:
        """Open the list of games in progress."""
        self.app.go("continue_list")

    def continue_game(self) -> None:
        """Resume the most recent game at the same card (``wizard --continue``)."""
        if not self.saved:
            return
        session = self.app.prefs.resume(self.saved[0].game_id)
        if session is None:
            self.layout(*self.size)
            return
        self.app.go("resume_game", session=session)

    def new_game(self) -> None:
        """Open the setup screen."""
        self.app.open("setup")

    def join(self) -> None:
        """Join a table on another computer."""
        self.app.go("net_join")

    def back_to_table(self) -> None:
        """Join the table this computer was playing at again (its seat token brings the seat
        back)."""
        if self.rejoin is None:
            return
        code, name = self.rejoin
        if rejoin_by_internet(self.app):  # its code is spent: ask the host for a new one (or
            # kept by an earlier version under its bridge, a port gone with the program: never
            # knocked on; the screen says what to type)
            self.app.go("net_join", name=name, offer_last=False, rejoin=True,
                        earlier=rejoin_by_earlier(self.app))
            return
        self.app.go("net_join", code=code, name=name).join()

    def learn(self) -> None:
        """Open Learn to play (the guided lessons)."""
        self.app.open("learn")

    def history(self) -> None:
        """Open statistics and history."""
        self.app.open("history")

    def rules(self) -> None:
        """Open How to play."""
        self.app.open("rules")

    def settings(self) -> None:
        """Open Settings."""
        self.app.open("settings")
