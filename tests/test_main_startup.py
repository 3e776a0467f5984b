"""Start-up trouble is logged to the log folder and said in plain words, never a silent exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_no_display_ends_with_a_plain_message_and_a_log(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "wizard", "--data-dir", str(tmp_path / "data")],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.returncode == 1, out.stderr
    assert "no display was found" in out.stderr
    log = (tmp_path / "data" / "logs" / "wizard.log").read_text(encoding="utf-8")
    assert "no display was found" in log and "wizard starting" in log


def test_an_unexpected_failure_is_logged_with_its_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    import wizard.__main__ as m
    import wizard.ui.main

    def broken(**_kw: object) -> int:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(wizard.ui.main, "run", broken)
    assert m.main(["--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "Wizard stopped because of an error: boom" in err and "wizard.log" in err
    import logging
    root = logging.getLogger()
    mine = [h for h in root.handlers if str(tmp_path) in str(getattr(h, "baseFilename", ""))]
    for h in mine:
        h.flush()
        root.removeHandler(h)
        h.close()
    assert mine
    log = (tmp_path / "logs" / "wizard.log").read_text(encoding="utf-8")
    assert "ZeroDivisionError: boom" in log and "Traceback" in log


def test_no_sound_device_is_said_on_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from wizard.ui.routes import make_app
    from wizard.ui.sound import Sounds
    monkeypatch.setattr(Sounds, "available", property(lambda self: False))
    app = make_app(size=(1024, 640), speed="off", lang="en", threaded=False)
    try:
        assert app.notes == ["No sound device was found; the game plays silently."]
        from wizard.ui.scenes.menu import MenuScene
        app.replace(MenuScene(app))
        app.frame(0.0)           # draws the note without failing
    finally:
        app._unlisten()


def test_logs_fall_back_to_the_user_log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--data-dir naming a file: the log still goes somewhere (the user log folder)."""
    import logging

    import wizard.__main__ as m
    import wizard.persistence
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setattr(wizard.persistence, "default_log_dir", lambda: tmp_path / "userlogs")
    path = m.start_logging(blocker)
    root = logging.getLogger()
    try:
        assert path == (tmp_path / "userlogs" / "wizard.log").absolute()
    finally:
        for h in [h for h in root.handlers if str(tmp_path) in str(getattr(h, "baseFilename", ""))]:
            root.removeHandler(h)
            h.close()
