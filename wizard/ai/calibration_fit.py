"""Fit the coach's calibration map on coached bids saved by the calibration bench.

    python -m wizard.bench calibration --rounds 2000 --seed 2 --save cal.jsonl
    python -m wizard.ai.calibration_fit cal.jsonl --half even      # prints the numbers
    python -m wizard.bench calibration --load cal.jsonl --half odd   # checks them on other games

Only Expert's seats are fitted (the coach's chance means "if you play for it as Expert would").
Per group (zero bids, other bids): a logistic regression of what happened (made or not) on the
logit of the raw chance, by Newton's method (maximum likelihood): ``logit(p) = a + b logit(raw)``,
held within the central 95 % of the raw chances fitted (``support``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path

from .calibration import logit
from .calibration_bench import BidCase, half_of, load


def platt(cases: Sequence[BidCase], iterations: int = 50) -> tuple[float, float]:
    """(a, b) maximising the likelihood of ``made`` under ``sigmoid(a + b logit(p_raw))``.

    >>> from wizard.ai.calibration_bench import BidCase
    >>> cs = [BidCase("expert", 4, "classic", 3, 1, p, 30.0, -10.0, 0.0, m, 0)
    ...       for p, m in [(0.2, False), (0.2, True), (0.8, True), (0.8, True), (0.5, True)]]
    >>> a, b = platt(cs)
    >>> a > 0
    True
    """
    a, b = 0.0, 1.0
    xs = [logit(c.p_raw) for c in cases]
    ys = [1.0 if c.made else 0.0 for c in cases]
    for _ in range(iterations):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = p * (1 - p)
            ga += y - p
            gb += (y - p) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        haa += 1e-9
        hbb += 1e-9
        det = haa * hbb - hab * hab
        if abs(det) < 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    return round(a, 4), round(b, 4)


def support(cases: Sequence[BidCase]) -> tuple[float, float]:
    """The central 95 % of the raw chances' logits (where the fit holds)."""
    xs = sorted(logit(c.p_raw) for c in cases)
    if not xs:
        return 0.0, 0.0
    return round(xs[int(0.025 * (len(xs) - 1))], 4), round(xs[int(0.975 * (len(xs) - 1))], 4)


def fit_maps(cases: Sequence[BidCase], level: str = "expert") -> tuple[
        tuple[float, float, float, float], tuple[float, float, float, float]]:
    """(zero bids, other bids) maps fitted on the own (not forced) bids of ``level``'s seats."""
    mine = [c for c in cases if c.level == level and not c.forced]
    zero = [c for c in mine if c.bid == 0]
    other = [c for c in mine if c.bid != 0]
    return (*platt(zero), *support(zero)), (*platt(other), *support(other))


def main(argv: Sequence[str] | None = None) -> int:
    """Print the fitted numbers."""
    p = argparse.ArgumentParser(prog="python -m wizard.ai.calibration_fit")
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--level", default="expert")
    p.add_argument("--half", choices=("even", "odd"), help="only that half of the games")
    args = p.parse_args(argv)
    cases = [c for f in args.files for c in load(f) if c.level == args.level and not c.forced
             and (args.half is None or half_of(c.game) == args.half)]
    zeros = sum(c.bid == 0 for c in cases)
    where = ", ".join(f.name for f in args.files) + (f", {args.half} half" if args.half else "")
    print(f'FITTED_ON = "{len(cases)} {args.level} bids ({zeros} zero, {len(cases) - zeros} '
          f'other) of {where}"')
    zero, other = fit_maps(cases, args.level)
    print(f"ZERO_BID: tuple[float, float, float, float] = {zero!r}")
    print(f"OTHER_BIDS: tuple[float, float, float, float] = {other!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
