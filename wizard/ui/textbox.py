"""A one-line text field (seat names, the seed) that behaves like the system's own.

A click places the caret (Shift+click or a drag selects, a double click selects all); Left/Right, Home/End, with Shift to
select; Ctrl+A (Cmd on macOS), Ctrl+C/X/V through the system clipboard; Backspace/Delete. Text
arrives through SDL text input (``TEXTINPUT``, ``TEXTEDITING`` while an input method composes),
so dead keys, accents and IMEs work. What may be typed is one rule, given by the screen
(``accept``); the editing itself is ``wizard.ui.textedit.EditText``.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable

import pygame

from . import text, theme
from .fonts import font
from .textedit import EditText, Rule, anything

log = logging.getLogger(__name__)

SELECTION = (150, 186, 236)
DOUBLE_CLICK = 0.4     # seconds between two clicks at one place that select the whole text
_SHORTCUT = pygame.KMOD_CTRL | pygame.KMOD_META      # Ctrl, or Cmd on macOS


# The fields being edited: SDL text input stops only when the last one lets go (a click from one
# field to another reaches the new one before the old one in some screens' order).
_editing: weakref.WeakSet[TextBox] = weakref.WeakSet()


def clipboard_text() -> str:
    """The clipboard's text ("" if there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def copy_to_clipboard(value: str) -> None:
    """Put ``value`` on the clipboard (quietly nothing without one)."""
    try:
        pygame.scrap.put_text(value)
    except (pygame.error, AttributeError):
        log.info("no clipboard to copy to")


