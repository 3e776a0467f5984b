"""Small pieces shared by the table's painters: rectangles, the felt, a centred banner."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import pygame

from wizard.table.picture import Picture

from .. import text, theme
from ..app import App
from ..layout import Box, TableLayout
from ..widgets import panel


class TableView(Protocol):
    """What the painters read of the table scene (``TableScene`` has it; painters never import it).

    What is shown comes from the table's ``Picture`` (handed to each painter, or ``picture()``
    for a fresh one); the rest is the screen's own: the layout, the pointer, the hand's
    selection and drag, the last-trick view, a passing message, and what the scene offers (a
    lesson offers no hint and no take-back)."""

    app: App
    lay: TableLayout
    message: tuple[str, float, bool] | None
    review: bool
    hover: int | None
    selected: int | None
    pressed: int | None
    drag_pos: tuple[int, int] | None
    pointer: tuple[int, int] | None
    static_layer: tuple[tuple[object, object], pygame.Surface] | None
    plate_cache: dict[int, tuple[object, pygame.Surface]]

    def picture(self) -> Picture: ...
    @property
    def look(self) -> str: ...
    def pos_of(self, seat: int) -> int: ...
    def lifted_index(self) -> int | None: ...
    def hand_rects(self) -> list[pygame.Rect]: ...
    def open_score_pad(self) -> None: ...
    def open_menu(self) -> None: ...
    def ask_hint(self) -> None: ...
    def take_back(self) -> None: ...
    def can_take_back(self) -> bool: ...
    def offers_hint(self) -> bool: ...
    def round_label(self, picture: Picture) -> str: ...
    def keep_clear(self) -> tuple[Box, ...]: ...


def R(b: Box) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt for a window size (the art's, or a plain gradient)."""
    try:
        from wizard.ui.art import table_surface
        return table_surface(size)
    except Exception:
        surf = pygame.Surface(size)
        w, h = size
        for i in range(0, h, 4):
            k = 1 - abs(i - h / 2) / h
            c = [int(theme.FELT_DARK[j] + (theme.FELT[j] - theme.FELT_DARK[j]) * k) for j in range(3)]
            pygame.draw.rect(surf, c, (0, i, w, 4))
        return surf


def banner_box(sc: TableView, msg: str) -> pygame.Rect:
    """Where ``banner`` puts ``msg``'s panel (the hint's panel keeps clear of it)."""
    u = sc.lay.unit
    img = text.render(msg, int(26 * u), theme.ACCENT, "title")
    return img.get_rect(center=sc.lay.trick_area.center).inflate(40 * u, 18 * u)


def banner(sc: TableView, surf: pygame.Surface, msg: str) -> None:
    """A message on a panel in the middle of the trick area."""
    u = sc.lay.unit
    img = text.render(msg, int(26 * u), theme.ACCENT, "title")
    box = banner_box(sc, msg)
    panel(surf, box, u)
    surf.blit(img, img.get_rect(center=box.center))
