"""Benchmarks: ``Store.save_game`` on a late-game record (it runs after every action), and
loading a big damaged history.

    python -m wizard.bench persistence              # save times
    python -m wizard.bench persistence history 200  # a 200 MB damaged history: seconds, peak memory
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from wizard.engine import GameConfig, GameRecord, GameState, start
from wizard.persistence.games import SavedGame
from wizard.persistence.store import Store
from wizard.session.seats import SeatSpec


def late_game(actions: int = 500, seed: int = 2024) -> GameState:
    """A 3-player game played with seeded random legal moves up to ``actions`` actions."""
    cfg = GameConfig(players=3, seed=seed)
    rng = random.Random(cfg.seed)
    moves = random.Random(f"bench:{seed}")
    state, _ = start(cfg, rng)
    while len(state.actions) < actions and not state.is_terminal:
        if state.is_chance:
            state.advance(rng)
        else:
            state.apply(moves.choice(state.legal_actions()))
    return state


def bench_save(repeats: int = 200, actions: int = 500) -> dict[str, float]:
    """Time ``save_game`` on a record of ``actions`` actions; print and return p50/max in ms."""
    state = late_game(actions)
    seats = [SeatSpec("You"), SeatSpec("Merlin", "ai", "expert"), SeatSpec("Morgan", "ai", "hard")]
    saved = SavedGame(GameRecord.of(state), seats)
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        store.save_game(saved)
        for _ in range(repeats):
            t0 = time.perf_counter()
            store.save_game(SavedGame(GameRecord.of(state), seats, created=saved.created))
            times.append((time.perf_counter() - t0) * 1000)
        background = Store(Path(tmp) / "bg", background=True)
        background.save_game(saved)
        background.flush()
        queued: list[float] = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            background.save_game(SavedGame(GameRecord.of(state), seats, created=saved.created))
            queued.append((time.perf_counter() - t0) * 1000)
            background.flush()
        background.close()
    result = {"p50": statistics.median(times), "max": max(times), "actions": len(state.actions),
              "background_p50": statistics.median(queued), "background_max": max(queued)}
    print(f"save actions: {len(state.actions)}")
    print(f"save ms p50: {result['p50']:.3f}")
    print(f"save ms max: {result['max']:.3f}")
    print(f"background save ms p50: {result['background_p50']:.3f}")
    print(f"background save ms max: {result['background_max']:.3f}")
    return result


def bench_damaged_history(megabytes: int = 200) -> dict[str, float]:
    """Load a history of one good game and ``megabytes`` MB of damaged lines; print the figures.

    Peak memory is the process's maximum resident size (Linux: ``ru_maxrss``), measured in a
    fresh process by the caller's choice; the log lines are counted with a handler.
    """
    import logging
    import resource

    from wizard.persistence.history.entry import HistoryEntry
    state = late_game(actions=10_000, seed=7)
    seats = [SeatSpec("You"), SeatSpec("Merlin", "ai", "expert"), SeatSpec("Morgan", "ai", "hard")]
    good = HistoryEntry.from_game(state, seats).to_dict()
    from wizard.persistence.files.atomic import dump_json
    counted: list[logging.LogRecord] = []

    class Count(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            counted.append(record)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        junk = b"".join(b'{"schema": 1, "finished": "2026-01-01", "x": %d, "broken\n' % i
                        for i in range(4000))
        with open(folder / "history.jsonl", "wb") as f:
            f.write(dump_json(good))
            while f.tell() < megabytes << 20:
                f.write(junk)
        size = (folder / "history.jsonl").stat().st_size
        handler = Count()
        logging.getLogger("wizard.persistence").addHandler(handler)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t0 = time.perf_counter()
        store = Store(folder)
        entries = store.load_history()
        seconds = time.perf_counter() - t0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        logging.getLogger("wizard.persistence").removeHandler(handler)
        set_aside = sum(p.count for p in store.problems)
    result = {"megabytes": size / (1 << 20), "seconds": seconds, "peak_mb": peak / 1024,
              "before_mb": before / 1024, "games": len(entries), "lines_set_aside": set_aside,
              "log_lines": len(counted)}
    print(f"damaged history: {result['megabytes']:.0f} MB, {len(entries)} game kept, "
          f"{set_aside} lines set aside")
    print(f"load seconds: {seconds:.2f}")
    print(f"peak memory MB: {result['peak_mb']:.0f} (before loading: {result['before_mb']:.0f})")
    print(f"log lines: {len(counted)}")
    return result


def main(argv: list[str] | None = None) -> int:
    """``python -m wizard.bench persistence``: the save times; ``... persistence history [MB]``: a
    history of one good game and MB megabytes of damaged lines (200 unless given)."""
    import sys
    args = [a for a in (sys.argv[1:] if argv is None else argv) if a != "persistence"]
    if args[:1] == ["history"]:
        bench_damaged_history(int(args[1]) if len(args) > 1 else 200)
    else:
        bench_save()
    return 0
