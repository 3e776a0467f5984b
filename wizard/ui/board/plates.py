"""The seat plates: name, level, bid token, tricks won, total (counting up after a round), dealer."""

from __future__ import annotations

from typing import Any

import pygame

from wizard.i18n import _, ngettext
from wizard.messages import level_name
from wizard.table.picture import Plate

from .. import text, theme
from ..fonts import font
from ..widgets import panel
from .common import R, TableView

# ---- seat plates -----------------------------------------------------------------------------

def plate(sc: TableView, surf: pygame.Surface, p: Plate) -> None:
    """A seat plate drawn from the picture's ``Plate``, re-drawn only when the plate changed."""
    from wizard.i18n import current_language
    lay, u = sc.lay, sc.lay.unit
    seat = p.seat
    box = R(lay.plates[sc.pos_of(seat)])
    margin = round(20 * u)
    bottom = sc.pos_of(seat) == 0
    key = (box.size, u, current_language(), p, bottom, id(sc.app.painter))
    cached = sc.plate_cache.get(seat)
    if cached is None or cached[0] != key:
        img = pygame.Surface((box.w + 2 * margin, box.h + 2 * margin), pygame.SRCALPHA)
        draw_plate(img, pygame.Rect(margin, margin, box.w, box.h), u, p, sc.app.painter,
                   cards=not bottom)
        cached = sc.plate_cache[seat] = (key, img)
    surf.blit(cached[1], (box.x - margin, box.y - margin))


def draw_plate(surf: pygame.Surface, box: pygame.Rect, u: float, p: Plate, painter: Any,
               cards: bool = True) -> None:
    """A seat plate: name, level, bid token, tricks won, total, dealer mark and (``cards``) how
    many cards the seat holds."""
    turn = p.acting
    panel(surf, box, u, fill=(34, 58, 46) if turn else theme.PANEL, alpha=235,
          edge=theme.ACCENT if turn else theme.PANEL_EDGE)
    if turn:
        pygame.draw.rect(surf, theme.ACCENT, box.inflate(6 * u, 6 * u), width=max(2, round(3 * u)),
                         border_radius=round(14 * u))
    pad = 10 * u
    token = box.h * 0.46
    name_w = box.w - 2 * pad - token - 6 * u
    name_x = box.x + pad
    if p.dealer:                   # the dealer's mark goes before the name, never over it
        d = 20 * u
        dc = (name_x + d / 2, box.y + pad * 0.7 + 12 * u)
        pygame.draw.circle(surf, theme.PARCHMENT, dc, d / 2)
        pygame.draw.circle(surf, theme.WOOD, dc, d / 2, max(1, round(2 * u)))
        text.draw(surf, pgettext_dealer(), dc, int(13 * u), theme.INK_DARK, role="bold",
                  anchor="center")
        name_x += d + 5 * u
        name_w -= d + 5 * u
    text.draw(surf, p.name, (name_x, box.y + pad * 0.7), int(20 * u), theme.INK,
              role="bold", max_w=name_w)
    level = _("human") if p.is_human else _level_name(p.level)
    if turn and not p.is_human and p.thinking:
        level = _("thinking…")
    text.draw(surf, level, (box.x + pad, box.y + pad * 0.7 + 24 * u), int(15 * u),
              theme.ACCENT if turn else theme.INK_DIM, max_w=box.w - 2 * pad - token - 12 * u)
    # bid token
    cx, cy = box.right - pad - token / 2, box.y + pad * 0.6 + token / 2
    made, bid = p.bid_made, p.bid
    pygame.draw.circle(surf, (18, 26, 22), (cx, cy), token / 2)
    pygame.draw.circle(surf, theme.GOLD if made else (90, 96, 90), (cx, cy), token / 2,
                       max(1, round(2 * u)))
    label = "–" if not made else ("?" if bid is None else str(bid))
    text.draw(surf, label, (cx, cy), int(token * 0.55), theme.INK if made else theme.INK_DIM,
              role="bold", anchor="center")
    # under the token, but inside the plate: a long word ("prédiction") would reach its edge
    bid_size = max(text.TEXT_FLOOR, int(11 * u))
    half = font(bid_size).size(text.drawable(_("bid")))[0] / 2
    bx = min(cx, box.right - 5 * u - half)
    text.draw(surf, _("bid"), (bx, cy + token / 2 + 2 * u), bid_size, theme.INK_DIM,
              anchor="midtop")
    # tricks won: a little stack (one sliver per trick) and the count
    won = p.tricks
    y = box.bottom - pad - 16 * u
    tw, th = 12 * u, 16 * u
    x = box.x + pad
    if won:
        for k in range(min(won, 8)):
            r = pygame.Rect(x + k * 2 * u, y - k * 1.5 * u + 2 * u, tw, th)
            pygame.draw.rect(surf, theme.PARCHMENT, r, border_radius=max(1, round(2 * u)))
            pygame.draw.rect(surf, theme.WOOD, r, width=1, border_radius=max(1, round(2 * u)))
        x += tw + min(won, 8) * 2 * u + 6 * u
    label = (ngettext("{n} trick", "{n} tricks", won).format(n=won) if won else _("no tricks"))
    room = box.w * 0.42 - (x - box.x)
    if won and font(max(text.TEXT_FLOOR, int(11 * u))).size(label)[0] > room:
        # A crowded plate: the count is written on the stack's top card, never as a bare number
        # beside the total ("12 -80 pts" reads like a range).
        k = min(won, 8) - 1
        count = str(won)
        cw = max(tw, font(max(text.TEXT_FLOOR, int(11 * u)), "bold").size(count)[0] + 4 * u)
        top = pygame.Rect(box.x + pad + k * 2 * u, y - k * 1.5 * u + 2 * u, cw, th)
        pygame.draw.rect(surf, theme.PARCHMENT, top, border_radius=max(1, round(2 * u)))
        pygame.draw.rect(surf, theme.WOOD, top, width=1, border_radius=max(1, round(2 * u)))
        text.draw(surf, count, top.center, max(text.TEXT_FLOOR, int(11 * u)), theme.INK_DARK,
                  role="bold",
                  anchor="center")
        label = ""
    text.draw(surf, label, (x, y + th / 2), int(13 * u), theme.INK if won else theme.INK_DIM,
              anchor="midleft", max_w=room)
    score = text.draw(surf, _("{points} pts").format(points=p.total), (box.right - pad, y + th / 2),
                      int(17 * u), theme.ACCENT if p.counting else theme.INK, role="bold",
                      anchor="midright")
    if cards:
        _mini_hand(surf, p.cards, box, score.x - 8 * u, u, painter)


