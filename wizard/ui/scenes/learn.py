"""Learn to play: the lessons (start, resume, restart), the offers of a lesson (on the very first
start; on the first game of Magic or Camelot Edition) and the lesson's Esc menu.

What the player has seen is kept in the settings (``Settings.lessons``): the offers made, the
step each lesson was left at, the lessons finished."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from wizard.i18n import N_, _
from wizard.table.lessons import EDITION_LESSONS, LESSONS
from wizard.table.tutorial import resume_at, step_of

from .. import text, theme
from ..app import App
from ..fonts import font
from ..widgets import Button, Label
from .base import Overlay, Screen

FIRST = "first"        # the offer made on the very first start
FIRST_LESSON = "basics"

OFFER_FIRST = N_("New to Wizard? Learn to play in a short guided game: the table shows you each "
                 "rule as it happens.")
OFFER_EDITION = N_("This is your first game of {edition}. A short lesson shows what is new in it.")


# ---- what is remembered -------------------------------------------------------------------------

def _record(app: App) -> dict[str, Any]:
    rec = getattr(app.settings, "lessons", None)
    if not isinstance(rec, dict):
        rec = {}
        app.settings.lessons = rec
    rec.setdefault("offered", [])
    rec.setdefault("finished", [])
    rec.setdefault("progress", {})
    return rec


def offered(app: App, key: str) -> bool:
    """The offer ``key`` ("first", or an edition) was made before."""
    return key in _record(app)["offered"]


def mark_offered(app: App, key: str) -> None:
    """Remember that the offer ``key`` was made."""
    rec = _record(app)
    if key not in rec["offered"]:
        rec["offered"].append(key)
        app.prefs.save_settings()


def progress(app: App, lesson_id: str) -> int:
    """The step lesson ``lesson_id`` was left at (0: not begun, or finished)."""
    pos = _record(app)["progress"].get(lesson_id, 0)
    items = len(LESSONS[lesson_id].items()) if lesson_id in LESSONS else 0
    return pos if isinstance(pos, int) and 0 <= pos < items else 0


def set_progress(app: App, lesson_id: str, pos: int) -> None:
    """Remember the step a lesson is at (saved at once: it can be left at any moment)."""
    rec = _record(app)
    if pos:
        rec["progress"][lesson_id] = pos
    else:
        rec["progress"].pop(lesson_id, None)
    app.prefs.save_settings()


def finish(app: App, lesson_id: str) -> None:
    """The lesson was played to its end."""
    rec = _record(app)
    rec["progress"].pop(lesson_id, None)
    if lesson_id not in rec["finished"]:
        rec["finished"].append(lesson_id)
    app.prefs.save_settings()


def start_lesson(app: App, lesson_id: str, restart: bool = False) -> None:
    """Open the lesson at the table, where it was left unless ``restart``."""
    # a note about a finished trick starts again at the trick's first card (the trick is shown)
    pos = 0 if restart else resume_at(LESSONS[lesson_id], progress(app, lesson_id))
    if restart:
        set_progress(app, lesson_id, 0)
    app.go("lesson", lesson_id=lesson_id, pos=pos)


# ---- offers -------------------------------------------------------------------------------------

def offer_first_lesson(app: App) -> bool:
    """On the very first start (no finished game, none in progress, never offered), offer Learn
    to play over the menu; True if it was offered."""
    if offered(app, FIRST) or app.prefs.games() or app.prefs.history():
        return False
    mark_offered(app, FIRST)
    app.open("lesson_offer", question=_(OFFER_FIRST), yes=_("Learn to play"),
             on_yes=lambda: start_lesson(app, FIRST_LESSON), no=_("Not now"), on_no=None)
    return True


def offer_edition_lesson(app: App, edition: str, then: Callable[[], None]) -> bool:
    """On the first game of Magic or Camelot Edition, offer its lesson before ``then`` (which
    starts the game); True if it was offered (``then`` runs on "Play now")."""
    lesson_id = EDITION_LESSONS.get(edition)
    if lesson_id is None or offered(app, edition):
        return False
    mark_offered(app, edition)
    from wizard import messages
    app.open("lesson_offer",
             question=_(OFFER_EDITION).format(edition=messages.edition_name(edition)),
             yes=_("Show me"), on_yes=lambda: start_lesson(app, lesson_id),
             no=_("Play now"), on_no=then)
    return True


class OfferScene(Overlay):
    """A lesson offered: [yes] [no]; Enter takes the focused button (yes first), Esc is no."""

    def __init__(self, app: App, question: str, yes: str, on_yes: Callable[[], None], no: str,
                 on_no: Callable[[], None] | None) -> None:
        super().__init__(app)
        self.question, self.yes_label, self.no_label = question, yes, no
        self.on_yes, self.on_no = on_yes, on_no
        self.kb_focus = 0

    def panel_rect(self) -> pygame.Rect:
        """A centred panel sized for the question."""
        w, h = self.size
        u = self.unit
        pw = min(w - 40 * u, 620 * u)
        lines = text.wrap(self.question, int(20 * u), pw - 60 * u)
        ph = (40 + 26 * len(lines) + 24 + 50 + 28) * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The two answers at the bottom of the panel."""
        r = self.panel_rect()
        u = self.unit
        bh = 50 * u
        size = int(max(12, min(bh * 0.45, 22 * u)))          # as the buttons draw their labels
        widest = max(font(size, "bold").size(t)[0] for t in (self.yes_label, self.no_label))
        bw = min(max(240 * u, widest + 36 * u), r.w / 2 - 30 * u)   # room on both sides (#35)
        y = r.bottom - bh - 24 * u
        self.widgets.append(Button((r.centerx - bw - 10 * u, y, bw, bh), lambda: self.yes_label,
                                   self.yes, primary=True))
        self.widgets.append(Button((r.centerx + 10 * u, y, bw, bh), lambda: self.no_label,
                                   self.back))

    def yes(self) -> None:
        """Take the lesson."""
        self.app.pop(self)
        self.on_yes()

    def back(self) -> None:
        """Not now (Esc too)."""
        self.app.pop(self)
        if self.on_no is not None:
            self.on_no()

    def draw_body(self, surf: pygame.Surface) -> None:
        """The question, wrapped."""
        r = self.panel_rect()
        u = self.unit
        box = pygame.Rect(r.x + 30 * u, r.y + 40 * u, r.w - 60 * u, 0)
        text.draw_wrapped(surf, self.question, box, int(20 * u), theme.INK, align="center")


