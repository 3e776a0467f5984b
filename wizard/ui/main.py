"""Starting the program: the menu, a resumed game, or autoplay demo games."""

from __future__ import annotations

import logging
import os
import random
from pathlib import Path

import pygame

from wizard.engine import Edition, GameConfig
from wizard.i18n import _, detect_language, set_language
from wizard.persistence import DataLock, resolve_data_dir
from wizard.service import Prefs
from wizard.table import Seat, Session

from .app import App

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
    """The program cannot start; ``plain`` says why in the person's words.

    ``window``: a display is there, so the message is also shown in a small window (a windowed
    build has no console to print it on).
    """

    def __init__(self, plain: str, window: bool = False) -> None:
        super().__init__(plain)
        self.plain = plain
        self.window = window


def lock_data_dir(data_dir: Path | None) -> DataLock | None:
    """Hold the data folder's lock for this run, or refuse to start when another window has it.

    None when the folder cannot be locked for another reason (read-only, no locks): the game
    still runs, and the log says why.
    """
    lock = DataLock(resolve_data_dir(data_dir))
    try:
        taken = lock.acquire()
    except OSError as exc:
        log.warning("cannot lock %s (%s); two windows could overwrite each other's saves",
                    lock.path, exc)
        return None
    if not taken:
        holder = lock.holder()
        log.error("data folder %s is in use by process %s", lock.path.parent, holder or "?")
        raise StartupError(_("Wizard is already open with the same data folder ({path}). Switch "
                             "to that window, or close it and start Wizard again.")
                           .format(path=lock.path.parent), window=True)
    return lock


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
    check_display()
    # the refusal below comes before the settings are read: it is said in --lang or the
    # system's language (the App applies the saved language afterwards)
    set_language(lang or detect_language())
    lock = lock_data_dir(data_dir)
    try:
        return _run_app(autoplay=autoplay, games=games, seed=seed, speed=speed, players=players,
                        edition=edition, level=level, data_dir=data_dir, lang=lang, resume=resume,
                        size=size, screenshot_dir=screenshot_dir)
    finally:
        if lock is not None:
            lock.release()


def _run_app(*, autoplay: bool, games: int, seed: int | None, speed: str | None,
             players: int | None, edition: str | None, level: str | None, data_dir: Path | None,
             lang: str | None, resume: bool, size: tuple[int, int] | None,
             screenshot_dir: Path | None) -> int:
    """``run`` once the display and the data folder are ours."""
    from .routes import make_app
    from .scenes.menu import MenuScene
    from .scenes.table import TableScene

    prefs = Prefs(data_dir, background=True, import_later=True)
    try:
        app = make_app(prefs, size=size, speed=speed, lang=lang)
    except pygame.error as exc:
        prefs.close()
        raise StartupError(_("The game window cannot open: {error}").format(error=exc)) from exc
    app.screenshot_dir = screenshot_dir

    def begin() -> None:
        """What this start opens (after the import of an earlier version's history, if any)."""
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
                app.go("table", session=session, keep_history=False, on_game_over=lambda t: app.clock.schedule(
                    max(0.5, 3.0 * app.speed), lambda: next_game(t)))

            next_game()
            return
        app.go("menu")
        if resume:
            menu = app.top
            if isinstance(menu, MenuScene) and menu.saved is not None:
                menu.continue_game()
            else:
                print(_("There is no saved game to continue."))
        elif players or edition or seed is not None:
            open_setup(app, players, edition, seed)
        else:
            from .scenes.learn import offer_first_lesson
            offer_first_lesson(app)      # the very first start: Learn to play is offered once

    if prefs.import_pending:        # the first start after an update: the window shows the import
        app.go("importing", then=begin)
    else:
        begin()
    return app.run()


def open_setup(app: App, players: int | None, edition: str | None, seed: int | None) -> None:
    """Open New game with the command line's players, edition and seed filled in."""
    from .scenes.setup import DEFAULT_NAMES, SetupScene
    scene = app.routes["setup"](app)
    assert isinstance(scene, SetupScene)
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
