"""The post-game review (issue #19): fixed findings of a game with known-bad moves, view-only
appraisal, storage (stale, damaged, old histories), cancelling, and what the statistics read."""

from __future__ import annotations

import json
import random
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from test_persistence_support import FIXTURES

from wizard.ai import make_ai
from wizard.ai.base import decision_rng
from wizard.engine import Action, Bid, GameConfig, GameState, Phase, Play, PlayerView
from wizard.persistence import FileKind, HistoryEntry, ProblemKind, Store, load_review, review_id
from wizard.persistence.history.reviews import REVIEW_LIMIT
from wizard.review import ReviewJob, moments, review_game
from wizard.review.decisions import (
    REVIEW_ENGINE,
    REVIEW_SCHEMA,
    Decision,
    Review,
    points_lost_by_round,
)
from wizard.session.seats import SeatSpec

SEED = 129     # seat 0 is dealt the four Wizards in round 10


def _wizards(state: GameState) -> int:
    return sum(c.text == "W" for c in state.hands[0])


def blunder_game(seed: int = SEED) -> tuple[HistoryEntry, list[tuple[str, int]]]:
    """A 4-player game where seat 0 (Ana) plays like Normal, except two known-bad moves: a bid
    of 0 holding the four Wizards, and, in a round bid 1 holding two Wizards, a Wizard played
    once the bid is made. Returns the entry and (what, step) of each bad move."""
    cfg = GameConfig(4, seed=seed)
    rng = random.Random(seed)
    state = GameState.new(cfg)
    ai = make_ai("normal")
    plan: int | None = None
    bad: list[tuple[str, int]] = []
    while not state.is_terminal:
        if state.is_chance:
            state.advance(rng)
            continue
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = ai.decide(state.view_for(seat), decision_rng(seed, seat, len(state.actions)))
        if seat == 0 and state.phase is Phase.BID:
            if _wizards(state) == 4:
                action = Bid(0)
                bad.append(("bid 0 with four Wizards", len(state.actions)))
            elif _wizards(state) >= 2 and plan is None and Bid(1) in legal:
                action, plan = Bid(1), state.round
        elif seat == 0 and state.phase is Phase.PLAY and state.round == plan:
            wiz = [a for a in legal if isinstance(a, Play) and a.card.text == "W"]
            bid = state.bids[0]
            assert bid is not None
            if wiz and state.tricks[0] < bid:
                action = wiz[0]
            elif wiz and len(wiz) < len(legal):
                action, plan = wiz[0], -1
                bad.append(("Wizard with the bid made", len(state.actions)))
        state.apply(action)
    seats = [SeatSpec("Ana")] + [SeatSpec(n, "ai", "normal") for n in ("Bo", "Cy", "Di")]
    return HistoryEntry.from_game(state, seats), bad


