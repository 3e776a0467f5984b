"""The benchmarks, in one place with one entry point (#36): ``python -m wizard.bench <what>``.

``what`` is one of engine, ai, ui, persistence, review, history, fuzz, net, calibration, hint,
coach-truth, smoke-diff; each module below names its own options (``python -m wizard.bench <what> --help``
where it has any). Figures are medians over several repetitions in one process, timed in CPU time
where that is what is measured; compare ratios within a run, the machines are noisy.

The package sits above every other layer: it may import the engine, the AI, the persistence, the
network and the screens (the ui benches drive them headless, so pygame is allowed here), and
nothing outside it imports it (``tests/test_architecture.py``). It is a developer's tool: the
executable leaves it out (``build.spec``).
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: Sub-command -> the module under wizard.bench that runs it.
BENCHES = {
    "engine": "engine",               # random games through the checked API; --calls
    "ai": "ai",                       # every level's think time per decision; --games
    "ui": "ui",                       # frame times of an autoplayed game; --review, --menu
    "persistence": "persistence",     # save times; `persistence history [MB]`: a damaged history
    "review": "review",               # a post-game review's time
    "history": "history",             # the history and statistics screens on long histories
    "fuzz": "history_fuzz",           # damaged histories, killed writers
    "net": "net",                     # a LAN table's latencies; --wormhole: the internet table's
    "calibration": "calibration",     # the coach's calibration cases and fit
    "hint": "coach",                  # the coach's hint time
    "coach-truth": "coach_truth",     # the coach against the deep truth run
    "smoke-diff": "smoke_diff",       # the smoke screens at an earlier commit and now, by pixel
}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: run one bench (the benches read their own options)."""
    parser = argparse.ArgumentParser(prog="python -m wizard.bench", description=__doc__)
    parser.add_argument("what", choices=list(BENCHES))
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--games", type=int, default=1,
                        help="ai: games per table and player count")
    parser.add_argument("--calls", action="store_true",
                        help="engine: also time single calls on mid-game states")
    args, _rest = parser.parse_known_args(argv)
    module = BENCHES[args.what]
    if args.what == "net" and "--wormhole" in (argv if argv is not None else sys.argv):
        module = "net_wormhole"
    bench = importlib.import_module(f"wizard.bench.{module}")
    if args.what == "engine":
        bench.bench_engine(args.reps)
        if args.calls:
            bench.bench_calls()
        return 0
    if args.what == "ai":
        return int(bench.main(args.games))
    return int(bench.main(argv) or 0)
