"""Faces of the special cards: Wizards, Jesters and the Camelot specials."""

from __future__ import annotations

import pygame

from wizard.ui.art import camelot
from wizard.ui.art.canvas import Canvas, MarkFn, draw_blank, draw_corners, new_canvas, rendered_text
from wizard.ui.art.figures import jester, wizard
from wizard.ui.art.paint import clip_to
from wizard.ui.art.palette import CREAM, GOLD, GOLD_DARK, INK, SuitColours, mix
from wizard.ui.art.pen import Pen, bezier, rounded_rect, star

PEOPLES = "BGRY"
INSET = 0.06


def star_icon(pen: Pen) -> None:
    """The Wizard's corner mark: a gold star."""
    pen.shape(star(0.0, 0.08, 1.0, 0.45), GOLD, GOLD_DARK, 0.1)


def cap_icon(pen: Pen) -> None:
    """The Jester's corner mark: a three-belled cap."""
    body = [(-0.7, 0.7), (0.7, 0.7)]
    body += bezier((0.7, 0.7), (0.7, 0.2), (0.9, -0.2), (0.95, -0.35), 6)
    body += bezier((0.95, -0.35), (0.5, -0.2), (0.3, 0.0), (0.1, 0.1), 6)[1:]
    body += [(0.0, -0.85), (-0.1, 0.1)]
    body += bezier((-0.1, 0.1), (-0.3, 0.0), (-0.5, -0.2), (-0.95, -0.35), 6)
    body += bezier((-0.95, -0.35), (-0.9, -0.2), (-0.7, 0.2), (-0.7, 0.7), 6)[1:]
    pen.shape(body, (150, 40, 140), INK, 0.1)
    for b in ((-0.92, -0.45), (0.92, -0.45), (0.0, -0.92)):
        pen.disc(b, 0.2, GOLD, GOLD_DARK, 0.08)


def _panel(cv: Canvas) -> tuple[pygame.Surface, Pen, tuple[int, int], list[tuple[float, float]]]:
    x0 = round(INSET * cv.W)
    y0 = x0
    w = cv.W - 2 * x0
    h = cv.H - 2 * y0
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    outline = rounded_rect(0, 0, w, h, 0.045 * cv.W, 8)
    return surface, Pen(surface, w / 2, h / 2, w / 2), (x0, y0), outline


def special_face(
    card: str,
    width: int,
    look: str,
    colours: dict[str, SuitColours],
    labels: dict[str, str],
    variant: int,
) -> pygame.Surface:
    """The face of W, J, GRAIL, EXCALIBUR, MERLIN, MERLIN:W, MERLIN:J or MORGAN."""
    cv = new_canvas(width)
    draw_blank(cv)
    panel, pen, (x0, y0), outline = _panel(cv)
    people = PEOPLES[variant % 4]
    base, _, played = card.partition(":")
    frame = INK
    mark: MarkFn
    if base == "W":
        wizard(panel, pen, look, people, colours[people])
        text, mark, frame = labels.get("W", "W"), star_icon, GOLD_DARK
    elif base == "J":
        jester(panel, pen, look, people, colours[people])
        text, mark = labels.get("J", "J"), cap_icon
    elif base == "MERLIN":
        camelot.merlin(panel, pen)
        text = labels.get(played, played) if played else ""
        if played:
            letter = rendered_text(text, max(4, round(0.16 * cv.W)), CREAM, "bold")
            camelot.badge(pen, letter, (0.62, -1.1), 0.24, (170, 30, 40) if played == "W" else (40, 110, 60))
        frame = camelot.THEMES["MERLIN"]
        mark = _icon_mark("MERLIN")
    elif base in camelot.ICONS:
        {"GRAIL": camelot.grail, "EXCALIBUR": camelot.excalibur, "MORGAN": camelot.morgan}[base](panel, pen)
        text, mark, frame = "", _icon_mark(base), camelot.THEMES[base]
    else:
        raise ValueError(f"not a special card: {card!r}")
    clip_to(panel, outline)
    cv.surface.blit(panel, (x0, y0))
    border = [(x + x0, y + y0) for x, y in outline]
    pygame.draw.lines(cv.surface, frame, True, border, max(1, round(0.012 * cv.W)))
    draw_corners(cv, text, INK, mark, backing=mix(CREAM, (255, 255, 255), 0.3),
                 mark_scale=1.0 if not text else 0.8)
    return cv.finish()


def _icon_mark(name: str) -> MarkFn:
    """The corner mark of a Camelot special: its icon, inked in a dark tone of its theme."""
    icon = camelot.ICONS[name]
    theme = camelot.THEMES[name]
    return lambda p: icon(p, mix(theme, INK, 0.5), p.r > 10)
