"""Painting a lesson's words on the table (Learn to play): a panel on free felt, clear of the
trick, the hand, the bid buttons and the plates (the hint's room), with Continue under a note;
and a ring around the move the lesson asks for.

Where the panel and its button go is a pure function of the layout and the words
(``lesson_box``), so the scene's input finds the button where it is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from wizard.engine import Play
from wizard.i18n import _
from wizard.table.tutorial import Note

from .. import text, theme
from ..fonts import font
from ..hintlayout import hint_room
from ..layout import Box, choice_buttons
from ..widgets import panel
from .common import R, TableView
from .hint import action_target, room_for
from .topbar import top_items

MIN_SIZE = 11


@dataclass(frozen=True, slots=True)
class LessonBox:
    """The lesson's panel fitted to its room: its box, the header and body lines and sizes, and
    the Continue button's box (None when the lesson waits for a move instead); at the end of the
    first lesson, ``other`` is "Play a real game" (left of "Back to the lessons")."""

    box: Box
    header: str
    header_size: int
    lines: list[str]
    size: int
    button: Box | None
    pad: float
    other: Box | None = None


def offers_real_game(sc: TableView, note: Note) -> bool:
    """The end of the first lesson offers a real game too."""
    return note.kind == "done" and bool(getattr(sc, "offers_real_game", False))


def header_text(sc: TableView, note: Note) -> str:
    """"Learn to play · 3 of 21": the lesson and how far it has come."""
    title = getattr(sc, "lesson_title", "")
    if note.kind == "done":                      # not "step 27 of 27" on the panel after it
        return _("{lesson} · finished").format(lesson=title)
    return _("{lesson} · step {step} of {steps}").format(lesson=title, step=note.step,
                                                           steps=note.steps)


def _fits(note_text: str, bold: bool, button: bool, size: int, width: float, height: float,
          u: float) -> bool:
    """Whether a note fits the lesson's room at ``size``."""
    pad = 14 * u
    hs = max(MIN_SIZE - 1, size - 3)
    lines = text.wrap(note_text, size, width, "bold" if bold else "text")
    need = (2 * pad + font(hs, "text").get_linesize() + 6 * u
            + len(lines) * font(size, "text").get_linesize() + (40 * u + 10 * u if button else 0))
    return need <= height


@lru_cache(maxsize=32)
def steady_size(notes: tuple[tuple[str, bool, bool], ...], width: float, height: float,
                u: float) -> int:
    """One text size for every note of a lesson (#35: the size no longer changes between
    steps): the largest at which each of ``notes`` (text, bold, with a button) fits."""
    for size in range(max(MIN_SIZE, round(19 * u)), MIN_SIZE - 1, -1):
        if all(_fits(t, bold, button, size, width, height, u) for t, bold, button in notes):
            return size
    return MIN_SIZE


