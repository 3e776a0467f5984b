"""Where everything goes on the table: pure functions of the window size (STYLE habit 12).

No pygame here: rectangles are ``Box`` values, so every size from 1024x640 to 4K is tested
without a window. Screen position 0 is the bottom (the person at the keyboard); positions
1..n-1 go clockwise on screen: left, top, right (the order of play).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wizard.persistence.settings import clamp_scale

from .box import Box as Box  # the rectangles of every layout (re-exported: ``layout.Box``)

CARD_ASPECT = 1.5  # height / width of a card


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
    undo_button: Box        # "Take back" (solo games, once the person has made a choice)
    plates: tuple[Box, ...]     # by screen position (0 = bottom)
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
    """The size unit: 1.0 at 1280x800, smaller or larger with the window and the UI scale (taken
    within the sizes the screens support, whatever the settings in memory say)."""
    return max(0.6, min(width / 1280, height / 800) * clamp_scale(ui_scale))


def table_layout(width: int, height: int, players: int, ui_scale: float = 1.0) -> TableLayout:
    """The table's boxes for a window of ``width`` x ``height`` and 3..6 ``players``.

    Above 100 % the unit grows in 1 % steps up to the one asked for, a step taken while the layout
    fits and the trick's cards are no smaller than at the step before: everything grows together as
    far as the window has room, and a larger scale never gives a smaller table.
    """
    if not 3 <= players <= 6:
        raise ValueError("players must be 3..6")
    ui_scale = clamp_scale(ui_scale)
    u0 = unit_for(width, height, 1.0)
    if ui_scale > 1.0:
        lay = table_layout(width, height, players, 1.0)
        for step in range(1, round((ui_scale - 1.0) * 100) + 1):
            trial = _try_layout(width, height, players, u0 * (1 + step / 100), u0)
            if trial.unit <= unit_for(width, height, ui_scale) + 1e-9 and _fits(trial) \
                    and trial.trick_spots[0].h >= lay.trick_spots[0].h - 0.5 and _piles_clear(trial):
                lay = trial
        return lay
    u = unit_for(width, height, ui_scale)
    # Shrink everything until it fits: a few tries are always enough for 1024x640 and up.
    for _ in range(12):
        lay = _try_layout(width, height, players, u, u0)
        if _fits(lay):
            return lay
        u *= 0.92
    return lay


def _piles_clear(lay: TableLayout) -> bool:
    """Each seat's won-trick pile lies in the window, on free felt, clear of the other piles."""
    solid = [lay.top_bar, *lay.plates, *lay.trick_spots, lay.prompt, lay.bid_bar, lay.hand,
             lay.deck, lay.turned, lay.trump_label]
    piles = trick_piles(lay)
    return all(b.w >= lay.plates[i].w * 0.75 and b.h >= 14 and b.inside(lay.window)
               and not any(b.overlaps(o) for o in solid + piles[i + 1:]) for i, b in enumerate(piles))


