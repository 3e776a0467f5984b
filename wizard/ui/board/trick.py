"""Painting the trick: the cards played with their positions, the leader and the card winning so
far, the finished trick lying on the table until the next lead, and the Magic Wizard's mark.

What to mark comes from the table (``Table.marks()``: the engine's verdict); this only draws it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from wizard.engine import TrickWon
from wizard.i18n import pgettext
from wizard.table.picture import Picture
from wizard.table.trickwhy import TrickMarks
from wizard.table.tween import lerp2

from .. import text, theme
from ..fonts import font
from ..widgets import panel
from .common import R, TableView

MAGIC: tuple[int, int, int] = (196, 140, 255)     # the Magic Wizard's violet


def trick(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The trick in play with its marks, or the finished one (lying there, or leaving at the next
    lead towards its winner)."""
    lay, motion = sc.lay, picture.motion
    if picture.gathering is not None and motion is not None:
        _leaving(sc, surf, picture.gathering, motion.t)
        return
    m = picture.marks
    if m is None:
        if picture.spots_open:
            for slot in lay.trick_spots:
                pygame.draw.rect(surf, (255, 255, 255), R(slot), width=1,
                                 border_radius=round(8 * lay.unit))
        return
    pulse = motion.t if motion is not None and motion.kind == "won" else 1.0
    spots = [R(lay.trick_spots[sc.pos_of(seat)]) for seat, _c in m.cards]
    marked(surf, spots, lay.unit, sc.app.painter, m, picture.trick_looks, pulse)


def marked(surf: pygame.Surface, spots: Sequence[pygame.Rect], u: float, painter: Any,
           m: TrickMarks, looks: Sequence[int], pulse: float = 1.0,
           ring: int | None = None) -> None:
    """The trick's cards at ``spots`` with the marks the table decided: the Magic Wizard's glow,
    the card winning (so far), a voiding Excalibur, a null Grail, each card's position; ``ring``:
    a seat whose card was just played (the replay's step)."""
    for (seat, _c), spot in zip(m.cards, spots, strict=True):
        if seat == m.magic:
            magic_glow(surf, spot, u, pulse)
    for (_seat, c), spot, v in zip(m.cards, spots, looks, strict=True):
        painter.blit_face(surf, c.text, spot, "trick", variant=v)
    for k, ((seat, _c), spot) in enumerate(zip(m.cards, spots, strict=True)):
        if seat == m.winning:
            colour = MAGIC if seat == m.magic else theme.ACCENT
            grow = round((1 - pulse) * 10 * u)
            pygame.draw.rect(surf, colour, spot.inflate(8 * u + grow, 8 * u + grow),
                             width=max(2, round(3 * u)), border_radius=round(8 * u))
            _pill(u, surf, spot, _winning_label(m.finished, seat == m.magic), colour)
        elif seat == m.voider:
            pygame.draw.rect(surf, theme.BAD, spot.inflate(8 * u, 8 * u), width=max(2, round(3 * u)),
                             border_radius=round(8 * u))
            _pill(u, surf, spot, pgettext("trick mark", "Voids the trick"), theme.BAD)
        elif seat == m.null:
            _pill(u, surf, spot, pgettext("trick mark", "Null card"), theme.INK_DIM)
        elif seat == ring:
            pygame.draw.rect(surf, theme.INK, spot.inflate(6 * u, 6 * u),
                             width=max(1, round(2 * u)), border_radius=round(8 * u))
        _position(surf, spot, k + 1, u, leader=k == 0)


def _winning_label(finished: bool, magic: bool) -> str:
    if magic:
        return pgettext("trick mark", "Magic Wizard")
    return pgettext("trick mark", "Wins") if finished else pgettext("trick mark", "Winning")


def _pill(u: float, surf: pygame.Surface, spot: pygame.Rect, label: str,
          colour: tuple[int, int, int]) -> None:
    """A small label low on a trick card, clear of its corner indices."""
    room = spot.w - 10 * u                     # the pill stays within the card's edges
    size = max(text.TEXT_FLOOR, int(13 * u))
    while size > text.TEXT_FLOOR and font(size, "bold").size(label)[0] > room:
        size -= 1
    lines = [label] if font(size, "bold").size(label)[0] <= room else \
        text.wrap(label, size, room, "bold")   # "Magic / Wizard": two lines, not smaller text
    f = font(size, "bold")
    step = f.get_linesize()
    w = max(f.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, w, step * len(lines)).inflate(8 * u, 4 * u)
    box.midbottom = (spot.centerx, spot.bottom - round(spot.h * 0.21))   # above the bottom index
    radius = min(box.h, box.w) // 2 if len(lines) == 1 else round(8 * u)
    pygame.draw.rect(surf, colour, box, border_radius=radius)
    pygame.draw.rect(surf, theme.PANEL, box, width=max(1, round(1.5 * u)), border_radius=radius)
    y = box.centery - step * len(lines) / 2 + step / 2
    for line in lines:
        text.draw(surf, line, (box.centerx, y), size, theme.PANEL, "bold", anchor="center")
        y += step


