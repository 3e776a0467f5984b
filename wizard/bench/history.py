"""``python -m wizard.bench history --games 10000``: the history's figures (issue #24) on a history
of real games in the database, and the same figures on a JSON-lines history of the same games
read the way earlier versions read it (the whole file on the UI thread, the replay cache warm;
and once with the cache cold, as after a program update).

Figures, each part in a fresh process (so its peak memory is its own), headless at 1280x800:
History's first page, Statistics, Progress, the Continue list (``--in-progress`` games), the
longest frame while these screens open and scroll, finishing a game (write and commit), peak
memory. ``--quick`` uses 60 games and 10 in progress (the suite's shape test).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGETS = {"history_ms": 200, "stats_ms": 500, "progress_ms": 500, "continue_ms": 200,
           "finish_ms": 30, "max_frame_ms": 50, "peak_mb": 100}
LABELS = {"open_ms": "opening the data (integrity_check, or nothing)",
          "history_ms": "History's first page", "stats_ms": "Statistics",
          "progress_ms": "Progress", "after_update_ms": "first screen after a program update",
          "continue_ms": "Continue list", "max_frame_ms": "longest frame (open, scroll)",
          "max_frame_cpu_ms": "  the same, UI thread's CPU time",
          "finish_ms": "finishing a game (median)", "finish_max_ms": "finishing a game (max)",
          "finish_quiet_max_ms": "  max with no backup being written",
          "finish_backup_max_ms": "  max while a backup is written",
          "sync_ms": "then synced before its save goes (median)",
          "sync_max_ms": "then synced before its save goes (max)",
          "peak_mb": "peak memory (MB)",
          "history_cpu": "CPU: History's first page (count, 40 rows)",
          "stats_cpu": "CPU: Statistics", "progress_cpu": "CPU: Progress (names, figures)",
          "continue_cpu": "CPU: Continue list", "finish_cpu": "CPU: finishing a game (median)"}


def _cpu(fn: Callable[[], Any], repeat: int = 3) -> float:
    """The least CPU time of this thread over ``repeat`` calls of ``fn``, in ms (the machine may
    be shared: CPU time is what the work itself costs)."""
    best = float("inf")
    for _ in range(repeat):
        c0 = time.thread_time()
        fn()
        best = min(best, time.thread_time() - c0)
    return best * 1000


CPU: list[float] = []      # the UI thread's own CPU time in each frame (the machine may be busy)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _until(app: Any, done: Callable[[], bool], frames: list[float], events: list[Any] | None = None,
           limit_s: float = 120.0) -> None:
    """Frames of 1/60 s until ``done()``; each frame's duration appended to ``frames``."""
    start = time.perf_counter()
    queue = list(events or [])
    while True:
        t0 = time.perf_counter()
        c0 = time.thread_time()
        app.frame(1 / 60, [queue.pop(0)] if queue else [])
        frames.append(time.perf_counter() - t0)
        CPU.append(time.thread_time() - c0)
        if done() and not queue:
            return
        if time.perf_counter() - start > limit_s:
            raise RuntimeError("a screen took over two minutes")
        time.sleep(0.001)


