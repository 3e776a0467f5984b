"""Expert's race: clearly worse candidates drop out, close ones keep being simulated."""

from __future__ import annotations

import random

from wizard.ai import simulator as F
from wizard.ai.expert import ExpertPlayer
from wizard.ai.knowledge import info_of
from wizard.ai.race import Race, bid_value
from wizard.ai.rollout import Rules, World
from wizard.ai.search import endgame_value
from wizard.engine import Bid, Edition, GameConfig, GameState, Phase


def feed(race: Race, rows: list[dict[int, float]]) -> None:
    for row in rows:
        race.add(row)
        race.prune()


def test_a_clearly_worse_candidate_drops_out_and_close_ones_stay() -> None:
    rng = random.Random(1)
    race = Race([1, 2, 3], z=2.5, next_check=16)
    rows = []
    for _ in range(200):
        base = rng.gauss(0, 30)  # common to every candidate of the world (paired)
        rows.append({1: base + rng.gauss(0, 2), 2: base + 0.3 + rng.gauss(0, 2),
                     3: base - 15 + rng.gauss(0, 2)})
    feed(race, rows)
    assert 3 not in race.active
    assert {1, 2} <= set(race.active)
    assert len(race.values[3]) < len(race.values[1])  # it stopped being simulated
    assert race.leader() in (1, 2)


def test_no_pruning_when_z_is_zero_or_values_tie() -> None:
    race = Race([1, 2], z=0.0, next_check=16)
    feed(race, [{1: 10.0, 2: -50.0}] * 100)
    assert race.active == [1, 2]
    tie = Race([4, 5], z=2.5, next_check=16)
    feed(tie, [{4: 7.0, 5: 7.0}] * 100)
    assert tie.active == [4, 5]
    assert tie.leader() == 4  # ties: the lowest code


def test_bid_value_matches_the_scoring() -> None:
    class Seen:
        edition = F.CLASSIC
        round = 5
        rounds = 15
    assert bid_value(2, 2, False, False, Seen()) == 40  # type: ignore[arg-type]
    assert bid_value(2, 4, False, False, Seen()) == -20  # type: ignore[arg-type]
    assert bid_value(3, 0, False, True, Seen()) == 0  # type: ignore[arg-type]


def test_endgame_search_counts_its_work() -> None:
    # Three seats, two cards each: the exact search plays at least the six cards.
    deck = F.DECKS[F.CLASSIC][:]
    w = World([[deck[0], deck[1]], [deck[2], deck[3]], [deck[4], deck[5]]], [], [], 0, [0, 0, 0],
              [1, 0, 1], -1, False)
    nodes = [0]
    endgame_value(w, Rules(3, 0, F.CLASSIC, False, 2, 20), 0, nodes)
    assert nodes[0] >= 6


def _bid_view(seed: int) -> tuple[GameState, int]:
    state = GameState.new(GameConfig(players=4, edition=Edition.CLASSIC, seed=seed))
    rng = random.Random(seed)
    while state.round < 6 or state.phase is not Phase.BID:
        if state.is_chance:
            state.advance(rng)
        else:
            seat = state.current_player
            assert seat is not None
            state.apply(state.view_for(seat).legal[0], seat)
    seat = state.current_player
    assert seat is not None
    return state, seat


def test_expert_is_deterministic_and_appraises_a_far_bid() -> None:
    state, seat = _bid_view(3)
    view = state.view_for(seat)
    a1, n1 = ExpertPlayer().suggest(view, random.Random(9))
    a2, n2 = ExpertPlayer().suggest(view, random.Random(9))
    assert a1 == a2 and n1 == n2
    assert set(n1["exact"]) == set(n1["ev"]) and all(0 <= p <= 1 for p in n1["exact"].values())
    far = max(view.legal, key=lambda a: abs(a.n - a1.n) if isinstance(a, Bid) else -1)
    assert isinstance(far, Bid)
    best, notes = ExpertPlayer(points_only=True).appraise(view, random.Random(9), far)
    assert far.n in notes["ev"]
    assert notes["ev"][far.n] <= notes["ev"][best.n]  # type: ignore[union-attr]
    assert info_of(view).round == 6
