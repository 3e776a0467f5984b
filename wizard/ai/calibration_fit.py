"""Fit the coach's calibration map on coached bids saved by the calibration bench.

    python -m wizard.bench calibration --rounds 2000 --seed 2 --save cal.jsonl
    python -m wizard.ai.calibration_fit cal.jsonl --half even      # prints the numbers
    python -m wizard.bench calibration --load cal.jsonl --half odd   # checks them on other games

Only Expert's seats are fitted (the coach's chance means "if you play for it as Expert would").
Per group (zero bids, other bids): a logistic regression of what happened (made or not) on the
logit of the raw chance and, for the other bids, the bid's share of the round and whether it is every
trick, by Newton's method (maximum likelihood): ``logit(p) = a + b logit(raw) + c bid / round + d
(bid == round)``, held within the central 95 % of the raw chances fitted (``support``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path

from .calibration import KNOT, OTHER_BIDS, ZERO_BID, Group, calibrate_with, logit, reach_gap
from .calibration_cases import BidCase, half_of, load


def logistic(rows: Sequence[Sequence[float]], ys: Sequence[float],
             iterations: int = 50, offsets: Sequence[float] | None = None) -> list[float]:
    """The weights maximising the likelihood of ``ys`` under ``sigmoid(w . row + offset)``
    (Newton's method; a tiny ridge keeps it defined on few or separable cases; ``offsets`` 0 when
    not given); ``rows[i][1]`` starts at 1."""
    k = len(rows[0]) if rows else 2
    w = [0.0] * k
    if k > 1:
        w[1] = 1.0
    offs = offsets if offsets is not None else [0.0] * len(rows)
    for _ in range(iterations):
        g = [0.0] * k
        h = [[1e-9 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for row, y, off in zip(rows, ys, offs, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, row, strict=True)) + off
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
            for i in range(k):
                g[i] += (y - p) * row[i]
                for j in range(k):
                    h[i][j] += p * (1 - p) * row[i] * row[j]
        step = _solve(h, g)
        if step is None:
            break
        w = [wi + d for wi, d in zip(w, step, strict=True)]
        if sum(abs(d) for d in step) < 1e-10:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    """x with a x = b (Gaussian elimination with partial pivoting); None if singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            return None
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def platt(cases: Sequence[BidCase],
          share: bool = False) -> tuple[float, float, float, float, float]:
    """(a, b, c, d, e) maximising the likelihood of ``made`` under ``sigmoid(a + b x + e max(0,
    KNOT - x) + c bid / round + d (bid == round))``, x = logit(p_raw) (c = d = e = 0 unless
    ``share``).

    >>> from wizard.ai.calibration_cases import BidCase
    >>> cs = [BidCase("expert", 4, "classic", 3, 1, p, 30.0, -10.0, 0.0, m, 0)
    ...       for p, m in [(0.2, False), (0.2, True), (0.8, True), (0.8, True), (0.5, True)]]
    >>> a, b, c, d, e = platt(cs)
    >>> a > 0 and c == d == e == 0
    True
    """
    rows = [[1.0, logit(c.p_raw)]
            + ([c.bid / max(1, c.round), float(c.bid == c.round),
                max(0.0, KNOT - logit(c.p_raw))] if share else [])
            for c in cases]
    w = logistic(rows, [1.0 if c.made else 0.0 for c in cases])
    if not share:
        return round(w[0], 4), round(w[1], 4), 0.0, 0.0, 0.0
    return round(w[0], 4), round(w[1], 4), round(w[2], 4), round(w[3], 4), round(w[4], 4)


def support(cases: Sequence[BidCase]) -> tuple[float, float]:
    """The central 95 % of the raw chances' logits (where the fit holds)."""
    xs = sorted(logit(c.p_raw) for c in cases)
    if not xs:
        return 0.0, 0.0
    return round(xs[int(0.025 * (len(xs) - 1))], 4), round(xs[int(0.975 * (len(xs) - 1))], 4)


def fit_maps(cases: Sequence[BidCase], level: str = "expert") -> tuple[Group, Group]:
    """(zero bids, other bids) maps fitted on the own (not forced) bids of ``level``'s seats."""
    mine = [c for c in cases if c.level == level and not c.forced]
    zero = [c for c in mine if c.bid == 0]
    other = [c for c in mine if c.bid != 0]
    za, zb, zc, zd, ze = platt(zero)
    oa, ob, oc, od, oe = platt(other, share=True)
    return (za, zb, *support(zero), zc, zd, ze), (oa, ob, *support(other), oc, od, oe)


