"""Expert decides exactly as before the editions became data (issue #25).

``fixtures/expert_decisions.json`` holds 360 decisions (12 games: every edition, 3 to 6 players,
several options) recorded by ``tests/expert_decisions.py`` with the tree of commit 4cd89b0. The
suite replays three per game; ``WIZARD_EXPERT_ALL=1`` replays all of them (about 40 s).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from expert_decisions import expert_case, state_at

from wizard.engine import Action, GameConfig

FIXTURE = Path(__file__).parent / "fixtures" / "expert_decisions.json"
GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]
EVERY = os.environ.get("WIZARD_EXPERT_ALL") == "1"


def _cases() -> list[tuple[int, int]]:
    out = []
    for g, game in enumerate(GAMES):
        picked = range(len(game["cases"])) if EVERY else (3, 15, 27)
        out += [(g, i) for i in picked]
    return out


def test_the_fixture_covers_every_edition_and_player_count_with_300_decisions() -> None:
    tables = {(g["config"]["edition"], g["config"]["players"]) for g in GAMES}
    assert tables == {(e, n) for e in ("classic", "magic", "camelot") for n in range(3, 7)}
    assert sum(len(g["cases"]) for g in GAMES) >= 300
    kinds = {c["expert"].split()[0] for g in GAMES for c in g["cases"]}
    assert {"bid", "play"} <= kinds


@pytest.mark.parametrize(("game", "case"), _cases())
def test_expert_decides_as_recorded(game: int, case: int) -> None:
    g = GAMES[game]
    config = GameConfig.from_dict(g["config"])
    actions = [Action.from_record(t) for t in g["actions"]]
    want = g["cases"][case]
    state = state_at(config, actions, want["step"])
    assert len(state.actions) == want["step"] and state.current_player == want["seat"]
    got = expert_case(state, config.seed, want["step"])
    assert (got["expert"], got["notes"]) == (want["expert"], want["notes"])
