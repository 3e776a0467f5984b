"""The first start after an update: the earlier version's ``history.jsonl`` is imported after the
window opens, counted game by game; stopped (the window closed) or killed half-way, nothing is
lost: the original stays byte for byte and the next start goes on with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_persistence_support import legacy_history

from wizard.persistence import ProblemKind, Store
from wizard.persistence.history.oldformat import ImportJob

ROOT = Path(__file__).resolve().parent.parent


def _legacy(folder: Path, games: int) -> bytes:
    raw = legacy_history(games)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "history.jsonl").write_bytes(raw)
    return raw


def test_the_store_opens_without_importing_then_imports_counting_the_games(tmp_path: Path) -> None:
    _legacy(tmp_path, 12)
    store = Store(tmp_path)
    assert store.history_db(create=False, import_files=False) is not None
    assert store.import_pending and store.history_count() == 0
    assert store.import_total() == 12
    seen: list[int] = []
    assert store.run_import(seen.append)
    assert seen == list(range(1, 13))
    assert not store.import_pending and store.history_count() == 12
    assert not (tmp_path / "history.jsonl").exists()
    assert [p.kind for p in store.problems] == [ProblemKind.MIGRATED]


def test_an_import_stopped_half_way_keeps_the_original_and_goes_on_next_time(
        tmp_path: Path) -> None:
    raw = _legacy(tmp_path, 12)
    store = Store(tmp_path)
    store.history_db(create=False, import_files=False)
    job = ImportJob(store, threaded=False, stop_at=5)
    assert job.done and not job.finished and (job.read, job.total) == (5, 12)
    assert store.import_pending
    assert (tmp_path / "history.jsonl").read_bytes() == raw        # byte for byte, in place
    store.close()
    again = Store(tmp_path)                                         # the next start
    again.history_db(create=False, import_files=False)
    assert ImportJob(again, threaded=False).finished
    assert again.history_count() == 12                             # each game once
    assert sorted(e.seed for e in again.load_history()) == list(range(1, 13))


def test_the_window_closed_during_the_import_stops_it(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from wizard.service import Prefs
    raw = _legacy(tmp_path, 30)
    prefs = Prefs(tmp_path, background=True, import_later=True)
    assert prefs.import_pending and prefs.history_count() == 0
    job = prefs.start_import(threaded=True)
    prefs.close()                                    # the window closed: stopped, or finished
    assert job.done
    if not job.finished:
        assert (tmp_path / "history.jsonl").read_bytes() == raw
    later = Prefs(tmp_path)
    assert later.history_count() == 30


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_program_killed_during_the_import_loses_nothing(tmp_path: Path) -> None:
    raw = _legacy(tmp_path, 260)
    child = ("import sys\nfrom pathlib import Path\nfrom wizard.persistence import Store\n"
             "store = Store(Path(sys.argv[1]))\nstore.history_db(create=False, import_files=False)\n"
             "store.run_import(lambda n: print(n, flush=True))\n")
    proc = subprocess.Popen([sys.executable, "-c", child, str(tmp_path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    for line in proc.stdout:
        if int(line) >= 230:             # past the first batch of 200 written
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert (tmp_path / "history.jsonl").read_bytes() == raw
    store = Store(tmp_path)                                      # the next start imports it all
    assert store.history_count() == 260 and not store.import_pending
    assert not [p for p in store.problems if p.kind is not ProblemKind.MIGRATED]


def test_the_import_screen_counts_then_opens_what_the_start_opens(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wizard.i18n import set_language
    from wizard.messages import count_text
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.importing import ImportScene
    _legacy(tmp_path, 8)
    prefs = Prefs(tmp_path, import_later=True)
    app = make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    opened: list[str] = []
    scene = app.go("importing", then=lambda: opened.append("menu"))
    assert isinstance(scene, ImportScene)
    assert scene.line() == "Importing your history: 8 of 8 games"
    app.frame(0.0)
    assert opened == ["menu"] and prefs.history_count() == 8
    set_language("fr")
    assert count_text(10_000) == "10\u00a0000"
    set_language("ca")
    assert count_text(4_200) == "4.200"
    set_language("en")
    assert count_text(4_200) == "4,200"