def lesson_box(sc: TableView, note: Note) -> LessonBox:
    """The lesson's one text size (``steady_size``), or smaller if this note needs it (down to
    ``MIN_SIZE``), fitting the note in the lesson's room."""
    room = room_for(sc)
    u = sc.lay.unit
    pad = 14 * u
    width = room.w - 2 * pad
    header = header_text(sc, note)
    button = note.kind in ("say", "done")
    bh = 40 * u if button else 0.0
    notes = getattr(sc, "note_texts", lambda: ())()
    # the size is the one every note fits with the trick shown (the smaller room), so that it
    # stays the same from the first step to the last
    small = hint_room(sc.lay, (), trick=True)
    top = steady_size(notes, width, min(room.h, small.h), u) if notes \
        else max(MIN_SIZE, round(19 * u))
    for size in range(top, MIN_SIZE - 1, -1):
        hs = max(MIN_SIZE - 1, size - 3)
        lines = text.wrap(note.text, size, width, "bold" if note.kind == "do" else "text")
        height = (2 * pad + font(hs, "text").get_linesize() + 6 * u
                  + len(lines) * font(size, "text").get_linesize() + (bh + 10 * u if button else 0))
        if height <= room.h or size == MIN_SIZE:
            height = min(height, room.h)
            box = Box(room.x, room.bottom - height, room.w, height)
            btn = other = None
            if button and offers_real_game(sc, note):
                bw = min(220 * u, (room.w - 2 * pad - 12 * u) / 2)
                btn = Box(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
                other = Box(btn.x - 12 * u - bw, btn.y, bw, bh)
            elif button:
                bw = min(200 * u, room.w - 2 * pad)
                btn = Box(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
            return LessonBox(box, header, hs, lines, size, btn, pad, other)
    raise AssertionError("unreachable")


def _ring_around(sc: TableView, surf: pygame.Surface, target: pygame.Rect) -> pygame.Rect:
    u = sc.lay.unit
    width = max(4, round(6 * u))
    edge = max(1, round(2 * u))
    ring_box = target.inflate(2 * width + 8 * u, 2 * width + 8 * u)
    radius = round(12 * u)
    pygame.draw.rect(surf, theme.PANEL, ring_box.inflate(2 * edge, 2 * edge), width=width + 2 * edge,
                     border_radius=radius + edge)
    pygame.draw.rect(surf, theme.ACCENT, ring_box, width=width, border_radius=radius)
    return ring_box


def point_at(sc: TableView, surf: pygame.Surface, note: Note) -> pygame.Rect | None:
    """The part of the table a note talks about, ringed ("bids": the bid sum in the top bar)."""
    if note.point == "bids":
        items = top_items(sc)
        if "bids" in items:
            return _ring_around(sc, surf, items["bids"][1])
    return None


def ring(sc: TableView, surf: pygame.Surface, note: Note) -> pygame.Rect | None:
    """The lesson's move ringed: a broad gold ring edged in dark, plain on any card or button."""
    if note.action is None:
        return None
    action = note.action
    merlin = isinstance(action, Play) and action.card.declared is not None
    picture = sc.picture()
    if picture.choice == "merlin" and merlin:         # the question is open: ring the answer
        assert isinstance(action, Play)
        target: pygame.Rect | None = R(choice_buttons(sc.lay, 2)[0 if action.card.declared == "W"
                                                                    else 1])
    elif picture.choice is not None:
        return None
    else:
        target = action_target(sc, action, picture)
    if target is None:
        return None
    u = sc.lay.unit
    ring_box = _ring_around(sc, surf, target)
    if isinstance(action, Play) and picture.choice is None:    # a card: a tag above it says so
        img = text.render(_("This card"), int(15 * u), theme.PANEL, "bold")
        tag = img.get_rect(midbottom=(ring_box.centerx, ring_box.y - 4 * u)).inflate(14 * u, 6 * u)
        if tag.y > R(sc.lay.prompt).bottom:
            pygame.draw.rect(surf, theme.ACCENT, tag, border_radius=round(8 * u))
            surf.blit(img, img.get_rect(center=tag.center))
    return ring_box


def draw(sc: TableView, surf: pygame.Surface, note: Note | None, focus: int = 0) -> None:
    """The ring around the lesson's move (or what its note points at), then the panel with the
    note and its buttons (``focus``: 0 the right-hand button, 1 the other; -1 none)."""
    if note is None:
        return
    if note.kind == "do" and note.action is not None:
        ring(sc, surf, note)
    elif note.point:
        point_at(sc, surf, note)
    fit = lesson_box(sc, note)
    box = R(fit.box)
    u = sc.lay.unit
    panel(surf, box, u, alpha=245)
    x, y = box.x + fit.pad, box.y + fit.pad
    text.draw(surf, fit.header, (x, y), fit.header_size, theme.INK_DIM, anchor="topleft",
              max_w=box.w - 2 * fit.pad)
    y += font(fit.header_size, "text").get_linesize() + 6 * u
    role = "bold" if note.kind == "do" else "text"
    colour = theme.ACCENT if note.kind == "do" else theme.INK
    step = font(fit.size, role).get_linesize()
    for line in fit.lines:
        surf.blit(text.render(line, fit.size, colour, role), (x, y))
        y += step
    buttons = []
    if fit.button is not None:
        buttons.append((fit.button, _("Continue") if note.kind == "say" else _("Back to the lessons")))
    if fit.other is not None:
        buttons.append((fit.other, _("Play a real game")))
    for k, (box_, label) in enumerate(buttons):
        b = R(box_)
        pygame.draw.rect(surf, theme.ACCENT, b, border_radius=round(8 * u))
        if focus == k:
            pygame.draw.rect(surf, theme.INK, b.inflate(6 * u, 6 * u), width=max(1, round(2 * u)),
                             border_radius=round(10 * u))
        text.draw(surf, label, b.center, int(min(18 * u, fit.size)), theme.PANEL, "bold",
                  anchor="center", max_w=b.w - 10 * u)