def _try_layout(width: int, height: int, players: int, u: float, u0: float | None = None) -> TableLayout:
    W, H = float(width), float(height)
    m = 10 * u                                   # margin
    tb = Box(0, 0, W, max(34.0, 44 * u))
    bw = max(120.0, 170 * u)
    menu_b = Box(W - m - bw, tb.y + 5 * u, bw, tb.h - 10 * u)
    pad_b = Box(menu_b.x - m - bw, menu_b.y, bw, menu_b.h)
    hint_b = Box(pad_b.x - m - bw, menu_b.y, bw, menu_b.h)
    undo_b = Box(hint_b.x - m - bw, menu_b.y, bw, menu_b.h)

    ch = min(H * 0.20 * u / (u0 or u), 190 * u)   # hand card height (grows with the UI scale)
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
    return TableLayout(width=width, height=height, players=players, unit=u, top_bar=tb,
                       menu_button=menu_b, pad_button=pad_b, hint_button=hint_b, undo_button=undo_b,
                       plates=tuple(plates),
                       trick_spots=tuple(spots), trick_area=trick_area,
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


# ---- clairvoyance: the other seats' hands in the middle of the table --------------------------

PEEK_STRIP = 0.42   # at least this share of each overlapped card's width stays visible (its corner)


@dataclass(frozen=True, slots=True)
class PeekHand:
    """One seat's hand shown face up while bidding under clairvoyance: its name line and cards."""

    position: int               # screen position of the seat
    label: Box                  # the seat's name above its cards
    cards: tuple[Box, ...]      # left to right, each drawn over the previous one


def peek_area(lay: TableLayout) -> Box:
    """The empty middle of the table while bidding: between the side plates, below the top ones,
    above the prompt."""
    W = lay.width
    m = 10 * lay.unit
    sides = lay.plates[1:]
    left = max((p.right for p in sides if p.center[0] < W * 0.25), default=m)
    right = min((p.x for p in sides if p.center[0] > W * 0.75), default=W - m)
    top = max([lay.top_bar.bottom] + [p.bottom for p in sides if p.x < right and p.right > left])
    return Box(left + m, top + m, right - left - 2 * m, lay.prompt.y - m - (top + m))


def peek_hands(lay: TableLayout, counts: dict[int, int]) -> list[PeekHand]:
    """Where the hands of the seats at screen positions ``counts`` (position -> cards) lie.

    The hands share the middle of the table in a grid, in screen order (clockwise from the left);
    the grid and the card size are chosen so the cards are as large as can be while every card
    shows at least ``PEEK_STRIP`` of its width, its corner index, under the next one.
    """
    hands = [(pos, n) for pos, n in sorted(counts.items()) if n > 0]
    if not hands:
        return []
    area = peek_area(lay)
    u = lay.unit
    gap = 12 * u
    label_h = max(14.0, 20 * u)
    cap = lay.hand_card[0]                      # never larger than the person's own cards
    best: tuple[float, int, int] | None = None  # (card width, columns, lines per hand)
    for cols in range(1, len(hands) + 1):
        rows = math.ceil(len(hands) / cols)
        cell_w = (area.w - gap * (cols - 1)) / cols
        cell_h = (area.h - gap * (rows - 1)) / rows
        for lines in (1, 2):
            most = max(math.ceil(n / lines) for _p, n in hands)
            by_w = cell_w / (1 + (most - 1) * PEEK_STRIP)
            by_h = (cell_h - label_h - (lines - 1) * 4 * u) / lines / CARD_ASPECT
            w = min(by_w, by_h, cap)
            # one line per hand reads best: a second line must win clearly
            if best is None or w * (1.0 if lines == 1 else 0.92) > best[0] * (1.0 if best[2] == 1 else 0.92) + 0.5:
                best = (w, cols, lines)
    assert best is not None
    cw, cols, lines = best
    ch = cw * CARD_ASPECT
    rows = math.ceil(len(hands) / cols)
    cell_w = (area.w - gap * (cols - 1)) / cols
    cell_h = label_h + lines * ch + (lines - 1) * 4 * u
    y0 = area.y + (area.h - (rows * cell_h + (rows - 1) * gap)) / 2
    out = []
    for k, (pos, n) in enumerate(hands):
        r, c = divmod(k, cols)
        in_row = min(cols, len(hands) - r * cols)
        x_cell = area.x + (area.w - (in_row * cell_w + (in_row - 1) * gap)) / 2 + c * (cell_w + gap)
        y_cell = y0 + r * (cell_h + gap)
        per_line = math.ceil(n / lines)
        step = min(cw * 1.04, (cell_w - cw) / max(1, per_line - 1))
        boxes = []
        for i in range(n):
            line, j = divmod(i, per_line)
            in_line = min(per_line, n - line * per_line)
            x0 = x_cell + (cell_w - (cw + step * (in_line - 1))) / 2
            boxes.append(Box(x0 + j * step, y_cell + label_h + line * (ch + 4 * u), cw, ch))
        out.append(PeekHand(pos, Box(x_cell, y_cell, cell_w, label_h), tuple(boxes)))
    return out


def peek_index_at(hands: list[PeekHand], p: tuple[float, float]) -> tuple[int, int] | None:
    """``(screen position, card index)`` of the face-up card under ``p`` (the top one wins)."""
    for h in hands:
        for i in range(len(h.cards) - 1, -1, -1):
            if h.cards[i].contains(p):
                return h.position, i
    return None


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
    title = choice_title_height(lay) + 4 * u       # a focus ring stays clear of the title
    bh = box.h - title - gap
    bw = min(210 * u, (box.w - gap * (count + 1)) / count)
    x0 = box.x + (box.w - count * bw - (count - 1) * gap) / 2
    return [Box(x0 + i * (bw + gap), box.y + title, bw, bh) for i in range(count)]


def bid_flash(lay: TableLayout, pos: int, w: float, h: float) -> Box:
    """Where the "3!" of a bid just made shows for the seat at screen position ``pos``: above its
    plate, or below it when the plate sits under the top bar; inside the window."""
    plate = lay.plates[pos]
    gap = 4 * lay.unit
    y = plate.y - gap - h
    if y < lay.top_bar.bottom + gap:
        y = plate.bottom + gap
    x = max(0.0, min(plate.center[0] - w / 2, lay.width - w))
    return Box(x, min(y, lay.height - h), w, h)


def tooltip_box(anchor: Box, w: float, h: float, window: Box, gap: float = 8.0,
                avoid: tuple[Box, ...] = ()) -> Box:
    """Where a ``w`` x ``h`` tooltip about ``anchor`` goes: above it, else below, else to its right
    or left, the first place inside ``window`` that covers none of ``avoid``; failing that, above
    it (or wherever there is room), clamped inside the window."""
    w, h = min(w, window.w), min(h, window.h)
    cx, cy = anchor.center

    def clamp(x: float, y: float) -> Box:
        return Box(max(window.x, min(x, window.right - w)), max(window.y, min(y, window.bottom - h)), w, h)

    tries = [(cx - w / 2, anchor.y - gap - h), (cx - w / 2, anchor.bottom + gap),
             (anchor.right + gap, cy - h / 2), (anchor.x - gap - w, cy - h / 2)]
    fits = [Box(x, y, w, h) for x, y in tries]
    for b in fits:
        c = clamp(b.x, b.y)
        if b.y == c.y and abs(b.x - c.x) < w / 2 and not c.overlaps(anchor) \
                and not any(c.overlaps(o) for o in avoid):
            return c
    for b in fits:
        if b.inside(window):
            return b
    return clamp(cx - w / 2, anchor.y - gap - h)


def trick_piles(lay: TableLayout) -> list[Box]:
    """Where each seat's won tricks lie, by screen position: a strip beside its plate, on free
    felt (below it, else above, else to its side), clear of every card and box of the table."""
    u = lay.unit
    gap = 4 * u
    solid = [lay.top_bar, *lay.plates, *lay.trick_spots, lay.prompt, lay.bid_bar, lay.hand,
             lay.deck, lay.turned, lay.trump_label]
    out: list[Box] = []
    for plate in lay.plates:
        h = max(14.0, plate.h * 0.3)
        w = plate.w
        tries = [Box(plate.x, plate.bottom + gap, w, h), Box(plate.x, plate.y - gap - h, w, h),
                 Box(plate.right + gap, plate.bottom - h, w * 0.8, h),
                 Box(plate.x - gap - w * 0.8, plate.bottom - h, w * 0.8, h)]
        for b in tries:
            if b.inside(lay.window) and not any(b.overlaps(o) for o in [*solid, *out]):
                out.append(b)
                break
        else:
            out.append(Box(plate.x, plate.y, 0, 0))      # no room: the plate's count says it
    return out


def legend_cells(area: Box, count: int, unit: float, cols: int = 2) -> list[Box]:
    """The card legend's ``count`` entries in a grid in ``area``, in reading order: the first
    (the number cards) across the whole width, the others in ``cols`` columns, the rows as tall as
    the room allows up to 240 px-units, the grid centred."""
    if count <= 0:
        return []
    rest = count - 1
    cols = max(1, min(cols, rest))
    rows = math.ceil(rest / cols)
    gap = 14 * unit
    first = 0.7 if rows else 1.0              # the wide first row needs less height
    cw = (area.w - gap * (cols - 1)) / cols
    rh = min(240 * unit, (area.h - gap * rows) / (rows + first))
    y0 = area.y + (area.h - (rh * (rows + first) + gap * rows)) / 2
    out = [Box(area.x, y0, area.w, rh * first)]
    top = y0 + rh * first + gap
    for i in range(rest):
        r, c = divmod(i, cols)
        out.append(Box(area.x + c * (cw + gap), top + r * (rh + gap), cw, rh))
    return out


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
