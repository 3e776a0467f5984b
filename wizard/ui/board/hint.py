"""Painting the hint (H): Expert's choice ringed among the bid buttons or in the hand, and a panel
on free felt with its sentence and the choices it weighed, its own first.

What the hint says and to whom it is shown is the table's (the picture's ``hint``, from
``Table.shown_hint``); where the panel goes is ``wizard.ui.hintlayout``'s. This module only fits
the words in and draws."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from wizard.engine import Action, Bid, ChooseTrump, Phase, Play
from wizard.table import HintReady
from wizard.table.picture import Picture

from .. import text, theme
from ..fonts import font
from ..hintlayout import hint_room
from ..layout import Box, bid_buttons, choice_buttons
from ..widgets import panel
from .cards import peek_layout
from .common import R, TableView

TRUMP_ORDER = "BGRY"       # the trump buttons, left to right (as the trump question draws them)

MIN_SIZE = 10        # px: smaller than this, rows are left out instead (Expert's stays)


@dataclass(frozen=True, slots=True)
class HintLines:
    """The hint's words fitted into a box: sizes, wrapped lines, and the panel's own box."""

    box: Box                              # the panel (inside the room, at its bottom)
    title_size: int
    title: list[str]
    size: int
    rows: list[tuple[bool, list[str]]]    # (Expert's own choice, its lines), in order
    pad: float
    gap: float
    note: tuple[str, ...] = ()            # how precise the numbers are, in a smaller size
    note_size: int = MIN_SIZE
    change: tuple[str, ...] = ()          # what changed since the last hint, under the title


@lru_cache(maxsize=8)
def fit_hint(hint: HintReady, room: Box, u: float) -> HintLines:
    """The largest text that puts the hint's sentence and every row in ``room``; if even
    ``MIN_SIZE`` is too large, the last rows are left out."""
    pad, gap = 12 * u, 6 * u
    width = room.w - 2 * pad
    texts = [r.text for r in hint.rows]
    # the rows come first: with too little room the note's precision goes, then the note (what
    # the lines mean), then the last rows
    notes = list(dict.fromkeys((hint.note, hint.note_short, "")))
    for count, noted in ((c, keep) for c in range(len(texts), -1, -1) for keep in notes):
        for size in range(max(MIN_SIZE, round(16 * u)), MIN_SIZE - 1, -1):
            title_size = size + max(1, round(2 * u))
            title = text.wrap(hint.text, title_size, width, "bold")
            change = text.wrap(hint.change, size, width, "text") if hint.change else []
            rows = [(hint.rows[i].best, text.wrap(texts[i], size, width, "bold" if hint.rows[i].best
                                                   else "text")) for i in range(count)]
            note_size = max(MIN_SIZE, size - max(1, round(2 * u)))
            note = text.wrap(noted, note_size, width, "text") if noted and count else []
            height = _height(title_size, title, size, rows, pad, gap)
            if change:
                height += gap + len(change) * font(size, "text").get_linesize()
            if note:
                height += gap + len(note) * font(note_size, "text").get_linesize()
            widest = max(_widest(title_size, title, size, rows),
                         max((font(note_size, "text").size(t)[0] for t in note), default=0),
                         max((font(size, "text").size(t)[0] for t in change), default=0))
            if height <= room.h and widest <= width + 0.5:
                return HintLines(Box(room.x, room.bottom - height, room.w, height), title_size,
                                 title, size, rows, pad, gap, tuple(note), note_size,
                                 tuple(change))
    return HintLines(room, MIN_SIZE, [hint.text], MIN_SIZE, [], pad, gap)


def _height(title_size: int, title: list[str], size: int, rows: list[tuple[bool, list[str]]],
            pad: float, gap: float) -> float:
    line = font(size, "text").get_linesize()
    h = 2 * pad + len(title) * font(title_size, "bold").get_linesize()
    return h + sum(gap + len(lines) * line for _b, lines in rows)


def _widest(title_size: int, title: list[str], size: int,
            rows: list[tuple[bool, list[str]]]) -> int:
    widths = [font(title_size, "bold").size(t)[0] for t in title]
    widths += [font(size, "bold" if best else "text").size(t)[0] for best, lines in rows for t in lines]
    return max(widths, default=0)


def room_for(sc: TableView, picture: Picture | None = None) -> Box:
    """Where the hint's panel may go now: clear of the hands shown under clairvoyance too, and
    of the trick's places unless nothing lies there (bidding, the draw for dealer over)."""
    pic = picture if picture is not None else sc.picture()
    avoid = tuple(b for h in peek_layout(sc, pic) for b in (h.label, *h.cards)) if pic.peeks else ()
    empty = pic.phase is Phase.BID and not (pic.trick or pic.drawn)
    return hint_room(sc.lay, avoid, trick=not empty)


