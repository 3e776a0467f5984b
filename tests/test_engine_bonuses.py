"""The round result names the camelot bonuses that made its points (docs/RULES.md §6)."""

from __future__ import annotations

from enginehelp import random_game

from wizard.engine import (
    Bid,
    Bonus,
    BonusKind,
    Edition,
    GameConfig,
    GameState,
    Play,
    RoundScored,
    TrickWon,
    card,
)
from wizard.engine.scoring import round_score

GRAIL = card("GRAIL")


def test_round_score_names_each_bonus() -> None:
    assert round_score(1, 1, edition="camelot", round_=6, rounds=20, grail_bonus=True) == (
        50, (Bonus(BonusKind.GRAIL, 20),))
    assert round_score(0, 0, edition="camelot", round_=6, rounds=20) == (
        25, (Bonus(BonusKind.ZERO_BID, 25),))
    assert round_score(0, 0, edition="camelot", round_=15, rounds=15) == (
        35, (Bonus(BonusKind.ZERO_BID_LAST, 35),))
    assert round_score(0, 0, edition="camelot", round_=4, rounds=20) == (20, ())
    assert round_score(2, 1, edition="camelot", round_=6, rounds=20, grail_bonus=True) == (-10, ())
    assert round_score(1, 1, edition="camelot", voided_round=True) == (
        0, (Bonus(BonusKind.VOIDED, 0),))
    assert round_score(0, 0, edition="classic", round_=6, rounds=20, grail_bonus=True) == (20, ())


def test_camelot_results_carry_the_bonuses_of_their_rounds() -> None:
    seen: set[BonusKind] = set()
    for seed in range(1, 13):
        cfg = GameConfig(3 + seed % 3, edition=Edition.CAMELOT, seed=seed)
        state, events = random_game(cfg, seed)
        grail_to: int | None = None
        results = iter(state.history)
        for e in events:
            if isinstance(e, TrickWon):
                cards = [c for _, c in e.cards]
                if GRAIL in cards:
                    grail_to = e.winner
            if isinstance(e, RoundScored):
                row = next(results)
                assert row.points == e.points and len(row.bonuses) == cfg.players
                for s in range(cfg.players):
                    kinds = [b.kind for b in row.bonuses[s]]
                    seen.update(kinds)
                    met = row.bids[s] == row.tricks[s]
                    if BonusKind.VOIDED in kinds:
                        assert e.round == 1 and kinds == [BonusKind.VOIDED] and e.points[s] == 0
                        continue
                    assert (BonusKind.GRAIL in kinds) == (met and grail_to == s)
                    zero = met and row.bids[s] == 0 and e.round > 4
                    assert (BonusKind.ZERO_BID in kinds) == (zero and e.round < cfg.rounds)
                    assert (BonusKind.ZERO_BID_LAST in kinds) == (zero and e.round == cfg.rounds)
                    base = 20 + 10 * row.tricks[s] if met else -10 * abs(row.tricks[s] - row.bids[s])
                    if zero:
                        base = next(b.points for b in row.bonuses[s] if b.kind is not BonusKind.GRAIL)
                    assert e.points[s] == base + 20 * (BonusKind.GRAIL in kinds)
                grail_to = None
    assert {BonusKind.GRAIL, BonusKind.ZERO_BID} <= seen, seen


def test_classic_results_have_no_bonuses() -> None:
    state, _ = random_game(GameConfig(4, seed=3), 3)
    assert all(b == () for row in state.history for b in row.bonuses)


def test_a_first_round_voided_by_excalibur_says_so_for_everyone() -> None:
    cfg = GameConfig(3, edition=Edition.CAMELOT, seed=1)
    state = GameState.at_deal(cfg, 1, 0, [[card("B5")], [card("EXCALIBUR")], [card("G7")]],
                              card("R9"))
    for n in (1, 0, 0):
        state.apply(Bid(n))
    events = []
    while not state.history:
        events += state.apply(Play(state.hands[state.current][0]))
    row = state.history[-1]
    assert row.points == (0, 0, 0)
    assert row.bonuses == ((Bonus(BonusKind.VOIDED, 0),),) * 3
