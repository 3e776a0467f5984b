"""The notice at the top of the table when the game cannot be saved (and when it can again).

A pure drawing helper: it reads a ``SaveStatus`` (``Prefs.save_status``) and draws nothing when
all is well. The table calls it last, after everything else::

    from wizard.ui.save_notice import draw_save_notice
    draw_save_notice(surf, self.unit, self.app.prefs.save_status)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pygame

from wizard.i18n import _

from . import text, theme
from .widgets import panel

HEADER = 60          # the table's header bar, in units: the notice goes just below it
TEXT_SIZE = 16


def notice_lines(status: Any, now: float | None = None) -> tuple[list[str], bool]:
    """(the paragraphs to show, whether they are bad news); no paragraph when all is well."""
    now = time.monotonic() if now is None else now
    out: list[str] = []
    bad = False
    if getattr(status, "failed", False):
        bad = True
        reason = getattr(status, "reason", "")
        if reason == "full":
            why = _("The game cannot be saved: the disk is full.")
        elif reason == "read_only":
            why = _("The game cannot be saved: the folder is read-only.")
        else:
            why = _("The game cannot be saved.")
        out.append(why)
        folder = getattr(status, "folder", None)
        if folder is not None:
            out.append(_("Folder: {path}").format(path=folder))
        out.append(_("Saving is tried again after every move; you can keep playing."))
    elif status is not None and status.showing_recovery(now):
        out.append(_("Saving works again: the game is saved."))
    if status is not None and status.showing_note(now):
        out.append(str(status.note))
    return out, bad


def notice_top(box: pygame.Rect, top: float, unit: float, height: int,
               avoid: Sequence[pygame.Rect] = (), rather: Sequence[pygame.Rect] = ()) -> int:
    """The y of a notice ``box`` (its size and x are set): from ``top`` down, below whatever it
    would cover, clear of every box of ``avoid`` (the players' plates) and, where it can be, of
    ``rather`` (the trick, the prompt, the hand); failing that, at ``top``."""
    for blocks in ((*avoid, *rather), tuple(avoid)):
        y = float(top)
        while y + box.h <= height:
            trial = box.move(0, round(y) - box.y)
            hits = [b for b in blocks if trial.colliderect(b)]
            if not hits:
                return round(y)
            y = max(b.bottom for b in hits) + 8 * unit
    return round(top)


def draw_save_notice(surf: pygame.Surface, unit: float, status: Any,
                     now: float | None = None, top: float | None = None,
                     avoid: Sequence[pygame.Rect] = (),
                     rather: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """Draw the notice at the top centre, below the header bar, moved down clear of ``avoid``
    (and of ``rather`` where it can: see ``notice_top``); its rectangle, or None if none.

    ``top``: the y where the notice starts (default: 8 units below a ``HEADER``-unit bar).
    """
    lines, bad = notice_lines(status, now)
    if not lines:
        return None
    w, _h = surf.get_size()
    size = max(10, int(TEXT_SIZE * unit))
    max_w = min(w * 0.8, 760 * unit)
    wrapped = [line for para in lines for line in text.wrap(para, size, max_w)]
    step = int(size * 1.3)
    pad = 10 * unit
    box_w = max(text.render(line, size).get_width() for line in wrapped) + 2 * pad
    box = pygame.Rect(0, 0, int(min(box_w, w - 16 * unit)), int(step * len(wrapped) + 2 * pad))
    start = (HEADER + 8) * unit if top is None else top
    box.midtop = (w // 2, int(start))
    box.y = notice_top(box, start, unit, surf.get_height(), avoid, rather)
    panel(surf, box, unit, fill=(70, 24, 22) if bad else theme.PANEL,
          edge=theme.BAD if bad else theme.GOOD)
    y = box.y + pad
    for line in wrapped:
        text.draw(surf, line, (box.centerx, y), size, theme.INK, anchor="midtop",
                  max_w=box.w - 2 * pad)
        y += step
    return box
