"""Statistics per player name, overall and by edition: what the Statistics screen shows.

``StatLine`` and ``PlayerStats`` are the figures. The program works them out in SQL, from the rows
the game-end transaction keeps (``wizard.persistence.history.stats.stats_of``), never here.
``compute_stats`` works out the same figures in Python over a list of games: the test oracle
that the SQL is held to (``tests/test_history_db.py``); only the benchmark's "earlier versions"
column calls it besides the tests (``tests/test_architecture.py`` checks that).

Games with take-backs are counted (and counted apart in ``takeback_games``) unless
``takebacks=False`` leaves them out; they give the best game only with ``best_takebacks``.

>>> compute_stats([])
{}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wizard.persistence.history.entry import HistoryEntry


@dataclass(frozen=True, slots=True)
class StatLine:
    """Counts for one player over a set of games; rates are None when nothing was counted."""

    games: int = 0
    wins: int = 0            # shared wins count as wins
    total_score: int = 0
    best_score: int | None = None
    rounds: int = 0          # rounds played
    bids_hit: int = 0        # rounds where the bid equalled the tricks taken
    takeback_games: int = 0  # games counted in which a decision was taken back

    @property
    def win_rate(self) -> float | None:
        """Wins / games."""
        return self.wins / self.games if self.games else None

    @property
    def average_score(self) -> float | None:
        """Mean final total."""
        return self.total_score / self.games if self.games else None

    @property
    def bid_hit_rate(self) -> float | None:
        """Rounds where bid == tricks / rounds played."""
        return self.bids_hit / self.rounds if self.rounds else None

    @property
    def bid_accuracy(self) -> float | None:
        """Another name for ``bid_hit_rate``."""
        return self.bid_hit_rate

    def add(self, score: int, won: bool, rounds: int, hits: int, takebacks: bool = False,
            best: bool = True) -> StatLine:
        """This line with one more game counted (``takebacks``: it had some; ``best``: it may be
        the best game)."""
        top = self.best_score
        if best:
            top = score if top is None else max(top, score)
        return StatLine(self.games + 1, self.wins + won, self.total_score + score, top,
                        self.rounds + rounds, self.bids_hit + hits,
                        self.takeback_games + takebacks)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player name's statistics; ``human`` if that name ever sat as a human."""

    name: str
    overall: StatLine = StatLine()
    by_edition: dict[str, StatLine] = field(default_factory=dict)
    human: bool = False


def compute_stats(history: Iterable[HistoryEntry], *, takebacks: bool = True,
                  best_takebacks: bool = False) -> dict[str, PlayerStats]:
    """Statistics per player name, in order of first appearance (take-backs: see above)."""
    overall: dict[str, StatLine] = {}
    editions: dict[str, dict[str, StatLine]] = {}
    human: dict[str, bool] = {}
    for entry in history:
        took = entry.takebacks > 0
        if took and not takebacks or entry.config.game_rules.short:
            continue          # (a game shorter than the full count of rounds is kept apart)
        best = best_takebacks or not took
        for seat, spec in enumerate(entry.seats):
            name = spec.name
            score = entry.totals[seat]
            won = seat in entry.winners
            hits = sum(1 for r in entry.rounds if r.bids[seat] == r.tricks[seat])
            line = (score, won, len(entry.rounds), hits, took, best)
            overall[name] = overall.get(name, StatLine()).add(*line)
            per = editions.setdefault(name, {})
            per[entry.edition] = per.get(entry.edition, StatLine()).add(*line)
            human[name] = human.get(name, False) or spec.is_human
    return {name: PlayerStats(name, line, editions[name], human[name])
            for name, line in overall.items()}
