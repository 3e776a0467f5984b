"""The Wizard and the Jester: one of each per people (variant 0..3 = B, G, R, Y)."""

from __future__ import annotations

import pygame

from wizard.ui.art.emblems import draw_emblem
from wizard.ui.art.paint import glow, starfield, vertical_gradient
from wizard.ui.art.palette import (
    CREAM,
    GOLD,
    GOLD_DARK,
    INK,
    NIGHT,
    SKIN,
    SKIN_DARK,
    WHITE,
    SuitColours,
    mix,
)
from wizard.ui.art.pen import Pen, Point, bezier, ellipse, star

BEARD = (236, 236, 240)
BEARD_SHADE = (190, 192, 204)
WOOD = (120, 78, 40)


def wizard(surface: pygame.Surface, pen: Pen, look: str, suit: str, c: SuitColours) -> None:
    """A robed wizard with a pointed hat and a glowing staff under the night sky."""
    vertical_gradient(surface, NIGHT, mix(NIGHT, c.main, 0.35))
    starfield(pen, (-1.0, -1.6, 1.0, 0.6), 26, (250, 240, 190), seed=7 + ord(suit))
    glow(pen, (0.0, -0.1), 1.2, mix(c.light, WHITE, 0.3), 150)
    c = _visible_on_night(c)
    robe_dark = mix(c.main, INK, 0.45)
    # robe
    robe: list[Point] = []
    robe += bezier((-0.34, -0.28), (-0.5, 0.3), (-0.7, 0.9), (-0.86, 1.42), 12)
    robe += bezier((0.86, 1.42), (0.7, 0.9), (0.5, 0.3), (0.34, -0.28), 12)
    pen.shape(robe, c.main, robe_dark, 0.03)
    pen.poly([(-0.06, 0.2), (0.06, 0.2), (0.16, 1.42), (-0.16, 1.42)], GOLD)
    pen.stroke(bezier((-0.3, 0.3), (-0.42, 0.8), (-0.5, 1.1), (-0.55, 1.42), 8), robe_dark, 0.025, False)
    pen.stroke(bezier((0.3, 0.3), (0.42, 0.8), (0.5, 1.1), (0.55, 1.42), 8), robe_dark, 0.025, False)
    # staff (behind the right hand)
    pen.line((0.7, -0.78), (0.7, 1.42), INK, 0.1)
    pen.line((0.7, -0.78), (0.7, 1.42), WOOD, 0.06)
    glow(pen, (0.7, -0.92), 0.42, (255, 236, 150), 255)
    if look == "classic":  # the staff is crowned by the people's emblem, in gold
        pen.disc((0.7, -0.94), 0.15, (255, 246, 210), GOLD_DARK, 0.015)
        draw_emblem(pen.sub(0.7, -0.94, 0.11), look, suit, c, False)
    else:
        pen.shape([(0.7, -1.12), (0.8, -0.92), (0.7, -0.74), (0.6, -0.92)], (255, 246, 200), GOLD_DARK, 0.02)
    # sleeves and hands
    sleeve_r = [(0.22, -0.22), (0.4, -0.2), (0.66, 0.08), (0.62, 0.2), (0.3, 0.12)]
    pen.shape(sleeve_r, c.main, robe_dark, 0.025)
    pen.disc((0.7, 0.1), 0.08, SKIN, SKIN_DARK, 0.015)
    sleeve_l = [(-0.22, -0.22), (-0.4, -0.2), (-0.58, 0.32), (-0.44, 0.42), (-0.28, 0.12)]
    pen.shape(sleeve_l, c.main, robe_dark, 0.025)
    pen.disc((-0.52, 0.46), 0.08, SKIN, SKIN_DARK, 0.015)
    # head and beard: each people's wizard has its own look
    people = suit if look == "classic" else ""
    if people == "G":  # elves: beardless, long fair hair, pointed ears
        for side in (-1, 1):
            lock = bezier((side * 0.1, -0.64), (side * 0.34, -0.5), (side * 0.3, -0.1), (side * 0.36, 0.28), 10)
            lock += bezier((side * 0.2, 0.2), (side * 0.16, -0.1), (side * 0.16, -0.3), (side * 0.05, -0.5), 10)
            pen.shape(lock, (238, 214, 140), (170, 140, 70), 0.02)
        for side in (-1, 1):
            pen.shape([(side * 0.17, -0.5), (side * 0.36, -0.66), (side * 0.2, -0.38)], SKIN, SKIN_DARK, 0.015)
    pen.disc((0.0, -0.45), 0.21, SKIN, SKIN_DARK, 0.02)
    if people == "G":
        pen.stroke(bezier((-0.07, -0.34), (-0.03, -0.3), (0.03, -0.3), (0.07, -0.34), 6), (170, 80, 70), 0.022, False)
    else:
        beard_fill, beard_ink = (BEARD, BEARD_SHADE) if people != "Y" else ((176, 104, 50), (120, 66, 30))
        wide = 1.35 if people == "R" else 1.0
        beard: list[Point] = [(-0.21, -0.4)]
        beard += bezier((-0.21, -0.34), (-0.23 * wide, -0.02), (-0.12 * wide, 0.28), (0.0, 0.48), 10)
        beard += bezier((0.0, 0.48), (0.12 * wide, 0.28), (0.23 * wide, -0.02), (0.21, -0.34), 10)
        beard += [(0.21, -0.4), (0.1, -0.3), (0.0, -0.34), (-0.1, -0.3)]
        pen.shape(beard, beard_fill, beard_ink, 0.02)
        pen.stroke([(-0.12, -0.31), (0.0, -0.35), (0.12, -0.31)], beard_ink, 0.022, False)
        pen.line((-0.07, 0.0), (-0.04, 0.25), beard_ink, 0.02)
        pen.line((0.07, 0.0), (0.04, 0.25), beard_ink, 0.02)
        if people == "R":  # dwarves: a braided beard with gold rings
            for y in (0.12, 0.3):
                half = 0.2 * (1 - (y + 0.1) / 0.7) + 0.04
                pen.shape([(-half, y - 0.03), (half, y - 0.03), (half, y + 0.03), (-half, y + 0.03)], GOLD, GOLD_DARK, 0.01)
    brow = (BEARD_SHADE if people not in ("G", "Y") else (120, 66, 30) if people == "Y" else (170, 140, 70))
    brow_w = 0.045 if people == "Y" else 0.03
    pen.line((-0.13, -0.54), (-0.03, -0.52), brow, brow_w)
    pen.line((0.13, -0.54), (0.03, -0.52), brow, brow_w)
    pen.circle((-0.075, -0.46), 0.028, INK)
    pen.circle((0.075, -0.46), 0.028, INK)
    pen.circle((0.0, -0.4), 0.035, SKIN_DARK)
    # hat
    cone: list[Point] = []
    cone += bezier((-0.36, -0.7), (-0.22, -0.98), (-0.05, -1.26), (0.3, -1.48), 12)
    cone += bezier((0.3, -1.48), (0.14, -1.2), (0.24, -0.98), (0.36, -0.7), 12)[1:]
    pen.shape(cone, c.main, robe_dark, 0.03)
    pen.poly([(-0.33, -0.76), (0.33, -0.76), (0.35, -0.7), (-0.35, -0.7)], GOLD)
    brim = ellipse(0.0, -0.7, 0.58, 0.09, 40)
    pen.shape(brim, c.main, robe_dark, 0.025)
    pen.poly(star(0.02, -1.0, 0.1, 0.045), GOLD)
    pen.poly(star(0.14, -1.25, 0.05, 0.022), GOLD)
    # people's emblem on the robe
    pen.disc((0.0, 1.02), 0.2, CREAM, GOLD_DARK, 0.025)
    draw_emblem(pen.sub(0.0, 1.02, 0.13), look, suit, c, True)


