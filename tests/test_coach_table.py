"""The coach's model of who sits at the table and its benchmark of single positions (issue #37)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from helpers import dealt_world

from wizard.ai import heuristics as H
from wizard.ai import make_ai
from wizard.ai import simulator as F
from wizard.ai.coach import Coach
from wizard.ai.coach_truth import Position, draw_deal, pick_positions, play_bid, read_runs, run
from wizard.ai.knowledge import info_of
from wizard.ai.rollout import apply_card, fast_play_out, next_seat
from wizard.ai.sampling import sample_hands
from wizard.ai.seats import (
    PERSON,
    estimate,
    table_kind,
    table_source,
    table_weight,
    who_sits,
)
from wizard.bench.coach_truth import Row, ceiling, load_truth, summary
from wizard.engine import Action, Bid, GameConfig, GameState, Phase
from wizard.session.seats import SeatSpec


def bid_view(players: int = 4, seed: int = 11, order: int = 2) -> GameState:
    """A seeded game of Normal seats at the bid of the seat bidding ``order``-th in round 4."""
    s = GameState.new(GameConfig(players, seed=seed))
    rng = random.Random(seed)
    normal = make_ai("normal")
    while not (s.round == 4 and s.phase is Phase.BID and s.bid_count == order):
        if s.is_chance:
            s.advance(rng)
        else:
            cur = s.current_player
            assert cur is not None
            s.apply(normal.decide(s.view_for(cur), random.Random(len(s.actions))))
    return s


def test_who_sits_reads_people_and_levels() -> None:
    seats = [SeatSpec.human("Ana"), SeatSpec.ai("M", "normal"), SeatSpec.ai("H", "hard"),
             SeatSpec.ai("R", "random")]
    assert who_sits(seats) == [PERSON, "normal", "hard", None]
    assert table_kind(["x", "hard", "hard", "hard"], 0) == "hard"
    assert table_kind([PERSON, "hard", "normal"], 0) == "mixed"
    assert table_kind([PERSON, PERSON, "easy"], 2) == "mixed"


def test_a_normal_table_nearly_rules_out_hands_that_normal_would_not_bid_so() -> None:
    state = bid_view()
    view = state.view_for(state.current_player or 0)
    info = info_of(view)
    seats = ["normal"] * info.n
    rng = random.Random(3)
    agree, disagree = [], []
    for _ in range(300):
        hands = sample_hands(info, rng)
        w = table_weight(info, hands, seats)
        # Does every earlier seat, holding the drawn hand, bid as it did when played by Normal?
        before: list[int] = []
        same = True
        for s in [(info.dealer + 1 + i) % info.n for i in range(info.n)]:
            b = info.bids[s]
            if b is None:
                break
            if s != info.seat:
                est = estimate("normal", hands[s], info, before)
                nearest = min(range(info.round + 1), key=lambda x, e=est: (abs(x - e), x))
                same = same and nearest == b
            before.append(b)
        (agree if same else disagree).append(w)
    assert agree and disagree
    # The model's weight is far higher where Normal's own rule gives the bids made.
    assert sum(agree) / len(agree) > 5 * sum(disagree) / len(disagree)


def test_the_table_source_draws_worlds_with_the_bids_made() -> None:
    state = bid_view()
    info = info_of(state.view_for(state.current_player or 0))
    draw = table_source(info, ["normal"] * info.n)
    w = draw(random.Random(1))
    assert [w.bids[s] for s in range(info.n) if info.bids[s] is not None] == \
        [b for b in info.bids if b is not None]
    assert sorted(c for h in w.hands for c in h if c in info.unseen) == \
        sorted(c for s, h in enumerate(w.hands) if s != info.seat for c in h)


def test_easy_seats_play_out_by_easys_own_rule() -> None:
    """With the Easy mask, every card an Easy seat plays in the fast play-out is the one
    ``EasyPlayer`` picks (highest power while short, else lowest)."""
    rng = random.Random(5)
    checked = 0
    for _ in range(200):
        n = rng.randint(3, 6)
        r = rng.randint(1, 60 // n)
        ed = rng.randrange(3)
        w, rules = dealt_world(rng, n, r, ed, easy=(1 << n) - 1)
        trump = rules.trump
        trace: list[tuple[int, int]] = []
        fast_play_out(w.copy(), rules, trace)
        replay = w.copy()
        for seat, card in trace:
            assert next_seat(replay, rules) == seat
            legal = F.legal_plays(replay.hands[seat], F.lead_of(replay.trick), trump, False)
            if replay.bids[seat] > replay.tricks[seat]:
                want = max(legal, key=lambda c: (H.power(c, trump), -c))
            else:
                want = min(legal, key=lambda c: (H.power(c, trump), c))
            assert card == want
            apply_card(replay, rules, seat, card)
            checked += 1
    assert checked > 1000


def test_the_coach_says_which_table_it_modelled() -> None:
    state = bid_view()
    seat = state.current_player
    assert seat is not None
    view = state.view_for(seat)
    _a, told = Coach(table=["normal"] * 4).suggest(view, random.Random(2))
    _a, blind = Coach(table=["normal"] * 4, model_table=False).suggest(view, random.Random(2))
    _a, before = Coach().suggest(view, random.Random(2))
    assert told["table"] == "normal" and blind["table"] == "mixed"
    assert blind["ev"] == before["ev"]                 # not told: the coach of before #37
    assert told["ev"] != before["ev"]


def test_the_coach_keeps_how_reachable_each_bid_is() -> None:
    """A bid is reached in a world where its own play-out, or a neighbouring bid's, took exactly
    that many tricks: never less often than its own play-outs made it, and its own count is
    recorded world by world with the raw chance (the calibration runs save it)."""
    state = bid_view()
    seat = state.current_player
    assert seat is not None
    coach = Coach(table=["normal"] * 4)
    coach.min_worlds = coach.max_worlds = 150
    _a, notes = coach.suggest(state.view_for(seat), random.Random(3))
    assert notes["worlds"] == 150 and set(notes["reach"]) == set(notes["exact_raw"])
    for b, raw in notes["exact_raw"].items():
        assert raw - 1e-9 <= notes["reach"][b] <= 1.0
        assert round(notes["reach"][b] * 150) == pytest.approx(notes["reach"][b] * 150)
    # some bid is reached by a neighbour's play more often than by its own
    assert any(notes["reach"][b] > notes["exact_raw"][b] for b in notes["reach"])


@pytest.fixture(scope="module")
def position() -> Position:
    return pick_positions(37, 1, 3, progress=False)[0]


def test_a_conditioned_deal_makes_the_earlier_seats_decide_as_they_did(position: Position) -> None:
    pos = position
    hands, tries = draw_deal(pos, "normal", "t:1")
    assert hands is not None and tries >= 1
    assert hands[pos.seat] == pos.hands[pos.seat]
    state = pos.state_with(hands)
    normal = make_ai("normal")
    for rec in pos.before:
        cur = state.current_player
        assert cur is not None
        assert normal.decide(state.view_for(cur), random.Random(0)) == Action.from_record(rec)
        state.apply(Action.from_record(rec))
    assert state.current_player == pos.seat and state.phase is Phase.BID
    got = play_bid(pos, "normal", hands, pos.coach_best, "t:2")
    assert got is not None
    assert got["made"] == (got["tricks"] == pos.coach_best)
    assert Bid(pos.coach_best) in pos.real_state().legal_actions()


def test_the_truth_run_resumes_where_it_stopped(position: Position, tmp_path: Path) -> None:
    pos = Position.from_dict({**position.to_dict(), "bids": [position.coach_best]})
    run([pos], tmp_path, 2, tables=("normal",), progress=False)
    path = tmp_path / "shard-0.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4                     # 2 deals and 2 play-outs
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:10], encoding="utf-8")  # killed
    run([pos], tmp_path, 2, tables=("normal",), progress=False)
    deals, plays = read_runs(tmp_path)
    assert len(deals) == 2 and len(plays) == 2
    again = path.read_text(encoding="utf-8").splitlines()
    def same(line: str) -> dict[str, object]:
        return {k: v for k, v in json.loads(line).items() if k != "cpu"}   # the time may differ
    assert same(again[-1]) == same(lines[-1])                  # the same seeds, the same result


def test_the_check_counts_errors_against_the_truths_half_width() -> None:
    good = [Row("a", "normal", b, 1, 10.0 + b, 12.0 + b, 3.0, 100) for b in (0, 1, 2)]
    out = io.StringIO()
    assert summary(good, [("a", "normal", True)], out)
    bad = [*good, Row("b", "hard", 1, 1, 30.0, 10.0, 5.0, 100)]
    out = io.StringIO()
    assert not summary(bad, [("a", "normal", True), ("b", "hard", True)], out)
    assert "further than 12 + the truth's half-width: 1" in out.getvalue()


def test_the_ceiling_is_what_the_truths_own_sampling_leaves() -> None:
    """A coach knowing the expected points exactly still meets truths of a few deals with their
    sampling: bids far apart always agree, bids within the sampling agree about half the time
    beyond the 2 points allowed, and with no spread there is no error at all."""
    apart = {"bids": {"0": {"values": [-10, 20] * 50}, "1": {"values": [30] * 100}}}
    tied = {"bids": {"0": {"values": [0, 40] * 50}, "1": {"values": [40, 0] * 50}}}
    got = ceiling({"p": {"normal": apart}, "q": {"hard": tied}}, reps=200)
    assert got["normal"]["agree"] == 1.0
    # bid 0's mean (5) has a bootstrap spread of 1.5 points (mean |error| 1.2), bid 1's none
    assert 0.3 < got["normal"]["err"] < 0.9
    # two bids of one mean 20, paired by deal so that their means always sum to 40: each is
    # drawn with a spread of 2 points, their difference with 4, and the best of the full sample
    # (bid 0) falls more than 2 points behind when that difference passes 2: P(N(0, 4) > 2) = 0.31
    assert 0.55 < got["hard"]["agree"] < 0.85
    assert got["all"]["agree"] == (got["normal"]["agree"] + got["hard"]["agree"]) / 2


def test_a_damaged_truth_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "truth.json"
    path.write_text('{"positions": [', encoding="utf-8")
    with pytest.raises(SystemExit, match="not a coach-truth file"):
        load_truth(path)


def test_the_calibration_bench_seats_one_expert_among_a_table_of_one_level() -> None:
    from wizard.bench.calibration import table_of
    for g in range(12):
        players, _e, levels = table_of(g, "hard")
        assert len(levels) == players and sorted(levels) == ["expert"] + ["hard"] * (players - 1)
        assert table_of(g)[2] == table_of(g, "mixed")[2]


def test_the_precision_line_states_the_models_error_only_where_measured(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard.ai import model_error
    from wizard.table.hint import precision_note
    notes = {"worlds": 400, "ev": {1: 20.0}, "table": "normal"}
    monkeypatch.delitem(model_error.MODEL_ERROR, "normal", raising=False)
    monkeypatch.delitem(model_error.MODEL_ERROR, "hard", raising=False)
    assert "tables like this" not in precision_note(notes)
    monkeypatch.setitem(model_error.MODEL_ERROR, "normal", (0.05, 4.2))
    line = precision_note(notes)
    assert "within ±5 % of play" in line and "points ±4" in line
    assert "tables like this" not in precision_note({**notes, "table": "hard"})
    # Told the table, at a kind whose single positions were never measured: said so, not a
    # silence that reads as if sampling were the only error.
    easy = precision_note({**notes, "table": "easy", "seated": True})
    assert "own error was not measured at tables like this" in easy and "of play" not in easy
    assert "within ±5 % of play" in precision_note({**notes, "seated": True})


def test_the_hint_tells_the_coach_who_sits_at_the_table() -> None:
    from test_coach import playtest_view

    from wizard.table.hint import advice_job
    session, _view = playtest_view()       # You, Merlin (Normal), Morgana (Hard), Gawain (Expert)
    coach = Coach()
    job = advice_job(session, 0, coach)
    assert coach.table == [PERSON, "normal", "hard", "expert"]
    _action, notes = job()
    assert notes.get("table", "mixed") == "mixed" or notes.get("forced")
    told = Coach(table=["x", "hard", "hard", "hard"])
    advice_job(session, 0, told)
    assert told.table == ["x", "hard", "hard", "hard"]          # a table given is kept


def test_the_benchmarks_positions_cover_every_table_size_and_edition() -> None:
    from wizard.bench.coach_truth import TRUTH_FILE
    positions, truths = load_truth(TRUTH_FILE)
    assert len(positions) >= 30
    assert {len(p.hands) for p in positions} == {3, 4, 5, 6}
    assert {p.config["edition"] for p in positions} == {"classic", "magic", "camelot"}
    for p in positions:
        state = p.real_state()                  # each sets up again and is the seat's bid
        assert state.current_player == p.seat and state.phase is Phase.BID
        assert set(truths[p.pid]) == {"normal", "hard"}
        assert all(abs(b - p.coach_best) <= 2 or b == 0 for b in p.bids)


def test_the_calibration_bench_resumes_its_save_file(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """#37: ``--save`` is no longer emptied at start: a run goes on with the games its file
    finished, drops a game a killed run left half written, and refuses another run's file."""
    from wizard.ai.calibration_cases import BidCase, load
    from wizard.bench import calibration as cb

    played: list[int] = []

    def fake(seed: int, game: int, *a: object) -> list[BidCase]:
        played.append(game)
        return [BidCase("expert", 4, "classic", 3, b, 0.5, 30.0, -10.0, 0.0, b == 1, 30, game)
                for b in range(2)]

    monkeypatch.setattr(cb, "play_game", fake)
    keep = tmp_path / "cal.jsonl"
    whole = cb.collect(45, 5, 1, progress=False, keep=keep)         # games 0, 1, 2
    assert played == [0, 1, 2] and len(whole) == 6
    # a run killed in game 2: its cases written but not its end, and half a line
    lines = keep.read_text(encoding="utf-8").splitlines()
    keep.write_text("\n".join(lines[:-1]) + '\n{"level": "exp', encoding="utf-8")
    played.clear()
    again = cb.collect(45, 5, 1, progress=False, keep=keep)
    assert played == [2]                                            # only the unfinished game
    assert again == whole and load(keep) == whole
    assert (tmp_path / "cal.jsonl.damaged").read_text(encoding="utf-8").startswith('{"level"')
    played.clear()
    assert cb.collect(45, 5, 1, progress=False, keep=keep) == whole and played == []
    with pytest.raises(SystemExit, match="another run"):
        cb.collect(45, 6, 1, progress=False, keep=keep)             # another seed: refused
    assert load(keep) == whole                                      # and left as it was


