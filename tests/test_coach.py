"""The coach (issue #28): chances and points measured to their stated precision, losses that are
real, the view only, and the calibration bench's table."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout

import pytest
from test_ai import scramble_unseen, states

from wizard.ai import make_ai
from wizard.ai.calibration import calibrate
from wizard.ai.coach import CHANCE_HALF, CLAIM_CHANCE, POINTS_HALF, BidStats, Coach, wilson
from wizard.ai.expert import ExpertPlayer
from wizard.ai.knowledge import info_of
from wizard.ai.race import bid_value
from wizard.ai.rollout import play_out
from wizard.ai.search import rules_of
from wizard.bench.calibration import (
    BidCase,
    cross_maps,
    forced_bid,
    main,
    play_game,
    reliability,
    report,
)
from wizard.engine import Bid, Card, Edition, GameConfig, Phase, PlayerView
from wizard.persistence import HistoryEntry
from wizard.review.engine import Moment, appraise, expert_appraiser
from wizard.session import Seat, Session
from wizard.session.seats import SeatSpec
from wizard.table.computer import rng_for

SEED = 5928593      # the play-test's game: round 1, the person holds the 9 of humans


def playtest_view() -> tuple[Session, PlayerView]:
    """Round 1 of the outside play-test: You, Merlin (Normal), Morgana (Hard), Gawain (Expert);
    the person is to bid holding one card, red is trump, two players before bid 0."""
    seats = [Seat("You"), Seat("Merlin", "ai", "normal"), Seat("Morgana", "ai", "hard"),
             Seat("Gawain", "ai", "expert")]
    s = Session.new(GameConfig(4, seed=SEED), seats)
    s.start()
    while s.state.current_player != 0:
        cur = s.state.current_player
        assert cur is not None
        level = seats[cur].level
        assert level is not None
        s.state.apply(make_ai(level).decide(s.state.view_for(cur), rng_for(s, cur)))
    return s, s.state.view_for(0)


def reference_chance(view: PlayerView, bid: int, worlds: int = 20000) -> float:
    """P(make ``bid``) from ``worlds`` of Expert's sampled worlds, through the calibration map."""
    info = info_of(view)
    expert = ExpertPlayer(points_only=True)
    rng = random.Random(99)
    source = expert.source(info, rng)
    rules = rules_of(info)
    st = BidStats(bid, info.round)
    for _ in range(worlds):
        w = source(rng)
        w.bids[info.seat] = bid
        play_out(w, rules)
        k = w.tricks[info.seat]
        st.add(k, w.voided, bid_value(bid, k, w.grail_winner == info.seat, w.voided, info))
    return float(st.estimate(bid_value(bid, bid, False, False, info))["p"])


def test_the_playtest_chance_is_within_four_points_for_every_rng() -> None:
    _s, view = playtest_view()
    assert view.phase is Phase.BID and view.round == 1
    assert view.hand == (Card.from_str("B9"),) and view.trump == "R"
    assert [b for b in view.bids if b is not None] == [0, 0]
    ref = reference_chance(view, 1)
    assert 0.03 < ref < 0.2          # the trick is rarely won, never impossible
    coach = Coach()
    judge = expert_appraiser()
    for k in range(10):
        _a, notes = coach.suggest(view, random.Random(k))
        assert abs(notes["exact"][1] - ref) <= CLAIM_CHANCE, (k, notes["exact"][1], ref)
        assert notes["exact_half"][1] <= CHANCE_HALF and notes["precise"]
        d = appraise(Moment(4, 0, view, Bid(1)), SEED + k, judge)
        assert d is not None and d.chosen == 1 and d.chosen_exact is not None
        assert abs(d.chosen_exact - ref) <= CLAIM_CHANCE, (k, d.chosen_exact, ref)
        # a chance shown for something that then happened is never 0 %
        assert d.chosen_exact > 0


def test_every_bid_weighed_is_within_its_stated_precision() -> None:
    for cfg in (GameConfig(4, seed=8), GameConfig(5, seed=9, edition=Edition.CAMELOT)):
        st = [x for x in states(cfg, 6, 2) if x.phase is Phase.BID and x.round >= 5][0]
        view = st.view_for(st.current_player)
        action, notes = Coach().suggest(view, random.Random(1))
        assert notes["precise"] and notes["worlds"] >= Coach.min_worlds
        assert set(notes["ev"]) == set(notes["exact"]) and isinstance(action, Bid)
        for b in notes["ev"]:
            assert notes["exact_half"][b] <= CHANCE_HALF and notes["ev_half"][b] <= POINTS_HALF
            # the tricks taken playing for b: one distribution (with voided rounds) summing to 1
            assert sum(notes["dist"][b]) + notes["voided"][b] == pytest.approx(1.0)
            assert notes["dist"][b][b] == pytest.approx(notes["exact"][b])
        assert action.n == max(notes["ev"], key=lambda b: (notes["ev"][b], -b))
        lo_hi = notes["loss"][action.n]
        assert lo_hi[0] == 0.0


