"""Painting the table: a cached layer (felt, top bar, deck), the seat plates, then the cards
and the dialogs (``table_cards``, ``table_dialogs``), from the scene's ``Shown`` picture."""

from __future__ import annotations

import pygame

from wizard import messages
from wizard.engine import Phase, RoundScored, TrumpRevealed
from wizard.i18n import _, ngettext
from wizard.table.tween import lerp

from .. import text, theme
from ..fonts import font
from ..widgets import Button, panel
from . import table_cards as cards
from . import table_dialogs as dialogs
from .table_common import R, TableView, felt


def draw_table(sc: TableView, surf: pygame.Surface) -> None:
    """Everything, back to front."""
    top_key, deck_key = _static_keys(sc, surf)
    cache = sc.static_layer
    if cache is None or cache[1].get_size() != surf.get_size():
        layer = pygame.Surface(surf.get_size())
        layer.blit(felt(surf.get_size()), (0, 0))
        cache = sc.static_layer = ((None, None), layer)
    old_top, old_deck = cache[0]
    layer = cache[1]
    if old_top != top_key:        # redraw only the part that changed, over fresh felt
        area = R(sc.lay.top_bar).inflate(0, 4)
        layer.blit(felt(surf.get_size()), area, area)
        _top_bar(sc, layer)
    if old_deck != deck_key:
        area = _deck_area(sc)
        layer.blit(felt(surf.get_size()), area, area)
        _deck(sc, layer)
    sc.static_layer = ((top_key, deck_key), layer)
    surf.blit(layer, (0, 0))
    for seat in range(sc.session.config.players):
        _plate_cached(sc, surf, seat)
    cards.turned(sc, surf)
    cards.drawn_for_dealer(sc, surf)
    cards.peeks(sc, surf)
    cards.trick(sc, surf)
    cards.hand(sc, surf)
    cards.flying(sc, surf)
    dialogs.prompt(sc, surf)
    if sc.review:
        dialogs.review(sc, surf)
    if sc.table.choice is not None and sc.my_turn():
        dialogs.dialog(sc, surf)
    if sc.table.curtain_for is not None:
        dialogs.curtain(sc, surf)


def _static_keys(sc: TableView, surf: pygame.Surface) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """What the top bar and the deck corner of the cached layer depend on."""
    from wizard.i18n import current_language
    sh = sc.shown
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    hover = tuple(R(b).collidepoint(mouse) for b in (sc.lay.pad_button, sc.lay.menu_button,
                                                      sc.lay.hint_button))
    common = (surf.get_size(), current_language(), sh.round, sc.look, id(sc.app.painter))
    top = (*common, sh.rounds, sh.bids_sum, all(sh.bids_made), sum(sh.tricks), hover, sc.my_turn())
    deck = (*common, sh.dealer, sum(sh.hand_counts) // 8, sh.trump, sh.choosing, sh.turned is None,
            isinstance(sc.table.animator.active, TrumpRevealed), sh.phase is Phase.DEAL)
    return top, deck


def _deck_area(sc: TableView) -> pygame.Rect:
    """The corner the deck, the turned card and the trump label occupy (with their shadows)."""
    lay = sc.lay
    area = R(lay.deck).union(R(lay.turned)).union(R(lay.trump_label))
    return area.inflate(16 * lay.unit, 16 * lay.unit).clip(pygame.Rect((0, 0), (lay.width, lay.height)))


# ---- top bar ---------------------------------------------------------------------------------

def _top_bar(sc: TableView, surf: pygame.Surface) -> None:
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

def shown_total(sc: TableView, seat: int) -> tuple[int, bool]:
    """The total on ``seat``'s plate and whether it is still counting (after a round is scored,
    totals count up on the animation clock; at speed "off" the event is applied at once)."""
    totals = sc.shown.totals
    total = totals[seat] if seat < len(totals) else 0
    e = sc.table.animator.active
    if isinstance(e, RoundScored) and sc.table.animator.tween is not None and seat < len(e.totals) \
            and e.totals[seat] != total:
        return round(lerp(total, e.totals[seat], sc.table.animator.tween.t)), not sc.table.animator.tween.done
    return total, False


def _plate_cached(sc: TableView, surf: pygame.Surface, seat: int) -> None:
    """A seat plate, re-drawn only when something on it changed."""
    from wizard.i18n import current_language
    lay, u, sh = sc.lay, sc.lay.unit, sc.shown
    box = R(lay.plates[sc.pos_of(seat)])
    margin = round(20 * u)

    def at(xs: list[object]) -> object:
        return xs[seat] if seat < len(xs) else None

    key = (box.size, u, current_language(), sc.session.seats[seat], sc.table.acting_seat() == seat,
           sc.table.thinking_seat == seat, at(sh.bids_made), at(sh.bids), at(sh.tricks), shown_total(sc, seat),  # type: ignore[arg-type]
           sh.dealer == seat, at(sh.hand_counts), sc.pos_of(seat) == 0, id(sc.app.painter))  # type: ignore[arg-type]
    cached = sc.plate_cache.get(seat)
    if cached is None or cached[0] != key:
        img = pygame.Surface((box.w + 2 * margin, box.h + 2 * margin), pygame.SRCALPHA)
        _plate(sc, img, seat, pygame.Rect(margin, margin, box.w, box.h))
        cached = sc.plate_cache[seat] = (key, img)
    surf.blit(cached[1], (box.x - margin, box.y - margin))


def _plate(sc: TableView, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
    u, sh = sc.lay.unit, sc.shown
    seat_spec = sc.session.seats[seat]
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
        label = str(won)  # a crowded plate: the stack beside it says what the number counts
    text.draw(surf, label, (x, y + th / 2), int(13 * u), theme.INK if won else theme.INK_DIM,
              anchor="midleft", max_w=room)
    total, counting = shown_total(sc, seat)
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
    count = text.render(str(n), int(14 * u), theme.INK, "bold")
    x = min(box.x + box.w * 0.47, right - (cw + 7 * u + count.get_width()))
    x = max(x, box.x + box.w * 0.42)
    y = box.bottom - 10 * u - 17 * u
    back = sc.app.painter.back(cw)
    surf.blit(back, (x, y))
    surf.blit(back, (x + 3 * u, y + 1 * u))
    surf.blit(count, count.get_rect(midleft=(round(x + cw + 7 * u), round(y + back.get_height() / 2))))


def _level_name(level: str | None) -> str:
    names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard"), "expert": _("Expert"),
             "random": _("Random"), "rulebid": _("Beginner")}
    return _("computer · {level}").format(level=names.get(level or "normal", level or ""))


# ---- deck, turned card, trump ----------------------------------------------------------------

def _deck(sc: TableView, surf: pygame.Surface) -> None:
    lay, u, sh, painter = sc.lay, sc.lay.unit, sc.shown, sc.app.painter
    deck, turned = R(lay.deck), R(lay.turned)
    dealt = sum(sh.hand_counts)
    left = max(0, 60 - dealt - (1 if sh.turned else 0))
    if sh.round:
        for k in range(min(6, max(1, left // 8))):
            painter.blit_back(surf, deck.move(-k * u, -k * u))
    if sh.round and sh.turned is None and not isinstance(sc.table.animator.active, TrumpRevealed):
        pygame.draw.rect(surf, (255, 255, 255), turned, width=max(1, round(u)),
                         border_radius=round(8 * u))
    lab = R(lay.trump_label)
    if not sh.round or sh.phase is Phase.DEAL:      # the trump is not known before the turn-up
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


