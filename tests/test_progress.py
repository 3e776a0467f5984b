"""Progress statistics on a hand-made history: accuracy by game and by round size, results
against each computer level, streaks, points lost from reviews, and games with take-backs
(counted or left out; out of the best game by default)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from wizard.engine import Bid, GameConfig, GameRecord, RoundResult, TakeBack
from wizard.persistence import HistoryEntry
from wizard.review.progress import MIXED, Streak, game_id, progress
from wizard.review.stats import compute_stats
from wizard.session import Seat, Session
from wizard.session.seats import SeatSpec
from wizard.table.computer import play_out

ANA = SeatSpec("Ana")
EASY, EASY2, HARD, EXPERT = (SeatSpec("Bo", "ai", "easy"), SeatSpec("Bea", "ai", "easy"),
                             SeatSpec("Cy", "ai", "hard"), SeatSpec("Dee", "ai", "expert"))
TB = (TakeBack(0, 0, (Bid(1),)),)


def game(seats, rows, takebacks=()) -> HistoryEntry:
    """A toy game of ``len(rows)`` rounds: rows are (bids, tricks, points) by seat."""
    n = len(seats)
    totals = [0] * n
    results = []
    for i, (bids, tricks, points) in enumerate(rows):
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        results.append(RoundResult(i + 1, i % n, "R", bids, tricks, points, tuple(totals)))
    best = max(totals)
    return HistoryEntry(GameRecord(GameConfig(players=n), (), tuple(takebacks)), tuple(seats),
                        datetime(2026, 1, 1, tzinfo=UTC), None, tuple(results), tuple(totals),
                        tuple(i for i, t in enumerate(totals) if t == best))


# Ana's rounds (made = bid equals tricks): game by game, oldest first
G1 = game((ANA, EASY, HARD), [((1, 0, 0), (1, 0, 0), (30, 20, 20)),        # made
                              ((1, 1, 0), (0, 2, 0), (-10, -10, 20)),      # missed
                              ((2, 1, 0), (2, 1, 0), (40, 30, 20))])       # made   -> 60, wins
G2 = game((EASY, ANA, EASY2), [((0, 1, 1), (0, 1, 0), (20, 30, -10)),      # made
                               ((2, 0, 0), (2, 0, 0), (40, 20, 20))])      # made   -> 50, loses
G3 = game((ANA, EXPERT, HARD), [((0, 0, 1), (0, 0, 1), (20, 20, 30)),      # made
                                ((1, 1, 1), (1, 1, 0), (90, 30, -10))],    # made   -> 110, wins
          TB)
G4 = game((ANA, EASY, EXPERT), [((1, 0, 0), (0, 1, 0), (-10, 20, 20))])    # missed -> -10, loses
HISTORY = [G1, G2, G3, G4]


def test_figures_on_a_hand_made_history_are_exact() -> None:
    p = progress(HISTORY, "Ana")
    assert p.games == 4 and p.takeback_games == 1 and p.left_out == 0
    assert [(g.rounds, g.hits, g.takebacks) for g in p.recent] == [
        (3, 2, False), (2, 2, False), (2, 2, True), (1, 0, False)]
    assert [g.accuracy for g in p.recent] == pytest.approx([2 / 3, 1.0, 1.0, 0.0])
    # by round size (the round number is the cards in hand): round 1 made in G1 G2 G3, missed G4
    assert dict(p.by_size) == {1: (3, 4), 2: (2, 3), 3: (1, 1)}
    assert p.size_accuracy(1) == pytest.approx(0.75) and p.size_accuracy(7) is None
    # each game counts once: G2 (two easy seats) against Easy; G1 (easy, hard), G3 (expert,
    # hard) and G4 (easy, expert) against mixed tables, listed last
    levels = {r.level: (r.games, r.wins, r.points) for r in p.by_level}
    assert levels == {"easy": (1, 0, 50), MIXED: (3, 2, 160)}
    assert [r.level for r in p.by_level] == ["easy", MIXED]
    assert sum(r.games for r in p.by_level) == p.games
    assert p.by_level[1].average == pytest.approx(160 / 3)
    # wins W L W L; bids made: 1 0 1 | 1 1 | 1 1 | 0
    assert p.win_streak == Streak(current=0, best=1)
    assert p.bid_streak == Streak(current=0, best=5)
    assert p.best_game == 60           # G3's 110 had take-backs: left out of the best game
    assert progress(HISTORY, "Ana", best_takebacks=True).best_game == 110


def test_games_with_take_backs_can_be_left_out() -> None:
    p = progress(HISTORY, "Ana", takebacks=False)
    assert p.games == 3 and p.left_out == 1 and p.takeback_games == 0
    assert [g.rounds for g in p.recent] == [3, 2, 1]
    assert dict(p.by_size) == {1: (2, 3), 2: (1, 2), 3: (1, 1)}
    assert {r.level: r.games for r in p.by_level} == {"easy": 1, MIXED: 2}
    assert p.bid_streak == Streak(current=0, best=3)


def test_current_streaks_run_to_the_latest_game() -> None:
    p = progress([G4, G1, G3], "Ana")         # L W W: two wins in a row now
    assert p.win_streak == Streak(current=2, best=2)
    assert p.bid_streak == Streak(current=3, best=3)   # 0 | 1 0 1 | 1 1


def test_points_lost_come_from_the_reviews() -> None:
    assert progress(HISTORY, "Ana").lost_per_round is None       # no review yet
    losses = {game_id(G1): [3.0, 0.0, 12.0], game_id(G4): {"Ana": [5.0], "Bo": [40.0]},
              "some-other-game": [99.0]}
    p = progress(HISTORY, "Ana", losses=losses)
    assert p.reviewed_games == 2 and p.reviewed_rounds == 4
    assert p.lost_per_round == pytest.approx(20 / 4)
    # a computer's name gets nothing from a review; a broken figure is not counted
    assert progress(HISTORY, "Bo", losses=losses).lost_per_round is None
    bad = {game_id(G1): [float("nan"), 1.0]}
    assert progress(HISTORY, "Ana", losses=bad).lost_per_round is None
    assert game_id(G1) != game_id(G2)


def test_a_game_keeps_its_id_when_read_back_from_the_history() -> None:
    s = Session.new(GameConfig(3, seed=4), [Seat.human("Ana"), Seat.ai("Bo", "random"),
                                            Seat.ai("Cy", "random")])
    play_out(s)
    entry = HistoryEntry.from_game(s.state, [SeatSpec("Ana"), EASY, HARD])
    again = HistoryEntry.from_dict(json.loads(json.dumps(entry.to_dict())))
    assert game_id(again) == game_id(entry)


def test_stats_mark_take_back_games_and_leave_them_out_of_the_best() -> None:
    ana = compute_stats(HISTORY)["Ana"].overall
    assert (ana.games, ana.takeback_games, ana.best_score, ana.total_score) == (4, 1, 60, 210)
    assert compute_stats(HISTORY, best_takebacks=True)["Ana"].overall.best_score == 110
    out = compute_stats(HISTORY, takebacks=False)["Ana"].overall
    assert (out.games, out.takeback_games, out.best_score, out.total_score) == (3, 0, 60, 100)
    only = compute_stats([G3])["Ana"].overall
    assert only.games == 1 and only.best_score is None


def test_decimals_are_written_as_each_language_writes_them() -> None:
    from wizard import messages
    from wizard.i18n import set_language
    try:
        set_language("fr")
        assert messages.decimal_text(5.0) == "5,0"
        set_language("ca")
        assert messages.decimal_text(12.345) == "12,3"
        set_language("en")
        assert messages.decimal_text(5.0) == "5.0"
    finally:
        set_language("en")
