"""Random-playout invariants over every edition x option x player count."""

from __future__ import annotations

import random
from collections import Counter

from enginehelp import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard.engine import (
    ALL_CARDS,
    Bid,
    BidVisibility,
    CardDealt,
    ChooseTrump,
    Edition,
    GameConfig,
    GameState,
    IllegalActionError,
    Options,
    Phase,
    Play,
    RoundScored,
    TrickWon,
    deck,
    events_for,
)
from wizard.engine.scoring import round_points

configs = st.builds(
    GameConfig,
    players=st.integers(3, 6),
    edition=st.sampled_from(list(Edition)),
    options=st.builds(Options, no_equal_sum=st.booleans(), canadian=st.booleans(),
                      bids=st.sampled_from(list(BidVisibility)), clairvoyance=st.booleans(),
                      scroll=st.booleans()),
    seed=st.integers(0, 2**32),
    first_dealer=st.none() | st.integers(0, 2),
)


def _illegal_candidates(state: GameState) -> list:
    """Actions that must be refused now."""
    legal = state.legal_actions()
    pool = [Bid(n) for n in range(state.round + 2)] + [Play(c) for c in ALL_CARDS] + \
        [ChooseTrump(s) for s in "BGRYX"]
    return [a for a in pool if a not in legal]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs, move_seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(cfg: GameConfig, move_seed: int) -> None:
    deal_rng = random.Random(cfg.seed)
    rng = random.Random(move_seed)
    state = GameState.new(cfg)
    full = Counter(deck(cfg.edition.value))
    rounds_seen = 0
    while not state.is_terminal:
        if state.is_chance:
            evs = state.advance(deal_rng)
            for seat in range(cfg.players):
                # a seat's redacted events never show another seat's card (outside clairvoyance)
                for e in events_for(evs, seat, cfg):
                    if isinstance(e, CardDealt) and e.card is not None:
                        assert (e.seat == seat) != cfg.options.clairvoyance
            continue
        legal = state.legal_actions()
        assert legal, "a legal action exists until the game ends"
        assert state.current_player is not None
        if state.phase is Phase.PLAY:
            in_play = Counter(c.in_hand for h in state.hands for c in h)
            in_play += Counter(c.in_hand for c in state.trick)
            in_play += Counter(c.in_hand for t in state.tricks_played for _, c in t.cards)
            if state.turned is not None:
                in_play[state.turned] += 1
            assert not in_play - full, "cards are conserved (no card appears twice)"
        _check_views(state)
        if rng.random() < 0.05:
            before = snapshot(state)
            bad = rng.choice(_illegal_candidates(state))
            try:
                state.apply(bad)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{bad} was accepted")
            assert snapshot(state) == before
        events = state.apply(rng.choice(legal))
        for e in events:
            if isinstance(e, RoundScored):
                rounds_seen += 1
                _check_round(state, e)
    assert rounds_seen == cfg.rounds
    assert state.totals == [sum(r.points[s] for r in state.history) for s in range(cfg.players)]


def _check_round(state: GameState, e: RoundScored) -> None:
    cfg = state.config
    tricks = state.tricks_played
    assert len(tricks) == e.round
    voided = sum(t.void for t in tricks)
    assert sum(e.tricks) == e.round - voided
    grail = next((t.winner for t in tricks if any(c.text == "GRAIL" for _, c in t.cards)), None)
    void_round = e.round == 1 and voided == 1
    for s in range(cfg.players):
        assert e.points[s] == round_points(e.bids[s], e.tricks[s], edition=cfg.edition.value,
                                           round_=e.round, rounds=cfg.rounds,
                                           grail_bonus=grail == s, voided_round=void_round)
    wins = Counter(t.winner for t in tricks if not t.void)
    assert tuple(wins.get(s, 0) for s in range(cfg.players)) == e.tricks


def _check_views(state: GameState) -> None:
    cfg = state.config
    clair = cfg.options.clairvoyance and state.phase in (Phase.BID, Phase.TRUMP)
    for seat in range(cfg.players):
        v = state.view_for(seat)
        if clair:
            assert v.hand is None and seat not in v.visible_hands
            assert len(v.visible_hands) == cfg.players - 1
        else:
            assert v.hand == tuple(state.hands[seat]) and v.visible_hands == {}
        for other, b in enumerate(v.bids):
            if other != seat and b is not None:
                assert cfg.options.bids is BidVisibility.OPEN or (
                    cfg.options.bids is BidVisibility.HIDDEN and state.phase is Phase.PLAY)
        assert (v.legal != ()) == (state.current_player == seat)


def test_trick_winner_event_matches_tricks_counted() -> None:
    cfg = GameConfig(players=4, edition=Edition.CAMELOT, seed=8)
    deal_rng, rng = random.Random(8), random.Random(1)
    s = GameState.new(cfg)
    wins = [0] * 4
    while s.round < 6 or s.phase is not Phase.ROUND_END:
        if s.is_chance:
            s.advance(deal_rng)
            wins = [0] * 4
            continue
        for e in s.apply(rng.choice(s.legal_actions())):
            if isinstance(e, TrickWon) and not e.void:
                wins[e.winner] += 1
    assert wins == list(s.history[-1].tricks)
