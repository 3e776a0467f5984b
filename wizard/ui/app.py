"""The application: window, scene stack, main loop (waits on events when idle), screenshots."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from wizard.i18n import N_, _, on_language_change, set_language
from wizard.service import Prefs
from wizard.table.clock import SPEEDS, Clock

from .cardpaint import CardPainter

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)


def _desktop_size() -> tuple[int, int] | None:
    """The size of the first screen, if SDL knows it."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def fit_screen(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window size no larger than the screen (never under ``MIN_SIZE``): a 1280x800 window on
    a 1024x640 screen would be cut off, with buttons off-screen.

    >>> fit_screen((1280, 800), (1024, 640))
    (1024, 640)
    >>> fit_screen((1280, 800), None)
    (1280, 800)
    """
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    return (max(MIN_SIZE[0], min(size[0], desktop[0])), max(MIN_SIZE[1], min(size[1], desktop[1])))


class Scene:
    """One screen. Scenes above an opaque one draw over it (dialogs, score pad)."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def layout(self, width: int, height: int) -> None:
        """Recompute positions for a window size (also after a language switch)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance game logic that depends on time (the clock has already ticked)."""

    def draw(self, surf: pygame.Surface) -> None:
        """Paint the screen."""

    def busy(self) -> bool:
        """True while something moves or waits, so the loop keeps ticking."""
        return False

    def on_enter(self) -> None:
        """Called when the scene becomes the top one."""

    def on_exit(self) -> None:
        """Called once when the scene leaves the stack (closed, or every screen replaced): a
        scene that owns a thread or a socket closes it here."""