def pgettext_dealer() -> str:
    """The one-letter dealer mark."""
    from wizard.i18n import pgettext
    return pgettext("dealer mark", "D")


def _mini_hand(surf: pygame.Surface, n: int, box: pygame.Rect, right: float, u: float,
               painter: Any) -> None:
    """How many cards the seat holds: a small card icon and the count, on the plate, ending
    before ``right`` (the total)."""
    if n <= 0:
        return
    cw = 11 * u
    # The count is a badge on the cards, not a bare number beside the total ("12 -80 pts" would
    # read like a range).
    count = text.render(str(n), int(14 * u), theme.INK_DARK, "bold")
    bh = max(18 * u, count.get_height() + 2 * u)          # the oval holds the number whole
    d = max(count.get_width() + 10 * u, bh)
    x = min(box.x + box.w * 0.47, right - (cw + d + 8 * u))
    x = max(x, box.x + box.w * 0.42)
    y = box.bottom - 10 * u - 17 * u
    back = painter.back(cw)
    surf.blit(back, (x, y))
    surf.blit(back, (x + 3 * u, y + 1 * u))
    badge = pygame.Rect(0, 0, d, bh)
    badge.center = (round(x + cw + d / 2), round(y + back.get_height() * 0.6))
    pygame.draw.rect(surf, theme.PARCHMENT, badge, border_radius=round(bh / 2))
    pygame.draw.rect(surf, theme.WOOD, badge, width=max(1, round(u)), border_radius=round(bh / 2))
    surf.blit(count, count.get_rect(center=badge.center))


def _level_name(level: str | None) -> str:
    return _("computer · {level}").format(level=level_name(level))




def strip(surf: pygame.Surface, box: pygame.Rect, u: float, p: Plate, strip_h: float) -> None:
    """A seat as a compact strip over its open hand (a replay): dealer mark, name and level,
    total, bid and tricks won (in the accent colour when the bid is made), the round's points
    once scored; on two lines when the strip is tall enough."""
    acting = p.acting
    panel(surf, box, u, fill=(34, 58, 46) if acting else theme.PANEL, alpha=225,
          edge=theme.ACCENT if acting else theme.PANEL_EDGE)
    inner = 8 * u
    two = strip_h >= 40 * u           # narrow zone: name and total, then bid and tricks below
    y1 = box.y + inner + (10 * u if two else strip_h / 2 - 2 * u)
    y2 = box.y + inner + 33 * u
    x = box.x + inner
    if p.dealer:
        d = 20 * u
        centre = (x + d / 2, y1)
        pygame.draw.circle(surf, theme.PARCHMENT, centre, d / 2)
        pygame.draw.circle(surf, theme.WOOD, centre, d / 2, max(1, round(2 * u)))
        text.draw(surf, pgettext_dealer(), centre, max(text.TEXT_FLOOR, int(12 * u)),
                  theme.INK_DARK, "bold",
                  anchor="center")
        x += d + 6 * u
    right = box.right - inner
    total = text.draw(surf, _("{points} pts").format(points=p.total), (right, y1), int(17 * u),
                      theme.INK, "bold", anchor="midright")
    status = " · ".join([_("bid {n}").format(n="–" if p.bid is None else p.bid),
                         _("won {n}").format(n=p.tricks)])
    colour = theme.ACCENT if p.made else theme.INK_DIM
    if two:
        name_right = total.x - 10 * u
        y, left, right = y2, box.x + inner, box.right - inner
    else:
        y, left, right = y1, x, total.x - 10 * u
    pts = p.points
    if pts is not None:     # signed, with its unit, after a "·": never "won 0 +20 -80 pts"
        r = text.draw(surf, _("{points} pts").format(points=f"{pts:+d}" if pts else "0"),
                      (right, y), int(16 * u), theme.GOOD if pts > 0 else theme.BAD, "bold",
                      anchor="midright")
        right = r.x - 10 * u
        if not two:
            status += " ·"
    if two:
        text.draw(surf, status, (left, y), int(15 * u), colour, anchor="midleft",
                  max_w=right - left)
    else:
        r = text.draw(surf, status, (right, y), int(15 * u), colour, anchor="midright",
                      max_w=(right - left) * 0.55)
        name_right = r.x - 10 * u
    name_w = max(20, name_right - x)
    name = p.name
    if not p.is_human:
        with_level = _("{name} ({level})").format(name=p.name, level=level_name(p.level))
        if text.fit_size(with_level, int(18 * u), name_w, "bold") >= int(15 * u):
            name = with_level
    text.draw(surf, name, (x, y1), int(18 * u), theme.INK, "bold", anchor="midleft", max_w=name_w)
