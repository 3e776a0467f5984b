"""The AI's private unchecked simulator agrees with the checked engine: legal moves, trick winners, scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizard.ai import simulator as F
from wizard.engine import (
    BidVisibility,
    ChooseTrump,
    Edition,
    GameConfig,
    GameState,
    Options,
    Phase,
    RoundScored,
    TrickWon,
    bid,
    cards,
    play,
)


class DealFrom:
    """A stand-in rng whose shuffle lays the pack out so the engine deals a logged round."""

    def __init__(self, rec: dict[str, Any], n: int) -> None:
        self.rec = rec
        self.n = n

    def shuffle(self, pack: list[Any]) -> None:
        rec, n = self.rec, self.n
        r = rec["round"]
        order = [rec["hands"][(rec["dealer"] + 1 + i) % n][j] for j in range(r) for i in range(n)]
        if rec["turned"] >= 0:
            order.append(rec["turned"])
        rest = [F.encode(c) for c in pack]
        for c in order:
            rest.remove(c)
        pack[:] = [F.decode(c) for c in order + rest]


def replay_in_engine(cfg: GameConfig, log: list[dict[str, Any]]) -> int:
    """Replay a fast game in the engine, comparing every legal set, trick winner and score."""
    n = cfg.players
    ed = F.EDITIONS[cfg.edition.value]
    scroll = cfg.scroll_active
    state = GameState.new(cfg)
    checks = 0
    for rec in log:
        state.advance(DealFrom(rec, n))  # type: ignore[arg-type]
        assert state.dealer == rec["dealer"]
        if state.phase is Phase.TRUMP:
            assert rec["choice"] >= 0
            state.apply(ChooseTrump("BGRY"[rec["choice"]]))
        assert F.suit_index(state.trump) == rec["trump"]
        totals_order = [state.totals[(state.dealer + 1 + k) % n] for k in range(n)]
        for i, b in enumerate(rec["bids"]):
            bad = -1
            if i == n - 1:
                bad = F.forbidden_bid(state.round, rec["bids"][:i], cfg.game_rules, totals_order)
            fast_legal = {x for x in range(state.round + 1) if x != bad}
            assert {a.n for a in state.legal_actions()} == fast_legal  # type: ignore[attr-defined]
            state.apply(bid(b))
            checks += 1
        winners = iter(zip(rec["winners"], rec["voids"], strict=True))
        for c in rec["plays"]:
            seat = state.current_player
            assert seat is not None
            hand = [F.encode(x) for x in state.hands[seat]]
            trick = [F.encode(x) for x in state.trick]
            fast_legal = {F.TEXT[x] for x in F.legal_plays(hand, F.lead_of(trick), F.suit_index(
                state.trump), scroll)}
            assert {str(a) for a in state.legal_actions()} == fast_legal
            events = state.apply(play(F.decode(c)))
            checks += 1
            for e in events:
                if isinstance(e, TrickWon):
                    assert (e.winner, e.void) == next(winners)
                    codes = [F.encode(x) for _, x in e.cards]
                    idx, void = F.trick_winner(codes, F.suit_index(state.trump if state.trump else
                                                                     None), ed, scroll)
                    assert (e.cards[idx][0], void) == (e.winner, e.void)
                if isinstance(e, RoundScored):
                    assert list(e.points) == rec["points"]
    assert state.is_terminal
    return checks


OPTION_SETS = [
    Options(),
    Options(no_equal_sum=True),
    Options(canadian=True, clairvoyance=True),
    Options(bids=BidVisibility.HIDDEN),
    Options(bids=BidVisibility.SECRET, no_equal_sum=True),
    Options(scroll=True),
    Options(scroll=True, no_equal_sum=True, canadian=True),
]


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_agree_with_engine(edition: Edition, players: int) -> None:
    total = 0
    for k, opts in enumerate(OPTION_SETS):
        cfg = GameConfig(players=players, edition=edition, options=opts, seed=k, first_dealer=0)
        log: list[dict[str, Any]] = []
        rng = random.Random(f"{edition}:{players}:{k}")
        F.random_game(rng, cfg.game_rules, log=log)
        total += replay_in_engine(cfg, log)
    assert total > 100


def test_trick_winner_matches_engine_on_random_tricks() -> None:
    from wizard.engine.trick import trick_winner
    rng = random.Random(5)
    for edition in ("classic", "magic", "camelot"):
        pack = [F.decode(c) for c in F.DECKS[F.EDITIONS[edition]]]
        for _ in range(3000):
            n = rng.randint(3, 6)
            trick = rng.sample(pack, n)
            trick = [c.declare(rng.choice("WJ")) if c.is_merlin else c for c in trick]
            trump = rng.choice([None, "B", "G", "R", "Y"])
            scroll = edition == "classic" and rng.random() < 0.5
            codes = [F.encode(c) for c in trick]
            assert F.trick_winner(codes, F.suit_index(trump), F.EDITIONS[edition], scroll) == \
                trick_winner(trick, trump, edition, scroll)


def test_trick_status_and_key_if_played_match_engine_on_every_prefix() -> None:
    """The AI's one int form of the trick rule, on tricks in progress: lead, card winning so far."""
    from wizard.engine.trick import lead_suit, trick_winner
    rng = random.Random(11)
    for edition in ("classic", "magic", "camelot"):
        ed = F.EDITIONS[edition]
        pack = [F.decode(c) for c in F.DECKS[ed]]
        for _ in range(1500):
            trick = rng.sample(pack, rng.randint(1, 6))
            trick = [c.declare(rng.choice("WJ")) if c.is_merlin else c for c in trick]
            trump = rng.choice([None, "B", "G", "R", "Y"])
            scroll = edition == "classic" and rng.random() < 0.5
            codes = [F.encode(c) for c in trick]
            tr = F.suit_index(trump)
            lead, best, key = -1, -1, -2
            for i in range(len(trick)):
                k = F.key_if_played(codes[i], i, lead, tr, ed, scroll)
                status = F.trick_status(codes[:i + 1], tr, ed, scroll)
                assert status[1] == (i if k > key else best)
                lead, best, key = status
                suit = lead_suit(trick[:i + 1])
                assert lead == (F.suit_index(suit) if suit is not None else
                                -2 if any(c.cancels_lead for c in trick[:i + 1]) else -1)
                assert lead == F.lead_of(codes[:i + 1]) == F.lead_after(
                    F.lead_of(codes[:i]), codes[i])
                assert best == trick_winner(trick[:i + 1], trump, edition, scroll)[0]
    assert F.trick_status([], 0, F.CLASSIC, False) == (-1, -1, -2)


def test_codes_round_trip_and_decks() -> None:
    for code in range(F.NCODES):
        assert F.encode(F.decode(code)) == code
    assert sorted(F.TEXT[c] for c in F.DECKS[2]).count("W") == 4
    assert len(F.DECKS[0]) == len(F.DECKS[2]) == 60
    assert F.legal_plays([F.encode(c) for c in cards("B3 R5 MERLIN")], 0, 1) == [
        F.encode(c) for c in cards("B3 MERLIN:W MERLIN:J")]


def test_random_game_is_deterministic_and_bench_runs() -> None:
    rules = GameConfig(5, edition=Edition.CAMELOT).game_rules
    a = F.random_game(random.Random(3), rules)
    b = F.random_game(random.Random(3), rules)
    assert a == b
    assert F.bench_fast(0.05, random.Random(1)) > 50
