"""Card backs, the empty turned-up-card slot, suit emblems and the trump marker."""

from __future__ import annotations

import math

import pygame

from wizard.ui.art.canvas import card_outline, draw_blank, new_canvas
from wizard.ui.art.emblems import draw_emblem
from wizard.ui.art.layout import card_size, supersample
from wizard.ui.art.paint import clip_to, glow
from wizard.ui.art.palette import CREAM, GOLD, GOLD_DARK, INK, SuitColours, mix
from wizard.ui.art.pen import Pen, rounded_rect, star

BACK_STYLES: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = [
    ((22, 36, 92), (210, 170, 70)),  # midnight blue and gold
    ((118, 22, 36), (232, 196, 120)),  # crimson and pale gold
    ((16, 82, 60), (214, 200, 140)),  # forest green and brass
]

_GOLD_SUIT = SuitColours(GOLD, GOLD_DARK, (255, 236, 170))


def back(width: int, style: int = 0) -> pygame.Surface:
    """A card back; styles differ in colour and pattern."""
    base, line = BACK_STYLES[style % len(BACK_STYLES)]
    cv = new_canvas(width)
    draw_blank(cv, CREAM)
    W, H = cv.W, cv.H
    inset = round(0.055 * W)
    panel = pygame.Surface((W - 2 * inset, H - 2 * inset), pygame.SRCALPHA)
    panel.fill(base)
    pw, ph = panel.get_size()
    pen = Pen(panel, pw / 2, ph / 2, pw / 2)  # unit = half panel width
    hy = ph / pw  # half height in units
    dim = mix(base, line, 0.35)
    kind = style % len(BACK_STYLES)
    if kind == 0:
        step = 0.25
        k = -8
        while k * step < 2 * hy + 2:
            off = k * step
            pen.line((-1.0, -hy + off), (1.0, -hy + off - 2.0), dim, 0.012)
            pen.line((-1.0, -hy + off - 2.0), (1.0, -hy + off), dim, 0.012)
            k += 1
    elif kind == 1:
        for j in range(-8, 9):
            for i in range(-5, 6):
                x, y = i * 0.22 + (0.11 if j % 2 else 0.0), j * 0.2
                pen.poly([(x, y - 0.07), (x + 0.05, y), (x, y + 0.07), (x - 0.05, y)], dim)
    else:
        for i in range(-6, 7):
            r = 0.2 + abs(i) * 0.22
            pen.circle((0.0, 0.0), r, dim, 0.012)
    glow(pen, (0.0, 0.0), 1.0, mix(base, (255, 255, 255), 0.35), 200)
    # medallion: a ring, the four emblems in gold, a star
    pen.circle((0.0, 0.0), 0.62, base)
    pen.circle((0.0, 0.0), 0.62, line, 0.03)
    pen.circle((0.0, 0.0), 0.55, line, 0.01)
    for i, suit in enumerate("BGRY"):
        a = math.radians(-90 + i * 90 + 45)
        draw_emblem(pen.sub(0.4 * math.cos(a), 0.4 * math.sin(a), 0.095), "classic", suit, _GOLD_SUIT, False)
    pen.shape(star(0.0, 0.0, 0.22, 0.085, 8, -90), line, mix(line, INK, 0.4), 0.015)
    pen.circle((0.0, 0.0), 0.06, base)
    # frame
    frame = rounded_rect(0.0, 0.0, pw, ph, 0.04 * W, 8)
    clip_to(panel, frame)
    inner = rounded_rect(0.025 * W, 0.025 * W, pw - 0.025 * W, ph - 0.025 * W, 0.025 * W, 8)
    pygame.draw.lines(panel, line, True, inner, max(1, round(0.008 * W)))
    for cx, cy in ((0.06, 0.06), (pw / W - 0.06, 0.06), (0.06, ph / W - 0.06), (pw / W - 0.06, ph / W - 0.06)):
        Pen(panel, 0, 0, W).poly(star(cx, cy, 0.03, 0.012, 4), line)
    cv.surface.blit(panel, (inset, inset))
    return cv.finish()


