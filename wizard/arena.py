"""``python -m wizard.arena``: pit computer players (and external bots) against each other.

Every deal is played once per rotation of the seat assignment (duplicate deals), so the luck of
the cards cancels out; confidence intervals are paired by deal. A seat ``cmd:PROGRAM`` runs an
external bot speaking BOT_PROTOCOL.md (wizard/botproc.py runs it); a bot that cannot start,
crashes, stays silent, answers illegally or out of turn is reported with its seat and the request
it failed on, and the series stops cleanly (exit status 2).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from . import botguard
from .ai import BASELINES, LEVELS, Player, make_ai
from .ai.base import decision_rng, play_through
from .botproc import BotError, ExternalBot, close_series_bots, discard, series_bot
from .engine import Action, ConfigError, Edition, GameConfig, GameState, Options, PlayerView
from .engine.house import add_flags, options_from_flags
from .protocol import answer_action, end_message, request_of


class BotFault(Exception):
    """An external bot failed: which seat, what happened, the request it failed on."""

    def __init__(self, seat: int, name: str, what: str, request: dict[str, Any] | None) -> None:
        super().__init__(f"seat {seat} ({name}): {what}")
        self.seat = seat
        self.name = name
        self.what = what
        self.request = request


@dataclass
class SeatResult:
    """What one seat did in one game."""

    name: str
    total: int
    rounds: list[tuple[int, int, int]] = field(default_factory=list)   # (round size, bid, tricks)
    times_ms: list[float] = field(default_factory=list)
    first: float = 0.0


@dataclass(frozen=True)
class GameSpec:
    """One game of a series: which deal, which rotation, who sits where."""

    deal: int
    rotation: int
    names: tuple[str, ...]
    config: GameConfig
    timeout: float
    max_rounds: int


def play_game(spec: GameSpec) -> list[SeatResult]:
    """Play one game; raises BotFault if an external bot fails (that bot is then closed)."""
    cfg = spec.config
    n = cfg.players
    players: list[Player | None] = []
    bots: dict[int, ExternalBot] = {}
    try:
        for seat, name in enumerate(spec.names):
            if name.startswith("cmd:"):
                players.append(None)
                with _blame(seat, name):
                    bots[seat] = series_bot(name[4:], spec.names[:seat].count(name), spec.timeout)
            else:
                players.append(make_ai(name))
        results = [SeatResult(name, 0) for name in spec.names]
        state = GameState.new(cfg)

        def decide(actor: int, view: PlayerView) -> Action:
            player = players[actor]
            if player is not None:
                # CPU time of this thread: the work of one core, whatever else the machine runs.
                t0 = time.thread_time()
                action = player.decide(view, decision_rng(cfg.seed, actor, len(state.actions)))
                spent = time.thread_time() - t0
            else:
                t0 = time.perf_counter()  # an external bot: wall-clock round trip
                with _blame(actor, spec.names[actor]):
                    action = _ask_bot(bots[actor], view)
                spent = time.perf_counter() - t0
            results[actor].times_ms.append(spent * 1000.0)
            return action

        play_through(state, random.Random(cfg.seed), decide, spec.max_rounds)
        for seat, bot in bots.items():
            with _blame(seat, spec.names[seat]):
                bot.tell(end_message(state.totals))  # one gone now: found at its next request, if any
        for h in state.history:
            for s in range(n):
                results[s].rounds.append((h.round, h.bids[s], h.tricks[s]))
        best = max(state.totals)
        top = [s for s in range(n) if state.totals[s] == best]
        for s in range(n):
            results[s].total = state.totals[s]
            results[s].first = 1.0 / len(top) if s in top else 0.0
        return results
    except BaseException as e:
        # the bots of a game that broke off are not trusted with another game; the faulty one is
        # ended at once
        discard(list(bots.values()), bots.get(e.seat) if isinstance(e, BotFault) else None)
        raise


@contextmanager
def _blame(seat: int, name: str) -> Iterator[None]:
    """Turn a bot's error into a fault report naming its seat."""
    try:
        yield
    except BotError as e:
        raise BotFault(seat, name, e.what, e.request) from None