def test_card_values_are_within_their_precision_and_keep_the_chosen_card() -> None:
    st = [x for x in states(GameConfig(4, seed=12), 6, 3)
          if x.phase is Phase.PLAY and x.round >= 5 and len(x.legal_actions()) >= 4][0]
    view = st.view_for(st.current_player)
    worst = view.legal[-1]
    action, notes = Coach().appraise(view, random.Random(2), worst)
    assert notes["precise"] and notes["scale"] == "points"
    assert len(notes["values"]) >= min(3, len(view.legal))
    assert all(h <= POINTS_HALF for h in notes["half"].values())
    from wizard.ai.knowledge import action_code
    assert action_code(worst) in notes["values"]           # the person's card is always measured
    mean, lo, hi = notes["loss"][action_code(worst)]
    assert lo <= mean <= hi


@pytest.mark.parametrize("phase", [Phase.BID, Phase.PLAY])
def test_the_coach_sees_only_the_view(phase: Phase) -> None:
    rng = random.Random(5)
    found = 0
    for st in states(GameConfig(4, seed=21), 4, 4):
        seat = st.current_player
        if st.phase is not phase or seat is None or len(st.legal_actions()) < 2 or st.round < 3:
            continue
        twin = scramble_unseen(st, seat, rng)
        a = Coach().suggest(st.view_for(seat), random.Random(7))
        b = Coach().suggest(twin.view_for(seat), random.Random(7))
        assert a == b
        found += 1
        if found == 2:
            break
    assert found == 2


def test_the_review_never_lists_a_loss_it_cannot_tell_from_zero() -> None:
    """A person's bid Expert would also consider: the review's interval decides, not the mean."""
    s, view = playtest_view()
    entry_seats = [SeatSpec("You"), SeatSpec("Merlin", "ai", "normal"),
                   SeatSpec("Morgana", "ai", "hard"), SeatSpec("Gawain", "ai", "expert")]
    assert len(entry_seats) == len(s.seats)
    judge = expert_appraiser()
    d = appraise(Moment(4, 0, view, Bid(1)), SEED, judge)
    assert d is not None and d.best == 0 and d.loss_lo is not None and d.loss_hi is not None
    assert d.loss_lo <= d.cost <= d.loss_hi
    assert d.costly(10) == (d.cost >= 10 and d.loss_lo > 0)
    assert HistoryEntry is not None


def test_wilson_never_claims_certainty() -> None:
    lo, hi = wilson(0, 400)
    assert lo == 0.0 and 0 < hi < 0.02
    lo, hi = wilson(400, 400)
    assert hi == 1.0 and 0.98 < lo < 1
    assert calibrate(0.5, 1, 3) == pytest.approx(calibrate(0.5, 1, 3))


