"""Starting the program: the menu, a resumed game, or autoplay demo games."""

from __future__ import annotations

import logging
import os
import random
from pathlib import Path

import pygame

from wizard.engine import Edition, GameConfig
from wizard.i18n import _
from wizard.session import Seat, Session

from .app import App
from .prefs import Prefs

log = logging.getLogger(__name__)

AUTOPLAY_NAMES = ["Merlin", "Morgana", "Gawain", "Vivian", "Percival", "Nimue"]
AUTOPLAY_LEVELS = ["expert", "hard", "normal", "easy", "expert", "hard"]


def autoplay_session(seed: int, players: int = 4, edition: str = "classic",
                     level: str | None = None) -> Session:
    """A game where every seat is a computer player (``level`` for all, or a mix)."""
    cfg = GameConfig(players=players, edition=Edition(edition), seed=seed)
    seats = [Seat.ai(AUTOPLAY_NAMES[i], level or AUTOPLAY_LEVELS[i]) for i in range(players)]
    return Session.new(cfg, seats)


class StartupError(RuntimeError):
    """The program cannot start; ``plain`` says why in the person's words."""

    def __init__(self, plain: str) -> None:
        super().__init__(plain)
        self.plain = plain


def check_display() -> None:
    """Refuse to run invisibly: SDL falls back to an off-screen driver when there is no display."""
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        raise StartupError(_("The game window cannot open: no display was found ({error}).")
                           .format(error=exc)) from exc
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        raise StartupError(_("The game window cannot open: no display was found. Start Wizard "
                             "from a desktop session."))
    log.info("video driver: %s", driver)


def run(*, autoplay: bool = False, games: int = 1, seed: int | None = None, speed: str | None = None,
        players: int | None = None, edition: str | None = None, level: str | None = None,
        data_dir: Path | None = None,
        lang: str | None = None, resume: bool = False, size: tuple[int, int] | None = None,
        screenshot_dir: Path | None = None) -> int:
    """Open the window and run until the person quits (or the autoplay games end)."""
    from .scenes.menu import MenuScene
    from .scenes.table import TableScene

    check_display()
    prefs = Prefs(data_dir, background=True)
    try:
        app = App(prefs, size=size, speed=speed, lang=lang)
    except pygame.error as exc:
        prefs.close()
        raise StartupError(_("The game window cannot open: {error}").format(error=exc)) from exc
    app.screenshot_dir = screenshot_dir
    if autoplay:
        state = {"left": games, "seed": seed if seed is not None else random.randrange(1, 2**31)}

        def next_game(done: TableScene | None = None) -> None:
            if done is not None:
                done.close()
                state["left"] -= 1
                state["seed"] += 1
                if state["left"] <= 0:
                    app.quit()
                    return
            session = autoplay_session(state["seed"], players or 4, edition or "classic", level)
            app.replace(TableScene(app, session, keep_history=False, on_game_over=lambda t: app.clock.schedule(
                max(0.5, 3.0 * app.speed), lambda: next_game(t))))

        next_game()
        return app.run()
    app.replace(MenuScene(app))
    if resume:
        menu = app.top
        if isinstance(menu, MenuScene) and menu.saved is not None:
            menu.continue_game()
        else:
            print(_("There is no saved game to continue."))
    elif players or edition or seed is not None:
        open_setup(app, players, edition, seed)
    return app.run()


def open_setup(app: App, players: int | None, edition: str | None, seed: int | None) -> None:
    """Open New game with the command line's players, edition and seed filled in."""
    from .scenes.setup import DEFAULT_NAMES, SetupScene
    scene = SetupScene(app)
    seats = scene.setup["seats"]
    if players:
        while len(seats) < players:
            seats.append({"name": DEFAULT_NAMES[len(seats)], "kind": "ai", "level": "normal"})
        del seats[players:]
    if edition:
        scene.setup["edition"] = edition
    if seed is not None:
        scene.setup["seed"] = seed
    app.push(scene)
