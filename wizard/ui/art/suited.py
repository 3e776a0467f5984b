"""Faces of the suited cards (B1..Y13) in both looks."""

from __future__ import annotations

import pygame

from wizard.ui.art.canvas import Canvas, draw_blank, draw_corners, new_canvas, rendered_text
from wizard.ui.art.emblems import draw_emblem
from wizard.ui.art.layout import PIPS, is_small, pip_radius
from wizard.ui.art.palette import CREAM, SuitColours, mix
from wizard.ui.art.pen import Pen, rounded_rect

STANDARD_RANKS = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10",
                  10: "J", 11: "Q", 12: "K", 13: "A"}  # fmt: skip


def rank_label(look: str, rank: int) -> str:
    """The rank as printed in a look: 1..13 (classic) or 2..10, J, Q, K, A (standard)."""
    return STANDARD_RANKS[rank] if look == "standard" else str(rank)


def suited_face(look: str, suit: str, rank: int, colours: SuitColours, width: int) -> pygame.Surface:
    """The face of a suited card."""
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
            _pips(cv, pen, look, suit, rank, colours)
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
        px = 0.5 + x * 0.152
        py = mid + y * (bottom - top) / 2
        angle = 180.0 if y > 0.01 else 0.0
        draw_emblem(pen.sub(px, py, r, angle), look, suit, c, detail or count == 1)


def _court(cv: Canvas, pen: Pen, look: str, suit: str, rank: int, c: SuitColours) -> None:
    """Jack, queen, king of the standard look: a large initial between two marks, under a crown."""
    mid = cv.aspect_h / 2
    letter = {10: "J", 11: "Q", 12: "K"}[rank]
    size = round(0.5 * cv.W)
    text = rendered_text(letter, size, c.dark, "title")
    cv.surface.blit(text, text.get_rect(center=(round(0.5 * cv.W), round((mid + 0.02) * cv.W))))
    draw_emblem(pen.sub(0.5, mid - 0.43, 0.085), look, suit, c, True)
    draw_emblem(pen.sub(0.5, mid + 0.43, 0.085, 180.0), look, suit, c, True)
    crown_y = mid - 0.255
    pts = [(0.39, crown_y + 0.04), (0.37, crown_y - 0.05), (0.43, crown_y - 0.01), (0.5, crown_y - 0.07),
           (0.57, crown_y - 0.01), (0.63, crown_y - 0.05), (0.61, crown_y + 0.04)]
    if rank == 12:
        pen.shape(pts, (232, 186, 60), c.dark, 0.006)
    elif rank == 11:
        pen.shape(pts[:1] + [(0.42, crown_y - 0.03), (0.5, crown_y - 0.06), (0.58, crown_y - 0.03)]
                  + pts[-1:], (232, 186, 60), c.dark, 0.006)
    else:
        pen.shape([(0.4, crown_y + 0.04), (0.44, crown_y - 0.03), (0.58, crown_y - 0.06), (0.6, crown_y + 0.04)],
                  c.main, c.dark, 0.006)
