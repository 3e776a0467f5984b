"""Computer players: legal, deterministic, view-only, fast on forced moves; search helpers."""

from __future__ import annotations

import random
import time

import pytest

from wizard.ai import BASELINES, LEVELS, Player, make_ai
from wizard.ai.knowledge import info_of
from wizard.ai.search import expected_score
from wizard.engine import BidVisibility, Edition, GameConfig, GameState, Options, Phase

ALL = LEVELS + BASELINES


def small(level: str) -> Player:
    """A player with a tiny search budget (tests stay fast and never reach the time cap)."""
    ai = make_ai(level)
    if level in ("hard", "expert"):
        ai.budget = 150  # type: ignore[attr-defined]
        ai.min_worlds = 2  # type: ignore[attr-defined]
        ai.max_worlds = 3  # type: ignore[attr-defined]
        ai.cap_s = 30.0  # type: ignore[attr-defined]
    return ai


CONFIGS = [
    GameConfig(players=4, seed=1),
    GameConfig(players=3, edition=Edition.CAMELOT, seed=2),
    GameConfig(players=6, edition=Edition.MAGIC, seed=3),
    GameConfig(players=5, options=Options(no_equal_sum=True, canadian=True, scroll=True), seed=4),
    GameConfig(players=4, options=Options(bids=BidVisibility.SECRET, clairvoyance=True), seed=5),
    GameConfig(players=4, edition=Edition.CAMELOT, options=Options(bids=BidVisibility.HIDDEN), seed=6),
]


def states(cfg: GameConfig, rounds: int, seed: int) -> list[GameState]:
    """Decision states from the first rounds of a game played by Normal players."""
    st = GameState.new(cfg)
    deal = random.Random(cfg.seed)
    normal = make_ai("normal")
    out = []
    while not st.is_terminal:
        if st.is_chance:
            if st.round >= rounds:
                break
            st.advance(deal)
            continue
        out.append(st.clone())
        seat = st.current_player
        assert seat is not None
        st.apply(normal.decide(st.view_for(seat), random.Random(f"{seed}:{len(st.actions)}")))
    return out


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}")
def test_every_level_plays_legal_moves_everywhere(cfg: GameConfig) -> None:
    for level in ALL:
        ai = small(level)
        st = GameState.new(cfg)
        deal = random.Random(cfg.seed)
        while not st.is_terminal and st.round <= 4:
            if st.is_chance:
                if st.round == 4:
                    break
                st.advance(deal)
                continue
            seat = st.current_player
            assert seat is not None
            view = st.view_for(seat)
            action = ai.decide(view, random.Random(f"{level}:{len(st.actions)}"))
            assert action in view.legal
            st.apply(action, seat)
        assert st.round >= 3


def test_levels_and_factory() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    with pytest.raises(ValueError):
        make_ai("grandmaster")
    assert {make_ai(x).name for x in ALL} == set(ALL)


@pytest.mark.parametrize("level", ALL)
def test_decisions_are_deterministic_for_a_given_rng(level: str) -> None:
    picked = states(GameConfig(players=4, seed=9), 5, 1)[::7]
    ai = small(level)
    for st in picked:
        seat = st.current_player
        assert seat is not None
        view = st.view_for(seat)
        a = ai.decide(view, random.Random(42))
        b = small(level).decide(view, random.Random(42))
        assert a == b


def scramble_unseen(st: GameState, seat: int, rng: random.Random) -> GameState:
    """A state that differs from ``st`` only in what ``seat`` cannot see: opponents' cards redealt
    among them (same hand sizes) and, with secret or hidden bids, other bids changed."""
    other = st.clone()
    opps = [s for s in range(st.config.players) if s != seat]
    pool = [c for s in opps for c in st.hands[s]]
    for _ in range(10):
        rng.shuffle(pool)
        k = 0
        for s in opps:
            size = len(st.hands[s])
            other.hands[s] = pool[k:k + size]
            k += size
        if other.hands != st.hands:
            break
    other._legal = None
    if st.config.options.bids is not BidVisibility.OPEN and st.phase is Phase.BID:
        for s in opps:
            if other.bids[s] is not None:
                other.bids[s] = rng.randrange(st.round + 1)
    return other


