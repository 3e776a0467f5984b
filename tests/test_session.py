"""The session: seats, AI decisions, events, autosave, resume, redaction."""

from __future__ import annotations

import random

import pytest

from wizard.engine import (
    BidMade,
    BidVisibility,
    CardDealt,
    GameConfig,
    IllegalActionError,
    Options,
    Phase,
)
from wizard.session import Seat, Session, public_view, redact
from wizard.table.computer import ComputerSeats, play_out, rng_for, step_ai


class Recorder:
    """Counts decide() calls and plays the first legal action."""

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view, rng):  # noqa: ANN001, ANN201
        self.calls += 1
        assert view.legal
        return view.legal[0]


def _seats(n: int, humans: int = 0) -> list[Seat]:
    return [Seat.human(f"H{i}") if i < humans else Seat.ai(f"A{i}", "random") for i in range(n)]


def test_full_game_all_ai_is_deterministic() -> None:
    def play(seed: int) -> list[int]:
        s = Session.new(GameConfig(players=4, seed=seed), _seats(4))
        play_out(s)
        return list(s.state.totals)

    assert play(3) == play(3)
    assert len({tuple(play(seed)) for seed in range(4)}) > 1


def test_autosave_after_every_action_and_resume_same_card() -> None:
    saves: list[int] = []
    cfg = GameConfig(players=3, seed=9)
    s = Session.new(cfg, _seats(3), on_save=lambda ses: saves.append(len(ses.state.actions)))
    s.start()
    for _ in range(7):
        if s.needs_advance:
            s.advance()
        step_ai(s)
    assert saves[-1] == 7 and saves == sorted(saves)
    again = Session.resume(s.record(), _seats(3))
    assert again.state.hands == s.state.hands
    assert again.state.phase == s.state.phase
    # both continue identically: same per-decision rng, same chance rng
    for ses in (s, again):
        play_out(ses)
    assert again.state.totals == s.state.totals


def test_ai_factory_used_per_level_and_decision_rng_is_derived() -> None:
    rec = Recorder()
    levels: list[str] = []
    s = Session.new(GameConfig(players=3, seed=1, first_dealer=0), _seats(3))
    computer = ComputerSeats(lambda level: levels.append(level) or rec)
    s.start()
    rng = rng_for(s, 1)
    assert rng.random() == random.Random("1:1:0").random()
    computer.step(s)
    computer.step(s)
    assert rec.calls == 2 and levels == ["random"]      # one player per level, made once


def test_illegal_action_leaves_state_unchanged() -> None:
    s = Session.new(GameConfig(players=3, seed=2, first_dealer=0), _seats(3, humans=3))
    s.start()
    before = list(s.state.actions)
    with pytest.raises(IllegalActionError):
        s.act(s.state.legal_actions()[0], seat=(s.current + 1) % 3)
    assert s.state.actions == before
    with pytest.raises(RuntimeError):
        ComputerSeats().job(s)          # a person is to act, not the computer


def test_listeners_get_events() -> None:
    got: list[object] = []
    s = Session.new(GameConfig(players=3, seed=4), _seats(3))
    s.subscribe(lambda ses, evs: got.extend(evs))
    s.start()
    assert any(isinstance(e, CardDealt) for e in got)


def test_redaction_for_bystander_and_seat() -> None:
    cfg = GameConfig(players=3, seed=4, first_dealer=0, options=Options(bids=BidVisibility.SECRET))
    s = Session.new(cfg, _seats(3, humans=2))
    events = s.start()
    mine = redact(events, 1, cfg)
    dealt_to_1 = [e for e in mine if isinstance(e, CardDealt) and e.seat == 1]
    assert all(e.card is not None for e in dealt_to_1)
    assert all(e.card is None for e in mine if isinstance(e, CardDealt) and e.seat != 1)
    assert all(e.card is None for e in redact(events, None, cfg) if isinstance(e, CardDealt))
    ev = s.act(s.state.legal_actions()[0])
    bid_events = redact(ev, None, cfg)
    assert all(e.bid is None for e in bid_events if isinstance(e, BidMade))
    pv = public_view(s.state)
    assert pv.hand is None and pv.visible_hands == {} and all(b is None for b in pv.bids)
    assert s.state.phase is Phase.BID


def test_hot_seat_flags() -> None:
    s = Session.new(GameConfig(players=4, seed=1), _seats(4, humans=2))
    assert s.hot_seat and s.humans == [0, 1]
    assert not Session.new(GameConfig(players=4, seed=1), _seats(4, humans=1)).hot_seat
