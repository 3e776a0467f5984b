"""``python -m wizard.bench ui``: frame times of a full autoplayed 6-player game, headless, 1920x1080.

Animations run at normal speed on a clock advanced by 1/60 s per frame; every frame is
updated and drawn. The computer's pause between moves is left out (it only adds idle frames).

``--review``: the frames drawn while a post-game review of a 4-player game is worked out in its
own process (as the review screen does), beside the computer seats thinking on the table's worker;
the figures cover those frames only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence


def measure(players: int = 6, seed: int = 1, size: tuple[int, int] = (1920, 1080),
            speed: str = "normal", level: str = "easy", max_rounds: int | None = None,
            review: bool = False) -> list[float]:
    """Seconds per frame (update + draw) over a whole autoplayed game (``review``: only while a
    review runs in the background)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wizard.engine import GameConfig
    from wizard.table import Seat, Session
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.table import TableScene

    app = make_app(size=size, speed=speed, headless=True, threaded=True, lang="en")
    app.settings.ai_pause_ms = 0
    app.settings.sound = False
    done: list[bool] = []
    session = Session.new(GameConfig(players=players, seed=seed),
                          [Seat.ai(f"Player {i + 1}", level) for i in range(players)])
    table = TableScene(app, session, keep_history=False, on_game_over=lambda t: done.append(True))
    app.replace(table)
    times: list[float] = []
    dt = 1 / 60
    job = None
    if review:
        from wizard.bench.review import seeded_game
        from wizard.review import ReviewJob
        job = ReviewJob(seeded_game(seed), None)
    while not done:
        t0 = time.perf_counter()
        app.frame(dt)
        times.append(time.perf_counter() - t0)
        if job is not None and job.finished:
            break
        if max_rounds is not None and session.round > max_rounds:
            break
        if len(times) > 200000:
            break
    if job is not None and not job.finished:
        job.cancel()
        raise RuntimeError("the game ended before the review: the frames did not cover it")
    return times


def report(times: Sequence[float]) -> list[str]:
    """The four figure lines."""
    ms = sorted(t * 1000 for t in times)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    fps = 1000 / statistics.fmean(ms)
    return [f"frame p50 ms: {p50:.2f}", f"frame p99 ms: {p99:.2f}", f"frame max ms: {ms[-1]:.2f}",
            f"fps: {fps:.1f}"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench ui")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    p.add_argument("--speed", default="normal")
    p.add_argument("--level", default="expert",
                   help="computer level of every seat (they think on the table's worker thread)")
    p.add_argument("--review", action="store_true",
                   help="measure the frames drawn while a post-game review runs in the background")
    p.add_argument("--menu", type=int, default=0, metavar="GAMES",
                   help="instead: the main menu's layouts and Continue with GAMES games in progress")
    args, _rest = p.parse_known_args(argv)   # "ui" from "python -m wizard.bench ui" is ignored
    if args.menu:
        from wizard.bench.ui_menu import bench_menu
        bench_menu(args.menu)
        return 0
    start = time.perf_counter()
    times = measure(players=args.players, seed=args.seed, speed=args.speed, level=args.level,
                    max_rounds=args.rounds, review=args.review)
    during = ", while a 4-player game is reviewed in its own process" if args.review else ""
    print(f"frames: {len(times)} in {time.perf_counter() - start:.1f} s (1920x1080, headless, "
          f"{args.players} {args.level} seats thinking on the worker thread{during})")
    for line in report(times):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
