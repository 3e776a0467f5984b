"""F11 full screen places the window at the screen's origin (#29), and back in a window it returns
where it was. The system's window calls are recorded (the dummy video driver has no desktop)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.service import Prefs  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402


def test_f11_goes_full_screen_at_the_origin_and_back(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(Prefs(tmp_path), size=(1024, 640), headless=False, threaded=False,
                   speed="off", lang="en")
    calls: list[tuple[str, object]] = []
    where = {"pos": (200, 150)}

    def set_pos(pos: tuple[int, int]) -> None:
        calls.append(("move", tuple(pos)))
        where["pos"] = tuple(pos)  # type: ignore[assignment]

    real_mode = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, *a, **k):  # type: ignore[no-untyped-def]
        calls.append(("mode", bool(flags & pygame.FULLSCREEN)))
        return real_mode(size, flags, *a, **k)

    monkeypatch.setattr(pygame.display, "set_window_position", set_pos)
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: where["pos"])
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")
    app.frame(0.0, [f11])
    assert app.fullscreen
    assert ("mode", True) in calls and where["pos"] == (0, 0)
    full = calls.index(("mode", True))
    assert ("move", (0, 0)) in calls[full:]          # placed at the origin once full screen
    calls.clear()
    app.frame(0.0, [f11])
    assert not app.fullscreen
    assert calls[0] == ("mode", False) and where["pos"] == (200, 150)   # back where it was
