"""How to play: the chapters of ``wizard.rules_text``, one at a time, scrollable."""

from __future__ import annotations

from functools import partial

import pygame

from wizard.engine import Edition
from wizard.i18n import N_, _
from wizard.rules_text import chapters

from .. import text, theme
from ..widgets import Button, panel
from .base import Screen


class RulesScene(Screen):
    """Chapter tabs on the left, the text on the right; wheel or arrows scroll."""

    title = N_("How to play")

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.chapter = 0
        self.scroll = 0.0
        self.content_h = 0.0

    def build(self, width: int, height: int) -> None:
        """Chapter buttons and Back."""
        u = self.unit
        for i, (_key, title, _sections) in enumerate(chapters()):
            self.widgets.append(Button((30 * u, 110 * u + i * 62 * u, width * 0.22, 52 * u), title,
                                       partial(self._pick, i), selected=i == self.chapter))
        n = len(chapters())
        self.widgets.append(Button((30 * u, 110 * u + n * 62 * u + 18 * u, width * 0.22, 52 * u),
                                   lambda: _("The cards"), self.legend))
        self.widgets.append(Button((30 * u, height - 80 * u, width * 0.22, 52 * u),
                                   lambda: _("Back"), self.back))

    def legend(self) -> None:
        """The card legend of the edition read now (the classic deck for the variants)."""
        key = chapters()[self.chapter][0]
        editions = {e.value for e in Edition}           # a chapter named after an edition
        self.app.open("card_legend", edition=key if key in editions else Edition.CLASSIC.value)

    def _pick(self, i: int) -> None:
        self.chapter = i
        self.scroll = 0
        self.layout(*self.size)

    def text_rect(self) -> pygame.Rect:
        """Where the chapter's text goes."""
        w, h = self.size
        u = self.unit
        x = 30 * u + w * 0.22 + 30 * u
        return pygame.Rect(x, 100 * u, w - x - 30 * u, h - 130 * u)

    def handle(self, event: pygame.event.Event) -> None:
        """Scrolling, then the buttons."""
        step = 60 * self.unit
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += step * (5 if event.key == pygame.K_PAGEDOWN else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= step * (5 if event.key == pygame.K_PAGEUP else 1)
        else:
            super().handle(event)
            return
        self.scroll = max(0.0, min(self.scroll, self.max_scroll()))
        self.app.dirty = True

    def inner_rect(self) -> pygame.Rect:
        """The text's own band inside the panel (clipped; it scrolls)."""
        return self.text_rect().inflate(-40 * self.unit, -30 * self.unit)

    def max_scroll(self) -> float:
        """How far the chapter scrolls (0 when it fits)."""
        return max(0.0, self.content_h - self.inner_rect().h)

    def scroll_bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(track, thumb) of the scroll bar, as on Settings, when the chapter is taller than its
        panel; None when it fits."""
        view = self.inner_rect()
        if self.content_h <= view.h:
            return None
        u = self.unit
        box = self.text_rect()
        track = pygame.Rect(box.right - 14 * u, view.y, max(4, round(6 * u)), view.h)
        thumb_h = max(track.h * view.h / self.content_h, 24 * u)
        done = max(0.0, min(1.0, self.scroll / self.max_scroll()))
        thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * done, track.w, thumb_h)
        return track, thumb

    def draw_body(self, surf: pygame.Surface) -> None:
        """The chapter's sections, clipped to the text panel."""
        u = self.unit
        box = self.text_rect()
        panel(surf, box, u, fill=(244, 236, 214), alpha=250)
        inner = box.inflate(-40 * u, -30 * u)
        old = surf.get_clip()
        surf.set_clip(inner)
        y = inner.y - self.scroll
        _key, _title, sections = chapters()[self.chapter]
        for title, paras in sections:
            y += text.draw_wrapped(surf, title, pygame.Rect(inner.x, y, inner.w, 0), int(24 * u),
                                   theme.WOOD, "title") + 4 * u
            for p in paras:
                y += text.draw_wrapped(surf, p, pygame.Rect(inner.x, y, inner.w, 0), int(17 * u),
                                       theme.INK_DARK) + 10 * u
            y += 14 * u
        self.content_h = y + self.scroll - inner.y
        surf.set_clip(old)
        bar = self.scroll_bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surf, theme.PARCHMENT_LINE, track, border_radius=track.w // 2)
            pygame.draw.rect(surf, theme.WOOD, thumb, border_radius=track.w // 2)
