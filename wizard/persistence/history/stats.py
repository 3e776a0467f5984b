"""The statistics and the progress figures as queries on the history database.

They give exactly what ``compute_stats`` and ``progress`` give over the same games (a test holds
this), reading the tally tables the game-end transaction keeps up to date (``tally``):
a few rows per player name however long the history, without replaying or even decoding a game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from wizard.checks import Invalid
from wizard.persistence.files.atomic import parse_json
from wizard.persistence.history import tally
from wizard.persistence.history.db import line_of
from wizard.persistence.history.entry import PLAYED_LIMIT
from wizard.persistence.history.reviews import read_review
from wizard.review.decisions import DEFAULT_THRESHOLD, points_lost_by_round
from wizard.review.progress import MIXED, RECENT, GamePoint, LevelResult, Progress
from wizard.review.stats import PlayerStats, StatLine


def stats_of(conn: sqlite3.Connection, *, takebacks: bool = True,
             best_takebacks: bool = False) -> dict[str, PlayerStats]:
    """``compute_stats`` over every recorded game, in order of first appearance (from the
    ``stat_lines`` the game-end transaction keeps: a few rows per name)."""
    where = "" if takebacks else "WHERE took = 0"
    best = "best" if best_takebacks else "CASE WHEN took = 0 THEN best END"
    rows = conn.execute(
        f"SELECT name, edition, SUM(games), SUM(wins), SUM(total), MAX({best}), SUM(rounds), "
        f"SUM(hits), SUM(took * games), MIN(first), MAX(human) FROM stat_lines {where} "
        f"GROUP BY name, edition").fetchall()
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
    rows = conn.execute("SELECT name, seats, human FROM names").fetchall()
    names = [r for r in rows if r[2]] or rows
    return [r[0] for r in sorted(names, key=lambda r: (-r[1], r[0].casefold()))]


def progress_of(conn: sqlite3.Connection, name: str, *, takebacks: bool = True,
                best_takebacks: bool = False, threshold: float = DEFAULT_THRESHOLD,
                levels: Sequence[str] = ()) -> Progress:
    """``progress`` of ``name`` over every recorded game, the points lost from stored reviews.

    Reads the tally tables (a few dozen rows, whatever the length of the history), the last
    ``RECENT`` games of the name, and its reviewed games."""
    t = tally.read(conn, name, clean=not takebacks)
    best = t.best_any if takebacks and best_takebacks else t.best_clean
    counted = "" if takebacks else "AND took = 0"
    recent = [GamePoint(rounds, hits, bool(took)) for rounds, hits, took in conn.execute(
        f"SELECT rounds, hits, took FROM (SELECT s.rounds AS rounds, s.hits AS hits, "
        f"g.takebacks > 0 AS took, s.game AS game FROM seats s JOIN games g ON g.id = s.game "
        f"WHERE s.name = ? AND s.first {'' if takebacks else 'AND g.takebacks = 0'} "
        f"ORDER BY s.game DESC LIMIT {RECENT}) ORDER BY game", (name,))]
    by_size = {r: (h, n) for r, h, n in conn.execute(
        f"SELECT round, SUM(hits), SUM(n) FROM tally_sizes WHERE name = ? {counted} "
        f"GROUP BY round ORDER BY round", (name,))}
    by_level = {lv: LevelResult(lv, n, w, p) for lv, n, w, p in conn.execute(
        f"SELECT level, SUM(games), SUM(wins), SUM(points) FROM tally_levels WHERE name = ? "
        f"{counted} GROUP BY level", (name,))}
    order = list(levels) + sorted(set(by_level) - set(levels) - {MIXED}) + [MIXED]
    reviewed = reviewed_rounds = 0
    lost = 0.0
    for key, players, seat, doc in conn.execute(      # from the reviews: few beside the games
            f"SELECT g.game_key, g.players, s.seat, v.doc FROM reviews v CROSS JOIN games g "
            f"ON g.game_key = v.game_key CROSS JOIN seats s ON s.game = g.id WHERE s.name = ? "
            f"AND s.first AND s.kind = 'human' {'' if takebacks else 'AND g.takebacks = 0'} "
            f"ORDER BY g.id", (name,)):
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
    return Progress(name, t.games, t.tb_games, t.left_out, tuple(recent), by_size,
                    tuple(by_level[lv] for lv in order if lv in by_level), t.wins, t.bids, best,
                    reviewed, reviewed_rounds, lost)


PLAYED_RECENT = 20      # the person's last games of a size whose active play time is read


def played_times(conn: sqlite3.Connection, players: int, rounds: int) -> list[float]:
    """Seconds of active play (#35) of the person's last measured games with ``players`` seats
    and ``rounds`` rounds (a person sat there), newest first, from the last ``PLAYED_RECENT``
    such games: games recorded before the time was kept, or not measured whole, have none; a
    row that does not read, or a value out of range, is not counted (the history's own checks
    report damaged rows)."""
    rows = conn.execute(
        "SELECT r.digest, r.line FROM games g JOIN records r ON r.game = g.id "
        "WHERE g.players = ? AND EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id "
        "AND s.kind = 'human' AND s.rounds = ?) ORDER BY g.id DESC LIMIT ?",
        (players, rounds, PLAYED_RECENT)).fetchall()
    out = []
    for digest, blob in rows:
        try:
            data = parse_json(line_of(str(digest), blob))
        except (Invalid, ValueError, TypeError):
            continue
        v = data.get("played") if isinstance(data, dict) else None
        if isinstance(v, int | float) and not isinstance(v, bool) and 0 < v <= PLAYED_LIMIT:
            out.append(float(v))
    return out