@pytest.fixture(scope="module")
def child_review(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The blunder game's review in a child process (what the review screen runs), started
    before ``blunders`` works out the same review in this one, so that the two run side by side
    instead of one after the other: (the store it saves to, the job)."""
    store = Store(tmp_path_factory.mktemp("child-review"))
    job = ReviewJob(blunder_game()[0], store.save_review)    # a child process, Expert inside
    yield store, job
    if not job.finished:
        job.cancel()


@pytest.fixture(scope="module")
def blunders(child_review: Any) -> tuple[HistoryEntry, list[tuple[str, int]], Review]:
    entry, bad = blunder_game()
    review = review_game(entry)
    assert review is not None
    return entry, bad, review


# (step, kind, chosen, best, cost rounded to 0.1) of every finding at the default threshold
FIXED = [   # the coach told the table (a person and three Normal seats, #37); the two bids'
    # costs moved with the Normal table's own calibration map (82.5 -> 87.5, 22.2 -> 21.4), then
    # with that map refitted on a third run (87.5 -> 86.8, 21.4 -> 21.5)
    (218, "bid", 0, 6, 86.8), (445, "card", "B9", "G5", 27.0), (325, "card", "Y4", "G3", 26.5),
    (341, "card", "R5", "G8", 26.2), (269, "card", "W", "R5", 26.0),
    (340, "card", "G3", "R5", 22.8), (261, "bid", 1, 3, 21.5), (453, "card", "B10", "G9", 18.2),
    (346, "card", "G8", "R11", 16.3), (390, "card", "Y13", "Y2", 12.6),
    (367, "card", "W", "R11", 11.3), (45, "card", "G11", "B11", 11.3),
    (185, "card", "G12", "Y8", 11.1), (150, "card", "W", "R1", 10.7),
    (122, "card", "G7", "Y13", 10.1),
]


def test_the_known_bad_moves_are_findings_with_a_cost(blunders: Any) -> None:
    entry, bad, review = blunders
    assert [what for what, _step in bad] == ["bid 0 with four Wizards", "Wizard with the bid made"]
    by_step = {d.step: d for d in review.findings()}
    bid0 = by_step[bad[0][1]]
    assert (bid0.kind, bid0.chosen, bid0.round, bid0.trick) == ("bid", 0, 10, 0)
    assert bid0.cost > 40 and bid0.best_points > bid0.chosen_points
    wiz = by_step[bad[1][1]]
    assert (wiz.kind, wiz.chosen, wiz.round) == ("card", "W", 11)
    assert wiz.best != "W" and wiz.cost >= 10
    # the bid of 0 with four Wizards is the costliest decision of the game
    assert review.findings()[0] is bid0


def test_the_findings_of_the_fixed_game_are_fixed(blunders: Any) -> None:
    entry, _bad, review = blunders
    got = [(d.step, d.kind, d.chosen, d.best, round(d.cost, 1)) for d in review.findings()]
    assert got == FIXED
    assert review.seats == (0,) and review.rounds == 15 and review.game_id == review_id(entry)
    # a card finding is "cards only", sorted by cost; bids are in the per-round losses too
    cards = review.card_findings()
    assert all(d.kind == "card" for d in cards) and cards == sorted(cards, key=lambda d: -d.cost)
    lost = points_lost_by_round(review)
    # round 10's bid of 0 with four Wizards, 6 from the coach's 6: a finding, but at this table
    # (Normal seats) far bids' points are not shown (#37: coach_error.json), so it adds nothing
    from wizard.ai.model_error import far_points_shown
    zero = next(d for d in review.findings() if d.step == 218)
    assert zero.priced == far_points_shown("normal") and len(lost) == 15
    assert lost[9] == (pytest.approx(86.8, abs=0.06) if zero.priced else 0.0)
    assert sum(lost) == pytest.approx(sum(d.cost for d in review.findings() if d.priced))
    assert review.total_lost(0) == pytest.approx(sum(lost))
    # a higher threshold lists fewer decisions, never a new one
    assert {d.step for d in review.findings(threshold=30)} == {218}
    # every finding's loss is real: its 95 % interval, paired by world, lies above 0
    assert all(d.loss_lo is not None and d.loss_lo > 0 for d in review.findings())


def test_a_loss_whose_interval_includes_0_is_never_costly() -> None:
    def dec(step: int, lo: float | None) -> Decision:
        return Decision(step, 0, 2, 1, "card", "R3", "R9", -10.0, 15.0, None, None, lo,
                        None if lo is None else lo + 20)
    close, real = dec(3, -2.0), dec(5, 8.0)
    r = Review("0123456789abcdef0123", (0,), 2, (close, real), REVIEW_ENGINE)
    assert close.cost == real.cost == 25.0
    assert r.findings() == [real] and not close.costly(10) and real.costly(10)
    assert points_lost_by_round(r) == [0.0, 25.0]
    # the interval is kept through the file
    assert Review.from_dict(r.to_dict()) == r
    bad = r.to_dict()
    bad["decisions"][0]["loss_lo"], bad["decisions"][0]["loss_hi"] = 5.0, 1.0
    with pytest.raises(ValueError):
        Review.from_dict(bad)


def test_every_real_decision_is_appraised_and_forced_ones_are_skipped(blunders: Any) -> None:
    entry, _bad, review = blunders
    todo = moments(entry)
    assert len(review.decisions) == len(todo) == 107
    assert all(len(m.view.legal) > 1 for m in todo)
    assert [d.round for d in review.bids(0)] == list(range(1, 16))   # a bid every round
    cards = [d for d in review.decisions if d.kind == "card"]
    assert len(cards) == 107 - 15 and all(1 <= d.trick <= d.round for d in cards)


def test_the_review_reads_only_the_reviewed_seats_views(monkeypatch: pytest.MonkeyPatch) -> None:
    entry, _bad = blunder_game()
    asked: list[int] = []
    real = GameState.view_for

    def spy(self: GameState, seat: int) -> PlayerView:
        asked.append(seat)
        return real(self, seat)

    monkeypatch.setattr(GameState, "view_for", spy)
    seen: list[PlayerView] = []

    def appraiser(view: PlayerView, rng: random.Random, chosen: Action) -> Any:
        seen.append(view)
        return chosen, {"values": {}, "ev": {}}

    review_game(entry, appraiser)
    assert set(asked) == {0} and len(seen) == len(asked)
    # what Expert was given is a view: seat 0's hand only, the others' sizes, nothing of the deal
    assert all(isinstance(v, PlayerView) and v.seat == 0 and v.visible_hands == {} for v in seen)


def test_the_view_is_all_the_appraisal_sees() -> None:
    """Swapping the other seats' unseen cards changes nothing Expert is given, hence nothing of
    its appraisal: the same view, the same rng, the same answer."""
    entry, bad = blunder_game()
    moment = next(m for m in moments(entry) if m.step == bad[1][1])
    state = entry.state_after(moment.step)
    other = state.clone()
    other.hands[1], other.hands[2] = list(state.hands[2]), list(state.hands[1])
    assert other.hands[1] != state.hands[1] and len(other.hands[1]) == len(state.hands[1])
    assert other.view_for(0) == state.view_for(0) == moment.view
    from wizard.review import Moment, appraise, expert_appraiser
    swapped = Moment(moment.step, 0, other.view_for(0), moment.action)
    mine = appraise(moment, entry.seed, expert_appraiser())
    assert mine is not None and mine == appraise(swapped, entry.seed, expert_appraiser())
    assert mine.kind == "card" and mine.chosen == "W" and mine.cost > 0


# ---- storage ------------------------------------------------------------------------------


def quick(view: PlayerView, rng: random.Random, chosen: Action) -> tuple[Action, dict[str, Any]]:
    """A stand-in for Expert in storage tests: the first legal action is "best" by 12 points."""
    best = view.legal[0]
    if isinstance(chosen, Bid):
        assert isinstance(best, Bid)
        return best, {"ev": {best.n: 12.0, chosen.n: 12.0 if chosen == best else 0.0}}
    from wizard.ai.simulator import encode
    assert isinstance(best, Play) and isinstance(chosen, Play)
    return best, {"values": {encode(best.card): 12.0,
                             encode(chosen.card): 12.0 if chosen == best else 0.0}}


@pytest.fixture
def old_history(tmp_path: Path) -> tuple[Store, HistoryEntry]:
    """A history written before reviews existed (the committed schema-1 fixture)."""
    shutil.copy(FIXTURES / "history_v1.jsonl", tmp_path / "history.jsonl")
    store = Store(tmp_path)
    entries = store.load_history()
    assert [p.kind for p in store.problems] == [ProblemKind.MIGRATED]   # imported once
    store.problems.clear()
    assert not (tmp_path / "reviews").exists()
    return store, entries[0]


def _doc(store: Store, key: str) -> str | None:
    """The stored review document of a game (its row in the history database)."""
    db = store.history_db()
    assert db is not None
    return db.review_doc(key)


def _put(store: Store, key: str, doc: str) -> None:
    db = store.history_db()
    assert db is not None
    db.put_review(key, 1, "?", doc)


def test_an_old_history_entry_is_reviewed_stored_and_opened_again(
        old_history: tuple[Store, HistoryEntry]) -> None:
    store, entry = old_history
    assert load_review(store, entry) is None                       # never reviewed
    job = ReviewJob(entry, store.save_review, appraiser=quick, mode="now")
    assert job.finished and job.review is not None and not job.failed
    done, total = job.progress
    assert done == total == len(moments(entry)) > 0
    doc = _doc(store, review_id(entry))
    assert doc is not None and json.loads(doc)["engine"] == REVIEW_ENGINE
    again = Store(store.data_dir)
    assert load_review(again, entry) == job.review and again.problems == []
    assert len(again.load_history()) == 4                          # the history is untouched
    # and Expert itself appraises a decision of that old game
    from wizard.review import appraise, expert_appraiser
    first = moments(entry)[0]
    assert appraise(first, entry.seed, expert_appraiser()) is not None


def _stored(store: Store, entry: HistoryEntry) -> tuple[Review, str]:
    review = review_game(entry, quick)
    assert review is not None and store.save_review(review)
    return review, review.game_id


@pytest.mark.parametrize("change", ["engine", "older schema", "newer schema"])
def test_a_stale_review_is_recomputed_never_trusted(old_history: tuple[Store, HistoryEntry],
                                                    change: str) -> None:
    store, entry = old_history
    review, key = _stored(store, entry)
    data = json.loads(_doc(store, key) or "")
    if change == "engine":
        data["engine"] = "expert-points-0"
    elif change == "older schema":
        data["schema"] = REVIEW_SCHEMA - 1
    else:
        data["schema"] = REVIEW_SCHEMA + 1
    _put(store, key, json.dumps(data))
    assert load_review(store, entry) is None and store.problems == []   # stale: not damaged
    assert store.save_review(review)                                    # the recomputed one
    assert load_review(store, entry) == review
    kept = [p for p in store.data_dir.iterdir() if ".newer-" in p.name]
    assert len(kept) == (1 if change == "newer schema" else 0)          # a newer one is kept
    if kept:
        assert json.loads(kept[0].read_text()) == data


DAMAGE = {
    "not JSON": b"{\"schema\": 1, \"engine\":",
    "wrong types": json.dumps({"schema": 1, "engine": REVIEW_ENGINE, "game": 5,
                               "seats": [0], "rounds": 15, "decisions": []}).encode(),
    "huge number": None,     # filled in the test: a cost of 1e400 / an integer of 400 digits
    "huge file": b" " * (REVIEW_LIMIT + 10) + b"{}",
    "another game": None,
}


@pytest.mark.parametrize("damage", [*DAMAGE, "big integer", "bad card"])
def test_a_damaged_review_is_set_aside_with_a_notice_and_the_game_stays(
        old_history: tuple[Store, HistoryEntry], damage: str, tmp_path: Path) -> None:
    store, entry = old_history
    review, key = _stored(store, entry)
    text = _doc(store, key) or ""
    if damage == "huge number":
        bad = text.replace('"best_points":12.0', '"best_points":1e400', 1)
    elif damage == "big integer":
        bad = text.replace('"step":', '"step":' + "9" * 400 + ',"x":', 1)
    elif damage == "bad card":
        bad = text.replace('"kind":"card","chosen":"', '"kind":"card","chosen":"Q', 1)
    elif damage == "another game":          # R5: a review that does not match its game
        bad = text.replace(review.game_id, "0" * 20)
    else:
        raw = DAMAGE[damage]
        assert raw is not None
        bad = raw.decode()
    assert bad != text
    _put(store, key, bad)
    assert load_review(store, entry) is None
    [problem] = store.problems
    assert problem.kind is ProblemKind.DAMAGED and problem.file is FileKind.REVIEW
    assert problem.moved_to is not None
    assert problem.moved_to.name.startswith(f"review-{key}.json.damaged-")
    assert problem.moved_to.read_text() == bad and _doc(store, key) is None   # set aside
    assert [e.seed for e in Store(store.data_dir).load_history()][0] == entry.seed
    assert store.save_review(review) and load_review(store, entry) == review   # recomputed


def os_lexists(p: Path) -> bool:
    import os
    return os.path.lexists(p)


def test_a_file_in_place_of_the_reviews_folder_is_set_aside(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "history_v1.jsonl", tmp_path / "history.jsonl")
    (tmp_path / "reviews").write_text("not a folder")        # where earlier versions kept them
    store = Store(tmp_path)
    entry = store.load_history()[0]
    assert load_review(store, entry) is None
    [problem] = [p for p in store.problems if p.kind is not ProblemKind.MIGRATED]
    assert (problem.moved_to or tmp_path).read_text() == "not a folder"
    assert problem.kind is ProblemKind.DAMAGED and problem.file is FileKind.REVIEW
    review, _path = _stored(store, entry)
    assert load_review(store, entry) == review


def test_a_cancelled_review_stores_nothing(old_history: tuple[Store, HistoryEntry]) -> None:
    store, entry = old_history
    gate = threading.Event()
    calls: list[int] = []

    def slow(view: PlayerView, rng: random.Random, chosen: Action) -> Any:
        calls.append(1)
        if len(calls) == 3:
            gate.wait(10)           # halfway: the person presses Cancel now
        return quick(view, rng, chosen)

    job = ReviewJob(entry, store.save_review, appraiser=slow, mode="thread")
    while len(calls) < 3:
        threading.Event().wait(0.005)
    done, total = job.progress
    assert done == 2 and total == len(moments(entry))
    assert job.cancel() is True
    gate.set()
    assert job.wait(10) and job.finished and job.cancelled
    assert job.review is None and len(calls) == 3        # it stopped at the next decision
    assert _doc(store, review_id(entry)) is None and store.problems == []


def test_a_complete_review_cannot_be_cancelled_afterwards(
        old_history: tuple[Store, HistoryEntry]) -> None:
    store, entry = old_history
    job = ReviewJob(entry, store.save_review, appraiser=quick, mode="thread")
    assert job.wait(30) and job.review is not None
    assert job.cancel() is False and load_review(store, entry) == job.review


def test_a_failing_appraisal_fails_the_job_without_storing(
        old_history: tuple[Store, HistoryEntry]) -> None:
    store, entry = old_history

    def broken(view: PlayerView, rng: random.Random, chosen: Action) -> Any:
        raise RuntimeError("boom")

    job = ReviewJob(entry, store.save_review, appraiser=broken, mode="now")
    assert job.failed and job.review is None and load_review(store, entry) is None


def test_review_ids_follow_the_game_and_its_seats(old_history: tuple[Store, HistoryEntry]) -> None:
    store, entry = old_history
    others = store.load_history()
    ids = {review_id(e) for e in others}
    assert len(ids) == len(others) and review_id(entry) == review_id(others[0])
    assert load_review(store, "../../etc/passwd") is None and store.problems == []


def test_a_decision_round_trips_and_its_cost_is_never_negative() -> None:
    d = Decision(7, 0, 3, 2, "card", "W", "R13", 4.0, 1.5)
    assert d.cost == 0.0 and d.chosen_card is not None and d.chosen_card.text == "W"
    r = Review("ab" * 10, (0,), 15, (d,))
    assert Review.from_dict(json.loads(json.dumps(r.to_dict())), 4) == r
    assert points_lost_by_round(r) == [0.0] * 15


# ---- the review process (what the review screen uses) --------------------------------------


def test_the_review_process_gives_the_same_review_and_stores_it(
        blunders: Any, child_review: Any) -> None:
    entry, _bad, review = blunders
    store, job = child_review                           # started before ``blunders`` worked
    assert job.mode == "process"
    assert job.wait(600) and not job.failed and job.review == review
    assert job.progress == (len(review.decisions), len(review.decisions))
    assert load_review(store, entry) == review and not job._process.is_alive()


def test_cancelling_the_review_process_ends_it_and_stores_nothing(tmp_path: Path) -> None:
    entry, _bad = blunder_game()
    store = Store(tmp_path)
    job = ReviewJob(entry, store.save_review)
    while job.progress[0] < 2:                         # a few decisions in
        assert not job.finished
        job.wait(0.05)
    assert job.cancel() is True and job.finished and job.review is None
    assert not job._process.is_alive()
    assert not (tmp_path / "reviews").exists() and store.problems == []


def test_a_far_bid_the_coach_hides_at_this_table_is_kept_unpriced() -> None:
    """#37: a bid more than FAR tricks from the coach's best, at a kind of table where the
    benchmark found such bids' points too far from play, shows no points in the hint; the review
    showed them anyway ("loses 31 against 4"), and counted the loss. Now the decision is kept
    unpriced: still a finding, but out of the points lost, said in words, kept so in its file."""
    from wizard.ai.model_error import FAR
    from wizard.review import appraise
    from wizard.review.words import alternative_line, bid_line, finding_line
    entry, _bad = blunder_game()
    moment = next(m for m in moments(entry) if isinstance(m.action, Bid)
                  and m.action.n + FAR + 1 <= m.view.round)
    chosen = moment.action.n
    best = Bid(chosen + FAR + 1)

    def far(view: PlayerView, rng: random.Random, action: Action) -> tuple[Action, dict[str, Any]]:
        return best, {"ev": {best.n: 40.0, chosen: 9.0}, "loss": {chosen: (31.0, 25.0, 37.0)},
                      "hidden": [chosen]}

    def shown(view: PlayerView, rng: random.Random, action: Action) -> tuple[Action, dict[str, Any]]:
        notes = far(view, rng, action)[1]
        return best, {**notes, "hidden": []}

    hidden = appraise(moment, entry.seed, far)
    priced = appraise(moment, entry.seed, shown)
    assert hidden is not None and priced is not None
    assert priced.priced and priced.costly(10) and priced.cost == 31.0
    assert not hidden.priced and hidden.costly(10)          # still a finding, without its points
    r = Review("0123456789abcdef0123", (moment.seat,), entry.config.rounds, (hidden,), REVIEW_ENGINE)
    assert r.findings() == [hidden] and r.total_lost() == 0.0
    found = finding_line(hidden, None, "classic")
    assert "no points shown" in found and "31" not in found, found
    assert Review.from_dict(json.loads(json.dumps(r.to_dict())), 6) == r
    line = bid_line(hidden, None, 10)
    assert "no points are shown" in line and "+9" not in line and "31" not in line
    assert "+9" not in alternative_line(hidden, None, "classic")
    assert "+9" in bid_line(priced, None, 10)
    bad = r.to_dict()
    bad["decisions"][0]["priced"] = "no"
    with pytest.raises(ValueError):
        Review.from_dict(bad, 6)