def _tables(far_met: bool, far_bids: int = 20) -> dict[str, object]:
    near = {"bids": 100, "chance": 0.12, "points": 8.3, "met": False}
    far = {"bids": far_bids, "chance": 0.15, "points": 11.3 if not far_met else 4.0,
           "over": 0 if far_met else 2, "met": far_met}
    return {"normal": {"near": near, "far": far}}


def test_far_points_are_shown_only_where_the_benchmark_met_the_targets() -> None:
    from wizard.ai.model_error import far_error, far_points_shown
    assert not far_points_shown("normal", _tables(False))
    assert far_points_shown("normal", _tables(True))
    assert not far_points_shown("normal", _tables(True, far_bids=3))     # too few measured
    assert not far_points_shown("hard", _tables(True))                   # not measured there
    assert not far_points_shown("mixed", {})
    assert far_error("normal", _tables(False)) == 11.3
    assert far_error("hard", _tables(False)) is None


def test_the_measured_errors_are_written_by_the_bench_and_read_back(tmp_path: Path) -> None:
    from wizard.ai.model_error import read_errors
    from wizard.bench.coach_truth import errors, write_errors
    rows = [Row("a", "normal", b, 2, 10.0 + 2 * b, 12.0, 3.0, 100, 0.5 + b / 10, 0.5)
            for b in (1, 2, 3)]
    rows += [Row("a", "normal", 5, 2, 30.0, 5.0, 4.0, 100, 0.1, 0.05),   # far, 25 off
             Row("b", "hard", 0, 1, 3.0, 1.0, 3.0, 100, 0.9, 0.8)]
    got = errors(rows, [("a", "normal", True), ("b", "hard", False)])
    near = got["normal"]["near"]
    assert near["bids"] == 3 and near["points"] == pytest.approx((0 + 2 + 4) / 3, abs=0.01)
    assert near["chance"] == pytest.approx((0.1 + 0.2 + 0.3) / 3, abs=1e-4)
    assert near["met"] and got["normal"]["far"]["over"] == 1 and not got["normal"]["far"]["met"]
    assert set(got["normal"]["by_distance"]) == {"1", "0", "3"}
    assert got["hard"]["agree"] == 0.0 and got["hard"]["far"] == {"bids": 0, "met": False}
    path = tmp_path / "err.json"
    write_errors(path, rows, [], {"a": {"normal": {"deals": 100}}}, 1, 10)
    assert read_errors(path)["normal"]["near"]["chance"] == near["chance"]
    path.write_text('{"tables": {"normal": {"near": {}}}}', encoding="utf-8")
    assert read_errors(path) == {}                                       # damaged: claims nothing
    assert read_errors(tmp_path / "none.json") == {}


