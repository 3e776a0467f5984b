"""A failed save is shown while playing: the status as data on Prefs, and the drawing helper."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence import store as store_module  # noqa: E402
from wizard.service import FULL, READ_ONLY, Prefs, SaveStatus  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.table.computer import step_ai
from wizard.ui.save_notice import HEADER, draw_save_notice, notice_lines  # noqa: E402


def _play(prefs: Prefs) -> Session:
    s = Session.new(GameConfig(3, seed=4), [Seat.ai(str(i), "easy") for i in range(3)],
                    on_save=prefs.save_game)
    s.start()
    return s


@pytest.mark.parametrize("number, reason", [(errno.ENOSPC, FULL), (errno.EROFS, READ_ONLY)])
def test_a_failed_autosave_is_data_retried_and_recovers(tmp_path: Path, monkeypatch,
                                                        number: int, reason: str) -> None:
    prefs = Prefs(tmp_path)
    s = _play(prefs)
    step_ai(s)
    assert not prefs.save_status.failed

    def refuse(path, data):
        raise OSError(number, os.strerror(number))
    monkeypatch.setattr(store_module, "write_bytes_atomic", refuse)
    step_ai(s)
    status = prefs.save_status
    # the folder that failed: the games' folder, not the data folder above it (#29)
    assert status.failed and status.reason == reason and status.folder == tmp_path / "games"
    assert notice_lines(status)[1] is True
    step_ai(s)                                    # tried again on the next action
    assert prefs.save_status.failed and prefs.save_status.failed_since == status.failed_since
    monkeypatch.undo()
    step_ai(s)
    again = prefs.save_status
    assert not again.failed and again.showing_recovery()
    assert not again.showing_recovery(time.monotonic() + 60)
    assert len(Prefs(tmp_path).load_game()[0].actions) == 4     # type: ignore[index]


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_the_notice_fits_below_the_header_at_the_smallest_window(lang: str) -> None:
    pygame.font.init()
    set_language(lang)
    try:
        surf = pygame.Surface((1024, 640))
        unit = 640 / 800
        status = SaveStatus(failed=True, reason=FULL, folder=Path("/home/anna/.local/share/"
                                                                  "WizardCardGame"),
                            failed_since=time.monotonic(), note="x")
        box = draw_save_notice(surf, unit, status)
        assert box is not None and surf.get_rect().contains(box)
        assert box.top >= HEADER * unit and box.bottom < 640 / 2
        assert draw_save_notice(surf, unit, SaveStatus()) is None
        ok = SaveStatus(recovered_at=time.monotonic())
        assert draw_save_notice(surf, unit, ok) is not None
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_notice_at_the_table_is_clear_of_the_plates(monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int], players: int) -> None:
    """#29: the notice covered the top-centre player's panel."""
    from wizard.ui.routes import make_app
    from wizard.ui.scenes import table_draw
    from wizard.ui.smoke import _seats, play_until
    boxes: list[pygame.Rect] = []
    real = table_draw.draw_save_notice

    def spy(*a, **k):  # type: ignore[no-untyped-def]
        box = real(*a, **k)
        if box is not None:
            boxes.append(box)
        return box

    monkeypatch.setattr(table_draw, "draw_save_notice", spy)
    app = make_app(size=size, headless=True, threaded=False, speed="off", lang="en")
    app.prefs.save_status = SaveStatus(failed=True, reason=FULL,
                                       folder=Path("/home/anna/.local/share/wizard/games"),
                                       failed_since=time.monotonic())
    s = play_until(Session.new(GameConfig(players, seed=12), _seats(1, players)),
                   lambda s: s.is_human_turn() and s.round >= 2)
    t = app.go("table", session=s, keep_history=False)
    app.frame(0.0)
    app.dirty = True
    app.frame(0.0)
    assert boxes
    plates = [pygame.Rect(b.tuple()) for b in t.lay.plates]   # type: ignore[attr-defined]
    for box in boxes:
        assert app.screen.get_rect().contains(box)
        assert not any(box.colliderect(p) for p in plates), (box, plates)
