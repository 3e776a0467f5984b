"""Clock and tweens advance by hand, with no window."""

from __future__ import annotations

from wizard.table.clock import SPEEDS, Clock
from wizard.table.tween import Tween, ease_in_out, ease_out, lerp2, linear


def test_tween_progress_follows_clock() -> None:
    c = Clock()
    tw = Tween(c, 2.0, delay=1.0, ease=linear)
    assert tw.t == 0 and not tw.started
    c.tick(1.5)
    assert tw.started and abs(tw.t - 0.25) < 1e-9 and not tw.done
    c.tick(5)
    assert tw.done and tw.t == 1.0 and tw.value(10, 20) == 20


def test_zero_duration_is_instant() -> None:
    c = Clock()
    tw = Tween(c, 0.0)
    assert tw.done and tw.t == 1.0
    assert SPEEDS["off"] == 0.0 and SPEEDS["slow"] > SPEEDS["normal"] > SPEEDS["fast"]


def test_schedule_runs_in_time_order_once() -> None:
    c = Clock()
    out: list[str] = []
    c.schedule(0.5, lambda: out.append("b"))
    c.schedule(0.2, lambda: out.append("a"))
    c.tick(0.1)
    assert out == []
    c.tick(1.0)
    c.tick(1.0)
    assert out == ["a", "b"] and not c.pending


def test_eases_and_finish() -> None:
    for ease in (linear, ease_out, ease_in_out):
        assert abs(ease(0)) < 1e-9 and abs(ease(1) - 1) < 1e-9
    assert lerp2((0, 0), (10, 20), 0.5) == (5, 10)
    c = Clock()
    tw = Tween(c, 3)
    tw.finish()
    assert tw.done
