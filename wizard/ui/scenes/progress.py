"""Progress for one player name: bid accuracy over the last games and by round size, results
against each computer level, streaks, points lost to decisions (from the game reviews), the best
game. Two toggles say what to do with games where a decision was taken back."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _, ngettext
from wizard.messages import level_name
from wizard.persistence.jobs import Job

from .. import text, theme
from ..charts import percent, rate_bars, rate_line
from ..widgets import Button, Cycle, centred_note, panel
from .base import Screen

log = logging.getLogger(__name__)


class ProgressScene(Screen):
    """One player's progress; ◀ ▶ (or Left/Right) change the player.

    The figures are queries on the history database (``wizard.persistence.history.stats``),
    worked out off the UI thread (the screen says "working" meanwhile); the points lost come
    from the stored reviews.
    """

    title = N_("Progress")

    def __init__(self, app: Any, name: str | None = None) -> None:
        super().__init__(app)
        self.names: list[str] = []
        self.index = 0
        self.wanted = name
        self.takebacks = True           # games with take-backs counted
        self.best_takebacks = False     # ... but not for the best game
        self.job: Job[Any] | None = None
        self.level_rows: list[pygame.Rect] = []     # where each level's row was last drawn
        self.figures_end = 0.0                      # and the bottom of the figures' last line
        self._compute(first=True)

    @property
    def data(self) -> Any:
        """The player's ``Progress`` (None until worked out, or without any game)."""
        return None if self.job is None or not self.job.done else self.job.result[1]

    @property
    def name(self) -> str | None:
        """The player shown."""
        return self.names[self.index] if self.names else None

    def _compute(self, first: bool = False) -> None:
        prefs = self.app.prefs
        takebacks, best = self.takebacks, self.best_takebacks
        wanted = self.wanted if first else self.name

        def work() -> tuple[list[str], Any]:
            names = self.names
            if first:
                names = prefs.player_names()
            if not names:
                return names, None
            who = wanted if wanted in names else names[0]
            return names, prefs.progress_of(who, takebacks=takebacks, best_takebacks=best)

        self.job = Job(work, ([], None), getattr(self.app, "threaded", True), "progress figures")
        self._applied = False
        self._apply()

    def _apply(self) -> None:
        """Once the job is done: take its list of names and show the player it worked out."""
        job = self.job
        if job is None or not job.done or self._applied:
            return
        self._applied = True
        names, data = job.result
        self.names = names
        if data is not None and data.name in names:
            self.index = names.index(data.name)
        elif self.index >= len(names):
            self.index = 0
        self.app.dirty = True

    def busy(self) -> bool:
        """Frames while the figures are worked out."""
        return (self.job is not None and not self.job.done) or super().busy()

    def update(self, dt: float) -> None:
        """Show the figures once they are there."""
        super().update(dt)
        if self.job is not None and self.job.done and not self._applied:
            self._apply()
            self.layout(*self.size)

    # ---- layout and actions ----------------------------------------------------------------

    def panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The charts panel (left) and the figures panel (right)."""
        w, h = self.size
        u = self.unit
        top, bottom = 142 * u, h - 84 * u
        left = pygame.Rect(24 * u, top, (w - 60 * u) * 0.55, bottom - top)
        right = pygame.Rect(left.right + 12 * u, top, w - 24 * u - left.right - 12 * u, bottom - top)
        return left, right

    def build(self, width: int, height: int) -> None:
        """Back; the player switch; the two take-back toggles."""
        u = self.unit
        self.widgets.append(Button((width / 2 - 130 * u, height - 70 * u, 260 * u, 50 * u),
                                   lambda: _("Back"), self.back))
        y, bh = 88 * u, 42 * u
        many = len(self.names) > 1
        self.widgets.append(Button((24 * u, y, 48 * u, bh), "◀", lambda: self.turn(-1),
                                   enabled=many, keys=(pygame.K_LEFT,)))
        self.widgets.append(Button((392 * u, y, 48 * u, bh), "▶", lambda: self.turn(1),
                                   enabled=many, keys=(pygame.K_RIGHT,)))
        cw = (width - 24 * u - 460 * u - 12 * u) / 2
        self.widgets.append(Cycle((460 * u, y, cw, bh), [True, False], self.takebacks,
                                  self._counted_label, self._set_counted, size=int(14 * u)))
        self.widgets.append(Cycle((460 * u + cw + 12 * u, y, cw, bh), [False, True],
                                  self.best_takebacks, self._best_label, self._set_best,
                                  size=int(14 * u)))

    @staticmethod
    def _counted_label(value: object) -> str:
        return _("Take-back games: counted") if value else _("Take-back games: left out")

    @staticmethod
    def _best_label(value: object) -> str:
        return _("Best game: with take-backs") if value else _("Best game: without take-backs")

    def _set_counted(self, value: object) -> None:
        self.takebacks = bool(value)
        self._compute()

    def _set_best(self, value: object) -> None:
        self.best_takebacks = bool(value)
        self._compute()

    def turn(self, delta: int) -> None:
        """Show the next (1) or previous (-1) player."""
        if self.names:
            self.index = (self.index + delta) % len(self.names)
            self._compute()
            self.app.dirty = True

    # ---- drawing -----------------------------------------------------------------------------

    def draw_body(self, surf: pygame.Surface) -> None:
        """The player's name, the charts on the left, the figures on the right."""
        u = self.unit
        left, right = self.panels()
        if self.name is not None:
            text.draw(surf, self.name, (232 * u, 88 * u + 21 * u), int(22 * u), theme.INK, "bold",
                      anchor="center", max_w=300 * u)
        panel(surf, left, u)
        panel(surf, right, u)
        p = self.data
        if self.job is not None and not self.job.done:
            text.draw(surf, _("Working out the figures…"), left.center, int(17 * u),
                      theme.INK_DIM, anchor="center", max_w=left.w - 30 * u)
            return
        if p is None or not p.games:
            # opened from History, so games exist: only full-length ones are counted (game length)
            msg = _("No full-length game yet: shorter games are listed in the history but not "
                    "counted here.") if p is None or not p.left_out else \
                _("Every game of this player had take-backs, and they are left out.")
            centred_note(surf, msg, left, int(17 * u), u)
            return
        self._charts(surf, left, p)
        self._figures(surf, right, p)

    def _heading(self, surf: pygame.Surface, s: str, x: float, y: float, w: float,
                 fit: float = 1.0) -> float:
        text.draw(surf, s, (x, y), int(19 * self.unit * max(fit, 0.8)), theme.ACCENT, "title",
                  max_w=w)
        return y + 30 * self.unit * fit

    def _charts(self, surf: pygame.Surface, box: pygame.Rect, p: Any) -> None:
        u = self.unit
        x, w = box.x + 16 * u, box.w - 32 * u
        half = (box.h - 20 * u) / 2
        n = len(p.recent)
        y = self._heading(surf, ngettext("Bids made, game by game (the last game)",
                                         "Bids made, game by game (the last {n} games)",
                                         n).format(n=n),
                          x, box.y + 10 * u, w)
        mean = sum(g.accuracy for g in p.recent) / n if n else None
        note = _("Dashed line: the average, {pct}. A hollow dot: a game with take-backs.").format(
            pct=percent(mean))
        size = max(text.TEXT_FLOOR, int(12 * u))        # never below the floor: a second line
        lines = text.wrap(note, size, w)
        step = int(size * 1.2)
        extra = step * (len(lines) - 1)
        rate_line(surf, pygame.Rect(x, y, w, half - 54 * u - extra), [g.accuracy for g in p.recent],
                  [g.takebacks for g in p.recent], u)
        for k, line in enumerate(lines):
            text.draw(surf, line, (x, box.y + half - 12 * u - extra + k * step), size,
                      theme.INK_DIM, max_w=w)
        y = self._heading(surf, _("Bids made by round size (cards in hand)"), x,
                          box.y + half + 14 * u, w)
        sizes = list(range(1, max(p.by_size, default=0) + 1))
        rate_bars(surf, pygame.Rect(x, y, w, box.bottom - y - 12 * u), [str(k) for k in sizes],
                  [p.size_accuracy(k) for k in sizes], u)

    def _figures(self, surf: pygame.Surface, box: pygame.Rect, p: Any) -> None:
        rows = p.by_level or ()
        # every level row is shown (six levels and a mixed table, or more): when the panel is
        # too short for them at full size (a small window with a large UI scale), the whole
        # column is drawn a little tighter, never cut
        needed = 340 + 26 * max(1, len(rows))
        fit = min(1.0, (box.h / self.unit) / needed)
        u = self.unit * fit
        x, w = box.x + 16 * self.unit, box.w - 32 * self.unit
        size = int(15 * self.unit * max(fit, 0.8))
        games = ngettext("{n} game", "{n} games", p.games).format(n=messages.count_text(p.games))
        if p.left_out:
            tb = ngettext("{n} game with take-backs left out", "{n} games with take-backs left out",
                          p.left_out).format(n=messages.count_text(p.left_out))
        else:
            tb = ngettext("{n} with take-backs", "{n} with take-backs",
                          p.takeback_games).format(n=p.takeback_games)
        text.draw(surf, f"{games}  ·  {tb}", (x, box.y + 12 * u), size, theme.INK_DIM, max_w=w)
        y = self._heading(surf, _("Against the computer"), x, box.y + 40 * u, w, fit)
        cols = [(_("Level"), 0.0, "midleft"), (_("Games"), 0.52, "center"),
                (_("Wins"), 0.70, "center"), (_("Average"), 0.88, "center")]
        for label, at, anchor in cols:
            text.draw(surf, label, (x + at * w, y + 10 * u), int(13 * self.unit * max(fit, 0.8)),
                      theme.INK_DIM, "bold", anchor=anchor, max_w=w * 0.2 if at else w * 0.4)
        y += 24 * u
        self.level_rows = []
        if not rows:
            text.draw(surf, _("No game with the computer yet."), (x, y), size, theme.INK_DIM, max_w=w)
            y += 26 * u
        for r in rows:
            avg = "–" if r.average is None else str(round(r.average))
            cells = [level_name(r.level), str(r.games), str(r.wins), avg]
            for (_label, at, anchor), cell in zip(cols, cells, strict=True):
                text.draw(surf, cell, (x + at * w, y + 11 * u), size, theme.INK, anchor=anchor,
                          max_w=w * 0.2 if at else w * 0.4)
            self.level_rows.append(pygame.Rect(x, y, w, 22 * u))
            y += 26 * u
        y = self._heading(surf, _("Streaks"), x, y + 10 * u, w, fit)
        for label, st in ((_("Wins in a row"), p.win_streak), (_("Bids made in a row"), p.bid_streak)):
            line = _("{what}: {now} now, best {best}").format(what=label, now=st.current,
                                                              best=st.best)
            text.draw(surf, line, (x, y), size, theme.INK, max_w=w)
            y += 26 * u
        y = self._heading(surf, _("Points lost to decisions"), x, y + 10 * u, w, fit)
        lost = p.lost_per_round
        line = _("No reviews yet: review a game from the history.") if lost is None else \
            ngettext("{points} points per round, over {n} reviewed game",
                     "{points} points per round, over {n} reviewed games",
                     p.reviewed_games).format(points=messages.decimal_text(lost), n=p.reviewed_games)
        text.draw(surf, line, (x, y), size, theme.INK if lost is not None else theme.INK_DIM, max_w=w)
        y = self._heading(surf, _("Best game"), x, y + 36 * u, w, fit)
        best = "–" if p.best_game is None else _("{points} points").format(points=p.best_game)
        if p.takeback_games and not self.best_takebacks:
            best = _("{best} (games with take-backs left out)").format(best=best)
        text.draw(surf, best, (x, y), size, theme.INK, max_w=w)
        self.figures_end = y + 22 * u                 # the bottom of the last line
