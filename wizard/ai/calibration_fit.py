"""Fit the coach's calibration map on coached bids saved by the calibration bench.

    python -m wizard.bench calibration --rounds 1500 --seed 1 --save fit.jsonl
    python -m wizard.ai.calibration_fit fit.jsonl          # prints the knots for calibration.py

Only Expert's seats are fitted (the coach's chance means "if you play for it as Expert would").
Per group (zero bids, other bids): the bids sorted by raw chance are cut into bins of at least
``MIN_BIN`` bids, the observed rate of each bin is made monotone by pool-adjacent-violators
(weighted by the bin sizes), and each bin becomes a knot (mean raw chance, observed rate); the
ends are held flat. Check the result with the bench on another seed (``--load`` the other file).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from .calibration_bench import BidCase, half_of, load

MIN_BIN = 80


def pav(points: list[tuple[float, float, int]]) -> list[tuple[float, float, int]]:
    """Pool adjacent violators on (x, y, weight) sorted by x: y made non-decreasing.

    >>> pav([(0.1, 0.5, 1), (0.2, 0.3, 1), (0.3, 0.9, 2)])
    [(0.15000000000000002, 0.4, 2), (0.3, 0.9, 2)]
    """
    blocks: list[list[float]] = []   # [sum x*w, sum y*w, weight]
    for x, y, w in points:
        blocks.append([x * w, y * w, float(w)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            a = blocks.pop()
            blocks[-1] = [blocks[-1][0] + a[0], blocks[-1][1] + a[1], blocks[-1][2] + a[2]]
    return [(sx / w, sy / w, int(w)) for sx, sy, w in blocks]


def fit(cases: Sequence[BidCase], min_bin: int = MIN_BIN) -> tuple[tuple[float, float], ...]:
    """The knots of a monotone map from raw chance to observed rate."""
    xs = sorted(cases, key=lambda c: c.p_raw)
    bins: list[tuple[float, float, int]] = []
    i = 0
    while i < len(xs):
        j = min(len(xs), i + min_bin)
        if len(xs) - j < min_bin:
            j = len(xs)
        chunk = xs[i:j]
        bins.append((sum(c.p_raw for c in chunk) / len(chunk),
                     sum(c.made for c in chunk) / len(chunk), len(chunk)))
        i = j
    knots = [(round(x, 4), round(y, 4)) for x, y, _w in pav(bins)]
    if not knots:
        return ((0.0, 0.0), (1.0, 1.0))
    return ((0.0, knots[0][1]), *knots, (1.0, knots[-1][1]))


def main(argv: Sequence[str] | None = None) -> int:
    """Print the fitted knots."""
    p = argparse.ArgumentParser(prog="python -m wizard.ai.calibration_fit")
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--level", default="expert")
    p.add_argument("--half", choices=("even", "odd"), help="only that half of the games")
    args = p.parse_args(argv)
    cases = [c for f in args.files for c in load(f) if c.level == args.level
             and (args.half is None or half_of(c.game) == args.half)]
    zero = [c for c in cases if c.bid == 0]
    other = [c for c in cases if c.bid != 0]
    print(f"# fitted on {len(cases)} {args.level} bids ({len(zero)} zero, {len(other)} other) "
          f"from {', '.join(f.name for f in args.files)}")
    print(f"ZERO_BID: Knots = {fit(zero)!r}")
    print(f"OTHER_BIDS: Knots = {fit(other)!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