def part_db(folder: Path) -> dict[str, float]:
    """The figures on the database (this process opens the folder as the program does)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from wizard.persistence.history.seed import games
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.history import HistoryScene
    from wizard.ui.scenes.progress import ProgressScene

    out: dict[str, float] = {}
    t0 = time.perf_counter()
    prefs = Prefs(folder)
    out["open_ms"] = (time.perf_counter() - t0) * 1000
    app = make_app(prefs, size=(1280, 800), headless=True, threaded=True, speed="off", lang="en")
    app.go("menu")
    app.frame(0.0)
    frames: list[float] = []
    key = pygame.KEYDOWN

    def press(k: int) -> Any:
        return pygame.event.Event(key, key=k, mod=0, unicode="")

    t0 = time.perf_counter()
    scene = app.open("history")
    assert isinstance(scene, HistoryScene)
    _until(app, lambda: True, frames)
    out["history_ms"] = (time.perf_counter() - t0) * 1000
    _until(app, lambda: scene.stats_job.done, frames)
    out["stats_ms"] = (time.perf_counter() - t0) * 1000
    pages = [press(pygame.K_PAGEDOWN)] * 30 + [press(pygame.K_DOWN)] * 10 + \
        [press(pygame.K_PAGEUP)] * 10 + [press(pygame.K_ESCAPE)]
    _until(app, lambda: True, frames, pages)
    app.go("menu")
    t0 = time.perf_counter()
    progress = app.open("stats_progress")
    assert isinstance(progress, ProgressScene)
    _until(app, lambda: progress.data is not None, frames)
    out["progress_ms"] = (time.perf_counter() - t0) * 1000
    _until(app, lambda: progress.data is not None, frames, [press(pygame.K_RIGHT)] * 3)
    app.go("menu")
    t0 = time.perf_counter()
    app.open("continue_list")
    _until(app, lambda: True, frames)
    out["continue_ms"] = (time.perf_counter() - t0) * 1000
    _until(app, lambda: True, frames, [press(pygame.K_DOWN)] * 10)
    out["max_frame_ms"] = max(frames) * 1000
    out["max_frame_cpu_ms"] = max(CPU) * 1000
    out["frames"] = len(frames)
    if os.environ.get("WIZARD_BENCH_FRAMES"):
        print(json.dumps([round(f * 1000, 1) for f in frames]), file=sys.stderr)
    out["after_update_ms"] = out["history_ms"]     # nothing depends on the program's version
    out["history_cpu"] = _cpu(lambda: (prefs.history_count(), prefs.history_page(0, 40)))
    out["stats_cpu"] = _cpu(prefs.stats)
    out["progress_cpu"] = _cpu(lambda: prefs.progress_of(prefs.player_names()[0]))
    out["continue_cpu"] = _cpu(prefs.store.summaries, 1)
    store = prefs.store
    new = list(games(30, first=10**6 + prefs.history_count()))   # new games on every run
    times = []
    cpu = []
    syncs = []
    during: list[bool] = []           # a backup (every 20 games) being written meanwhile
    for entry in new:
        during.append(store.backup_running)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        assert store.record_finished(entry)           # the game-end transaction
        cpu.append(time.thread_time() - c0)
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        store.sync_finished()          # the checkpoint after which finish_game deletes the save
        syncs.append(time.perf_counter() - t0)
        store.backup_if_due()          # as finish_game does next: a backup every 20 games
    quiet = [t for t, b in zip(times, during, strict=True) if not b]
    busy = [t for t, b in zip(times, during, strict=True) if b]
    if quiet:
        out["finish_quiet_max_ms"] = max(quiet) * 1000
    if busy:
        out["finish_backup_max_ms"] = max(busy) * 1000
    out["sync_ms"] = statistics.median(syncs) * 1000
    out["sync_max_ms"] = max(syncs) * 1000
    out["finish_cpu"] = statistics.median(cpu) * 1000
    if os.environ.get("WIZARD_BENCH_FRAMES"):
        print(json.dumps([round(f * 1000, 1) for f in times]), file=sys.stderr)
    out["finish_ms"] = statistics.median(times) * 1000
    out["finish_max_ms"] = max(times) * 1000
    out["peak_mb"] = _peak_mb()
    prefs.close()
    return out


def _old_load(path: Path, cache_digests: set[str]) -> list[Any]:
    """What earlier versions did to open History or Progress: read and check every line (a line
    in the cache of replayed lines is not replayed again)."""
    from wizard import checks
    from wizard.persistence.files.atomic import parse_json
    from wizard.persistence.history.entry import HISTORY_MIGRATIONS, HistoryEntry
    from wizard.persistence.history.jsonl import lines, open_regular
    from wizard.persistence.history.verified import line_digest
    out = []
    f = open_regular(path, 1 << 30)
    assert f is not None
    with f:
        for line in lines(f, 4 << 20):
            if not line:
                continue
            data, _found = HISTORY_MIGRATIONS.upgrade(checks.obj(parse_json(line), "entry"))
            out.append(HistoryEntry.from_dict(data, verify=line_digest(line) not in cache_digests))
    return out


def _old_player_names(history: list[Any]) -> list[str]:
    """The Progress screen's list of names as earlier versions made it, from every game in memory:
    names that ever sat as a person, most games first (then computers, if no person)."""
    count: dict[str, int] = {}
    human: set[str] = set()
    for entry in history:
        for s in entry.seats:
            count[s.name] = count.get(s.name, 0) + 1
            if s.is_human:
                human.add(s.name)
    names = [n for n in count if n in human] or list(count)
    return sorted(names, key=lambda n: (-count[n], n.casefold()))


def part_jsonl(folder: Path, cold: bool) -> dict[str, float]:
    """The same figures on the JSON-lines history, read as earlier versions read it."""
    from wizard.persistence.history.jsonl import append_atomic, open_regular
    from wizard.persistence.history.seed import games
    from wizard.persistence.history.verified import VerifiedCache
    from wizard.review.progress import progress
    from wizard.review.stats import compute_stats

    path = folder / "history.jsonl"
    cache = VerifiedCache(folder, "history.checked.json")
    cache.load()
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    history = _old_load(path, cache.digests)
    out["history_ms"] = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    compute_stats(_old_load(path, cache.digests))
    out["stats_ms"] = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    again = _old_load(path, cache.digests)
    progress(again, _old_player_names(again)[0])
    out["progress_ms"] = (time.perf_counter() - t0) * 1000
    out["max_frame_ms"] = max(out["history_ms"], out["stats_ms"], out["progress_ms"])
    out["history_cpu"] = _cpu(lambda: _old_load(path, cache.digests), 1)
    out["stats_cpu"] = _cpu(lambda: compute_stats(_old_load(path, cache.digests)), 1)
    out["progress_cpu"] = _cpu(lambda: progress(h := _old_load(path, cache.digests),
                                                _old_player_names(h)[0]), 1)
    if cold:
        t0 = time.perf_counter()
        _old_load(path, set())
        out["after_update_ms"] = (time.perf_counter() - t0) * 1000
    times = []
    cpu = []
    for entry in games(5, first=10**6):
        from wizard.persistence.history.db import entry_line
        line = entry_line(entry)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        old = open_regular(path, 1 << 30)
        try:
            append_atomic(path, old, line + b"\n")
        finally:
            if old is not None:
                old.close()
        cpu.append(time.thread_time() - c0)
        times.append(time.perf_counter() - t0)
    out["finish_cpu"] = statistics.median(cpu) * 1000
    out["finish_ms"] = statistics.median(times) * 1000
    out["finish_max_ms"] = max(times) * 1000
    out["peak_mb"] = _peak_mb()
    del history
    return out


def _child(part: str, folder: Path, cold: bool) -> dict[str, float]:
    cmd = [sys.executable, "-m", "wizard.bench.history", "history", "--part", part, "--folder",
           str(folder)]
    if cold:
        cmd.append("--cold")
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{part} part failed:\n{done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run(games: int, in_progress: int, cold: bool = True,
        keep: Path | None = None) -> dict[str, dict[str, float]]:
    """Build the histories, run both parts, print the table; the figures."""
    from wizard.persistence.history.seed import seed_history
    tmp = None
    if keep is None:
        tmp = tempfile.TemporaryDirectory(prefix="wizard-history-bench-")
        base = Path(tmp.name)
    else:
        base = keep
    try:
        db_dir, jsonl_dir = base / "db", base / "jsonl"
        jsonl_dir.mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        if keep is not None and (db_dir / "history.sqlite3").exists():
            print(f"reusing the histories in {base} (the database has 30 more games per run)")
        else:
            store = seed_history(db_dir, games, jsonl_dir / "history.jsonl", in_progress)
            store.close()
        built = time.perf_counter() - t0
        db_size = sum(p.stat().st_size for p in db_dir.glob("history.sqlite3*"))
        jsonl_size = (jsonl_dir / "history.jsonl").stat().st_size
        print(f"history of {games} real games built in {built:.1f} s; {in_progress} games in "
              f"progress; database {db_size / 2**20:.1f} MB, history.jsonl "
              f"{jsonl_size / 2**20:.1f} MB")
        figures = {"database": _child("db", db_dir, False),
                   "json-lines": _child("jsonl", jsonl_dir, cold)}
        for key in ("continue_ms", "continue_cpu"):                     # the same files and code
            figures["json-lines"][key] = figures["database"][key]
    finally:
        if tmp is not None:
            tmp.cleanup()
    print(f"{'figure':44} {'database':>10} {'json-lines':>11} {'target':>7}")
    for key, label in LABELS.items():
        a = figures["database"].get(key)
        b = figures["json-lines"].get(key)
        target = TARGETS.get(key)
        cells = [f"{a:10.1f}" if a is not None else f"{'-':>10}",
                 f"{b:11.1f}" if b is not None else f"{'-':>11}",
                 f"{'<= ' + str(target):>7}" if target else f"{'':>7}"]
        print(f"{label:44} {' '.join(cells)}")
    print("times in ms: wall-clock on this machine (shared: see the load average), and the CPU "
          "time of the work itself; the json-lines Continue list is the same files and code")
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return figures


def main(argv: list[str] | None = None) -> int:
    """Command line (``python -m wizard.bench history ...`` passes its arguments here)."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench history", description=__doc__)
    p.add_argument("what", nargs="?", default="history")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--in-progress", type=int, default=100)
    p.add_argument("--quick", action="store_true", help="60 games, 10 in progress")
    p.add_argument("--no-cold", action="store_true",
                   help="skip the json-lines run with the replay cache cold (slow)")
    p.add_argument("--keep", type=Path, default=None, help="build the histories in this folder")
    p.add_argument("--part", choices=("db", "jsonl"), default=None, help=argparse.SUPPRESS)
    p.add_argument("--cold", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--folder", type=Path, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.part is not None:
        folder = args.folder
        assert folder is not None
        result = part_db(folder) if args.part == "db" else part_jsonl(folder, args.cold)
        print(json.dumps(result))
        return 0
    games, in_progress = (60, 10) if args.quick else (args.games, args.in_progress)
    run(games, in_progress, cold=not args.no_cold, keep=args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
