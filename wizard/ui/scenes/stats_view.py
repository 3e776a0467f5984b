"""The statistics table of the history screen: per player name, overall or for one edition."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import _

from .. import text, theme
from ..fonts import font

EDITIONS: tuple[str | None, ...] = (None, "classic", "magic", "camelot")   # None: every edition


def edition_label(edition: str | None) -> str:
    """The filter's label: "All editions" or the edition's name."""
    return _("All editions") if edition is None else messages.edition_name(edition)


def stat_rows(stats: Mapping[str, Any], edition: str | None) -> list[tuple[str, bool, Any]]:
    """(name, human, line) for every player with games in ``edition``: most games first."""
    rows = []
    for name, st in stats.items():
        line = st.overall if edition is None else st.by_edition.get(edition)
        if line is None or not line.games:
            continue
        rows.append((str(name), bool(getattr(st, "human", False)), line))
    rows.sort(key=lambda r: (-r[2].games, not r[1], r[0].casefold()))
    return rows


def _pct(rate: float | None) -> str:
    return "–" if rate is None else _("{pct} %").format(pct=round(rate * 100))


def _num(value: float | None) -> str:
    return "–" if value is None else str(round(value))


def best_hidden(line: Any) -> bool:
    """"Best" is empty only because every game counted had take-backs (left out of the best)."""
    return line.best_score is None and line.games > 0 and line.takeback_games >= line.games


def _best(line: Any) -> str:
    return "–*" if best_hidden(line) else _num(line.best_score)


COLUMNS: list[tuple[Callable[[], str], float, Callable[[Any], str]]] = [
    (lambda: _("Games"), 0.10, lambda s: str(s.games)),
    (lambda: _("Wins"), 0.10, lambda s: str(s.wins)),
    (lambda: _("Win rate"), 0.12, lambda s: _pct(s.win_rate)),
    (lambda: _("Average"), 0.12, lambda s: _num(s.average_score)),
    (lambda: _("Best"), 0.10, _best),
    (lambda: _("Bids made"), 0.14, lambda s: _pct(s.bid_hit_rate)),
]


def _header_lines(label: str, size: int, width: float) -> tuple[list[str], int]:
    """A column title on at most two lines: the font shrinks (to 3/4) before a word is dropped;
    whatever still does not fit goes on the second line, which ``text.draw`` then narrows."""
    for fs in range(size, max(6, size * 3 // 4) - 1, -1):
        lines = text.wrap(label, fs, width, "bold")
        if len(lines) <= 2 and all(font(fs, "bold").size(line)[0] <= width for line in lines):
            return lines, fs
    return (lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]), fs


def header_size(labels: list[tuple[str, float]], size: int) -> int:
    """One size for every column title (``labels``: title and width): the largest, up to ``size``,
    at which each fits on two lines, so the titles never differ in size from column to column."""
    return min(_header_lines(label, size, width)[1] for label, width in labels)


def draw_stats(surf: pygame.Surface, rect: pygame.Rect, rows: list[tuple[str, bool, Any]],
               unit: float, first: int = 0) -> int:
    """The table of ``rows`` from row ``first`` in ``rect``; returns how many rows fit."""
    u = unit
    head_h = 40 * u
    row_h = 34 * u
    name_w = rect.w * (1 - sum(c[1] for c in COLUMNS))
    x = rect.x + name_w
    size = int(14 * u)
    size = header_size([(_("Player"), name_w - 12 * u)]
                       + [(label(), rect.w * frac - 4 * u) for label, frac, _v in COLUMNS], size)
    text.draw(surf, _("Player"), (rect.x + 8 * u, rect.y + head_h / 2), size, theme.INK_DIM, "bold",
              anchor="midleft", max_w=name_w - 12 * u)
    for label, frac, _value in COLUMNS:
        w = rect.w * frac
        lines, fs = _header_lines(label(), size, w - 4 * u)
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * fs * 1.1
            text.draw(surf, line, (x + w / 2, rect.y + head_h / 2 + dy), fs, theme.INK_DIM, "bold",
                      anchor="center", max_w=w - 4 * u)
        x += w
    y = rect.y + head_h
    pygame.draw.line(surf, theme.PANEL_EDGE, (rect.x, y), (rect.right, y), max(1, round(u)))
    note = _("* Best: games with take-backs are left out of the best game.")
    noted = any(best_hidden(line) for _n, _h, line in rows)
    note_h = 24 * u if noted else 0
    fit = max(1, int((rect.bottom - y - note_h) // row_h))
    if noted:
        text.draw(surf, note, (rect.x + 8 * u, rect.bottom - note_h / 2), int(13 * u),
                  theme.INK_DIM, anchor="midleft", max_w=rect.w - 16 * u)
    for i, (name, human, line) in enumerate(rows[first:first + fit]):
        ry = y + i * row_h
        if i % 2:
            shade = pygame.Surface((rect.w, round(row_h)), pygame.SRCALPHA)
            shade.fill((255, 255, 255, 14))
            surf.blit(shade, (rect.x, ry))
        cy = ry + row_h / 2
        shown = name if human else _("{name} (computer)").format(name=name)
        text.draw(surf, shown, (rect.x + 8 * u, cy), int(16 * u), theme.INK if human else theme.INK_DIM,
                  "bold" if human else "text", anchor="midleft", max_w=name_w - 12 * u)
        x = rect.x + name_w
        for _label, frac, value in COLUMNS:
            w = rect.w * frac
            text.draw(surf, value(line), (x + w / 2, cy), int(16 * u), theme.INK, anchor="center",
                      max_w=w - 4 * u)
            x += w
    return fit