def _ask_bot(bot: ExternalBot, view: PlayerView) -> Action:
    """The bot's legal answer for its seat's view; BotError if there is none."""
    req = request_of(view)
    line = bot.ask(req)
    try:
        action, why = answer_action(view, line)
    except Exception as e:  # whatever breaks on reading an answer is the bot's fault, not a traceback
        action, why = None, f"an answer that cannot be read ({type(e).__name__}): {line.strip()[:80]!r}"
    if action is None:
        raise BotError(why, req)
    return action


def _run_one(spec: GameSpec) -> tuple[GameSpec, list[SeatResult] | None, dict[str, Any] | None]:
    try:
        return spec, play_game(spec), None
    except BotFault as f:
        return spec, None, {"seat": f.seat, "bot": f.name, "what": f.what, "request": f.request,
                            "deal": spec.deal, "rotation": spec.rotation}


def specs_for(seats: list[str], games: int, seed: int, edition: Edition, options: Options,
              timeout: float, max_rounds: int) -> list[GameSpec]:
    """Every (deal, rotation) game of a series; deal d uses the same seed in every rotation."""
    n = len(seats)
    rotations = n if len(set(seats)) > 1 else 1
    out = []
    for d in range(games):
        deal_seed = random.Random(f"arena:{seed}:{d}").getrandbits(48)
        cfg = GameConfig(players=n, edition=edition, options=options, seed=deal_seed,
                         first_dealer=d % n)
        for k in range(rotations):
            names = tuple(seats[(i + k) % n] for i in range(n))
            out.append(GameSpec(d, k, names, cfg, timeout, max_rounds))
    return out


def run_series(specs: list[GameSpec], jobs: int,
               progress: Any = None) -> tuple[list[tuple[GameSpec, list[SeatResult]]], dict[str, Any] | None]:
    """Play the games (in ``jobs`` processes); stops at the first bot fault and returns it.

    Whatever way it ends (a fault, Ctrl-C, SIGTERM/SIGHUP turned into ``SystemExit`` by
    ``main``), every process the bots started is ended; a watchdog does it if the arena is killed.
    """
    dog = botguard.start_watchdog()
    try:
        return _run_series(specs, jobs, progress)
    finally:
        botguard.end_run()
        botguard.stop_watchdog(dog)


def _run_series(specs: list[GameSpec], jobs: int,
                progress: Any) -> tuple[list[tuple[GameSpec, list[SeatResult]]], dict[str, Any] | None]:
    done: list[tuple[GameSpec, list[SeatResult]]] = []
    if jobs <= 1:
        try:
            for spec in specs:
                s, res, failed = _run_one(spec)
                if failed is not None:
                    return done, failed
                assert res is not None
                done.append((s, res))
                if progress:
                    progress(len(done), len(specs))
            return done, None
        finally:
            close_series_bots()
    fault: dict[str, Any] | None = None
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals)
    try:
        pending: set[Future[Any]] = set()
        it = iter(specs)
        for spec in it:
            pending.add(pool.submit(_run_one, spec))
            if len(pending) >= jobs * 2:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                s, res, f = fut.result()
                if f is not None and fault is None:
                    fault = f
                elif res is not None:
                    done.append((s, res))
                    if progress:
                        progress(len(done), len(specs))
            if fault is not None:
                for fut in pending:
                    fut.cancel()
                break
            for spec in it:
                pending.add(pool.submit(_run_one, spec))
                if len(pending) >= jobs * 2:
                    break
    except BaseException:
        # stopped (Ctrl-C, SIGTERM): the workers' games are not waited for
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for w in workers:
            w.terminate()
        raise
    pool.shutdown(wait=True)
    done.sort(key=lambda x: (x[0].deal, x[0].rotation))
    return done, fault