def slot(width: int) -> pygame.Surface:
    """An empty slot outline where the turned-up card goes."""
    ss = supersample(width)
    w, h = card_size(width)
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    pen = Pen(big, 0, 0, w * ss)
    aspect = h / w
    pen.poly(rounded_rect(0.0, 0.0, 1.0, aspect, 0.07, 10), (255, 255, 255, 34))
    outline = rounded_rect(0.03, 0.03, 0.97, aspect - 0.03, 0.055, 10)
    dash = 0.0
    for a, b in zip(outline, outline[1:] + outline[:1], strict=True):
        seg = math.dist(a, b)
        n = max(1, int(seg / 0.02))
        for i in range(n):
            if int((dash + i * seg / n) / 0.06) % 2 == 0:
                t0, t1 = i / n, (i + 1) / n
                pen.line((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), (255, 255, 255, 150), 0.018)
        dash += seg
    return pygame.transform.smoothscale(big, (w, h))


def emblem(look: str, suit: str, colours: SuitColours, size: int) -> pygame.Surface:
    """A suit mark alone on a transparent square."""
    size = max(4, int(size))
    ss = 4 if size <= 64 else 2
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    draw_emblem(Pen(big, size * ss / 2, size * ss / 2, size * ss / 2 * 0.86), look, suit, colours, size >= 32)
    return pygame.transform.smoothscale(big, (size, size))


def trump_marker(look: str, suit: str | None, colours: dict[str, SuitColours], size: int) -> pygame.Surface:
    """A round badge showing the trump suit, or a struck-out badge for no trump."""
    size = max(6, int(size))
    ss = 4 if size <= 64 else 2
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pen = Pen(big, size * ss / 2, size * ss / 2, size * ss / 2)
    if suit is None:
        ring, fill = (120, 118, 124), (236, 232, 224)
    else:
        ring, fill = colours[suit].main, mix(CREAM, colours[suit].light, 0.6)
    pen.circle((0.0, 0.0), 0.98, mix(ring, INK, 0.45))
    pen.circle((0.0, 0.0), 0.9, ring)
    pen.circle((0.0, 0.0), 0.76, fill)
    if suit is None:
        pen.circle((0.0, 0.0), 0.5, (150, 40, 40), 0.11)
        pen.line((-0.35, 0.35), (0.35, -0.35), (150, 40, 40), 0.11)
    else:
        draw_emblem(pen.sub(0.0, 0.0, 0.5), look, suit, colours[suit], size >= 32)
    return pygame.transform.smoothscale(big, (size, size))


__all__ = ["back", "card_outline", "emblem", "slot", "trump_marker"]


def shadow(width: int, blur: float = 0.06) -> pygame.Surface:
    """A soft shadow for a card of `width`, larger by `blur` x width on every side; blit it offset."""
    w, h = card_size(width)
    pad = max(2, round(blur * w))
    small_w, small_h = max(4, (w + 2 * pad) // 4), max(4, (h + 2 * pad) // 4)
    small = pygame.Surface((small_w, small_h), pygame.SRCALPHA)
    inset = pad / 4
    pygame.draw.rect(small, (0, 0, 0, 110), pygame.Rect(round(inset), round(inset), round(w / 4), round(h / 4)),
                     border_radius=max(1, round(0.07 * w / 4)))
    for _ in range(2):
        small = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (max(2, small_w // 2), max(2, small_h // 2))),
                                             (small_w, small_h))
    return pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))


def dealer_mark(size: int) -> pygame.Surface:
    """The dealer's token: a gold disc with a little deck of cards on it."""
    size = max(6, int(size))
    ss = 4 if size <= 64 else 2
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pen = Pen(big, size * ss / 2, size * ss / 2, size * ss / 2)
    pen.circle((0.0, 0.0), 0.98, GOLD_DARK)
    pen.circle((0.0, 0.0), 0.9, GOLD)
    pen.circle((0.0, 0.0), 0.74, GOLD_DARK, 0.05)
    for i, angle in enumerate((-16.0, 0.0, 16.0)):
        card = pen.sub(-0.12 + i * 0.12, 0.04, 1.0, angle)
        card.shape(rounded_rect(-0.22, -0.32, 0.22, 0.32, 0.05, 4), CREAM, INK, 0.04)
    pen.sub(0.12, 0.04, 1.0, 16.0).poly(star(0.0, 0.0, 0.12, 0.05), (170, 40, 50))
    return pygame.transform.smoothscale(big, (size, size))
