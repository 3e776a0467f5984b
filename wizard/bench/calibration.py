"""``python -m wizard.bench calibration``: are the coach's chances and points what really happens?

Plays whole games, 3 to 6 players, every edition in turn, with one seat played by Expert and the
others by Normal and Hard (rotating). At every bid of an Expert or a Normal seat that was a real choice, the coach
appraises the bid the seat made, from that seat's view, exactly as the hint and the review do;
after the round, what happened (made or not, the round's points) is compared with it:

- a reliability table: the coach's P(make it) in 10 bins, predicted against observed, with counts;
- the Brier score;
- the mean of (expected points - points scored);

for Expert's seats (the target: within 4 points in every bin with at least 100 bids, and a mean
points error within +-2) and, reported only, for Normal's. The coach's raw chance and the parts of
its expected points are kept per bid (``--save``), so a table can be recomputed with another
calibration map (``--load``) and the map fitted on other games (``wizard.ai.calibration_fit``).

    python -m wizard.bench calibration --rounds 2000 --seed 2 --jobs 2 --save cal.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wizard.ai import make_ai
from wizard.ai.base import decision_rng, play_through
from wizard.ai.calibration import FITTED_ON, OTHER_BIDS, TABLE_MAPS, ZERO_BID
from wizard.ai.calibration_cases import (
    BLOCK,
    BidCase,
    CardCase,
    Maps,
    half_of,
    load,
    load_cards,
    save,
)
from wizard.ai.calibration_fit import fit_maps, fit_reach_lift, fit_reach_maps, fit_table_maps
from wizard.ai.coach import Coach
from wizard.ai.knowledge import legal_codes
from wizard.engine import Action, Bid, Edition, GameConfig, GameState, Phase, PlayerView

EDITIONS = ("classic", "magic", "camelot")
PLAYERS = (3, 4, 5, 6)
assert len(PLAYERS) == BLOCK      # half_of splits games by blocks of one table of each size
LEVELS = ("expert", "normal", "hard", "hard", "normal", "hard")
COACHED = ("expert", "normal")
TARGET_BIN = 0.04
TARGET_POINTS = 2.0
MIN_BIN = 100


TABLE_KINDS = ("mixed", "easy", "normal", "hard", "expert")


def table_of(game: int, kind: str = "mixed") -> tuple[int, str, list[str]]:
    """The players, edition and seat levels of game number ``game``: one Expert seat and the
    others rotating Normal and Hard (``kind`` "mixed"), or all of one level (#37)."""
    players = PLAYERS[game % len(PLAYERS)]
    edition = EDITIONS[(game // len(PLAYERS)) % len(EDITIONS)]
    shift = game // (len(PLAYERS) * len(EDITIONS))
    levels = list(LEVELS[:players]) if kind == "mixed" else ["expert"] + [kind] * (players - 1)
    k = shift % players
    return players, edition, levels[k:] + levels[:k]


def forced_bid(own: int, legal: Sequence[Action], rng: random.Random) -> int | None:
    """Another legal bid within 2 of ``own`` (a bid a person might make instead), or None."""
    near = [a.n for a in legal if isinstance(a, Bid) and a.n != own and abs(a.n - own) <= 2]
    return rng.choice(near) if near else None


def play_game(seed: int, game: int, max_rounds: int = 0, forced: float = 0.0,
              cards: float = 0.0,
              coached_levels: Sequence[str] = COACHED,
              kind: str = "mixed") -> list[BidCase | CardCase]:
    """Play one game (or its first ``max_rounds``) and return its coached bids. With ``forced``,
    that share of the Expert seats' bids are replaced by another bid near it (``forced_bid``),
    which the seat then plays for as Expert does: the coach's chance for a bid Expert would not
    have made, checked against what happens. With ``cards``, that share of the Expert seats' card
    plays (with a choice) are appraised too: the expected points of the card played. Only the
    bids of seats whose level is in ``coached_levels`` are coached."""
    players, edition, levels = table_of(game, kind)
    gseed = seed * 100_003 + game
    state = GameState.new(GameConfig(players, seed=gseed, edition=Edition(edition)))
    ais = {lv: make_ai(lv) for lv in set(levels)}
    coach = Coach(table=levels)            # the coach is told who sits at the table (#37)
    coached: list[tuple[int, int, int, dict[str, Any], bool]] = []
    # (round, seat, bid, the coach's notes, forced)
    coached_cards: list[tuple[int, int, int, float, float]] = []  # (round, seat, left, ev, half)

    def decide(seat: int, view: PlayerView) -> Action:
        step = len(state.actions)
        action = ais[levels[seat]].decide(view, decision_rng(gseed, seat, step))
        if view.phase is Phase.BID and levels[seat] in coached_levels and len(view.legal) > 1:
            assert isinstance(action, Bid)
            made_to = None
            if forced and levels[seat] == "expert":
                pick = random.Random(f"forced:{gseed}:{seat}:{step}")
                if pick.random() < forced:
                    made_to = forced_bid(action.n, view.legal, pick)
            if made_to is not None:
                action = Bid(made_to)
            _best, notes = coach.appraise(view, random.Random(f"coach:{gseed}:{seat}:{step}"),
                                          action)
            coached.append((view.round, seat, action.n, notes, made_to is not None))
        elif (cards and view.phase is Phase.PLAY and levels[seat] == "expert"
              and len(view.legal) > 1 and view.hand is not None
              and random.Random(f"cards:{gseed}:{seat}:{step}").random() < cards):
            _best, notes = coach.appraise(view, random.Random(f"coach:{gseed}:{seat}:{step}"),
                                          action)
            code = legal_codes(view)[view.legal.index(action)]
            coached_cards.append((view.round, seat, len(view.hand), notes["values"][code],
                                  notes["half"][code]))
        return action

    play_through(state, random.Random(gseed), decide, max_rounds)
    rows = {r.round: r for r in state.history}
    out: list[BidCase | CardCase] = []
    for rnd, seat, left, ev, half in coached_cards:
        row = rows.get(rnd)
        if row is not None:
            out.append(CardCase(players, edition, rnd, left, ev, half, row.points[seat], game))
    for rnd, seat, b, notes, was_forced in coached:
        row = rows.get(rnd)
        if row is None:
            continue           # the round was not played to its end
        made_mean, miss_mean = notes["parts"][b]
        out.append(BidCase(levels[seat], players, edition, rnd, b, notes["exact_raw"][b],
                           made_mean, miss_mean, notes["voided"][b],
                           row.tricks[seat] == b and row.points[seat] > 0, row.points[seat], game,
                           was_forced, notes.get("table", "mixed"),
                           notes.get("reach", {}).get(b)))
    return out


def rounds_of(game: int) -> int:
    """Rounds in a full game of that table."""
    players, _e, _l = table_of(game)
    return 60 // players


def collect(rounds: int, seed: int, jobs: int, progress: bool = True,
            keep: Path | None = None, forced: float = 0.0,
            cards: float = 0.0,
            coached_levels: Sequence[str] = COACHED,
            kind: str = "mixed") -> list[BidCase | CardCase]:
    """Play games until at least ``rounds`` rounds are played; every coached bid (also appended
    to ``keep`` game by game, so a long run stopped early keeps what it measured)."""
    games: list[tuple[int, int]] = []
    total = 0
    g = 0
    while total < rounds:
        cut = min(rounds_of(g), rounds - total)
        games.append((g, cut if cut < rounds_of(g) else 0))
        total += cut
        g += 1
    cases: list[BidCase | CardCase] = []
    started = time.perf_counter()
    done: set[int] = set()
    if keep is not None:
        run = {"kind": "run", "seed": seed, "rounds": rounds, "forced": forced, "cards": cards,
               "coached": sorted(coached_levels), "table": kind}
        cases, done = resume(keep, run)
        if done and progress:
            print(f"  {keep}: games already played: {len(done)}; going on from there",
                  file=sys.stderr, flush=True)
    todo = [(game, cut) for game, cut in games if game not in done]

    def got(found: list[BidCase | CardCase], game: int, k: int) -> None:
        cases.extend(found)
        if keep is not None:
            save(found, keep, append=True, game=game)
        _say(progress, len(done) + k, len(games), started)

    if jobs <= 1:
        for k, (game, cut) in enumerate(todo):
            got(play_game(seed, game, cut, forced, cards, coached_levels, kind), game, k + 1)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = {pool.submit(play_game, seed, game, cut, forced, cards, coached_levels,
                                   kind): game for game, cut in todo}
            for k, f in enumerate(as_completed(futures)):
                got(f.result(), futures[f], k + 1)
    cases.sort(key=lambda c: c.game)
    return cases


def resume(path: Path, run: dict[str, Any]) -> tuple[list[BidCase | CardCase], set[int]]:
    """What ``path`` already holds of the run ``run`` (its settings): the cases of every game it
    finished and those games' numbers. A new or empty file is started with ``run``'s line; a
    file of another run (other seed, table, ...) is a clear error, never overwritten; the cases of
    a game a killed run left unfinished (no end-of-game line) and a damaged line are dropped, the
    file rewritten without them and what was dropped said (the damaged lines are kept aside in
    ``path`` + ``.damaged``)."""
    if not path.exists() or not path.read_text(encoding="utf-8").strip():
        path.write_text(json.dumps(run) + "\n", encoding="utf-8")
        return [], set()
    lines = path.read_text(encoding="utf-8").splitlines()
    head: dict[str, Any] | None = None
    rows: list[dict[str, Any]] = []
    damaged: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except ValueError:
            damaged.append(line)
            continue
        if not isinstance(r, dict):
            damaged.append(line)
        elif r.get("kind") == "run":
            head = r
        else:
            rows.append(r)
    if head is None:
        raise SystemExit(f"{path}: not a resumable calibration run (no run line: a file of an "
                         "older bench, or another file); give another --save file")
    if {k: head.get(k) for k in run} != run:
        diff = ", ".join(f"{k} {head.get(k)!r} there, {v!r} asked" for k, v in run.items()
                         if head.get(k) != v)
        raise SystemExit(f"{path}: holds another run ({diff}); give the same settings to go on "
                         "with it, or another --save file")
    done = {int(r["game"]) for r in rows if r.get("kind") == "game"}
    kept = [r for r in rows if r.get("kind") == "game" or int(r.get("game", -1)) in done]
    cases: list[BidCase | CardCase] = []
    for r in kept:
        if r.get("kind") == "game":
            continue
        try:
            cases.append(CardCase(**r) if r.get("kind") == "card" else BidCase(**r))
        except TypeError:
            damaged.append(json.dumps(r))
    dropped = len(rows) - len(kept)
    if dropped or damaged:
        if damaged:
            with (path.parent / (path.name + ".damaged")).open("a", encoding="utf-8") as f:
                f.write("\n".join(damaged) + "\n")
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("".join(json.dumps(r) + "\n" for r in [head, *kept]), encoding="utf-8")
        tmp.replace(path)
        print(f"{path}: {dropped} cases of an unfinished game dropped (it is played again)"
              + (f", {len(damaged)} damaged lines set aside in {path.name}.damaged"
                 if damaged else ""), file=sys.stderr, flush=True)
    return cases, done


def _say(progress: bool, done: int, total: int, started: float) -> None:
    if progress:
        print(f"  game {done}/{total}  {time.perf_counter() - started:.0f} s", file=sys.stderr,
              flush=True)


@dataclass(frozen=True, slots=True)
class Bin:
    """One row of a reliability table."""

    lo: float
    hi: float
    count: int
    predicted: float
    observed: float


def reliability(cases: Sequence[BidCase], bins: int = 10,
                maps: Mapping[int, Maps] | None = None) -> list[Bin]:
    """Cases by the coach's chance in ``bins`` equal bins: predicted against observed (with the
    map in force, or each case's file's map in ``maps``, keyed by ``id(case)``)."""
    rows: list[list[BidCase]] = [[] for _ in range(bins)]
    for c in cases:
        rows[min(bins - 1, int(_p(c, maps) * bins))].append(c)
    out = []
    for i, row in enumerate(rows):
        n = len(row)
        pred = sum(_p(c, maps) for c in row) / n if n else 0.0
        obs = sum(c.made for c in row) / n if n else 0.0
        out.append(Bin(i / bins, (i + 1) / bins, n, pred, obs))
    return out


def _p(c: BidCase, maps: Mapping[int, Maps] | None) -> float:
    return c.p(None if maps is None else maps[id(c)])


def brier(cases: Sequence[BidCase], maps: Mapping[int, Maps] | None = None) -> float:
    """Mean squared error of the chance against what happened."""
    return sum((_p(c, maps) - c.made) ** 2 for c in cases) / max(1, len(cases))


def points_error(cases: Sequence[BidCase],
                 maps: Mapping[int, Maps] | None = None) -> tuple[float, float]:
    """Mean of (expected points - points scored) and its 95 % half-width."""
    d = [c.ev(None if maps is None else maps[id(c)]) - c.scored for c in cases]
    n = len(d)
    if n < 2:
        return (d[0] if d else 0.0), float("inf")
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, 1.96 * (var / n) ** 0.5


def report(cases: Sequence[BidCase], out=None,  # type: ignore[no-untyped-def]
           maps: Mapping[int, Maps] | None = None, where: str = "") -> bool:
    """Print the tables; True if Expert's own bids meet the targets."""
    out = out or sys.stdout
    ok = True
    print(f"calibration map: {where or FITTED_ON}", file=out)
    groups = [("expert seats", [c for c in cases if c.level == "expert" and not c.forced],
               "  (target)")]
    made_to = [c for c in cases if c.level == "expert" and c.forced]
    if made_to:
        groups.append(("expert seats made to bid another bid (within 2 of their own)", made_to,
                       "  (reported, not a target)"))
    groups += [(f"{level} seats", [c for c in cases if c.level == level], "  (reported, not a target)")
               for level in COACHED if level != "expert"]
    for title, sub, what in groups:
        target = what == "  (target)"
        if not sub and not target:
            continue               # e.g. a run that coached only the Expert seats (--coach expert)
        print(f"\n{title}: {len(sub)} bids{what}", file=out)
        print("| predicted bin | bids | predicted | observed | gap | sampling +- (95 %) |",
              file=out)
        print("|---|---|---|---|---|---|", file=out)
        for b in reliability(sub, maps=maps):
            if not b.count:
                continue
            gap = b.observed - b.predicted
            flag = ""
            if b.count >= MIN_BIN and abs(gap) > TARGET_BIN:
                flag = " OVER"
                ok = ok and not target
            noise = 1.96 * (b.predicted * (1 - b.predicted) / b.count) ** 0.5
            print(f"| {b.lo:.1f}-{b.hi:.1f} | {b.count} | {b.predicted:.3f} | {b.observed:.3f} | "
                  f"{gap:+.3f}{flag} | {noise:.3f} |", file=out)
        m, half = points_error(sub, maps)
        print(f"Brier score: {brier(sub, maps):.4f}", file=out)
        flag = "" if abs(m) <= TARGET_POINTS else " OVER"
        if flag and target:
            ok = False
        print(f"mean (expected points - points scored): {m:+.2f} (95% +-{half:.2f}){flag}",
              file=out)
    print(f"\ntargets (Expert's own bids): |gap| <= {TARGET_BIN * 100:.0f} points in every bin "
          f"with >= {MIN_BIN} bids, mean points error within +-{TARGET_POINTS:.0f}: "
          f"{'ok' if ok else 'NOT MET'}", file=out)
    return ok


def cross_maps(runs: Sequence[Sequence[BidCase]], bend: bool = True,
               reach: bool = False, forced: bool = False, lift_only: bool = False
               ) -> dict[int, Maps]:
    """Each run's cases with a map fitted on the other runs' Expert bids (not on their own
    games): a check of the fitting method on every game measured, keyed by ``id(case)``. Runs
    at one kind of table other than mixed get that kind's fit (``fit_table_maps``: the mixed map
    stretched, moved and bent; ``bend`` False: not bent), as ``calibration_fit --table``
    prints it."""
    out: dict[int, Maps] = {}
    kinds = {c.table for r in runs for c in r}
    for i, run in enumerate(runs):
        others = [c for j, r in enumerate(runs) if j != i for c in r]
        maps: Maps
        if reach and lift_only:
            kind = next(iter(kinds))
            base = TABLE_MAPS.get(kind, (ZERO_BID, OTHER_BIDS))
            maps = (*base, fit_reach_lift(others, base, forced=forced))
        elif reach:
            maps = fit_reach_maps(others, bend=bend, forced=forced)
        elif kinds and "mixed" not in kinds:
            maps = fit_table_maps(others, bend=bend)
        else:
            maps = fit_maps(others)
        for c in run:
            out[id(c)] = maps
    return out


CARD_BINS = (-60.0, -20.0, 0.0, 20.0, 40.0)   # edges of the card table's bins (round points)


def card_report(cards: Sequence[CardCase], out=None) -> None:  # type: ignore[no-untyped-def]
    """Expected points of the card played against the round points scored (reported, not a
    target: the card values are the play-out's, not calibrated)."""
    out = out or sys.stdout
    print(f"\nexpert seats' card plays: {len(cards)} appraised  (reported, not a target)",
          file=out)
    if not cards:
        return
    print("| expected points | plays | expected | scored | gap |", file=out)
    print("|---|---|---|---|---|", file=out)
    edges = (float("-inf"), *CARD_BINS, float("inf"))
    for lo, hi in zip(edges, edges[1:], strict=False):
        row = [c for c in cards if lo <= c.ev < hi]
        if not row:
            continue
        e = sum(c.ev for c in row) / len(row)
        o = sum(c.scored for c in row) / len(row)
        name = (f"< {hi:+.0f}" if lo == float("-inf") else
                f">= {lo:+.0f}" if hi == float("inf") else f"{lo:+.0f} to {hi:+.0f}")
        print(f"| {name} | {len(row)} | {e:+.1f} | {o:+.1f} | {o - e:+.1f} |", file=out)
    d = [c.ev - c.scored for c in cards]
    m = sum(d) / len(d)
    half = (1.96 * (sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
            if len(d) > 1 else float("inf"))
    print(f"mean (expected points - points scored): {m:+.2f} (95% +-{half:.2f})", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench calibration")
    p.add_argument("what", nargs="?")
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--seed", type=int, default=3,
                   help="3 by default: the map was fitted on seed 2's games, so these are others")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="a few rounds (for the test suite)")
    p.add_argument("--save", type=Path,
                   help="keep every coached bid in this file, game by game; a run given the same "
                        "settings and file goes on with the games it finished (#37)")
    p.add_argument("--half", choices=("even", "odd"),
                   help="only one half of the games (blocks of one table of each size), e.g. to "
                        "check a map on the games it was not fitted on "
                        "(python -m wizard.ai.calibration_fit --half even)")
    p.add_argument("--load", type=Path, action="append")
    p.add_argument("--forced", type=float, default=0.0,
                   help="this share of the Expert seats' bids replaced by another bid near it "
                        "(reported apart: the coach's chance for a bid Expert would not make)")
    p.add_argument("--cards", type=float, default=0.0,
                   help="this share of the Expert seats' card plays appraised too (the expected "
                        "points of the card played against the round's points; reported)")
    p.add_argument("--coach", choices=("all", "expert"), default="all",
                   help="whose bids are coached: 'expert' coaches only the Expert seats' bids "
                        "(the target; about twice as many of them an hour, no Normal table)")
    p.add_argument("--table", choices=TABLE_KINDS, default="mixed",
                   help="who sits with the Expert seat: Normal and Hard in turn (mixed), or all "
                        "of one level (#37: the calibration is fitted and checked per table kind)")
    p.add_argument("--cross", action="store_true",
                   help="with --load: check each run with a map fitted on the others only, or "
                        "with one run, each half of its games with a map fitted on the other "
                        "half (the fitting method checked on every game)")
    p.add_argument("--no-bend", action="store_true",
                   help="with --cross at one kind of table: fit maps without the bend "
                        "(calibration_fit --table KIND --no-bend)")
    p.add_argument("--reach", action="store_true",
                   help="with --cross at one kind of table: fit maps with the reach lift "
                        "(calibration_fit --table KIND --reach; runs that kept the reach)")
    p.add_argument("--with-forced", action="store_true",
                   help="with --reach: fit on the forced bids too (runs with --forced)")
    p.add_argument("--lift-only", action="store_true",
                   help="with --reach: fit only the lift, the kind's map in the code kept")
    args = p.parse_args(argv)
    if args.cross and not args.load:
        p.error("--cross needs --load runs")
    started = time.perf_counter()
    maps: dict[int, Maps] | None = None
    where = ""
    cards: list[CardCase] = []
    if args.load:
        runs = [load(path) for path in args.load]
        cases = [c for run in runs for c in run]
        cards = [c for path in args.load for c in load_cards(path)]
        print(f"{len(cases)} coached bids read from {', '.join(map(str, args.load))}")
        if args.cross:
            halves = len(runs) == 1
            if halves:
                runs = [[c for c in cases if half_of(c.game) == h] for h in ("even", "odd")]
            maps = cross_maps(runs, bend=not args.no_bend, reach=args.reach,
                              forced=args.with_forced, lift_only=args.lift_only)
            where = (f"each {'half of the games' if halves else 'run'} checked with a map fitted "
                     f"on the other {'half' if halves else 'runs'}{'’s' if halves else '’'} "
                     "Expert bids "
                     "(python -m wizard.ai.calibration_fit)")
    else:
        rounds = 8 if args.quick else args.rounds
        found = collect(rounds, args.seed, args.jobs, keep=args.save, forced=args.forced,
                        cards=args.cards,
                        coached_levels=COACHED if args.coach == "all" else ("expert",),
                        kind=args.table)
        cases = [c for c in found if isinstance(c, BidCase)]
        cards = [c for c in found if isinstance(c, CardCase)]
        print(f"{rounds} rounds played (seed {args.seed}; 3-6 players, classic, magic, camelot), "
              f"{len(cases)} coached bids, {time.perf_counter() - started:.0f} s")
    if args.half:
        cases = [c for c in cases if half_of(c.game) == args.half]
        print(f"{len(cases)} coached bids in the {args.half} half of the games")
    kinds = sorted({c.table for c in cases})
    if len(kinds) > 1:          # the targets hold per table kind (#37)
        ok = True
        for kind in kinds:
            print(f"\n=== {kind} tables ===")
            ok = report([c for c in cases if c.table == kind], maps=maps, where=where) and ok
    else:
        ok = report(cases, maps=maps, where=where)
    if cards or args.cards:
        card_report(cards)
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    raise SystemExit(main())
