"""The table's input: clicks, drags and keys become the table's intents.

Where a click lands comes from the pure layout functions (``wizard.ui.layout``), never from
rectangles the drawing code stored. Keeping input that arrives during an animation, and
dropping the rest of a double click, is the table's business (``wizard.table``).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from wizard.engine import Card, Phase
from wizard.i18n import _
from wizard.table import (
    BidIntent,
    CancelChoice,
    Intent,
    MerlinIntent,
    Outcome,
    PlayIntent,
    Ready,
    Table,
    TrumpIntent,
)

from ..app import App
from ..layout import Box, TableLayout, bid_buttons, choice_buttons, hand_index_at

ACTION_KEYS = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP,
               pygame.K_w, pygame.K_j,
               *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_KP0, pygame.K_KP9 + 1)}
# keys that do not end a trick held "until I click" (modifiers, the window's own keys)
HOLD_KEYS = {pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
             pygame.K_F11}
KEY_GRACE = 0.5   # seconds a trick waiting for a key lies there before a key lets it go
TRUMP_KEYS = {pygame.K_1: "B", pygame.K_2: "G", pygame.K_3: "R", pygame.K_4: "Y"}
TRUMP_ORDER = "BGRY"


class Screen(Protocol):
    """What input mapping needs of the table scene (``TableScene`` has it; not imported here)."""

    table: Table
    lay: TableLayout
    hover: int | None
    selected: int | None
    pressed: int | None
    press_pos: tuple[int, int]
    drag_pos: tuple[int, int] | None
    review: bool
    pending_digit: tuple[int, float] | None
    app: App

    def submit(self, intent: Intent) -> Outcome: ...
    def say(self, text: str, seconds: float = 3.0, error: bool = False) -> None: ...
    def open_score_pad(self) -> None: ...
    def open_menu(self) -> None: ...
    def ask_hint(self) -> None: ...
    def take_back(self) -> None: ...
    def can_take_back(self) -> bool: ...
    def offers_hint(self) -> bool: ...
    def skip_animations(self) -> None: ...
    def my_turn(self) -> bool: ...
    def sorted_hand(self) -> list[Card]: ...


def _hit(box: Box, pos: tuple[int, int]) -> bool:
    return box.contains(pos)


def handle(sc: Screen, event: pygame.event.Event) -> None:
    """Keys for overlays, the curtain, dialogs; clicks and keys that become intents."""
    t = sc.table
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_TAB:
            sc.open_score_pad()
            return
        if event.key == pygame.K_ESCAPE:
            if t.choice == "merlin":
                sc.submit(CancelChoice())
                return
            sc.open_menu()
            return
        if event.key == pygame.K_l:
            sc.review = not sc.review
            return
        if event.key == pygame.K_h:
            sc.ask_hint()
            return
        if event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z
                                               and event.mod & pygame.KMOD_CTRL):
            sc.take_back()
            return
        if event.key == pygame.K_SPACE and (not t.drained or t.shown.held):   # (ends a hold too)
            sc.skip_animations()
            return
        if t.waiting_for_click() and event.key not in HOLD_KEYS:
            if t.hold_age() >= KEY_GRACE:   # any other key: the trick has been seen, go on
                sc.skip_animations()
            return                          # (a key pressed as the trick ended was not for it)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        lay = sc.lay
        for box, fn in ((lay.pad_button, sc.open_score_pad), (lay.menu_button, sc.open_menu)):
            if _hit(box, event.pos):
                fn()
                return
        if t.waiting_for_click():
            sc.skip_animations()            # a click anywhere else: go on
            return
        if sc.my_turn() and sc.offers_hint() and _hit(lay.hint_button, event.pos):
            sc.ask_hint()
            return
        if sc.can_take_back() and _hit(lay.undo_button, event.pos):
            sc.take_back()
            return
    if t.curtain_for is not None:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)):
            sc.selected = None
            sc.submit(Ready())
        return
    if event.type == pygame.MOUSEMOTION:
        n = len(t.shown.hand or [])
        idx = hand_index_at(sc.lay, n, event.pos, sc.hover)
        if idx != sc.hover:
            sc.hover = idx
            sc.app.dirty = True
        if sc.pressed is not None:
            sc.drag_pos = event.pos
        return
    if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
        return
    if event.type == pygame.KEYDOWN and event.key not in ACTION_KEYS:
        return
    if not t.viewers_turn():
        if event.type == pygame.MOUSEBUTTONUP:
            sc.pressed = None
            sc.drag_pos = None
        return
    if t.choice is not None or t.phase is Phase.TRUMP:
        _choice_input(sc, event)
    elif t.phase is Phase.BID:
        _bid_input(sc, event)
    elif t.phase is Phase.PLAY:
        _play_input(sc, event)


def bid(sc: Screen, n: int) -> None:
    """Bid ``n`` (or say why not)."""
    sc.submit(BidIntent(n))


def _bid_input(sc: Screen, event: pygame.event.Event) -> None:
    r = sc.table.round
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for n, box in enumerate(bid_buttons(sc.lay, r + 1)):
            if _hit(box, event.pos):
                bid(sc, n)
                return
    elif event.type == pygame.KEYDOWN:
        d = _digit(event.key)
        if d is not None:
            if sc.pending_digit is not None:
                first = sc.pending_digit[0]
                sc.pending_digit = None
                bid(sc, first * 10 + d if first * 10 + d <= r else first)
                return
            if d >= 1 and d * 10 <= r:
                sc.pending_digit = (d, sc.app.clock.now + 0.8)
                sc.say(_("Bid {n}… (type a second digit or wait)").format(n=d), 0.8)
                return
            bid(sc, d)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and sc.pending_digit:
            d = sc.pending_digit[0]
            sc.pending_digit = None
            bid(sc, d)


def _play_input(sc: Screen, event: pygame.event.Event) -> None:
    hand = sc.sorted_hand()
    n = len(hand)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        sc.pressed = hand_index_at(sc.lay, n, event.pos, sc.hover)
        sc.press_pos = event.pos
        sc.drag_pos = None
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        idx = hand_index_at(sc.lay, n, event.pos, sc.hover)
        pressed, sc.pressed = sc.pressed, None
        dragged = sc.drag_pos is not None and sc.press_pos[1] - event.pos[1] > sc.lay.hand_card[1] * 0.5
        sc.drag_pos = None
        if pressed is not None and (dragged or idx == pressed) and pressed < n:
            if getattr(sc.app.settings, "confirm_play", False) and sc.selected != pressed \
                    and not dragged:
                sc.selected = pressed
                sc.say(_("Click the card again to play it."), 2.0)
                return
            sc.submit(PlayIntent(hand[pressed]))
    elif event.type == pygame.KEYDOWN and n:
        if event.key == pygame.K_LEFT:
            sc.selected = (n - 1) if sc.selected is None else max(0, sc.selected - 1)
        elif event.key == pygame.K_RIGHT:
            sc.selected = 0 if sc.selected is None else min(n - 1, sc.selected + 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            if sc.selected is None:
                sc.selected = 0
                return
            sc.submit(PlayIntent(hand[min(sc.selected, n - 1)]))


def _choice_input(sc: Screen, event: pygame.event.Event) -> None:
    merlin = sc.table.choice == "merlin"
    if event.type == pygame.KEYDOWN:
        if not merlin and event.key in TRUMP_KEYS:
            sc.submit(TrumpIntent(TRUMP_KEYS[event.key]))
        elif merlin and event.key in (pygame.K_w, pygame.K_1, pygame.K_j, pygame.K_2):
            sc.submit(MerlinIntent(event.key in (pygame.K_w, pygame.K_1)))
        return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for i, box in enumerate(choice_buttons(sc.lay, 2 if merlin else 4)):
            if _hit(box, event.pos):
                sc.submit(MerlinIntent(i == 0) if merlin else TrumpIntent(TRUMP_ORDER[i]))
                return


def _digit(key: int) -> int | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None
