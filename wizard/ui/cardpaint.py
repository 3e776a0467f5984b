"""Card pictures for the table: the art engineer's ``CardArt`` with a plain fallback, and a log.

Every face drawn is logged with its role ("hand:2", "trick", "turned", "peek:1", "draw") so tests
can check that no frame shows a hand to the wrong person. The letters on Wizards and Jesters follow
the language (``messages.special_letter``: French "M" and "F"), and the four Wizards / four Jesters
keep their own pictures.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame

from wizard import messages
from wizard.engine import Kind

from . import text, theme

log = logging.getLogger(__name__)

_FALLBACK_COLOURS = {"B": (60, 110, 200), "G": (50, 150, 80), "R": (200, 60, 60), "Y": (210, 170, 40)}

_VARIED = ("W", "J")          # four different pictures each


def labels_for(language: str) -> dict[str, str]:
    """The Wizard/Jester letters of a language that differ from "W" and "J" (the catalog's, one source)."""
    letters = {"W": messages.special_letter(Kind.WIZARD, language),
               "J": messages.special_letter(Kind.JESTER, language)}
    return {code: letter for code, letter in letters.items() if letter != code}


def variants(codes: Sequence[str]) -> list[int]:
    """For each card of a hand or trick, which of the four pictures to use: the n-th Wizard gets n."""
    seen: dict[str, int] = {}
    out: list[int] = []
    for code in codes:
        if code in _VARIED:
            out.append(seen.get(code, 0) % 4)
            seen[code] = seen.get(code, 0) + 1
        else:
            out.append(0)
    return out


def _load_art(look: str, colourblind: bool, magic: bool, labels: dict[str, str]) -> Any:
    try:
        from wizard.ui.art import CardArt
    except ImportError:
        return None
    try:
        try:
            return CardArt(look=look, colourblind=colourblind, magic=magic, labels=labels)
        except TypeError:   # an older art module without the Magic-edition mark or labels
            return CardArt(look=look, colourblind=colourblind)
    except Exception:  # a broken art module must not stop the game
        log.exception("card art failed; using plain cards")
        return None


class _SurfaceCache:
    """Least-recently-used pictures within a memory budget (4K hands make big surfaces)."""

    def __init__(self, budget_bytes: int = 160 * 1024 * 1024) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._items: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __setitem__(self, key: tuple[Any, ...], surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= _bytes(old)
        self._items[key] = surf
        self.used += _bytes(surf)
        while self.used > self.budget and len(self._items) > 1:
            _k, dropped = self._items.popitem(last=False)
            self.used -= _bytes(dropped)


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


class CardPainter:
    """Scaled card faces and backs, cached; logs every face blitted."""

    def __init__(self, look: str = "classic", colourblind: bool = False, magic: bool = False,
                 language: str | None = None) -> None:
        self.look = look
        self.colourblind = colourblind
        self.magic = magic
        if language is None:
            from wizard.i18n import current_language
            language = current_language()
        self.labels = labels_for(language)
        self.art = _load_art(look, colourblind, magic, self.labels)
        self.faces_log: list[tuple[str, str]] = []
        self._cache = _SurfaceCache()

    def set_language(self, language: str) -> None:
        """Follow a language switch: new Wizard/Jester letters, pictures made again when needed."""
        labels = labels_for(language)
        if labels == self.labels:
            return
        self.labels = labels
        if self.art is not None:
            try:
                self.art.set_labels(labels)
            except Exception:
                log.exception("card art could not change its labels")
        self._cache = _SurfaceCache(self._cache.budget)

    def size(self, width: float) -> tuple[int, int]:
        """(w, h) of a card drawn ``width`` pixels wide."""
        w = max(8, round(width))
        if self.art is not None:
            try:
                return tuple(self.art.size(w))
            except Exception:
                pass
        return (w, round(w * 1.5))

    def face(self, code: str, width: float, variant: int = 0) -> pygame.Surface:
        """The face of card ``code`` (reference notation), ``width`` pixels wide; ``variant`` 0..3
        picks one of the four Wizards or Jesters."""
        w = max(8, round(width))
        v = variant % 4 if code in _VARIED else 0
        key = ("f", code, w, v)
        surf = self._cache.get(key)
        if surf is None:
            surf = None
            if self.art is not None:
                try:
                    surf = self.art.face(code, w, v)
                except Exception:
                    log.exception("face %s failed", code)
            if surf is None:
                surf = self._plain_face(code, w)
            self._cache[key] = surf
        return surf

    def back(self, width: float) -> pygame.Surface:
        """The back of a card."""
        w = max(8, round(width))
        key = ("b", w)
        surf = self._cache.get(key)
        if surf is None:
            surf = None
            if self.art is not None:
                try:
                    surf = self.art.back(w)
                except Exception:
                    log.exception("back failed")
            if surf is None:
                surf = self._plain_back(w)
            self._cache[key] = surf
        return surf

    def warm_jobs(self, widths: list[float]) -> list[Callable[[], None]]:
        """One job per card face not yet made at each width (to run while the app is idle)."""
        from wizard.engine import ALL_CARDS
        jobs: list[Callable[[], None]] = []
        for w in widths:
            for c in ALL_CARDS:
                if c.text != "MERLIN" and ("f", c.text, max(8, round(w)), 0) not in self._cache:
                    jobs.append(partial(self._warm, c.text, w))
        return jobs

    def _warm(self, code: str, width: float) -> None:
        self.face(code, width)

    def blit_face(self, surf: pygame.Surface, code: str, rect: pygame.Rect, role: str,
                  alpha: int = 255, variant: int = 0) -> None:
        """Draw a face into ``rect`` (scaled to its width) and log it with ``role``."""
        img = self.face(code, rect.w, variant)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surf.blit(img, rect.topleft)
        self.faces_log.append((code, role))

    def blit_back(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw a back into ``rect``."""
        surf.blit(self.back(rect.w), rect.topleft)

    def blit_hand(self, surf: pygame.Surface, code: str | None, rect: pygame.Rect, angle: float,
                  dim: bool, role: str, variant: int = 0) -> None:
        """A hand card (a back when ``code`` is None), tilted by ``angle`` and maybe dimmed,
        centred on ``rect``; cached."""
        v = variant % 4 if code in _VARIED else 0
        key = ("h", code, rect.w, round(angle * 2) / 2, dim, v)     # half-degree steps
        img = self._cache.get(key)
        if img is None:
            img = self.back(rect.w) if code is None else self.face(code, rect.w, v)
            if dim:
                img = img.copy()
                veil = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                pygame.draw.rect(veil, (0, 0, 0, 125), veil.get_rect(),
                                 border_radius=max(2, rect.w // 12))
                img.blit(veil, (0, 0))
            if abs(angle) > 0.05:
                img = pygame.transform.rotozoom(img, angle, 1.0)
            self._cache[key] = img
        surf.blit(img, img.get_rect(center=rect.center))
        if code is not None:
            self.faces_log.append((code, role))

    def blit_scaled(self, surf: pygame.Surface, code: str | None, rect: pygame.Rect, base: float,
                    role: str = "", variant: int = 0) -> None:
        """A face (or a back when ``code`` is None) made at width ``base``, scaled into ``rect``.

        For moving cards whose size changes every frame: the picture is made once.
        """
        img = self.back(base) if code is None else self.face(code, base, variant)
        if img.get_width() != rect.w:
            img = pygame.transform.smoothscale(img, (max(1, rect.w), max(1, round(rect.w * img.get_height() / img.get_width()))))
        surf.blit(img, rect.topleft)
        if code is not None:
            self.faces_log.append((code, role))

    def emblem(self, suit: str, size: float) -> pygame.Surface | None:
        """The suit's emblem, if the art provides one."""
        if self.art is None:
            return None
        key = ("e", suit, round(size))
        surf = self._cache.get(key)
        if surf is None:
            try:
                surf = self._cache[key] = self.art.suit_emblem(suit, round(size))
            except Exception:
                return None
        return surf

    # ---- plain fallback ------------------------------------------------------------------

    def _plain_face(self, code: str, w: int) -> pygame.Surface:
        h = round(w * 1.5)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (250, 248, 240), s.get_rect(), border_radius=max(3, w // 10))
        pygame.draw.rect(s, (40, 40, 40), s.get_rect(), width=1, border_radius=max(3, w // 10))
        colour = _FALLBACK_COLOURS.get(code[0], (60, 40, 100)) if code[0] in "BGRY" and code[1:].isdigit() \
            else (80, 50, 120)
        label = code.split(":")[0][:3] if not code[1:].isdigit() else code[1:]
        label = self.labels.get(label, label)
        text.draw(s, label, (w / 2, h / 2), int(w * 0.38), colour, role="bold", anchor="center",
                  max_w=w - 4)
        return s

    def _plain_back(self, w: int) -> pygame.Surface:
        h = round(w * 1.5)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (40, 50, 110), s.get_rect(), border_radius=max(3, w // 10))
        pygame.draw.rect(s, theme.GOLD, s.get_rect().inflate(-w // 8, -w // 8), width=max(1, w // 25),
                         border_radius=max(2, w // 12))
        return s