def test_the_hint_hides_a_far_bids_points_and_names_the_best_bid_at_this_table() -> None:
    from wizard.table.hint import build_hint
    state = bid_view()
    view = state.view_for(state.current_player or 0)
    notes = {"worlds": 400, "ev": {1: 20.0, 2: 14.0, 5: 30.0}, "exact": {1: 0.8, 2: 0.5},
             "table": "normal", "seated": True, "hidden": [5], "far_error": 11.3}
    hint = build_hint((Bid(1), notes), view, 0, "classic")
    assert hint.text.startswith("Best bid at this table: 1.")
    assert "6 points more than bidding 2" in hint.text            # not against the hidden 5
    far = [r for r in hint.rows if r.action == Bid(5)]
    assert len(far) == 1 and not far[0].shown and far[0].exact is None
    assert "no points shown" in far[0].text and "11 points off" in far[0].text
    assert "+30" not in far[0].text and hint.rows[-1] is far[0]
    plain = build_hint((Bid(1), {**notes, "seated": False, "hidden": []}), view, 0, "classic")
    assert plain.text.startswith("Expert would bid 1.")
    assert any("+30" in r.text for r in plain.rows)


def test_the_coach_lists_the_far_bids_whose_points_are_hidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard.ai import model_error
    state = bid_view()
    view = state.view_for(state.current_player or 0)
    far = Bid(4)
    monkeypatch.setattr(model_error, "TABLES", _tables(False))
    best, notes = Coach(table=["normal"] * 4).appraise(view, random.Random(1), far)
    assert isinstance(best, Bid) and abs(best.n - 4) > 2
    assert notes["seated"] and notes["hidden"] == [b for b in sorted(notes["ev"])
                                                    if abs(b - best.n) > 2]
    assert 4 in notes["hidden"] and notes["far_error"] == 11.3
    monkeypatch.setattr(model_error, "TABLES", _tables(True))
    _b, shown = Coach(table=["normal"] * 4).appraise(view, random.Random(1), far)
    assert shown["hidden"] == [] and shown["ev"] == notes["ev"]
    _b, blind = Coach().appraise(view, random.Random(1), far)
    assert not blind["seated"] and blind["hidden"] == [4]            # "mixed": not measured


