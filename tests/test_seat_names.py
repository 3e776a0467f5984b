"""D6: one rule for seat names, shared by the setup screen, the remembered setup and the save format."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from wizard.service import Prefs  # noqa: E402
from wizard.session.seats import SeatSpec  # noqa: E402
from wizard.ui.scenes.setup import config_of, default_setup, seats_of  # noqa: E402

BAD_NAMES = ["A" * 41, "Ana\tBo", "  ", "\x00\x07", "Zoé\nLine", "x" * 500]


def _setup_with(names: list[str]) -> dict:
    setup = default_setup()
    for seat, name in zip(setup["seats"], names, strict=False):
        seat["name"] = name
    return setup


@pytest.mark.parametrize("name", BAD_NAMES)
def test_every_name_the_setup_screen_gives_is_one_the_save_format_takes(name: str) -> None:
    for seat in seats_of(_setup_with([name, name])):
        SeatSpec(seat.name, seat.kind, seat.level)       # raises if the save format refuses it


def test_a_game_with_a_long_or_tabbed_name_is_saved(tmp_path: Path) -> None:
    from wizard.session import Session
    prefs = Prefs(tmp_path)
    setup = _setup_with(["A" * 41, "Ana\tBo"])
    session = Session.new(config_of(setup, 5), seats_of(setup), on_save=prefs.save_game)
    session.start()
    session.act(session.state.legal_actions()[0])
    assert len(Prefs(tmp_path).games()) == 1
    assert prefs.store.problems == []


def test_an_invalid_remembered_name_is_repaired_when_read(tmp_path: Path) -> None:
    from wizard.ui.app import App
    from wizard.ui.scenes.setup import SetupScene
    prefs = Prefs(tmp_path)
    prefs.settings.last_setup = _setup_with(["A" * 41, "Ana\tBo", "", "Gawain"])
    app = App(prefs, size=(1024, 640), headless=True, threaded=False, lang="en")
    names = [s["name"] for s in SetupScene(app).setup["seats"]]
    assert names[1] == "Ana Bo" and names[2] == "" and names[3] == "Gawain"
    for name in names[:2]:
        SeatSpec(name)                                  # an empty one gets "Player 3" at Start
