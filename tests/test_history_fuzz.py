"""Issue #34: the history database fuzzed through the real start and every history screen (a
small run of ``python -m wizard.bench fuzz``; the closing note's figure is a run of 20,000)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from wizard.bench.history_fuzz import fuzz  # noqa: E402


def test_byte_flips_and_sql_edits_never_stop_the_program() -> None:
    result = fuzz(60, seed=7, quiet=True)
    assert result["escapes"] == 0, result["examples"]
    assert result["hangs"] == 0, result["examples"]
    assert result["lost_untold"] == 0, result["examples"]     # a game gone: the player is told
    assert result["told"] > 0                                  # and the damage was seen
