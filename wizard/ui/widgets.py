"""Buttons, panels and choice cycles (text boxes: ``textbox.py``); each draws itself and answers pygame events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from . import text, theme
from .textbox import TextBox as TextBox  # noqa: F401  (screens take their widgets from here)

Label = str | Callable[[], str]


def label_text(label: Label) -> str:
    """The label now (callables are re-read so a language switch shows at once)."""
    return label() if callable(label) else label


def panel(surf: pygame.Surface, rect: pygame.Rect, unit: float, fill: tuple[int, int, int] = theme.PANEL,
          alpha: int = 232, edge: tuple[int, int, int] | None = theme.PANEL_EDGE,
          radius: float = 12) -> None:
    """A rounded translucent panel with a brass edge and a soft shadow (cached per size)."""
    rect = pygame.Rect(rect)
    img = _panel_image(rect.w, rect.h, round(unit * 100), fill, alpha, edge, radius)
    surf.blit(img, (rect.x - 3, rect.y - 1))


@lru_cache(maxsize=256)
def _panel_image(w: int, h: int, unit100: int, fill: tuple[int, int, int], alpha: int,
                 edge: tuple[int, int, int] | None, radius: float) -> pygame.Surface:
    unit = unit100 / 100
    r = max(4, round(radius * unit))
    img = pygame.Surface((w + 9, h + 9), pygame.SRCALPHA)
    pygame.draw.rect(img, (0, 0, 0, 70), pygame.Rect(3, 4, w + 4, h + 4).inflate(-4, -4),
                     border_radius=r + 4)
    body = pygame.Rect(3, 1, w, h)
    pygame.draw.rect(img, (0, 0, 0, 0), body, border_radius=r)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=r)
    img.fill((0, 0, 0, 0), body)
    img.blit(layer, body.topleft)
    if edge is not None:
        pygame.draw.rect(img, edge, body, width=max(1, round(2 * unit)), border_radius=r)
    return img


def centred_note(surf: pygame.Surface, msg: str, rect: pygame.Rect, size: int, unit: float) -> None:
    """A dim note in the middle of an empty panel, wrapped to the panel's width (a long one, such
    as French's, is neither shrunk below the floor nor cut with an ellipsis)."""
    box_w = max(1, int(rect.w - 40 * unit))
    lines = text.wrap(msg, size, box_w)
    height = len(lines) * int(size * 1.25)
    box = pygame.Rect(rect.x + 20 * unit, rect.centery - height // 2, box_w, height)
    text.draw_wrapped(surf, msg, box, size, theme.INK_DIM, align="center")


def dim(surf: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind a dialog)."""
    surf.blit(_veil(surf.get_size(), alpha), (0, 0))


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size)
    veil.fill((0, 0, 0))
    veil.set_alpha(alpha)
    return veil


class Button:
    """A clickable button with a label, optional hotkey, and a reason shown when disabled."""

    def __init__(self, rect: pygame.Rect | tuple[float, float, float, float], label: Label,
                 on_click: Callable[[], None], *, enabled: bool = True, reason: Label = "",
                 primary: bool = False, selected: bool = False, keys: Sequence[int] = (),
                 size: float | None = None, danger: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.danger = danger        # destroys something: drawn in red
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.reason = reason
        self.primary = primary
        self.selected = selected
        self.keys = tuple(keys)
        self.size = size
        self.hover = False
        self.pressed = False
        self.focused = False     # chosen with the keyboard

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True if it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                if self.enabled:
                    self.on_click()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in self.keys and self.enabled:
            self.on_click()
            return True
        return False

    def draw(self, surf: pygame.Surface, unit: float) -> None:
        """Draw the button."""
        r = max(3, round(8 * unit))
        if not self.enabled:
            fill = theme.BUTTON_OFF
        elif self.pressed:
            fill = theme.BUTTON_DOWN
        elif self.danger:
            fill = theme.DANGER_HOVER if self.hover else theme.DANGER
        elif self.primary:
            fill = theme.PRIMARY_HOVER if self.hover else theme.PRIMARY
        else:
            fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        rect = self.rect
        pygame.draw.rect(surf, (0, 0, 0), rect.move(0, max(1, round(2 * unit))), border_radius=r)
        pygame.draw.rect(surf, fill, rect, border_radius=r)
        edge = theme.ACCENT if self.selected else (theme.PANEL_EDGE if self.enabled else (80, 84, 80))
        pygame.draw.rect(surf, edge, rect, width=max(1, round((3 if self.selected else 1.5) * unit)),
                         border_radius=r)
        if self.focused:
            pygame.draw.rect(surf, (255, 255, 255), rect.inflate(8 * unit, 8 * unit),
                             width=max(2, round(2 * unit)), border_radius=r + round(4 * unit))
        size = self.size or max(12, min(rect.h * 0.45, 22 * unit))
        colour = theme.INK if self.enabled else (130, 134, 130)
        text.draw(surf, label_text(self.label), rect.center, int(size), colour,
                  role="bold", anchor="center", max_w=rect.w - 10 * unit)


class Cycle(Button):
    """A button that steps through choices; shows "label: value"."""

    def __init__(self, rect: pygame.Rect | tuple[float, float, float, float], values: Sequence[object],
                 current: object, show: Callable[[object], str], on_change: Callable[[object], None],
                 **kw: object) -> None:
        self.values = list(values)
        self.current = current
        self.show = show
        self.on_change = on_change
        super().__init__(rect, lambda: self.show(self.current), self._next, **kw)  # type: ignore[arg-type]

    def _next(self) -> None:
        i = self.values.index(self.current) if self.current in self.values else -1
        self.current = self.values[(i + 1) % len(self.values)]
        self.on_change(self.current)
