"""Where things sit on the review screens: pure functions of the window size (no pygame).

The game summary: a chart of the points lost in each round (one bar per round, clickable), the
costliest decisions under it, and, while the review is worked out, a progress bar with Cancel.
A round's page: the bid line, then one row per costly card. Clicks are found with these boxes.
"""

from __future__ import annotations

from dataclasses import dataclass

from .box import Box
from .layout import unit_for

ROW_H = 46          # a decision's row, in units
MAX_ROWS = 8        # the costly decisions shown at most on a page


@dataclass(frozen=True, slots=True)
class GameReviewLayout:
    """The game summary's boxes."""

    unit: float
    header: Box            # the game, the person's total
    tabs: list[Box]        # one per person (hot seat), empty for one person
    chart: Box             # the chart's panel
    plot: Box              # where the bars stand (the axis labels are outside it)
    bars: list[Box]        # one column per round, the whole height of the plot (the click area)
    rows_panel: Box        # the costliest decisions
    rows: list[Box]
    progress: Box          # the progress bar, while the review is worked out
    cancel: Box
    back: Box


def game_review_layout(width: int, height: int, rounds: int, people: int = 1,
                       ui_scale: float = 1.0) -> GameReviewLayout:
    """The summary's boxes for a game of ``rounds`` rounds reviewed for ``people`` persons."""
    u = unit_for(width, height, ui_scale)
    margin = 24 * u
    top = 84 * u
    header = Box(margin, top, width - 2 * margin, 56 * u)
    tabs: list[Box] = []
    if people > 1:
        tw = min(200 * u, (width - 2 * margin) / people - 8 * u)
        tabs = [Box(margin + k * (tw + 8 * u), header.bottom + 4 * u, tw, 36 * u)
                for k in range(people)]
    chart_top = header.bottom + (48 * u if tabs else 8 * u)
    back = Box(width / 2 - 130 * u, height - 66 * u, 260 * u, 48 * u)
    room = back.y - 12 * u - chart_top
    chart = Box(margin, chart_top, width - 2 * margin, max(120 * u, room * 0.52))
    plot = Box(chart.x + 64 * u, chart.y + 40 * u, chart.w - 84 * u, chart.h - 40 * u - 34 * u)
    step = plot.w / rounds
    bars = [Box(plot.x + k * step, plot.y, step, plot.h) for k in range(rounds)]
    rows_panel = Box(margin, chart.bottom + 12 * u, width - 2 * margin,
                     back.y - 12 * u - chart.bottom - 12 * u)
    fit = max(0, int((rows_panel.h - 62 * u) // (ROW_H * u)))   # room below for "Decisions 1–4 of 9"
    rows = [Box(rows_panel.x + 10 * u, rows_panel.y + 40 * u + k * ROW_H * u,
                rows_panel.w - 20 * u, (ROW_H - 6) * u) for k in range(min(fit, MAX_ROWS))]
    progress = Box(chart.x + chart.w * 0.15, chart.y + chart.h * 0.45, chart.w * 0.7, 24 * u)
    cancel = Box(width / 2 - 110 * u, progress.bottom + 24 * u, 220 * u, 48 * u)
    return GameReviewLayout(u, header, tabs, chart, plot, bars, rows_panel, rows, progress,
                            cancel, back)


@dataclass(frozen=True, slots=True)
class RoundReviewLayout:
    """A round's page."""

    unit: float
    panel: Box
    hand: Box              # the hand the person bid with, face up
    bid: Box               # the bid line (and the chance of making it), clickable
    rows: list[Box]        # the costly cards, clickable
    prev: Box
    next: Box
    back: Box


def round_review_layout(width: int, height: int, ui_scale: float = 1.0) -> RoundReviewLayout:
    """The round page's boxes (as many card rows as fit, at most ``MAX_ROWS``)."""
    u = unit_for(width, height, ui_scale)
    margin = 24 * u
    bw = min(220 * u, (width - 2 * margin - 32 * u) / 3)
    y = height - 66 * u
    prev = Box(width / 2 - 1.5 * bw - 16 * u, y, bw, 48 * u)
    back = Box(width / 2 - bw / 2, y, bw, 48 * u)
    nxt = Box(width / 2 + bw / 2 + 16 * u, y, bw, 48 * u)
    panel = Box(margin, 84 * u, width - 2 * margin, y - 12 * u - 84 * u)
    hand = Box(panel.x + 16 * u, panel.y + 42 * u, panel.w - 32 * u, 72 * u)
    bid = Box(panel.x + 10 * u, hand.bottom + 10 * u, panel.w - 20 * u, 64 * u)
    first = bid.bottom + 48 * u
    fit = max(0, int((panel.bottom - 8 * u - first) // (ROW_H * u)))
    rows = [Box(panel.x + 10 * u, first + k * ROW_H * u, panel.w - 20 * u, (ROW_H - 6) * u)
            for k in range(min(fit, MAX_ROWS))]
    return RoundReviewLayout(u, panel, hand, bid, rows, prev, nxt, back)


def hit(boxes: list[Box], pos: tuple[float, float]) -> int | None:
    """The index of the box under ``pos``, if any."""
    return next((k for k, b in enumerate(boxes) if b.contains(pos)), None)