class TextBox:
    """A one-line text field; click to focus, type, Enter, Tab or a click away to finish."""

    def __init__(self, rect: pygame.Rect | tuple[float, float, float, float], value: str,
                 on_change: Callable[[str], None], *, accept: Rule = anything) -> None:
        self.rect = pygame.Rect(rect)
        self.edit = EditText(value, accept)
        self.on_change = on_change
        self.focus = False
        self.composing = ""        # text an input method is composing, not yet typed
        self.scroll = 0            # pixels of text hidden on the left while focused
        self._dragging = False
        self._last_click = (0.0, -1)   # (time, caret index) of the last click, for a double click

    @property
    def value(self) -> str:
        """The text in the field."""
        return self.edit.text

    # ---- geometry --------------------------------------------------------------------------

    def font_size(self) -> int:
        """The pixel size of the text while editing."""
        return int(max(12, self.rect.h * 0.5))

    def _pad(self) -> int:
        return max(4, round(self.rect.h * 0.18))

    def _x_of(self, index: int) -> int:
        """Screen x of the gap before character ``index``."""
        f = font(self.font_size())
        return self.rect.x + self._pad() - self.scroll + f.size(self.value[:index])[0]

    def index_at(self, x: float) -> int:
        """The caret index nearest to screen ``x``."""
        best, best_d = 0, float("inf")
        for i in range(len(self.value) + 1):
            d = abs(self._x_of(i) - x)
            if d < best_d:
                best, best_d = i, d
        return best

    def _keep_caret_visible(self) -> None:
        f = font(self.font_size())
        room = self.rect.w - 2 * self._pad()
        at = f.size(self.value[:self.edit.caret] + self.composing)[0]
        whole = f.size(self.value + self.composing)[0]
        self.scroll = max(0, min(self.scroll, at, max(0, whole - room)))
        if at - self.scroll > room:
            self.scroll = at - room
        if self.focus:                 # an input method shows its candidates by the caret
            try:
                pygame.key.set_text_input_rect((self._x_of(self.edit.caret), self.rect.y, 1, self.rect.h))
            except pygame.error:
                pass

    # ---- focus -----------------------------------------------------------------------------

    def set_focus(self, on: bool) -> None:
        """Start or finish editing (SDL text input runs only while a field has the focus)."""
        if on == self.focus:
            return
        self.focus = on
        self.composing = ""
        self._dragging = False
        if on:
            _editing.add(self)
        else:
            _editing.discard(self)
        try:
            if on:
                pygame.key.start_text_input()
            elif not _editing:
                pygame.key.stop_text_input()
        except pygame.error:
            pass
        if not on:
            self.edit.place(self.edit.caret)
            self.scroll = 0

    # ---- events ----------------------------------------------------------------------------

    def _changed(self, did: bool) -> None:
        if did:
            self.on_change(self.value)
        self._keep_caret_visible()

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks, keys and text input; True if the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if not inside:
                self.set_focus(False)
                return False
            extend = self.focus and bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            self.set_focus(True)
            index = self.index_at(event.pos[0])
            now = time.monotonic()
            if (now - self._last_click[0] < DOUBLE_CLICK and index == self._last_click[1]
                    and not extend):
                self.edit.select_all()            # a double click selects the name, to retype it
                self._last_click = (0.0, -1)
                self._keep_caret_visible()
                return True
            self._last_click = (now, index)
            self.edit.place(index, extend)
            self._dragging = True
            self._keep_caret_visible()
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.edit.place(self.index_at(event.pos[0]), extend=True)
            self._keep_caret_visible()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if not self.focus:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            self._keep_caret_visible()
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self._changed(self.edit.insert(event.text))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        e = self.edit
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.set_focus(False)
            return bool(key != pygame.K_ESCAPE)
        if self.composing:
            return True               # the input method has these keys
        if mod & _SHORTCUT:
            if key == pygame.K_a:
                e.select_all()
            elif key in (pygame.K_c, pygame.K_INSERT) and e.selected:
                copy_to_clipboard(e.selected)
            elif key == pygame.K_x and e.selected:
                got = e.cut()
                if got:
                    copy_to_clipboard(got)
                    self._changed(True)
            elif key == pygame.K_v:
                self._changed(e.insert(clipboard_text()))
            self._keep_caret_visible()
            return True
        if key == pygame.K_LEFT:
            e.move(-1, shift)
        elif key == pygame.K_RIGHT:
            e.move(1, shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            e.home(shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            e.end(shift)
        elif key == pygame.K_BACKSPACE:
            self._changed(e.delete_back())
        elif key == pygame.K_DELETE:
            self._changed(e.delete_forward())
        self._keep_caret_visible()
        return True                   # every other key is typing: it comes as TEXTINPUT

    # ---- drawing ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, unit: float) -> None:
        """The field; while focused, the selection, the caret and what an IME composes."""
        r = max(3, round(6 * unit))
        pygame.draw.rect(surf, (250, 246, 232), self.rect, border_radius=r)
        pygame.draw.rect(surf, theme.ACCENT if self.focus else theme.PANEL_EDGE, self.rect,
                         width=max(1, round(2 * unit)), border_radius=r)
        pad = self._pad()
        if not self.focus:
            text.draw(surf, self.value, (self.rect.x + pad, self.rect.centery), self.font_size(),
                      theme.INK_DARK, anchor="midleft", max_w=self.rect.w - 2 * pad)
            return
        size = self.font_size()
        f = font(size)
        inner = self.rect.inflate(-2 * pad + 2, -4)
        old_clip = surf.get_clip()
        surf.set_clip(inner.clip(old_clip))
        try:
            top = self.rect.centery - f.get_height() // 2
            a, b = self.edit.selection
            if a != b:
                pygame.draw.rect(surf, SELECTION, (self._x_of(a), top, self._x_of(b) - self._x_of(a),
                                                   f.get_height()))
            caret = self.edit.caret
            shown = self.value[:caret] + self.composing + self.value[caret:]
            if shown:
                surf.blit(text.render(shown, size, theme.INK_DARK), (self._x_of(0), top))
            x = self._x_of(caret)
            if self.composing:        # underline the text being composed
                w = f.size(self.composing)[0]
                pygame.draw.line(surf, theme.INK_DARK, (x, top + f.get_height() - 2),
                                 (x + w, top + f.get_height() - 2), max(1, round(unit)))
                x += w
            pygame.draw.line(surf, theme.INK_DARK, (x, top + 2), (x, top + f.get_height() - 2),
                             max(2, round(2 * unit)))
        finally:
            surf.set_clip(old_clip)
