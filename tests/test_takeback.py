"""Take-backs in solo games: the session goes back exactly, the computer redoes the same moves,
the table drops what belonged to the undone moves, hot seat and an empty past are refused, and
the record (saves, history) keeps them."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest

from wizard.engine import (
    Action,
    Bid,
    BidVisibility,
    GameConfig,
    GameRecord,
    Options,
    Phase,
    PlayerView,
    RecordError,
    TakeBack,
)
from wizard.engine.fields import GameFields
from wizard.engine.state import GameState
from wizard.persistence import HistoryEntry, SavedGame, Store
from wizard.session import Seat, Session, TakeBackError, TakeBackRule
from wizard.session.seats import SeatSpec
from wizard.table import (
    Accepted,
    AskHint,
    BidIntent,
    HintReady,
    NextRound,
    PlayIntent,
    Refused,
    RoundOver,
    Table,
    TakeBackIntent,
    TakenBack,
)
from wizard.table.computer import ComputerSeats, default_ai_factory, play_out, step_ai
from wizard.table.takeback import offered

SOLO = [Seat.human("Ann"), Seat.ai("Bo", "easy"), Seat.ai("Cy", "normal"), Seat.ai("Di", "easy")]
HOT = [Seat.human("Ann"), Seat.human("Bea"), Seat.ai("Cy", "easy")]


def fields(state: GameState) -> dict[str, Any]:
    """Every field of a game state but the legal-move cache (lists copied)."""
    out = {}
    for name in GameFields.__slots__:
        if name == "_legal":
            continue
        value = getattr(state, name)
        out[name] = repr(value)
    return out


def play_solo(seed: int, until_round: int, pick: random.Random) -> tuple[Session, list[tuple]]:
    """A solo game stepped to the person's last card (forced) of round ``until_round``, every
    choice of that round made; before every choice of the person: (move number,
    the state's fields, the deal rng's state, the record)."""
    s = Session.new(GameConfig(4, seed=seed), SOLO)
    s.start()
    before: list[tuple] = []
    while not s.finished:
        if s.round >= until_round and s.is_human_turn() and s.phase is Phase.PLAY and \
                len(s.view(0).hand) == 1:
            break                                   # the round's last card: its choices are behind
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            legal = s.legal_actions()
            if len(legal) > 1:
                before.append((s.moves, fields(s.state), s.rng.getstate(), s.record()))
            s.act(pick.choice(legal))
    return s, before


def test_a_take_back_restores_the_exact_position_and_deal_rng() -> None:
    s, before = play_solo(7, 6, random.Random(1))
    before = [b for b in before if b[1]["round"] == str(s.round)]     # this round's choices
    assert len(before) >= 3
    # take back three times: each goes back to the choice before
    for moves, state, rng_state, record in reversed(before[-3:]):
        done = s.take_back()
        assert done.to == moves and done.seat == 0
        assert fields(s.state) == state
        assert s.rng.getstate() == rng_state          # the next deals come out the same
        assert s.record().actions == record.actions
    assert [t.to for t in s.takebacks] == [b[0] for b in reversed(before[-3:])]


def test_a_take_back_never_crosses_a_scored_round() -> None:
    """#35: at the start of a round (and on a round's result) the last choice belongs to a round
    already scored: refused with its reason, nothing changes; within the round it works."""
    from wizard.table.takeback import refusal_text
    s = Session.new(GameConfig(4, seed=7), SOLO)
    s.start()
    chose_in: set[int] = set()
    seen_result = False
    while s.round < 4:
        if s.needs_advance:
            if s.phase is Phase.ROUND_END and chose_in:
                seen_result = True
                assert s.takeback_refusal() is TakeBackRule.ROUND_SCORED
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            if s.round in chose_in or (chose_in and s.round - 1 in chose_in):
                if s.round not in chose_in:          # the round's first choice: the last is scored
                    before = fields(s.state)
                    with pytest.raises(TakeBackError) as err:
                        s.take_back()
                    assert err.value.rule is TakeBackRule.ROUND_SCORED
                    assert fields(s.state) == before and s.takebacks == []
                    assert "final" in refusal_text(err.value.rule)
            legal = s.legal_actions()
            if len(legal) > 1:
                chose_in.add(s.round)
            s.act(legal[-1])
    assert seen_result
    # within a round a take-back still goes back (and is kept in the record)
    while not (s.is_human_turn() and s.phase is Phase.PLAY):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[0])
    assert s.takeback_refusal() is None
    done = s.take_back()
    assert s.phase is Phase.BID and s.round == 4 and isinstance(done.undone[0], Bid)
    assert len(s.record().takebacks) == 1


def test_the_computer_redoes_the_same_moves_after_a_take_back() -> None:
    s, _before = play_solo(11, 3, random.Random(2))
    done = s.take_back()
    again = [done.undone[0]]
    s.act(done.undone[0])                        # the person makes the same choice again
    while len(again) < len(done.undone):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
            again.append(s.state.actions[-1])
        else:
            again.append(done.undone[len(again)])   # a forced card of the person's
            s.act(again[-1])
    assert tuple(again) == done.undone


def test_hot_seat_is_refused_and_changes_nothing() -> None:
    s = Session.new(GameConfig(3, seed=5), HOT)
    s.start()
    while s.round < 2:
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[-1])
    state, record = fields(s.state), s.record()
    assert s.takeback_refusal() is TakeBackRule.NOT_SOLO
    with pytest.raises(TakeBackError) as err:
        s.take_back()
    assert err.value.rule is TakeBackRule.NOT_SOLO
    assert fields(s.state) == state and s.record() == record
    table = Table(s, threaded=False, speed=0.0, ai_pause=0.0)
    out = table.submit(TakeBackIntent())
    assert isinstance(out, Refused) and out.rule is TakeBackRule.NOT_SOLO
    assert "one person" in out.text
    assert fields(s.state) == state and s.record() == record


def test_nothing_to_take_back_before_the_first_choice() -> None:
    s = Session.new(GameConfig(4, seed=3), SOLO)
    s.start()
    while not s.is_human_turn():
        step_ai(s)
    state = fields(s.state)
    assert s.takeback_refusal() is TakeBackRule.NOTHING
    table = Table(s, threaded=False, speed=0.0, ai_pause=0.0)
    out = table.submit(TakeBackIntent())
    assert isinstance(out, Refused) and out.rule is TakeBackRule.NOTHING
    assert fields(s.state) == state and not s.takebacks


def test_a_forced_card_is_no_decision_to_go_back_to() -> None:
    s = Session.new(GameConfig(4, seed=3), SOLO)
    s.start()
    while not s.is_human_turn():
        step_ai(s)
    s.act(s.legal_actions()[0])        # round 1: the bid is a choice (0 or 1)
    while not s.is_human_turn() and s.phase is not Phase.ROUND_END:
        step_ai(s)
    if s.phase is Phase.PLAY:          # the one card of round 1 is forced
        assert len(s.legal_actions()) == 1
        s.act(s.legal_actions()[0])
    done = s.take_back()
    assert isinstance(done.undone[0], Bid) and len(done.undone) > 1
    assert s.state.phase is Phase.BID and s.is_human_turn()


def test_a_finished_game_and_a_game_not_from_its_seed_are_refused() -> None:
    s = Session.new(GameConfig(3, seed=9), SOLO[:3])
    play_out(s)
    assert s.takeback_refusal() is TakeBackRule.GAME_OVER
    loose = Session(GameState.new(GameConfig(3, seed=9)), SOLO[:3], rng=random.Random(9))
    loose.start()
    while not loose.is_human_turn():
        step_ai(loose)
    loose.act(loose.legal_actions()[0])
    assert loose.takeback_refusal() is TakeBackRule.NO_RECORD


# ---- the table -----------------------------------------------------------------------------


class Gate:
    """A computer player that waits for ``release`` before it answers (a decision in flight)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0
        self.inner = default_ai_factory("easy")

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        self.calls += 1
        self.release.wait(5)
        return self.inner.decide(view, rng)


