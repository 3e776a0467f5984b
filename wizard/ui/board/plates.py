"""The seat plates: name, level, bid token, tricks won, total (counting up after a round), dealer."""

from __future__ import annotations

import pygame

from wizard.i18n import _, ngettext

from .. import text, theme
from ..fonts import font
from ..widgets import panel
from .common import R, TableView

# ---- seat plates -----------------------------------------------------------------------------

def plate(sc: TableView, surf: pygame.Surface, seat: int) -> None:
    """A seat plate, re-drawn only when something on it changed."""
    from wizard.i18n import current_language
    lay, u, sh = sc.lay, sc.lay.unit, sc.shown
    box = R(lay.plates[sc.pos_of(seat)])
    margin = round(20 * u)

    def at(xs: list[object]) -> object:
        return xs[seat] if seat < len(xs) else None

    key = (box.size, u, current_language(), sc.table.seats[seat], sc.table.acting_seat() == seat,
           sc.table.thinking_seat == seat, at(sh.bids_made), at(sh.bids), at(sh.tricks), sc.table.plate_total(seat),  # type: ignore[arg-type]
           sh.dealer == seat, at(sh.hand_counts), sc.pos_of(seat) == 0, id(sc.app.painter))  # type: ignore[arg-type]
    cached = sc.plate_cache.get(seat)
    if cached is None or cached[0] != key:
        img = pygame.Surface((box.w + 2 * margin, box.h + 2 * margin), pygame.SRCALPHA)
        _plate(sc, img, seat, pygame.Rect(margin, margin, box.w, box.h))
        cached = sc.plate_cache[seat] = (key, img)
    surf.blit(cached[1], (box.x - margin, box.y - margin))


def _plate(sc: TableView, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
    u, sh = sc.lay.unit, sc.shown
    seat_spec = sc.table.seats[seat]
    current = sc.table.acting_seat()
    turn = current == seat
    panel(surf, box, u, fill=(34, 58, 46) if turn else theme.PANEL, alpha=235,
          edge=theme.ACCENT if turn else theme.PANEL_EDGE)
    if turn:
        pygame.draw.rect(surf, theme.ACCENT, box.inflate(6 * u, 6 * u), width=max(2, round(3 * u)),
                         border_radius=round(14 * u))
    pad = 10 * u
    token = box.h * 0.46
    name_w = box.w - 2 * pad - token - 6 * u
    text.draw(surf, seat_spec.name, (box.x + pad, box.y + pad * 0.7), int(20 * u), theme.INK,
              role="bold", max_w=name_w)
    level = _("human") if seat_spec.is_human else _level_name(seat_spec.level)
    if turn and not seat_spec.is_human and sc.table.thinking_seat == seat:
        level = _("thinking…")
    text.draw(surf, level, (box.x + pad, box.y + pad * 0.7 + 24 * u), int(15 * u),
              theme.ACCENT if turn else theme.INK_DIM, max_w=name_w)
    # bid token
    cx, cy = box.right - pad - token / 2, box.y + pad * 0.6 + token / 2
    made = sh.bids_made[seat] if seat < len(sh.bids_made) else False
    bid = sh.bids[seat] if seat < len(sh.bids) else None
    pygame.draw.circle(surf, (18, 26, 22), (cx, cy), token / 2)
    pygame.draw.circle(surf, theme.GOLD if made else (90, 96, 90), (cx, cy), token / 2,
                       max(1, round(2 * u)))
    label = "–" if not made else ("?" if bid is None else str(bid))
    text.draw(surf, label, (cx, cy), int(token * 0.55), theme.INK if made else theme.INK_DIM,
              role="bold", anchor="center")
    text.draw(surf, _("bid"), (cx, cy + token / 2 + 2 * u), int(11 * u), theme.INK_DIM,
              anchor="midtop")
    # tricks won: a little stack (one sliver per trick) and the count
    won = sh.tricks[seat] if seat < len(sh.tricks) else 0
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
    if won and font(max(9, int(11 * u))).size(label)[0] > room:
        # A crowded plate: the count is written on the stack's top card, never as a bare number
        # beside the total ("12 -80 pts" reads like a range).
        k = min(won, 8) - 1
        count = str(won)
        cw = max(tw, font(max(9, int(11 * u)), "bold").size(count)[0] + 4 * u)
        top = pygame.Rect(box.x + pad + k * 2 * u, y - k * 1.5 * u + 2 * u, cw, th)
        pygame.draw.rect(surf, theme.PARCHMENT, top, border_radius=max(1, round(2 * u)))
        pygame.draw.rect(surf, theme.WOOD, top, width=1, border_radius=max(1, round(2 * u)))
        text.draw(surf, count, top.center, int(11 * u), theme.INK_DARK, role="bold",
                  anchor="center")
        label = ""
    text.draw(surf, label, (x, y + th / 2), int(13 * u), theme.INK if won else theme.INK_DIM,
              anchor="midleft", max_w=room)
    total, counting = sc.table.plate_total(seat)
    score = text.draw(surf, _("{points} pts").format(points=total), (box.right - pad, y + th / 2),
                      int(17 * u), theme.ACCENT if counting else theme.INK, role="bold", anchor="midright")
    if sh.dealer == seat:
        d = 22 * u
        dc = (box.x - d * 0.25 + d / 2, box.y - d * 0.25 + d / 2)
        pygame.draw.circle(surf, theme.PARCHMENT, dc, d / 2)
        pygame.draw.circle(surf, theme.WOOD, dc, d / 2, max(1, round(2 * u)))
        text.draw(surf, pgettext_dealer(), dc, int(13 * u), theme.INK_DARK, role="bold",
                  anchor="center")
    _mini_hand(sc, surf, seat, box, score.x - 8 * u)


def pgettext_dealer() -> str:
    """The one-letter dealer mark."""
    from wizard.i18n import pgettext
    return pgettext("dealer mark", "D")


def _mini_hand(sc: TableView, surf: pygame.Surface, seat: int, box: pygame.Rect,
               right: float) -> None:
    """How many cards the seat holds: a small card icon and the count, on the plate, ending
    before ``right`` (the total)."""
    n = sc.shown.hand_counts[seat] if seat < len(sc.shown.hand_counts) else 0
    if n <= 0 or sc.pos_of(seat) == 0:
        return
    u = sc.lay.unit
    cw = 11 * u
    # The count is a badge on the cards, not a bare number beside the total ("12 -80 pts" would
    # read like a range).
    count = text.render(str(n), int(14 * u), theme.INK_DARK, "bold")
    d = max(count.get_width() + 7 * u, 18 * u)
    x = min(box.x + box.w * 0.47, right - (cw + d + 8 * u))
    x = max(x, box.x + box.w * 0.42)
    y = box.bottom - 10 * u - 17 * u
    back = sc.app.painter.back(cw)
    surf.blit(back, (x, y))
    surf.blit(back, (x + 3 * u, y + 1 * u))
    badge = pygame.Rect(0, 0, d, 18 * u)
    badge.center = (round(x + cw + d / 2), round(y + back.get_height() * 0.6))
    pygame.draw.rect(surf, theme.PARCHMENT, badge, border_radius=round(9 * u))
    pygame.draw.rect(surf, theme.WOOD, badge, width=max(1, round(u)), border_radius=round(9 * u))
    surf.blit(count, count.get_rect(center=badge.center))


def _level_name(level: str | None) -> str:
    names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard"), "expert": _("Expert"),
             "random": _("Random"), "rulebid": _("Beginner"), "lesson": _("Lesson")}
    return _("computer · {level}").format(level=names.get(level or "normal", level or ""))