def draw(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Ring Expert's choice and draw the panel, while the hint is for the person at the screen."""
    hint = picture.hint
    if hint is None or hint.action is None:
        return
    u = sc.lay.unit
    if not isinstance(hint.action, ChooseTrump):
        _ring_choice(sc, surf, hint, picture)   # the trump question's ring goes over its dialog
    fit = fit_hint(hint, room_for(sc, picture), u)
    box = R(fit.box)
    panel(surf, box, u, alpha=240)
    x, y = box.x + fit.pad, box.y + fit.pad
    step = font(fit.title_size, "bold").get_linesize()
    for line in fit.title:
        surf.blit(text.render(line, fit.title_size, theme.ACCENT, "bold"), (x, y))
        y += step
    step = font(fit.size, "text").get_linesize()
    if fit.change:                   # what moved the numbers since the last hint
        y += fit.gap
        for line in fit.change:
            surf.blit(text.render(line, fit.size, theme.INK, "text"), (x, y))
            y += step
    for best, lines in fit.rows:
        y += fit.gap
        if best:                     # Expert's own choice: marked in the margin and in bold
            pygame.draw.rect(surf, theme.ACCENT, pygame.Rect(box.x + 4 * u, y + 2 * u,
                                                             max(2, round(3 * u)),
                                                             len(lines) * step - 4 * u))
        for line in lines:
            surf.blit(text.render(line, fit.size, theme.ACCENT if best else theme.INK,
                                  "bold" if best else "text"), (x, y))
            y += step
    if fit.note:
        y += fit.gap
        step = font(fit.note_size, "text").get_linesize()
        for line in fit.note:
            surf.blit(text.render(line, fit.note_size, theme.INK_DIM, "text"), (x, y))
            y += step


def draw_over_question(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Ring Expert's suit on the trump question (drawn after the question's dialog)."""
    hint = picture.hint
    if hint is not None and isinstance(hint.action, ChooseTrump):
        _ring_choice(sc, surf, hint, picture)


def _ring_choice(sc: TableView, surf: pygame.Surface, hint: HintReady, picture: Picture) -> None:
    """A ring around Expert's bid button, its trump suit's button, or its card in the hand."""
    if hint.action is not None:
        ring_action(sc, surf, hint.action, picture=picture)


def action_target(sc: TableView, action: Action, picture: Picture | None = None) -> pygame.Rect | None:
    """Where ``action`` is chosen on the table now: its bid button, its trump suit's button (while
    the question is open) or its card in the hand; None if it is not shown."""
    pic = picture if picture is not None else sc.picture()
    if isinstance(action, ChooseTrump):
        if pic.choice == "trump" and action.suit in TRUMP_ORDER:
            return R(choice_buttons(sc.lay, 4)[TRUMP_ORDER.index(action.suit)])
    elif isinstance(action, Bid):
        options = pic.bids
        if action.n < len(options):
            return R(bid_buttons(sc.lay, len(options))[action.n])
    elif isinstance(action, Play):
        held = action.card.in_hand
        hand = pic.hands[pic.viewer] if pic.viewer is not None else None
        if hand is not None and held in hand:
            return sc.hand_rects()[hand.index(held)]
    return None


def ring_action(sc: TableView, surf: pygame.Surface, action: Action,
                colour: tuple[int, int, int] = theme.GOOD,
                picture: Picture | None = None) -> pygame.Rect | None:
    """A ring around where ``action`` is chosen (the hint's and the lessons'); the ring's box."""
    target = action_target(sc, action, picture)
    if target is None:
        return None
    u = sc.lay.unit
    width = max(3, round(4 * u))
    ring = target.inflate(2 * width + 4 * u, 2 * width + 4 * u)
    pygame.draw.rect(surf, colour, ring, width=width, border_radius=round(10 * u))
    return ring
