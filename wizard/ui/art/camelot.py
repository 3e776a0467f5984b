"""The Camelot specials: the Holy Grail, Excalibur, Merlin and Morgan le Fay."""

from __future__ import annotations

import pygame

from wizard.ui.art.paint import glow, rays, starfield, vertical_gradient
from wizard.ui.art.palette import CREAM, GOLD, GOLD_DARK, INK, SKIN, SKIN_DARK, WHITE, Colour, mix
from wizard.ui.art.pen import Pen, Point, arc, bezier, ellipse, star

RUBY = (196, 24, 48)
STEEL = (214, 222, 232)
STEEL_DARK = (110, 122, 140)
STONE = (124, 120, 112)
STONE_DARK = (72, 68, 64)
PURPLE = (92, 48, 148)
PURPLE_DARK = (44, 20, 80)
SILVER = (226, 230, 240)
MOON = (236, 240, 214)
TEAL_NIGHT = (10, 46, 52)
EMERALD = (20, 150, 100)

THEMES: dict[str, Colour] = {
    "GRAIL": GOLD_DARK,
    "EXCALIBUR": (40, 80, 140),
    "MERLIN": PURPLE,
    "MORGAN": (14, 96, 84),
}


def cup(pen: Pen, ink: Colour, detail: bool = True) -> None:
    """A chalice in about [-1, 1]^2."""
    bowl: list[Point] = [(-0.72, -0.78)]
    bowl += bezier((-0.72, -0.78), (-0.72, -0.1), (-0.3, 0.12), (0.0, 0.14), 12)
    bowl += bezier((0.0, 0.14), (0.3, 0.12), (0.72, -0.1), (0.72, -0.78), 12)[1:]
    stem = [(-0.1, 0.1), (0.1, 0.1), (0.08, 0.66), (-0.08, 0.66)]
    foot: list[Point] = [(-0.08, 0.6)] + bezier((-0.1, 0.66), (-0.3, 0.78), (-0.5, 0.82), (-0.55, 0.94), 6)
    foot += bezier((0.55, 0.94), (0.5, 0.82), (0.3, 0.78), (0.1, 0.66), 6) + [(0.08, 0.6)]
    for part in (stem, foot, bowl):
        pen.shape(part, GOLD, ink, 0.06)
    pen.disc((0.0, 0.4), 0.12, GOLD, ink, 0.05)
    pen.shape(ellipse(0.0, -0.78, 0.72, 0.12, 32), mix(GOLD, WHITE, 0.35), ink, 0.05)
    if detail:
        pen.disc((0.0, -0.34), 0.14, RUBY, ink, 0.04)
        pen.stroke(bezier((-0.56, -0.6), (-0.54, -0.3), (-0.4, -0.14), (-0.26, -0.06), 8), mix(GOLD, WHITE, 0.55), 0.05, False)


def sword(pen: Pen, ink: Colour, detail: bool = True) -> None:
    """A sword, point down, in about [-1, 1]^2."""
    blade = [(-0.11, -0.42), (0.11, -0.42), (0.11, 0.72), (0.0, 1.0), (-0.11, 0.72)]
    pen.shape(blade, STEEL, ink, 0.05)
    if detail:
        pen.line((0.0, -0.36), (0.0, 0.76), STEEL_DARK, 0.035)
    guard = bezier((-0.62, -0.58), (-0.3, -0.4), (0.3, -0.4), (0.62, -0.58), 10)
    guard += bezier((0.62, -0.46), (0.3, -0.28), (-0.3, -0.28), (-0.62, -0.46), 10)
    pen.shape(guard, GOLD, ink, 0.05)
    pen.shape([(-0.08, -0.42), (0.08, -0.42), (0.08, -0.84), (-0.08, -0.84)], (110, 60, 30), ink, 0.05)
    pen.disc((0.0, -0.92), 0.12, GOLD, ink, 0.05)


def hat(pen: Pen, ink: Colour, detail: bool = True) -> None:
    """Merlin's starry hat in about [-1, 1]^2."""
    cone = bezier((-0.5, 0.6), (-0.3, 0.1), (-0.1, -0.5), (0.35, -0.98), 10)
    cone += bezier((0.35, -0.98), (0.2, -0.5), (0.35, 0.1), (0.5, 0.6), 10)[1:]
    pen.shape(cone, PURPLE, ink, 0.06)
    pen.shape(ellipse(0.0, 0.64, 0.92, 0.2, 32), PURPLE, ink, 0.06)
    pen.poly(star(0.02, 0.05, 0.26, 0.11), SILVER)
    if detail:
        pen.poly(star(0.14, -0.5, 0.12, 0.05), SILVER)