def test_each_kind_of_table_has_the_map_its_games_measured() -> None:
    """#37, from the per-table calibration runs (docs/coach.md): at Expert tables Expert makes
    its bids less often than the mixed map says (points +3.1), at Easy tables a bid the
    play-outs think unlikely far more often (Expert made bids given 5-25 % about half the
    time), at Hard tables a likely bid less often (points +3.1), at Normal tables about as the
    mixed map says (within 6 points), but a zero bid more often (seeds 11, 13 and 19: up to 9
    points)."""
    from wizard.ai import calibration as C
    for bid, round_ in ((0, 5), (1, 3), (3, 9), (6, 12)):
        for raw in (0.5, 0.7, 0.9):
            assert C.calibrate(raw, bid, round_, "expert") < C.calibrate(raw, bid, round_) - 0.02
            assert C.calibrate(raw, bid, round_, "hard") < C.calibrate(raw, bid, round_)
        for raw in (0.1, 0.3):
            assert C.calibrate(raw, bid, round_, "easy") > C.calibrate(raw, bid, round_) + 0.1
        for raw in (0.1, 0.3, 0.5, 0.7, 0.9):
            mixed = C.calibrate(raw, bid, round_)
            normal = C.calibrate(raw, bid, round_, "normal")
            if bid == 0:
                assert mixed <= normal < mixed + 0.10
            else:
                assert abs(normal - mixed) < 0.06
            assert C.calibrate(raw, bid, round_, "mixed") == mixed
    assert not {"easy", "expert"} & C.LOOK_KINDS


