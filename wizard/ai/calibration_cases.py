"""The calibration bench's saved cases: one coached bid or card play and what happened.

Shared by the bench (``wizard.bench.calibration``, which plays and reports) and the fit
(``calibration_fit``, which fits the map on them).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from .calibration import Group, calibrate, calibrate_with

BLOCK = 4     # games go by blocks of one table of each size (3, 4, 5 and 6 players)


#: A calibration map: (zero bids, other bids), each ``(a, b, low, high, c, d, e)`` as in
#: ``calibration``, and optionally a ``REACH_LIFT`` (zero bids' lift, other bids' lift, cap).
Maps = tuple[Group, Group] | tuple[Group, Group, tuple[float, float, float]]


@dataclass(frozen=True, slots=True)
class BidCase:
    """One coached bid and what happened."""

    level: str
    players: int
    edition: str
    round: int
    bid: int
    p_raw: float       # the play-out's chance of making it (before calibration)
    made_mean: float   # mean round points in the worlds where it was made
    miss_mean: float   # mean round points in the worlds where it was missed
    voided: float      # share of worlds where the round was voided
    made: bool
    scored: int
    game: int = 0      # the game's number in the run (to split fitting and checking games)
    forced: bool = False   # an Expert seat made to bid another bid than its own (``--forced``)
    table: str = "mixed"   # the table's kind (``seats.table_kind``): the map the coach used
    #: The share of worlds where the play-out for this bid or a neighbouring candidate took
    #: exactly ``bid`` tricks (``coach.BidStats.reach``); None in runs saved before it was kept.
    p_reach: float | None = None

    def p(self, maps: Maps | None = None) -> float:
        """The coach's (calibrated) chance of making it, with the map in force (or ``maps``)."""
        if maps is None:
            q = calibrate(self.p_raw, self.bid, self.round, self.table, self.p_reach)
        else:
            lift = maps[2] if len(maps) == 3 else None
            q = calibrate_with(self.p_raw, maps[0] if self.bid == 0 else maps[1], self.bid,
                               self.round, lift, self.p_reach)
        return min(1.0 - self.voided, q)

    def ev(self, maps: Maps | None = None) -> float:
        """The coach's expected points, with the map in force (or ``maps``)."""
        p = self.p(maps)
        return p * self.made_mean + (1.0 - self.voided - p) * self.miss_mean



@dataclass(frozen=True, slots=True)
class CardCase:
    """One coached card play of an Expert seat: the coach's expected round points for the card
    played, and the round points the seat then scored."""

    players: int
    edition: str
    round: int
    left: int          # cards in hand before the play
    ev: float
    half: float        # the sampling half-width of ``ev`` (95 %)
    scored: int
    game: int = 0
    kind: str = "card"


def half_of(game: int) -> str:
    """"even" or "odd": games go by blocks of one table of each size, so each half has every
    player count and, over six blocks, every edition."""
    return "odd" if (game // BLOCK) % 2 else "even"


def save(cases: Iterable[BidCase | CardCase], path: Path, append: bool = False,
         game: int | None = None) -> None:
    """One JSON object per coached bid or card play; with ``game``, then the line saying that
    game is finished (a resumed run keeps only finished games: ``wizard.bench.calibration.resume``).
    Written in one go, so a killed run leaves at most one partial line."""
    text = "".join(json.dumps(asdict(c)) + "\n" for c in cases)
    if game is not None:
        text += json.dumps({"kind": "game", "game": game}) + "\n"
    with path.open("a" if append else "w", encoding="utf-8") as f:
        f.write(text)


def load(path: Path) -> list[BidCase]:
    """The bids written by ``save``."""
    with path.open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [BidCase(**r) for r in rows if "kind" not in r]


def load_cards(path: Path) -> list[CardCase]:
    """The card plays written by ``save``."""
    with path.open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [CardCase(**r) for r in rows if r.get("kind") == "card"]
