"""Progress for one player name, from the history (oldest game first): bid accuracy game by game
and by round size, results against each computer level, points lost to decisions (from the
reviews), and streaks: what the Progress screen shows.

``Progress`` and its parts (``Streak``, ``LevelResult``, ``GamePoint``) are the figures. The
program works them out in SQL (``wizard.persistence.history.stats.progress_of``, from the tally
tables), never here. ``progress`` works out the same figures in Python over a list of games: the
test oracle that the SQL is held to (``tests/test_history_db.py``); only the benchmark's
"earlier versions" column calls it besides the tests (``tests/test_architecture.py``).

Games with take-backs (solo games where the person undid a decision) are counted unless
``takebacks=False`` leaves them out; they never give the best game unless ``best_takebacks``.

The reviews come in as ``losses``: per game id (``game_id(entry)`` by default; pass ``key`` to
use another), the points lost to decisions in each round, either as one list (a game with one
person) or as ``{name: list}``. A game without a review is simply not in it.

>>> p = progress([], "Ann")
>>> p.games, p.win_streak, p.lost_per_round
(0, Streak(current=0, best=0), None)
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wizard.persistence.history.entry import HistoryEntry
from wizard.review.decisions import DEFAULT_THRESHOLD, Review, points_lost_by_round

RECENT = 20     # games in the accuracy chart

Losses = Mapping[str, Sequence[float] | Mapping[str, Sequence[float]]]


def game_id(entry: HistoryEntry) -> str:
    """A stable id for a finished game: its history line (record, seats, end time) hashed."""
    digest = hashlib.sha256(json.dumps(entry.to_dict(), sort_keys=True).encode())
    return f"h-{digest.hexdigest()[:16]}"


@dataclass(frozen=True, slots=True)
class Streak:
    """A run of successes in a row: the one going on now, and the longest."""

    current: int = 0
    best: int = 0

    def then(self, success: bool) -> Streak:
        """The streak after one more try."""
        now = self.current + 1 if success else 0
        return Streak(now, max(self.best, now))


@dataclass(frozen=True, slots=True)
class LevelResult:
    """The player's results in games with the computer at ``level`` at the table."""

    level: str
    games: int = 0
    wins: int = 0
    points: int = 0

    @property
    def average(self) -> float | None:
        """Mean final total in those games."""
        return self.points / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class GamePoint:
    """One game in the accuracy chart: rounds played, bids made, whether take-backs were used."""

    rounds: int
    hits: int
    takebacks: bool

    @property
    def accuracy(self) -> float:
        """Bids made / rounds."""
        return self.hits / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class Progress:
    """A player name's progress over the games counted (see the module docstring)."""

    name: str
    games: int = 0
    takeback_games: int = 0                 # of the games counted, those with take-backs
    left_out: int = 0                       # games with take-backs left out
    recent: tuple[GamePoint, ...] = ()      # the last ``RECENT`` games, oldest first
    by_size: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # cards: (hits, rounds)
    by_level: tuple[LevelResult, ...] = ()  # by level, in the order of ``levels``
    win_streak: Streak = Streak()
    bid_streak: Streak = Streak()
    best_game: int | None = None
    reviewed_games: int = 0
    reviewed_rounds: int = 0
    points_lost: float = 0.0

    @property
    def lost_per_round(self) -> float | None:
        """Average points lost to decisions per reviewed round (None: no review yet)."""
        return self.points_lost / self.reviewed_rounds if self.reviewed_rounds else None

    def size_accuracy(self, cards: int) -> float | None:
        """Bids made / rounds of ``cards`` cards (None: no such round)."""
        hits, rounds = self.by_size.get(cards, (0, 0))
        return hits / rounds if rounds else None


def _lost(losses: Losses, key: str, name: str, humans: int) -> list[float] | None:
    """The per-round losses of ``name`` in game ``key``, if reviewed (finite numbers only)."""
    got = losses.get(key)
    if isinstance(got, Mapping):
        got = got.get(name)
    elif humans != 1:
        got = None          # one list for several people: whose it is, is not known
    if got is None:
        return None
    values = [float(v) for v in got]
    return values if all(math.isfinite(v) for v in values) else None


def review_losses(history: Iterable[HistoryEntry],
                  load: Callable[[HistoryEntry], Review | None],
                  threshold: float = DEFAULT_THRESHOLD) -> dict[str, dict[str, list[float]]]:
    """``losses`` for ``progress`` from the stored reviews: per game id, per person's name, the
    points lost to costly decisions in each round. ``load`` gives a game's current stored review
    or None (a game never reviewed, a stale or damaged review: it does not count)."""
    out: dict[str, dict[str, list[float]]] = {}
    for entry in history:
        review = load(entry)
        if review is None:
            continue
        out[game_id(entry)] = {s.name: points_lost_by_round(review, seat, threshold)
                               for seat, s in enumerate(entry.seats)
                               if s.is_human and seat in review.seats}
    return out


#: The ``by_level`` key of games against computer seats of more than one level.
MIXED = "mixed"


def progress(history: Iterable[HistoryEntry], name: str, *, takebacks: bool = True,
             best_takebacks: bool = False, losses: Losses | None = None,
             key: Callable[[HistoryEntry], str] = game_id,
             levels: Sequence[str] = ()) -> Progress:
    """``name``'s progress over ``history`` (oldest first); see the module docstring.

    ``levels``: the order of the ``by_level`` rows (the computer levels' registry,
    ``wizard.ai.level_names()``, which this layer may not import); others follow by name."""
    games = tb_games = left_out = 0
    recent: list[GamePoint] = []
    by_size: dict[int, tuple[int, int]] = {}
    by_level: dict[str, LevelResult] = {}
    wins, bids = Streak(), Streak()
    best: int | None = None
    reviewed = reviewed_rounds = 0
    lost = 0.0
    for entry in history:
        seats = [i for i, s in enumerate(entry.seats) if s.name == name]
        if not seats or entry.config.game_rules.short:    # a shorter game is kept apart
            continue
        seat = seats[0]
        took = entry.takebacks > 0
        if took and not takebacks:
            left_out += 1
            continue
        games += 1
        tb_games += took
        score = entry.totals[seat]
        won = seat in entry.winners
        wins = wins.then(won)
        if not took or best_takebacks:
            best = score if best is None else max(best, score)
        hits = 0
        for r in entry.rounds:
            made = r.bids[seat] == r.tricks[seat]
            hits += made
            bids = bids.then(made)
            h, n = by_size.get(r.round, (0, 0))
            by_size[r.round] = (h + made, n + 1)
        recent.append(GamePoint(len(entry.rounds), hits, took))
        met = {s.level for s in entry.seats if not s.is_human and s.level}
        if met:     # one game counts once: under its level, or as a mixed table
            level = met.pop() if len(met) == 1 else MIXED
            old = by_level.get(level, LevelResult(level))
            by_level[level] = LevelResult(level, old.games + 1, old.wins + won, old.points + score)
        if losses and entry.seats[seat].is_human:
            per_round = _lost(losses, key(entry), name, sum(s.is_human for s in entry.seats))
            if per_round is not None:
                reviewed += 1
                reviewed_rounds += len(per_round)
                lost += sum(per_round)
    order = list(levels) + sorted(set(by_level) - set(levels) - {MIXED}) + [MIXED]
    return Progress(name, games, tb_games, left_out, tuple(recent[-RECENT:]), by_size,
                    tuple(by_level[lv] for lv in order if lv in by_level), wins, bids, best,
                    reviewed, reviewed_rounds, lost)
