"""One game per data folder: a second window is refused in plain words; a crash frees the lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from wizard.persistence import DataLock  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import sys, time
from pathlib import Path
from wizard.persistence import DataLock
lock = DataLock(Path(sys.argv[1]))
print("taken" if lock.acquire() else "refused", flush=True)
time.sleep(60)
"""


def hold_in_another_process(folder: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "taken"
    return proc


def test_another_process_holds_the_folder_until_it_dies(tmp_path: Path) -> None:
    proc = hold_in_another_process(tmp_path)
    try:
        mine = DataLock(tmp_path)
        assert not mine.acquire() and not mine.held
        assert mine.holder() == proc.pid                 # the file names the holder
        proc.send_signal(signal.SIGKILL)                 # a crash, not a clean exit
        proc.wait(10)
        deadline = time.monotonic() + 5
        while not mine.acquire() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert mine.held and mine.holder() == os.getpid()
        mine.release()
        mine.release()                                   # twice is harmless
        assert not mine.held
    finally:
        proc.kill()
        proc.wait(10)


def test_a_folder_that_cannot_be_created_is_an_error_the_caller_sees(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        DataLock(blocker / "data").acquire()


def test_a_second_game_window_is_refused_with_the_reason(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import wizard.__main__ as m
    from wizard.i18n import set_language
    data = tmp_path / "data"
    proc = hold_in_another_process(data)
    try:
        (data / "settings.json").write_bytes(b'{"broken')          # nothing is read or set aside
        assert m.main(["--data-dir", str(data), "--lang", "fr"]) == 1
        err = capsys.readouterr().err
        assert "Wizard est déjà ouvert" in err and str(data) in err, err
        assert (data / "settings.json").read_bytes() == b'{"broken'
        assert sorted(p.name for p in data.iterdir() if p.name != "logs") == \
            ["settings.json", "wizard.lock"]
        log = (data / "logs" / "wizard.log").read_text(encoding="utf-8")
        assert f"in use by process {proc.pid}" in log
    finally:
        proc.kill()
        proc.wait(10)
        set_language("en")


def test_the_lock_is_held_while_the_game_runs_and_given_back_after(tmp_path: Path) -> None:
    import wizard.ui.main as ui_main
    seen: list[bool] = []

    def fake_run_app(**_kw: object) -> int:
        seen.append(DataLock(tmp_path).acquire())       # another window now would be refused
        return 0

    orig = ui_main._run_app
    ui_main._run_app = fake_run_app  # type: ignore[assignment]
    try:
        assert ui_main.run(data_dir=tmp_path) == 0
    finally:
        ui_main._run_app = orig      # type: ignore[assignment]
    assert seen == [False]
    again = DataLock(tmp_path)
    assert again.acquire()
    again.release()


def test_the_message_window_draws_the_reason_in_every_language() -> None:
    import pygame

    from wizard.i18n import set_language
    from wizard.ui import message_window
    pygame.font.init()
    try:
        for lang in ("en", "fr", "ca"):
            set_language(lang)
            surf = message_window.render("x " * 60)
            assert surf.get_size() == message_window.SIZE
            inks = {surf.get_at((x, y))[:3] for x in range(40, 520, 2) for y in range(72, 200, 2)}
            assert len(inks) > 4                 # antialiased text, not just felt and frame
        # on the dummy driver nothing is shown and nothing waits for a key
        start = time.monotonic()
        assert message_window.show("hello") is False
        assert time.monotonic() - start < 5
    finally:
        set_language("en")


def test_a_windowed_build_says_any_start_failure_in_a_window(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """No console (sys.stderr is None in a windowed build): the reason is shown in a window."""
    import wizard.__main__ as m
    import wizard.ui.main
    from wizard.ui import message_window
    shown: list[str] = []

    def broken(**_kw: object) -> int:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(wizard.ui.main, "run", broken)
    monkeypatch.setattr(message_window, "show", lambda text, timeout=None: shown.append(text) or True)
    monkeypatch.setattr(sys, "stderr", None)
    assert m.main(["--data-dir", str(tmp_path), "--lang", "en"]) == 1
    assert len(shown) == 1 and "boom" in shown[0] and "wizard.log" in shown[0]