@pytest.fixture(scope="module")
def quick_bench() -> str:
    """One quick bench run for the table tests: half the Expert bids forced, every card play."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--quick", "--seed", "3", "--forced", "0.5", "--cards", "1"]) == 0
    return out.getvalue()


def test_the_calibration_bench_quick_table_holds_the_bids_counted(quick_bench: str) -> None:
    text = quick_bench
    assert "rounds played" in text and "Brier score:" in text
    assert "expert seats:" in text and "normal seats:" in text
    for title in ("expert seats: ", "normal seats: ",
                  "made to bid another bid (within 2 of their own): "):
        block = text.split(title)[1].split("\n\n")[0]
        count = int(block.split(" bids")[0])
        assert count > 0, title
        rows = [line for line in block.split("\n") if line.startswith("| 0.") or
                line.startswith("| 1.")]
        assert sum(int(r.split("|")[2]) for r in rows) == count
        assert "mean (expected points - points scored):" in block


def test_reliability_bins_hold_every_case() -> None:
    cases = [BidCase("expert", 4, "classic", 3, 1, p / 20, 30.0, -10.0, 0.0, p % 3 == 0, 30, g)
             for g, p in enumerate(range(21))]
    bins = reliability(cases)
    assert len(bins) == 10 and sum(b.count for b in bins) == len(cases)
    for b in bins:
        if b.count:
            assert b.lo <= b.predicted <= b.hi


def test_a_forced_bid_is_another_legal_bid_near_the_own_one() -> None:
    legal = [Bid(n) for n in range(6)]
    rng = random.Random(4)
    seen = {forced_bid(2, legal, rng) for _ in range(200)}
    assert seen == {0, 1, 3, 4}
    assert forced_bid(0, [Bid(0)], rng) is None
    assert forced_bid(5, [Bid(0), Bid(5)], rng) is None       # nothing within 2


def test_the_cross_check_fits_each_run_on_the_others_only() -> None:
    def run(made: bool, game0: int) -> list[BidCase]:
        return [BidCase("expert", 4, "classic", 5, b % 3, 0.2 + 0.6 * (g % 7) / 6, 30.0, -10.0,
                        0.0, made if g % 5 else not made, 0, game0 + g)
                for g in range(60) for b in range(2)]
    a, b = run(True, 0), run(False, 100)
    maps = cross_maps([a, b])
    # a's bids were mostly made, b's mostly missed: each is judged by the other's map
    assert all(c.p(maps[id(c)]) < 0.5 for c in a)
    assert all(c.p(maps[id(c)]) > 0.5 for c in b)
    out = io.StringIO()
    assert not report(a + b, out, maps=maps, where="cross")
    assert "calibration map: cross" in out.getvalue()


def test_the_quick_bench_checks_card_values_against_the_round_points(quick_bench: str) -> None:
    text = quick_bench
    count = int(text.split("expert seats' card plays: ")[1].split(" appraised")[0])
    block = text.split("expert seats' card plays: ")[1]
    rows = [line for line in block.split("\n") if line.startswith("| ") and "plays" not in line
            and "---" not in line]
    assert count > 0 and sum(int(r.split("|")[2]) for r in rows) == count
    assert "mean (expected points - points scored):" in block


def test_coaching_only_the_expert_seats_keeps_their_bids_and_drops_the_others() -> None:
    both = play_game(3, 1, max_rounds=3)
    only = play_game(3, 1, max_rounds=3, coached_levels=("expert",))
    assert {c.level for c in both} == {"expert", "normal"}
    assert {c.level for c in only} == {"expert"}
    # the same games, the same Expert bids and chances: coaching is only watching
    assert [c for c in both if c.level == "expert"] == only


def test_no_chance_is_claimed_for_a_bid_far_from_the_coachs_own() -> None:
    """Only bids within CHECKED_BIDS of the coach's are checked against play (its own and the
    bench's --forced bids); a far one keeps its points and loss but shows no chance, and says so."""
    from wizard.ai.coach import CHECKED_BIDS
    from wizard.review.decisions import BID, Decision
    from wizard.review.words import exact_line
    from wizard.table.hint import build_hint

    st = [x for x in states(GameConfig(4, seed=8), 6, 2) if x.phase is Phase.BID and x.round >= 6][0]
    view = st.view_for(st.current_player)
    best, _n = Coach().appraise(view, random.Random(1), None)
    assert isinstance(best, Bid)
    far = max((a for a in view.legal if isinstance(a, Bid)), key=lambda a: abs(a.n - best.n))
    assert abs(far.n - best.n) > CHECKED_BIDS
    best2, notes = Coach().appraise(view, random.Random(1), far)
    assert isinstance(best2, Bid)
    assert far.n in notes["ev"] and far.n in notes["loss"] and far.n not in notes["exact"]
    assert notes["unchecked"] == sorted(b for b in notes["ev"] if abs(b - best2.n) > CHECKED_BIDS)
    assert all(abs(b - best2.n) <= CHECKED_BIDS for b in notes["exact"])
    assert best2.n in notes["exact"]
    # #37: at a table whose far bids the benchmark did not measure within its targets (here
    # none is told), a far bid's points are hidden too; where they met them, shown, less sure
    assert far.n in notes["hidden"]
    two = {best2.n: notes["ev"][best2.n], far.n: notes["ev"][far.n]}
    row = [r for r in build_hint((best2, {**notes, "ev": two}), view, 0, "classic").rows
           if r.action == far][0]
    assert row.exact is None and not row.shown and "no points shown" in row.text
    hint = build_hint((best2, {**notes, "ev": two, "hidden": []}), view, 0, "classic")
    row = [r for r in hint.rows if r.action == far][0]
    assert row.exact is None and "make it in" not in row.text and "on average" in row.text
    assert "less sure: far from Expert's bid" in row.text         # #35: said on the row itself
    d = Decision(0, view.seat, view.round, 0, BID, far.n, best2.n, notes["ev"][far.n],
                 notes["ev"][best2.n], None, notes["exact"][best2.n])
    assert exact_line(d).startswith("No chance shown")
