"""Bundled fonts by role and size: DejaVu Sans for text, EB Garamond for titles."""

from __future__ import annotations

import pygame

from wizard.resources import asset_path

FONT_FILES: dict[str, str] = {
    "text": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "title": "EBGaramond12-Regular.otf",
    "index": "DejaVuSansCondensed-Bold.ttf",  # card corner indices (narrow digits)
}


def font_file(role: str = "text") -> str:
    """Absolute path of the font file used for `role` ("text", "bold", "title", "index")."""
    if role not in FONT_FILES:
        raise ValueError(f"unknown font role {role!r}; expected one of {sorted(FONT_FILES)}")
    return str(asset_path("fonts", FONT_FILES[role]))


_cache: dict[tuple[int, str], pygame.font.Font] = {}
_CACHE_LIMIT = 256


def font(size: int, role: str = "text") -> pygame.font.Font:
    """A cached pygame Font of pixel `size` for `role` ("text", "bold", "title", "index")."""
    key = (max(1, int(size)), role)
    cached = _cache.get(key)
    if cached is not None and pygame.font.get_init():
        try:
            cached.get_height()  # raises if pygame.font was quit since it was made
            return cached
        except pygame.error:
            _cache.clear()
    path = font_file(role)
    if not pygame.font.get_init():
        pygame.font.init()
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    made = pygame.font.Font(path, key[0])
    _cache[key] = made
    return made
