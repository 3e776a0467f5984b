"""On the table, the draw for the first dealer speaks to the default "You" too."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pytest  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui import text  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402


@pytest.mark.parametrize(("name", "want", "wrong"), [
    ("You", "You deal first", "You deals first"), ("Anna", "Anna deals first", "You deal first")])
def test_the_first_dealer_banner(name: str, want: str, wrong: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("en")
    seen: set[str] = set()
    render = text.render

    def spy(s: str, *args: Any, **kw: Any) -> Any:
        seen.add(s)
        return render(s, *args, **kw)

    monkeypatch.setattr(text, "render", spy)
    app = make_app(size=(1024, 640), headless=True, threaded=False, speed="normal", lang="en")
    app.settings.ai_pause_ms = 0
    for seed in range(1, 40):      # a deal where the person draws the highest card
        session = Session.new(GameConfig(3, seed=seed), [Seat.human(name), Seat.ai("Merlin"),
                                                         Seat.ai("Vivian")])
        t = app.go("table", session=session, keep_history=False)
        if session.state.dealer == 0:
            break
        t.close()                  # type: ignore[attr-defined]
    for _ in range(120):
        app.frame(1 / 30)
    # the banner may say more ("You drew the highest card: you deal first")
    assert any(want.lower() in x.lower() for x in seen)
    assert not any(wrong.lower() in x.lower() for x in seen)
    t.close()                      # type: ignore[attr-defined]
