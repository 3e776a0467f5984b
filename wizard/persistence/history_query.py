"""The statistics and the progress figures as queries on the history database.

They give exactly what ``compute_stats`` and ``progress`` give over the same games (a test holds
this), but add up the ``seats`` and ``rounds`` rows in SQLite instead of reading every game:
milliseconds for thousands of games, without replaying or even decoding one. Bid streaks add up
game by game from each seat's runs of bids made (at the start, at the end, the longest).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from .checks import Invalid
from .progress import MIXED, RECENT, GamePoint, LevelResult, Progress, Streak
from .review import DEFAULT_THRESHOLD, points_lost_by_round
from .review_store import read_review
from .stats import PlayerStats, StatLine

LEVELS = ("random", "rulebid", "easy", "normal", "hard", "expert")


def stats_of(conn: sqlite3.Connection, *, takebacks: bool = True,
             best_takebacks: bool = False) -> dict[str, PlayerStats]:
    """``compute_stats`` over every recorded game, in order of first appearance."""
    where = "" if takebacks else "WHERE g.takebacks = 0"
    best = "s.total" if best_takebacks else "CASE WHEN g.takebacks = 0 THEN s.total END"
    rows = conn.execute(
        f"SELECT s.name, g.edition, COUNT(*), SUM(s.won), SUM(s.total), MAX({best}), "
        f"SUM(s.rounds), SUM(s.hits), SUM(g.takebacks > 0), MIN(g.id * 64 + s.seat), "
        f"MAX(s.kind = 'human') FROM seats s JOIN games g ON g.id = s.game {where} "
        f"GROUP BY s.name, g.edition").fetchall()
    first: dict[str, int] = {}
    editions: dict[str, list[tuple[int, str, StatLine]]] = {}
    human: dict[str, bool] = {}
    for name, edition, games, wins, total, top, rounds, hits, took, order, is_human in rows:
        line = StatLine(games, wins, total, top, rounds, hits, took)
        editions.setdefault(name, []).append((order, edition, line))
        first[name] = min(first.get(name, order), order)
        human[name] = human.get(name, False) or bool(is_human)
    out: dict[str, PlayerStats] = {}
    for name in sorted(first, key=first.__getitem__):
        lines = sorted(editions[name])
        overall = StatLine()
        for _order, _ed, line in lines:
            overall = _plus(overall, line)
        out[name] = PlayerStats(name, overall, {ed: line for _o, ed, line in lines}, human[name])
    return out


def _plus(a: StatLine, b: StatLine) -> StatLine:
    best = b.best_score if a.best_score is None else a.best_score if b.best_score is None \
        else max(a.best_score, b.best_score)
    return StatLine(a.games + b.games, a.wins + b.wins, a.total_score + b.total_score, best,
                    a.rounds + b.rounds, a.bids_hit + b.bids_hit,
                    a.takeback_games + b.takeback_games)


def player_names(conn: sqlite3.Connection) -> list[str]:
    """Names that ever sat as a person, most games first (then computers, if no person)."""
    rows = conn.execute("SELECT name, COUNT(*), MAX(kind = 'human') FROM seats GROUP BY name"
                        ).fetchall()
    names = [r for r in rows if r[2]] or rows
    return [r[0] for r in sorted(names, key=lambda r: (-r[1], r[0].casefold()))]


def progress_of(conn: sqlite3.Connection, name: str, *, takebacks: bool = True,
                best_takebacks: bool = False, threshold: float = DEFAULT_THRESHOLD,
                levels: Sequence[str] = LEVELS) -> Progress:
    """``progress`` of ``name`` over every recorded game, the points lost from stored reviews."""
    games = tb_games = left_out = 0
    recent: list[GamePoint] = []
    wins, bids = Streak(), Streak()
    best: int | None = None
    for took, total, won, rounds, hits, lead, trail, inner in conn.execute(
            "SELECT g.takebacks > 0, s.total, s.won, s.rounds, s.hits, s.hit_lead, s.hit_trail, "
            "s.hit_best FROM seats s JOIN games g ON g.id = s.game WHERE s.name = ? AND s.first "
            "ORDER BY s.game", (name,)):
        if took and not takebacks:
            left_out += 1
            continue
        games += 1
        tb_games += took
        wins = wins.then(bool(won))
        if not took or best_takebacks:
            best = total if best is None else max(best, total)
        bids = _runs(bids, rounds, lead, trail, inner)
        recent.append(GamePoint(rounds, hits, bool(took)))
        if len(recent) > RECENT:
            del recent[0]
    counted = "" if takebacks else "AND g.takebacks = 0"
    by_size = {r: (h, n) for r, h, n in conn.execute(
        f"SELECT r.round, SUM(r.bid = r.tricks), COUNT(*) FROM seats s JOIN games g ON g.id = "
        f"s.game JOIN rounds r ON r.game = s.game AND r.seat = s.seat WHERE s.name = ? AND "
        f"s.first {counted} GROUP BY r.round ORDER BY r.round", (name,))}
    # One game counts once: under its computer seats' level, or as a mixed table (MIXED).
    by_level = {lv: LevelResult(lv, n, w, p) for lv, n, w, p in conn.execute(
        f"SELECT lv, COUNT(*), SUM(won), SUM(total) FROM (SELECT CASE WHEN COUNT(DISTINCT "
        f"o.level) = 1 THEN MIN(o.level) ELSE ? END AS lv, MAX(s.won) AS won, MAX(s.total) AS "
        f"total FROM seats s JOIN games g ON g.id = s.game JOIN seats o "
        f"ON o.game = s.game AND o.kind != 'human' AND o.level IS NOT NULL AND o.level != '' "
        f"WHERE s.name = ? AND s.first {counted} GROUP BY s.game, s.seat) GROUP BY lv",
        (MIXED, name))}
    order = list(levels) + sorted(set(by_level) - set(levels) - {MIXED}) + [MIXED]
    reviewed = reviewed_rounds = 0
    lost = 0.0
    for key, players, seat, doc in conn.execute(
            f"SELECT g.game_key, g.players, s.seat, v.doc FROM seats s JOIN games g ON g.id = "
            f"s.game JOIN reviews v ON v.game_key = g.game_key WHERE s.name = ? AND s.first "
            f"AND s.kind = 'human' {counted} ORDER BY s.game", (name,)):
        try:
            review = read_review(doc.encode("utf-8"), key, players)
        except Invalid:
            continue                    # damaged: set aside when the review itself is opened
        if review is None or seat not in review.seats:
            continue
        per_round = points_lost_by_round(review, seat, threshold)
        reviewed += 1
        reviewed_rounds += len(per_round)
        lost += sum(per_round)
    return Progress(name, games, tb_games, left_out, tuple(recent), by_size,
                    tuple(by_level[lv] for lv in order if lv in by_level), wins, bids, best,
                    reviewed, reviewed_rounds, lost)


def _runs(streak: Streak, rounds: int, lead: int, trail: int, inner: int) -> Streak:
    """The bid streak after a game of ``rounds`` rounds with these runs of bids made."""
    if rounds == 0:
        return streak
    if lead == rounds:                       # every bid made: the run goes on
        now = streak.current + rounds
        return Streak(now, max(streak.best, now))
    best = max(streak.best, streak.current + lead, inner)
    return Streak(trail, max(best, trail))