def tick_until(table: Table, done: Any, limit: int = 2000) -> list[Any]:
    """Tick the table (closing each round's result) until ``done()``; the outcomes seen."""
    outs: list[Any] = []
    for _ in range(limit):
        table.tick(0.05)
        got = table.take_outcomes()
        outs += got
        if any(isinstance(o, RoundOver) for o in got):
            table.submit(NextRound())
        if done():
            return outs
        time.sleep(0.001)
    raise AssertionError("the table never got there")


def test_the_table_drops_a_computer_move_in_flight_and_redoes_it() -> None:
    gate = Gate()
    s = Session.new(GameConfig(3, seed=21), [Seat.human("Ann"), Seat.ai("Bo"), Seat.ai("Cy")])
    table = Table(s, threaded=True, speed=1.0, ai_pause=0.0,
                  computer=ComputerSeats(lambda level: gate))
    try:
        gate.release.set()
        tick_until(table, table.my_turn)
        choice_at = s.moves
        legal = s.legal_actions()
        assert len(legal) > 1
        state = fields(s.state)
        assert isinstance(table.submit(BidIntent(0)), Accepted)
        gate.release.clear()                       # the next computer move hangs
        tick_until(table, lambda: table.move_job is not None)
        assert not table.drained or table.move_job is not None
        out = table.submit(TakeBackIntent())
        assert isinstance(out, TakenBack) and out.action.record() == "bid 0"
        assert table.move_job is None and table.drained and table.held is None
        assert fields(s.state) == state and s.moves == choice_at
        gate.release.set()                         # the stale answer comes and is never used
        tick_until(table, table.my_turn)
        assert s.moves == choice_at and fields(s.state) == state
        assert table.shown.hand is not None and len(table.shown.hand) == s.round
        assert isinstance(table.submit(BidIntent(0)), Accepted)
    finally:
        gate.release.set()
        table.close()


