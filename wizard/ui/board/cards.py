"""Painting the cards on the table: turned card, draw for dealer, peeks, trick, hand, moving cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from wizard.engine import Card
from wizard.i18n import _
from wizard.table.picture import Picture
from wizard.table.tween import lerp2

from .. import text, theme
from ..cardpaint import variants
from ..layout import CARD_ASPECT, PeekHand, bid_flash, hand_angles, hand_boxes, peek_hands
from ..widgets import panel
from .common import R, TableView, banner


def turned(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The turned-up card, flipping over while it is revealed."""
    painter = sc.app.painter
    turned = R(sc.lay.turned)
    m = picture.motion
    if picture.turned is not None:
        painter.blit_face(surf, picture.turned.text, turned, "turned")
    elif m is not None and m.kind == "turn" and m.card is not None:
        t = m.t
        w = max(1, int(turned.w * abs(1 - 2 * t)))
        img = painter.back(turned.w) if t < 0.5 else painter.face(m.card.text, turned.w)
        if t >= 0.5:
            painter.faces_log.append((m.card.text, "turned"))
        img = pygame.transform.smoothscale(img, (w, img.get_height()))
        surf.blit(img, (turned.centerx - w / 2, turned.y))


def drawn_for_dealer(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The cards drawn for first dealer, at each seat's trick spot (who deals first is said on
    the prompt's line)."""
    for seat, c in picture.drawn:
        spot = R(sc.lay.trick_spots[sc.pos_of(seat)])
        sc.app.painter.blit_face(surf, c.text, spot, "draw")


# ---- clairvoyance: the others' hands ---------------------------------------------------------

def peek_layout(sc: TableView, picture: Picture | None = None) -> list[PeekHand]:
    """Where the other seats' face-up hands lie now (clairvoyance), by screen position."""
    pic = picture if picture is not None else sc.picture()
    counts = {sc.pos_of(seat): len(pic.hands[seat] or ()) for seat in pic.peeks}
    return peek_hands(sc.lay, counts)


def peeks(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Clairvoyance: the other seats' hands, face up in the middle of the table, each under its
    seat's name, overlapped so every corner index shows."""
    if not picture.peeks:
        return
    lay = sc.lay
    seat_at = {sc.pos_of(seat): seat for seat in picture.peeks}
    for h in peek_layout(sc, picture):
        seat = seat_at[h.position]
        held = picture.hands[seat] or ()
        label, x = R(h.label), min(b.x for b in h.cards)
        text.draw(surf, picture.names[seat], (x, label.centery),
                  int(min(label.h * 0.85, 17 * lay.unit)),
                  theme.INK, role="bold", anchor="midleft", max_w=label.right - x, shadow=True)
        for c, v, b in zip(held, variants([c.text for c in held]), h.cards, strict=True):
            sc.app.painter.blit_face(surf, c.text, R(b), f"peek:{seat}", variant=v)


# ---- the hand ---------------------------------------------------------------------------------

def leaving(picture: Picture) -> int | None:
    """Index in the viewer's open hand of the card gliding from it to the trick now."""
    m, seat = picture.motion, picture.viewer
    if m is None or m.kind != "play" or m.card is None or seat is None or m.seat != seat:
        return None
    hand = picture.hands[seat] if seat < len(picture.hands) else None
    if not hand:
        return None
    held = m.card.in_hand
    return next((i for i, c in enumerate(hand) if c is held), None)


def hand(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The hand at the bottom: the viewer's cards fanned and sorted (the picture's open hand and
    its looks), or backs. Where each card lies, lifted, dragged or leaving, is the screen's."""
    lay, painter = sc.lay, sc.app.painter
    seat = picture.bottom
    open_hand = picture.hands[seat] if seat < len(picture.hands) else None
    if open_hand is not None and picture.viewer == seat:
        hand = open_hand
        legal = picture.legal
        playing = picture.playing
        rects = sc.hand_rects()
        dragging = sc.pressed is not None and sc.drag_pos is not None
        away = leaving(picture)
        angles = hand_angles(len(hand))
        looks = picture.hand_looks[seat]
        up = sc.lifted_index()
        for i, (c, r) in enumerate(zip(hand, rects, strict=True)):
            if (dragging and i == sc.pressed) or i == away:
                continue
            angle = 0.0 if i == up else angles[i]
            painter.blit_hand(surf, c.text, r, angle, playing and c not in legal, f"hand:{seat}",
                              variant=looks[i])
            if playing and (i == sc.selected):
                pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), width=max(2, round(3 * lay.unit)),
                                 border_radius=round(r.w / 10))
        if dragging and sc.pressed is not None and sc.pressed < len(hand):
            r = rects[sc.pressed].copy()
            r.center = sc.drag_pos  # type: ignore[assignment]
            painter.blit_face(surf, hand[sc.pressed].text, r, f"hand:{seat}", variant=looks[sc.pressed])
        return
    n = picture.backs
    for b, angle in zip(hand_boxes(lay, n), hand_angles(n), strict=True):
        painter.blit_hand(surf, None, R(b), angle, False, "")