def _cases_from(group: tuple[float, ...], alpha: float, beta: float, gamma: float, n: int,
                seed: int, bid: int = 2) -> list[object]:
    """Bids whose outcome is drawn from ``group``'s map stretched by (alpha, beta, gamma)."""
    import math

    from wizard.ai import calibration as C
    from wizard.ai.calibration_cases import BidCase
    rng = random.Random(seed)
    out = []
    a, b, low, high, c, d, e = group
    for i in range(n):
        raw = rng.uniform(0.02, 0.98)
        x = C.logit(raw)
        edge = min(high, max(low, x))
        outer = x - edge
        inner = C.logit(C.calibrate_with(raw, group, bid, 8)) - outer
        z = alpha + beta * inner + gamma * max(0.0, C.KNOT - edge) + outer
        made = rng.random() < 1.0 / (1.0 + math.exp(-z))
        out.append(BidCase("expert", 4, "classic", 8, bid, raw, 40.0, -10.0, 0.0, made,
                           40 if made else -10, i))
    return out


def test_a_tables_map_is_the_mixed_map_stretched_moved_and_bent_as_its_bids_say() -> None:
    """#37: ``fit_table_maps`` recovers a known stretch, move and bend of the mixed map from the
    bids it drew, and folds them into one map of the same form."""
    from wizard.ai import calibration as C
    from wizard.ai.calibration_fit import fit_table_maps, recalibrate, stretched
    cases = _cases_from(C.OTHER_BIDS, 0.4, 0.6, 1.5, 6000, 1)
    alpha, beta, gamma = recalibrate(cases, C.OTHER_BIDS)      # type: ignore[arg-type]
    assert abs(alpha - 0.4) < 0.15 and abs(beta - 0.6) < 0.12 and abs(gamma - 1.5) < 0.5
    folded = stretched(C.OTHER_BIDS, alpha, beta, gamma)
    for raw in (0.05, 0.3, 0.6, 0.95):
        x = C.logit(raw)
        edge = min(C.OTHER_BIDS[3], max(C.OTHER_BIDS[2], x))
        inner = C.logit(C.calibrate_with(raw, C.OTHER_BIDS, 2, 8)) - (x - edge)
        want = alpha + beta * inner + gamma * max(0.0, C.KNOT - edge) + (x - edge)
        assert abs(C.logit(C.calibrate_with(raw, folded, 2, 8)) - want) < 1e-3
    zero, other = fit_table_maps(cases)                          # type: ignore[arg-type]
    assert zero == C.ZERO_BID and other != C.OTHER_BIDS          # no zero bids: left as it is


