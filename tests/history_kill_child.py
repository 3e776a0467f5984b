"""Kill-test child: finish game after game into the history database, as fast as it can.

Usage: ``python tests/history_kill_child.py DATA_DIR FIRST``. Game ``k`` (k = FIRST, FIRST+1, ...)
is a toy game of seed ``k`` (score rows only: the game-end transaction is what is tested, not
the engine). It prints ``done k`` once ``finish_game`` has returned (the commit, then the
checkpoint that syncs it); the parent SIGKILLs it at a random moment, inside the transaction or
the checkpoint.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard.engine import GameConfig, GameRecord, RoundResult  # noqa: E402
from wizard.persistence import HistoryEntry, Store  # noqa: E402
from wizard.session.seats import SeatSpec

SEATS = (SeatSpec("Ana"), SeatSpec("Bo", "ai", "easy"), SeatSpec("Cy", "ai", "hard"),
         SeatSpec("Di", "ai", "expert"))


def toy(k: int) -> HistoryEntry:
    """Game ``k``: 15 rounds of made-up but consistent score rows."""
    n = len(SEATS)
    totals = [0] * n
    rows = []
    for r in range(1, 16):
        bids = tuple((k + r + s) % (r + 1) for s in range(n))
        tricks = tuple(b if (k * r + s) % 3 else 0 for s, b in enumerate(bids))
        points = tuple(20 + 10 * b if b == t else -10 * abs(b - t)
                       for b, t in zip(bids, tricks, strict=True))
        totals = [a + p for a, p in zip(totals, points, strict=True)]
        rows.append(RoundResult(r, r % n, "R", bids, tricks, points, tuple(totals)))
    best = max(totals)
    return HistoryEntry(GameRecord(GameConfig(players=n, seed=k), ()), SEATS,
                        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=k), None,
                        tuple(rows), tuple(totals),
                        tuple(i for i, t in enumerate(totals) if t == best))


def main(data_dir: str, first: int) -> int:
    store = Store(Path(data_dir))
    store.history_db()
    print("ready", flush=True)
    k = first
    while True:
        if not store.finish_game(toy(k)):
            print("refused", k, flush=True)
            return 1
        print("done", k, flush=True)
        k += 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
