"""The top bar: the round, the bid sum (coloured against the tricks), the tricks played, the
badge of the game being played, and the buttons. ``top_items`` says where each part lies, for the
drawing and for the tooltips."""

from __future__ import annotations

import pygame

from wizard import messages
from wizard.i18n import _, ngettext
from wizard.table.picture import Picture
from wizard.table.tips import badge, bids_tone

from .. import text, theme
from ..fonts import font
from ..widgets import Button, panel
from .common import R, TableView

TONES = {"under": theme.GOOD, "over": theme.BAD, "even": theme.INK, "open": theme.INK}


def _sizes(u: float) -> tuple[int, int]:
    return int(22 * u), int(20 * u)


def top_items(sc: TableView, picture: Picture | None = None) -> dict[str, tuple[str, pygame.Rect]]:
    """Each part of the top bar's left side as ``key -> (text, rect)``: "round", "bids",
    "played" and "badge" (each left out when there is no room: a solo game's Take back button
    takes the bar's room at 1024x640 with a large interface)."""
    lay, u = sc.lay, sc.lay.unit
    pic = picture if picture is not None else sc.picture()
    bar = R(lay.top_bar)
    big, size = _sizes(u)
    out: dict[str, tuple[str, pygame.Rect]] = {}
    x = 14 * u
    right = (lay.undo_button if sc.can_take_back() else lay.hint_button).x - 12 * u

    def place(key: str, s: str, px: int, role: str, pad: float = 0.0) -> None:
        nonlocal x
        w, h = font(px, text.face_for(s, role)).size(s)
        r = pygame.Rect(0, 0, w + 2 * pad, h + pad)
        r.midleft = (round(x), bar.centery)
        out[key] = (s, r)
        x = r.right + 20 * u

    assert pic.config is not None, "a table's picture knows its game"
    label = badge(pic.config)
    badge_w = font(int(16 * u), text.face_for(label, "bold")).size(label)[0] + 20 * u
    if pic.round:
        place("round", sc.round_label(pic), big, "bold")
        total = "?" if pic.bids_sum is None else pic.bids_sum
        start = x             # "Bids: 3 for 2 tricks", not "3 of 2" (read as players); where
        place("bids", messages.bids_against_tricks(total, pic.round), size, "text")  # that
        if x + badge_w > right:                # leaves no room for the edition's badge, the
            x = start                          # short form "Bids 3/2 tricks"
            place("bids", messages.bids_against_tricks_short(total, pic.round), size, "text")
    if x + badge_w <= right:
        place("badge", label, int(16 * u), "bold", pad=10 * u)
    if pic.round:
        played = pic.tricks_played
        s = ngettext("{n} trick played", "{n} tricks played", played).format(n=played)
        if x + font(size).size(s)[0] <= right:
            place("played", s, size, "text")
    return out


def top_bar(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Draw the bar (on the table's cached layer)."""
    lay, u = sc.lay, sc.lay.unit
    bar = R(lay.top_bar)
    strip = pygame.Surface(bar.size, pygame.SRCALPHA)
    strip.fill((8, 22, 16, 200))
    surf.blit(strip, bar.topleft)
    pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, max(1, round(u)))
    big, size = _sizes(u)
    items = top_items(sc, picture)
    if "round" in items:
        s, r = items["round"]
        text.draw(surf, s, r.midleft, big, theme.ACCENT, role="bold", anchor="midleft")
        s, r = items["bids"]
        text.draw(surf, s, r.midleft, size, TONES[bids_tone(picture)], anchor="midleft")
    if "played" in items:
        s, r = items["played"]
        text.draw(surf, s, r.midleft, size, theme.INK_DIM, anchor="midleft")
    if "badge" in items:
        s, r = items["badge"]
        panel(surf, r, u, fill=(44, 40, 24), alpha=255, edge=theme.PANEL_EDGE,
              radius=r.h / 2 / max(u, 0.1))
        text.draw(surf, s, r.center, int(16 * u), theme.PARCHMENT, role="bold", anchor="center")
    buttons = [(lay.pad_button, _("Scores (Tab)"), sc.open_score_pad),
               (lay.menu_button, _("Menu (Esc)"), sc.open_menu)]
    if picture.my_turn and sc.offers_hint():
        buttons.append((lay.hint_button, _("Hint (H)"), sc.ask_hint))
    if sc.can_take_back():
        buttons.append((lay.undo_button, _("Take back (Ctrl+Z)"), sc.take_back))
    # one size for every button of the bar: the largest at which each label fits its button
    base = max(12, min(R(lay.menu_button).h * 0.45, 22 * u))
    common = min(text.fit_size(label, int(base), R(box).w - 10 * u, "bold")
                 for box, label, _fn in buttons)
    for box, label, fn in buttons:
        b = Button(R(box), label, fn, size=common)
        b.hover = R(box).collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() else False
        b.draw(surf, u)
