"""Supersampled card canvases: the blank card, the corner index, and the final smooth scaling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from wizard.ui import fonts
from wizard.ui.art.layout import card_size, index_scale, supersample
from wizard.ui.art.palette import CREAM, PAPER_EDGE, Colour
from wizard.ui.art.pen import Pen, rounded_rect

CORNER_RADIUS = 0.07  # of card width
MARGIN = 0.045  # of card width


@dataclass
class Canvas:
    """A card-sized surface drawn `ss` times larger than the target `width`."""

    width: int
    ss: int
    surface: pygame.Surface

    @property
    def W(self) -> int:  # noqa: N802 - card width on the big surface
        """Card width in big pixels."""
        return self.surface.get_width()

    @property
    def H(self) -> int:  # noqa: N802
        """Card height in big pixels."""
        return self.surface.get_height()

    @property
    def aspect_h(self) -> float:
        """Card height in card-width units."""
        return self.H / self.W

    def pen(self) -> Pen:
        """A pen whose unit is the card width, origin at the top-left corner."""
        return Pen(self.surface, 0.0, 0.0, float(self.W))

    def finish(self) -> pygame.Surface:
        """The card scaled down to its target size."""
        return pygame.transform.smoothscale(self.surface, card_size(self.width))


def new_canvas(width: int) -> Canvas:
    """A transparent supersampled canvas for a card of `width` pixels."""
    ss = supersample(width)
    w, h = card_size(width)
    return Canvas(width, ss, pygame.Surface((w * ss, h * ss), pygame.SRCALPHA))


def card_outline(cv: Canvas, inset: float = 0.0) -> list[tuple[float, float]]:
    """The rounded card outline in card-width units, inset by `inset`."""
    return rounded_rect(inset, inset, 1.0 - inset, cv.aspect_h - inset, CORNER_RADIUS - inset, 10)


def draw_blank(cv: Canvas, fill: Colour = CREAM, edge: Colour = PAPER_EDGE) -> None:
    """The card body: a rounded sheet with a thin edge."""
    pen = cv.pen()
    pen.poly(card_outline(cv), edge)
    pen.poly(card_outline(cv, 0.012), fill)


def rendered_text(text: str, size: int, colour: Colour, role: str = "index") -> pygame.Surface:
    """Text rendered and cropped to its ink."""
    surf = fonts.font(size, role).render(text, True, colour)
    box = surf.get_bounding_rect()
    if box.w == 0:
        return surf
    return surf.subsurface(box).copy()


MarkFn = Callable[[Pen], None]


def draw_corners(
    cv: Canvas,
    text: str,
    colour: Colour,
    mark: MarkFn | None,
    backing: Colour | None = None,
    mark_scale: float = 0.8,
) -> None:
    """The corner index (text above a mark) top-left and, turned over, bottom-right."""
    f = max(6, round(index_scale(cv.width) * cv.W))
    label = rendered_text(text, f, colour) if text else None
    ms = round(f * mark_scale) if mark else 0
    lw = label.get_width() if label else 0
    lh = label.get_height() if label else 0
    gap = round(f * 0.16) if (label and mark) else 0
    cw = max(lw, ms)
    ch = lh + gap + ms
    pad = round(f * 0.14) if backing else 0
    corner = pygame.Surface((cw + 2 * pad, ch + 2 * pad), pygame.SRCALPHA)
    if backing:
        Pen(corner, 0, 0, 1.0).poly(
            rounded_rect(0, 0, corner.get_width(), corner.get_height(), pad * 1.5), backing
        )
    if label:
        corner.blit(label, (pad + (cw - lw) // 2, pad))
    if mark:
        mark(Pen(corner, pad + cw / 2, pad + lh + gap + ms / 2, ms / 2))
    m = round(MARGIN * cv.W) - pad // 2
    cv.surface.blit(corner, (m, m))
    flipped = pygame.transform.rotate(corner, 180)
    cv.surface.blit(flipped, (cv.W - m - flipped.get_width(), cv.H - m - flipped.get_height()))


def index_box(cv: Canvas, text: str, mark: bool) -> tuple[float, float]:
    """(width, height) in card-width units that the corner index occupies from the card corner."""
    f = max(6, round(index_scale(cv.width) * cv.W))
    label = rendered_text(text, f, (0, 0, 0)) if text else None
    lw = label.get_width() if label else 0
    lh = label.get_height() if label else 0
    ms = round(f * 0.8) if mark else 0
    w = max(lw, ms) + MARGIN * cv.W
    h = lh + ms + round(f * 0.16) + MARGIN * cv.W
    return w / cv.W, h / cv.W
