"""The internet codes' servers (#33), from Settings: a club's own mailbox server and transit
relay, typed once and kept in the settings (``--mailbox``/``--relay`` still win for one run)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from wizard.checks import Invalid
from wizard.i18n import N_, _
from wizard.net.internet import bad_server

from .. import text, theme
from ..textbox import TextBox
from ..widgets import Button
from .base import Overlay


def _allowed(typed: str) -> bool:
    return len(typed) <= 200 and typed.isprintable()


class NetServersScene(Overlay):
    """Two fields (the mailbox server, the transit relay), Save and Cancel."""

    title = N_("Servers for internet codes")

    def __init__(self, app: Any, done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        st = app.settings
        custom = st.net_mailbox not in (None, "off")
        self.mailbox = st.net_mailbox if custom else ""
        self.relay = (st.net_relay or "") if custom else ""
        self.error = ""
        self.done = done

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        u = self.unit
        pw, ph = min(w * 0.9, 760 * u), min(h * 0.9, 470 * u)
        return pygame.Rect((w - pw) / 2, (h - ph) / 2, pw, ph)

    def build(self, width: int, height: int) -> None:
        """The two fields; Cancel and Save."""
        r = self.panel_rect()
        u = self.unit
        fw, fh = r.w - 80 * u, 50 * u
        self.mailbox_box = TextBox((r.x + 40 * u, r.y + 120 * u, fw, fh), self.mailbox,
                                   self._set_mailbox, accept=_allowed)
        self.relay_box = TextBox((r.x + 40 * u, r.y + 230 * u, fw, fh), self.relay,
                                 self._set_relay, accept=_allowed)
        bw, bh = 200 * u, 52 * u
        by = r.bottom - 24 * u - bh
        self.widgets += [self.mailbox_box, self.relay_box,
                         Button((r.centerx - bw - 10 * u, by, bw, bh), _("Cancel"), self.back),
                         Button((r.centerx + 10 * u, by, bw, bh), _("Save"), self.save,
                                primary=True, keys=(pygame.K_RETURN,))]

    def _set_mailbox(self, value: str) -> None:
        self.mailbox = value.strip()
        self.error = ""

    def _set_relay(self, value: str) -> None:
        self.relay = value.strip()
        self.error = ""

    def save(self) -> None:
        """Keep both in the settings, or say what is wrong with one (nothing is kept then)."""
        if bad_server("mailbox", self.mailbox) or self.mailbox.lower() == "off":
            self.error = _("The mailbox server is a web address like ws://club.example:4000/v1.")
        elif bad_server("relay", self.relay):
            self.error = _("The transit relay is an address like tcp:club.example:4001.")
        else:
            st = self.app.settings
            old = (st.net_mailbox, st.net_relay)
            st.net_mailbox, st.net_relay = self.mailbox, self.relay
            try:
                st.validate()
            except Invalid:
                st.net_mailbox, st.net_relay = old
                self.error = _("These addresses cannot be kept: check them.")
            else:
                self.app.prefs.save_settings()
                self.close()
                return
        self.app.dirty = True

    def close(self) -> None:
        """Back to Settings (which shows the choice kept)."""
        self.app.pop(self)
        if self.done is not None:
            self.done()

    def back(self) -> None:
        """Cancel: nothing changes."""
        self.close()

    def draw_body(self, surf: pygame.Surface) -> None:
        """The fields' labels, a word on what they are, the error."""
        r = self.panel_rect()
        u = self.unit
        x = r.x + 40 * u
        text.draw(surf, _("Mailbox server (magic-wormhole-mailbox-server)"),
                  (x, self.mailbox_box.rect.y - 30 * u), int(17 * u), theme.INK, "bold",
                  max_w=r.w - 80 * u)
        text.draw(surf, _("Transit relay (magic-wormhole-transit-relay)"),
                  (x, self.relay_box.rect.y - 30 * u), int(17 * u), theme.INK, "bold",
                  max_w=r.w - 80 * u)
        text.draw(surf, _("Every player of the table needs the same servers."),
                  (r.centerx, self.relay_box.rect.bottom + 14 * u), int(15 * u), theme.INK_DIM,
                  anchor="midtop", max_w=r.w - 80 * u)
        if self.error:
            text.draw(surf, self.error, (r.centerx, self.relay_box.rect.bottom + 44 * u),
                      int(16 * u), theme.BAD, anchor="midtop", max_w=r.w - 60 * u)