def _position(surf: pygame.Surface, spot: pygame.Rect, n: int, u: float, leader: bool) -> None:
    """The card's position in the trick (1 = the leader's card, marked in the accent colour)."""
    r = max(7, round(10 * u))
    c = (spot.x, round(spot.y + spot.h * 0.42))
    pygame.draw.circle(surf, theme.ACCENT if leader else theme.PANEL, c, r)
    pygame.draw.circle(surf, theme.PANEL_EDGE, c, r, max(1, round(u)))
    text.draw(surf, str(n), c, max(text.TEXT_FLOOR, int(13 * u)), theme.PANEL if leader else theme.INK, "bold",
              anchor="center")


def magic_glow(surf: pygame.Surface, spot: pygame.Rect, u: float, pulse: float) -> None:
    """A violet halo behind the card acting as a Magic Wizard, with sparks around it."""
    pad = round(16 * u)
    halo = pygame.Surface((spot.w + 2 * pad, spot.h + 2 * pad), pygame.SRCALPHA)
    for k in range(6):
        a = int((30 + 22 * k) * min(1.0, 0.3 + pulse))
        inset = round(k * pad / 6)
        pygame.draw.rect(halo, (*MAGIC, a), halo.get_rect().inflate(-2 * inset, -2 * inset),
                         border_radius=round(12 * u))
    surf.blit(halo, (spot.x - pad, spot.y - pad))
    for k in range(4):                                  # four sparks at the corners
        cx = spot.x - pad / 2 if k % 2 == 0 else spot.right + pad / 2
        cy = spot.y - pad / 2 if k < 2 else spot.bottom + pad / 2
        _spark(surf, (cx, cy), 7 * u)


def _spark(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pts = []
    for i in range(8):
        ang = math.pi / 4 * i
        rr = r if i % 2 == 0 else r * 0.35
        pts.append((c[0] + math.cos(ang) * rr, c[1] + math.sin(ang) * rr))
    pygame.draw.polygon(surf, (255, 245, 255), pts)


def _leaving(sc: TableView, surf: pygame.Surface, won: TrickWon, t: float) -> None:
    """The finished trick gathered face down and sent to its winner as the next card is led (a
    void trick shrinks where it lies: it counts for nobody)."""
    lay, painter = sc.lay, sc.app.painter
    target = R(lay.plates[sc.pos_of(won.winner)]).center
    k = min(1.0, t * 1.4)
    k = k * (2 - k)                  # ease out: gone before the led card lands
    for seat, _c in won.cards:
        spot = R(lay.trick_spots[sc.pos_of(seat)])
        end = spot.center if won.void else target
        cx, cy = lerp2(spot.center, end, k)
        w = max(8, int(spot.w * (1 - 0.6 * k)))
        r = pygame.Rect(0, 0, w, int(w * 1.5))
        r.center = (int(cx), int(cy))
        if k < 1.0:
            painter.blit_scaled(surf, None, r, spot.w)


def caption(sc: TableView, surf: pygame.Surface, line: str, below: str, colour: tuple[int, int, int],
            below_colour: tuple[int, int, int]) -> None:
    """The trick's line in the prompt's place, wrapped on up to two lines, and the prompt ``below``
    it, over the free felt of the bid bar (no bids while a finished trick is shown)."""
    lay, u = sc.lay, sc.lay.unit
    top, bottom = R(lay.prompt).y, R(lay.bid_bar).bottom
    box = pygame.Rect(R(lay.prompt).x, top, R(lay.prompt).w, bottom - top)
    room = box.w - 30 * u
    below_size = text.fit_size(below, int(17 * u), room, "bold", min_size=max(text.TEXT_FLOOR, int(12 * u))) \
        if below else 0
    below_h = font(below_size, "bold").get_height() if below else 0
    size, lines = _fit_lines(line, room, box.h - below_h - 8 * u, u)
    size = min(text.fit_size(s, size, room, "bold", min_size=size) for s in lines)  # (checked by tests)
    imgs = [text.render(s, size, colour, "bold") for s in lines]
    if below:
        imgs.append(text.render(below, below_size, below_colour, "bold"))
    gap = round(2 * u)
    height = sum(i.get_height() for i in imgs) + gap * (len(imgs) - 1)
    width = max(i.get_width() for i in imgs)
    block = pygame.Rect(0, 0, width, height)
    block.midtop = (box.centerx, box.y + max(0, (R(lay.prompt).h - imgs[0].get_height()) // 2))
    panel(surf, block.inflate(26 * u, 8 * u), u, alpha=210, edge=None, radius=10)
    y = block.y
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(block.centerx, y)))
        y += img.get_height() + gap


def _fit_lines(msg: str, width: float, height: float, u: float) -> tuple[int, list[str]]:
    """The size and lines of ``msg`` within ``width`` x ``height``: one line from 19 down to 15
    px-units, else two lines from 17 down to 9 px, else the smallest."""
    for size in range(int(19 * u), max(text.TEXT_FLOOR, int(15 * u)) - 1, -1):
        f = font(size, "bold")
        if f.size(msg)[0] <= width and f.get_height() <= height:
            return size, [msg]
    for size in range(int(17 * u), 8, -1):
        f = font(size, "bold")
        lines = text.wrap(msg, size, width, "bold")
        if len(lines) <= 2 and all(f.size(s)[0] <= width for s in lines) \
                and 2 * f.get_height() <= height:
            return size, lines
    return 9, text.wrap(msg, 9, width, "bold")[:2]
