"""Colours and sizes shared by every screen."""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT: Colour = (22, 92, 58)
FELT_DARK: Colour = (12, 58, 36)
WOOD: Colour = (92, 58, 30)
INK: Colour = (245, 240, 225)          # text on dark
INK_DIM: Colour = (180, 190, 175)
INK_DARK: Colour = (30, 28, 24)        # text on light
PANEL: Colour = (20, 34, 28)
PANEL_EDGE: Colour = (196, 164, 92)    # brass
GOLD: Colour = (236, 196, 90)
ACCENT: Colour = (250, 214, 110)
BUTTON: Colour = (44, 70, 58)
BUTTON_HOVER: Colour = (62, 98, 80)
BUTTON_DOWN: Colour = (30, 50, 40)
BUTTON_OFF: Colour = (48, 52, 50)
PRIMARY: Colour = (176, 120, 36)
PRIMARY_HOVER: Colour = (204, 146, 52)
DANGER: Colour = (150, 44, 36)          # a button that destroys something (Delete, Abandon...)
DANGER_HOVER: Colour = (182, 60, 48)
GOOD: Colour = (110, 200, 120)
BAD: Colour = (235, 110, 100)
SHADOW: Colour = (0, 0, 0)
PARCHMENT: Colour = (242, 232, 204)
PARCHMENT_LINE: Colour = (196, 180, 140)
SERIES: list[Colour] = [(236, 196, 90), (110, 180, 240), (235, 110, 100), (140, 220, 140),
                        (200, 140, 230), (240, 150, 70)]
