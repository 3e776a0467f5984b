"""Suit colours for each card look, normal and colour-blind-safe."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

SUITS = ("B", "G", "R", "Y")


@dataclass(frozen=True)
class SuitColours:
    """The three tones of one suit: a fill, a dark ink for text/outlines, a pale tint."""

    main: Colour
    dark: Colour
    light: Colour


def _suit(main: Colour, dark: Colour, light: Colour) -> SuitColours:
    return SuitColours(main, dark, light)


# Classic look: the four peoples (humans blue, elves green, dwarves red, giants yellow).
CLASSIC = {
    "B": _suit((38, 96, 196), (18, 46, 112), (218, 230, 250)),
    "G": _suit((44, 150, 72), (14, 80, 36), (220, 242, 222)),
    "R": _suit((206, 44, 44), (120, 16, 20), (250, 222, 218)),
    "Y": _suit((240, 184, 24), (128, 84, 0), (252, 242, 204)),
}

# Standard look, a four-colour deck: spades navy-black, clubs green, hearts red, diamonds orange.
STANDARD = {
    "B": _suit((34, 40, 62), (16, 18, 32), (226, 228, 236)),
    "G": _suit((28, 128, 60), (10, 70, 30), (220, 240, 224)),
    "R": _suit((208, 30, 44), (128, 10, 20), (250, 222, 222)),
    "Y": _suit((236, 128, 12), (140, 66, 0), (252, 234, 212)),
}

# Colour-blind-safe palette after Okabe & Ito: blue, bluish green, vermillion, yellow.
# Tuned with assets/generate/simulate_cvd.py: every pair of suits stays at least 36 CIE76 units
# apart under protanopia, deuteranopia and tritanopia (the classic palette drops to 17).
OKABE_ITO = {
    "B": _suit((30, 70, 170), (10, 34, 92), (216, 226, 246)),
    "G": _suit((0, 170, 130), (0, 86, 64), (212, 242, 232)),
    "R": _suit((200, 75, 0), (110, 38, 0), (250, 224, 206)),
    "Y": _suit((240, 228, 66), (96, 72, 0), (252, 248, 214)),
}

# Colours shared by every look.
CREAM: Colour = (250, 246, 234)
PAPER_EDGE: Colour = (206, 196, 172)
INK: Colour = (34, 30, 40)
GOLD: Colour = (226, 180, 66)
GOLD_DARK: Colour = (150, 108, 28)
NIGHT: Colour = (22, 28, 62)
SKIN: Colour = (242, 204, 170)
SKIN_DARK: Colour = (196, 146, 112)
WHITE: Colour = (255, 255, 255)


def palette(look: str, colourblind: bool) -> dict[str, SuitColours]:
    """The suit colours for a look ("classic" or "standard") and palette."""
    if colourblind:
        return OKABE_ITO
    if look == "standard":
        return STANDARD
    return CLASSIC


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
