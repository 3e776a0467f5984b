"""A lesson of Learn to play at the table: the table screen, with the lesson's words on free felt,
its move ringed, Continue under a note, and Esc for the lesson's menu (leave, restart).

The lesson (``wizard.table.tutorial``) decides what passes; this scene only routes the person's
intents through it, shows its note and remembers how far the person has come (settings)."""

from __future__ import annotations

import pygame

from wizard.i18n import N_, _
from wizard.table import Intent, Outcome, TakeBackIntent
from wizard.table.picture import Picture
from wizard.table.tutorial import Tutorial, lesson

from ..app import App
from ..board import lesson as lesson_board
from ..layout import Box
from . import learn
from .table import TableScene

NO_HINT = N_("In a lesson the move to make is ringed: follow the note.")


class TutorialScene(TableScene):
    """The table playing lesson ``lesson_id`` from step ``pos``."""

    def __init__(self, app: App, lesson_id: str, pos: int = 0) -> None:
        les = lesson(lesson_id)
        self.lesson_id = lesson_id
        settings = app.settings
        self.tutorial = Tutorial.start(
            les, pos, on_progress=self._progress, clock=app.clock, threaded=app.threaded,
            speed=app.speed, ai_pause=float(getattr(settings, "ai_pause_ms", 600)) / 1000,
            look=app.painter.look, trick_hold=float(getattr(settings, "trick_hold_ms", 1000)) / 1000,
            auto_forced=False)
        super().__init__(app, self.tutorial.game, keep_history=False,
                         table=self.tutorial.table)
        self._recorded_end = False
        self.end_focus = 1 if self.offers_real_game else 0   # at the end: the real game first

    @property
    def offers_real_game(self) -> bool:
        """Every lesson ends with "Play a real game" beside "Back to the lessons" (#35: the Magic
        and Camelot lessons too)."""
        return True

    def note_texts(self) -> tuple[tuple[str, bool, bool], ...]:
        """Every note of the lesson as (text, bold, with a button), in this language: the panel
        keeps one text size for all of them."""
        from wizard.table.lessons.steps import Do, Say
        from wizard.table.tutorial import words
        look = self.tutorial.table.look
        key = (look, _("Continue"))                     # the language and the look
        if getattr(self, "_notes_key", None) != key:
            self._notes_key = key
            self._notes = tuple((words(i.text, i.args, look), isinstance(i, Do), isinstance(i, Say))
                                for i in self.tutorial.items if isinstance(i, (Do, Say)))
        return self._notes

    @property
    def lesson_title(self) -> str:
        """The lesson's name, translated (the panel's header)."""
        return _(self.tutorial.lesson.title)

    # ---- the person's intents pass through the lesson ------------------------------------

    def submit(self, intent: Intent) -> Outcome:
        """Hand an intent to the lesson (which hands it to the table) and show what came of it."""
        out = self.tutorial.submit(intent)
        self.show(out)
        return out

    def _auto_forced(self) -> bool:
        return False          # even a forced card is the person's to play in a lesson

    def ask_hint(self) -> None:
        """No hint in a lesson: the lesson rings its own move."""
        self.say(_(NO_HINT), 3.0)

    def offers_hint(self) -> bool:
        """No Hint button in a lesson: its move is ringed."""
        return False

    def round_label(self, picture: Picture) -> str:
        """"Lesson · round 1 / 3": the lesson's own rounds, not a whole game's."""
        return _("Lesson · round {round} / {rounds}").format(
            round=picture.round, rounds=len(self.tutorial.lesson.deals))

    def keep_clear(self) -> tuple[Box, ...]:
        """A tooltip goes clear of the lesson's panel where it can (it is drawn over it if not)."""
        note = self.tutorial.note()
        return () if note is None else (lesson_board.lesson_box(self, note).box,)

    def can_take_back(self) -> bool:
        """No take-back button in a lesson."""
        return False

    def take_back(self) -> None:
        """Say why there is no take-back."""
        self.submit(TakeBackIntent())

    def go_on(self) -> None:
        """Continue after a note; at the end, the focused button (back to the lessons, or a
        real game)."""
        note = self.tutorial.note()
        if note is None:
            return
        if note.kind == "say":
            self.tutorial.acknowledge()
            self.app.dirty = True
        elif note.kind == "done":
            if self.offers_real_game and self.end_focus == 1:
                self.play_real_game()
            else:
                self.leave()

    def handle(self, event: pygame.event.Event) -> None:
        """Enter, Space or a click on Continue go on after a note (at the end, ← → or Tab choose
        between the two buttons); the rest is the table's."""
        note = self.tutorial.note()
        if note is not None and note.kind in ("say", "done") and self.app.top is self:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                pygame.K_SPACE):
                self.go_on()
                return
            if note.kind == "done" and self.offers_real_game and event.type == pygame.KEYDOWN \
                    and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.end_focus = 1 - self.end_focus
                self.app.dirty = True
                return
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                fit = lesson_board.lesson_box(self, note)
                if fit.other is not None and fit.other.contains(event.pos):
                    self.play_real_game()
                    return
                if fit.button is not None and fit.button.contains(event.pos):
                    self.end_focus = 0
                    self.go_on()
                    return
        super().handle(event)

    def play_real_game(self) -> None:
        """From the end of a lesson to New game (the usual setup: you against the
        computer at Normal), in the edition the lesson taught (after the Camelot lesson, a Camelot
        game)."""
        edition = self.tutorial.lesson.edition
        self.close()
        self.app.go("menu")
        self.app.open("setup", edition=edition)

    # ---- progress ------------------------------------------------------------------------

    def _progress(self, pos: int) -> None:
        if self.tutorial_done():
            learn.finish(self.app, self.lesson_id)
        else:
            learn.set_progress(self.app, self.lesson_id, pos)

    def tutorial_done(self) -> bool:
        """The lesson's last note was read."""
        return bool(getattr(self, "tutorial", None)) and self.tutorial.finished

    # ---- the lesson's menu ---------------------------------------------------------------

    def open_menu(self) -> None:
        """Esc: back to the lesson, restart it, How to play, or leave it (the step is kept)."""
        self.app.open("lesson_menu", on_restart=self.restart, on_leave=self.leave)

    def restart(self) -> None:
        """The lesson again from its first step."""
        self.close()
        learn.set_progress(self.app, self.lesson_id, 0)
        self.app.go("lesson", lesson_id=self.lesson_id, pos=0)

    def leave(self) -> None:
        """Back to Learn to play (where the lesson can be resumed)."""
        self.close()
        self.app.go("menu")
        self.app.open("learn")

    def close(self) -> None:
        """Stop listening to the game and stop the table."""
        self.tutorial.close()

    def draw_over(self, surf: pygame.Surface) -> None:
        """The lesson's ring and panel, over the table and under a card's tooltip."""
        note = self.tutorial.note()
        lesson_board.draw(self, surf, note,
                          focus=self.end_focus if note is not None and note.kind == "done" else 0)