def test_the_table_fit_holds_where_every_bid_was_made() -> None:
    """The five-number fit ran off to infinity ('math range error') on an Easy table's bids; the
    table fit on bids that were all made gives finite numbers, a map that says 'likely'."""
    import math

    from wizard.ai import calibration as C
    from wizard.ai.calibration_cases import BidCase
    from wizard.ai.calibration_fit import fit_table_maps
    cases = [BidCase("expert", 3, "classic", 10, 10, raw, 100.0, -20.0, 0.0, True, 100, i)
             for i, raw in enumerate((0.05, 0.2, 0.4, 0.6, 0.9) * 20)]
    zero, other = fit_table_maps(cases)
    assert all(math.isfinite(x) for x in other)
    assert C.calibrate_with(0.5, other, 10, 10) > 0.9


def test_the_bench_checks_a_tables_map_on_games_it_was_not_fitted_on() -> None:
    """``bench calibration --load A --load B --cross`` at one kind of table: each run's bids get
    the table fit of the other run only (the mixed tables keep the five-number fit)."""
    import dataclasses

    from wizard.ai import calibration as C
    from wizard.ai.calibration_fit import fit_maps, fit_table_maps
    from wizard.bench.calibration import cross_maps
    a = [dataclasses.replace(c, table="easy")                       # type: ignore[type-var]
         for c in _cases_from(C.OTHER_BIDS, 0.4, 0.6, 1.5, 800, 2)]
    b = [dataclasses.replace(c, table="easy")                       # type: ignore[type-var]
         for c in _cases_from(C.OTHER_BIDS, 0.4, 0.6, 1.5, 800, 3)]
    maps = cross_maps([a, b])
    assert maps[id(a[0])] == fit_table_maps(b) and maps[id(b[5])] == fit_table_maps(a)
    assert maps[id(a[0])] != maps[id(b[0])]
    mixed = [dataclasses.replace(c, table="mixed") for c in a]     # type: ignore[type-var]
    mixed_b = [dataclasses.replace(c, table="mixed") for c in b]   # type: ignore[type-var]
    assert cross_maps([mixed, mixed_b])[id(mixed[0])] == fit_maps(mixed_b)


