"""Where everything goes on the table: pure functions of the window size (STYLE habit 12).

No pygame here: rectangles are ``Box`` values, so every size from 1024x640 to 4K is tested
without a window. Screen position 0 is the bottom (the person at the keyboard); positions
1..n-1 go clockwise on screen: left, top, right (the order of play).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

CARD_ASPECT = 1.5  # height / width of a card


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        """Centre point."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def overlaps(self, o: Box) -> bool:
        """True if the interiors intersect."""
        return self.x < o.right and o.x < self.right and self.y < o.bottom and o.y < self.bottom

    def inside(self, o: Box) -> bool:
        """True if this box lies within ``o``."""
        return (self.x >= o.x - 1e-6 and self.y >= o.y - 1e-6 and self.right <= o.right + 1e-6
                and self.bottom <= o.bottom + 1e-6)

    def contains(self, p: tuple[float, float]) -> bool:
        """True if point ``p`` is in the box."""
        return self.x <= p[0] < self.right and self.y <= p[1] < self.bottom

    def tuple(self) -> tuple[int, int, int, int]:
        """Rounded ``(x, y, w, h)``, ready for ``pygame.Rect``."""
        return (round(self.x), round(self.y), round(self.w), round(self.h))

    @staticmethod
    def around(cx: float, cy: float, w: float, h: float) -> Box:
        """The ``w`` x ``h`` box centred on ``(cx, cy)``."""
        return Box(cx - w / 2, cy - h / 2, w, h)


# Where the other seats sit, as fractions of the middle area, by number of players.
_OPPONENTS: dict[int, list[tuple[float, float]]] = {
    3: [(0.0, 0.30), (1.0, 0.30)],
    4: [(0.0, 0.45), (0.5, 0.0), (1.0, 0.45)],
    5: [(0.0, 0.55), (0.22, 0.0), (0.78, 0.0), (1.0, 0.55)],
    6: [(0.0, 0.70), (0.0, 0.08), (0.5, 0.0), (1.0, 0.08), (1.0, 0.70)],
}


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every rectangle of the table screen for one window size and number of players."""

    width: int
    height: int
    players: int
    unit: float             # 1.0 at 1280x800; text and strokes scale with it
    top_bar: Box            # round, bids vs tricks; buttons on the right
    menu_button: Box
    pad_button: Box
    hint_button: Box        # "What would the computer do?"
    plates: tuple[Box, ...]     # by screen position (0 = bottom)
    peeks: tuple[Box, ...]      # clairvoyance: other seats' hands, by screen position (0 unused)
    trick_spots: tuple[Box, ...]  # where each screen position's card lies in the trick
    trick_area: Box
    deck: Box               # the face-down pack
    turned: Box             # the turned-up card
    trump_label: Box
    hand: Box               # the fan of the person at the keyboard
    hand_card: tuple[float, float]
    prompt: Box             # one line: whose turn, refusal reasons
    bid_bar: Box            # bid buttons (during bidding)

    @property
    def window(self) -> Box:
        """The whole window."""
        return Box(0, 0, self.width, self.height)

    def solid_boxes(self) -> list[Box]:
        """The boxes that must never overlap each other."""
        return ([self.top_bar, *self.plates, self.trick_area, self.deck, self.turned,
                 self.trump_label, self.hand, self.prompt, self.bid_bar])


def unit_for(width: int, height: int, ui_scale: float = 1.0) -> float:
    """The size unit: 1.0 at 1280x800, smaller or larger with the window and the UI scale."""
    return max(0.6, min(width / 1280, height / 800) * ui_scale)


def table_layout(width: int, height: int, players: int, ui_scale: float = 1.0) -> TableLayout:
    """The table's boxes for a window of ``width`` x ``height`` and 3..6 ``players``."""
    if not 3 <= players <= 6:
        raise ValueError("players must be 3..6")
    u = unit_for(width, height, ui_scale)
    # Shrink everything until it fits: a few tries are always enough for 1024x640 and up.
    for _ in range(12):
        lay = _try_layout(width, height, players, u)
        if _fits(lay):
            return lay
        u *= 0.92
    return lay


