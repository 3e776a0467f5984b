"""Where the hint's panel goes on the table: a pure function of the layout (no pygame).

The panel explains a suggestion about the trick, the bid buttons or the hand, so it must cover
none of them, nor the plates, the prompt, the deck or the won-trick piles. It takes the largest
free stretch of felt (up to a comfortable size), the one nearest the hand when several are as good.
"""

from __future__ import annotations

from functools import lru_cache

from .layout import Box, TableLayout, trick_piles

HINT_MAX_W = 560.0     # px-units: a wider panel makes lines too long to read
HINT_MAX_H = 330.0     # px-units: a title and five rows of two lines
HINT_MIN_W = 200.0     # px-units: narrower, the sentences break on every other word
HINT_MIN_H = 120.0


def hint_obstacles(lay: TableLayout, piles: bool = True, trick: bool = True) -> list[Box]:
    """What the hint's panel must leave visible: every box of the table (the prompt with room for
    its second line), the trick's cards with a margin if ``trick`` (while bidding the trick is
    empty), and if ``piles`` the won-trick piles."""
    u = lay.unit
    gap = 6 * u
    spots = [Box(b.x - gap, b.y - gap, b.w + 2 * gap, b.h + 2 * gap)
             for b in (lay.trick_spots if trick else ())]
    p = lay.prompt
    prompt = Box(p.x, p.y - p.h - gap, p.w, 2 * p.h + gap)     # a second line grows upwards
    boxes = [lay.top_bar, *lay.plates, *spots, prompt, lay.bid_bar, lay.hand, lay.deck,
             lay.turned, lay.trump_label]
    if piles:
        boxes += [b for b in trick_piles(lay) if b.w > 0]
    return boxes


def free_boxes(window: Box, obstacles: list[Box], margin: float) -> list[Box]:
    """The maximal rectangles of ``window`` (less ``margin`` at its edges) that overlap none of
    ``obstacles``, each kept ``margin`` away from them."""
    inner = Box(window.x + margin, window.y + margin, window.w - 2 * margin, window.h - 2 * margin)
    grown = [Box(o.x - margin, o.y - margin, o.w + 2 * margin, o.h + 2 * margin) for o in obstacles]
    xs = sorted({inner.x, inner.right, *(v for o in grown for v in (o.x, o.right)
                                          if inner.x < v < inner.right)})
    out: list[Box] = []
    for i, x0 in enumerate(xs):
        for x1 in xs[i + 1:]:
            # the obstacles this column meets, top to bottom; the gaps between them are free
            cuts = sorted((o.y, o.bottom) for o in grown if o.x < x1 and x0 < o.right)
            y = inner.y
            for top, bottom in [*cuts, (inner.bottom, inner.bottom)]:
                if top > y:
                    out.append(Box(x0, y, x1 - x0, min(top, inner.bottom) - y))
                y = max(y, bottom)
                if y >= inner.bottom:
                    break
    return out


@lru_cache(maxsize=16)
def hint_room(lay: TableLayout, avoid: tuple[Box, ...] = (), trick: bool = True) -> Box:
    """The box the hint's panel may fill: free felt clear of everything ``hint_obstacles`` names
    (the trick's places unless ``trick`` is False: nothing lies there) and of ``avoid`` (e.g. the hands shown under clairvoyance), at most ``HINT_MAX_W`` x
    ``HINT_MAX_H`` units, placed as near the hand as its stretch of felt allows.

    The piles and then ``avoid`` give way when nothing large enough is left with them.
    """
    u = lay.unit
    max_w, max_h = HINT_MAX_W * u, HINT_MAX_H * u
    hx, hy = lay.hand.center

    def score(b: Box) -> tuple[float, float]:
        """Room first (in steps of 20 x 20 units), then nearness to the hand."""
        w, h = min(b.w, max_w), min(b.h, max_h)
        cx = min(max(hx, b.x + w / 2), b.right - w / 2)
        return (round(w * h / (u * u * 400)), -abs(cx - hx) - abs(b.bottom - hy))

    tries = [hint_obstacles(lay, True, trick) + list(avoid),
             hint_obstacles(lay, False, trick) + list(avoid), hint_obstacles(lay, False, trick)]
    for obstacles in tries:
        fit = [b for b in free_boxes(lay.window, obstacles, 6 * u)
               if b.w >= HINT_MIN_W * u and b.h >= HINT_MIN_H * u]
        if fit:
            best = max(fit, key=score)
            w, h = min(best.w, max_w), min(best.h, max_h)
            x = min(max(hx - w / 2, best.x), best.right - w)   # as near the hand's middle as it may
            return Box(x, best.bottom - h, w, h)                # and low, near the hand
    area = lay.trick_area                # never at 1024x640 and up (a test holds it)
    return Box(area.x, area.y, min(area.w, max_w), min(area.h, max_h))
