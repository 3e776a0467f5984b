"""The coach's calibration map: the play-out's chance of making a bid -> the chance measured in play.

The play-out plays every seat with the rule policy, so its P(make the bid) is not what happens when
the seat is then played by Expert: measured over arena rounds it is too shy in the middle (Expert
makes its bids more often than the rule policy would) and too sure near the top (the other seats
play against a bid in ways the play-out does not model). More worlds do not fix that; this map does.

It is a monotone piecewise-linear function of the raw chance, one for zero bids and one for the
others, fitted offline by ``python -m wizard.ai.calibration_fit`` (isotonic regression of what
happened on the raw chance, over arena rounds with Expert seats) and checked by
``python -m wizard.bench calibration`` on other rounds (another seed). The knots below are the fit's
output, pasted as data.

>>> calibrate(0.0, False) >= 0.0 and calibrate(1.0, False) <= 1.0
True
>>> calibrate(0.2, True) <= calibrate(0.3, True)
True
"""

from __future__ import annotations

from bisect import bisect_right

Knots = tuple[tuple[float, float], ...]

#: (raw chance, measured chance) knots; identity until a fit is pasted.
ZERO_BID: Knots = ((0.0, 0.0), (1.0, 1.0))
OTHER_BIDS: Knots = ((0.0, 0.0), (1.0, 1.0))
#: Where the knots come from (shown by the bench).
FITTED_ON = "identity (no fit)"


def _interp(knots: Knots, x: float) -> float:
    xs = [k[0] for k in knots]
    i = bisect_right(xs, x)
    if i <= 0:
        return knots[0][1]
    if i >= len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[i - 1], knots[i]
    if x1 <= x0:
        return y1
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def calibrate(raw: float, zero: bool) -> float:
    """The chance of making a bid measured in play, from the play-out's ``raw`` chance."""
    x = min(1.0, max(0.0, raw))
    return min(1.0, max(0.0, _interp(ZERO_BID if zero else OTHER_BIDS, x)))


def slope(raw: float, zero: bool, h: float = 0.02) -> float:
    """The map's local slope at ``raw`` (how much a raw error grows)."""
    lo, hi = max(0.0, raw - h), min(1.0, raw + h)
    return (calibrate(hi, zero) - calibrate(lo, zero)) / (hi - lo)
