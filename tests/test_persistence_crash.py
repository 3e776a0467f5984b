"""Crash test: SIGKILL a child that saves after every action; the saved game must always resume
to exactly the game replayed from the same seed up to the same number of actions."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import crash_child
import pytest

from wizard.persistence import Store

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "crash_child.py"
KILLS = 15

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _same_game(a, b) -> None:
    assert a.phase == b.phase and a.round == b.round and a.dealer == b.dealer
    assert a.hands == b.hands
    assert a.bids == b.bids and a.tricks == b.tricks and a.totals == b.totals
    assert a.trump == b.trump and a.trick == b.trick and a.current == b.current
    assert a.history == b.history and a.actions == b.actions


@pytest.mark.parametrize("mode, kills, window", [("direct", KILLS, 0.5), ("background", 8, 0.1)])
def test_sigkill_at_random_moments_always_resumes_exactly(tmp_path: Path, mode: str, kills: int,
                                                          window: float) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    timing = random.Random(f"20261122{mode}")
    extra = ["background"] if mode == "background" else []
    seed = 101
    done_games = 0
    progress = 0
    resumed_points = []
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, str(CHILD), str(tmp_path), str(seed)] + extra,
                                 env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert child.stdout is not None
        ready = child.stdout.readline().split()        # the child has loaded (or started) the game
        assert ready[:1] == [b"ready"], child.stderr.read().decode() if child.stderr else ""
        assert int(ready[1]) == progress, "the child did not resume from the last save"
        time.sleep(timing.uniform(0.0, window))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=30)
        finished = child.returncode == 0
        if not finished:
            assert child.returncode == -signal.SIGKILL, err.decode()

        store = Store(tmp_path)
        saved = store.load_game()
        history = store.load_history()
        assert store.problems == []
        if saved is None:
            # never started, or finished: then the game is in the history, exactly once
            if history and len(history) > done_games:
                assert len(history) == done_games + 1
                entry = history[-1]
                assert entry.seed == seed
                ref = crash_child.reference(seed, len(entry.record.actions))
                assert ref.is_terminal and tuple(ref.totals) == entry.totals
                _same_game(entry.replay(), ref)
                done_games += 1
                seed += 1
                progress = 0
            continue
        n = len(saved.record.actions)
        assert n >= progress, "a saved game went backwards"
        progress = n
        resumed_points.append(n)
        state, _rng = saved.resume()
        _same_game(state, crash_child.reference(seed, n))
    print("kill points (actions saved):", resumed_points, "games finished:", done_games)
    assert len(resumed_points) + done_games >= kills // 2, "the child rarely got to save anything"
    leftovers = [p.name for p in tmp_path.iterdir()
                 if not p.name.startswith(".")
                 and p.name not in ("game.json", "history.jsonl", "history.checked.json")]
    assert leftovers == []