def _parts(case: BidCase, group: Group) -> tuple[float, float, float]:
    """(edge, outer, inner) of a bid under ``group``'s map: its raw logit held within the map's
    clamp, the part beyond the clamp (which the map passes on as it is), and the map's logit
    less that part."""
    x = logit(case.p_raw)
    edge = min(group[3], max(group[2], x))
    outer = x - edge
    return edge, outer, logit(calibrate_with(case.p_raw, group, case.bid, case.round)) - outer


def recalibrate(cases: Sequence[BidCase], group: Group, iterations: int = 40,
                bend: bool = True) -> tuple[float, float, float]:
    """(alpha, beta, gamma) maximising the likelihood of ``made`` when ``group``'s map is
    stretched, moved and bent: ``logit(p) = alpha + beta * inner + gamma * max(0, KNOT - edge)
    + outer``, where ``edge`` is the raw logit held within the map's clamp, ``outer`` the part
    beyond it (which the map passes on as it is) and ``inner`` the map's logit less ``outer``.
    Three numbers per group, so a table with a thousand bids fits them where the five of
    ``platt`` do not hold (issue #37: at an Easy table the full fit ran off to infinity), and
    the bend lets the low chances move apart from the rest (at an Easy table Expert made bids
    the play-outs gave 5-25 % about 60 % of the time). ``bend`` False: gamma stays 0 (a table
    with few low chances, where the bend follows their noise: Hard)."""
    rows: list[list[float]] = []
    offsets: list[float] = []
    ys: list[float] = []
    for cs in cases:
        edge, outer, inner = _parts(cs, group)
        rows.append([1.0, inner, max(0.0, KNOT - edge)] if bend else [1.0, inner])
        offsets.append(outer)
        ys.append(1.0 if cs.made else 0.0)
    w = logistic(rows, ys, iterations, offsets=offsets)
    return w[0], w[1], (w[2] if bend else 0.0)


def stretched(group: Group, alpha: float, beta: float, gamma: float = 0.0) -> Group:
    """``group`` with ``recalibrate``'s numbers folded in: one map of the same form."""
    a, b, low, high, c, d, e = group
    return (round(alpha + beta * a, 4), round(beta * b, 4), low, high, round(beta * c, 4),
            round(beta * d, 4), round(beta * e + gamma, 4))


def fit_table_maps(cases: Sequence[BidCase], level: str = "expert",
                   base: tuple[Group, Group] = (ZERO_BID, OTHER_BIDS),
                   bend: bool = True) -> tuple[Group, Group]:
    """A table kind's (zero bids, other bids) maps: ``base`` (the mixed tables' map) stretched and
    moved by ``recalibrate`` on the own (not forced) bids of ``level``'s seats there."""
    mine = [c for c in cases if c.level == level and not c.forced]
    out = []
    for group, sub in ((base[0], [c for c in mine if c.bid == 0]),
                       (base[1], [c for c in mine if c.bid != 0])):
        out.append(stretched(group, *recalibrate(sub, group, bend=bend)) if sub else group)
    return out[0], out[1]


def reach_cap(cases: Sequence[BidCase]) -> float:
    """The 97.5th percentile of the fitted bids' reach gaps (in logit): the lift is held there,
    so a bid reached far more often than any fitted one is not lifted beyond what was seen."""
    gaps = sorted(reach_gap(c.p_raw, c.p_reach, 99.0) for c in cases if c.p_reach is not None)
    return round(gaps[int(0.975 * (len(gaps) - 1))], 4) if gaps else 0.0


def _kept_reach(cases: Sequence[BidCase], level: str, forced: bool) -> list[BidCase]:
    """The bids of ``level``'s seats that kept their reach, own (and, with ``forced``, made)."""
    return [c for c in cases if c.level == level and (forced or not c.forced)
            and c.p_reach is not None]


def fit_reach_maps(cases: Sequence[BidCase], level: str = "expert",
                   base: tuple[Group, Group] = (ZERO_BID, OTHER_BIDS), bend: bool = True,
                   forced: bool = False) -> tuple[Group, Group, tuple[float, float, float]]:
    """A table kind's maps with a reach lift: as ``fit_table_maps`` (``base`` stretched, moved
    and, with ``bend``, bent) with one more number per group, the lift on the bid's reach gap
    (``calibration.REACH_LIFT``), all fitted together by maximum likelihood on the own bids of
    ``level``'s seats that kept their reach (``forced``: with the bids they were made to make,
    a neighbour of their own, as a person's bid often is). The lift is held at 0 or above: a bid
    reached more often is never made less likely."""
    mine = _kept_reach(cases, level, forced)
    cap = reach_cap(mine)
    groups: list[Group] = []
    lifts: list[float] = []
    for group, sub in ((base[0], [c for c in mine if c.bid == 0]),
                       (base[1], [c for c in mine if c.bid != 0])):
        if not sub:
            groups.append(group)
            lifts.append(0.0)
            continue
        rows: list[list[float]] = []
        offsets: list[float] = []
        for cs in sub:
            edge, outer, inner = _parts(cs, group)
            gap = reach_gap(cs.p_raw, cs.p_reach or 0.0, cap)
            rows.append([1.0, inner, gap] + ([max(0.0, KNOT - edge)] if bend else []))
            offsets.append(outer)
        ys = [1.0 if cs.made else 0.0 for cs in sub]
        w = logistic(rows, ys, offsets=offsets)
        if w[2] < 0.0:          # no lift: the kind's map alone
            w = logistic([r[:2] + r[3:] for r in rows], ys, offsets=offsets)
            w = [w[0], w[1], 0.0] + w[2:]
        groups.append(stretched(group, w[0], w[1], w[3] if bend else 0.0))
        lifts.append(round(w[2], 4))
    return groups[0], groups[1], (lifts[0], lifts[1], cap)


