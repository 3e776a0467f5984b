"""Settings: language (live), animation speed, computer pause, sound, window, scale, cards."""

from __future__ import annotations

from typing import Any

import pygame

from wizard import messages
from wizard.i18n import N_, _, available_languages, current_language, pgettext, set_language

from .. import text, theme
from ..widgets import Button, Cycle
from .base import Screen

# The value of the "Animations" row: the adjectives agree with "animations" (plural, feminine in
# French and Catalan), so they have their own context, apart from the switches' "Off".
SPEED_NAMES = {
    "off": lambda: pgettext("animations are", "Off"),
    "fast": lambda: pgettext("animations are", "Fast"),
    "normal": lambda: pgettext("animations are", "Normal"),
    "slow": lambda: pgettext("animations are", "Slow"),
}


class SettingsScene(Screen):
    """Every setting, applied at once and saved."""

    title = N_("Settings")

    def build(self, width: int, height: int) -> None:
        """One row per setting."""
        st = self.app.settings
        u = self.unit
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
        rows.append((_("Finished trick stays (animations off)"),
                     Cycle((0, 0, 1, 1), [0, 500, 1000, 1500, 2500], st.trick_hold_ms,
                           lambda v: _("{ms} ms").format(ms=v), lambda v: self._set("trick_hold_ms", v))))
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
        row_h = min(46 * u, (height - 250 * u) / len(rows) - 8 * u)
        top = 110 * u
        lw = min(width * 0.34, 420 * u)
        cw = min(width * 0.3, 340 * u)
        x0 = width / 2 - (lw + cw) / 2
        self.rows = []
        for i, (label, w) in enumerate(rows):
            y = top + i * (row_h + 8 * u)
            w.rect = pygame.Rect(x0 + lw, y, cw, row_h)
            self.widgets.append(w)
            self.rows.append((pygame.Rect(x0, y, lw - 12 * u, row_h), label))
        self.widgets.append(Button((width / 2 - 120 * u, height - 90 * u, 240 * u, 54 * u),
                                   lambda: _("Done"), self.back, primary=True,
                                   keys=(pygame.K_RETURN,)))

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

    def draw_body(self, surf: pygame.Surface) -> None:
        """Row labels."""
        for rect, label in self.rows:
            text.draw(surf, label, (rect.right, rect.centery), int(18 * self.unit), theme.INK, "bold",
                      anchor="midright", max_w=rect.w)
