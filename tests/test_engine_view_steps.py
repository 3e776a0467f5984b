"""The engine's one home for redaction (view.py) and for walking a record (record.steps)."""

from __future__ import annotations

import random

import pytest

from wizard.engine import (
    BidVisibility,
    Edition,
    Event,
    GameConfig,
    GameState,
    Options,
    Phase,
    RecordError,
    bid,
    events_for,
)
from wizard.engine.record import steps
from wizard.session import public_view as session_public_view
from wizard.session import redact as session_redact

CONFIGS = [GameConfig(players=n, edition=e, options=o, seed=40 + n)
           for n, e, o in ((3, Edition.CLASSIC, Options(bids=BidVisibility.HIDDEN)),
                           (4, Edition.MAGIC, Options(bids=BidVisibility.SECRET)),
                           (5, Edition.CAMELOT, Options(clairvoyance=True)),
                           (6, Edition.CLASSIC, Options()))]


def _random_game(config: GameConfig, rounds: int = 3) -> tuple[GameState, list[list[Event]]]:
    """A game played at random for a few rounds, and the events of each step."""
    rng, move = random.Random(config.seed), random.Random(config.seed + 1)
    state = GameState.new(config)
    log: list[list[Event]] = []
    while not state.is_terminal and state.round <= rounds:
        if state.is_chance:
            if state.phase is Phase.ROUND_END and state.round == rounds:
                break
            log.append(state.advance(rng))
        else:
            log.append(state.apply(move.choice(state.legal_actions())))
    return state, log


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.edition.value)
def test_the_engine_redacts_as_the_session_does_for_seats_and_bystanders(config: GameConfig) -> None:
    state, log = _random_game(config)
    for events in log:
        for viewer in (None, *range(config.players)):
            assert events_for(events, viewer, config) == session_redact(events, viewer, config)
    walk = GameState.new(config)
    rng = random.Random(config.seed)
    for action in state.actions:
        while walk.is_chance:
            walk.advance(rng)
        assert walk.public_view() == session_public_view(walk)
        walk.apply(action)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.edition.value)
def test_steps_walk_the_record_as_a_hand_written_replay(config: GameConfig) -> None:
    state, _ = _random_game(config)
    rng = random.Random(config.seed)
    ref = GameState.new(config)
    walked = GameState.new(config)
    count = 0
    applied = []                                   # (step, the events the replay got)
    for step in steps(walked, state.actions, random.Random(config.seed)):
        dealt = []
        while ref.is_chance:
            dealt += ref.advance(rng)
        assert step.state is walked and step.index == len(ref.actions) == count
        assert (step.seat, step.dealt) == (ref.current_player, tuple(dealt))
        assert step.action is state.actions[count]
        assert walked.view_for(step.seat) == ref.view_for(step.seat)  # type: ignore[arg-type]
        applied.append((step, tuple(ref.apply(step.action))))
        count += 1
    assert count == len(state.actions)
    assert all(step.events == events for step, events in applied)  # filled in as it went on
    assert walked.view_for(0) == ref.view_for(0)


def test_steps_name_the_first_refused_action() -> None:
    config = CONFIGS[3]
    state, _ = _random_game(config, rounds=1)
    actions = list(state.actions)
    actions[2] = bid(99)
    with pytest.raises(RecordError) as e:
        for _ in steps(GameState.new(config), actions, random.Random(config.seed)):
            pass
    assert e.value.index == 2 and "action 2" in str(e.value)
