"""D7: F12 writes its screenshot into the data folder's screenshots/, says where, never crashes."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.service import Prefs  # noqa: E402
from wizard.ui.app import App  # noqa: E402


def _f12(app: App) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode=""))


def test_f12_writes_into_the_data_folder_and_says_where(tmp_path: Path, monkeypatch) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    data = tmp_path / "data"
    app = App(Prefs(data), size=(1024, 640), headless=True, threaded=False, lang="en")
    _f12(app)
    assert list(cwd.iterdir()) == []
    [shot] = list((data / "screenshots").iterdir())
    assert shot.suffix == ".png" and shot.stat().st_size > 0
    assert str(data / "screenshots") in app.prefs.save_status.note


def test_a_screenshot_that_cannot_be_written_is_a_notice_not_a_crash(tmp_path: Path,
                                                                     monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = App(Prefs(tmp_path / "data"), size=(1024, 640), headless=True, threaded=False,
              lang="en")

    def refuse(*_a: object) -> None:
        raise pygame.error("Couldn't open file: read-only file system")
    monkeypatch.setattr(pygame.image, "save", refuse)
    _f12(app)                                          # no exception
    assert "could not be saved" in app.prefs.save_status.note
