"""The coach: Expert's appraisal measured well enough to show a person, with its precision.

Expert's own search (``race.py``) stops sampling as soon as a leader is clear: right for choosing,
wrong for showing a number. The coach uses Expert's worlds (inference-weighted sampling) and
Expert's values in round points, but samples until every number it reports is within its stated
precision (95 % intervals):

- a bid: the chance of making it when playing for it, within ``CHANCE_HALF``, and its expected
  points within ``POINTS_HALF``, for every bid weighed (the Wilson interval of the play-out's chance
  carried through the calibration map of ``calibration.py``);
- a card: the expected points of each card still in the race (at least the best ``keep`` and the
  card the person chose), within ``POINTS_HALF``; cards clearly below the leader still drop out, as
  in Expert's race, and are not reported.

Each loss against the best choice comes with its 95 % interval paired by world. Sampling stops on
precision or on a work cap counted in simulated card plays (``max_work``), so the result is
deterministic for an rng (the hint and the review's child process give the same numbers); a
CPU-time cap (``cap_s``) only cuts a search short on a machine far slower than planned. When a cap
stops it first, the notes say ``precise: False`` and carry the reached half-widths, which the
words show.

>>> from wizard.engine import GameConfig, GameState
>>> import random
>>> s = GameState.new(GameConfig(4, seed=3)); s.advance(random.Random(3)); s.advance(random.Random(3))
>>> action, notes = Coach().suggest(s.view_for(s.current_player), random.Random(1))
>>> all(notes["exact_half"][b] <= CHANCE_HALF for b in notes["ev"]) or not notes["precise"]
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Bid, Phase, PlayerView
from .calibration import LOOK_KINDS, REACH_LIFT, calibrate
from .expert import ExpertPlayer
from .knowledge import Info, info_of, legal_codes, pick
from .model_error import FAR, far_error, far_points_shown
from .own_seat import look_play_out
from .race import Race, bid_value
from .rollout import Rules, World, apply_card, play_out
from .search import WorldSource, endgame_value, rules_of
from .seats import easy_mask, pool_factor, table_kind, table_source

Z = 1.96                 # 95 % two-sided
CHANCE_HALF = 0.03       # sampling target for a chance (the claim shown: within 4 points)
POINTS_HALF = 2.5        # sampling target for expected points (the claim shown: within 3 points)
CLAIM_CHANCE = 0.04      # the precision stated to the player
CLAIM_POINTS = 3.0
#: A chance is claimed only for bids within this many tricks of the coach's own: the bids the
#: calibration bench checks against play (Expert's own, and ``--forced`` bids within 2). Far off,
#: the play-out's model of the table is untested and can be wildly off (docs/coach.md, "The coach's
#: numbers": a zero bid holding five trumps with the 13, shown 59 %, made in 3 % of deals).
CHECKED_BIDS = 2


def wilson(successes: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion (never [0, 0] or [1, 1] from a finite sample)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class _Moments:
    """Running count, sum and sum of squares."""

    n: int = 0
    s: float = 0.0
    ss: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    @property
    def mean(self) -> float:
        return self.s / self.n if self.n else 0.0

    @property
    def var(self) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (self.ss - self.s * self.s / self.n) / (self.n - 1))


@dataclass
class BidStats:
    """What the play-outs of one bid gave: tricks taken per world, and round points."""

    bid: int
    round: int
    kind: str = "mixed"                               # the table's kind, for the calibration
    counts: list[int] = field(default_factory=list)   # worlds with k tricks (not voided)
    voided: int = 0
    made: _Moments = field(default_factory=_Moments)  # round points in worlds where it was made
    missed: _Moments = field(default_factory=_Moments)
    values: list[float] = field(default_factory=list)  # raw round points, world by world
    #: Worlds where the play-out for this bid or for a neighbouring candidate bid (one trick
    #: fewer or more) took exactly ``bid`` tricks: how reachable the bid is when the seat's play
    #: aims at it (Expert adapts its play to its bid; the rule policy does less). Recorded, not
    #: yet mapped (docs/coach.md, "reach").
    reach: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * (self.round + 1)

    @property
    def n(self) -> int:
        return len(self.values)

    def add(self, k: int, void: bool, value: float) -> None:
        self.values.append(value)
        if void:
            self.voided += 1
        else:
            self.counts[k] += 1
            (self.made if k == self.bid else self.missed).add(value)

    def estimate(self, made_points: float) -> dict[str, Any]:
        """The calibrated chance of making it, the expected points, their half-widths, and the
        distribution of tricks taken (calibrated; with the voided share it sums to 1)."""
        n = self.n
        m = self.counts[self.bid]
        vs = self.voided / n
        raw = m / n
        lo, hi = wilson(m, n)
        cap = 1.0 - vs
        reach = self.reach / n
        p = min(cap, calibrate(raw, self.bid, self.round, self.kind, reach))
        # Where the kind's map lifts by the reach, the reach is sampled too: the chance's bounds
        # over both intervals' corners (the map can fall in the raw chance while it rises in the
        # reach); elsewhere the raw chance's two bounds.
        r_bounds = wilson(self.reach, n) if self.kind in REACH_LIFT else (reach,)
        corners = [min(cap, calibrate(x, self.bid, self.round, self.kind, y))
                   for x in (lo, hi) for y in r_bounds]
        p_half = max(p - min(corners), max(corners) - p)
        q_raw, q = cap - raw, cap - p
        a = self.made.mean if self.made.n else made_points
        b = self.missed.mean if self.missed.n else -10.0
        ev = p * a + q * b
        var = ((a - b) * p_half / Z) ** 2
        if self.made.n > 1:
            var += p * p * self.made.var / self.made.n
        if self.missed.n > 1:
            var += q * q * self.missed.var / self.missed.n
        ev_half = Z * math.sqrt(var)
        dist = [c / n for c in self.counts]
        if q_raw > 1e-12:
            dist = [x * q / q_raw for x in dist]
        else:           # never missed in the sample: the calibrated miss share goes next door
            dist = [0.0] * len(dist)
            near = [k for k in (self.bid - 1, self.bid + 1) if 0 <= k <= self.round]
            for k in near:
                dist[k] = q / len(near)
        dist[self.bid] = p
        return {"p": p, "p_raw": raw, "p_reach": reach, "p_half": p_half, "ev": ev,
                "ev_half": ev_half, "dist": dist, "voided": vs, "parts": (a, b)}


class Coach:
    """Expert (in round points) sampling until its numbers are precise enough to show."""

    min_worlds = 200        # bids: worlds before the first precision check
    card_min_worlds = 48    # cards: worlds before the first precision check
    batch = 50              # worlds between precision checks
    max_worlds = 20000
    max_work = 1_500_000    # simulated card plays per decision (about 2 s here): the usual stop
    keep = 3                # cards never dropped from the race (the hint shows this many)
    z_prune = 3.0
    #: True: in the bids' play-outs at a table of a kind in ``calibration.LOOK_KINDS``, the
    #: asking seat looks one card ahead at its first card (``own_seat.look_play_out``). Off by
    #: default: nearer the truths of single positions (docs/coach.md), but it doubles a bid's CPU
    #: time and leaves a third of the hint's bids short of their precision within the work cap.
    own_seat = False

    def __init__(self, cap_s: float = 10.0, table: Sequence[str | None] | None = None,
                 model_table: bool = True) -> None:
        self.cap_s = cap_s
        self.expert = ExpertPlayer(points_only=True)
        #: Who sits at each seat (a level of ``seats.LEVELS``, ``seats.PERSON``, or None): the
        #: play-outs model each seat as who sits there (``seats.py``). None: one average model.
        self.table = table
        #: False: ignore any table (the coach before issue #37, for the benchmarks' "before").
        self.model_table = model_table

    def model(self, info: Info, rng: random.Random, table: Sequence[str | None] | None = None
              ) -> tuple[WorldSource, Rules, str, int]:
        """The worlds, play-out rules, table kind and the work a world counts (its drawing and
        weighting, in card plays) the coach uses at ``info``'s table."""
        seats = table if table is not None else self.table
        rules = rules_of(info)
        cost = self.expert.world_cost
        if not self.model_table or not seats or len(seats) != info.n:
            return self.expert.source(info, rng), rules, "mixed", cost
        kind = table_kind(seats, info.seat)
        rules = dataclasses.replace(rules, easy=easy_mask(seats, info.seat))
        if info.hand is None:             # clairvoyance: the seat's own hand is drawn too
            return self.expert.source(info, rng), rules, kind, cost
        # A larger pool costs more to draw (measured: about 1.8 times Expert's pool of 3 for 5),
        # counted as work. Bids get it; cards (most of the hints, each quicker) keep Expert's 3,
        # so the hint's time stays about what it was.
        factor = pool_factor(info, seats)
        if info.phase is not Phase.BID:
            factor = min(factor, 3)
        return (table_source(info, seats, factor=factor), rules, kind,
                cost * max(3, factor) // 3)

    def seated(self, info: Info, table: Sequence[str | None] | None = None) -> bool:
        """Whether the play-outs model who sits at ``info``'s table (not one average table)."""
        seats = table if table is not None else self.table
        return bool(self.model_table and seats and len(seats) == info.n)

    def suggest(self, view: PlayerView, rng: random.Random) -> tuple[Action, dict[str, Any]]:
        """The coach's choice for ``view`` and its measured notes."""
        return self.appraise(view, rng, None)

    def appraise(self, view: PlayerView, rng: random.Random,
                 chosen: Action | None) -> tuple[Action, dict[str, Any]]:
        """The coach's choice and notes, with ``chosen`` (the person's action) among those measured.

        Notes for a bid: ``ev``, ``ev_half``, ``exact`` (calibrated chance of making it, only
        for bids within ``CHECKED_BIDS`` of the best; the others are listed in ``unchecked``),
        ``exact_half``, ``exact_raw``, ``reach`` (``BidStats.reach`` as a share of the worlds),
        ``dist`` (tricks taken when playing for it), ``loss``
        (mean, low, high against the best), ``worlds``, ``precise``, ``table`` (the table kind
        modelled), ``seated`` (the coach modelled who sits at this table), ``hidden`` (far bids,
        more than ``model_error.FAR`` from the best, whose points are not to be shown at this
        table: the benchmark measured them too far from play, or not at all) and ``far_error``
        (their measured mean error in points, None if not measured). For a card: ``values``,
        ``half``, ``loss``, ``worlds``, ``scale`` ("points"), ``precise``.
        """
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide")
        if len(legal) == 1:
            return legal[0], {"forced": True}
        if view.phase is Phase.TRUMP:
            return self.expert.suggest(view, rng)
        info = info_of(view)
        codes = legal_codes(view)
        notes: dict[str, Any] = {}
        if view.phase is Phase.BID:
            extra = chosen.n if isinstance(chosen, Bid) else None
            code = self.bids(info, codes, rng, notes, extra)
        else:
            mine = None
            if chosen is not None and chosen in legal:
                mine = codes[legal.index(chosen)]
            code = self.cards(info, codes, rng, notes, mine)
        return pick(view, code), notes

    # ---- bids ------------------------------------------------------------------------------------

    def bids(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any],
             extra: int | Collection[int] | None = None,
             table: Sequence[str | None] | None = None) -> int:
        """Measure every candidate bid (Expert's plausible ones and ``extra``, one bid or
        several); the best by expected points."""
        expert = self.expert
        also = [] if extra is None else [extra] if isinstance(extra, int) else list(extra)
        expert._also_bid = also[0] if len(also) == 1 else None
        try:
            cands = expert.candidate_bids(info, legal, rng)
        finally:
            expert._also_bid = None
        cands = sorted(set(cands) | {b for b in also if b in legal})
        seat = info.seat
        source, rules, kind, world_cost = self.model(info, rng, table)
        # The seat looks one card ahead (``own_seat``) where the table's kind has a map fitted
        # to that model (``calibration.LOOK_KINDS``); elsewhere the rule policy and its map.
        look = self.own_seat and kind in LOOK_KINDS
        stats = {b: BidStats(b, info.round, f"{kind}:look" if look else kind) for b in cands}
        made_points = {b: bid_value(b, b, False, False, info) for b in cands}
        deadline = time.thread_time() + self.cap_s
        est: dict[int, dict[str, Any]] = {}
        precise = False
        work = 0
        took: dict[int, int] = {}       # tricks the seat took in this world, by bid played for
        while True:
            for _ in range(self.batch):
                base = source(rng)
                work += world_cost          # drawing and weighting the world
                took.clear()
                for b in cands:
                    w = base.copy()
                    w.bids[seat] = b
                    work += look_play_out(w, rules, seat) if look else play_out(w, rules)
                    k, void = w.tricks[seat], w.voided
                    stats[b].add(k, void, bid_value(b, k, w.grail_winner == seat, void, info))
                    if not void:
                        took[b] = k
                for b in cands:
                    if took.get(b) == b or took.get(b - 1) == b or took.get(b + 1) == b:
                        stats[b].reach += 1
            worlds = stats[cands[0]].n
            if worlds < self.min_worlds:
                continue
            est = {b: stats[b].estimate(made_points[b]) for b in cands}
            precise = all(e["p_half"] <= CHANCE_HALF and e["ev_half"] <= POINTS_HALF
                          for e in est.values())
            if precise or worlds >= self.max_worlds or work >= self.max_work \
                    or time.thread_time() > deadline:
                break
        best = max(cands, key=lambda b: (est[b]["ev"], -b))
        loss = {}
        for b in cands:
            d = [x - y for x, y in zip(stats[best].values, stats[b].values, strict=True)]
            half = Z * math.sqrt(_var(d) / len(d))
            mean = est[best]["ev"] - est[b]["ev"]
            loss[b] = (mean, mean - half, mean + half)
        notes.update(
            worlds=worlds, precise=precise, table=kind,
            ev={b: est[b]["ev"] for b in cands}, ev_half={b: est[b]["ev_half"] for b in cands},
            exact={b: est[b]["p"] for b in cands if abs(b - best) <= CHECKED_BIDS},
            exact_half={b: est[b]["p_half"] for b in cands if abs(b - best) <= CHECKED_BIDS},
            unchecked=sorted(b for b in cands if abs(b - best) > CHECKED_BIDS),
            hidden=[] if far_points_shown(kind) else
            sorted(b for b in cands if abs(b - best) > FAR),
            far_error=far_error(kind), seated=self.seated(info, table),
            exact_raw={b: est[b]["p_raw"] for b in cands},
            reach={b: est[b]["p_reach"] for b in cands}, dist={b: est[b]["dist"] for b in cands},
            voided={b: est[b]["voided"] for b in cands}, parts={b: est[b]["parts"] for b in cands},
            loss=loss)
        return best

    # ---- cards -----------------------------------------------------------------------------------

    def cards(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any],
              mine: int | None = None) -> int:
        """Race the cards as Expert does, but keep the best ``keep`` and ``mine`` in, and sample
        until each card still in has its expected points within ``POINTS_HALF``."""
        assert info.hand is not None
        expert = self.expert
        seat = info.seat
        source, rules, kind, world_cost = self.model(info, rng)
        utility = expert.utility(info)
        small = len(info.hand) <= 2

        spent = [0]

        def value(w: World, c: int) -> float:
            apply_card(w, rules, seat, c)
            if small:
                return endgame_value(w, rules, seat, spent)
            spent[0] += play_out(w, rules) + 1
            return float(utility(w, rules))

        race = Race(legal, self.z_prune, self.card_min_worlds, keep=self.keep,
                    protect=frozenset(() if mine is None else (mine,)))
        deadline = time.thread_time() + self.cap_s
        precise = False
        while True:
            for _ in range(self.batch if race.worlds >= self.card_min_worlds
                           else self.card_min_worlds):
                base = source(rng)
                spent[0] += world_cost
                race.add({c: value(base.copy(), c) for c in race.active})
            race.prune()          # at the race's checkpoints only (every half as many worlds again)
            worlds = race.worlds
            active = race.active
            vals = race.values
            precise = all(Z * math.sqrt(_var(vals[c]) / worlds) <= POINTS_HALF for c in active)
            if precise or worlds >= self.max_worlds or spent[0] >= self.max_work \
                    or time.thread_time() > deadline:
                break
        means = {c: race.mean(c) for c in active}
        best = max(active, key=lambda c: (means[c], -c))
        loss = {}
        for c in active:
            d = [x - y for x, y in zip(vals[best], vals[c], strict=True)]
            half = Z * math.sqrt(_var(d) / len(d))
            mean = means[best] - means[c]
            loss[c] = (mean, mean - half, mean + half)
        notes.update(worlds=worlds, precise=precise, scale="points", values=means, table=kind,
                     half={c: Z * math.sqrt(_var(vals[c]) / worlds) for c in active}, loss=loss)
        return best


def _var(xs: list[float]) -> float:
    """Sample variance (0 for fewer than two values)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return sum((x - m) ** 2 for x in xs) / (n - 1)