# ---- moving cards ----------------------------------------------------------------------------

def flying(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The card on the move: dealt, played, or a bid popping up."""
    m = picture.motion
    if m is None:
        return
    lay, painter = sc.lay, sc.app.painter
    t = m.t
    if m.kind == "deal" and m.seat is not None:
        pos = sc.pos_of(m.seat)
        start = R(lay.deck).center
        if pos == 0:
            end = R(lay.hand).center
        else:
            end = R(lay.plates[pos]).center
        w = lay.deck.w
        r = pygame.Rect(0, 0, w, w * 1.5)
        r.center = tuple(int(v) for v in lerp2(start, end, t))
        painter.blit_back(surf, r)
    elif m.kind == "play" and m.seat is not None and m.card is not None:
        pos = sc.pos_of(m.seat)
        spot = R(lay.trick_spots[pos])
        away = leaving(picture)
        start_w = spot.w * 0.7
        if away is not None:
            from_rect = sc.hand_rects()[away]
            start, start_w = from_rect.center, from_rect.w
        elif pos == 0:
            start = R(lay.hand).center
        else:
            start = R(lay.plates[pos]).center
        cx, cy = lerp2(start, spot.center, t)
        w = int(start_w + (spot.w - start_w) * t)
        r = pygame.Rect(0, 0, w, int(w * 1.5))
        r.center = (int(cx), int(cy))
        painter.blit_scaled(surf, m.card.text, r, round(max(spot.w, start_w)), "trick",
                            variant=m.look)
    elif m.kind == "bid" and m.seat is not None:
        pos = sc.pos_of(m.seat)
        txt = _("{n}!").format(n=m.bid) if m.bid is not None else _("bid made")
        img = text.render(txt, int(28 * lay.unit * (1 + 0.3 * (1 - t))), theme.ACCENT, "bold")
        at = bid_flash(lay, pos, img.get_width(), img.get_height())
        surf.blit(img, (round(at.x), round(at.y)))
    elif m.kind == "reveal":
        banner(sc, surf, _("Bids revealed"))


# ---- a picture's open hands and trump (a replay) ---------------------------------------------

def face_row(surf: pygame.Surface, painter: Any, placed: Sequence[tuple[Card, pygame.Rect]],
             looks: Sequence[int], tag: str) -> None:
    """Cards face up where they are ``placed``, each with its picture (``looks``)."""
    for (c, rect), v in zip(placed, looks, strict=False):
        painter.blit_face(surf, c.text, rect, tag, variant=v)


def trump_box(surf: pygame.Surface, box: pygame.Rect, u: float, painter: Any, picture: Picture,
              label: str) -> None:
    """The turned-up card (or its empty place) with "Trump", ``label`` and the suit's emblem."""
    panel(surf, box, u, alpha=200)
    ch = box.h - 16 * u
    cw = ch / CARD_ASPECT
    card_r = pygame.Rect(box.x + 10 * u, box.y + 8 * u, cw, ch)
    if picture.turned is not None:
        painter.blit_face(surf, picture.turned.text, card_r, "turned", variant=picture.turned_look)
    else:
        pygame.draw.rect(surf, theme.INK_DIM, card_r, width=1, border_radius=round(6 * u))
    x = card_r.right + 12 * u
    w = box.right - 8 * u - x
    text.draw(surf, _("Trump"), (x, box.y + box.h * 0.3), int(15 * u), theme.INK_DIM,
              anchor="midleft", max_w=w)
    text.draw(surf, label, (x, box.y + box.h * 0.5), int(18 * u), theme.ACCENT, "bold",
              anchor="midleft", max_w=w)
    if picture.trump is not None:
        em = painter.emblem(picture.trump, 30 * u)
        if em is not None:
            surf.blit(em, em.get_rect(midleft=(x, box.y + box.h * 0.76)))


def open_hand(surf: pygame.Surface, painter: Any, placed: Sequence[tuple[Card, pygame.Rect]],
              looks: Sequence[int], tag: str, empty: pygame.Rect, u: float) -> None:
    """A hand face up where it is ``placed``, or "no cards left" centred in ``empty``."""
    if placed:
        face_row(surf, painter, placed, looks, tag)
    else:
        text.draw(surf, _("no cards left"), empty.center, int(14 * u), theme.INK_DIM,
                  anchor="center")
