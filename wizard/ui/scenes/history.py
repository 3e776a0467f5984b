"""Statistics & history: finished games (newest first, paged), a game's score pad, statistics, replay."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _, ngettext
from wizard.messages import level_name
from wizard.persistence.jobs import Job
from wizard.table import Session
from wizard.ui.fonts import font

from .. import text, theme
from ..layout import unit_for
from ..widgets import Button, centred_note, panel
from .base import Screen
from .replay import ReplayScene
from .scorepad import draw_pad
from .stats_view import EDITIONS, draw_stats, edition_label, stat_rows

log = logging.getLogger(__name__)


def game_line(entry: Any) -> str:
    """Date, edition and number of players of a finished game, and its take-backs if any."""
    n = len(entry.seats)
    parts = [messages.when_text(entry.finished), messages.edition_name(entry.edition),
             ngettext("{n} player", "{n} players", n).format(n=n)]
    took = getattr(entry, "takebacks", 0)
    if took:
        parts.append(ngettext("{n} take-back", "{n} take-backs", took).format(n=took))
    return "  ·  ".join(parts)


def options_line(entry: Any) -> str:
    """The variants a game was played with, and its seed."""
    parts = [name for name, _line in messages.rules_in_play(entry.options)]
    parts.append(_("Seed {seed}").format(seed=entry.seed))
    return "  ·  ".join(parts)


def players_line(entry: Any) -> str:
    """Who played: names, with the level of computer players."""
    return "  ·  ".join(s.name if s.is_human else _("{name} ({level})").format(
        name=s.name, level=level_name(s.level)) for s in entry.seats)


class PagedGames:
    """The finished games, newest first, read a page at a time (a few rows: well under a frame)
    and kept for a few pages; a whole game is read only when chosen."""

    PAGE = 40
    KEEP = 8

    def __init__(self, prefs: Any) -> None:
        self.prefs = prefs
        self.count: int = prefs.history_count()
        self._pages: dict[int, list[Any]] = {}
        self._whole: tuple[str, Any] | None = None

    def __len__(self) -> int:
        return int(self.count)

    def __bool__(self) -> bool:
        return bool(self.count > 0)

    def __getitem__(self, index: int) -> Any:
        """The list row of game ``index`` (0: the newest): date, edition, seats, totals."""
        if not 0 <= index < self.count:
            raise IndexError(index)
        page = index // self.PAGE
        rows = self._pages.get(page)
        if rows is None:
            if len(self._pages) >= self.KEEP:
                self._pages.pop(next(iter(self._pages)))
            rows = self._pages[page] = self.prefs.history_page(page * self.PAGE, self.PAGE)
        k = index - page * self.PAGE
        if k >= len(rows):
            raise IndexError(index)
        return rows[k]

    def whole(self, index: int) -> Any:
        """Game ``index`` in full (its record, options and score rows), or None if unreadable."""
        key = self[index].key
        if self._whole is None or self._whole[0] != key:
            self._whole = (key, self.prefs.history_entry(key))
        return self._whole[1]


class HistoryScene(Screen):
    """Finished games on the left; statistics, or the chosen game's score pad, on the right."""

    title = N_("Statistics & history")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.entries = PagedGames(app.prefs)                   # newest first
        self.stats_job: Job[dict[str, Any]] = Job(app.prefs.stats, {},
                                                  getattr(app, "threaded", True), "statistics")
        self.selected: int | None = None
        self.page = 0
        self.per_page = 1
        self.edition: str | None = None
        self.stats_first = 0
        self.stats_fit = 1
        self.row_rects: list[tuple[pygame.Rect, int]] = []

    @property
    def stats(self) -> dict[str, Any]:
        """The statistics per player ({} until worked out, off the UI thread)."""
        return self.stats_job.result

    def busy(self) -> bool:
        """Frames while the statistics are worked out."""
        return not self.stats_job.done or super().busy()

    def update(self, dt: float) -> None:
        """Show the statistics once they are there."""
        super().update(dt)
        if self.stats_job.done and not getattr(self, "_shown_stats", False):
            self._shown_stats = True
            self.app.dirty = True

    @property
    def pages(self) -> int:
        """How many pages the list has (at least one)."""
        return max(1, math.ceil(len(self.entries) / self.per_page))

    # ---- layout ----------------------------------------------------------------------------

    def list_rect(self) -> pygame.Rect:
        """The games list panel."""
        w, h = self.size
        u = self.unit
        return pygame.Rect(24 * u, 90 * u, (w - 60 * u) * 0.42, h - 90 * u - 86 * u)

    def side_rect(self) -> pygame.Rect:
        """The statistics / score pad panel (the whole width while ``wide``)."""
        w, h = self.size
        u = self.unit
        box = self.list_rect()
        if self.wide:
            return pygame.Rect(box.x, box.y, w - 2 * box.x, box.h)
        return pygame.Rect(box.right + 12 * u, box.y, w - 24 * u - box.right - 12 * u, box.h)

    @property
    def wide(self) -> bool:
        """True while the chosen game's pad needs the whole width (many players): the list steps aside."""
        if self.selected is None:
            return False
        w = self.size[0]
        u = self.unit
        side_w = w - 24 * u - self.list_rect().right - 12 * u
        return side_w - 20 * u < 46 * u + len(self.entries[self.selected].seats) * 150 * u

    def row_h(self) -> float:
        """Height of one game in the list."""
        return 58 * self.unit

    def build(self, width: int, height: int) -> None:
        """Back button, pager, one row per game on the page, and the side panel's buttons."""
        u = self.unit
        back_x = width / 2 - (270 if self.entries else 130) * u     # Back, and Progress beside it
        self.widgets.append(Button((back_x, height - 70 * u, 260 * u, 50 * u),
                                   lambda: _("Back"), self.back))
        if self.entries:
            self.widgets.append(Button((width / 2 + 10 * u, height - 70 * u, 260 * u, 50 * u),
                                       lambda: _("Progress (P)"), self.progress,
                                       keys=(pygame.K_p,)))
        box = self.list_rect()
        body_top, body_bottom = box.y + 46 * u, box.bottom - 56 * u
        self.per_page = max(1, int((body_bottom - body_top) // self.row_h()))
        self.page = max(0, min(self.page, self.pages - 1))
        self.row_rects = []
        side = self.side_rect()
        if self.selected is not None:
            bw2 = min(220 * u, (side.w - 60 * u) / 4)
            self.widgets.append(Button((side.right - 12 * u - bw2, side.bottom - 52 * u, bw2, 42 * u),
                                       lambda: _("Replay (Enter)"), self.replay, primary=True,
                                       keys=(pygame.K_RETURN, pygame.K_KP_ENTER)))
            people = any(s.is_human for s in self.entries[self.selected].seats)
            self.widgets.append(Button((side.right - 24 * u - 2 * bw2, side.bottom - 52 * u, bw2,
                                        42 * u), lambda: _("Review (R)"), self.review,
                                       enabled=people, keys=(pygame.K_r,),
                                       reason=lambda: _("Nobody played this game in person.")))
            self.widgets.append(Button((side.right - 36 * u - 3 * bw2, side.bottom - 52 * u, bw2,
                                        42 * u), lambda: _("Same deals"), self.same_deals))
            self.widgets.append(Button((side.x + 12 * u, side.bottom - 52 * u, bw2, 42 * u),
                                       (lambda: _("◀ All games")) if self.wide else (lambda: _("Statistics")),
                                       self.deselect))
        elif self.entries:
            gap = 8 * u
            size = int(15 * u)
            # each filter as wide as its label needs, so a long one ("All editions") keeps the size
            natural = [font(size, "bold").size(edition_label(ed))[0] + 24 * u for ed in EDITIONS]
            share = (side.w - 24 * u - gap * (len(EDITIONS) - 1)) / sum(natural)
            x = side.x + 12 * u
            for ed, need in zip(EDITIONS, natural, strict=True):
                self.widgets.append(Button((x, side.y + 50 * u, need * share, 36 * u),
                                           self._label(ed), self._filter(ed),
                                           selected=ed == self.edition, size=size))
                x += need * share + gap
        if self.wide:
            return
        start = self.page * self.per_page
        for k, i in enumerate(range(start, min(len(self.entries), start + self.per_page))):
            r = pygame.Rect(box.x + 10 * u, body_top + k * self.row_h(), box.w - 20 * u,
                            self.row_h() - 6 * u)
            self.row_rects.append((r, i))
        if self.pages == 1:
            return
        bw, bh = 120 * u, 40 * u
        fy = box.bottom - 48 * u
        self.widgets.append(Button((box.x + 12 * u, fy, bw, bh), lambda: _("◀ Newer"),
                                   lambda: self.turn(-1), enabled=self.page > 0))
        self.widgets.append(Button((box.right - 12 * u - bw, fy, bw, bh), lambda: _("Older ▶"),
                                   lambda: self.turn(1), enabled=self.page < self.pages - 1))

    @staticmethod
    def _label(edition: str | None) -> Callable[[], str]:
        return lambda: edition_label(edition)

    def _filter(self, edition: str | None) -> Any:
        def run() -> None:
            self.edition = edition
            self.stats_first = 0
            self.layout(*self.size)
        return run

    # ---- actions ---------------------------------------------------------------------------

    def turn(self, delta: int) -> None:
        """Show the next (1) or previous (-1) page of games."""
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.layout(*self.size)

    def select(self, index: int | None) -> None:
        """Show game ``index``'s score pad (None: the statistics); its page follows."""
        if index is not None:
            index = max(0, min(len(self.entries) - 1, index))
            self.page = index // self.per_page
        self.selected = index
        self.layout(*self.size)

    def deselect(self) -> None:
        """Back to the statistics."""
        self.select(None)

    def replay(self) -> None:
        """Open the chosen game's replay."""
        if self.selected is None:
            return
        entry = self.entries.whole(self.selected)
        if entry is not None:
            self.app.push(ReplayScene(self.app, entry))

    def review(self) -> None:
        """Open the chosen game's post-game review."""
        entry = None if self.selected is None else self.entries.whole(self.selected)
        if entry is not None:
            self.app.open("review_game", entry=entry)

    def same_deals(self) -> None:
        """Play the chosen game's deals again: its rules, seed and seats, a new game."""
        entry = None if self.selected is None else self.entries.whole(self.selected)
        if entry is None:
            return
        seats = list(entry.seats)
        self.app.go("table", session=Session.new(entry.config, seats,
                                                 on_save=self.app.prefs.save_game))

    def progress(self) -> None:
        """Open the progress of the players (the one of the chosen game's first person)."""
        name = None
        if self.selected is not None:
            name = next((s.name for s in self.entries[self.selected].seats if s.is_human), None)
        self.app.open("stats_progress", name=name)

    def back(self) -> None:
        """Esc: close the game's pad first, then the screen."""
        if self.selected is not None:
            self.deselect()
        else:
            super().back()

    def handle(self, event: pygame.event.Event) -> None:
        """Pick a game; arrows move, Page Up/Down turn pages, the wheel pages or scrolls."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r, i in self.row_rects:
                if r.collidepoint(event.pos):
                    self.select(None if self.selected == i else i)
                    return
        if event.type == pygame.MOUSEWHEEL:
            if self.side_rect().collidepoint(pygame.mouse.get_pos()) and self.selected is None:
                rows = len(stat_rows(self.stats, self.edition))
                self.stats_first = max(0, min(rows - self.stats_fit, self.stats_first - event.y))
            else:
                self.turn(-event.y)
            self.app.dirty = True
            return
        if event.type == pygame.KEYDOWN and self.entries:
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1}
            if event.key in moves:
                cur = self.selected if self.selected is not None else self.page * self.per_page - moves[event.key]
                self.select(cur + moves[event.key])
                return
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                delta = 1 if event.key == pygame.K_PAGEDOWN else -1
                if self.selected is not None:
                    self.select(self.selected + delta * self.per_page)
                else:
                    self.turn(delta)
                return
        super().handle(event)

    # ---- drawing ---------------------------------------------------------------------------

    def draw_body(self, surf: pygame.Surface) -> None:
        """Games on the left; statistics or the chosen game's pad on the right."""
        if not self.wide:
            self._draw_list(surf)
        side = self.side_rect()
        panel(surf, side, self.unit)
        if self.selected is not None:
            self._draw_game(surf, side, self.entries.whole(self.selected))
        else:
            self._draw_stats(surf, side)

    def _draw_list(self, surf: pygame.Surface) -> None:
        u = self.unit
        box = self.list_rect()
        panel(surf, box, u)
        text.draw(surf, _("Finished games"), (box.x + 16 * u, box.y + 10 * u), int(22 * u),
                  theme.ACCENT, "title", max_w=box.w * 0.6)
        if not self.entries:
            text.draw(surf, _("No finished game yet."), box.center, int(17 * u), theme.INK_DIM,
                      anchor="center", max_w=box.w - 20 * u)
            return
        count = ngettext("{n} game", "{n} games", len(self.entries)).format(
            n=messages.count_text(len(self.entries)))
        text.draw(surf, count, (box.right - 16 * u, box.y + 18 * u), int(15 * u), theme.INK_DIM,
                  anchor="midright", max_w=box.w * 0.35)
        for r, i in self.row_rects:
            e = self.entries[i]
            if i == self.selected:
                pygame.draw.rect(surf, theme.BUTTON_HOVER, r, border_radius=round(6 * u))
                pygame.draw.rect(surf, theme.ACCENT, r, width=max(1, round(2 * u)),
                                 border_radius=round(6 * u))
            else:
                pygame.draw.rect(surf, (30, 48, 40), r, border_radius=round(6 * u))
            text.draw(surf, game_line(e), (r.x + 10 * u, r.y + r.h * 0.3), int(15 * u), theme.INK,
                      "bold", anchor="midleft", max_w=r.w - 20 * u)
            self._scores(surf, e, pygame.Rect(r.x + 10 * u, r.y + r.h * 0.5, r.w - 20 * u, r.h * 0.45))
        if self.pages == 1:
            return
        page = _("Page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
        text.draw(surf, page, (box.centerx, box.bottom - 28 * u), int(15 * u), theme.INK_DIM,
                  anchor="center", max_w=box.w - 290 * u)

    def _scores(self, surf: pygame.Surface, e: Any, box: pygame.Rect) -> None:
        """Final totals on one line, best first, the winners marked with a gold star."""
        u = self.unit
        parts = []
        order = sorted(range(len(e.seats)), key=lambda k: -e.totals[k])
        for seat in order:
            spec = e.seats[seat]
            won = seat in e.winners
            label = _("{name} {score}").format(name=spec.name, score=e.totals[seat])
            parts.append(("★ " + label if won else label, won))
        sep = "  ·  "
        # the scores may shrink to their size at 100 % (a larger interface keeps every player);
        # the lowest ones that still do not fit are left out ("…")
        smallest = int(13 * min(u, unit_for(*self.size, 1.0)))
        shown = list(parts)
        while len(shown) > 1 and font(smallest, "bold").size(
                sep.join(p for p, _won in shown) + ("  …" if len(shown) < len(parts) else ""))[0] \
                > box.w:
            shown.pop()
        whole = sep.join(p for p, _won in shown) + ("  …" if len(shown) < len(parts) else "")
        size = text.fit_size(whole, int(15 * u), box.w, "bold", min_size=smallest)
        x = box.x
        for k, (label, won) in enumerate(shown):
            role = "bold" if won else "text"
            need = font(size, role).size((sep if k else "") + label)[0]
            if x + need > box.right:          # the lower scores that do not fit are left out
                text.draw(surf, "  …", (x, box.centery), size, theme.INK_DIM, anchor="midleft")
                break
            if k:
                x = text.draw(surf, sep, (x, box.centery), size, theme.INK_DIM, anchor="midleft").right
            x = text.draw(surf, label, (x, box.centery), size, theme.GOLD if won else theme.INK_DIM,
                          role, anchor="midleft").right
        else:
            if len(shown) < len(parts):
                text.draw(surf, "  …", (x, box.centery), size, theme.INK_DIM, anchor="midleft")

    def _draw_game(self, surf: pygame.Surface, side: pygame.Rect, e: Any) -> None:
        u = self.unit
        if e is None:
            text.draw(surf, _("This game could not be read."), side.center, int(16 * u),
                      theme.INK_DIM, anchor="center", max_w=side.w - 40 * u)
            return
        text.draw(surf, game_line(e), (side.x + 16 * u, side.y + 10 * u), int(20 * u), theme.ACCENT,
                  "title", max_w=side.w - 32 * u)
        opts = text.draw(surf, options_line(e), (side.right - 16 * u, side.y + 40 * u), int(14 * u),
                         theme.INK_DIM, anchor="topright", max_w=(side.w - 32 * u) * 0.45)
        text.draw(surf, players_line(e), (side.x + 16 * u, side.y + 40 * u), int(14 * u),
                  theme.INK_DIM, max_w=opts.x - side.x - 32 * u)
        pad = pygame.Rect(side.x + 10 * u, side.y + 64 * u, side.w - 20 * u, side.h - 64 * u - 62 * u)
        draw_pad(surf, pad, [s.name for s in e.seats], list(e.rounds), len(e.rounds), u)

    def _draw_stats(self, surf: pygame.Surface, side: pygame.Rect) -> None:
        u = self.unit
        text.draw(surf, _("Players"), (side.x + 16 * u, side.y + 10 * u), int(22 * u), theme.ACCENT,
                  "title", max_w=side.w * 0.5)
        rows = stat_rows(self.stats, self.edition)
        table = pygame.Rect(side.x + 12 * u, side.y + 96 * u, side.w - 24 * u, side.h - 110 * u)
        if not self.stats_job.done:
            text.draw(surf, _("Working out the statistics…"), table.center, int(16 * u),
                      theme.INK_DIM, anchor="center", max_w=table.w - 20 * u)
            return
        if not rows:
            # History lists every game; the statistics count only full-length ones (#36 game length)
            msg = _("No full-length game in this edition yet: shorter games are listed but not "
                    "counted.") if self.entries else \
                _("Statistics appear here after your first finished game.")
            centred_note(surf, msg, table, int(16 * u), u)
            return
        self.stats_first = max(0, min(self.stats_first, len(rows) - 1))
        self.stats_fit = draw_stats(surf, table, rows, u, self.stats_first)
        if len(rows) > self.stats_fit:
            more = _("Players {first}–{last} of {count} (scroll for more)").format(
                first=self.stats_first + 1, last=min(len(rows), self.stats_first + self.stats_fit),
                count=len(rows))
            text.draw(surf, more, (side.right - 16 * u, side.y + 22 * u), int(13 * u), theme.INK_DIM,
                      anchor="midright", max_w=side.w * 0.45)