def _worker_signals() -> None:
    """A worker leaves Ctrl-C and SIGHUP to the arena, which ends it (no traceback from it), and
    SIGTERM ends it at once (not the arena's handler, inherited by the fork)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)


def _stop_on(sig: int, _frame: Any) -> None:
    """SIGTERM or SIGHUP: leave through ``finally`` blocks (the bots are ended), status 128+sig."""
    raise SystemExit(128 + sig)


def _mean_ci(values: list[float]) -> tuple[float, list[float]]:
    m = sum(values) / len(values) if values else 0.0
    if len(values) < 2:
        return m, [m, m]
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    half = 1.96 * math.sqrt(var / len(values))
    return m, [m - half, m + half]


def _pct(sorted_vals: list[float], q: float) -> float:
    if not sorted_vals:
        return 0.0
    i = min(len(sorted_vals) - 1, int(q * (len(sorted_vals) - 1) + 0.5))
    return sorted_vals[i]


def summarize(done: list[tuple[GameSpec, list[SeatResult]]]) -> dict[str, Any]:
    """The figures of a series: per strategy and per pair of strategies (paired by deal)."""
    per_deal: dict[str, dict[int, list[float]]] = {}
    stats: dict[str, dict[str, Any]] = {}
    for spec, results in done:
        for r in results:
            per_deal.setdefault(r.name, {}).setdefault(spec.deal, []).append(r.total)
            st = stats.setdefault(r.name, {"first": [], "hits": 0, "rounds": 0, "abs_err": 0,
                                           "by_size": {}, "times": []})
            st["first"].append(r.first)
            st["times"] += r.times_ms
            for size, b, t in r.rounds:
                st["rounds"] += 1
                st["hits"] += b == t
                st["abs_err"] += abs(b - t)
                hs = st["by_size"].setdefault(size, [0, 0])
                hs[0] += b == t
                hs[1] += 1
    deals = sorted({spec.deal for spec, _ in done})
    means = {name: {d: sum(v) / len(v) for d, v in dd.items()} for name, dd in per_deal.items()}
    out: dict[str, Any] = {"deals": len(deals), "games": len(done), "strategies": {}, "pairs": []}
    for name in sorted(stats):
        st = stats[name]
        m, ci = _mean_ci([means[name][d] for d in deals if d in means[name]])
        times = sorted(st["times"])
        out["strategies"][name] = {
            "mean_points": round(m, 2), "ci95": [round(x, 2) for x in ci],
            "first_rate": round(sum(st["first"]) / max(1, len(st["first"])), 4),
            "bid_hit_rate": round(st["hits"] / max(1, st["rounds"]), 4),
            "bid_hit_by_round": {str(k): round(v[0] / v[1], 4) for k, v in sorted(st["by_size"].items())},
            "mean_abs_bid_error": round(st["abs_err"] / max(1, st["rounds"]), 4),
            "decision_ms": {"p50": round(_pct(times, 0.5), 2), "p95": round(_pct(times, 0.95), 2),
                            "max": round(times[-1] if times else 0.0, 2)},
        }
    names = sorted(stats)
    for i, name_a in enumerate(names):
        for name_b in names[i + 1:]:
            da, db = means[name_a], means[name_b]
            m, ci = _mean_ci([da[d] - db[d] for d in deals if d in da and d in db])
            out["pairs"].append({"a": name_a, "b": name_b, "mean_diff": round(m, 2),
                                 "ci95": [round(x, 2) for x in ci]})
    return out


def format_text(summary: dict[str, Any]) -> str:
    """A readable report of ``summarize``'s figures; names are never cut (a bot's command can be long)."""
    width = max([28] + [len(name) for name in summary["strategies"]])
    lines = [f"{summary['deals']} deals, {summary['games']} games (every deal in every seat rotation)"]
    lines.append(f"{'strategy':<{width}} {'points/game':>12} {'95% CI':>20} {'first':>7} {'bid hit':>8} "
                 f"{'|bid-tricks|':>12}  {'ms p50/p95/max'}")
    for name, s in summary["strategies"].items():
        ci = f"[{s['ci95'][0]:.1f}, {s['ci95'][1]:.1f}]"
        dm = s["decision_ms"]
        lines.append(f"{name:<{width}} {s['mean_points']:>12.1f} {ci:>20} {s['first_rate']:>7.1%} "
                     f"{s['bid_hit_rate']:>8.1%} {s['mean_abs_bid_error']:>12.2f}  "
                     f"{dm['p50']:.1f}/{dm['p95']:.1f}/{dm['max']:.1f}")
    for name, s in summary["strategies"].items():
        by = " ".join(f"{k}:{v:.0%}" for k, v in s["bid_hit_by_round"].items())
        lines.append(f"  bid hit by round size, {name}: {by}")
    for p in summary["pairs"]:
        lines.append(f"{p['a']} - {p['b']}: {p['mean_diff']:+.1f} points/game, "
                     f"95% CI [{p['ci95'][0]:.1f}, {p['ci95'][1]:.1f}]")
    return "\n".join(lines)


def parse_seats(text: str) -> list[str]:
    """Split ``--seats``; a ``cmd:`` seat runs to the next comma followed by a known level or cmd:."""
    known = set(LEVELS) | set(BASELINES)
    parts = text.split(",")
    seats: list[str] = []
    for part in parts:
        p = part.strip()
        if seats and seats[-1].startswith("cmd:") and p not in known and not p.startswith("cmd:"):
            seats[-1] += "," + part
        else:
            seats.append(p)
    for s in seats:
        if s not in known and not s.startswith("cmd:"):
            raise ValueError(f"unknown seat {s!r}: use one of {', '.join(sorted(known))} or cmd:PROGRAM")
    if not 3 <= len(seats) <= 6:
        raise ValueError("3 to 6 seats are needed")
    return seats


# The issue's targets: (players, edition, X, Y, seed, uses search). Seats are X,Y,Y(,...). The
# first MAIN_ROWS rows (4 players, classic) are the main table: they get the main deal counts.
TARGETS: list[tuple[int, str, str, str, int, bool]] = [
    (4, "classic", "expert", "normal", 500, True),
    (4, "classic", "hard", "normal", 501, True),
    (4, "classic", "normal", "easy", 11, False),
    (4, "classic", "easy", "random", 12, False),
    (3, "classic", "expert", "normal", 31, True),
    (3, "classic", "hard", "normal", 32, True),
    (3, "classic", "normal", "easy", 33, False),
    (3, "classic", "easy", "random", 34, False),
    (6, "classic", "expert", "normal", 41, True),
    (6, "classic", "hard", "normal", 42, True),
    (6, "classic", "normal", "easy", 43, False),
    (6, "classic", "easy", "random", 44, False),
    (4, "camelot", "expert", "normal", 51, True),
    (4, "camelot", "hard", "normal", 52, True),
    (4, "camelot", "normal", "easy", 53, False),
    (4, "camelot", "easy", "random", 54, False),
]


def target_seats(players: int, x: str, y: str) -> list[str]:
    """Seats ``X,Y,Y,...`` for a target row."""
    return [x] + [y] * (players - 1)


MAIN_ROWS = 4


def target_deals(main: bool, search: bool, main_search: int, main_rules: int,
                 other_search: int, other_rules: int) -> int:
    """Deals for a target row: the main table's rows (``main``) get the main counts."""
    if main:
        return main_search if search else main_rules
    return other_search if search else other_rules


