"""Crash-test child: play (or resume) several seeded games in progress, saving after every action.

Usage: ``python tests/crash_child.py DATA_DIR SEED [background] [die-at=fsync:K|replace:K]``.
It plays the games of seeds ``SEED .. SEED + GAMES - 1`` in turn, one action at a time, each in
its own file, and prints ``saved SEED N`` once a save of game SEED at N actions has returned. A
game already finished (in the history) is not played again. The parent SIGKILLs it at random
moments, or ``die-at`` makes it SIGKILL itself inside the K-th ``os.fsync`` or ``os.replace``.
Moves are a pure function of (seed, action count), so ``reference(seed, n)`` rebuilds what a game
must be after ``n`` actions.
"""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard.engine import Action, GameConfig, GameRecord, GameState, start  # noqa: E402
from wizard.persistence import HistoryEntry, SavedGame, Store  # noqa: E402
from wizard.session.seats import SeatSpec

SEATS = (SeatSpec("Ana"), SeatSpec("Bo", "ai", "easy"), SeatSpec("Cy", "ai", "hard"),
         SeatSpec("Di", "ai", "expert"))
GAMES = 3


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


def game_id(seed: int) -> str:
    """The file id of the game of ``seed``."""
    return f"kill-{seed}"


def die_inside(spec: str) -> None:
    """SIGKILL this process inside the K-th call of ``os.fsync`` or ``os.replace`` (before it runs)."""
    name, _, k = spec.partition(":")
    real = getattr(os, name)
    calls = [0]

    def dying(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == int(k):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    setattr(os, name, dying)


def main(data_dir: str, seed: int, background: bool = False) -> int:
    """Play every game on from its save (or from the start) to the end; return 0."""
    store = Store(Path(data_dir), background=background)
    done = {e.seed for e in store.load_history()}
    saved = {g.record.config.seed: g for g in store.list_games()}
    games: dict[int, tuple[GameState, random.Random, SavedGame]] = {}
    for s in range(seed, seed + GAMES):
        if s in done:
            if s in saved:                 # finished, but killed before its save was deleted
                store.delete_game(saved[s].game_id)
            continue
        if s in saved:
            state, rng = saved[s].resume()
            games[s] = (state, rng, saved[s])
        else:
            cfg = config(s)
            rng = random.Random(cfg.seed)
            state, _ = start(cfg, rng)
            first = SavedGame(GameRecord.of(state), SEATS, game_id=game_id(s))
            store.save_game(first)
            games[s] = (state, rng, first)
    print("ready", " ".join(f"{s}:{len(g[0].actions)}" for s, g in sorted(games.items())),
          flush=True)
    while games:
        for s in sorted(games):
            state, rng, first = games[s]
            while state.is_chance:
                state.advance(rng)
            if not state.is_terminal:
                state.apply(choose(state, s))
                store.save_game(SavedGame(GameRecord.of(state), SEATS, created=first.created,
                                          game_id=first.game_id))
                print("saved", s, len(state.actions), flush=True)
            if state.is_terminal:
                store.finish_game(HistoryEntry.from_game(state, SEATS), first.game_id)
                del games[s]
    store.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    args = sys.argv[3:]
    for a in args:
        if a.startswith("die-at="):
            die_inside(a.removeprefix("die-at="))
    sys.exit(main(sys.argv[1], int(sys.argv[2]), "background" in args))