# ---- the screen ---------------------------------------------------------------------------------

class LearnScene(Screen):
    """Every lesson with its summary: Start, or Resume (at step k) and Restart."""

    title = N_("Learn to play")

    def build(self, width: int, height: int) -> None:
        """A row per lesson, then Back."""
        u = self.unit
        self.rows: list[tuple[pygame.Rect, str]] = []
        row_h = 104 * u
        total_w = min(width - 60 * u, 900 * u)
        x0 = (width - total_w) / 2
        y = max(110 * u, height * 0.16)
        bw, bh = 170 * u, 44 * u
        finished = _record(self.app)["finished"]
        # the default button: the next lesson not yet finished (the first one to begin with)
        upcoming = next((k for k in LESSONS if k not in finished), FIRST_LESSON)
        for lesson_id in LESSONS:
            row = pygame.Rect(x0, y, total_w, row_h)
            self.rows.append((row, lesson_id))
            pos = progress(self.app, lesson_id)
            bx = row.right - 16 * u - bw
            by = row.y + 16 * u
            if pos:
                self._add(bx - bw - 12 * u, by, bw, bh, lambda: _("Resume"),
                          self._opener(lesson_id, False), primary=lesson_id == upcoming)
                self._add(bx, by, bw, bh, lambda: _("Restart"), self._opener(lesson_id, True))
            else:
                self._add(bx, by, bw, bh, lambda: _("Start"), self._opener(lesson_id, False),
                          primary=lesson_id == upcoming)
            y += row_h + 14 * u
        self.button_column([(lambda: _("Back"), self.back, True)], min(y + 16 * u, height - 70 * u),
                           width=240, height=50, primary_first=False)
        if self.kb_focus is None:          # Enter starts (or resumes) the next lesson
            self.kb_focus = next((i for i, b in enumerate(self.focusable()) if b.primary), None)

    def _add(self, x: float, y: float, w: float, h: float, label: Label,
             fn: Callable[[], None], primary: bool = False) -> None:
        self.widgets.append(Button((x, y, w, h), label, fn, primary=primary))

    def _opener(self, lesson_id: str, restart: bool) -> Callable[[], None]:
        return lambda: start_lesson(self.app, lesson_id, restart)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Each lesson's panel: its name and summary on the left; its buttons on the right, how
        far it has come under them."""
        from ..widgets import panel
        u = self.unit
        for row, lesson_id in self.rows:
            les = LESSONS[lesson_id]
            panel(surf, row, u, alpha=210)
            text_w = row.w - 48 * u - 2 * 182 * u
            text.draw(surf, _(les.title), (row.x + 18 * u, row.y + 14 * u), int(24 * u),
                      theme.ACCENT, "bold", max_w=text_w)
            y = row.y + 48 * u
            for line in text.wrap(_(les.summary), int(16 * u), text_w)[:2]:
                text.draw(surf, line, (row.x + 18 * u, y), int(16 * u), theme.INK, max_w=text_w)
                y += 21 * u
            pos = progress(self.app, lesson_id)
            done = lesson_id in _record(self.app)["finished"]
            if pos or done:
                state = (_("Left at step {step} of {steps}").format(
                    step=step_of(les, pos)[0], steps=step_of(les, pos)[1]) if pos else _("Done"))
                text.draw(surf, state, (row.right - 16 * u, row.bottom - 12 * u), int(14 * u),
                          theme.INK_DIM, anchor="bottomright", max_w=2 * 182 * u)


class LessonMenuScene(Overlay):
    """Esc in a lesson: back to it, restart it, How to play, or leave (it can be resumed)."""

    def __init__(self, app: App, on_restart: Callable[[], None], on_leave: Callable[[], None]) -> None:
        super().__init__(app)
        self.on_restart, self.on_leave = on_restart, on_leave

    def title(self) -> str:
        """Paused."""
        return _("Lesson paused")

    def panel_rect(self) -> pygame.Rect:
        """A narrow centred panel."""
        w, h = self.size
        u = self.unit
        pw, ph = 440 * u, 330 * u
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """Four buttons."""
        r = self.panel_rect()
        items: list[tuple[Label, Callable[[], None], bool]] = [
            (lambda: _("Back to the lesson"), self.back, True),
            (lambda: _("Restart the lesson"), self._then(self.on_restart), True),
            (lambda: _("How to play"), self.rules, True),
            (lambda: _("Leave the lesson"), self._then(self.on_leave), True),
        ]
        self.button_column(items, r.y + 66 * self.unit, width=360, height=48, gap=10)

    def rules(self) -> None:
        """How to play, over the lesson."""
        self.app.open("rules")

    def _then(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop(self)
            fn()
        return run