def _try_layout(width: int, height: int, players: int, u: float) -> TableLayout:
    W, H = float(width), float(height)
    m = 10 * u                                   # margin
    tb = Box(0, 0, W, max(34.0, 44 * u))
    bw = max(120.0, 170 * u)
    menu_b = Box(W - m - bw, tb.y + 5 * u, bw, tb.h - 10 * u)
    pad_b = Box(menu_b.x - m - bw, menu_b.y, bw, menu_b.h)
    hint_b = Box(pad_b.x - m - bw, menu_b.y, bw, menu_b.h)

    ch = min(H * 0.20, 190 * u)                  # hand card height
    cw = ch / CARD_ASPECT
    lift = ch * 0.18
    pw = max(150.0, 220 * u)                     # seat plate
    ph = max(74.0, 100 * u)
    hand_h = ch + lift
    hand_y = H - m - hand_h
    # bottom row: own plate (left), hand (centre), deck cluster (right)
    own_plate = Box(m, H - m - ph, pw, ph)
    dcw = ch * 0.62 / CARD_ASPECT                # deck card width
    dch = dcw * CARD_ASPECT
    label_h = max(40.0, 50 * u)                  # two lines: "Trump" and the suit
    deck = Box(W - m - dcw * 2 - m * 1.5, H - m - dch, dcw, dch)
    turned = Box(W - m - dcw, deck.y, dcw, dch)
    lw = max(deck.right - deck.x + turned.w + m * 1.5, 200 * u)
    trump_label = Box(W - m - lw, deck.y - 6 * u - label_h, lw, label_h)
    hx0 = own_plate.right + m * 2
    hx1 = min(deck.x, trump_label.x) - m * 2
    hand = Box(hx0, hand_y, max(cw, hx1 - hx0), hand_h)

    bar_h = max(44.0, 60 * u)                   # room for two rows of bids in late rounds
    bid_bar = Box(hand.x, hand.y - m - bar_h, hand.w, bar_h)
    prompt_h = max(24.0, 30 * u)
    prompt = Box(hand.x, bid_bar.y - 4 * u - prompt_h, hand.w, prompt_h)

    mid = Box(m, tb.bottom + m, W - 2 * m, prompt.y - m - (tb.bottom + m))
    plates: list[Box] = [own_plate]
    for fx, fy in _OPPONENTS[players]:
        cx = mid.x + pw / 2 + fx * (mid.w - pw)
        cy = mid.y + ph / 2 + fy * (mid.h - ph)
        plates.append(Box.around(cx, cy, pw, ph))

    # trick in the centre between the plates
    left = max((p.right for p in plates[1:] if p.center[0] < W / 2), default=mid.x)
    right = min((p.x for p in plates[1:] if p.center[0] > W / 2), default=mid.right)
    top = max([mid.y] + [p.bottom for p in plates[1:] if left - 1 < p.center[0] < right + 1])
    trick_area = Box(left + m, top + m, right - left - 2 * m, prompt.y - m - (top + m))
    spots = _trick_spots(trick_area, len(plates), min(ch * 0.8 / CARD_ASPECT, trick_area.w / 3))
    peeks: list[Box] = [Box(0, 0, 0, 0)]
    peek_h = min(ph * 0.9, 80 * u)
    for p in plates[1:]:
        py = p.bottom + 4 * u
        if py + peek_h > prompt.y - m:
            py = p.y - 4 * u - peek_h
        peeks.append(Box(p.x, py, p.w, peek_h))
    return TableLayout(width=width, height=height, players=players, unit=u, top_bar=tb,
                       menu_button=menu_b, pad_button=pad_b, hint_button=hint_b, plates=tuple(plates),
                       peeks=tuple(peeks), trick_spots=tuple(spots), trick_area=trick_area,
                       deck=deck, turned=turned, trump_label=trump_label, hand=hand,
                       hand_card=(cw, ch), prompt=prompt, bid_bar=bid_bar)


def _trick_spots(area: Box, n: int, tw: float) -> list[Box]:
    """Card spots on an ellipse, one per screen position (bottom first, clockwise), not overlapping."""
    cx, cy = area.center
    for _ in range(30):
        th = tw * CARD_ASPECT
        rx = max(0.0, min(area.w / 2 - tw / 2, tw * (1.2 + 0.12 * n)))
        ry = max(0.0, min(area.h / 2 - th / 2, th * 1.05))
        spots = []
        for k in range(n):
            ang = math.pi / 2 + k * 2 * math.pi / n
            spots.append(Box.around(cx + math.cos(ang) * rx, cy + math.sin(ang) * ry, tw, th))
        if all(not a.overlaps(b) for i, a in enumerate(spots) for b in spots[i + 1:]):
            return spots
        tw *= 0.94
    return spots


def _fits(lay: TableLayout) -> bool:
    """Nothing overlaps, everything is inside the window, the trick has room."""
    win = lay.window
    solid = lay.solid_boxes()
    if any(not b.inside(win) or b.w <= 0 or b.h <= 0 for b in solid):
        return False
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            if a.overlaps(b):
                return False
    spots = lay.trick_spots
    for i, a in enumerate(spots):
        if not a.inside(lay.trick_area):
            return False
        for b in spots[i + 1:]:
            if a.overlaps(b):
                return False
    return lay.hand.w >= lay.hand_card[0] * 3


