"""Tooltips at the table: the card under the pointer or chosen with the keyboard names itself and
its rule; the badge lists the game's edition and variants; the bid sum explains its colour.

Where each thing lies comes from the layout (``wizard.ui.layout``) and the top bar's own
measurements; what a card IS comes from the table's snapshot. Hover state is the screen's."""

from __future__ import annotations

import pygame

from wizard.engine import Card
from wizard.table.picture import Picture
from wizard.table.tips import Tip, bids_tip, card_tip, game_tip

from ..layout import Box, bid_buttons, hand_index_at, peek_index_at
from ..tooltip import tooltip, tooltip_above
from .cards import peek_layout
from .common import R, TableView
from .topbar import top_items

Target = tuple[object, ...]


def _card_at(sc: TableView, pos: tuple[int, int],
             pic: Picture) -> tuple[Target, Card, pygame.Rect] | None:
    lay = sc.lay
    if pic.peeks:
        hands = peek_layout(sc, pic)
        hit = peek_index_at(hands, pos)
        if hit is not None:
            p, i = hit
            seat = next(s for s in pic.peeks if sc.pos_of(s) == p)
            cards_ = pic.hands[seat] or ()
            box = next(h for h in hands if h.position == p).cards[i]
            return ("peek", seat, i), cards_[i], R(box)
    mine = pic.hands[pic.viewer] if pic.viewer is not None else None
    if mine is not None and pic.viewer == pic.bottom and sc.drag_pos is None:
        hand = mine
        at = hand_index_at(lay, len(hand), pos, sc.lifted_index())
        # only the card the pointer was moved onto: a pointer left where a button was clicked,
        # with a new hand dealt under it, points at nothing
        if at is not None and at < len(hand) and at == sc.hover:
            return ("hand", at), hand[at], sc.hand_rects()[at]
    marks = pic.marks                            # the trick in play, or the finished one on show
    on_table = marks.cards if marks is not None else ()
    if pic.motion is None or pic.motion.kind != "won":
        for k in range(len(on_table) - 1, -1, -1):
            seat, c = on_table[k]
            spot = R(lay.trick_spots[sc.pos_of(seat)])
            if spot.collidepoint(pos):
                return ("trick", k), c, spot
    if pic.turned is not None and R(lay.turned).collidepoint(pos):
        return ("turned",), pic.turned, R(lay.turned)
    return None


def target(sc: TableView, picture: Picture | None = None) -> tuple[Target, Tip, pygame.Rect] | None:
    """What the tooltip is about now: the pointer's card or top-bar part, else the hand card
    chosen with the keyboard; with its words and where it lies."""
    pic = picture if picture is not None else sc.picture()
    if pic.curtain is not None or sc.review or pic.choice is not None:
        return None
    cfg = pic.config
    assert cfg is not None, "a table's picture knows its game"
    pos = sc.pointer
    if pos is not None:
        found = _card_at(sc, pos, pic)
        if found is not None:
            key, c, rect = found
            return key, card_tip(c, cfg, pic.trump, sc.look), rect
        items = top_items(sc, pic)
        if "badge" in items and items["badge"][1].collidepoint(pos):
            return ("badge",), game_tip(cfg), items["badge"][1]
        if "bids" in items and items["bids"][1].collidepoint(pos):
            return ("bids", pic.bids_sum), bids_tip(pic), items["bids"][1]
    hand = pic.hands[pic.viewer] if pic.viewer is not None else None
    if sc.selected is not None and hand and pic.playing:
        if sc.selected < len(hand):
            i = sc.selected
            return ("hand", i), card_tip(hand[i], cfg, pic.trump, sc.look), sc.hand_rects()[i]
    return None


def target_key(sc: TableView, picture: Picture | None = None) -> Target | None:
    """Identifies the tooltip shown now (the screen redraws when it changes)."""
    t = target(sc, picture)
    return None if t is None else t[0]


def draw(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The tooltip, over everything."""
    t = target(sc, picture)
    if t is not None:
        _key, tip, rect = t
        lay = sc.lay
        # never over the prompt, the bid buttons or the deck corner: a card's tip goes beside it;
        # a hand card's goes above the hand, over no other card of it
        bids = tuple(bid_buttons(lay, len(picture.bids))) if picture.bids else ()
        avoid = (*lay.plates, lay.top_bar, lay.prompt, lay.deck, lay.turned, lay.trump_label, *bids,
                 *sc.keep_clear())
        place = None
        if _key[0] == "hand":       # above the hand, over none of its cards (nor a ringed one)
            cards_ = sc.hand_rects()
            top = min([r.y for r in cards_] + [round(lay.hand.y)])
            band = Box(lay.hand.x, top, lay.hand.w, lay.hand.bottom - top)
            clear = (*avoid, *lay.trick_spots)
            words = sc.keep_clear()     # a lesson's words: the rest gives way to them
            place = lambda w, h: tooltip_above(band, rect.centerx, w, h,  # noqa: E731
                                               Box(0, 0, *surf.get_size()), 8 * lay.unit, clear,
                                               (lay.prompt, *bids),
                                               (*words, lay.top_bar) if words else ())
        tooltip(surf, rect, tip.title, tip.lines, lay.unit, avoid, place)