def _visible_on_night(c: SuitColours) -> SuitColours:
    """Lighten a very dark suit colour (the standard look's spades) so the robe shows at night."""
    if sum(c.main) < 200:
        return SuitColours(mix(c.main, (120, 130, 170), 0.55), c.dark, c.light)
    return c


def jester(surface: pygame.Surface, pen: Pen, look: str, suit: str, c: SuitColours) -> None:
    """A capering jester in motley with a three-belled cap."""
    _harlequin(surface, pen, c)
    glow(pen, (0.0, -0.2), 1.1, WHITE, 160)
    second = GOLD if suit != "Y" else (128, 70, 170)
    dark = mix(c.main, INK, 0.5)
    # legs and shoes
    pen.shape([(-0.3, 0.9), (-0.04, 0.9), (-0.1, 1.32), (-0.26, 1.32)], second, dark, 0.025)
    pen.shape([(0.04, 0.9), (0.3, 0.9), (0.26, 1.32), (0.1, 1.32)], c.main, dark, 0.025)
    pen.shape(bezier((-0.26, 1.3), (-0.4, 1.42), (-0.55, 1.42), (-0.6, 1.3), 8) + [(-0.1, 1.42), (-0.1, 1.3)],
              c.main, dark, 0.02)
    pen.shape(bezier((0.26, 1.3), (0.4, 1.42), (0.55, 1.42), (0.6, 1.3), 8) + [(0.1, 1.42), (0.1, 1.3)],
              second, dark, 0.02)
    pen.disc((-0.6, 1.28), 0.04, GOLD, GOLD_DARK, 0.01)
    pen.disc((0.6, 1.28), 0.04, GOLD, GOLD_DARK, 0.01)
    # tunic, split in two colours, with a pointed hem
    left = [(0.0, -0.24), (-0.34, -0.22), (-0.5, 0.96), (-0.34, 0.82), (-0.17, 0.98), (0.0, 0.84)]
    right = [(-x, y) for x, y in reversed(left)]
    pen.shape(left, c.main, dark, 0.03)
    pen.shape(right, second, dark, 0.03)
    for y in (0.1, 0.36, 0.62):
        pen.disc((0.0, y), 0.05, CREAM, dark, 0.015)
    # arms: one up holding the marotte, one on the hip
    pen.shape([(0.3, -0.2), (0.44, -0.16), (0.72, -0.5), (0.62, -0.6)], c.main, dark, 0.025)
    pen.shape([(-0.3, -0.2), (-0.44, -0.14), (-0.66, 0.3), (-0.5, 0.38)], second, dark, 0.025)
    pen.line((0.76, 0.3), (0.64, -1.02), INK, 0.07)
    pen.line((0.76, 0.3), (0.64, -1.02), WOOD, 0.04)
    pen.disc((0.68, -0.62), 0.07, SKIN, SKIN_DARK, 0.015)
    pen.disc((-0.6, 0.38), 0.07, SKIN, SKIN_DARK, 0.015)
    if look == "classic":  # the bauble on the fool's stick is the people's emblem
        pen.disc((0.63, -1.12), 0.15, CREAM, dark, 0.02)
        draw_emblem(pen.sub(0.63, -1.12, 0.11), look, suit, c, False)
    else:
        pen.disc((0.63, -1.1), 0.1, SKIN, SKIN_DARK, 0.015)
        pen.shape([(0.52, -1.14), (0.46, -1.34), (0.63, -1.18), (0.78, -1.34), (0.74, -1.14)], c.main, dark, 0.015)
    # ruff collar
    ruff = []
    for i in range(17):
        t = i / 16
        x = -0.42 + 0.84 * t
        y = -0.22 + (0.1 if i % 2 else 0.0) - 0.04 * (1 - (2 * t - 1) ** 2)
        ruff.append((x, y))
    ruff += [(0.3, -0.3), (-0.3, -0.3)]
    pen.shape(ruff, CREAM, dark, 0.02)
    # head (the elves' jester has pointed ears, the dwarves' a short beard)
    if look == "classic" and suit == "G":
        for side in (-1, 1):
            pen.shape([(side * 0.16, -0.54), (side * 0.34, -0.66), (side * 0.19, -0.44)], SKIN, SKIN_DARK, 0.015)
    pen.disc((0.0, -0.5), 0.2, SKIN, SKIN_DARK, 0.02)
    if look == "classic" and suit == "R":
        pen.shape(bezier((-0.17, -0.46), (-0.16, -0.26), (-0.06, -0.2), (0.0, -0.18), 8)
                  + bezier((0.0, -0.18), (0.06, -0.2), (0.16, -0.26), (0.17, -0.46), 8)
                  + [(0.1, -0.4), (-0.1, -0.4)], (150, 84, 40), (96, 52, 24), 0.015)
    pen.circle((-0.07, -0.54), 0.025, INK)
    pen.circle((0.07, -0.54), 0.025, INK)
    pen.circle((-0.12, -0.44), 0.04, (236, 150, 140))
    pen.circle((0.12, -0.44), 0.04, (236, 150, 140))
    pen.stroke(bezier((-0.09, -0.42), (-0.04, -0.36), (0.04, -0.36), (0.09, -0.42), 8), INK, 0.022, False)
    # cap with three bells
    band = [(-0.22, -0.62), (0.22, -0.62), (0.2, -0.7), (-0.2, -0.7)]
    horn_l = bezier((-0.2, -0.68), (-0.4, -0.9), (-0.62, -0.92), (-0.82, -0.74), 10) + bezier(
        (-0.82, -0.74), (-0.6, -1.1), (-0.3, -1.02), (-0.06, -0.72), 10)
    horn_r = [(-x, y) for x, y in reversed(horn_l)]
    horn_m = bezier((-0.12, -0.72), (-0.16, -1.0), (-0.05, -1.22), (0.1, -1.42), 10) + bezier(
        (0.1, -1.42), (0.05, -1.2), (0.12, -1.0), (0.12, -0.72), 10)
    pen.shape(horn_l, second, dark, 0.025)
    pen.shape(horn_r, second, dark, 0.025)
    pen.shape(horn_m, c.main, dark, 0.025)
    pen.shape(band, c.main, dark, 0.02)
    for b in ((-0.84, -0.72), (0.84, -0.72), (0.12, -1.44)):
        pen.disc(b, 0.07, GOLD, GOLD_DARK, 0.018)
    # the people's emblem on the chest
    pen.disc((-0.2, 0.3), 0.13, CREAM, dark, 0.02)
    draw_emblem(pen.sub(-0.2, 0.3, 0.085), look, suit, c, False)


def _harlequin(surface: pygame.Surface, pen: Pen, c: SuitColours) -> None:
    """A diamond check of two pale tints."""
    surface.fill(mix(c.light, CREAM, 0.4))
    tint = mix(c.light, c.main, 0.22)
    for j in range(-3, 4):
        for i in range(-3, 4):
            x, y = i * 0.4, j * 0.6
            pen.poly([(x, y - 0.3), (x + 0.2, y), (x, y + 0.3), (x - 0.2, y)], tint)