def test_a_table_fit_without_its_bend_leaves_the_bend_as_the_mixed_map_has_it() -> None:
    from wizard.ai import calibration as C
    from wizard.ai.calibration_fit import fit_table_maps, recalibrate
    cases = _cases_from(C.OTHER_BIDS, 0.3, 0.8, 1.5, 3000, 4)
    assert recalibrate(cases, C.OTHER_BIDS, bend=False)[2] == 0.0    # type: ignore[arg-type]
    _zero, other = fit_table_maps(cases, bend=False)                  # type: ignore[arg-type]
    beta = other[1] / C.OTHER_BIDS[1]
    assert abs(other[6] - beta * C.OTHER_BIDS[6]) < 1e-3               # the mixed bend, scaled
    assert fit_table_maps(cases)[1][6] > other[6] + 0.5               # type: ignore[arg-type]


def _reach_cases(lift: float, n: int, seed: int) -> list[object]:
    """Bids made with the mixed map's chance lifted by ``lift`` times their reach gap."""
    import math

    from wizard.ai import calibration as C
    from wizard.ai.calibration_cases import BidCase
    rng = random.Random(seed)
    out = []
    for i in range(n):
        raw = rng.uniform(0.05, 0.9)
        reach = min(0.99, raw + rng.uniform(0.0, 0.5))
        gap = C.logit(reach) - C.logit(raw)
        z = C.logit(C.calibrate_with(raw, C.OTHER_BIDS, 2, 8)) + lift * gap
        made = rng.random() < 1.0 / (1.0 + math.exp(-z))
        out.append(BidCase("expert", 4, "classic", 8, 2, raw, 40.0, -10.0, 0.0, made,
                           40 if made else -10, i, table="normal", p_reach=reach))
    return out


