"""A post-game review as data: each appraised decision of the reviewed seats, and what follows.

The review engine (``wizard.review``) fills it; this module only holds, checks and reads it, so
that the statistics can use a stored review without running Expert. Every non-forced bid and card
of a reviewed seat is kept with Expert's value of the person's choice and of its own best choice;
which of them count as costly depends on a threshold applied when reading (the ``review_threshold``
setting), so changing the threshold never needs a new review.

>>> d = Decision(step=4, seat=0, round=2, trick=0, kind="bid", chosen=0, best=2,
...              chosen_points=-20.0, best_points=31.5)
>>> r = Review("0123456789abcdef0123", (0,), 2, (d,), REVIEW_ENGINE)
>>> points_lost_by_round(r)
[0.0, 51.5]
>>> Review.from_dict(r.to_dict()) == r
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.engine import Card

REVIEW_SCHEMA = 1
#: The review method and the Expert behind it. Bump it when Expert (``wizard/ai/expert.py`` and
#: what it uses) or the way decisions are appraised changes: stored reviews made otherwise are then
#: recomputed, never trusted.
REVIEW_ENGINE = "coach-points-6"   # 3: the coach models who sat at the table (#37); 4: far bids
#   whose points the benchmark found off play at that kind of table are kept unpriced (#37);
#   5: each kind of computer table has its own calibration map (#37); 6: the Normal and Hard
#   maps refitted on more games (#37)
DEFAULT_THRESHOLD = 10        # points below Expert's best that make a card a finding
MAX_DECISIONS = 6 * 60 + 60 * 6   # at most every card and every bid of a 6-seat (hot-seat) game
POINTS_LIMIT = 10_000.0       # an expected round score is far below this
GAME_ID_RE = re.compile(r"[0-9a-f]{20}")
BID, CARD = "bid", "card"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a reviewed seat with Expert's appraisal (expected round points).

    ``step`` is the number of actions played before it (the replay's moment), ``trick`` 0 for a
    bid, else the trick's number in the round. ``chosen`` and ``best`` are a bid (int) or a card's
    text ("W", "R13"...). ``*_exact``: for a bid, the chance of making it when playing for it.
    ``loss_lo`` and ``loss_hi``: the 95 % interval of the loss against Expert's best, paired by
    sampled world; a decision counts as costly only when that interval lies above 0.
    """

    step: int
    seat: int
    round: int
    trick: int
    kind: str
    chosen: int | str
    best: int | str
    chosen_points: float
    best_points: float
    chosen_exact: float | None = None
    best_exact: float | None = None
    loss_lo: float | None = None
    loss_hi: float | None = None
    priced: bool = True        # False: a far bid whose points are not shown at this kind of table

    @property
    def cost(self) -> float:
        """Points below Expert's best (never negative: Expert's choice is its best)."""
        return max(0.0, self.best_points - self.chosen_points)

    @property
    def significant(self) -> bool:
        """The loss is real: its 95 % interval (paired by world) excludes 0 (unknown: assumed)."""
        return self.loss_lo is None or self.loss_lo > 0.0

    def costly(self, threshold: float) -> bool:
        """Counted as costly: at least ``threshold`` points lost, and the loss is real. An
        unpriced far bid is still a finding (bidding 0 with four Wizards is one), but its points
        are not shown nor added to the points lost (``points_lost_by_round``)."""
        return self.cost >= threshold and self.cost > 0 and self.significant

    @property
    def chosen_card(self) -> Card | None:
        """The card played, for a card decision."""
        return Card.from_str(self.chosen) if isinstance(self.chosen, str) else None

    @property
    def best_card(self) -> Card | None:
        """Expert's card, for a card decision."""
        return Card.from_str(self.best) if isinstance(self.best, str) else None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        d: dict[str, Any] = {"step": self.step, "seat": self.seat, "round": self.round,
                             "trick": self.trick, "kind": self.kind, "chosen": self.chosen,
                             "best": self.best, "chosen_points": round(self.chosen_points, 3),
                             "best_points": round(self.best_points, 3)}
        if self.chosen_exact is not None:
            d["chosen_exact"] = round(self.chosen_exact, 4)
        if self.best_exact is not None:
            d["best_exact"] = round(self.best_exact, 4)
        if self.loss_lo is not None and self.loss_hi is not None:
            d["loss_lo"], d["loss_hi"] = round(self.loss_lo, 3), round(self.loss_hi, 3)
        if not self.priced:
            d["priced"] = False
        return d

    @staticmethod
    def from_dict(data: Any, players: int, rounds: int) -> Decision:
        """Read one decision; ``Invalid`` on anything out of place."""
        d = checks.obj(data, "decision")
        kind = checks.choice(d.get("kind"), "kind", (BID, CARD))
        rnd = checks.integer(d.get("round"), "round", 1, rounds)
        choices: list[int | str] = []
        for key in ("chosen", "best"):
            if kind == BID:
                choices.append(checks.integer(d.get(key), key, 0, rnd))
            else:
                choices.append(_card_text(d.get(key), key))
        exact = [None if d.get(k) is None else checks.number(d.get(k), k, 0.0, 1.0)
                 for k in ("chosen_exact", "best_exact")]
        loss = [None if d.get(k) is None else checks.number(d.get(k), k, -POINTS_LIMIT,
                                                                POINTS_LIMIT)
                for k in ("loss_lo", "loss_hi")]
        if (loss[0] is None) != (loss[1] is None) or (loss[0] is not None and loss[1] is not None
                                                      and loss[0] > loss[1]):
            raise Invalid("loss interval out of place")
        priced = d.get("priced", True)
        if not isinstance(priced, bool) or (not priced and kind != BID):
            raise Invalid("priced must be true or false, and false only for a bid")
        return Decision(
            step=checks.integer(d.get("step"), "step", 0, 100_000),
            seat=checks.integer(d.get("seat"), "seat", 0, players - 1),
            round=rnd,
            trick=checks.integer(d.get("trick"), "trick", 0 if kind == BID else 1,
                                 0 if kind == BID else rnd),
            kind=kind, chosen=choices[0], best=choices[1],
            chosen_points=checks.number(d.get("chosen_points"), "points", -POINTS_LIMIT,
                                        POINTS_LIMIT),
            best_points=checks.number(d.get("best_points"), "points", -POINTS_LIMIT, POINTS_LIMIT),
            chosen_exact=exact[0], best_exact=exact[1], loss_lo=loss[0], loss_hi=loss[1],
            priced=priced)


