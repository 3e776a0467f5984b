"""Settings: language (live), animation speed, computer pause, sound, window, scale, cards."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _, available_languages, current_language, pgettext, set_language
from wizard.persistence.settings import TRICK_UNTIL_CLICK

from .. import text, theme
from ..screenlayout import (
    RowsLayout,
    anchored_offset,
    anchored_shift,
    rows_layout,
    scrolled_into_view,
    value_size,
)
from ..widgets import Button, Cycle, dim
from .base import Screen, background

# The value of the "Animations" row: the adjectives agree with "animations" (plural, feminine in
# French and Catalan), so they have their own context, apart from the switches' "Off".
SPEED_NAMES = {
    "off": lambda: pgettext("animations are", "Off"),
    "fast": lambda: pgettext("animations are", "Fast"),
    "normal": lambda: pgettext("animations are", "Normal"),
    "slow": lambda: pgettext("animations are", "Slow"),
}


def _servers_name(value: object, mailbox: str | None) -> str:
    """The "Internet codes" value: magic-wormhole's public servers, off, or a club's own."""
    if value == "public":
        return _("public (magic-wormhole)")
    if value == "off":
        return pgettext("internet codes are", "Off")      # a plural: "Désactivés", "Desactivats"
    host = (mailbox or "").split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    return host or _("our own…")


def _servers_kind(mailbox: str | None) -> str:
    return "public" if mailbox is None else "off" if mailbox == "off" else "own"


def _trick_hold_name(value: object) -> str:
    """The "Finished trick stays" value: a time (with animations off), or until a click."""
    if value == TRICK_UNTIL_CLICK:
        return _("until I click")
    return _("{ms} ms (animations off)").format(ms=value)


class SettingsScene(Screen):
    """Every setting, applied at once and saved; the rows scroll when they are taller than the window."""

    title = N_("Settings")

    def __init__(self, app: Any) -> None:
        self.offset = 0.0                            # the rows' scroll (``screenlayout``)
        self.anchor: tuple[int, float, float] | None = None   # (row, centre) kept through a new layout
        self.shift = 0.0                                 # the rows moved sideways to keep that row
        self.laid_for = (0, 0)
        super().__init__(app)

    def build(self, width: int, height: int) -> None:
        """One row per setting."""
        st = self.app.settings
        rows: list[tuple[str, Any]] = []
        langs = dict(available_languages())
        rows.append((_("Language"), Cycle((0, 0, 1, 1), list(langs), current_language(),
                                          lambda v: langs[str(v)], self._lang)))
        rows.append((_("Animations"), Cycle((0, 0, 1, 1), list(SPEED_NAMES), st.animation_speed,
                                            lambda v: SPEED_NAMES[str(v)](),
                                            lambda v: self._set("animation_speed", v))))
        rows.append((_("Pause between computer moves"),
                     Cycle((0, 0, 1, 1), [0, 300, 600, 1000, 1500], st.ai_pause_ms,
                           lambda v: _("{ms} ms").format(ms=v), lambda v: self._set("ai_pause_ms", v))))
        rows.append((_("Finished trick stays"),
                     Cycle((0, 0, 1, 1), [0, 500, 1000, 1500, 2500, TRICK_UNTIL_CLICK], st.trick_hold_ms,
                           _trick_hold_name, lambda v: self._set("trick_hold_ms", v))))
        rows.append((_("Sound"), Cycle((0, 0, 1, 1), [True, False], st.sound,
                                       lambda v: _("On") if v else _("Off"), lambda v: self._set("sound", v))))
        rows.append((_("Volume"), Cycle((0, 0, 1, 1), [0.2, 0.4, 0.6, 0.8, 1.0], st.volume,
                                        lambda v: f"{round(float(v) * 100)} %",  # type: ignore[arg-type]
                                        lambda v: self._set("volume", v))))
        rows.append((_("Display"), Cycle((0, 0, 1, 1), [False, True], self.app.fullscreen,
                                         lambda v: _("Full screen") if v else _("Window"),
                                         lambda v: self.app.set_fullscreen(bool(v)))))
        rows.append((_("Interface size"), Cycle((0, 0, 1, 1), [0.85, 1.0, 1.15, 1.3], st.ui_scale,
                                                lambda v: f"{round(float(v) * 100)} %",  # type: ignore[arg-type]
                                                lambda v: self._set("ui_scale", v, relayout=True))))
        rows.append((_("Cards"), Cycle((0, 0, 1, 1), ["classic", "standard"], st.card_look,
                                       lambda v: messages.look_name(str(v)),
                                       lambda v: self._set("card_look", v, cards=True))))
        rows.append((_("Colour-blind-safe deck"), Cycle((0, 0, 1, 1), [False, True], st.colourblind,
                                                        lambda v: _("On") if v else _("Off"),
                                                        lambda v: self._set("colourblind", v, cards=True))))
        rows.append((_("Confirm before playing a card"),
                     Cycle((0, 0, 1, 1), [False, True], st.confirm_play,
                           lambda v: _("On") if v else _("Off"), lambda v: self._set("confirm_play", v))))
        rows.append((_("Play a forced card automatically"),
                     Cycle((0, 0, 1, 1), [True, False], st.auto_play_forced,
                           lambda v: _("On") if v else _("Off"),
                           lambda v: self._set("auto_play_forced", v))))
        rows.append((_("Last trick of a round stays"),
                     Cycle((0, 0, 1, 1), [True, False], st.last_trick_waits,
                           lambda v: _("until I click") if v else _("like the others"),
                           lambda v: self._set("last_trick_waits", v))))
        rows.append((_("Internet codes"),
                     Cycle((0, 0, 1, 1), ["public", "off", "own"], _servers_kind(st.net_mailbox),
                           lambda v: _servers_name(v, self.app.settings.net_mailbox),
                           self._servers)))
        self.lay = self._rows_layout(width, height, len(rows))
        self.rows = []
        self.row_widgets: list[Cycle] = []
        for i, (label, w) in enumerate(rows):
            w.rect = pygame.Rect(self.lay.controls[i].tuple())
            w.size = value_size(self.lay)
            w.on_change = partial(self._changed, i, w.on_change)
            self.widgets.append(w)
            self.row_widgets.append(w)
            self.rows.append((pygame.Rect(self.lay.labels[i].tuple()), label))
        self.widgets.append(Button(self.lay.done.tuple(), lambda: _("Done"), self.back, primary=True,
                                   keys=(pygame.K_RETURN,)))

    def _rows_layout(self, width: int, height: int, count: int) -> RowsLayout:
        """The rows at the scroll offset; after a change, with the changed row where it was."""
        scale = float(self.app.settings.ui_scale)
        if self.anchor is not None:
            index, x, y = self.anchor
            self.anchor = None
            self.offset = anchored_offset(width, height, count, scale, index, y)
            self.shift = anchored_shift(width, height, count, scale, index, x)
        elif (width, height) != self.laid_for:        # a new window size: scroll back into range
            self.offset = rows_layout(width, height, count, scale, self.offset).clamp(self.offset)
            self.shift = 0.0
        self.laid_for = (width, height)
        return rows_layout(width, height, count, scale, self.offset, self.shift)

    def _changed(self, index: int, apply: Callable[[object], None], value: object) -> None:
        """A row changed its value: remember where it is, so a new layout keeps it there."""
        self.anchor = (index, *self.lay.controls[index].center)
        apply(value)
        if self.anchor is not None:        # nothing was laid out again
            self.anchor = None

    def scroll_to(self, offset: float) -> None:
        """Move the rows (the wheel, or the keyboard reaching a row out of view)."""
        offset = self.lay.clamp(offset, keep=self.offset)
        if offset != self.offset:
            self.offset = offset
            self.layout(*self.size)

    def _servers(self, kind: object) -> None:
        """Public servers, none, or a club's own (typed in their own window)."""
        st = self.app.settings
        if kind == "own":
            self.app.open("net_servers", done=lambda: self.layout(*self.size))
            return
        st.net_mailbox = None if kind == "public" else "off"
        st.net_relay = None
        self.app.prefs.save_settings()

    def _lang(self, code: object) -> None:
        self.app.settings.language = str(code)
        set_language(str(code))          # listeners lay every screen out again
        self.app.prefs.save_settings()

    def _set(self, key: str, value: object, cards: bool = False, relayout: bool = False) -> None:
        setattr(self.app.settings, key, value)
        if key in ("sound", "volume"):
            self.app.sounds = self.app._load_sounds()
        if cards:
            self.app.refresh_painter()
        if relayout:
            self.app.relayout()
        self.app.prefs.save_settings()

    def handle(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the rows; a click outside their band reaches no row."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset + event.y * self.lay.pitch)
            return
        pos = getattr(event, "pos", None)
        if pos is not None and not self.lay.view.contains(pos):
            for w in self.widgets:
                if w not in self.row_widgets and w.handle(event):  # type: ignore[attr-defined]
                    self.app.dirty = True
            for w in self.row_widgets:
                w.hover = w.pressed = False
            return
        super().handle(event)
        items = self.focusable()
        if self.kb_focus is not None and self.kb_focus < len(items) and items[self.kb_focus] in self.row_widgets:
            index = self.row_widgets.index(items[self.kb_focus])    # type: ignore[arg-type]
            if not self.lay.visible(index):
                self.scroll_to(scrolled_into_view(self.lay, index))

    def draw(self, surf: pygame.Surface) -> None:
        """Title, the rows clipped to their band with a scroll bar if they overflow, Done."""
        if self.opaque:
            surf.blit(background(surf.get_size()), (0, 0))
        else:
            dim(surf, 150)
        self.draw_title(surf)
        view = pygame.Rect(self.lay.view.tuple())
        surf.set_clip(view)
        try:
            self.draw_body(surf)
            for row in self.row_widgets:
                if row.rect.colliderect(view):
                    row.draw(surf, self.unit)
        finally:
            surf.set_clip(None)
        for w in self.widgets:
            if w not in self.row_widgets:
                w.draw(surf, self.unit)  # type: ignore[attr-defined]
        if self.lay.scrollable():
            self._draw_scroll_bar(surf, view)

    def _draw_scroll_bar(self, surf: pygame.Surface, view: pygame.Rect) -> None:
        u = self.unit
        right = min(max(c.right for c in self.lay.controls) + 18 * u, surf.get_width() - 8 * u)
        track = pygame.Rect(right, view.y + 4 * u, max(4, round(6 * u)), view.h - 8 * u)
        lo, _hi = self.lay.offset_range()
        shown = view.h / self.lay.content_h
        thumb_h = max(track.h * shown, 24 * u)
        done = max(0.0, min(1.0, self.lay.offset / lo)) if lo else 0.0
        thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * done, track.w, thumb_h)
        pygame.draw.rect(surf, theme.PANEL, track, border_radius=track.w // 2)
        pygame.draw.rect(surf, theme.PANEL_EDGE, thumb, border_radius=track.w // 2)

    def draw_body(self, surf: pygame.Surface) -> None:
        """Row labels."""
        view = pygame.Rect(self.lay.view.tuple())
        for rect, label in self.rows:
            if not rect.colliderect(view):
                continue        # scrolled out of sight
            text.draw(surf, label, (rect.right, rect.centery), int(18 * self.unit), theme.INK, "bold",
                      anchor="midright", max_w=rect.w)
