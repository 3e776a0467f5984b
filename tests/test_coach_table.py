"""The coach's model of who sits at the table and its benchmark of single positions (issue #37)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from wizard.ai import heuristics as H
from wizard.ai import make_ai
from wizard.ai import simulator as F
from wizard.ai.coach import Coach
from wizard.ai.coach_truth import Position, draw_deal, pick_positions, play_bid, read_runs, run
from wizard.ai.knowledge import info_of
from wizard.ai.rollout import Rules, World, apply_card, fast_play_out, next_seat
from wizard.ai.sampling import sample_hands
from wizard.ai.seats import (
    PERSON,
    estimate,
    table_kind,
    table_source,
    table_weight,
    who_sits,
)
from wizard.bench.coach_truth import Row, load_truth, summary
from wizard.engine import Action, Bid, GameConfig, GameState, Phase
from wizard.persistence import SeatSpec


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
        deck = list(F.DECKS[ed])
        rng.shuffle(deck)
        hands = [deck[i * r:(i + 1) * r] for i in range(n)]
        trump = rng.randrange(-1, 4)
        rules = Rules(n, trump, ed, False, r, 60 // n, easy=(1 << n) - 1)
        w = World(hands, [], [], 0, [0] * n, [rng.randint(0, r) for _ in range(n)], -1, False)
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
    assert json.loads(again[-1]) == json.loads(lines[-1])      # the same seeds, the same result


def test_the_check_counts_errors_against_the_truths_half_width() -> None:
    good = [Row("a", "normal", b, 1, 10.0 + b, 12.0 + b, 3.0, 100) for b in (0, 1, 2)]
    out = io.StringIO()
    assert summary(good, [("a", "normal", True)], out)
    bad = [*good, Row("b", "hard", 1, 1, 30.0, 10.0, 5.0, 100)]
    out = io.StringIO()
    assert not summary(bad, [("a", "normal", True), ("b", "hard", True)], out)
    assert "further than 12 + the truth's half-width: 1" in out.getvalue()


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
    from wizard.ai import calibration
    from wizard.table.hint import precision_note
    notes = {"worlds": 400, "ev": {1: 20.0}, "table": "normal"}
    assert "tables like this" not in precision_note(notes)
    monkeypatch.setitem(calibration.MODEL_ERROR, "normal", (0.05, 4.2))
    line = precision_note(notes)
    assert "within ±5 % of play" in line and "points ±4" in line
    assert "tables like this" not in precision_note({**notes, "table": "hard"})


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
