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
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.prefs import FULL, READ_ONLY, Prefs, SaveStatus  # noqa: E402
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
    s.step_ai()
    assert not prefs.save_status.failed

    def refuse(path, data):
        raise OSError(number, os.strerror(number))
    monkeypatch.setattr(store_module, "write_bytes_atomic", refuse)
    s.step_ai()
    status = prefs.save_status
    assert status.failed and status.reason == reason and status.folder == tmp_path
    assert notice_lines(status)[1] is True
    s.step_ai()                                    # tried again on the next action
    assert prefs.save_status.failed and prefs.save_status.failed_since == status.failed_since
    monkeypatch.undo()
    s.step_ai()
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
