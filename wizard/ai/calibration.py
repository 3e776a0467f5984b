"""The coach's calibration map: the play-out's chance of making a bid -> the chance measured in play.

The play-out plays every seat with the rule policy, so its P(make the bid) is not what happens when
the seat is then played by Expert: measured over arena rounds it is too shy in the middle (Expert
makes its bids more often than the rule policy would) and too sure near the top (the other seats
play against a bid in ways the play-out does not model). More worlds do not fix that; this map does.

It is a logistic recalibration of the raw chance (Platt scaling), one for zero bids and one for
the others: ``logit(p) = a + b * logit(raw) + c * bid / round + d * (bid == round)``, with the raw
chance kept within [0.5 %, 99.5 %] (``c`` and ``d`` are 0 for zero bids). For the others, the
bid's size against the round's matters: a small share of the tricks is made more often than the
play-out says, a large one less, and a bid of every trick more again (Expert, needing them all,
plays for each). Checked on games the map was not fitted on, the two terms lower the Brier score
from 0.172 to 0.168 and take a 6-point bias out of the 0.4-0.5 bin. A few numbers per group fit
well on a few
thousand bids and keep the map monotone in the raw chance and smooth. Outside
the raw chances the fitting bids had (their central 95 %), the map goes on with slope 1 in logit
from its value at that edge: a person's far-off bid (a zero bid with a raw 10 %, which Expert never
makes) is moved only as much as the nearest fitted bids were, never stretched by extrapolation; a
binned map would be flat there. They are fitted offline by ``python -m wizard.ai.calibration_fit``
(maximum likelihood over arena rounds with an Expert seat) and checked by
``python -m wizard.bench calibration`` on games they were not fitted on. The numbers below are
the fit's output, pasted as data.

>>> calibrate(0.0, 1, 3) >= 0.0 and calibrate(1.0, 1, 3) <= 1.0
True
>>> calibrate(0.2, 0, 5) <= calibrate(0.3, 0, 5)
True
"""

from __future__ import annotations

import math

#: (a, b, low, high, c, d) of ``logit(p) = a + b * logit(raw) + c * bid / round + d * (bid ==
#: round)`` for ``low <= logit(raw) <= high`` (slope 1 beyond); (0, 1, 0, 0, 0, 0) is the identity.
Group = tuple[float, float, float, float, float, float]
ZERO_BID: Group = (0.3707, 0.8297, 0.2547, 5.2933, 0.0, 0.0)
OTHER_BIDS: Group = (1.5787, 0.8804, -1.0426, 2.48, -2.5538, 0.9588)
#: Where the numbers come from (shown by the bench).
FITTED_ON = ("6000 Expert bids (1737 zero, 4263 other) of `python -m wizard.bench calibration "
             "--rounds 2000 --seed S` for S = 2, 3 and 4")
CLIP = 0.005


def logit(p: float) -> float:
    """log(p / (1 - p)), with ``p`` kept within [CLIP, 1 - CLIP]."""
    q = min(1.0 - CLIP, max(CLIP, p))
    return math.log(q / (1.0 - q))


def calibrate(raw: float, bid: int, round_: int) -> float:
    """The chance of making ``bid`` in round ``round_`` measured in play, from the play-out's
    ``raw`` chance."""
    return calibrate_with(raw, ZERO_BID if bid == 0 else OTHER_BIDS, bid, round_)


def calibrate_with(raw: float, group: Group, bid: int, round_: int) -> float:
    """``raw`` through one group's map ``(a, b, low, high, c, d)``."""
    a, b, low, high, c, d = group
    x = logit(raw)
    edge = min(high, max(low, x))
    size = c * bid / max(1, round_) + (d if bid == round_ else 0.0)
    return 1.0 / (1.0 + math.exp(-(a + b * edge + (x - edge) + size)))


def slope(raw: float, bid: int, round_: int, h: float = 0.02) -> float:
    """The map's local slope at ``raw`` (how much a raw error grows)."""
    lo, hi = max(0.0, raw - h), min(1.0, raw + h)
    return (calibrate(hi, bid, round_) - calibrate(lo, bid, round_)) / (hi - lo)