@pytest.mark.parametrize("level", ALL)
def test_decisions_depend_only_on_the_view(level: str) -> None:
    rng = random.Random(3)
    cfgs = [GameConfig(players=4, seed=11),
            GameConfig(players=5, edition=Edition.CAMELOT, seed=12,
                       options=Options(bids=BidVisibility.SECRET))]
    checked = differed = 0
    for cfg in cfgs:
        for st in states(cfg, 6, 2)[3::11]:
            seat = st.current_player
            assert seat is not None
            if st.view_for(seat).hand is None:
                continue
            twin = scramble_unseen(st, seat, rng)
            differed += twin.hands != st.hands
            assert twin.view_for(seat) == st.view_for(seat)
            a = small(level).decide(st.view_for(seat), random.Random(7))
            b = small(level).decide(twin.view_for(seat), random.Random(7))
            assert a == b
            checked += 1
    assert checked >= 8 and differed >= 6


def test_forced_move_answers_at_once() -> None:
    st = next(s for s in states(GameConfig(players=4, seed=21), 3, 4)
              if len(s.legal_actions()) == 1)
    seat = st.current_player
    assert seat is not None
    ai = make_ai("expert")
    t0 = time.perf_counter()
    action, notes = ai.suggest(st.view_for(seat), random.Random(1))
    assert time.perf_counter() - t0 < 0.01
    assert notes == {"forced": True} and action == st.legal_actions()[0]


def test_suggest_reports_estimates() -> None:
    st = [s for s in states(GameConfig(players=4, seed=5), 6, 4) if s.phase is Phase.PLAY
          and len(s.legal_actions()) > 1][3]
    seat = st.current_player
    assert seat is not None
    _, notes = small("expert").suggest(st.view_for(seat), random.Random(2))
    assert notes["worlds"] >= 2 and len(notes["values"]) == len(st.legal_actions())


def test_expected_score_formula() -> None:
    info = info_of(states(GameConfig(players=4, seed=5), 3, 1)[-1].view_for(0))
    info.round = 3
    dist = [0.1, 0.5, 0.3, 0.1]
    # EV(1) = 0.5*30 - 10*(0.1*1 + 0.3*1 + 0.1*2)
    assert expected_score(1, dist, info) == pytest.approx(15 - 6)
    info.edition = 2  # camelot: bid 0 above round 4 is worth 25
    info.round, info.rounds = 6, 15
    assert expected_score(0, [1.0, 0, 0, 0, 0, 0, 0], info) == pytest.approx(25)
    info.round = 15
    assert expected_score(0, [1.0] + [0.0] * 15, info) == pytest.approx(35)


def test_expert_bids_are_legal_under_sum_rules() -> None:
    cfg = GameConfig(players=4, seed=8, options=Options(no_equal_sum=True))
    for st in states(cfg, 6, 3):
        if st.phase is Phase.BID:
            seat = st.current_player
            assert seat is not None
            view = st.view_for(seat)
            assert small("expert").decide(view, random.Random(1)) in view.legal


def test_decision_time_bench_covers_every_level_round_size_and_forced_moves() -> None:
    from wizard.bench import ai as bench

    tables = bench.TABLES[2:3]  # camelot, hidden bids: Merlin, trump choice, specials
    times = bench.measure(player_counts=(3, 5), games=1, max_rounds=2, tables=tables)
    assert set(times) == set(LEVELS)
    # The 3-seat game seats three levels, the 5-seat game all four.
    for level, t in times.items():
        assert t.forced, level                       # round 1 with one card is forced for all
        assert max(t.forced) < 5.0                   # a forced move is answered at once
        assert {r for _, r in t.free} <= {1, 2}
    sizes = {(n, r) for t in times.values() for n, r in t.free}
    assert {(3, 2), (5, 2)} <= sizes
    lines = bench.report(times)
    assert lines[0].split()[:2] == ["level", "players"]
    assert any(line.startswith("expert: p95") and "-> ok" in line for line in lines)
    assert all(bench.within_targets(t)[2] for t in times.values())


def test_decision_time_bench_flags_a_level_over_target() -> None:
    from wizard.bench import ai as bench

    slow = bench.Times(free={(4, 7): [10.0] * 90 + [200.0] * 10})
    assert bench.within_targets(slow) == (200.0, 200.0, False)
    spike = bench.Times(free={(4, 7): [10.0] * 99 + [600.0]})
    p95, top, ok = bench.within_targets(spike)
    assert (p95, top, ok) == (10.0, 600.0, False)
    fine = bench.Times(free={(4, 7): [10.0] * 99 + [400.0]})
    assert bench.within_targets(fine)[2]
    lines = bench.report({"slowbot": slow})
    assert "slowbot: p95 200.00 ms" in lines[-1] and "OVER TARGET" in lines[-1]
