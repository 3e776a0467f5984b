"""#35: the smoke test fails if a line of text drawn at 1024x640, in any language, is smaller than
the text floor (``wizard.ui.text.TEXT_FLOOR``): text is fitted by wording or layout instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizard.ui import smoke, text


def test_below_floor_names_each_small_line_once() -> None:
    seen = [(8, "prédiction"), (8, "prédiction"), (text.TEXT_FLOOR, "ok"), (9, "Reprendre")]
    assert smoke.below_floor(seen) == ["'Reprendre' at 9px", "'prédiction' at 8px"]


@pytest.mark.parametrize("floor", [None, 60])
def test_the_smoke_test_fails_on_text_below_the_floor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str],
                                                      floor: int | None) -> None:
    """The table at 1024x640 in French (the longest words): fine at the floor; a floor above
    the table's sizes fails the run and names the line."""
    monkeypatch.setattr(smoke, "SCREENS", ())
    monkeypatch.setattr(smoke, "SMALL_SCREENS", ("table-forced-card", "takeback-refused-round"))
    monkeypatch.setattr(smoke, "fill_history", lambda prefs: None)
    monkeypatch.setattr(smoke, "fill_games", lambda prefs: None)
    monkeypatch.setattr(smoke, "fill_big_history", lambda prefs: None)
    if floor is not None:
        monkeypatch.setattr(text, "TEXT_FLOOR", floor)
    got = smoke.run_smoke(None, data_dir=tmp_path, languages=("fr",))
    err = capsys.readouterr().err
    if floor is None:
        assert got == 0, err
    else:
        assert got == 1 and f"text below {floor}px" in err and "table-forced-card" in err
