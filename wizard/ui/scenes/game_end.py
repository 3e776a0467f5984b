"""Game end: ranking (ties share a place), a line chart of totals, play again."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame

from wizard.i18n import _
from wizard.messages import and_list
from wizard.table import GameOver, Session

from .. import text, theme
from ..app import App
from ..widgets import Button
from .base import Overlay


def ranking(totals: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal totals share a place (1, 1, 3...)."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    out: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        place = out[-1][0] if i and totals[seat] == totals[order[i - 1]] else i + 1
        out.append((place, seat))
    return out


def draw_chart(surf: pygame.Surface, rect: pygame.Rect, series: list[list[int]], names: list[str],
               unit: float) -> None:
    """Totals after each round, one line per player, with a zero line and a legend."""
    u = unit
    pygame.draw.rect(surf, (16, 30, 24), rect, border_radius=round(8 * u))
    if not series or not series[0]:
        return
    rounds = len(series[0])
    lo = min(0, *(min(s) for s in series))
    hi = max(10, *(max(s) for s in series))
    pad_l, pad_b = 48 * u, 26 * u
    area = pygame.Rect(rect.x + pad_l, rect.y + 12 * u, rect.w - pad_l - 12 * u, rect.h - pad_b - 40 * u)

    def pt(r: int, v: int) -> tuple[float, float]:
        x = area.x + area.w * (r / max(1, rounds))
        y = area.bottom - area.h * (v - lo) / max(1, hi - lo)
        return (x, y)

    for v in (lo, 0, hi):
        y = pt(0, v)[1]
        pygame.draw.line(surf, (70, 90, 80) if v else theme.INK_DIM, (area.x, y), (area.right, y), 1)
        text.draw(surf, str(v), (area.x - 6 * u, y), int(12 * u), theme.INK_DIM, anchor="midright")
    for r in range(0, rounds + 1, max(1, rounds // 10)):
        text.draw(surf, str(r), (pt(r, lo)[0], area.bottom + 4 * u), int(12 * u), theme.INK_DIM,
                  anchor="midtop")
    width = max(2, round(3 * u))
    for i, s in enumerate(series):
        colour = theme.SERIES[i % len(theme.SERIES)]
        # each line a line's width from the next, so equal totals (every game's first rounds, a
        # tie) show as stripes side by side instead of the last player's line hiding the others
        dy = (i - (len(series) - 1) / 2) * width
        points = [(x, y + dy) for x, y in [pt(0, 0)] + [pt(r + 1, v) for r, v in enumerate(s)]]
        pygame.draw.lines(surf, colour, False, points, width)
        pygame.draw.circle(surf, colour, points[-1], 4 * u)
    lx: float = rect.x + pad_l
    ly = rect.bottom - 18 * u
    for i, name in enumerate(names):
        colour = theme.SERIES[i % len(theme.SERIES)]
        pygame.draw.rect(surf, colour, (lx, ly - 5 * u, 14 * u, 10 * u))
        label = text.draw(surf, name, (lx + 20 * u, ly), int(13 * u), theme.INK, anchor="midleft")
        lx = label.right + 18 * u


class GameEndScene(Overlay):
    """The winner, the ranking and the chart, over the table."""

    def __init__(self, app: App, outcome: GameOver, game: Session,
                 play: Callable[[Session], None] | None = None) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.game = game          # the finished game, for a new one with its seats and its review
        self.play = play          # where the next game opens (a network table: its waiting screen)

    # No button answers Enter by itself: Enter (or Space) is what a person presses to get through
    # the last trick and the round's result, and one press too many started a new game, losing
    # this screen, its Review and Same deals. The arrows or Tab choose a button; Enter presses it.

    def title(self) -> str:
        """Who won."""
        names = self.outcome.names
        ranks = ranking(self.outcome.totals)
        you = self.outcome.you
        seats = [s for p, s in ranks if p == 1]
        if you in seats:
            others = [names[s] for s in seats if s != you]
            if not others:
                return _("You win!")
            if len(others) == 1:
                return _("Shared victory: you and {names}").format(names=others[0])
            return _("Shared victory: you, {names} and {last}").format(
                names=", ".join(others[:-1]), last=others[-1])
        winners = [names[s] for s in seats]
        if len(winners) > 1:
            return _("Shared victory: {names}").format(names=and_list(winners))
        return _("{name} wins!").format(name=winners[0])

    def build(self, width: int, height: int) -> None:
        """Play again (new deals), Same deals (the same seed), Main menu."""
        r = self.panel_rect()
        u = self.unit
        gap = 16 * u
        bw = min(240 * u, (r.w - 60 * u - 3 * gap) / 4)
        x = r.centerx - (4 * bw + 3 * gap) / 2
        y = r.bottom - 70 * u
        self.widgets.append(Button((x, y, bw, 52 * u), lambda: _("Play again"), self.again,
                                   primary=True))
        self.widgets.append(Button((x + bw + gap, y, bw, 52 * u), lambda: _("Same deals"),
                                   self.same_deals))
        people = any(s.is_human for s in self.game.seats)
        self.widgets.append(Button((x + 2 * (bw + gap), y, bw, 52 * u), lambda: _("Review (R)"),
                                   self.review, enabled=people, keys=(pygame.K_r,),
                                   reason=lambda: _("Nobody played this game in person.")))
        self.widgets.append(Button((x + 3 * (bw + gap), y, bw, 52 * u), lambda: _("Main menu"),
                                   self.menu))
        # the whole game's score pad: the table's "Scores (Tab)" lies under this screen, and Tab
        # here chooses a button
        lx = r.x + 30 * u
        self.widgets.append(Button((lx, r.bottom - 200 * u, r.w * 0.30, 44 * u),
                                   lambda: _("Score pad"), self.score_pad))

    def score_pad(self) -> None:
        """Every round's bids, tricks and points of the finished game, over this screen."""
        out = self.outcome
        self.app.open("score_pad", names=list(out.names), results=list(out.results),
                      rounds=len(out.results), current=None)

    def back(self) -> None:
        """Esc: main menu."""
        self.menu()

    def again(self) -> None:
        """Same seats and rules, new deals."""
        self._play(random.SystemRandom().randrange(1, 2**31))

    def same_deals(self) -> None:
        """Same seats and rules, and the same seed: the same cards are dealt again."""
        self._play(self.game.config.seed)

    def _play(self, seed: int) -> None:
        old = self.game
        cfg = old.config.with_(seed=seed)
        session = Session.new(cfg, old.seats, on_save=self.app.prefs.save_game)
        if self.play is not None:
            self.play(session)
            return
        self.app.go("table", session=session)

    def review(self) -> None:
        """The post-game review of this game: what each person's decisions cost."""
        try:
            entry = self.app.prefs.entry_of(self.game)
        except ValueError:
            return
        self.app.open("review_game", entry=entry)

    def menu(self) -> None:
        """Back to the main menu (the table under this screen closes as it leaves: its
        ``on_exit``)."""
        self.app.go("menu")

    def draw_body(self, surf: pygame.Surface) -> None:
        """Ranking on the left, chart on the right."""
        u = self.unit
        r = self.panel_rect()
        out = self.outcome
        names = out.names
        y = r.y + 80 * u
        lx = r.x + 30 * u
        for place, seat in ranking(out.totals):
            colour = theme.ACCENT if place == 1 else theme.INK
            text.draw(surf, f"{place}.", (lx, y), int(24 * u), colour, "title")
            text.draw(surf, names[seat], (lx + 44 * u, y), int(22 * u), colour, "bold",
                      max_w=r.w * 0.22)
            text.draw(surf, str(out.totals[seat]), (lx + r.w * 0.30, y), int(22 * u), colour, "bold",
                      anchor="topright")
            y += 40 * u
        text.draw_wrapped(surf, _("Seed {seed}: Same deals plays these cards again.").format(
            seed=out.seed), pygame.Rect(lx, r.bottom - 140 * u, r.w * 0.32, 60 * u), int(13 * u),
            theme.INK_DIM)
        chart = pygame.Rect(r.x + r.w * 0.36, r.y + 76 * u, r.w * 0.60, r.h - 170 * u)
        series = [[row.totals[s] for row in out.results] for s in range(len(names))]
        draw_chart(surf, chart, series, list(names), u)
