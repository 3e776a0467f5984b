"""The table's input: clicks, drags and keys become bids, cards and dialog choices.

Input meant for the person whose turn it is is kept while an animation runs and replayed
once, when the screen has caught up (never lost, never applied twice).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from wizard.engine import Bid, ChooseTrump, Phase, Play, card
from wizard.i18n import _

from ..layout import hand_index_at

if TYPE_CHECKING:
    from .table import TableScene

DOUBLE_CLICK = 0.35   # seconds after one's own action when more clicks are not kept for later
ACTION_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
ACTION_KEYS = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP,
               pygame.K_w, pygame.K_j,
               *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_KP0, pygame.K_KP9 + 1)}


def handle(sc: TableScene, event: pygame.event.Event) -> None:
    """Keys for overlays, the curtain, dialogs; action input (buffered while animating)."""
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_TAB:
            sc.open_score_pad()
            return
        if event.key == pygame.K_ESCAPE:
            if sc.dialog == "merlin":
                sc.dialog = None
                return
            sc.open_menu()
            return
        if event.key == pygame.K_l:
            sc.review = not sc.review
            return
        if event.key == pygame.K_h:
            sc.ask_hint()
            return
        if event.key == pygame.K_SPACE and not sc.drained:
            sc.skip_animations()
            return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for rect, fn in sc.hit_boxes:
            if rect.collidepoint(event.pos):
                fn()
                return
    if sc.curtain_for is not None:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)):
            sc.show_seat(sc.curtain_for)
        return
    if event.type == pygame.MOUSEMOTION:
        _hover(sc, event.pos)
        if sc.pressed is not None:
            sc.drag_pos = event.pos
        return
    if event.type not in ACTION_EVENTS:
        return
    if event.type == pygame.KEYDOWN and event.key not in ACTION_KEYS:
        return
    s = sc.session
    if s.is_human_turn() and s.current == sc.viewer and sc.curtain_for is None:
        if sc.drained:
            action_input(sc, event)
        elif len(sc.buffer) < 4 and time.perf_counter() - sc.acted_at > DOUBLE_CLICK:
            sc.buffer.append(event)   # (the rest of a double click on a card just played is dropped)
    elif event.type == pygame.MOUSEBUTTONUP and sc.pressed is not None:
        sc.pressed = None
        sc.drag_pos = None

def _hover(sc: TableScene, pos: tuple[int, int]) -> None:
    n = len(sc.shown.hand or [])
    idx = hand_index_at(sc.lay, n, pos, sc.hover)
    if idx != sc.hover:
        sc.hover = idx
        sc.app.dirty = True

def action_input(sc: TableScene, event: pygame.event.Event) -> None:
    """Turn a click or key into a bid, a card, or a dialog choice."""
    phase = sc.session.state.phase
    if sc.dialog is not None:
        _dialog_input(sc, event)
        return
    if phase is Phase.TRUMP:
        sc.dialog = "trump"
        _dialog_input(sc, event)
        return
    if phase is Phase.BID:
        _bid_input(sc, event)
    elif phase is Phase.PLAY:
        _play_input(sc, event)

def _bid_input(sc: TableScene, event: pygame.event.Event) -> None:
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for rect, n, ok in sc.bid_hit:
            if rect.collidepoint(event.pos):
                if ok:
                    sc.try_bid(n)
                else:
                    sc._act(Bid(n))   # refused: shows the reason
                return
    elif event.type == pygame.KEYDOWN:
        d = _digit(event.key)
        r = sc.session.state.round
        if d is not None:
            if sc.pending_digit is not None:
                first = sc.pending_digit[0]
                sc.pending_digit = None
                if first * 10 + d <= r:
                    sc.try_bid(first * 10 + d)
                    return
                sc.try_bid(first)
                return
            if d >= 1 and d * 10 <= r:
                sc.pending_digit = (d, sc.app.clock.now + 0.8)
                sc.say(_("Bid {n}… (type a second digit or wait)").format(n=d), 0.8)
                return
            sc.try_bid(d)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and sc.pending_digit:
            d = sc.pending_digit[0]
            sc.pending_digit = None
            sc.try_bid(d)

def _play_input(sc: TableScene, event: pygame.event.Event) -> None:
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
            sc.try_play(hand[pressed])
    elif event.type == pygame.KEYDOWN and n:
        if event.key == pygame.K_LEFT:
            sc.selected = (n - 1) if sc.selected is None else max(0, sc.selected - 1)
        elif event.key == pygame.K_RIGHT:
            sc.selected = 0 if sc.selected is None else min(n - 1, sc.selected + 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            if sc.selected is None:
                sc.selected = 0
                return
            sc.try_play(hand[min(sc.selected, n - 1)])

def _dialog_input(sc: TableScene, event: pygame.event.Event) -> None:
    if event.type == pygame.KEYDOWN:
        if sc.dialog == "trump":
            keys = {pygame.K_1: "B", pygame.K_2: "G", pygame.K_3: "R", pygame.K_4: "Y"}
            if event.key in keys:
                sc._act(ChooseTrump(keys[event.key]))
        elif sc.dialog == "merlin":
            if event.key in (pygame.K_w, pygame.K_1):
                sc._act(Play(card("MERLIN:W")))
            elif event.key in (pygame.K_j, pygame.K_2):
                sc._act(Play(card("MERLIN:J")))
        return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for rect, action in sc.dialog_buttons:
            if rect.collidepoint(event.pos):
                sc._act(action)
                return


def _digit(key: int) -> int | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None