def test_the_reach_lift_is_fitted_from_the_bids_and_used_where_a_kind_has_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """#37: ``fit_reach_maps`` recovers a known lift on the reach gap (and none where the reach
    says nothing); the coach's map uses it only at kinds listed in ``REACH_LIFT``, and never
    lowers a bid's chance for being reached more often."""
    import math

    from wizard.ai import calibration as C
    from wizard.ai.calibration_fit import fit_reach_lift, fit_reach_maps
    from wizard.bench.calibration import cross_maps
    _z, other, (zl, ol, cap) = fit_reach_maps(_reach_cases(0.8, 6000, 5), bend=False)
    assert abs(ol - 0.8) < 0.2 and zl == 0.0 and cap > 0.5
    # the stretch stays near none: the cases were drawn from the mixed map itself
    assert abs(C.calibrate_with(0.5, other, 2, 8) - C.calibrate_with(0.5, C.OTHER_BIDS, 2, 8)) < 0.05
    _z, _o, (_zl, none, _cap) = fit_reach_maps(_reach_cases(0.0, 6000, 6), bend=False)
    assert none < 0.15
    # A kind with no lift: the reach changes nothing; with one, it lifts and never lowers.
    assert C.calibrate(0.3, 2, 8, "normal", 0.6) == C.calibrate(0.3, 2, 8, "normal")
    monkeypatch.setitem(C.REACH_LIFT, "normal", (0.5, 0.8, 1.5))
    assert C.calibrate(0.3, 2, 8, "normal", 0.3) == C.calibrate(0.3, 2, 8, "normal")
    assert C.calibrate(0.3, 2, 8, "normal", 0.6) > C.calibrate(0.3, 2, 8, "normal")
    # held at the cap (a gap of 1.5 in logit): lifted no further than the fitted bids were
    at_cap = 1.0 / (1.0 + math.exp(-(C.logit(0.3) + 1.5)))
    assert C.calibrate(0.3, 2, 8, "normal", 0.999) == pytest.approx(
        C.calibrate(0.3, 2, 8, "normal", at_cap))
    assert C.calibrate(0.3, 2, 8, "normal", 0.999) > C.calibrate(0.3, 2, 8, "normal", 0.5)
    # the bench's cross-check fits the lift on the other run's bids
    a, b = _reach_cases(0.8, 600, 7), _reach_cases(0.8, 600, 8)
    maps = cross_maps([a, b], bend=False, reach=True)
    assert maps[id(a[0])] == fit_reach_maps(b, bend=False) and len(maps[id(b[0])]) == 3
    # the lift alone, the kind's map kept (its runs before the reach was kept count for the map)
    cases = _reach_cases(0.8, 6000, 9)
    zl, ol, _cap = fit_reach_lift(cases, (C.ZERO_BID, C.OTHER_BIDS))
    assert zl == 0.0 and abs(ol - 0.8) < 0.15
    assert fit_reach_lift(_reach_cases(-0.5, 3000, 10), (C.ZERO_BID, C.OTHER_BIDS))[1] == 0.0
    maps = cross_maps([a, b], reach=True, lift_only=True)
    assert maps[id(a[0])][:2] == C.TABLE_MAPS["normal"]
