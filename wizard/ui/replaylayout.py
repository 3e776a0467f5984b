"""Where the replay screen puts things: pure functions of the window size (no pygame)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from wizard.persistence.settings import clamp_scale

from .layout import CARD_ASPECT, Box, unit_for

# ---- where things go ----------------------------------------------------------------------------

# Seat zones in the middle area: (fx, fy) of the zone within the free space, by screen position
# (0 = bottom, then clockwise: the order of play).
_ANCHORS: dict[int, list[tuple[float, float]]] = {
    3: [(0.5, 1.0), (0.0, 0.0), (1.0, 0.0)],
    4: [(0.5, 1.0), (0.0, 0.5), (0.5, 0.0), (1.0, 0.5)],
    5: [(0.5, 1.0), (0.0, 0.56), (0.22, 0.0), (0.78, 0.0), (1.0, 0.56)],
    6: [(0.5, 1.0), (0.0, 0.74), (0.0, 0.08), (0.5, 0.0), (1.0, 0.08), (1.0, 0.74)],
}
STEP_MIN = 0.42   # of a card's width: the part of each card left visible in a hand (index, emblem)


@dataclass(frozen=True, slots=True)
class ReplayLayout:
    """Every rectangle of the replay screen for one window size."""

    width: int
    height: int
    unit: float
    top_bar: Box
    pad_button: Box
    back_button: Box
    zones: tuple[Box, ...]          # by screen position: name strip and hand
    strip_h: float                  # height of a zone's name strip
    card: tuple[float, float]       # hand card (w, h)
    trick_area: Box
    trick_spots: tuple[Box, ...]    # by screen position
    dock: Box                       # the controls at the bottom
    caption: Box                    # what happened at this step
    buttons: tuple[Box, ...]        # round, trick, step back; play; step, trick, round forward
    rounds_strip: Box               # one small button per round
    trump: Box                      # the turned card and the trump

    def solid(self) -> list[Box]:
        """Boxes that must not overlap."""
        return [self.top_bar, *self.zones, self.trick_area, self.dock]


@lru_cache(maxsize=16)
def replay_layout(width: int, height: int, players: int, rounds: int,
                  ui_scale: float = 1.0) -> ReplayLayout:
    """The replay's boxes for a window size, 3..6 players and the game's number of rounds."""
    if not 3 <= players <= 6:
        raise ValueError("players must be 3..6")
    ui_scale = clamp_scale(ui_scale)
    if ui_scale <= 1.0:
        return _layout_at(width, height, players, rounds, unit_for(width, height, ui_scale))[0]
    # Larger: the unit grows in 1 % steps up to the one asked for, a step taken while everything
    # fits and the cards are no smaller than at the step before (the dock grows too, so a small
    # window soon has no room left): a larger scale never shows smaller cards.
    best = replay_layout(width, height, players, rounds, 1.0)
    top = unit_for(width, height, ui_scale) + 1e-9
    base_unit = best.unit
    for step in range(1, round((ui_scale - 1.0) * 100) + 1):
        u = base_unit * (1 + step / 100)
        if u > top:
            break
        trial, fits = _layout_at(width, height, players, rounds, u)
        if fits and trial.card[1] >= best.card[1] - 0.5:
            best = trial
    return best


def _layout_at(width: int, height: int, players: int, rounds: int, u: float) -> tuple[ReplayLayout, bool]:
    """The layout at unit ``u`` (cards shrunk until the seats and the trick fit), and whether they fit."""
    W, H = float(width), float(height)
    m = 10 * u
    top = Box(0, 0, W, max(34.0, 44 * u))
    bw = max(120.0, 170 * u)
    back = Box(W - m - bw, top.y + 5 * u, bw, top.h - 10 * u)
    pad = Box(back.x - m - bw, back.y, bw, back.h)
    cap_h, btn_h, strip_h_r, hint_h = 38 * u, 44 * u, 30 * u, 18 * u
    dock_h = cap_h + btn_h + strip_h_r + hint_h + 3 * 6 * u
    dock = Box(m, H - m - dock_h, W - 2 * m, dock_h)
    trump = Box(dock.right - 250 * u, dock.y, 250 * u, dock_h)
    ctrl_w = trump.x - m - dock.x
    caption = Box(dock.x, dock.y, ctrl_w, cap_h)
    gap, extra = 6 * u, 10 * u            # extra: around the middle (play/pause) button
    bw2 = min(140 * u, (ctrl_w - 6 * gap - 2 * extra) / 7)
    bx0 = dock.x + (ctrl_w - (7 * bw2 + 6 * gap + 2 * extra)) / 2
    by = caption.bottom + 6 * u
    buttons = tuple(Box(bx0 + i * (bw2 + gap) + extra * ((i >= 3) + (i >= 4)), by, bw2, btn_h)
                    for i in range(7))
    rounds_strip = Box(dock.x, by + btn_h + 6 * u, ctrl_w, strip_h_r)
    mid = Box(m, top.bottom + m, W - 2 * m, dock.y - m - (top.bottom + m))
    ch = min(mid.h * 0.24, 130 * u)
    lay = None
    for _attempt in range(40):
        lay = _place(width, height, u, players, rounds, mid, ch, top, pad, back, dock, caption,
                     buttons, rounds_strip, trump)
        if _fits(lay, mid):
            return lay, True
        ch *= 0.95
    assert lay is not None
    return lay, False


def _place(width: int, height: int, u: float, players: int, rounds: int, mid: Box, ch: float,
           top: Box, pad: Box, back: Box, dock: Box, caption: Box, buttons: tuple[Box, ...],
           rounds_strip: Box, trump: Box) -> ReplayLayout:
    cw = ch / CARD_ASPECT
    inner = 8 * u
    strip_h = max(22.0, 28 * u)
    if cw * (1 + (rounds - 1) * STEP_MIN) < 400 * u:   # narrow: two lines of text
        strip_h = max(38.0, 48 * u)
    zw = cw * (1 + (rounds - 1) * STEP_MIN) + 2 * inner   # a full hand shows every index
    zh = strip_h + ch + 2 * inner
    zones = []
    for fx, fy in _ANCHORS[players]:
        zones.append(Box(mid.x + fx * (mid.w - zw), mid.y + fy * (mid.h - zh), zw, zh))
    tw = cw * 0.92
    th = tw * CARD_ASPECT
    cx, cy = mid.center
    if players == 3:
        cy = (zones[1].bottom + zones[0].y) / 2
    spots = trick_spots(cx, cy, players, tw, th)
    area = Box(min(b.x for b in spots) - inner, min(b.y for b in spots) - inner,
               max(b.right for b in spots) - min(b.x for b in spots) + 2 * inner,
               max(b.bottom for b in spots) - min(b.y for b in spots) + 2 * inner)
    return ReplayLayout(width=width, height=height, unit=u, top_bar=top, pad_button=pad,
                        back_button=back, zones=tuple(zones), strip_h=strip_h, card=(cw, ch),
                        trick_area=area, trick_spots=tuple(spots), dock=dock, caption=caption,
                        buttons=buttons, rounds_strip=rounds_strip, trump=trump)


def trick_spots(cx: float, cy: float, players: int, tw: float, th: float) -> list[Box]:
    """Card spots of a trick on an ellipse around ``(cx, cy)``, bottom first, clockwise; never touching."""
    rx, ry = tw * 1.7, th * 0.7
    while True:
        spots = [Box.around(cx + math.cos(a) * rx, cy + math.sin(a) * ry, tw, th)
                 for a in (math.pi / 2 + k * 2 * math.pi / players for k in range(players))]
        grown = [Box(b.x - tw * 0.06, b.y - th * 0.06, b.w * 1.12, b.h * 1.12) for b in spots]
        if all(not a.overlaps(b) for i, a in enumerate(grown) for b in grown[i + 1:]):
            return spots
        ry += th * 0.05
        rx += tw * 0.02


def _fits(lay: ReplayLayout, mid: Box) -> bool:
    boxes = [*lay.zones, lay.trick_area]
    if any(not b.inside(mid) for b in boxes):
        return False
    return not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def hand_step(zone: Box, cw: float, n: int, inner: float) -> float:
    """The distance between neighbouring cards of an ``n``-card hand in ``zone``."""
    if n <= 1:
        return 0.0
    return min(cw * 1.06, (zone.w - 2 * inner - cw) / (n - 1))


def hand_places(lay: ReplayLayout, position: int, n: int) -> list[Box]:
    """Where the ``n`` cards of the hand at screen ``position`` lie, left to right."""
    if n == 0:
        return []
    zone = lay.zones[position]
    inner, (cw, ch) = 8 * lay.unit, lay.card
    step = hand_step(zone, cw, n, inner)
    x0 = zone.x + inner + (zone.w - 2 * inner - (cw + step * (n - 1))) / 2
    return [Box(round(x0 + i * step), zone.y + inner + lay.strip_h, round(cw), round(ch))
            for i in range(n)]


def round_boxes(lay: ReplayLayout, rounds: int) -> tuple[list[Box], float]:
    """The round strip's buttons (rounds 1..``rounds``) and the x where its label starts."""
    u, strip = lay.unit, lay.rounds_strip
    label_w, gap = 90 * u, 4 * u
    bw = min(40 * u, (strip.w - label_w - gap * (rounds - 1)) / rounds)
    left = strip.x + (strip.w - label_w - rounds * bw - (rounds - 1) * gap) / 2
    return [Box(round(left + label_w + k * (bw + gap)), round(strip.y), round(bw), round(strip.h))
            for k in range(rounds)], left