def fit_reach_lift(cases: Sequence[BidCase], maps: tuple[Group, Group], level: str = "expert",
                   forced: bool = True) -> tuple[float, float, float]:
    """A ``REACH_LIFT`` for a kind whose map stays as it is (``maps``, fitted on more games than
    kept the reach): one number per group, the lift on the reach gap, by maximum likelihood with
    the map's logit as the offset, on the bids of ``level``'s seats that kept their reach
    (``forced``: with the bids they were made to make). Held at 0 or above."""
    mine = _kept_reach(cases, level, forced)
    cap = reach_cap(mine)
    lifts = []
    for group, sub in ((maps[0], [c for c in mine if c.bid == 0]),
                       (maps[1], [c for c in mine if c.bid != 0])):
        if not sub:
            lifts.append(0.0)
            continue
        rows = [[reach_gap(c.p_raw, c.p_reach or 0.0, cap)] for c in sub]
        offsets = [logit(calibrate_with(c.p_raw, group, c.bid, c.round)) for c in sub]
        w = logistic(rows, [1.0 if c.made else 0.0 for c in sub], offsets=offsets)
        lifts.append(round(max(0.0, w[0]), 4))
    return lifts[0], lifts[1], cap


def main(argv: Sequence[str] | None = None) -> int:
    """Print the fitted numbers."""
    p = argparse.ArgumentParser(prog="python -m wizard.ai.calibration_fit")
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--level", default="expert")
    p.add_argument("--half", choices=("even", "odd"), help="only that half of the games")
    p.add_argument("--table", help="only the bids coached at tables of this kind (#37; the "
                                   "output is then that kind's TABLE_MAPS entry: the mixed map "
                                   "stretched, moved and bent: fit_table_maps)")
    p.add_argument("--no-bend", action="store_true",
                   help="with --table: stretch and move the mixed map, no bend (Hard)")
    p.add_argument("--reach", action="store_true",
                   help="with --table: also the reach lift (REACH_LIFT; runs that kept it)")
    p.add_argument("--with-forced", action="store_true",
                   help="with --reach: fit on the forced bids too (runs with --forced)")
    p.add_argument("--lift-only", action="store_true",
                   help="with --reach: fit only the lift, the kind's map in the code kept")
    args = p.parse_args(argv)
    if args.reach and not args.table:
        p.error("--reach needs --table")
    forced = args.reach and args.with_forced     # the bids made to make, fitted too
    cases = [c for f in args.files for c in load(f) if c.level == args.level
             and (forced or not c.forced)
             and (args.half is None or half_of(c.game) == args.half)
             and (args.table is None or c.table == args.table)]
    zeros = sum(c.bid == 0 for c in cases)
    where = ", ".join(f.name for f in args.files) + (f", {args.half} half" if args.half else "")
    print(f'FITTED_ON = "{len(cases)} {args.level} bids ({zeros} zero, {len(cases) - zeros} '
          f'other) of {where}"')
    if args.table and args.reach:
        if args.lift_only:
            from .calibration import TABLE_MAPS
            lift = fit_reach_lift(cases, TABLE_MAPS[args.table], args.level, args.with_forced)
            print(f"REACH_LIFT[{args.table!r}] = {lift!r}")
            return 0
        zero, other, lift = fit_reach_maps(cases, args.level, bend=not args.no_bend,
                                           forced=args.with_forced)
        print(f"REACH_LIFT[{args.table!r}] = {lift!r}")
    elif args.table:
        zero, other = fit_table_maps(cases, args.level, bend=not args.no_bend)
    else:
        zero, other = fit_maps(cases, args.level)
    if args.table:
        print(f"TABLE_MAPS[{args.table!r}] = ({zero!r}, {other!r})")
    else:
        print(f"ZERO_BID: Group = {zero!r}")
        print(f"OTHER_BIDS: Group = {other!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
