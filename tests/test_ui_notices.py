"""Damaged data files are explained in plain words on the main menu."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from wizard.i18n import set_language  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.ui.notices import notice  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.menu import MenuScene  # noqa: E402


def test_damaged_settings_are_set_aside_and_explained(tmp_path: Path) -> None:
    set_language("en")
    prefs = Prefs(tmp_path)
    prefs.save_settings()
    target = next(p for p in tmp_path.rglob("settings*.json"))
    target.write_text("{ not json", encoding="utf-8")
    prefs = Prefs(tmp_path)
    problems = list(prefs.store.problems)
    assert problems
    msg, serious = notice(problems[0])
    assert serious and "settings" in msg and "could not be read" in msg
    app = make_app(prefs, size=(1024, 640), headless=True, threaded=False, lang="en")
    app.replace(MenuScene(app))
    app.frame(0.0)       # draws the notice without error


def test_every_kind_has_a_sentence() -> None:
    from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
    for kind in ProblemKind:
        for file in FileKind:
            msg, _serious = notice(Problem(kind, file, Path("/x/y.json"), Path("/x/y.bad")))
            assert msg and "{" not in msg


def test_an_unwritable_data_folder_is_named(tmp_path: Path) -> None:
    set_language("en")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    prefs = Prefs(blocker)
    prefs.save_settings()
    msgs = [notice(p)[0] for p in prefs.store.problems]
    saved = [m for m in msgs if "could not be saved" in m]
    assert saved and "not-a-folder" in saved[0] and "read-only" in saved[0]