def target_row(players: int, edition: str, x: str, y: str, summary: dict[str, Any]) -> str:
    """One markdown table row of a target series."""
    pair = next(p for p in summary["pairs"] if {p["a"], p["b"]} == {x, y})
    sign = 1 if pair["a"] == x else -1
    lo, hi = sorted((sign * pair["ci95"][0], sign * pair["ci95"][1]))
    sx = summary["strategies"][x]
    dm = sx["decision_ms"]
    return (f"| {players} | {edition} | {x} vs {y} | {summary['deals']} | "
            f"{sign * pair['mean_diff']:+.1f} [{lo:+.1f}, {hi:+.1f}] | {sx['bid_hit_rate']:.1%} | "
            f"{summary['strategies'][y]['bid_hit_rate']:.1%} | {dm['p50']:.0f} / {dm['p95']:.0f} / "
            f"{dm['max']:.0f} |")


TARGET_HEADER = ("| players | edition | X vs Y (seats X,Y,Y…) | deals | X − Y points/game [95% CI] | "
                 "X bid hit | Y bid hit | X ms p50 / p95 / max |\n|---|---|---|---|---|---|---|---|")


def run_targets(a: argparse.Namespace) -> int:
    """Play every target series and print the markdown table of their figures."""
    rows = [TARGET_HEADER]
    for row, (players, edition, x, y, seed, search) in enumerate(TARGETS):
        deals = target_deals(row < MAIN_ROWS, search, a.search_deals, a.rule_deals,
                             a.other_search_deals, a.other_rule_deals)
        if deals <= 0:
            continue
        specs = specs_for(target_seats(players, x, y), deals, seed, Edition(edition), Options(),
                          a.bot_timeout, 99)
        done, _ = run_series(specs, max(1, a.jobs))
        rows.append(target_row(players, edition, x, y, summarize(done)))
        print(rows[-1], file=sys.stderr, flush=True)
    print("\n".join(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(prog="python -m wizard.arena", description=__doc__.splitlines()[0])
    ap.add_argument("--seats", default="expert,normal,normal,normal",
                    help="3-6 comma-separated seats: levels, baselines or 'cmd:PROGRAM'")
    ap.add_argument("--games", type=int, default=10, help="deals (each played in every rotation)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--edition", choices=[e.value for e in Edition], default="classic")
    add_flags(ap)                            # one flag per house rule (engine/house.py)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    ap.add_argument("--bot-timeout", type=float, default=5.0, help="seconds per answer of a cmd: bot")
    ap.add_argument("--max-rounds", type=int, default=0, help="stop games after N rounds (quick tests)")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("--progress", action="store_true", help="print progress on stderr")
    ap.add_argument("--targets", action="store_true",
                    help="play the issue's target series and print their table (markdown)")
    ap.add_argument("--search-deals", type=int, default=500, help="--targets: deals, 4-player "
                    "classic rows with Hard or Expert")
    ap.add_argument("--rule-deals", type=int, default=2000, help="--targets: deals, other "
                    "4-player classic rows")
    ap.add_argument("--other-search-deals", type=int, default=500,
                    help="--targets: deals, 3/6-player and camelot rows with Hard or Expert")
    ap.add_argument("--other-rule-deals", type=int, default=2000,
                    help="--targets: deals, other 3/6-player and camelot rows")
    a = ap.parse_args(argv)
    if a.targets:
        return run_targets(a)
    try:
        seats = parse_seats(a.seats)
    except ValueError as e:
        ap.error(str(e))
    try:
        options = options_from_flags(a)
    except ConfigError as e:
        ap.error(str(e))
    max_rounds = a.max_rounds if a.max_rounds > 0 else 99
    specs = specs_for(seats, a.games, a.seed, Edition(a.edition), options, a.bot_timeout, max_rounds)

    def progress(k: int, total: int) -> None:
        if a.progress and (k % 10 == 0 or k == total):
            print(f"{k}/{total} games", file=sys.stderr, flush=True)

    stops = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
    before = {s: signal.signal(s, _stop_on) for s in stops} \
        if threading.current_thread() is threading.main_thread() else {}
    try:
        done, fault = run_series(specs, max(1, a.jobs), progress)
    except KeyboardInterrupt:
        print("arena: interrupted; every bot was ended", file=sys.stderr)
        return 130
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
    summary = summarize(done)
    summary["config"] = {"seats": seats, "games": a.games, "seed": a.seed, "edition": a.edition,
                         "options": options.to_dict()}
    if fault is not None:
        summary["fault"] = fault
    if a.json:
        print(json.dumps(summary, indent=1))
    else:
        if done:
            print(format_text(summary))
        if fault is not None:
            request = fault["request"]
            print(f"BOT FAULT: seat {fault['seat']} ({fault['bot']}), deal {fault['deal']} rotation "
                  f"{fault['rotation']}: {fault['what']}"
                  + ("" if request is None else f"\nrequest: {json.dumps(request)}"), file=sys.stderr)
    return 2 if fault is not None else 0


if __name__ == "__main__":
    raise SystemExit(main())
