"""Text on surfaces: cached rendering, fitting a width, wrapping paragraphs."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from wizard.ui.fonts import font

from . import theme

_SURROGATES = re.compile("[\ud800-\udfff]")


def face_for(text: str, role: str) -> str:
    """The font role that draws ``text``: a title with figures in it is set in the text face, as the
    title face's old-style figures read "1" as "I" ("Round I / I5")."""
    if role == "title" and any(ch.isdigit() for ch in text):
        return "text"
    return role


def drawable(text: str) -> str:
    """``text`` with each lone surrogate (text no font can draw) shown as U+FFFD."""
    return _SURROGATES.sub("\ufffd", text)


# The smallest text size a player is asked to read (pixels): text is fitted by its wording or its
# layout, never shrunk below it. The smoke test checks every screen at 1024x640 against it.
TEXT_FLOOR = 10
# While a list (the smoke test), every line rendered is noted here: (pixel size, text).
sizes_seen: list[tuple[int, str]] | None = None


def render(text: str, size: int, colour: tuple[int, int, int] = theme.INK,
           role: str = "text") -> pygame.Surface:
    """``text`` rendered antialiased at pixel ``size`` (cached).

    Any text draws: a lone surrogate shows as U+FFFD, and text with no width (only zero-width
    characters, such as a stored name of U+200B) gives an empty surface of the line's height
    instead of pygame's "Text has zero width" error.
    """
    if sizes_seen is not None and text.strip():
        sizes_seen.append((max(6, int(size)), text))
    return _render(text, size, colour, role)


@lru_cache(maxsize=2048)
def _render(text: str, size: int, colour: tuple[int, int, int], role: str) -> pygame.Surface:
    f = font(max(6, int(size)), face_for(text, role))
    text = drawable(text)
    try:
        return f.render(text, True, colour)
    except pygame.error:
        if f.size(text)[0] > 0:
            raise
        return pygame.Surface((0, f.get_linesize()), pygame.SRCALPHA)


def fit_size(text: str, size: int, max_w: float, role: str = "text",
             min_size: int = TEXT_FLOOR) -> int:
    """The largest size <= ``size`` at which ``text`` fits in ``max_w`` pixels."""
    role = face_for(text, role)
    text = drawable(text)
    s = int(size)
    while s > min_size and font(s, role).size(text)[0] > max_w:
        s -= 1
    return s


def draw(surf: pygame.Surface, text: str, pos: tuple[float, float], size: int,
         colour: tuple[int, int, int] = theme.INK, role: str = "text", anchor: str = "topleft",
         max_w: float | None = None, shadow: bool = False) -> pygame.Rect:
    """Draw one line anchored at ``pos`` ("topleft", "center", "midleft"...), shrunk to ``max_w``."""
    text = drawable(text)
    if max_w is not None:
        size = fit_size(text, size, max_w, role)
    img = render(text, int(size), colour, role)
    if max_w is not None and img.get_width() > max_w:   # still too long: ellipsis
        while text and font(int(size), face_for(text, role)).size(text + "…")[0] > max_w:
            text = text[:-1]
        img = render(text + "…", int(size), colour, role)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surf.blit(render(text, int(size), theme.SHADOW, role), rect.move(1, 2))
    surf.blit(img, rect)
    return rect


def wrap(text: str, size: int, max_w: float, role: str = "text") -> list[str]:
    """``text`` broken into lines no wider than ``max_w`` (explicit newlines kept)."""
    text = drawable(text)
    f = font(max(6, int(size)), face_for(text, role))
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= max_w or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def draw_wrapped(surf: pygame.Surface, text: str, box: pygame.Rect, size: int,
                 colour: tuple[int, int, int] = theme.INK, role: str = "text",
                 line_gap: float = 1.25, align: str = "left") -> int:
    """Draw a wrapped paragraph in ``box``; returns the height used."""
    lines = wrap(text, size, box.w, role)
    y = box.y
    step = int(size * line_gap)
    for line in lines:
        if align == "center":
            draw(surf, line, (box.centerx, y), size, colour, role, anchor="midtop")
        else:
            draw(surf, line, (box.x, y), size, colour, role)
        y += step
    return y - box.y
