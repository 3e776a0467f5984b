"""The tricks each seat has won this round, as a pile of face-down cards beside its plate (one
card per trick, each edge showing), where ``layout.trick_piles`` finds free felt."""

from __future__ import annotations

import pygame

from wizard.table.picture import Picture

from ..layout import trick_piles
from .common import R, TableView

_turned: dict[tuple[int, int], pygame.Surface] = {}


def _lying_back(sc: TableView, height: int) -> pygame.Surface:
    """A card back lying on its side, ``height`` pixels tall (cached per painter)."""
    key = (id(sc.app.painter), height)
    img = _turned.get(key)
    if img is None:
        if len(_turned) > 32:
            _turned.clear()
        img = _turned[key] = pygame.transform.rotate(sc.app.painter.back(height), 90)
    return img


def piles(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Every seat's won tricks (the picture's plates count them)."""
    boxes = trick_piles(sc.lay)
    for p in picture.plates:
        won = p.tricks
        box = R(boxes[sc.pos_of(p.seat)])
        if not won or box.w <= 0:
            continue
        img = _lying_back(sc, box.h)
        w = img.get_width()
        step = min(w * 0.5, (box.w - w) / max(1, won - 1))
        for k in range(won):
            surf.blit(img, (round(box.x + k * step), box.y))
