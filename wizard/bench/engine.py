"""``python -m wizard.bench engine [--calls]``: random games through the engine's checked public
API, the fast simulator's rate, and (``--calls``) the cost of single engine calls.

Figures are medians over several repetitions in one process (one core), timed in CPU time
(time.process_time) so that other processes on a busy machine disturb them less. Compare ratios within a
run; the machines are noisy.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from collections.abc import Callable

from wizard.engine import Action, GameConfig, GameState, Phase, Play


def random_games(seconds: float, players: int = 4, seed: int = 1) -> tuple[float, float]:
    """(full random games per second, card plays per second) through the checked public API.

    Each step is a uniform random choice among ``legal_actions()``, drawn from the rng, passed to
    ``apply()``; deals go through ``advance(rng)``. The loop itself is kept lean (bound methods,
    plays counted once per game from the record) so that it measures the engine.
    """
    cfg = GameConfig(players=players, seed=seed)
    rng = random.Random(seed)
    random_ = rng.random  # uniform choice among the legal actions
    games = plays = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = GameState.new(cfg)
        legal_actions, apply, advance = state.legal_actions, state.apply, state.advance
        while True:
            legal = legal_actions()          # empty during chance steps and after the game
            if legal:
                apply(legal[int(random_() * len(legal))])
            elif state.is_terminal:
                break
            else:
                advance(rng)
        games += 1
        plays += list(map(type, state.actions)).count(Play)
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return games / elapsed, plays / elapsed


def _mid_game(players: int = 4, seed: int = 3) -> dict[str, GameState]:
    """Sample states of one seeded random game, in round 8: a lead, a follow, a trick's last card."""
    rng = random.Random(seed)
    state = GameState.new(GameConfig(players=players, seed=seed))
    while not (state.round == 8 and state.phase is Phase.PLAY and not state.trick):
        if state.is_chance:
            state.advance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    out = {"lead": state.clone()}
    state.apply(state.legal_actions()[0])
    out["follow"] = state.clone()
    while len(state.trick) < players - 1:
        state.apply(state.legal_actions()[0])
    out["last"] = state.clone()
    return out


def call_costs(number: int = 5000, repeat: int = 5) -> dict[str, float]:
    """Microseconds per engine call on mid-game states (best of ``repeat`` timed loops over
    ``number`` fresh clones each; cloning is not timed)."""
    states = _mid_game()

    def best(state: GameState, op: Callable[[GameState], object]) -> float:
        times = []
        for _ in range(repeat):
            clones = [state.clone() for _ in range(number)]
            start = time.perf_counter()
            for st in clones:
                op(st)
            times.append(time.perf_counter() - start)
        return min(times) / number * 1e6

    out: dict[str, float] = {}
    for name, st in states.items():
        action = st.legal_actions()[0]
        out[f"legal_actions ({name})"] = best(st, GameState.legal_actions)

        def legal_then_apply(s: GameState, a: Action = action) -> object:
            return s.legal_actions(), s.apply(a)

        out[f"legal_actions + apply ({name})"] = best(st, legal_then_apply)
    deal = states["lead"].clone()
    deal.phase, deal.is_chance, deal.round = Phase.ROUND_END, True, 7
    rng = random.Random(1)
    out["advance (deal of round 8)"] = best(deal, lambda s: s.advance(rng))
    out["clone"] = best(deal, GameState.clone)
    return out


def _median(fn: Callable[[], float], reps: int) -> float:
    return statistics.median(fn() for _ in range(reps))


def bench_engine(reps: int = 5, seconds: float = 1.0) -> None:
    """Print ``games/s``, ``plays/s`` and (when the fast simulator exists) ``fast games/s``."""
    results = [random_games(seconds) for _ in range(reps)]
    games = statistics.median(r[0] for r in results)
    plays = statistics.median(r[1] for r in results)
    print("engine: random 4-player classic games (15 rounds), checked public API, one core")
    print(f"games/s: {games:.0f}")
    print(f"plays/s: {plays:.0f}")
    try:
        fast = importlib.import_module("wizard.ai.simulator")
    except ImportError:
        print("fast games/s: unavailable (wizard.ai.simulator not importable)")
        return
    fast_rate = _median(lambda: float(fast.bench_fast(seconds, random.Random(1))), reps)
    print(f"fast games/s: {fast_rate:.0f}")
    print(f"fast/checked ratio: {fast_rate / games:.1f}")


def bench_calls() -> None:
    """Print the cost of single engine calls on mid-game states (for profiling work)."""
    print("engine calls, 4-player classic, round 8 (us per call, best of 5):")
    for name, us in call_costs().items():
        print(f"  {name}: {us:.2f}")