def test_the_table_drops_a_hint_in_flight() -> None:
    gate = Gate()
    s = Session.new(GameConfig(3, seed=23), [Seat.human("Ann"), Seat.ai("Bo"), Seat.ai("Cy")])
    table = Table(s, threaded=True, speed=0.0, ai_pause=0.0,
                  computer=ComputerSeats(lambda level: gate))
    try:
        gate.release.set()
        tick_until(table, table.my_turn)
        table.submit(BidIntent(1))
        tick_until(table, lambda: table.my_turn() and s.round == 2)
        table.submit(BidIntent(2))                   # a choice in this round to go back to
        tick_until(table, lambda: table.my_turn() and s.phase is Phase.PLAY)
        gate.release.clear()
        assert isinstance(table.submit(AskHint()), Accepted) and table.hint_job is not None
        out = table.submit(TakeBackIntent())
        assert isinstance(out, TakenBack) and table.hint_job is None
        gate.release.set()
        outs = tick_until(table, table.my_turn)
        time.sleep(0.05)                     # the stale hint's answer is in by now
        for _ in range(10):
            table.tick(0.05)
            outs += table.take_outcomes()
        assert not [o for o in outs if isinstance(o, HintReady)]
    finally:
        gate.release.set()
        table.close()


def test_the_table_drops_the_finished_trick_it_holds() -> None:
    s = Session.new(GameConfig(3, seed=22), [Seat.human("Ann"), Seat.ai("Bo", "easy"),
                                             Seat.ai("Cy", "easy")])
    table = Table(s, threaded=False, speed=0.0, ai_pause=0.0, trick_hold=5.0)
    pick = random.Random(3)
    for _ in range(5000):
        table.tick(0.05)
        for o in table.take_outcomes():
            if isinstance(o, RoundOver):
                table.submit(NextRound())
        if table.held is not None and table.shown.held and s.round >= 3 and s.phase is Phase.PLAY:
            break
        if table.my_turn():
            a = pick.choice(s.legal_actions())
            table.submit(BidIntent(a.n) if isinstance(a, Bid) else PlayIntent(a.card))  # type: ignore[attr-defined]
    else:
        raise AssertionError("no trick was held")
    out = table.submit(TakeBackIntent())
    assert isinstance(out, TakenBack)
    assert table.held is None and not table.shown.held and table.shown.won is None
    assert table.kept == [] and table.choice is None
    tick_until(table, table.my_turn)


# ---- the record, saves and history ---------------------------------------------------------


def test_the_record_keeps_take_backs_and_old_records_still_load() -> None:
    s, _before = play_solo(7, 3, random.Random(1))
    s.take_back()
    s.act(s.legal_actions()[0])
    s.take_back()
    rec = s.record()
    data = json.loads(json.dumps(rec.to_dict()))
    assert data["schema"] == 2 and len(data["takebacks"]) == 2
    assert GameRecord.from_dict(data) == rec
    old = {k: v for k, v in data.items() if k != "takebacks"} | {"schema": 1}
    assert GameRecord.from_dict(old).takebacks == ()
    assert GameRecord(rec.config, rec.actions).to_dict()["schema"] == 1
    for bad in ({"seat": 9, "to": 1, "undone": ["bid 1"]}, {"seat": 0, "to": -1, "undone": ["bid 1"]},
                {"seat": 0, "to": 1, "undone": []}, {"seat": 0, "to": 1, "undone": ["fly"]},
                {"seat": 0, "to": 10_000, "undone": ["bid 1"]}, "x"):
        with pytest.raises(RecordError):
            GameRecord.from_dict({**data, "takebacks": [bad]})