class App:
    """Owns the window, the clock, the settings and the scene stack."""

    def __init__(self, prefs: Prefs | None = None, *, size: tuple[int, int] | None = None,
                 speed: str | None = None, lang: str | None = None, headless: bool = False,
                 threaded: bool = True) -> None:
        self.prefs = prefs or Prefs(use_store=False)
        self.settings = self.prefs.settings
        self.clock = Clock()
        self.speed_override = speed
        self.headless = headless
        self.threaded = threaded
        self.scenes: list[Scene] = []
        self.routes: dict[str, Callable[..., Scene]] = {}   # screens by name (``wizard.ui.routes``)
        self.running = False
        self.dirty = True
        self.frame_times: list[float] = []
        self.screenshot_dir: Path | None = None
        self.idle_jobs: list[Callable[[], None]] = []   # small chores done while nothing moves
        self.notes: list[str] = []      # start-up troubles to tell the person (msgids, N_)
        self._sound_at: dict[str, float] = {}
        if lang:
            set_language(lang)
        elif getattr(self.settings, "language", None):
            try:
                set_language(self.settings.language)
            except ValueError:
                pass
        else:
            from wizard.i18n import detect_language
            set_language(detect_language())
        self._unlisten = on_language_change(self._language_changed)
        pygame.init()
        w, h = size or tuple(getattr(self.settings, "window_size", (1280, 800)))
        self.size = fit_screen((max(MIN_SIZE[0], int(w)), max(MIN_SIZE[1], int(h))),
                               None if headless else _desktop_size())
        self.fullscreen = bool(getattr(self.settings, "fullscreen", False)) and not headless
        self.window_pos: tuple[int, int] | None = None   # where the window was before full screen
        self.screen = self._open_window()
        if not headless:           # an input method runs only while a text field is edited
            pygame.key.stop_text_input()
        self.painter = CardPainter(getattr(self.settings, "card_look", "classic"),
                                   bool(getattr(self.settings, "colourblind", False)))
        self.sounds = self._load_sounds()

    # ---- window --------------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.headless:
            return pygame.Surface(self.size)
        pygame.display.set_caption(_("Wizard"))
        try:
            from wizard.ui.art import app_icon
            pygame.display.set_icon(app_icon(64))
        except Exception:
            pass
        if self.fullscreen:
            # full screen covers the screen from its origin: a window moved away keeps its place
            # through the switch on some systems, and the full screen came out shifted with it
            _move_window((0, 0))
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            _move_window((0, 0))
            return screen
        return pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a window and full screen (F11): full screen at the screen's origin;
        back to the last window size, where the window was."""
        if not on:
            w, h = getattr(self.settings, "window_size", self.size)
            self.size = (max(MIN_SIZE[0], int(w)), max(MIN_SIZE[1], int(h)))
        elif not self.fullscreen and not self.headless:
            self.window_pos = _window_position()
        was = self.fullscreen
        self.fullscreen = on
        self.settings.fullscreen = on
        self.prefs.save_settings()
        if not self.headless:
            self.screen = self._open_window()
            if was and not on and self.window_pos is not None:
                _move_window(self.window_pos)
        self.resize(*self.screen.get_size())

    def resize(self, width: int, height: int) -> None:
        """Lay every scene out again for a new window size."""
        width, height = max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)
        if self.headless:
            self.screen = pygame.Surface((width, height))
        elif (width, height) != self.screen.get_size() and not self.fullscreen:
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.size = (width, height)
        if not self.fullscreen:
            self.settings.window_size = [width, height]
        self.relayout()

    def _language_changed(self, code: str) -> None:
        """A live language switch: card letters and every text laid out again."""
        self.painter.set_language(code)
        self.relayout()

    def relayout(self) -> None:
        """Lay out every scene again (size or language changed)."""
        w, h = self.screen.get_size()
        for scene in self.scenes:
            scene.layout(w, h)
        self.dirty = True
        if not self.headless:
            pygame.display.set_caption(_("Wizard"))

    # ---- settings-driven services --------------------------------------------------------

    @property
    def speed_name(self) -> str:
        """The animation speed in force."""
        return str(self.speed_override or getattr(self.settings, "animation_speed", "normal"))

    @property
    def speed(self) -> float:
        """Multiplier of every animation duration (0 = instant)."""
        return SPEEDS.get(self.speed_name, 1.0)

    def refresh_painter(self, magic: bool | None = None) -> None:
        """Rebuild card pictures (card look, colour-blind deck, Magic-edition marks changed)."""
        if magic is None:
            magic = self.painter.magic
        self.painter = CardPainter(self.settings.card_look, bool(self.settings.colourblind), magic)
        self.dirty = True

    def _load_sounds(self) -> Any:
        try:
            from wizard.ui.sound import Sounds
            sounds = Sounds(bool(getattr(self.settings, "sound", True)),
                            float(getattr(self.settings, "volume", 0.8)))
        except Exception:
            log.exception("sound could not start")
            self.notes.append(N_("Sound could not start; the game plays silently."))
            return None
        if not self.headless and getattr(self.settings, "sound", True) and not sounds.available:
            log.warning("no audio device: playing silently")
            self.notes.append(N_("No sound device was found; the game plays silently."))
        return sounds

    def play_sound(self, name: str) -> None:
        """Play a named sound if sound is on and available (the same sound at most every 60 ms)."""
        now = time.perf_counter()
        if now - self._sound_at.get(name, -1.0) < 0.06:
            return
        self._sound_at[name] = now
        if self.sounds is not None and getattr(self.settings, "sound", True) and self.speed > 0:
            try:
                self.sounds.play(name)
            except Exception:
                pass

    # ---- scenes --------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Open ``scene`` over the current ones."""
        self.scenes.append(scene)
        scene.layout(*self.screen.get_size())
        scene.on_enter()
        self.dirty = True

    def pop(self, scene: Scene | None = None) -> None:
        """Close the top scene (or ``scene`` wherever it is); overlays below redraw what is under them."""
        gone = None
        if scene is None:
            if self.scenes:
                gone = self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            gone = scene
        if gone is not None:
            gone.on_exit()
        for s in self.scenes:
            if hasattr(s, "under"):
                s.under = None
        if self.top is not None:
            self.top.on_enter()
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        """Close every scene and open ``scene``."""
        gone, self.scenes = self.scenes, []
        for old in reversed(gone):
            old.on_exit()
        self.push(scene)

    def open(self, route: str, **kwargs: Any) -> Scene:
        """Open the screen named ``route`` over the current ones (scenes never import each other)."""
        scene = self.routes[route](self, **kwargs)
        self.push(scene)
        return scene

    def go(self, route: str, **kwargs: Any) -> Scene:
        """Close every screen and open the one named ``route``."""
        scene = self.routes[route](self, **kwargs)
        self.replace(scene)
        return scene

    def quit(self) -> None:
        """Leave the main loop."""
        self.running = False

    # ---- one frame -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window-level keys first, then the top scene."""
        self.dirty = True
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED and not self.headless:
            if self.screen.get_size() != self.size:
                self.resize(*self.screen.get_size())
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)
                return
            if event.key == pygame.K_F12:
                self.screenshot()
                return
        if self.top is not None:
            self.top.handle(event)

    def busy(self) -> bool:
        """Whether any scene needs frames."""
        return any(s.busy() for s in self.scenes)

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds for the clock and every scene."""
        self.clock.tick(dt)
        for scene in list(self.scenes):
            scene.update(dt)

    def draw(self) -> None:
        """Paint the scene stack from the last opaque scene up.

        An overlay (score pad, round end, menus) keeps a dimmed copy of what lies below it,
        taken once: the scenes below are paused while it is open.
        """
        if not self.scenes:
            return
        top = self.scenes[-1]
        if not top.opaque:
            under = getattr(top, "under", None)
            if under is None or under.get_size() != self.screen.get_size():
                self._draw_range(self.scenes[:-1])
                from .widgets import dim
                dim(self.screen, 140)
                under = self.screen.copy()
                top.under = under  # type: ignore[attr-defined]
            else:
                self.screen.blit(under, (0, 0))
            top.draw(self.screen)
            return
        self._draw_range(self.scenes)

    def _draw_range(self, scenes: list[Scene]) -> None:
        start = 0
        for i, s in enumerate(scenes):
            if s.opaque:
                start = i
        for s in scenes[start:]:
            if not s.opaque and s is not scenes[-1]:
                from .widgets import dim
                dim(self.screen, 140)
            s.draw(self.screen)

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, time, drawing (used by the loop, tests and the benchmark)."""
        for e in events or []:
            self.handle(e)
        self.update(dt)
        self.draw()

    def screenshot(self, path: str | Path | None = None) -> Path | None:
        """Save the window as PNG; the file, or None if it could not be written.

        F12 (no ``path``): into ``--screenshot-dir``, else ``screenshots/`` in the data folder,
        else the user's pictures folder, never the current folder (it may be inside the frozen
        bundle). The player is told where, or why not, in the passing notice; never a crash.
        """
        if path is not None:
            target = Path(path)
            pygame.image.save(self.screen, str(target))
            log.info("screenshot %s", target)
            return target
        data_dir = getattr(self.prefs, "data_dir", None)
        if self.screenshot_dir is not None:
            folder = Path(self.screenshot_dir)
        elif data_dir is not None:
            folder = Path(data_dir) / "screenshots"
        else:
            import platformdirs
            folder = platformdirs.user_pictures_path() / "Wizard"
        stamp = time.strftime("wizard-%Y%m%d-%H%M%S") + f"-{int(time.time() * 1000) % 1000:03d}"
        target = folder / f"{stamp}.png"
        note = getattr(self.prefs, "note", None)
        try:
            if folder.is_symlink():
                raise OSError(f"{folder} is a link")
            folder.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(target):
                raise FileExistsError(str(target))
            write_png(self.screen, target)
        except (OSError, pygame.error) as e:
            log.warning("screenshot not saved in %s: %s", folder, e)
            if note is not None:
                note(_("The screenshot could not be saved in {path}.").format(path=folder))
            return None
        log.info("screenshot %s", target)
        if note is not None:
            note(_("Screenshot saved in {path}").format(path=folder))
        return target

    def run(self, after_frame: Callable[[App], None] | None = None) -> int:
        """The main loop; returns the exit code."""
        self.running = True
        tick = pygame.time.Clock()
        last = time.perf_counter()
        while self.running and self.scenes:
            if self.busy() or self.dirty:
                events = pygame.event.get()
                tick.tick(60 if self.speed > 0 else 240)
            elif self.idle_jobs:
                self.idle_jobs.pop(0)()          # e.g. draw a card face before it is needed
                events = pygame.event.get()
            else:
                first = pygame.event.wait(250)
                events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            now = time.perf_counter()
            dt = min(0.1, now - last)
            last = now
            was_dirty = self.dirty or bool(events) or self.busy()
            self.dirty = False
            for e in events:
                self.handle(e)
            self.update(dt)
            if was_dirty or self.dirty:
                t0 = time.perf_counter()
                self.draw()
                pygame.display.flip()
                self.frame_times.append(time.perf_counter() - t0)
                self.frame_times = self.frame_times[-600:]
            if after_frame is not None:
                after_frame(self)
        self.close_scenes()         # a table's worker, a network table's sockets close
        self.prefs.save_settings()
        self.prefs.close()          # every queued save reaches the disk before we leave
        self._unlisten()
        return 0

    def close_scenes(self) -> None:
        """Every screen leaves the stack (``on_exit``, top first): the window is closing."""
        gone, self.scenes = self.scenes, []
        for old in reversed(gone):
            old.on_exit()


def _window_position() -> tuple[int, int] | None:
    """Where the window is on the desktop (None if the system does not say)."""
    try:
        x, y = pygame.display.get_window_position()
        return int(x), int(y)
    except (pygame.error, AttributeError):
        return None


def _move_window(pos: tuple[int, int]) -> None:
    """Put the window at ``pos`` on the desktop, where the system allows it."""
    try:
        pygame.display.set_window_position(pos)
    except (pygame.error, AttributeError):
        pass


def write_png(surface: pygame.Surface, target: Path) -> None:
    """Write ``surface`` as a new PNG file, completely or not at all.

    The image is encoded in memory first, then written and flushed to disk by us: a full disk
    (where SDL's writer leaves an empty file and reports nothing) raises ``OSError`` and leaves
    no file behind, so the player is never told a screenshot was saved when it was not.
    """
    import io
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    data = buf.getvalue()
    if not data.startswith(b"\x89PNG"):
        raise OSError(f"the image could not be encoded ({len(data)} bytes)")
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(target)
        except OSError:
            pass
        raise
    os.close(fd)
