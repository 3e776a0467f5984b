"""``python -m wizard.bench coach-truth``: the coach against the truths of single positions (#37).

The truths (``wizard/ai/coach_truth.json``, written by ``python -m wizard.ai.coach_truth
summary``) give, for each bid position of real games at an all-Normal and an all-Hard table, the
points the seat scored when it bid ``b`` and was played by Expert, over deals of the unseen cards
conditioned on the earlier bids. The coach appraises each position (told who sits at the table,
when it models the table) and is compared with them:

- for the bids within 1 of the coach's best (the ones it shows with a chance and that the truth
  measured: the best and its two neighbours), ``|coach's expected points - truth's mean|``:
  the mean over every position, table and bid (target <= 5 points), and the bids further than
  12 points plus the truth's own 95 % sampling half-width (target: none);
- best-bid agreement: the coach's best is the truth's best, or within 2 expected points of it
  (target: >= 90 % of positions and tables);
- far bids (measured bids more than 2 from the coach's best) the same way, reported apart: the
  coach shows their points only if they meet the same targets.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wizard.ai.coach import Coach
from wizard.ai.coach_truth import Position
from wizard.ai.knowledge import info_of, legal_codes
from wizard.ai.model_error import ERROR_FILE, FAR

TRUTH_FILE = Path(__file__).parent.parent / "ai" / "coach_truth.json"
TARGET_MEAN = 5.0
TARGET_WORST = 12.0
TARGET_AGREE = 0.90
AGREE_POINTS = 2.0
NEAR = 1            # the bids checked: within this of the coach's best


@dataclass(frozen=True)
class Row:
    """One bid of one position at one table: the coach's points against the truth's."""

    pid: str
    table: str
    bid: int
    best: int               # the coach's best bid
    coach: float
    truth: float
    half: float             # the truth's 95 % sampling half-width
    deals: int
    p_coach: float | None = None    # the coach's chance of making it (calibrated)
    p_truth: float | None = None    # the share of the truth's deals where it was made

    @property
    def error(self) -> float:
        return self.coach - self.truth


def load_truth(path: Path = TRUTH_FILE) -> tuple[list[Position], dict[str, Any]]:
    """The positions and their truths; a damaged file is a clear error."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        positions = [Position.from_dict(d) for d in data["positions"]]
        truths = data["truths"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a coach-truth file ({e})") from None
    return positions, truths


def coach_at(pos: Position, table: str, seed: int, coach: Coach) -> dict[str, Any]:
    """The coach's notes at ``pos`` (every measured bid valued), told the table when it can be."""
    state = pos.real_state()
    view = state.view_for(pos.seat)
    seats = [table] * len(pos.hands)
    seats[pos.seat] = "self"
    notes: dict[str, Any] = {}
    info = info_of(view)
    coach.bids(info, legal_codes(view), random.Random(f"coach-truth:{seed}:{pos.pid}:{table}"),
               notes, extra=pos.bids, table=seats)
    return notes


def compare(positions: Sequence[Position], truths: dict[str, Any], seed: int = 1,
            min_deals: int = 10, coach: Coach | None = None, progress: bool = True,
            cache: dict[str, Any] | None = None
            ) -> tuple[list[Row], list[tuple[str, str, bool | None]]]:
    """Every (position, table, measured bid) with enough deals as a ``Row``, and for each
    (position, table) whether the coach's best agrees with the truth's (None: not measurable).
    ``cache`` keeps the coach's expected points by position and table (the coach's numbers do
    not change as the truths get more deals)."""
    coach = coach or Coach()
    rows: list[Row] = []
    agree: list[tuple[str, str, bool | None]] = []
    for pos in positions:
        for table, per in truths.get(pos.pid, {}).items():
            bids = {int(b): r for b, r in per["bids"].items() if r["deals"] >= min_deals}
            if not bids:
                continue
            key = (f"{pos.pid}:{table}:{seed}:{'table' if coach.model_table else 'none'}"
                   f"{':look' if coach.own_seat else ''}")
            got = cache.get(key) if cache is not None else None
            if not isinstance(got, dict) or "ev" not in got:    # none, or an older cache's line
                notes = coach_at(pos, table, seed, coach)
                got = {"ev": {str(b): v for b, v in notes["ev"].items()},
                       "p": {str(b): d[b] for b, d in notes["dist"].items()}}
                if cache is not None:
                    cache[key] = got
            ev = {int(b): v for b, v in got["ev"].items()}
            chance = {int(b): v for b, v in got["p"].items()}
            best = max(ev, key=lambda b: (ev[b], -b))
            for b, r in sorted(bids.items()):
                if b in ev:
                    rows.append(Row(pos.pid, table, b, best, ev[b], r["points"],
                                    r["half"] or 0.0, r["deals"], chance.get(b), r.get("made")))
            tb = max(bids, key=lambda b: bids[b]["points"])
            if best in bids:
                agree.append((pos.pid, table,
                              best == tb or bids[tb]["points"] - bids[best]["points"]
                              <= AGREE_POINTS))
            else:
                agree.append((pos.pid, table, None))
            if progress:
                print(f"  {pos.pid} {table}: coach best {best}, truth best {tb}; " + ", ".join(
                    f"{b}: {ev.get(b, float('nan')):+.1f} vs {r['points']:+.1f}"
                    f" (+-{r['half'] or 0:.1f}, {r['deals']})" for b, r in sorted(bids.items())),
                    file=sys.stderr, flush=True)
    return rows, agree


def summary(rows: Sequence[Row], agree: Sequence[tuple[str, str, bool | None]],
            out: Any = None) -> bool:
    """Print the figures per table and in all; True if every target is met."""
    out = out or sys.stdout
    ok = True
    for table in (*sorted({r.table for r in rows}), "all"):
        sub = [r for r in rows if table in ("all", r.table)]
        ag = [a for a in agree if table in ("all", a[1])]
        near = [r for r in sub if abs(r.bid - r.best) <= NEAR]
        far = [r for r in sub if abs(r.bid - r.best) > FAR]
        print(f"\n{table} tables:", file=out)
        for name, group in (("best +-1", near), ("far (> 2 from the best)", far)):
            if not group:
                print(f"  {name}: no bids measured", file=out)
                continue
            mean = sum(abs(r.error) for r in group) / len(group)
            bias = sum(r.error for r in group) / len(group)
            # 95 % half-width of the bias over positions (a position's bids share its deals, so
            # the errors are averaged per position first).
            per_pos: dict[tuple[str, str], list[float]] = {}
            for r in group:
                per_pos.setdefault((r.pid, r.table), []).append(r.error)
            pm = [sum(v) / len(v) for v in per_pos.values()]
            mpm = sum(pm) / len(pm)
            bias_half = (1.96 * math.sqrt(sum((x - mpm) ** 2 for x in pm) / (len(pm) - 1)
                                          / len(pm)) if len(pm) > 1 else float("inf"))
            over = [r for r in group if abs(r.error) > TARGET_WORST + r.half]
            # The model's own error, the truth's sampling taken out: mean squared error less the
            # truth's variance of the mean (its half-width / 1.96, squared).
            mse = sum(r.error ** 2 - (r.half / 1.96) ** 2 for r in group) / len(group)
            rms = math.sqrt(max(0.0, mse))
            worst = max(group, key=lambda r: abs(r.error) - r.half)
            met = mean <= TARGET_MEAN and not over
            if name.startswith("best"):
                ok = ok and (met or table != "all")
            print(f"  {name}: {len(group)} bids of {len({(r.pid, r.table) for r in group})} "
                  f"positions; mean |coach - truth| {mean:.1f} points (mean coach - truth "
                  f"{bias:+.1f} +-{bias_half:.1f}; root mean square less the truth's sampling {rms:.1f}); worst {worst.pid} {worst.table} bid {worst.bid}: "
                  f"{worst.error:+.1f} (truth +-{worst.half:.1f}, {worst.deals} deals); "
                  f"further than {TARGET_WORST:.0f} + the truth's half-width: {len(over)}"
                  f"{'' if met else '  NOT MET'}", file=out)
        known = [a for a in ag if a[2] is not None]
        share = sum(bool(a[2]) for a in known) / len(known) if known else 0.0
        if table == "all":
            ok = ok and share >= TARGET_AGREE
        print(f"  best bid agrees (the truth's best or within {AGREE_POINTS:.0f} points): "
              f"{sum(bool(a[2]) for a in known)}/{len(known)} = {share:.0%}"
              f"{'' if share >= TARGET_AGREE else '  NOT MET'}"
              + (f" ({len(ag) - len(known)} positions where the coach's best was not measured)"
                 if len(ag) > len(known) else ""), file=out)
    print(f"\ntargets: mean <= {TARGET_MEAN:.0f} points, none further than {TARGET_WORST:.0f} + "
          f"the truth's half-width, best bid agrees in >= {TARGET_AGREE:.0%}: "
          f"{'ok' if ok else 'NOT MET'}", file=out)
    return ok


def by_edition(rows: Sequence[Row], agree: Sequence[tuple[str, str, bool | None]],
               positions: Sequence[Position], out: Any = None) -> None:
    """The near bids' mean error and the best-bid agreement per edition (both tables)."""
    out = out or sys.stdout
    edition = {p.pid: str(p.config["edition"]) for p in positions}
    print("\nby edition (both tables, bids within 1 of the coach's best):", file=out)
    for ed in sorted(set(edition.values())):
        near = [r for r in rows if edition.get(r.pid) == ed and abs(r.bid - r.best) <= NEAR]
        known = [a[2] for a in agree if edition.get(a[0]) == ed and a[2] is not None]
        if not near:
            continue
        mean = sum(abs(r.error) for r in near) / len(near)
        over = sum(abs(r.error) > TARGET_WORST + r.half for r in near)
        print(f"  {ed}: {len(near)} bids, mean |coach - truth| {mean:.1f} points, "
              f"{over} further than {TARGET_WORST:.0f} + half-width; best bid agrees "
              f"{sum(known)}/{len(known)}", file=out)


def ceiling(truths: dict[str, Any], reps: int = 400, seed: int = 1
            ) -> dict[str, dict[str, float]]:
    """What a coach that knew each bid's expected points exactly would score against truths of
    this many deals (their sampling is all it would miss), per table and in all: the share of
    positions where its best bid "agrees" and its mean |coach - truth| over the truth's best and
    its neighbours. The expected points are taken as the truth's own means and the truth is
    drawn again from its deals (a bootstrap over deals, ``reps`` times; a deal's bids are
    resampled together, as they were played on the same deal)."""
    rng = random.Random(seed)
    tally: dict[str, list[float]] = {}
    for per_pos in truths.values():
        for table, per in per_pos.items():
            vals = {int(b): r.get("values") for b, r in per["bids"].items()}
            if not vals or any(not v for v in vals.values()):
                continue
            n = min(len(v) for v in vals.values())
            mu = {b: sum(v[:n]) / n for b, v in vals.items()}
            best = max(mu, key=lambda b: (mu[b], -b))
            near = [b for b in mu if abs(b - best) <= NEAR]
            agree = err = 0.0
            for _ in range(reps):
                idx = [rng.randrange(n) for _ in range(n)]
                m = {b: sum(v[i] for i in idx) / n for b, v in vals.items()}
                agree += m[best] >= max(m.values()) - AGREE_POINTS
                err += sum(abs(m[b] - mu[b]) for b in near) / len(near)
            for key in (table, "all"):
                tally.setdefault(key + ":agree", []).append(agree / reps)
                tally.setdefault(key + ":err", []).append(err / reps)
    out: dict[str, dict[str, float]] = {}
    for key, xs in tally.items():
        table, what = key.split(":")
        out.setdefault(table, {})[what] = sum(xs) / len(xs)
    return out


def group_error(group: Sequence[Row]) -> dict[str, Any]:
    """One group of bids' measured error: mean |coach - truth| in chance and in points, the mean
    signed error, the root mean square less the truth's own sampling, how many are further than
    ``TARGET_WORST`` + the truth's half-width, and whether the targets are met."""
    n = len(group)
    if not n:
        return {"bids": 0, "met": False}
    chances = [abs(r.p_coach - r.p_truth) for r in group
               if r.p_coach is not None and r.p_truth is not None]
    mean = sum(abs(r.error) for r in group) / n
    over = sum(abs(r.error) > TARGET_WORST + r.half for r in group)
    mse = sum(r.error ** 2 - (r.half / 1.96) ** 2 for r in group) / n
    return {"bids": n, "positions": len({(r.pid, r.table) for r in group}),
            "deals_min": min(r.deals for r in group),
            "chance": round(sum(chances) / len(chances), 4) if chances else None,
            "points": round(mean, 2), "bias": round(sum(r.error for r in group) / n, 2),
            "rms_less_sampling": round(math.sqrt(max(0.0, mse)), 2), "over": over,
            "met": mean <= TARGET_MEAN and not over}


def errors(rows: Sequence[Row], agree: Sequence[tuple[str, str, bool | None]]
           ) -> dict[str, Any]:
    """Per table kind: the near bids' error (``MODEL_ERROR``), the far bids' (whether their
    points may be shown), the error at each distance from the coach's best, and the best-bid
    agreement (the content of ``model_error.ERROR_FILE``)."""
    out: dict[str, Any] = {}
    for table in sorted({r.table for r in rows}):
        sub = [r for r in rows if r.table == table]
        dist: dict[int, list[Row]] = {}
        for r in sub:
            dist.setdefault(min(abs(r.bid - r.best), FAR + 2), []).append(r)
        known = [a[2] for a in agree if a[1] == table and a[2] is not None]
        out[table] = {
            "near": group_error([r for r in sub if abs(r.bid - r.best) <= NEAR]),
            "far": group_error([r for r in sub if abs(r.bid - r.best) > FAR]),
            "by_distance": {(f"{d}+" if d == FAR + 2 else str(d)): group_error(g)
                            for d, g in sorted(dist.items())},
            "agree": round(sum(known) / len(known), 3) if known else None}
    return out


def write_errors(path: Path, rows: Sequence[Row], agree: Sequence[tuple[str, str, bool | None]],
                 truths: dict[str, Any], seed: int, min_deals: int) -> None:
    """Save ``errors`` to ``path`` (written whole, then moved in place)."""
    deals = [v["deals"] for per in truths.values() for v in per.values()]
    data = {"about": "issue #37: the coach's error against the truths of single positions, "
                     "written by python -m wizard.bench coach-truth --write-errors (read by "
                     "wizard/ai/model_error.py); chance and points are mean |coach - truth|",
            "seed": seed, "min_deals": min_deals,
            "truth_deals": {"min": min(deals, default=0), "max": max(deals, default=0)},
            "targets": {"mean": TARGET_MEAN, "worst": TARGET_WORST},
            "tables": errors(rows, agree)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check and print its figures."""
    p = argparse.ArgumentParser(prog="python -m wizard.bench coach-truth")
    p.add_argument("what", nargs="?")
    p.add_argument("--truth", type=Path, default=TRUTH_FILE)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--min-deals", type=int, default=10,
                   help="a bid's truth is used only with at least this many deals")
    p.add_argument("--positions", type=int, default=0, help="only the first N positions")
    p.add_argument("--cache", type=Path, help="keep the coach's numbers in this JSON file")
    p.add_argument("--write-errors", type=Path, nargs="?", const=ERROR_FILE,
                   help="save the measured errors per table kind (default: "
                        "wizard/ai/coach_error.json, which the hint reads)")
    p.add_argument("--no-table", action="store_true",
                   help="the coach not told who sits at the table (the model before #37)")
    p.add_argument("--look-seat", action="store_true",
                   help="the coach's own seat looks one card ahead in its bids' play-outs at "
                        "Normal and Hard tables (own_seat.py, with its maps; off in the hint)")
    p.add_argument("--ceiling", action="store_true",
                   help="also what a coach knowing every expected point exactly would score "
                        "against truths of this many deals (their sampling alone)")
    args = p.parse_args(argv)
    positions, truths = load_truth(args.truth)
    if args.positions:
        positions = positions[:args.positions]
    started = time.perf_counter()
    coach = Coach(model_table=not args.no_table)
    coach.own_seat = args.look_seat
    cache: dict[str, Any] | None = None
    if args.cache is not None:
        cache = json.loads(args.cache.read_text(encoding="utf-8")) if args.cache.exists() else {}
    rows, agree = compare(positions, truths, args.seed, args.min_deals, coach, cache=cache)
    if args.cache is not None and cache is not None:
        args.cache.write_text(json.dumps(cache), encoding="utf-8")
    deals = [v["deals"] for per in truths.values() for v in per.values()]
    print(f"{len(positions)} positions, {len(deals)} position-tables with truths "
          f"(deals per position and table: min {min(deals, default=0)}, max "
          f"{max(deals, default=0)}); coach {'told' if not args.no_table else 'not told'} who "
          f"sits at the table; {time.perf_counter() - started:.0f} s")
    ok = summary(rows, agree)
    by_edition(rows, agree, positions)
    if args.ceiling:
        print("\nthe truths' own sampling (a coach knowing every expected point exactly, against "
              "truths of these deals; bootstrap over deals):")
        for table, c in sorted(ceiling({p.pid: truths[p.pid] for p in positions
                                        if p.pid in truths}).items()):
            print(f"  {table}: best bid agrees in {c['agree']:.0%} of positions; mean "
                  f"|coach - truth| {c['err']:.1f} points (bids within 1 of the best)")
    if args.write_errors is not None:
        if args.no_table or args.look_seat or args.positions:
            p.error("--write-errors needs the coach told the table, over every position")
        write_errors(args.write_errors, rows, agree, truths, args.seed, args.min_deals)
        print(f"measured errors written to {args.write_errors}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
