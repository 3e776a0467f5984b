"""Guards on the engine's fast paths: each must agree with the plain definition it replaces."""

from __future__ import annotations

import random

import pytest
from enginehelp import snapshot

from wizard.engine import ALL_CARDS, Card, GameConfig, GameState, Phase, Play, card, deck, play
from wizard.engine.actions import PLAY_OF
from wizard.engine.dealing import _shuffle
from wizard.engine.edition import Power, rules_of
from wizard.engine.trick import judge, winner_rule


def test_engine_shuffle_matches_random_shuffle_permutation_and_state() -> None:
    for seed in range(200):
        a, b = random.Random(seed), random.Random(seed)
        pack_a, pack_b = deck("classic"), deck("classic")
        _shuffle(pack_a, a)
        b.shuffle(pack_b)
        assert pack_a == pack_b
        assert a.getstate() == b.getstate()


def test_clone_keeps_its_own_legal_actions_when_the_original_moves() -> None:
    rng, deal = random.Random(4), random.Random(4)
    for _ in range(30):
        s = GameState.new(GameConfig(players=4, seed=4))
        while not s.is_terminal and rng.random() < 0.995:
            if s.is_chance:
                s.advance(deal)
                continue
            legal = s.legal_actions()
            twin = s.clone()
            before = snapshot(twin)
            s.apply(rng.choice(legal))
            assert twin.legal_actions() == legal
            assert snapshot(twin) == before
            twin.apply(legal[-1])  # the clone can still play every legal action


@pytest.mark.parametrize("edition", ["classic", "magic", "camelot"])
def test_the_state_s_trick_rule_equals_judge_on_random_tricks(edition: str) -> None:
    """The rule the state keeps (judge specialised to the edition) gives the same verdict."""
    rng = random.Random(11)
    pack = [c for c in deck(edition) if c.text != "MERLIN"] + [card("MERLIN:W"), card("MERLIN:J")]
    for scroll in (False, True):
        rule = winner_rule(edition, scroll)
        for _ in range(3000):
            trick = rng.sample(pack, rng.randint(1, 6))
            trump = rng.choice([None, "B", "G", "R", "Y"])
            assert rule(trick, trump) == judge(trick, trump, edition, scroll)


def test_the_cards_lead_flags_agree_with_every_edition_s_powers() -> None:
    """cards.py marks per card what cancels the lead suit and what acts as a Jester; the powers
    the editions give those cards say the same."""
    for edition in ("classic", "magic", "camelot"):
        rules = rules_of(edition)
        for c in ALL_CARDS:
            if c.suit is None and c.in_hand in rules.deck:
                p = rules.power(c)
                assert c.cancels_lead == (p in (Power.WIZARD, Power.ABOVE_WIZARDS)), c
                assert c.jesterly == (p is Power.JESTER), c


def test_cards_define_no_ordering_that_would_slow_comparisons() -> None:
    for name in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__"):
        assert name not in vars(Card), f"Card.{name} makes every `in` / remove / count slow"
    assert sorted(ALL_CARDS, key=lambda c: c.code)[0] is ALL_CARDS[0]


def test_play_actions_are_shared_and_compare_by_card() -> None:
    assert Play(card("R13")) is Play(card("R13"))
    assert Play(card("R13")) == Play(card("R13")) != Play(card("R12"))
    assert PLAY_OF[card("R13")] is Play(card("R13")) is play(card("R13"))


def test_phase_flags_follow_the_phase() -> None:
    rng = random.Random(2)
    s = GameState.new(GameConfig(players=3, seed=2))
    while True:
        assert s.is_chance == (s.phase in (Phase.DRAW, Phase.DEAL, Phase.ROUND_END))
        assert s.is_terminal == (s.phase is Phase.GAME_OVER)
        if s.is_terminal:
            break
        if s.is_chance:
            s.advance(rng)
        else:
            s.apply(rng.choice(s.legal_actions()))


def test_game_state_is_built_from_parts_and_keeps_its_slots() -> None:
    """GameState is put together from fields.py, dealing.py, refusals.py: still slots only."""
    from wizard.engine.dealing import Dealing
    from wizard.engine.fields import GameFields
    from wizard.engine.refusals import Refusals
    s = GameState.new(GameConfig(players=4, seed=1))
    assert isinstance(s, Dealing) and isinstance(s, Refusals) and isinstance(s, GameFields)
    assert not hasattr(s, "__dict__")          # a typo in a field name fails loudly
    assert len(GameFields.__slots__) >= 30 and "hands" in GameFields.__slots__
    s.advance(random.Random(1))
    twin = s.clone()
    for name in GameFields.__slots__:          # clone() copies every field
        if name != "_legal":
            assert getattr(twin, name) == getattr(s, name), name


@pytest.mark.parametrize("name", ["actions", "bidding", "cards", "config", "record", "scoring",
                                  "state", "trick"])
def test_engine_doctests(name: str) -> None:
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(f"wizard.engine.{name}"))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("edition", "scroll"), [("classic", True), ("magic", False),
                                                 ("camelot", False)])
def test_the_state_s_legal_plays_are_legal_cards(edition: str, scroll: bool) -> None:
    """GameState.legal_actions (the fast path) gives exactly trick.legal_cards (the rule), each
    card once and a declared card in its played forms, in every position of random games."""
    from wizard.engine import Edition, Options, Phase
    from wizard.engine.trick import legal_cards
    rng = random.Random(6)
    for seed in range(3):
        cfg = GameConfig(players=4, edition=Edition(edition), options=Options(scroll=scroll),
                         seed=seed)
        state, deal = GameState.new(cfg), random.Random(seed)
        while not state.is_terminal:
            if state.is_chance:
                state.advance(deal)
                continue
            if state.phase is Phase.PLAY:
                seat = state.current_player
                assert seat is not None
                want = []
                for c in legal_cards(state.hands[seat], state.trick, state.trump,
                                     cfg.scroll_active):
                    for form in ((card("MERLIN:W"), card("MERLIN:J")) if c.text == "MERLIN"
                                 else (c,)):
                        if play(form) not in want:
                            want.append(play(form))
                assert sorted(map(str, state.legal_actions())) == sorted(map(str, want))
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("edition", ["classic", "magic", "camelot"])
def test_states_pickle_and_deep_copy_with_their_edition_shared(edition: str) -> None:
    import copy
    import pickle

    from wizard.engine import Edition, start
    state, _ = start(GameConfig(players=4, seed=3, edition=Edition(edition)), random.Random(3))
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin.legal_actions() == state.legal_actions()
        assert twin.config.rules is rules_of(edition)
        twin.apply(twin.legal_actions()[0])
