"""Kill test of the game-end transaction: SIGKILL a child that finishes game after game into the
history database, then open the database as the program does at start.

Figures: finished games lost (acknowledged by ``finish_game`` but missing after the kill) and
damaged databases (``quick_check`` fails, or the store reports a problem) must both be 0.
``WIZARD_HISTORY_KILLS=120`` runs 120 kills (the figure quoted in docs/data-folder.md); the suite runs 6.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import history_kill_child
import pytest

from wizard.persistence import Store
from wizard.persistence.history.backups import examine
from wizard.persistence.history.db import DB_NAME
from wizard.persistence.history.reviews import review_id

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "history_kill_child.py"
KILLS = int(os.environ.get("WIZARD_HISTORY_KILLS", "6"))

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _run(data: Path, first: int, games: int, after: float) -> list[int]:
    """Start the child, SIGKILL it ``after`` seconds after it acknowledged ``games`` finished
    games (counting games, not seconds, keeps the test meaningful on a slow machine); the games
    it acknowledged."""
    proc = subprocess.Popen([sys.executable, str(CHILD), str(data), str(first)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == b"ready"
    out = b""
    while out.count(b"\n") < games:
        line = proc.stdout.readline()
        if not line:
            break
        out += line
    time.sleep(after)
    proc.send_signal(signal.SIGKILL)
    out += proc.stdout.read()
    proc.wait()
    lines = out.decode().split("\n")[:-1]   # the last one may have been cut by the kill
    return [int(line.split()[1]) for line in lines if re.fullmatch(r"done \d+", line)]


def test_sigkill_in_the_game_end_transaction_loses_no_game(tmp_path: Path) -> None:
    timing = random.Random(24)
    acked: set[int] = set()
    first = 1
    damaged = lost = 0
    for _ in range(KILLS):
        done = _run(tmp_path, first, timing.randint(1, 3), timing.uniform(0.0, 0.1))
        acked |= set(done)
        first = max(acked | {first - 1}) + 2       # a game possibly half-written is not redone
        damaged += not examine(tmp_path / DB_NAME).ok
        store = Store(tmp_path)
        keys = {r.key for r in store.history_page(0, 10**6)}
        damaged += bool(store.problems)
        lost += sum(review_id(history_kill_child.toy(k)) not in keys for k in acked)
        store.close()
    print(f"{KILLS} kills, {len(acked)} finished games acknowledged, lost: {lost}, "
          f"damaged databases: {damaged}")
    assert lost == 0 and damaged == 0
    assert len(acked) >= KILLS, "the child rarely finished a game before it was killed"
