"""The command line: fast --help, the smoke test, and the real program under Xvfb."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wizard.__main__ import parser

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYTHONPATH": str(ROOT)}


def test_help_is_instant_and_does_not_import_pygame() -> None:
    code = ("import sys, contextlib, io\n"
            "import wizard.__main__ as m\n"
            "buf = io.StringIO()\n"
            "with contextlib.redirect_stdout(buf):\n"
            "    try: m.main(['--help'])\n"
            "    except SystemExit as e: assert e.code == 0\n"
            "assert '--autoplay' in buf.getvalue() and '--smoke-test' in buf.getvalue()\n"
            "print('pygame' in sys.modules)\n")
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("False")
    assert time.perf_counter() - start < 10


def test_arguments() -> None:
    a = parser().parse_args(["--autoplay", "--games", "2", "--seed", "5", "--speed", "fast",
                             "--players", "6", "--edition", "camelot", "--lang", "ca",
                             "--data-dir", "/tmp/x", "--continue"])
    assert a.autoplay and a.games == 2 and a.seed == 5 and a.speed == "fast"
    assert a.players == 6 and a.edition == "camelot" and a.lang == "ca" and a.resume
    with pytest.raises(SystemExit):
        parser().parse_args(["--speed", "warp"])


def test_smoke_test_writes_a_png_per_screen(tmp_path: Path) -> None:
    from wizard.ui.smoke import SCREENS, SMALL_SCREENS, run_smoke
    assert run_smoke(tmp_path / "shots", data_dir=tmp_path / "data", languages=("en",)) == 0
    names = {p.stem for p in (tmp_path / "shots").glob("*.png")}
    sheets = {f"cards-{look}-{ed}" for look in ("classic", "standard") for ed in ("classic", "magic", "camelot")}
    small = {f"{s}-1024x640-en" for s in SMALL_SCREENS}      # table states also at 1024x640
    assert names == {f"{s}-en" for s in SCREENS} | small | sheets | {"cards-colourblind"}
    assert {"history-en", "history-game-en", "replay-en"} <= names
    assert not (tmp_path / "data" / "history.jsonl").exists() and not list((tmp_path / "data").glob("history*")), \
        "the smoke test's games go to its own folder, never the player's history"


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="Xvfb not installed")
def test_real_program_autoplays_a_game_under_xvfb(tmp_path: Path) -> None:
    env = {k: v for k, v in ENV.items() if k != "SDL_VIDEODRIVER"}
    out = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", "wizard",
         "--autoplay", "--speed", "off", "--players", "6", "--seed", "3", "--level", "easy", "--size", "1024x640",
         "--data-dir", str(tmp_path)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]


def test_smoke_test_names_what_failed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    import wizard.ui.smoke as smoke
    real = smoke._make

    def broken(app: object, name: str) -> None:
        if name == "scorepad":
            raise RuntimeError("pad exploded")
        real(app, name)

    monkeypatch.setattr(smoke, "_make", broken)
    monkeypatch.setattr(smoke, "SCREENS", ("menu", "scorepad"))
    monkeypatch.setattr(smoke, "SMALL_SCREENS", ())       # two screens are enough to name one
    for fill in ("fill_history", "fill_games", "fill_big_history"):   # no history screen drawn
        monkeypatch.setattr(smoke, fill, lambda prefs: None)
    assert smoke.run_smoke(None, data_dir=tmp_path, languages=("en",)) == 1
    err = capsys.readouterr().err
    assert "scorepad (en)" in err and "pad exploded" in err
