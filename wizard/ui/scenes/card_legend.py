"""The card legend: every card of an edition, in the card look in use, with its name and what it
does (the words of ``wizard.rules_text.legend``). Opened from the table's menu and How to play."""

from __future__ import annotations

from functools import partial

import pygame

from wizard import messages
from wizard.engine import Edition
from wizard.i18n import _
from wizard.rules_text import legend

from .. import text, theme
from ..app import App
from ..fonts import font
from ..layout import Box, legend_cells
from ..widgets import Button, panel
from .base import Screen

FAN = 0.42        # share of a card's width between two fanned cards of one entry


def fit_rows(cells: list[Box], needs: list[float], area: Box, gap: float) -> list[Box]:
    """The legend's cells with each row only as tall as its tallest entry needs (never taller
    than laid out), the rows kept in order with ``gap`` between them and centred in ``area``:
    no panel stands half empty under two lines of text."""
    rows: dict[float, list[int]] = {}
    for i, c in enumerate(cells):
        rows.setdefault(c.y, []).append(i)
    heights = {y: min(cells[ix[0]].h, max(needs[i] for i in ix)) for y, ix in rows.items()}
    total = sum(heights.values()) + gap * (len(rows) - 1)
    y = area.y + max(0.0, (area.h - total) / 2)
    out = list(cells)
    for row_y in sorted(rows):
        for i in rows[row_y]:
            c = cells[i]
            out[i] = Box(c.x, y, c.w, heights[row_y])
        y += heights[row_y] + gap
    return out


class CardLegendScene(Screen):
    """The cards of the chosen edition in a grid; edition tabs and Back below."""

    def __init__(self, app: App, edition: Edition | str = Edition.CLASSIC, scroll: bool = False) -> None:
        super().__init__(app)
        self.edition = Edition(edition)
        self.scroll_rule = scroll

    def title(self) -> str:
        """The screen's title."""
        return _("The cards")

    def build(self, width: int, height: int) -> None:
        """Edition tabs and Back, in one row at the bottom."""
        u = self.unit
        editions = list(Edition)
        gap, bh = 16 * u, 48 * u
        tw = min(230 * u, (width - 60 * u - gap * len(editions)) / (len(editions) + 1))
        x = width / 2 - ((len(editions) + 1) * tw + len(editions) * gap + gap) / 2
        y = height - 66 * u
        for e in editions:
            self.widgets.append(Button((x, y, tw, bh), partial(messages.edition_name, e),
                                       partial(self._pick, e), selected=e is self.edition))
            x += tw + gap
        self.widgets.append(Button((x + gap, y, tw, bh), lambda: _("Back"), self.back, primary=True))

    def _pick(self, edition: Edition) -> None:
        self.edition = edition
        self.layout(*self.size)
        self.app.dirty = True

    def grid(self) -> Box:
        """Where the entries go: between the title and the row of buttons."""
        w, h = self.size
        u = self.unit
        return Box(30 * u, 96 * u, w - 60 * u, h - 96 * u - 80 * u)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Each entry: the card, its name, its rules; the text as large as fits every entry."""
        u = self.unit
        look = self.app.painter.look
        entries = legend(self.edition, look, self.scroll_rule)
        pad = 10 * u
        best: tuple[int, list[Box], float, list[float], list[float]] | None = None
        for cols in (2, 3):             # the grid that lets the text be largest
            cells = legend_cells(self.grid(), len(entries), u, cols)
            card_w = min(min(c.h for c in cells) - 2 * pad, 150 * u * 1.5, cells[-1].w * 0.22) / 1.5
            spans = [card_w * (1 + FAN * (len(codes) - 1)) for codes, _t, _r in entries]
            widths = [cell.w - span - 3.5 * pad for cell, span in zip(cells, spans, strict=True)]
            size = self._fit(entries, widths, [cell.h - 2 * pad for cell in cells])
            if best is None or size > best[0]:
                best = (size, cells, card_w, spans, widths)
        assert best is not None
        size, cells, card_w, spans, widths = best
        title_size = round(size * 1.2)
        needs = [max(self._text_h(title, rules, size, w), card_w * 1.5) + 2 * pad
                 for (_c, title, rules), w in zip(entries, widths, strict=True)]
        cells = fit_rows(cells, needs, self.grid(), 14 * u)
        for (codes, title, rules), cell, span, text_w in zip(entries, cells, spans, widths, strict=True):
            box = pygame.Rect(cell.tuple())
            panel(surf, box, u, alpha=220, edge=None, radius=10)
            for k, code in enumerate(codes):       # several cards: fanned, each corner showing
                face = pygame.Rect(box.x + pad + k * card_w * FAN, 0, card_w, card_w * 1.5)
                face.centery = box.centery
                self.app.painter.blit_face(surf, code, face, "legend")
            x = box.x + pad + span + pad * 1.5
            y = box.y + pad
            text.draw(surf, title, (x, y), title_size, theme.ACCENT, role="bold", max_w=text_w)
            y += round(title_size * 1.3)
            for line in rules:
                y += text.draw_wrapped(surf, line, pygame.Rect(x, y, text_w, 0), size, theme.INK,
                                       line_gap=1.2) + round(size * 0.35)

    @staticmethod
    def _text_h(title: str, rules: list[str], size: int, width: float) -> float:
        """The height an entry's title and rules take at text ``size`` in ``width``."""
        step = int(size * 1.2)
        return round(round(size * 1.2) * 1.3) + sum(
            len(text.wrap(line, size, width)) * step + round(size * 0.35) for line in rules)

    def _fit(self, entries: list[tuple[tuple[str, ...], str, list[str]]], widths: list[float],
             heights: list[float]) -> int:
        """The largest text size (at most 16 px-units, at least 10 px) at which every entry fits."""
        top = max(10, int(16 * self.unit))
        for size in range(top, 9, -1):
            title_size = round(size * 1.2)
            step = int(size * 1.2)
            ok = True
            for (_codes, title, rules), width, height in zip(entries, widths, heights, strict=True):
                used = round(title_size * 1.3) + sum(
                    len(text.wrap(line, size, width)) * step + round(size * 0.35) for line in rules)
                if used > height or font(title_size, "bold").size(title)[0] > width:
                    ok = False
                    break
            if ok:
                return size
        return 10
