"""The lesson offer's answers have room on both sides of their words (#35, seen playing Magic in
French at 1920x1080: "Jouer tout de suite" touched its button's edges)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_ui_table import make_app  # noqa: E402

from wizard.i18n import _, set_language  # noqa: E402
from wizard.ui.fonts import font  # noqa: E402
from wizard.ui.widgets import Button, label_text  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "fr", "ca", "de"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_offers_buttons_leave_room_around_their_words(lang: str, size: tuple[int, int]) -> None:
    app = make_app(size=size)          # (sets English)
    set_language(lang)
    try:
        app.open("lesson_offer", question=_("Play a real game"), yes=_("Show me"),
                 on_yes=lambda: None, no=_("Play now"), on_no=None)
        app.frame(0.0)
        sc = app.top
        buttons = [w for w in sc.widgets if isinstance(w, Button)]
        assert len(buttons) == 2
        for b in buttons:
            px = int(max(12, min(b.rect.h * 0.45, 22 * sc.unit)))
            width = font(px, "bold").size(label_text(b.label))[0]
            assert width + 24 * sc.unit <= b.rect.w, (label_text(b.label), width, b.rect.w)
    finally:
        set_language("en")
