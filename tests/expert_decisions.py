"""Expert's decisions on fixed positions, to prove a refactor leaves them unchanged (issue #25).

``python tests/expert_decisions.py --write FILE`` plays seeded games (every edition, 3 to 6
players, several options) with Normal seats, picks decisions spread over each game, and records
Expert's action and a digest of its notes for each, with the seat's decision rng. Run it with
``PYTHONPATH`` set to an older tree (``git archive <commit> wizard | tar -x -C /tmp/base``) to
record that tree's decisions; ``tests/test_expert_decisions.py`` replays the file with this tree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from wizard.ai import make_ai
from wizard.ai.base import decision_rng
from wizard.engine import Action, BidVisibility, Edition, GameConfig, GameState, Options, Phase

TABLES: tuple[tuple[str, int, Options], ...] = (
    ("classic", 3, Options()),
    ("classic", 4, Options(no_equal_sum=True)),
    ("classic", 5, Options(bids=BidVisibility.HIDDEN)),
    ("classic", 6, Options(scroll=True, canadian=True)),
    ("magic", 3, Options(clairvoyance=True)),
    ("magic", 4, Options()),
    ("magic", 5, Options(no_equal_sum=True, canadian=True)),
    ("magic", 6, Options(bids=BidVisibility.SECRET)),
    ("camelot", 3, Options()),
    ("camelot", 4, Options(bids=BidVisibility.HIDDEN)),
    ("camelot", 5, Options(clairvoyance=True)),
    ("camelot", 6, Options(no_equal_sum=True)),
)
PER_GAME = 30


def digest(notes: dict[str, Any]) -> str:
    """A short fingerprint of Expert's notes (its estimates behind the decision)."""
    return hashlib.sha1(repr(sorted(notes.items(), key=lambda kv: kv[0])).encode()).hexdigest()[:16]


def expert_case(state: GameState, seed: int, step: int) -> dict[str, Any]:
    """Expert's decision at ``state`` (the seat to act, its view, its decision rng)."""
    seat = state.current_player
    assert seat is not None
    action, notes = make_ai("expert").suggest(state.view_for(seat), decision_rng(seed, seat, step))
    return {"step": step, "seat": seat, "expert": action.record(), "notes": digest(notes)}


def state_at(config: GameConfig, actions: list[Action], step: int) -> GameState:
    """The game of ``config`` after its first ``step`` actions (chance steps advanced)."""
    rng = random.Random(config.seed)
    state = GameState.new(config)
    for action in actions[:step]:
        while state.is_chance:
            state.advance(rng)
        state.apply(action)
    while state.is_chance:
        state.advance(rng)
    return state


def record_game(edition: str, players: int, options: Options, seed: int) -> dict[str, Any]:
    """One Normal game and Expert's decisions at ``PER_GAME`` of its real choices."""
    config = GameConfig(players=players, edition=Edition(edition), options=options, seed=seed)
    rng = random.Random(seed)
    state = GameState.new(config)
    normal = make_ai("normal")
    choices: list[GameState] = []
    while not state.is_terminal:
        if state.is_chance:
            state.advance(rng)
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view_for(seat)
        if len(view.legal) > 1 and state.phase in (Phase.BID, Phase.PLAY, Phase.TRUMP):
            choices.append(state.clone())
        state.apply(normal.decide(view, decision_rng(seed, seat, len(state.actions))), seat)
    picked = [choices[i * len(choices) // PER_GAME] for i in range(PER_GAME)]
    cases = [expert_case(s, seed, len(s.actions)) for s in picked]
    return {"config": config.to_dict(), "actions": [a.record() for a in state.actions],
            "cases": cases}


def main(argv: list[str] | None = None) -> int:
    """Write the decisions of the tree on ``sys.path`` to ``--write``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", required=True)
    args = parser.parse_args(argv)
    import wizard
    print(f"recording with {wizard.__file__}", file=sys.stderr)
    games = [record_game(ed, n, opts, 700 + i) for i, (ed, n, opts) in enumerate(TABLES)]
    with open(args.write, "w", encoding="utf-8") as f:
        json.dump({"games": games}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{sum(len(g['cases']) for g in games)} decisions written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