def _card_text(value: Any, what: str) -> str:
    text = checks.text(value, what, 20)
    try:
        Card.from_str(text)
    except ValueError:
        raise Invalid(f"{what} is not a card") from None
    return text


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one finished game for its ``seats`` (the people), decisions in game order."""

    game_id: str
    seats: tuple[int, ...]
    rounds: int
    decisions: tuple[Decision, ...]
    engine: str = REVIEW_ENGINE

    def bids(self, seat: int) -> list[Decision]:
        """``seat``'s bid decisions (rounds where its bid was forced have none)."""
        return [d for d in self.decisions if d.seat == seat and d.kind == BID]

    def bid_in(self, seat: int, round_: int) -> Decision | None:
        """``seat``'s bid in round ``round_``, if it was a real choice."""
        return next((d for d in self.decisions if d.seat == seat and d.kind == BID
                     and d.round == round_), None)

    def findings(self, seat: int | None = None, round_: int | None = None,
                 threshold: float = DEFAULT_THRESHOLD) -> list[Decision]:
        """The costly decisions (cost >= ``threshold`` and a loss interval above 0), bids and
        cards, most costly first."""
        out = [d for d in self.decisions if d.costly(threshold)
               and (seat is None or d.seat == seat) and (round_ is None or d.round == round_)]
        return sorted(out, key=lambda d: (-d.cost, d.step))

    def card_findings(self, seat: int | None = None, round_: int | None = None,
                      threshold: float = DEFAULT_THRESHOLD) -> list[Decision]:
        """The costly cards only, most costly first."""
        return [d for d in self.findings(seat, round_, threshold) if d.kind == CARD]

    def total_lost(self, seat: int | None = None, threshold: float = DEFAULT_THRESHOLD) -> float:
        """Points lost to costly decisions over the game."""
        return sum(points_lost_by_round(self, seat, threshold))

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the file ``reviews/<game id>.json``)."""
        return {"schema": REVIEW_SCHEMA, "engine": self.engine, "game": self.game_id,
                "seats": list(self.seats), "rounds": self.rounds,
                "decisions": [d.to_dict() for d in self.decisions]}

    @staticmethod
    def from_dict(data: Any, players: int = 6) -> Review:
        """Read a schema-1 review (the version and engine are the caller's to check)."""
        d = checks.obj(data, "review")
        game_id = checks.text(d.get("game"), "game", 20, GAME_ID_RE)
        rounds = checks.integer(d.get("rounds"), "rounds", 1, 60)
        engine = checks.text(d.get("engine"), "engine", 100)
        raw_seats = d.get("seats")
        if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= players:
            raise Invalid("seats must be a list of seats")
        seats = tuple(checks.integer(s, "seat", 0, players - 1) for s in raw_seats)
        raw = d.get("decisions")
        if not isinstance(raw, list) or len(raw) > MAX_DECISIONS:
            raise Invalid("decisions must be a list")
        decisions = tuple(Decision.from_dict(x, players, rounds) for x in raw)
        if any(x.seat not in seats for x in decisions):
            raise Invalid("a decision of a seat that is not reviewed")
        if any(b.step <= a.step for a, b in zip(decisions, decisions[1:], strict=False)):
            raise Invalid("decisions out of order")
        return Review(game_id, seats, rounds, decisions, engine)


def points_lost_by_round(review: Review, seat: int | None = None,
                         threshold: float = DEFAULT_THRESHOLD) -> list[float]:
    """Points lost to costly decisions (bids and cards at least ``threshold`` below Expert's
    best) in each round, round 1 first; ``seat`` None: all reviewed seats together. Unpriced far
    bids (#37) are findings but add nothing: their points are not shown."""
    out = [0.0] * review.rounds
    for d in review.findings(seat, None, threshold):
        if d.priced:                 # a far bid's points were not measured close enough to play
            out[d.round - 1] += d.cost
    return out
