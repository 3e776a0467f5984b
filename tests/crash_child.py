"""Crash-test child: play (or resume) a seeded game, saving after every action.

Usage: ``python tests/crash_child.py DATA_DIR SEED [background]``. The parent SIGKILLs it at random moments;
run again, it resumes from the saved game. Moves are a pure function of (seed, action count),
so ``reference(seed, n)`` rebuilds what the game must be after ``n`` actions.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard.engine import Action, GameConfig, GameRecord, GameState, start  # noqa: E402
from wizard.persistence import HistoryEntry, SavedGame, SeatSpec, Store  # noqa: E402

SEATS = (SeatSpec("Ana"), SeatSpec("Bo", "ai", "easy"), SeatSpec("Cy", "ai", "hard"),
         SeatSpec("Di", "ai", "expert"))


def config(seed: int) -> GameConfig:
    """The crash game's configuration."""
    return GameConfig(players=len(SEATS), seed=seed)


def choose(state: GameState, seed: int) -> Action:
    """The move for this position: seeded by the game seed and the number of actions so far."""
    return random.Random(f"{seed}:{len(state.actions)}").choice(state.legal_actions())


def reference(seed: int, n: int) -> GameState:
    """The game after ``n`` actions, played straight through without saving."""
    cfg = config(seed)
    rng = random.Random(cfg.seed)
    state, _ = start(cfg, rng)
    while len(state.actions) < n:
        while state.is_chance:
            state.advance(rng)
        state.apply(choose(state, seed))
    while state.phase.value in ("draw", "deal"):
        state.advance(rng)
    return state


def main(data_dir: str, seed: int, background: bool = False) -> int:
    """Play on from the saved game (or a new one) to the end; return 0."""
    store = Store(Path(data_dir), background=background)
    saved = store.load_game()
    if saved is not None:
        state, rng = saved.resume()
        created = saved.created
    else:
        cfg = config(seed)
        rng = random.Random(cfg.seed)
        state, _ = start(cfg, rng)
        first = SavedGame(GameRecord.of(state), SEATS)
        store.save_game(first)
        created = first.created
    print("ready", len(state.actions), flush=True)
    while not state.is_terminal:
        if state.is_chance:
            state.advance(rng)
            continue
        state.apply(choose(state, seed))
        store.save_game(SavedGame(GameRecord.of(state), SEATS, created=created))
    store.finish_game(HistoryEntry.from_game(state, SEATS))
    store.close()
    print("done", len(state.actions), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3:] == ["background"]))
