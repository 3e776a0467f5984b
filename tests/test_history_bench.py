"""The history benchmark in quick mode: every figure of issue #24 is printed for the database and
for the JSON-lines history of the same games (the targets are the bench's to check at 10,000
games, not a timed test's)."""

from __future__ import annotations

import math

from wizard.bench.history import LABELS, TARGETS, run


def test_the_quick_bench_prints_every_figure_for_both(capsys) -> None:
    figures = run(60, 10, cold=True)
    out = capsys.readouterr().out
    for label in LABELS.values():
        assert label in out
    db, old = figures["database"], figures["json-lines"]
    for key in TARGETS:
        assert math.isfinite(db[key]) and db[key] > 0, key
        assert math.isfinite(old[key]) and old[key] > 0, key
    assert old["after_update_ms"] > 0 and db["frames"] > 10
