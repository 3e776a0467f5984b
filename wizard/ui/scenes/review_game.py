"""The post-game review's summary: for each person, the points lost to decisions in each round
(a bar chart, a click opens the round) and the costliest decisions (a click opens the replay at
that moment). A review not stored yet is worked out in the background with a progress bar and
Cancel; a complete one is stored with the game and opens at once the next time."""

from __future__ import annotations

from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _
from wizard.review import Decision, Review, ReviewJob, people, points_lost_by_round
from wizard.review.words import finding_line, lost_line, progress_line, split_line

from .. import text, theme
from ..board.reviewchart import draw_chart, draw_progress, draw_row
from ..notices import notice
from ..reviewlayout import GameReviewLayout, game_review_layout, hit
from ..widgets import Button, panel
from .base import Screen


def R(b: Any) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


class ReviewGameScene(Screen):
    """The review of a finished game (a history entry), for each of its people."""

    title = N_("Game review")

    def __init__(self, app: Any, entry: Any) -> None:
        super().__init__(app)
        self.entry = entry
        self.names = [s.name for s in entry.seats]
        self.people = list(people(entry))
        self.you = messages.you_seat(self.names, self.people)
        self.person = self.people[0] if self.people else None
        self.job: ReviewJob | None = None
        self.status = ""                 # a sentence when the review stopped (cancelled, failed)
        self.lay: GameReviewLayout | None = None
        self.hover_bar: int | None = None
        self.hover_row: int | None = None
        self.first = 0                   # the first costly decision shown (the rows scroll)
        self.review: Review | None
        self.review, problems = app.prefs.load_review(entry)
        self.notes = [notice(p)[0] for p in problems]
        if self.review is None and self.people:
            self.start()

    @property
    def threshold(self) -> int:
        """Points below Expert's best from which a decision is listed."""
        return int(self.app.prefs.review_threshold)

    # ---- the background review -----------------------------------------------------------

    def start(self) -> None:
        """Work the review out (in a background process when the app is threaded)."""
        self.status = ""
        prefs, entry = self.app.prefs, self.entry
        self.job = ReviewJob(entry, lambda r: prefs.save_review(entry, r),
                             mode="process" if getattr(self.app, "threaded", True) else "now")
        self._poll()

    def cancel(self) -> None:
        """Stop the review; nothing is stored."""
        job = self.job
        if job is not None and job.cancel():
            self.job = None
            self.status = _("Review cancelled: nothing was stored.")
            self.layout(*self.size)
        self.app.dirty = True

    def _poll(self) -> None:
        job = self.job
        if job is None or not job.finished:
            return
        self.job = None
        if job.review is not None:
            self.review = job.review
        elif job.failed:
            self.status = _("The review could not be completed.")
        self.layout(*self.size)
        self.app.dirty = True

    def update(self, dt: float) -> None:
        """Follow the review's progress."""
        if self.job is not None:
            self._poll()
            self.app.dirty = True

    def busy(self) -> bool:
        """Frames keep coming while the review is worked out (the progress bar moves)."""
        return self.job is not None

    # ---- layout and input ----------------------------------------------------------------

    def findings(self) -> list[Decision]:
        """The shown person's costly decisions, most costly first."""
        if self.review is None or self.person is None:
            return []
        return self.review.findings(self.person, None, self.threshold)

    def shown_rows(self) -> list[Decision]:
        """The costly decisions in the rows now (from ``first``, as many as there are rows)."""
        lay = self.lay
        if lay is None:
            return []
        found = self.findings()
        self.first = max(0, min(self.first, len(found) - len(lay.rows)))
        return found[self.first:self.first + len(lay.rows)]

    def scroll(self, delta: int) -> None:
        """Move the rows ``delta`` decisions down (negative: up), within the list."""
        before = self.first
        self.first += delta
        self.shown_rows()
        if self.first != before:
            self.hover_row = None
            self.app.dirty = True

    def build(self, width: int, height: int) -> None:
        """Back; Cancel (or Review again) while there is no review; a tab per person."""
        self.lay = lay = game_review_layout(width, height, self.entry.config.rounds,
                                            len(self.people),
                                            float(getattr(self.app.settings, "ui_scale", 1.0)))
        self.widgets.append(Button(R(lay.back), lambda: _("Back (Esc)"), self.back))
        if self.review is None and self.people:
            if self.job is not None:
                self.widgets.append(Button(R(lay.cancel), lambda: _("Cancel"), self.cancel))
            else:
                self.widgets.append(Button(R(lay.cancel), lambda: _("Review again"), self.start,
                                           primary=True))
        for seat, box in zip(self.people, lay.tabs, strict=False):
            self.widgets.append(Button(R(box), self._name_label(seat), self._show(seat),
                                       selected=seat == self.person, size=int(15 * lay.unit)))

    def _name_label(self, seat: int) -> Any:
        return lambda: self.names[seat]

    def _show(self, seat: int) -> Any:
        def run() -> None:
            self.person = seat
            self.first = 0
            self.layout(*self.size)
        return run

    def back(self) -> None:
        """Esc: a review under way is cancelled (nothing stored), then the screen closes."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        super().back()

    def open_round(self, number: int) -> None:
        """The decisions of round ``number``."""
        if self.review is not None and self.person is not None:
            self.app.open("review_round", entry=self.entry, review=self.review, round=number,
                          seat=self.person)

    def open_decision(self, decision: Any) -> None:
        """The replay at that decision, with Expert's alternative shown."""
        self.app.open("review_replay", entry=self.entry, decision=decision,
                      name=self._speaker(decision.seat))

    def _speaker(self, seat: int) -> str | None:
        return None if seat == self.you else self.names[seat]

    def handle(self, event: pygame.event.Event) -> None:
        """A click on a round's bar opens it; on a decision, the replay."""
        lay = self.lay
        if lay is not None and self.review is not None and self.job is None:
            rows = len(lay.rows)
            if event.type == pygame.MOUSEWHEEL:
                self.scroll(-event.y)
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll(rows if event.key == pygame.K_PAGEDOWN else -rows)
                return
            if event.type == pygame.MOUSEMOTION:
                bar = hit(lay.bars, event.pos)
                row = hit(lay.rows[:len(self.shown_rows())], event.pos)
                if (bar, row) != (self.hover_bar, self.hover_row):
                    self.hover_bar, self.hover_row = bar, row
                    self.app.dirty = True
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                bar = hit(lay.bars, event.pos)
                if bar is not None:
                    self.open_round(bar + 1)
                    return
                found = self.shown_rows()
                row = hit(lay.rows[:len(found)], event.pos)
                if row is not None:
                    self.open_decision(found[row])
                    return
        super().handle(event)

    # ---- drawing -------------------------------------------------------------------------

    def draw_body(self, surf: pygame.Surface) -> None:
        """The person's total, the chart (or the progress), the costliest decisions."""
        lay = self.lay
        if lay is None:
            return
        u = lay.unit
        self._header(surf, lay)
        if not self.people:
            self._message(surf, lay, _("Nobody played this game in person: there is nothing to "
                                       "review."))
            return
        if self.review is None:
            if self.job is not None:
                done, total = self.job.progress
                draw_progress(surf, lay, done, total, progress_line(done, total))
                self._notes(surf, lay)
            else:
                self._message(surf, lay, self.status)
            return
        assert self.person is not None
        lost = points_lost_by_round(self.review, self.person, self.threshold)
        draw_chart(surf, lay, lost, self.hover_bar)
        panel(surf, R(lay.rows_panel), u)
        box = lay.rows_panel
        found = self.findings()
        text.draw(surf, _("Costliest decisions"), (box.x + 16 * u, box.y + 10 * u), int(18 * u),
                  theme.ACCENT, "bold", max_w=box.w * 0.4)
        text.draw(surf, _("At least {n} points below Expert's best, judged from what was in view "
                          "at the time.").format(n=self.threshold),
                  (box.right - 16 * u, box.y + 13 * u), int(13 * u), theme.INK_DIM,
                  anchor="topright", max_w=box.w * 0.56)
        if not found:
            text.draw(surf, _("No decision cost {n} points or more: well played!").format(
                n=self.threshold), (box.x + box.w / 2, box.y + box.h / 2 + 12 * u), int(17 * u),
                theme.GOOD, anchor="center", max_w=box.w - 40 * u)
        look = getattr(self.app.settings, "card_look", "classic")
        shown = self.shown_rows()
        for k, (row, d) in enumerate(zip(lay.rows, shown, strict=False)):
            draw_row(surf, row, finding_line(d, self._speaker(d.seat), look), u,
                     k == self.hover_row, _("Replay ▶"))
        if len(found) > len(lay.rows):
            self._scroll_bar(surf, lay, len(found))

    def _scroll_bar(self, surf: pygame.Surface, lay: GameReviewLayout, count: int) -> None:
        """Where the rows are in the list: a bar beside them and "Decisions 5–8 of 14"."""
        u = lay.unit
        top, bottom = lay.rows[0], lay.rows[-1]
        track = pygame.Rect(round(top.right + 4 * u), round(top.y), max(3, round(5 * u)),
                            round(bottom.bottom - top.y))
        pygame.draw.rect(surf, theme.INK_DIM, track, width=1, border_radius=3)
        n = len(lay.rows)
        h = max(8 * u, track.h * n / count)
        y = track.y + (track.h - h) * self.first / max(1, count - n)
        pygame.draw.rect(surf, theme.ACCENT, pygame.Rect(track.x, round(y), track.w, round(h)),
                         border_radius=3)
        box = lay.rows_panel
        said = _("Decisions {first}–{last} of {count} (scroll or Page Down for more)").format(
            first=self.first + 1, last=min(count, self.first + n), count=count)
        text.draw(surf, said, (box.right - 16 * u, box.bottom - 6 * u), int(13 * u),
                  theme.INK_DIM, anchor="bottomright", max_w=box.w - 32 * u)

    def _header(self, surf: pygame.Surface, lay: GameReviewLayout) -> None:
        u = lay.unit
        h = lay.header
        e = self.entry
        line = "  ·  ".join([messages.when_text(e.finished), messages.edition_name(e.edition),
                             _("Seed {seed}").format(seed=e.seed)])
        text.draw(surf, line, (h.x, h.y), int(15 * u), theme.INK_DIM, max_w=h.w)
        if self.review is None or self.person is None:
            return
        total = self.review.total_lost(self.person, self.threshold)
        found = self.review.findings(self.person, None, self.threshold)
        bids = round(sum(d.cost for d in found if d.kind == "bid" and d.priced))
        cards = round(total) - bids if bids <= round(total) else 0
        # the parts as shown add up to the total as shown
        who = _("You") if self.person == self.you else self.names[self.person]
        said = _("{name}: {lost}").format(name=who, lost=lost_line(bids + cards))
        r = text.draw(surf, said, (h.x, h.y + 22 * u), int(24 * u), theme.ACCENT, "bold",
                      max_w=h.w * 0.62)
        text.draw(surf, split_line(bids, cards), (h.right, r.centery), int(17 * u),
                  theme.INK, anchor="midright", max_w=h.right - r.right - 24 * u)

    def _message(self, surf: pygame.Surface, lay: GameReviewLayout, msg: str) -> None:
        u = lay.unit
        panel(surf, R(lay.chart), u)
        text.draw_wrapped(surf, msg, pygame.Rect(lay.chart.x + 30 * u, lay.chart.y + lay.chart.h
                                                 * 0.3, lay.chart.w - 60 * u, lay.chart.h / 2),
                          int(18 * u), theme.INK, align="center")
        self._notes(surf, lay)

    def _notes(self, surf: pygame.Surface, lay: GameReviewLayout) -> None:
        """A stored review that could not be used: where it was kept, in the rows' room."""
        if not self.notes:
            return
        u = lay.unit
        box = lay.rows_panel
        y = box.y + 16 * u
        for line in self.notes:
            y += text.draw_wrapped(surf, line, pygame.Rect(box.x + 30 * u, y, box.w - 60 * u,
                                                           box.h), int(15 * u), theme.BAD,
                                   align="center") + 8 * u