def crescent(pen: Pen, ink: Colour, detail: bool = True) -> None:
    """Morgan's crescent moon under a small crown, in about [-1, 1]^2."""
    outer = arc(0.0, 0.12, 0.82, 0.82, 40, 320, 30)
    inner = arc(0.36, -0.02, 0.64, 0.64, 300, 60, 30)
    pen.shape(outer + inner, MOON, ink, 0.06)
    if detail:
        pen.shape([(-0.12, -0.52), (-0.2, -0.9), (0.0, -0.72), (0.16, -0.96), (0.26, -0.7), (0.46, -0.86),
                   (0.38, -0.5)], GOLD, ink, 0.05)


ICONS = {"GRAIL": cup, "EXCALIBUR": sword, "MERLIN": hat, "MORGAN": crescent}


def grail(surface: pygame.Surface, pen: Pen) -> None:
    """The Holy Grail, shining."""
    vertical_gradient(surface, (252, 236, 186), (222, 170, 80))
    rays(pen, (0.0, -0.2), 3.0, (255, 246, 214), 20)
    glow(pen, (0.0, -0.3), 1.1, WHITE, 255)
    pen.stroke(ellipse(0.0, -1.02, 0.42, 0.1, 32), (255, 226, 120), 0.05)
    cup(pen.sub(0.0, 0.05, 0.8), GOLD_DARK)
    starfield(pen, (-0.9, -1.4, 0.9, 1.3), 10, WHITE, seed=11)


def excalibur(surface: pygame.Surface, pen: Pen) -> None:
    """Excalibur, drawn from the stone by a lake."""
    vertical_gradient(surface, (150, 196, 232), (40, 96, 150))
    pen.poly([(-1.2, 0.6), (1.2, 0.6), (1.2, 1.7), (-1.2, 1.7)], (36, 82, 128))
    for y in (0.72, 0.86, 1.02):
        pen.line((-0.9, y), (-0.4, y), (110, 160, 206), 0.02)
        pen.line((0.3, y + 0.06), (0.85, y + 0.06), (110, 160, 206), 0.02)
    glow(pen, (0.0, -0.6), 1.0, WHITE, 220)
    sword(pen.sub(0.0, -0.25, 1.1), INK)
    rock = [(-0.8, 1.45), (-0.62, 0.62), (-0.3, 0.42), (0.1, 0.36), (0.46, 0.5), (0.74, 0.78), (0.86, 1.45)]
    pen.shape(rock, STONE, STONE_DARK, 0.03)
    pen.stroke([(-0.4, 0.9), (-0.2, 0.78), (0.05, 0.82)], STONE_DARK, 0.025, False)
    pen.stroke([(0.3, 1.1), (0.5, 0.98)], STONE_DARK, 0.025, False)
    pen.poly(star(0.3, -1.05, 0.12, 0.03, 4), WHITE)


def merlin(surface: pygame.Surface, pen: Pen, badge: str | None = None) -> None:
    """Merlin, bearded and starry-hatted; an optional badge shows how he was played."""
    vertical_gradient(surface, (34, 14, 60), (96, 56, 150))
    starfield(pen, (-1.0, -1.6, 1.0, 1.5), 34, SILVER, seed=5)
    pen.shape(arc(-0.5, -1.05, 0.22, 0.22, 100, 420, 20), MOON, None, 0)
    pen.circle((-0.42, -1.12), 0.19, (44, 18, 76))
    glow(pen, (0.0, -0.1), 1.1, (200, 170, 255), 170)
    # robe
    robe = bezier((-0.4, -0.05), (-0.7, 0.3), (-0.9, 0.9), (-0.95, 1.6), 10)
    robe += bezier((0.95, 1.6), (0.9, 0.9), (0.7, 0.3), (0.4, -0.05), 10)
    pen.shape(robe, PURPLE, PURPLE_DARK, 0.03)
    for x, y in ((-0.6, 0.7), (0.55, 0.5), (-0.4, 1.25), (0.62, 1.2)):
        pen.poly(star(x, y, 0.09, 0.04), SILVER)
    pen.shape(arc(0.4, 1.0, 0.12, 0.12, 60, 330, 14), SILVER, None, 0)
    # face and a long, flowing beard
    pen.disc((0.0, -0.32), 0.24, SKIN, SKIN_DARK, 0.02)
    beard: list[Point] = [(-0.25, -0.3)]
    beard += bezier((-0.27, -0.1), (-0.32, 0.4), (-0.18, 0.9), (0.0, 1.3), 12)
    beard += bezier((0.0, 1.3), (0.18, 0.9), (0.32, 0.4), (0.27, -0.1), 12)
    beard += [(0.25, -0.3), (0.12, -0.2), (0.0, -0.24), (-0.12, -0.2)]
    pen.shape(beard, (244, 244, 248), (180, 180, 196), 0.02)
    for x in (-0.12, 0.0, 0.12):
        pen.stroke(bezier((x, 0.0), (x * 1.3, 0.4), (x * 0.8, 0.8), (x * 0.3, 1.15), 8), (196, 196, 210), 0.02, False)
    pen.stroke([(-0.14, -0.22), (0.0, -0.27), (0.14, -0.22)], (196, 196, 210), 0.03, False)
    pen.line((-0.17, -0.46), (-0.04, -0.43), (240, 240, 246), 0.045)
    pen.line((0.17, -0.46), (0.04, -0.43), (240, 240, 246), 0.045)
    pen.circle((-0.09, -0.36), 0.028, INK)
    pen.circle((0.09, -0.36), 0.028, INK)
    # the tall starry hat with its crescent
    hat(pen.sub(0.0, -0.98, 0.62), PURPLE_DARK)
    pen.shape(arc(-0.2, -1.3, 0.09, 0.09, 60, 330, 12), MOON, None, 0)


