"""Painting the table from a ``TableScene``'s ``Shown`` picture and its running animation."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from wizard.engine import (
    BidMade,
    BidsRevealed,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    TrickWon,
    TrumpRevealed,
)
from wizard.i18n import _, ngettext
from wizard.ui import messages

from .. import text, theme
from ..layout import Box, bid_buttons, hand_angles, hand_boxes
from ..tween import lerp2
from ..widgets import Button, dim, panel

if TYPE_CHECKING:
    from .table import TableScene


def R(b: Box) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    try:
        from wizard.ui.art import table_surface
        return table_surface(size)
    except Exception:
        surf = pygame.Surface(size)
        w, h = size
        for i in range(0, h, 4):
            k = 1 - abs(i - h / 2) / h
            c = [int(theme.FELT_DARK[j] + (theme.FELT[j] - theme.FELT_DARK[j]) * k) for j in range(3)]
            pygame.draw.rect(surf, c, (0, i, w, 4))
        return surf


def draw_table(sc: TableScene, surf: pygame.Surface) -> None:
    """Everything, back to front."""
    sc.hit_boxes = [(R(sc.lay.pad_button), sc.open_score_pad), (R(sc.lay.menu_button), sc.open_menu)]
    if sc.my_turn():
        sc.hit_boxes.append((R(sc.lay.hint_button), sc.ask_hint))
    sc.bid_hit = []
    key = _static_key(sc, surf)
    cache = sc.static_layer
    if cache is None or cache[0] != key:
        layer = cache[1] if cache is not None and cache[1].get_size() == surf.get_size() \
            else pygame.Surface(surf.get_size())
        layer.blit(_felt(surf.get_size()), (0, 0))
        _top_bar(sc, layer)
        _deck(sc, layer)
        sc.static_layer = (key, layer)
    surf.blit(sc.static_layer[1], (0, 0))  # type: ignore[index]
    for seat in range(sc.session.config.players):
        _plate_cached(sc, surf, seat)
    _turned(sc, surf)
    _drawn_for_dealer(sc, surf)
    _peeks(sc, surf)
    _trick(sc, surf)
    _hand(sc, surf)
    _flying(sc, surf)
    _prompt(sc, surf)
    if sc.review:
        _review(sc, surf)
    if sc.dialog is not None and sc.my_turn():
        _dialog(sc, surf)
    if sc.curtain_for is not None:
        _curtain(sc, surf)


def _static_key(sc: TableScene, surf: pygame.Surface) -> tuple[object, ...]:
    """Everything the cached layer (felt, top bar, plates, deck) depends on."""
    from wizard.i18n import current_language
    sh = sc.shown
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    hover = tuple(R(b).collidepoint(mouse) for b in (sc.lay.pad_button, sc.lay.menu_button,
                                                      sc.lay.hint_button))
    return (surf.get_size(), current_language(), sh.round, sh.rounds, sh.dealer,
            sum(sh.hand_counts) // 8, sh.bids_sum, all(sh.bids_made), sum(sh.tricks),
            sh.trump, sh.choosing, sh.turned is None, isinstance(sc.active, TrumpRevealed), hover,
            sh.phase == "deal",
            sc.look, id(sc.app.painter), sc.my_turn())


# ---- top bar ---------------------------------------------------------------------------------

def _top_bar(sc: TableScene, surf: pygame.Surface) -> None:
    lay, u, sh = sc.lay, sc.lay.unit, sc.shown
    bar = R(lay.top_bar)
    strip = pygame.Surface(bar.size, pygame.SRCALPHA)
    strip.fill((8, 22, 16, 200))
    surf.blit(strip, bar.topleft)
    pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, max(1, round(u)))
    size = int(20 * u)
    x = 14 * u
    if sh.round:
        r = text.draw(surf, _("Round {round} / {rounds}").format(round=sh.round, rounds=sh.rounds),
                      (x, bar.centery), int(22 * u), theme.ACCENT, role="title", anchor="midleft")
        x = r.right + 24 * u
        total = sh.bids_sum
        bids = _("Bids: {sum} of {tricks}").format(
            sum="?" if total is None else total, tricks=sh.round)
        colour = theme.INK
        if total is not None and all(sh.bids_made):
            colour = theme.GOOD if total < sh.round else theme.BAD if total > sh.round else theme.INK
        r = text.draw(surf, bids, (x, bar.centery), size, colour, anchor="midleft")
        x = r.right + 24 * u
        played = sum(sh.tricks)
        text.draw(surf, ngettext("{n} trick played", "{n} tricks played", played).format(n=played),
                  (x, bar.centery), size, theme.INK_DIM, anchor="midleft",
                  max_w=max(10, lay.hint_button.x - x - 10 * u))
    buttons = [(lay.pad_button, _("Scores (Tab)"), sc.open_score_pad),
               (lay.menu_button, _("Menu (Esc)"), sc.open_menu)]
    if sc.my_turn():
        buttons.append((lay.hint_button, _("Hint (H)"), sc.ask_hint))
    for box, label, fn in buttons:
        b = Button(R(box), label, fn)
        b.hover = R(box).collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() else False
        b.draw(surf, u)


# ---- seat plates -----------------------------------------------------------------------------

def _plate_cached(sc: TableScene, surf: pygame.Surface, seat: int) -> None:
    """A seat plate, re-drawn only when something on it changed."""
    from wizard.i18n import current_language
    lay, u, sh = sc.lay, sc.lay.unit, sc.shown
    box = R(lay.plates[sc.pos_of(seat)])
    margin = round(20 * u)

    def at(xs: list[object]) -> object:
        return xs[seat] if seat < len(xs) else None

    key = (box.size, u, current_language(), sc.session.seats[seat], _acting_seat(sc) == seat,
           sc.ai_seat == seat, at(sh.bids_made), at(sh.bids), at(sh.tricks), at(sh.totals),  # type: ignore[arg-type]
           sh.dealer == seat, at(sh.hand_counts), sc.pos_of(seat) == 0, id(sc.app.painter))  # type: ignore[arg-type]
    cached = sc.plate_cache.get(seat)
    if cached is None or cached[0] != key:
        img = pygame.Surface((box.w + 2 * margin, box.h + 2 * margin), pygame.SRCALPHA)
        _plate(sc, img, seat, pygame.Rect(margin, margin, box.w, box.h))
        cached = sc.plate_cache[seat] = (key, img)
    surf.blit(cached[1], (box.x - margin, box.y - margin))


def _plate(sc: TableScene, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
    u, sh = sc.lay.unit, sc.shown
    seat_spec = sc.session.seats[seat]
    current = _acting_seat(sc)
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
    if turn and not seat_spec.is_human and sc.ai_seat == seat:
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
    text.draw(surf, label, (x, y + th / 2), int(13 * u), theme.INK if won else theme.INK_DIM,
              anchor="midleft", max_w=box.w * 0.42 - (x - box.x))
    total = sh.totals[seat] if seat < len(sh.totals) else 0
    text.draw(surf, _("{points} pts").format(points=total), (box.right - pad, y + th / 2),
              int(17 * u), theme.INK, role="bold", anchor="midright")
    if sh.dealer == seat:
        d = 22 * u
        dc = (box.x - d * 0.25 + d / 2, box.y - d * 0.25 + d / 2)
        pygame.draw.circle(surf, theme.PARCHMENT, dc, d / 2)
        pygame.draw.circle(surf, theme.WOOD, dc, d / 2, max(1, round(2 * u)))
        text.draw(surf, pgettext_dealer(), dc, int(13 * u), theme.INK_DARK, role="bold",
                  anchor="center")
    _mini_hand(sc, surf, seat, box)


def pgettext_dealer() -> str:
    """The one-letter dealer mark."""
    from wizard.i18n import pgettext
    return pgettext("dealer mark", "D")


def _mini_hand(sc: TableScene, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
    """How many cards the seat holds: a small card icon and the count, on the plate."""
    n = sc.shown.hand_counts[seat] if seat < len(sc.shown.hand_counts) else 0
    if n <= 0 or sc.pos_of(seat) == 0:
        return
    u = sc.lay.unit
    cw = 11 * u
    x = box.x + box.w * 0.47
    y = box.bottom - 10 * u - 17 * u
    back = sc.app.painter.back(cw)
    surf.blit(back, (x, y))
    surf.blit(back, (x + 3 * u, y + 1 * u))
    text.draw(surf, str(n), (x + cw + 7 * u, y + back.get_height() / 2), int(14 * u), theme.INK,
              role="bold", anchor="midleft")


def _level_name(level: str | None) -> str:
    names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard"), "expert": _("Expert"),
             "random": _("Random"), "rulebid": _("Beginner")}
    return _("computer · {level}").format(level=names.get(level or "normal", level or ""))


def _acting_seat(sc: TableScene) -> int | None:
    e = sc.active
    if isinstance(e, (CardPlayed, BidMade)):
        return e.seat
    if sc.drained:
        return sc.session.current
    return None


# ---- deck, turned card, trump ----------------------------------------------------------------

def _deck(sc: TableScene, surf: pygame.Surface) -> None:
    lay, u, sh, painter = sc.lay, sc.lay.unit, sc.shown, sc.app.painter
    deck, turned = R(lay.deck), R(lay.turned)
    dealt = sum(sh.hand_counts)
    left = max(0, 60 - dealt - (1 if sh.turned else 0))
    if sh.round:
        for k in range(min(6, max(1, left // 8))):
            painter.blit_back(surf, deck.move(-k * u, -k * u))
    if sh.round and sh.turned is None and not isinstance(sc.active, TrumpRevealed):
        pygame.draw.rect(surf, (255, 255, 255), turned, width=max(1, round(u)),
                         border_radius=round(8 * u))
    lab = R(lay.trump_label)
    if not sh.round or sh.phase == "deal":      # the trump is not known before the turn-up
        return
    if sh.choosing:
        txt = _("{name} chooses…").format(name=sc.names[sh.dealer])
    elif sh.trump is None:
        txt = _("No trump")
    else:
        txt = messages.suit_name(sh.trump, sc.look)
    x = lab.x
    if painter.art is not None:
        try:
            mk = painter.art.trump_marker(sh.trump, int(lab.h))
            surf.blit(mk, (lab.x, lab.y))
            x += mk.get_width() + 8 * u
        except Exception:
            pass
    text.draw(surf, _("Trump"), (x, lab.y + lab.h * 0.27), int(15 * u), theme.INK_DIM,
              anchor="midleft", max_w=lab.right - x)
    text.draw(surf, txt, (x, lab.y + lab.h * 0.72), int(19 * u), theme.ACCENT, role="bold",
              anchor="midleft", max_w=lab.right - x)


def _turned(sc: TableScene, surf: pygame.Surface) -> None:
    """The turned-up card, flipping over while it is revealed."""
    painter, sh = sc.app.painter, sc.shown
    turned = R(sc.lay.turned)
    e = sc.active
    if sh.turned is not None:
        painter.blit_face(surf, sh.turned.text, turned, "turned")
    elif isinstance(e, TrumpRevealed) and e.card is not None and sc.tween is not None:
        t = sc.tween.t
        w = max(1, int(turned.w * abs(1 - 2 * t)))
        img = painter.back(turned.w) if t < 0.5 else painter.face(e.card.text, turned.w)
        if t >= 0.5:
            painter.faces_log.append((e.card.text, "turned"))
        img = pygame.transform.smoothscale(img, (w, img.get_height()))
        surf.blit(img, (turned.centerx - w / 2, turned.y))


def _drawn_for_dealer(sc: TableScene, surf: pygame.Surface) -> None:
    if not sc.shown.drawn or sc.shown.round > 1 or sc.shown.trick:
        return
    for seat, c in sc.shown.drawn:
        spot = R(sc.lay.trick_spots[sc.pos_of(seat)])
        sc.app.painter.blit_face(surf, c.text, spot, "draw")
    if isinstance(sc.active, DealerChosen) or (sc.shown.dealer >= 0 and not sc.shown.round):
        name = sc.names[sc.shown.dealer]
        _banner(sc, surf, _("{name} deals first").format(name=name))


def _banner(sc: TableScene, surf: pygame.Surface, msg: str) -> None:
    u = sc.lay.unit
    cx, cy = sc.lay.trick_area.center
    img = text.render(msg, int(26 * u), theme.ACCENT, "title")
    box = img.get_rect(center=(cx, cy)).inflate(40 * u, 18 * u)
    panel(surf, box, u)
    surf.blit(img, img.get_rect(center=box.center))


# ---- clairvoyance: the others' hands ---------------------------------------------------------

def _peeks(sc: TableScene, surf: pygame.Surface) -> None:
    if not sc.shown.peeks:
        return
    u = sc.lay.unit
    for seat, cards_ in sc.shown.peeks.items():
        if not cards_:
            continue
        box = R(sc.lay.peeks[sc.pos_of(seat)])
        cw = min(box.h / 1.5, 60 * u)
        n = len(cards_)
        step = min(cw * 0.9, (box.w - cw) / max(1, n - 1))
        for i, c in enumerate(sorted(cards_, key=lambda c: c.code)):
            r = pygame.Rect(box.x + i * step, box.y, cw, cw * 1.5)
            sc.app.painter.blit_face(surf, c.text, r, f"peek:{seat}")


# ---- the trick --------------------------------------------------------------------------------

def _trick(sc: TableScene, surf: pygame.Surface) -> None:
    lay, sh, painter = sc.lay, sc.shown, sc.app.painter
    e = sc.active
    if isinstance(e, TrickWon) and sc.tween is not None:
        t = sc.tween.raw
        hold = 0.55
        win_pos = sc.pos_of(e.winner)
        target = R(lay.plates[win_pos]).center
        for seat, c in e.cards:
            spot = R(lay.trick_spots[sc.pos_of(seat)])
            if t < hold:
                painter.blit_face(surf, c.text, spot, "trick")
                if seat == e.winner and not e.void:
                    pygame.draw.rect(surf, theme.ACCENT, spot.inflate(8, 8), width=max(2, round(3 * lay.unit)),
                                     border_radius=round(8 * lay.unit))
            else:
                k = (t - hold) / (1 - hold)
                k = k * k
                cx, cy = lerp2(spot.center, target, k)
                w = max(8, int(spot.w * (1 - 0.6 * k)))
                r = pygame.Rect(0, 0, w, int(w * 1.5))
                r.center = (int(cx), int(cy))
                painter.blit_scaled(surf, None, r, spot.w)
        return
    for seat, c in sh.trick:
        painter.blit_face(surf, c.text, R(lay.trick_spots[sc.pos_of(seat)]), "trick")
    if not sh.trick and sh.round and not sh.drawn and sh.phase == "play" and sc.drained:
        for slot in lay.trick_spots:
            pygame.draw.rect(surf, (255, 255, 255), R(slot), width=1, border_radius=round(8 * lay.unit))




# ---- the hand ---------------------------------------------------------------------------------

def _hand(sc: TableScene, surf: pygame.Surface) -> None:
    lay, sh, painter = sc.lay, sc.shown, sc.app.painter
    seat = sc.bottom
    if sh.hand is not None and sc.viewer == seat:
        hand = sc.sorted_hand()
        legal = sc.legal_cards()
        playing = sc.my_turn() and sc.session.state.phase.value == "play"
        rects = sc.hand_rects()
        dragging = sc.pressed is not None and sc.drag_pos is not None
        leaving = sc.leaving_card()
        angles = hand_angles(len(hand))
        up = sc.lifted_index()
        for i, (c, r) in enumerate(zip(hand, rects, strict=True)):
            if (dragging and i == sc.pressed) or i == leaving:
                continue
            angle = 0.0 if i == up else angles[i]
            painter.blit_hand(surf, c.text, r, angle, playing and c not in legal, f"hand:{seat}")
            if playing and (i == sc.selected):
                pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), width=max(2, round(3 * lay.unit)),
                                 border_radius=round(r.w / 10))
        if dragging and sc.pressed is not None and sc.pressed < len(hand):
            r = rects[sc.pressed].copy()
            r.center = sc.drag_pos  # type: ignore[assignment]
            painter.blit_face(surf, hand[sc.pressed].text, r, f"hand:{seat}")
        return
    n = sh.hand_counts[seat] if seat < len(sh.hand_counts) else 0
    for b, angle in zip(hand_boxes(lay, n), hand_angles(n), strict=True):
        painter.blit_hand(surf, None, R(b), angle, False, "")


# ---- moving cards ----------------------------------------------------------------------------

def _flying(sc: TableScene, surf: pygame.Surface) -> None:
    e, tw = sc.active, sc.tween
    if e is None or tw is None:
        return
    lay, painter = sc.lay, sc.app.painter
    t = tw.t
    if isinstance(e, CardDealt):
        pos = sc.pos_of(e.seat)
        start = R(lay.deck).center
        if pos == 0:
            end = R(lay.hand).center
        else:
            end = R(lay.plates[pos]).center
        w = lay.deck.w
        r = pygame.Rect(0, 0, w, w * 1.5)
        r.center = tuple(int(v) for v in lerp2(start, end, t))
        painter.blit_back(surf, r)
    elif isinstance(e, CardPlayed):
        pos = sc.pos_of(e.seat)
        spot = R(lay.trick_spots[pos])
        leaving = sc.leaving_card()
        start_w = spot.w * 0.7
        if leaving is not None:
            from_rect = sc.hand_rects()[leaving]
            start, start_w = from_rect.center, from_rect.w
        elif pos == 0:
            start = R(lay.hand).center
        else:
            start = R(lay.plates[pos]).center
        cx, cy = lerp2(start, spot.center, t)
        w = int(start_w + (spot.w - start_w) * t)
        r = pygame.Rect(0, 0, w, int(w * 1.5))
        r.center = (int(cx), int(cy))
        painter.blit_scaled(surf, e.card.text, r, round(max(spot.w, start_w)), "trick")
    elif isinstance(e, BidMade):
        pos = sc.pos_of(e.seat)
        plate = R(lay.plates[pos])
        txt = _("{n}!").format(n=e.bid) if e.bid is not None else _("bid made")
        img = text.render(txt, int(28 * lay.unit * (1 + 0.3 * (1 - t))), theme.ACCENT, "bold")
        surf.blit(img, img.get_rect(midbottom=(plate.centerx, plate.y - 4)))
    elif isinstance(e, BidsRevealed):
        _banner(sc, surf, _("Bids revealed"))


# ---- prompt, bidding ---------------------------------------------------------------------------

def _prompt(sc: TableScene, surf: pygame.Surface) -> None:
    lay, u = sc.lay, sc.lay.unit
    box = R(lay.prompt)
    msg, colour = _prompt_text(sc)
    if sc.my_turn() and sc.session.state.phase.value == "bid":
        _bid_bar(sc, surf)
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for r, n, ok in sc.bid_hit:
            if not ok and r.collidepoint(mouse):
                msg, colour = sc.bid_reason(n), theme.BAD
    if sc.message is not None:
        msg = sc.message[0]
        colour = theme.BAD if sc.message[2] else theme.ACCENT
    if msg:
        img = text.render(msg, text.fit_size(msg, int(19 * u), box.w - 30 * u, "bold"), colour, "bold")
        back = img.get_rect(center=box.center).inflate(26 * u, 8 * u)
        panel(surf, back, u, alpha=200, edge=None, radius=10)
        surf.blit(img, img.get_rect(center=box.center))


def _prompt_text(sc: TableScene) -> tuple[str, tuple[int, int, int]]:
    s = sc.session
    e = sc.active
    if isinstance(e, (CardDrawn, DealerChosen)) and not sc.shown.round:
        return _("Drawing for the first dealer: the highest card deals."), theme.INK
    if isinstance(e, TrickWon):
        if e.void:
            return _("Nobody wins this trick."), theme.INK
        return _("{name} wins the trick.").format(name=sc.names[e.winner]), theme.ACCENT
    if not sc.drained or s.current is None:
        return "", theme.INK
    seat = s.current
    name = sc.names[seat]
    phase = s.state.phase.value
    if sc.my_turn():
        if phase == "bid":
            return _("{name}, your bid: how many tricks will you take?").format(name=name), theme.ACCENT
        if phase == "trump":
            return _("{name}, choose the trump suit.").format(name=name), theme.ACCENT
        return _("{name}, play a card.").format(name=name), theme.ACCENT
    if s.seats[seat].is_human:
        return _("Waiting for {name}…").format(name=name), theme.INK
    if phase == "bid":
        return _("{name} is bidding…").format(name=name), theme.INK
    if phase == "trump":
        return _("{name} chooses trump…").format(name=name), theme.INK
    return _("{name} is playing…").format(name=name), theme.INK


def _bid_bar(sc: TableScene, surf: pygame.Surface) -> None:
    lay, u = sc.lay, sc.lay.unit
    states = sc.bid_state()
    boxes = bid_buttons(lay, len(states))
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    for (n, ok), box in zip(states, boxes, strict=True):
        r = R(box)
        b = Button(r, str(n), lambda: None, enabled=ok)
        b.hover = r.collidepoint(mouse)
        b.draw(surf, u)
        if not ok:   # crossed out: hover or click says why
            pygame.draw.line(surf, theme.BAD, (r.x + r.w * 0.22, r.bottom - r.h * 0.22),
                             (r.right - r.w * 0.22, r.y + r.h * 0.22), max(2, round(2 * u)))
        sc.bid_hit.append((r, n, ok))


# ---- dialogs ------------------------------------------------------------------------------------

def _dialog(sc: TableScene, surf: pygame.Surface) -> None:
    from wizard.engine import ChooseTrump, Play, card

    lay, u = sc.lay, sc.lay.unit
    area = R(lay.trick_area)
    choices: list[tuple[str, str | None, ChooseTrump | Play]]
    if sc.dialog == "trump":
        title = _("Choose the trump suit")
        choices = [(messages.suit_name(s, sc.look), s, ChooseTrump(s)) for s in "BGRY"]
    else:
        title = _("Play Merlin as…")
        choices = [(_("a Wizard"), None, Play(card("MERLIN:W"))),
                   (_("a Jester"), None, Play(card("MERLIN:J")))]
    bw, bh, gap = 150 * u, 120 * u, 12 * u
    w = len(choices) * bw + (len(choices) + 1) * gap
    h = bh + 70 * u
    box = pygame.Rect(0, 0, w, h)
    box.center = area.center
    panel(surf, box, u)
    text.draw(surf, title, (box.centerx, box.y + 12 * u), int(22 * u), theme.ACCENT, "title",
              anchor="midtop")
    sc.dialog_buttons = []
    for i, (label, suit, action) in enumerate(choices):
        r = pygame.Rect(box.x + gap + i * (bw + gap), box.y + 52 * u, bw, bh)
        b = Button(r, "", lambda: None)
        b.hover = r.collidepoint(pygame.mouse.get_pos())
        b.draw(surf, u)
        if suit is not None and sc.app.painter.art is not None:
            em = sc.app.painter.emblem(suit, bh * 0.5)
            if em is not None:
                surf.blit(em, em.get_rect(center=(r.centerx, r.y + bh * 0.38)))
        elif suit is None:
            code = str(action)   # MERLIN:W / MERLIN:J
            fw = int(bh * 0.62 / 1.5)
            face = pygame.Rect(0, 0, fw, int(fw * 1.5))
            face.center = (r.centerx, int(r.y + bh * 0.4))
            sc.app.painter.blit_face(surf, code, face, "dialog")
        text.draw(surf, label, (r.centerx, r.bottom - 8 * u), int(15 * u), theme.INK, "bold",
                  anchor="midbottom", max_w=r.w - 8 * u)
        sc.dialog_buttons.append((r, action))


def _review(sc: TableScene, surf: pygame.Surface) -> None:
    lay, u = sc.lay, sc.lay.unit
    last = sc.shown.last_trick
    area = R(lay.trick_area)
    dim(surf, 90)
    n = len(last.cards) if last else 0
    cw = min(lay.trick_spots[0].w, area.w / max(1, n + 1))
    w = max(300 * u, n * (cw + 10 * u) + 30 * u)
    box = pygame.Rect(0, 0, w, cw * 1.5 + 110 * u)
    box.center = area.center
    panel(surf, box, u)
    text.draw(surf, _("Last trick (L to close)"), (box.centerx, box.y + 10 * u), int(20 * u),
              theme.ACCENT, "title", anchor="midtop")
    if last is None:
        text.draw(surf, _("No trick played yet in this round."), box.center, int(16 * u),
                  theme.INK, anchor="center")
        return
    x = box.centerx - (n * (cw + 10 * u) - 10 * u) / 2
    for seat, c in last.cards:
        r = pygame.Rect(x, box.y + 44 * u, cw, cw * 1.5)
        sc.app.painter.blit_face(surf, c.text, r, "trick")
        if seat == last.winner and not last.void:
            pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), width=max(2, round(3 * u)),
                             border_radius=round(8 * u))
        text.draw(surf, sc.names[seat], (r.centerx, r.bottom + 6 * u), int(14 * u), theme.INK,
                  anchor="midtop", max_w=cw + 8 * u)
        x += cw + 10 * u


def _curtain(sc: TableScene, surf: pygame.Surface) -> None:
    u = sc.lay.unit
    veil = pygame.Surface(surf.get_size())
    veil.blit(_felt(surf.get_size()), (0, 0))
    veil.set_alpha(235)
    surf.blit(veil, (0, 0))
    seat = sc.curtain_for
    assert seat is not None
    w, h = surf.get_size()
    box = pygame.Rect(0, 0, min(w * 0.7, 640 * u), 200 * u)
    box.center = (w // 2, h // 2)
    panel(surf, box, u)
    text.draw(surf, _("Pass to {name}").format(name=sc.names[seat]), (box.centerx, box.y + 30 * u),
              int(40 * u), theme.ACCENT, "title", anchor="midtop", max_w=box.w - 40 * u)
    text.draw_wrapped(surf, _("{name}: click or press Enter when ready — the others look away.").format(
        name=sc.names[seat]), pygame.Rect(box.x + 30 * u, box.y + 100 * u, box.w - 60 * u, 0),
        int(18 * u), theme.INK, align="center")

