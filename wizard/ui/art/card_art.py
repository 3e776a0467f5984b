"""CardArt: cached surfaces for card faces, backs and markers in one look and palette."""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from wizard.ui.art import backs
from wizard.ui.art.layout import card_size
from wizard.ui.art.palette import Colour, palette
from wizard.ui.art.special import special_face
from wizard.ui.art.suited import suited_face

log = logging.getLogger(__name__)

LOOKS = ("classic", "standard")
SPECIALS = ("W", "J", "GRAIL", "EXCALIBUR", "MERLIN", "MERLIN:W", "MERLIN:J", "MORGAN")
BACK_STYLE_COUNT = len(backs.BACK_STYLES)
_SUITED = re.compile(r"^([BGRY])(1[0-3]|[1-9])$")
_CACHE_BYTES = 96 * 1024 * 1024  # evict least-recently-used surfaces beyond this
SHADOW_PAD = 0.06


class CardArt:
    """Card faces, backs, suit emblems and markers for one look ("classic"/"standard") and palette.

    `labels` maps "W"/"J" to the letters printed on Wizards and Jesters (e.g. {"W": "Z", "J": "N"});
    `magic` marks the rank-1 cards of the Magic edition with a spark.
    """

    def __init__(
        self,
        look: str = "classic",
        colourblind: bool = False,
        labels: dict[str, str] | None = None,
        magic: bool = False,
    ) -> None:
        if look not in LOOKS:
            raise ValueError(f"unknown card look {look!r}; expected one of {LOOKS}")
        self.look = look
        self.colourblind = colourblind
        self.labels: dict[str, str] = dict(labels or {})
        self.magic = magic  # Magic edition: rank-1 cards carry a spark (they can become Magic Wizards)
        self._colours = palette(look, colourblind)
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._bytes = 0

    # -- cache ----------------------------------------------------------------------------

    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = _prepared(make())
        self._cache[key] = surf
        self._bytes += _size_of(surf)
        while self._bytes > _CACHE_BYTES and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self._bytes -= _size_of(old)
        return surf

    def clear_cache(self) -> None:
        """Forget every cached surface (e.g. after the display mode changed)."""
        self._cache.clear()
        self._bytes = 0

    def set_labels(self, labels: dict[str, str]) -> None:
        """Change the Wizard/Jester letters (e.g. {"W": "Z", "J": "N"}) and drop affected surfaces."""
        if labels != self.labels:
            self.labels = dict(labels)
            self.clear_cache()

    # -- public API -------------------------------------------------------------------------

    def size(self, width: int) -> tuple[int, int]:
        """Card (w, h) in pixels for a width."""
        return card_size(width)

    def face(self, card: str, width: int, variant: int = 0) -> pygame.Surface:
        """The face of `card` (reference notation) at `width` pixels; `variant` 0..3 picks a Wizard/Jester."""
        width = max(8, int(width))
        m = _SUITED.match(card)
        if m:
            suit, rank = m.group(1), int(m.group(2))
            return self._cached(
                ("face", card, width),
                lambda: suited_face(self.look, suit, rank, self._colours[suit], width, self.magic),
            )
        if card not in SPECIALS:
            raise ValueError(f"unknown card {card!r}")
        v = variant % 4 if card in ("W", "J") else 0
        return self._cached(
            ("face", card, width, v),
            lambda: special_face(card, width, self.look, self._colours, self.labels, v),
        )

    def back(self, width: int, style: int = 0) -> pygame.Surface:
        """A card back; `style` 0..BACK_STYLE_COUNT-1."""
        width = max(8, int(width))
        style %= BACK_STYLE_COUNT
        return self._cached(("back", width, style), lambda: backs.back(width, style))

    def slot(self, width: int) -> pygame.Surface:
        """The empty turned-up-card slot outline."""
        width = max(8, int(width))
        return self._cached(("slot", width), lambda: backs.slot(width))

    def suit_emblem(self, suit: str, size: int) -> pygame.Surface:
        """The suit's mark (people's emblem or French suit) on a transparent square of `size`."""
        if suit not in self._colours:
            raise ValueError(f"unknown suit {suit!r}")
        return self._cached(
            ("emblem", suit, int(size)),
            lambda: backs.emblem(self.look, suit, self._colours[suit], int(size)),
        )

    def trump_marker(self, suit: str | None, size: int) -> pygame.Surface:
        """A round marker for the trump suit; None gives the "no trump" marker."""
        if suit is not None and suit not in self._colours:
            raise ValueError(f"unknown suit {suit!r}")
        return self._cached(
            ("trump", suit, int(size)),
            lambda: backs.trump_marker(self.look, suit, self._colours, int(size)),
        )

    def shadow(self, width: int) -> pygame.Surface:
        """A soft card shadow, (w, h) grown by SHADOW_PAD * width per side; blit it a little down-right."""
        width = max(8, int(width))
        return self._cached(("shadow", width), lambda: backs.shadow(width, SHADOW_PAD))

    def dealer_mark(self, size: int) -> pygame.Surface:
        """The dealer's token (a gold disc with a little deck on it)."""
        return self._cached(("dealer", int(size)), lambda: backs.dealer_mark(int(size)))

    def suit_colour(self, suit: str) -> Colour:
        """The look's main colour for a suit (follows the colour-blind setting)."""
        return self._colours[suit].main

    def suit_ink(self, suit: str) -> Colour:
        """A dark tone of the suit colour, readable as text on light backgrounds."""
        return self._colours[suit].dark


def _size_of(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


def _prepared(surf: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting when a display mode exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:  # pragma: no cover - depends on the display driver
            log.debug("convert_alpha failed; keeping the unconverted surface")
    return surf
