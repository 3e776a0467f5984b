"""Progress figures kept up to date as games are recorded (schema 2), so Progress reads a few
dozen rows instead of every game and round of a player.

Four tables, filled in the game-end transaction from the ``seats`` and ``rounds`` rows just
written (and, once, from every game when a schema-1 database is upgraded):

- ``names``: per name, how many seats it took and whether it ever sat as a person (the list of
  names Progress offers);
- ``tally``: per name and way of counting (``clean`` 0: every game; 1: games with take-backs left
  out), the figures that depend on the order of the games: games counted, games with take-backs,
  games left out, the win and bid streaks (now and best), the best total (of games without
  take-backs, and of any game);
- ``tally_sizes``: per name, take-backs or not, and round size: bids made and rounds played;
- ``tally_levels``: per name, take-backs or not, and level met at the table (one level, or
  ``mixed``): games, wins, points;
- ``stat_lines``: per name, edition, take-backs or not, what Statistics adds up (games, wins,
  points, best total, rounds, bids made, where the name first sat, whether as a person); every
  seat counts there, as in ``compute_stats``.

In the Progress tables only a name's first seat in a game counts (as in ``progress``). Games are only ever added, in
``games.id`` order, which is the order ``progress`` reads them in: the running figures stay what
``progress`` would compute over the same games (``tests/test_history_db.py`` holds this).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from wizard.review.progress import MIXED, Streak

SCHEMA = 2

TALLY_SQL = """
CREATE TABLE names(
    name TEXT PRIMARY KEY,
    seats INTEGER NOT NULL,
    human INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE tally(
    name TEXT NOT NULL,
    clean INTEGER NOT NULL,
    games INTEGER NOT NULL,
    tb_games INTEGER NOT NULL,
    left_out INTEGER NOT NULL,
    win_now INTEGER NOT NULL,
    win_best INTEGER NOT NULL,
    bid_now INTEGER NOT NULL,
    bid_best INTEGER NOT NULL,
    best_clean INTEGER,
    best_any INTEGER,
    PRIMARY KEY(name, clean)
) WITHOUT ROWID;
CREATE TABLE tally_sizes(
    name TEXT NOT NULL,
    took INTEGER NOT NULL,
    round INTEGER NOT NULL,
    hits INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY(name, took, round)
) WITHOUT ROWID;
CREATE TABLE tally_levels(
    name TEXT NOT NULL,
    took INTEGER NOT NULL,
    level TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY(name, took, level)
) WITHOUT ROWID;
CREATE TABLE stat_lines(
    name TEXT NOT NULL,
    edition TEXT NOT NULL,
    took INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    total INTEGER NOT NULL,
    best INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    hits INTEGER NOT NULL,
    first INTEGER NOT NULL,
    human INTEGER NOT NULL,
    PRIMARY KEY(name, edition, took)
) WITHOUT ROWID;
"""

TABLES = frozenset({"names", "tally", "tally_sizes", "tally_levels", "stat_lines"})

_STATS = """
INSERT INTO stat_lines(name, edition, took, games, wins, total, best, rounds, hits, first, human)
SELECT s.name, g.edition, g.takebacks > 0, COUNT(*), SUM(s.won), SUM(s.total), MAX(s.total),
       SUM(s.rounds), SUM(s.hits), MIN(g.id * 64 + s.seat), MAX(s.kind = 'human')
FROM seats s JOIN games g ON g.id = s.game WHERE {where} GROUP BY 1, 2, 3
ON CONFLICT(name, edition, took) DO UPDATE SET games = games + excluded.games,
    wins = wins + excluded.wins, total = total + excluded.total,
    best = MAX(best, excluded.best), rounds = rounds + excluded.rounds,
    hits = hits + excluded.hits, first = MIN(first, excluded.first),
    human = MAX(human, excluded.human)"""

_NAMES = """
INSERT INTO names(name, seats, human)
SELECT name, COUNT(*), MAX(kind = 'human') FROM seats WHERE {where} GROUP BY name
ON CONFLICT(name) DO UPDATE SET seats = seats + excluded.seats,
                                human = MAX(human, excluded.human)"""

_SIZES = """
INSERT INTO tally_sizes(name, took, round, hits, n)
SELECT s.name, g.takebacks > 0, r.round, SUM(r.bid = r.tricks), COUNT(*)
FROM seats s JOIN games g ON g.id = s.game JOIN rounds r ON r.game = s.game AND r.seat = s.seat
WHERE s.first AND {where} GROUP BY 1, 2, 3
ON CONFLICT(name, took, round) DO UPDATE SET hits = hits + excluded.hits, n = n + excluded.n"""

# One game counts once: under the level of its computer seats, or as a mixed table.
_LEVELS = """
INSERT INTO tally_levels(name, took, level, games, wins, points)
SELECT name, took, lv, COUNT(*), SUM(won), SUM(total) FROM (
    SELECT s.name AS name, g.takebacks > 0 AS took,
           CASE WHEN COUNT(DISTINCT o.level) = 1 THEN MIN(o.level) ELSE :mixed END AS lv,
           MAX(s.won) AS won, MAX(s.total) AS total
    FROM seats s JOIN games g ON g.id = s.game JOIN seats o ON o.game = s.game
         AND o.kind != 'human' AND o.level IS NOT NULL AND o.level != ''
    WHERE s.first AND {where} GROUP BY s.game, s.seat)
WHERE true GROUP BY name, took, lv
ON CONFLICT(name, took, level) DO UPDATE SET games = games + excluded.games,
    wins = wins + excluded.wins, points = points + excluded.points"""

_RUNS = """
SELECT s.name, g.takebacks > 0, s.total, s.won, s.rounds, s.hit_lead, s.hit_trail, s.hit_best
FROM seats s JOIN games g ON g.id = s.game WHERE s.first AND {where} ORDER BY s.game, s.seat"""


@dataclass(slots=True)
class Tally:
    """The order-dependent figures of one name, one way of counting (a ``tally`` row)."""

    games: int = 0
    tb_games: int = 0
    left_out: int = 0
    wins: Streak = Streak()
    bids: Streak = Streak()
    best_clean: int | None = None     # best total of a game without take-backs
    best_any: int | None = None       # best total of any game counted

    def add(self, took: bool, total: int, won: bool, rounds: int, lead: int, trail: int,
            inner: int, clean: bool) -> None:
        """One more game of this name (``clean``: this tally leaves take-back games out)."""
        if took and clean:
            self.left_out += 1
            return
        self.games += 1
        self.tb_games += took
        self.wins = self.wins.then(won)
        self.bids = bid_runs(self.bids, rounds, lead, trail, inner)
        self.best_any = total if self.best_any is None else max(self.best_any, total)
        if not took:
            self.best_clean = total if self.best_clean is None else max(self.best_clean, total)


def bid_runs(streak: Streak, rounds: int, lead: int, trail: int, inner: int) -> Streak:
    """The bid streak after a game of ``rounds`` rounds with these runs of bids made (from the
    first round, up to the last, the longest)."""
    if rounds == 0:
        return streak
    if lead == rounds:                       # every bid made: the run goes on
        now = streak.current + rounds
        return Streak(now, max(streak.best, now))
    best = max(streak.best, streak.current + lead, inner)
    return Streak(trail, max(best, trail))


def create(conn: sqlite3.Connection) -> None:
    """Make the tally tables (inside the caller's transaction)."""
    for statement in TALLY_SQL.split(";"):
        if statement.strip():
            conn.execute(statement)


def add_games(conn: sqlite3.Connection, game: int | None = None) -> None:
    """Count game ``game`` (just written: its ``games``, ``seats`` and ``rounds`` rows), or every
    game when ``game`` is None (filling the tables of an upgraded database)."""
    if game is not None:
        where, s_where, args = "game = :game", "s.game = :game", {"game": game}
    else:                  # every game but the short ones (a game shorter than its full count of
        full = "IN (SELECT game FROM seats WHERE first)"      # rounds has no first seat): kept
        where, s_where, args = f"game {full}", f"s.game {full}", {}     # apart, as when added
    conn.execute(_NAMES.format(where=where), args)
    conn.execute(_STATS.format(where=s_where), args)
    conn.execute(_SIZES.format(where=s_where), args)
    conn.execute(_LEVELS.format(where=s_where), {**args, "mixed": MIXED})
    tallies: dict[tuple[str, bool], Tally] = {}
    for name, took, total, won, rounds, lead, trail, inner in conn.execute(
            _RUNS.format(where=s_where), args):
        for clean in (False, True):
            t = tallies.get((name, clean))
            if t is None:
                t = tallies[(name, clean)] = read(conn, name, clean)
            t.add(bool(took), total, bool(won), rounds, lead, trail, inner, clean)
    conn.executemany(
        "INSERT OR REPLACE INTO tally VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [(name, clean, t.games, t.tb_games, t.left_out, t.wins.current, t.wins.best,
          t.bids.current, t.bids.best, t.best_clean, t.best_any)
         for (name, clean), t in tallies.items()])


def read(conn: sqlite3.Connection, name: str, clean: bool) -> Tally:
    """The ``tally`` row of ``name`` (an empty one if the name has none)."""
    row = conn.execute("SELECT games, tb_games, left_out, win_now, win_best, bid_now, bid_best, "
                       "best_clean, best_any FROM tally WHERE name = ? AND clean = ?",
                       (name, clean)).fetchone()
    if row is None:
        return Tally()
    games, tb, left, wn, wb, bn, bb, best_clean, best_any = row
    return Tally(games, tb, left, Streak(wn, wb), Streak(bn, bb), best_clean, best_any)


def upgrade(conn: sqlite3.Connection) -> None:
    """Schema 1 to 2 (inside the caller's transaction): the tally tables, filled from every game."""
    create(conn)
    add_games(conn)
    conn.execute(f"PRAGMA user_version={SCHEMA}")
