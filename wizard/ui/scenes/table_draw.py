"""Painting the table: a cached layer (felt, top bar, deck), then the plates, the cards and the
dialogs (painters in ``wizard.ui.board``), from the table's ``Picture`` (``Table.picture()``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wizard.engine import Phase
from wizard.i18n import _
from wizard.table.picture import Picture, trump_label

from .. import text, theme
from ..board import cards, dialogs, hint, piles, plates, tips, topbar, trick
from ..board.common import R, TableView, felt
from ..save_notice import draw_save_notice


def draw_table(sc: TableView, surf: pygame.Surface,
               over: Callable[[pygame.Surface], None] | None = None) -> None:
    """Everything, back to front: ``over`` (a lesson's ring and words) goes over the table and
    under the tooltip, which is drawn last of all but the save notice."""
    picture = sc.picture()                # what is shown now: the painters draw this snapshot
    top_key, deck_key = _static_keys(sc, surf, picture)
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
        topbar.top_bar(sc, layer, picture)
    if old_deck != deck_key:
        area = _deck_area(sc)
        layer.blit(felt(surf.get_size()), area, area)
        _deck(sc, layer, picture)
    sc.static_layer = ((top_key, deck_key), layer)
    surf.blit(layer, (0, 0))
    for p in picture.plates:
        plates.plate(sc, surf, p)
    piles.piles(sc, surf, picture)
    cards.turned(sc, surf, picture)
    cards.drawn_for_dealer(sc, surf, picture)
    cards.peeks(sc, surf, picture)
    trick.trick(sc, surf, picture)
    cards.hand(sc, surf, picture)
    cards.flying(sc, surf, picture)
    dialogs.prompt(sc, surf, picture)
    hint.draw(sc, surf, picture)
    if sc.review:
        dialogs.review(sc, surf, picture)
    if picture.choice is not None and picture.my_turn:
        dialogs.dialog(sc, surf, picture)
        hint.draw_over_question(sc, surf, picture)
    if over is not None:
        over(surf)
    if picture.curtain is not None:
        dialogs.curtain(sc, surf, picture)
    else:
        tips.draw(sc, surf, picture)
    # a save that fails is said at once, over everything, with its reason and folder
    lay = sc.lay
    draw_save_notice(surf, lay.unit, sc.app.prefs.save_status, top=lay.top_bar.bottom + 8 * lay.unit,
                     avoid=[pygame.Rect(b.tuple()) for b in lay.plates],
                     rather=[pygame.Rect(b.tuple()) for b in (*lay.trick_spots, lay.prompt, lay.hand)])


def _static_keys(sc: TableView, surf: pygame.Surface,
                 p: Picture) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """What the top bar and the deck corner of the cached layer depend on."""
    from wizard.i18n import current_language
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    hover = tuple(R(b).collidepoint(mouse) for b in (sc.lay.pad_button, sc.lay.menu_button,
                                                      sc.lay.hint_button, sc.lay.undo_button))
    common = (surf.get_size(), current_language(), p.round, sc.look, id(sc.app.painter))
    top = (*common, p.rounds, p.bids_sum, all(p.bids_made), p.tricks_played, hover, p.my_turn,
           sc.can_take_back())
    deck = (*common, p.dealer, p.pack_left // 8, p.pack_left == 0, p.trump, p.choosing,
            p.turned is None, _turning(p), p.phase is Phase.DEAL)
    return top, deck


def _turning(p: Picture) -> bool:
    """The trump card is being turned up (its place is not outlined meanwhile)."""
    return p.motion is not None and p.motion.kind == "turn"


def _deck_area(sc: TableView) -> pygame.Rect:
    """The corner the deck, the turned card and the trump label occupy (with their shadows)."""
    lay = sc.lay
    area = R(lay.deck).union(R(lay.turned)).union(R(lay.trump_label))
    return area.inflate(16 * lay.unit, 16 * lay.unit).clip(pygame.Rect((0, 0), (lay.width, lay.height)))


# ---- deck, turned card, trump ----------------------------------------------------------------

def _deck(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    lay, u, painter = sc.lay, sc.lay.unit, sc.app.painter
    deck, turned = R(lay.deck), R(lay.turned)
    left = picture.pack_left        # none in the last round: no pile, no empty place for a turn-up
    for k in range(min(6, max(1, left // 8)) if left else 0):
        painter.blit_back(surf, deck.move(-k * u, -k * u))
    if left and picture.turned is None and not _turning(picture):
        pygame.draw.rect(surf, (255, 255, 255), turned, width=max(1, round(u)),
                         border_radius=round(8 * u))
    lab = R(lay.trump_label)
    if not picture.round or picture.phase is Phase.DEAL:   # the trump is not known before the turn-up
        return
    txt = trump_label(picture, picture.names, picture.you, sc.look)
    x = lab.x
    if painter.art is not None:
        try:
            mk = painter.art.trump_marker(picture.trump, int(lab.h))
            surf.blit(mk, (lab.x, lab.y))
            x += mk.get_width() + 8 * u
        except Exception:
            pass
    text.draw(surf, _("Trump"), (x, lab.y + lab.h * 0.27), int(15 * u), theme.INK_DIM,
              anchor="midleft", max_w=lab.right - x)
    text.draw(surf, txt, (x, lab.y + lab.h * 0.72), int(19 * u), theme.ACCENT, role="bold",
              anchor="midleft", max_w=lab.right - x)