def test_save_and_resume_a_game_with_take_backs(tmp_path: Any) -> None:
    s, _before = play_solo(13, 4, random.Random(4))
    s.take_back()
    s.act(s.legal_actions()[-1])
    seats = [SeatSpec(x.name, x.kind, x.level) for x in s.seats]  # type: ignore[arg-type]
    store = Store(tmp_path)
    saved = SavedGame(s.record(), seats, game_id="tb-game")
    assert store.save_game(saved)
    loaded = store.load_game("tb-game")
    assert loaded is not None and loaded.record == s.record()
    again = Session.resume(loaded.record, [Seat(x.name, x.kind, x.level) for x in loaded.seats])
    assert again.takebacks == s.takebacks
    assert fields(again.state) == fields(s.state)
    # a resumed game can take back again (its past choices replayed from the record)
    expected = s.take_back()
    assert again.take_back() == expected
    assert fields(again.state) == fields(s.state)


def test_history_counts_take_backs_and_old_entries_count_zero() -> None:
    s, _before = play_solo(7, 2, random.Random(1))
    s.take_back()
    play_out(s)
    seats = tuple(SeatSpec(x.name, x.kind, x.level) for x in s.seats)  # type: ignore[arg-type]
    entry = HistoryEntry.from_game(s.state, seats)
    entry = HistoryEntry(s.record(), seats, entry.finished, None, entry.rounds, entry.totals,
                         entry.winners)
    d = entry.to_dict()
    assert d["takebacks"] == 1
    back = HistoryEntry.from_dict(json.loads(json.dumps(d)))
    assert back.takebacks == 1
    old = {k: v for k, v in d.items() if k != "takebacks"}
    old["record"] = GameRecord(s.record().config, s.record().actions).to_dict()
    assert HistoryEntry.from_dict(old).takebacks == 0
    with pytest.raises(ValueError):          # a count that disagrees with the record is damage
        HistoryEntry.from_dict({**d, "takebacks": 3})


def test_take_back_dataclass_round_trips() -> None:
    tb = TakeBack(0, 4, (Action.from_record("bid 1"),))
    assert TakeBack.from_dict(tb.to_dict(), 3, [10]) == tb


def test_a_take_back_is_saved_at_once() -> None:
    saved: list[GameRecord] = []
    s = Session.new(GameConfig(3, seed=17), SOLO[:3], on_save=lambda x: saved.append(x.record()))
    s.start()
    while not s.takebacks:
        if s.is_ai_turn():
            step_ai(s)
        elif s.takeback_refusal() is None:
            s.take_back()
        else:
            s.act(s.legal_actions()[0])
    assert saved[-1] == s.record() and saved[-1].takebacks == tuple(s.takebacks)
    assert len(saved[-1].actions) == s.takebacks[0].to


@pytest.mark.parametrize("bids", [BidVisibility.HIDDEN, BidVisibility.SECRET])
def test_hidden_bids_a_bid_is_not_taken_back_once_every_bid_is_made(bids: BidVisibility) -> None:
    """#29: with hidden or secret bids, taking back a bid after the bidding let the person bid
    again knowing every bid. Refused, with the reason; while the others still bid, it is allowed."""
    cfg = GameConfig(4, seed=3, options=Options(bids=bids))
    s = Session.new(cfg, SOLO)
    s.start()
    while not s.is_human_turn():
        step_ai(s)
    s.act(s.legal_actions()[0])                    # round 1: the person's bid
    if s.phase is Phase.BID:                       # others still to bid: nothing is shown yet
        assert s.takeback_refusal() is None
    while not s.is_human_turn() and s.phase is not Phase.ROUND_END:
        step_ai(s)
    if s.phase is Phase.PLAY:
        s.act(s.legal_actions()[0])                # round 1's one card is forced: no choice
    assert isinstance(s.state.actions[max(i for i, c in enumerate(s._choice_marks()) if c)], Bid)
    state = fields(s.state)
    assert s.takeback_refusal() is TakeBackRule.BIDS_SHOWN
    with pytest.raises(TakeBackError):
        s.take_back()
    table = Table(s, threaded=False, speed=0.0, ai_pause=0.0)
    out = table.submit(TakeBackIntent())
    assert isinstance(out, Refused) and out.rule is TakeBackRule.BIDS_SHOWN
    assert "hidden" in out.text and "knowing the others" in out.text
    assert offered(s)                     # the button stays: pressing it says why
    assert fields(s.state) == state and not s.takebacks
    open_ = Session.new(GameConfig(4, seed=3), SOLO)      # open bids: the same take-back is fine
    open_.start()
    while not open_.is_human_turn():
        step_ai(open_)
    open_.act(open_.legal_actions()[0])
    while not open_.is_human_turn() and open_.phase is not Phase.ROUND_END:
        step_ai(open_)
    if open_.phase is Phase.PLAY:
        open_.act(open_.legal_actions()[0])
    assert open_.takeback_refusal() is None
