"""Totals count up on the seat plates after a round is scored, on the animation clock."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from wizard.engine import GameConfig, Phase, RoundScored  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.round_end import RoundEndScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.smoke import play_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def round_two_last_trick(speed: str) -> tuple[App, TableScene]:
    """Computer seats only, at the last card of round 2, shown on a table at ``speed``."""
    app = make_app(size=(1280, 800), speed=speed, headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    seats = [Seat.ai(n, "random") for n in ("A", "B", "C")]
    s = play_until(Session.new(GameConfig(3, seed=5, first_dealer=0), seats),
                   lambda s: s.round == 2 and s.phase is Phase.PLAY
                   and len(s.view(s.current or 0).hand or ()) == 1 and len(s.view(0).trick) == 2)
    t = TableScene(app, s)
    app.replace(t)
    app.frame(0.0)
    return app, t


def test_totals_count_up_on_the_plates_over_time() -> None:
    app, t = round_two_last_trick("normal")
    before = list(t.shown.totals)
    seen: list[tuple[float, list[int], list[bool]]] = []
    for _ in range(400):
        app.frame(0.02)
        if isinstance(t.table.animator.active, RoundScored):
            assert t.table.animator.tween is not None
            n = len(t.shown.totals)
            vals = [t.table.plate_total(i) for i in range(n)]
            seen.append((t.table.animator.tween.raw, [v for v, _c in vals], [c for _v, c in vals]))
        elif seen:
            break
    assert len(seen) >= 10, "the count lasts about a second at normal speed"
    after = t.game.totals
    moving = [i for i in range(len(after)) if abs(after[i] - before[i]) >= 20]
    assert moving, (before, after)
    mid = [vals for raw, vals, _c in seen if 0.3 < raw < 0.7]
    assert mid and any(before[i] != mid[0][i] != after[i] for i in moving)      # in between
    for i in moving:                                                            # never goes back
        steps = [vals[i] for _r, vals, _c in seen]
        assert steps == sorted(steps, reverse=after[i] < before[i])
    assert any(c for _r, _v, counting in seen for c in counting)
    assert t.shown.totals == after and [t.table.plate_total(i)[0] for i in range(len(after))] == after


def test_speed_off_shows_the_new_totals_at_once() -> None:
    app, t = round_two_last_trick("off")
    before = list(t.shown.totals)
    for _ in range(20):
        app.frame(0.0)
        assert not isinstance(t.table.animator.active, RoundScored)
    assert t.game.phase is Phase.ROUND_END and isinstance(app.top, RoundEndScene)
    assert t.shown.totals != before
    assert t.shown.totals == t.game.totals
    assert any(t.shown.totals)