def morgan(surface: pygame.Surface, pen: Pen) -> None:
    """Morgan le Fay: a crowned enchantress before a great crescent moon."""
    vertical_gradient(surface, (6, 22, 30), (20, 84, 78))
    starfield(pen, (-1.0, -1.6, 1.0, 1.4), 28, (200, 240, 220), seed=3)
    glow(pen, (0.1, -0.45), 1.1, (170, 240, 210), 190)
    crescent_pts = arc(0.0, -0.5, 0.95, 0.95, 30, 330, 36) + arc(0.42, -0.62, 0.78, 0.78, 300, 60, 36)
    pen.shape(crescent_pts, MOON, None, 0)
    # long dark hair, falling behind the shoulders
    hair = bezier((-0.2, -0.62), (-0.46, -0.4), (-0.4, 0.1), (-0.5, 0.5), 12)
    hair += [(-0.36, 0.42), (-0.28, 0.52), (-0.2, 0.4)]
    hair += [(0.2, 0.4), (0.28, 0.52), (0.36, 0.42)]
    hair += bezier((0.5, 0.5), (0.4, 0.1), (0.46, -0.4), (0.2, -0.62), 12)
    hair += arc(0.0, -0.42, 0.28, 0.28, 315, 225, 14)
    pen.shape(hair, (40, 22, 34), (12, 6, 10), 0.02)
    # gown with a golden neckline and an emerald clasp
    gown = bezier((-0.26, -0.02), (-0.6, 0.4), (-0.8, 1.0), (-0.9, 1.6), 10)
    gown += bezier((0.9, 1.6), (0.8, 1.0), (0.6, 0.4), (0.26, -0.02), 10)
    pen.shape(gown, (16, 110, 90), (4, 40, 36), 0.03)
    pen.poly([(-0.04, 0.14), (0.04, 0.14), (0.2, 1.6), (-0.2, 1.6)], (10, 70, 60))
    pen.shape([(-0.09, -0.18), (0.09, -0.18), (0.1, 0.0), (-0.1, 0.0)], (236, 214, 206), None, 0)
    pen.stroke(bezier((-0.26, -0.02), (-0.1, 0.16), (0.1, 0.16), (0.26, -0.02), 10), GOLD, 0.04, False)
    pen.disc((0.0, 0.14), 0.07, EMERALD, GOLD_DARK, 0.02)
    pen.disc((0.0, -0.34), 0.21, (236, 214, 206), (150, 120, 120), 0.02)
    pen.stroke([(-0.11, -0.4), (-0.04, -0.38)], INK, 0.025, False)
    pen.stroke([(0.04, -0.38), (0.11, -0.4)], INK, 0.025, False)
    pen.stroke(bezier((-0.06, -0.24), (-0.02, -0.21), (0.02, -0.21), (0.06, -0.24), 6), (150, 30, 60), 0.03, False)
    # crown
    crown = [(-0.22, -0.5), (-0.26, -0.76), (-0.12, -0.62), (0.0, -0.84), (0.12, -0.62), (0.26, -0.76), (0.22, -0.5)]
    pen.shape(crown, GOLD, GOLD_DARK, 0.02)
    pen.disc((0.0, -0.6), 0.05, EMERALD, GOLD_DARK, 0.012)


def badge(pen: Pen, letter_surface: pygame.Surface | None, c: Point, radius: float, fill: Colour) -> None:
    """A round badge with a letter (for MERLIN:W and MERLIN:J)."""
    pen.disc(c, radius, fill, GOLD, radius * 0.14)
    if letter_surface is not None:
        x, y = pen.map(c)
        pen.surface.blit(letter_surface, letter_surface.get_rect(center=(round(x), round(y))))


__all__ = ["CREAM", "ICONS", "THEMES", "badge", "excalibur", "grail", "merlin", "morgan"]
