"""What a one-line text field holds: its text, the caret and the selection, and the edits on them.

No pygame here: the widget (``wizard.ui.widgets.TextBox``) turns keys, clicks and SDL text input
into these calls, and a test drives them directly. Every edit goes through ``accept``, the rule the
text must keep (for seat names, the save format's): an edit it refuses changes nothing, and an
insertion is cut to its longest beginning that the rule allows.

>>> e = EditText("Merlin", accept=lambda t: len(t) <= 8)
>>> e.select_all()
>>> e.insert("Anaïs"), e.text
(True, 'Anaïs')
>>> e.insert(" de Fay"), e.text         # cut to what the rule allows
(True, 'Anaïs de')
"""

from __future__ import annotations

from collections.abc import Callable

Rule = Callable[[str], bool]


def anything(text: str) -> bool:
    """The rule of a field that takes any text."""
    return True


class EditText:
    """A text with a caret and a selection (from ``anchor`` to ``caret``), kept under ``accept``."""

    def __init__(self, text: str = "", accept: Rule = anything) -> None:
        self.accept = accept
        self.text = text
        self.caret = len(text)
        self.anchor = self.caret       # the other end of the selection (== caret: none)

    # ---- reading ---------------------------------------------------------------------------

    @property
    def selection(self) -> tuple[int, int]:
        """The selected range ``(start, end)`` (empty when start == end)."""
        return (min(self.anchor, self.caret), max(self.anchor, self.caret))

    @property
    def selected(self) -> str:
        """The selected text."""
        a, b = self.selection
        return self.text[a:b]

    # ---- moving ----------------------------------------------------------------------------

    def place(self, index: int, extend: bool = False) -> None:
        """Put the caret at ``index`` (clamped); ``extend`` keeps the anchor (Shift)."""
        self.caret = max(0, min(len(self.text), index))
        if not extend:
            self.anchor = self.caret

    def move(self, step: int, extend: bool = False) -> None:
        """Left (-1) or right (+1); without Shift, a selection collapses to its side first."""
        a, b = self.selection
        if not extend and a != b:
            self.place(a if step < 0 else b)
        else:
            self.place(self.caret + step, extend)

    def home(self, extend: bool = False) -> None:
        """To the start of the text."""
        self.place(0, extend)

    def end(self, extend: bool = False) -> None:
        """To the end of the text."""
        self.place(len(self.text), extend)

    def select_all(self) -> None:
        """Select the whole text (the caret at its end)."""
        self.anchor, self.caret = 0, len(self.text)

    # ---- changing --------------------------------------------------------------------------

    def _replace(self, start: int, end: int, new: str) -> bool:
        """Put ``new`` in place of ``text[start:end]`` if the rule allows it; True if done."""
        candidate = self.text[:start] + new + self.text[end:]
        if not self.accept(candidate):
            return False
        changed = candidate != self.text
        self.text = candidate
        self.place(start + len(new))
        return changed

    def insert(self, new: str) -> bool:
        """Type or paste ``new`` over the selection, cut to its longest beginning the rule allows.

        True if the text changed. Nothing allowed (not even one character): nothing changes.
        """
        a, b = self.selection
        for n in range(len(new), 0, -1):
            if self.accept(self.text[:a] + new[:n] + self.text[b:]):
                return self._replace(a, b, new[:n])
        return False

    def delete_back(self) -> bool:
        """Backspace: the selection, or the character before the caret."""
        a, b = self.selection
        if a == b:
            a = max(0, a - 1)
        return a != b and self._replace(a, b, "")

    def delete_forward(self) -> bool:
        """Delete: the selection, or the character after the caret."""
        a, b = self.selection
        if a == b:
            b = min(len(self.text), b + 1)
        return a != b and self._replace(a, b, "")

    def cut(self) -> str:
        """Remove the selection and return it ("" if the rule refused or nothing was selected)."""
        got = self.selected
        a, b = self.selection
        return got if got and self._replace(a, b, "") else ""

    def set_text(self, text: str) -> None:
        """Replace the whole text from outside (not checked), the caret at the end."""
        self.text = text
        self.place(len(text))
