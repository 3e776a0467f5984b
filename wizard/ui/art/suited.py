"""Faces of the suited cards (B1..Y13) in both looks."""

from __future__ import annotations

import math

import pygame

from wizard.ui.art.canvas import Canvas, draw_blank, draw_corners, new_canvas, rendered_text
from wizard.ui.art.emblems import draw_emblem
from wizard.ui.art.layout import PIPS, is_small, pip_radius
from wizard.ui.art.palette import CREAM, INK, SuitColours, mix
from wizard.ui.art.pen import Pen, rounded_rect, star

STANDARD_RANKS = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10",
                  10: "J", 11: "Q", 12: "K", 13: "A"}  # fmt: skip


def rank_label(look: str, rank: int) -> str:
    """The rank as printed in a look: 1..13 (classic) or 2..10, J, Q, K, A (standard)."""
    return STANDARD_RANKS[rank] if look == "standard" else str(rank)


def suited_face(
    look: str, suit: str, rank: int, colours: SuitColours, width: int, magic: bool = False
) -> pygame.Surface:
    """The face of a suited card; `magic` adds the Magic edition's spark to rank-1 cards."""
    cv = new_canvas(width)
    small = is_small(width)
    draw_blank(cv, mix(CREAM, colours.light, 0.5 if look == "standard" else 0.75))
    pen = cv.pen()
    _frame(cv, pen, colours)
    if small:
        draw_emblem(pen.sub(0.5, cv.aspect_h * 0.6, 0.26), look, suit, colours, False)
    else:
        if look == "standard" and rank in (10, 11, 12):
            _court(cv, pen, look, suit, rank, colours)
        else:
            if look == "classic" and rank > 1:
                _watermark(cv, pen, look, suit, colours)
            _pips(cv, pen, look, suit, rank, colours)
    if magic and rank == 1:
        _spark(pen, (0.74, 0.3) if not small else (0.76, cv.aspect_h * 0.3), 0.09 if not small else 0.13)
    draw_corners(
        cv,
        rank_label(look, rank),
        colours.dark,
        lambda p: draw_emblem(p, look, suit, colours, width >= 160),
    )
    return cv.finish()


def _frame(cv: Canvas, pen: Pen, c: SuitColours) -> None:
    """A fine double rule inside the card edge, in the suit colour."""
    h = cv.aspect_h
    pen.stroke(rounded_rect(0.032, 0.032, 0.968, h - 0.032, 0.05, 8), mix(c.light, c.main, 0.8), 0.008)
    pen.stroke(rounded_rect(0.046, 0.046, 0.954, h - 0.046, 0.04, 8), mix(c.light, c.main, 0.4), 0.003)


def _watermark(cv: Canvas, pen: Pen, look: str, suit: str, c: SuitColours) -> None:
    """A large, faint emblem behind the pips."""
    bg = mix(CREAM, c.light, 0.75)
    ghost = SuitColours(mix(bg, c.main, 0.05), mix(bg, c.main, 0.05), mix(bg, c.main, 0.02))
    draw_emblem(pen.sub(0.5, cv.aspect_h / 2, 0.32), look, suit, ghost, False)


def _pips(cv: Canvas, pen: Pen, look: str, suit: str, rank: int, c: SuitColours) -> None:
    count = rank
    if look == "standard":
        count = 1 if rank == 13 else rank + 1  # ranks 1..9 are shown 2..10
    layout = PIPS[count]
    r = pip_radius(count)
    top = 0.14 + r
    bottom = cv.aspect_h - top
    mid = cv.aspect_h / 2
    detail = cv.width >= 120
    if count == 1:
        ring = mix(c.light, c.main, 0.35)
        pen.circle((0.5, mid), 0.235, ring, 0.01)
        pen.circle((0.5, mid), 0.215, ring, 0.004)
    for x, y in layout:
        px = 0.5 + x * (0.16 if count > 10 else 0.152)
        py = mid + y * (bottom - top) / 2
        angle = 180.0 if (y > 0.01 and look == "standard") else 0.0
        draw_emblem(pen.sub(px, py, r, angle), look, suit, c, detail or count == 1)


def _court(cv: Canvas, pen: Pen, look: str, suit: str, rank: int, c: SuitColours) -> None:
    """Jack, queen, king of the standard look: a framed panel with a large initial under a crown."""
    mid = cv.aspect_h / 2
    x0, x1, y0, y1 = 0.27, 0.73, mid - 0.5, mid + 0.5
    pen.shape(rounded_rect(x0, y0, x1, y1, 0.04, 6), mix(CREAM, c.light, 0.3), c.main, 0.008)
    pen.stroke(rounded_rect(x0 + 0.022, y0 + 0.022, x1 - 0.022, y1 - 0.022, 0.025, 6), mix(c.light, c.main, 0.5), 0.004)
    letter = {10: "J", 11: "Q", 12: "K"}[rank]
    text = rendered_text(letter, round(0.42 * cv.W), c.dark, "title")
    cv.surface.blit(text, text.get_rect(center=(round(0.5 * cv.W), round((mid + 0.08) * cv.W))))
    draw_emblem(pen.sub(0.34, y0 + 0.08, 0.04), look, suit, c, False)
    draw_emblem(pen.sub(0.66, y1 - 0.08, 0.04, 180.0), look, suit, c, False)
    cy = mid - 0.24
    gold, ink = (232, 186, 60), mix(c.dark, INK, 0.3)
    if rank == 12:  # king: a tall crown with three points
        pts = [(0.4, cy + 0.05), (0.38, cy - 0.06), (0.44, cy - 0.02), (0.5, cy - 0.09),
               (0.56, cy - 0.02), (0.62, cy - 0.06), (0.6, cy + 0.05)]
        pen.shape(pts, gold, ink, 0.006)
        for x, y in ((0.38, cy - 0.07), (0.5, cy - 0.1), (0.62, cy - 0.07)):
            pen.disc((x, y), 0.014, gold, ink, 0.005)
    elif rank == 11:  # queen: a rounded tiara with a jewel
        pts = [(0.41, cy + 0.05)] + [(0.5 + 0.09 * math.cos(a / 10 * math.pi), cy + 0.02 - 0.07 * math.sin(a / 10 * math.pi))
                                     for a in range(10, -1, -1)] + [(0.59, cy + 0.05)]
        pen.shape(pts, gold, ink, 0.006)
        pen.disc((0.5, cy - 0.02), 0.018, c.main, ink, 0.005)
    else:  # jack: a feathered cap
        pen.shape([(0.4, cy + 0.05), (0.43, cy - 0.03), (0.56, cy - 0.05), (0.6, cy + 0.05)], c.main, ink, 0.006)
        pen.shape([(0.55, cy - 0.04), (0.63, cy - 0.13), (0.6, cy - 0.03)], gold, ink, 0.005)


def _spark(pen: Pen, c: tuple[float, float], r: float) -> None:
    """The Magic edition's mark: a violet four-pointed spark."""
    x, y = c
    pen.shape(star(x, y, r, r * 0.32, 4), (150, 70, 210), INK, r * 0.08)
    pen.poly(star(x, y, r * 0.45, r * 0.15, 4, -45), (255, 236, 150))