def hand_boxes(lay: TableLayout, n: int, lifted: int | None = None,
               lift_all: bool = False) -> list[Box]:
    """Boxes of ``n`` fanned hand cards, left to right; ``lifted`` (or all) raised."""
    if n <= 0:
        return []
    cw, ch = lay.hand_card
    area = lay.hand
    gap = cw * 0.08
    full = n * cw + (n - 1) * gap
    step = cw + gap if full <= area.w else (area.w - cw) / max(1, n - 1)
    total = cw + step * (n - 1)
    x0 = area.x + (area.w - total) / 2
    base_y = area.bottom - ch - (ch * 0.06 if n > 2 else 0.0)   # room for the tilted corners
    out = []
    for i in range(n):
        # a gentle arc: the middle of the fan sits a little higher
        k = (i - (n - 1) / 2) / max(1.0, (n - 1) / 2)
        y = base_y - ch * 0.06 * (1 - k * k)
        if lifted == i or lift_all:
            y = area.y
        out.append(Box(x0 + i * step, y, cw, ch))
    return out


def hand_angles(n: int) -> list[float]:
    """Tilt in degrees of each fanned card (counter-clockwise positive): left cards lean left."""
    if n <= 2:
        return [0.0] * n
    spread = min(16.0, 1.8 * n)
    return [-(i - (n - 1) / 2) / ((n - 1) / 2) * spread / 2 for i in range(n)]


def hand_index_at(lay: TableLayout, n: int, p: tuple[float, float],
                  lifted: int | None = None) -> int | None:
    """Which hand card is under point ``p`` (the rightmost drawn on top wins), or None."""
    boxes = hand_boxes(lay, n, lifted)
    for i in range(n - 1, -1, -1):
        b = boxes[i]
        # a lifted card also answers in the space it left
        tall = Box(b.x, b.y, b.w, lay.hand.bottom - b.y)
        if tall.contains(p):
            return i
    return None


def bid_buttons(lay: TableLayout, count: int) -> list[Box]:
    """Boxes for the bid buttons 0..count-1, in one row or two, centred in the bid bar."""
    bar = lay.bid_bar
    gap = 6 * lay.unit
    rows = 1
    bw = min(64 * lay.unit, (bar.w - gap * (count - 1)) / max(1, count))
    if bw < 34 * lay.unit and count > 1:
        rows = 2
    per_row = math.ceil(count / rows)
    bw = min(64 * lay.unit, (bar.w - gap * (per_row - 1)) / per_row)
    bh = min(46 * lay.unit, (bar.h - gap * (rows - 1)) / rows)
    top = bar.bottom - rows * bh - (rows - 1) * gap     # one row sits low, next to the hand
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        in_row = min(per_row, count - r * per_row)
        row_w = in_row * bw + (in_row - 1) * gap
        x0 = bar.x + (bar.w - row_w) / 2
        out.append(Box(x0 + c * (bw + gap), top + r * (bh + gap), bw, bh))
    return out


def choice_panel(lay: TableLayout, count: int) -> Box:
    """The panel of a question with ``count`` answers (trump suit: 4, Merlin: 2).

    It takes the place of the prompt and the bid bar, between the trick and the hand, so it never
    covers what it asks about: the trick being played (Merlin), the hand, the turned card and the
    other hands (trump).
    """
    top = lay.prompt.y
    return Box(lay.prompt.x, top, lay.prompt.w, lay.bid_bar.bottom - top)


def choice_title_height(lay: TableLayout) -> float:
    """The height of the question's title line at the top of ``choice_panel``."""
    return max(16.0, 24 * lay.unit)


def choice_buttons(lay: TableLayout, count: int) -> list[Box]:
    """The answer buttons of ``choice_panel``, left to right, in one row under its title."""
    u = lay.unit
    box = choice_panel(lay, count)
    gap = 8 * u
    title = choice_title_height(lay)
    bh = box.h - title - gap
    bw = min(210 * u, (box.w - gap * (count + 1)) / count)
    x0 = box.x + (box.w - count * bw - (count - 1) * gap) / 2
    return [Box(x0 + i * (bw + gap), box.y + title, bw, bh) for i in range(count)]


def seat_positions(players: int, bottom_seat: int) -> list[int]:
    """Screen position of each seat when ``bottom_seat`` sits at the bottom."""
    return [(s - bottom_seat) % players for s in range(players)]


def centered(width: float, height: float, w: float, h: float) -> Box:
    """A ``w`` x ``h`` box (clamped to the window) centred in the window."""
    w = min(w, width)
    h = min(h, height)
    return Box((width - w) / 2, (height - h) / 2, w, h)


def column(box: Box, count: int, row_h: float, gap: float) -> list[Box]:
    """``count`` rows of height ``row_h`` stacked from the top of ``box``."""
    return [Box(box.x, box.y + i * (row_h + gap), box.w, row_h) for i in range(count)]
