"""Every round's result, the last one included, summed up by the table as data (no pygame)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_table import intent_for

from wizard.engine import (
    BonusKind,
    Edition,
    GameConfig,
    GameState,
    RoundResult,
    RoundScored,
    card,
    deck,
)
from wizard.i18n import set_language
from wizard.session import Seat, Session
from wizard.table import Accepted, GameOver, Ignored, NextRound, Outcome, RoundOver, Table
from wizard.table.intents import MerlinIntent, Ready
from wizard.table.summary import round_summary

pytestmark = pytest.mark.usefixtures("english")


def play_round(table: Table, limit: int = 20_000) -> list[Outcome]:
    """Let the people at ``table`` play their first legal action until a round's result comes."""
    seen: list[Outcome] = []
    for _ in range(limit):
        table.tick(0.05)
        seen += table.take_outcomes()
        if any(isinstance(o, RoundOver) for o in seen):
            return seen
        if table.curtain_for is not None:
            assert isinstance(table.submit(Ready()), Accepted)
        elif table.my_turn():
            legal = table.port.legal_actions(table.viewer)
            out = table.submit(intent_for(legal[0]))
            if not isinstance(out, Accepted):      # Merlin asks Wizard or Jester first
                table.submit(MerlinIntent(True))
    raise AssertionError("no round result came")


def last_round_table(seats: list[Seat], seed: int = 7) -> Table:
    """Six players dealt the last round (10 cards each, the whole classic pack)."""
    cfg = GameConfig(6, seed=seed)
    pack = list(deck("classic"))
    random.Random(seed).shuffle(pack)
    hands = [pack[i * 10:(i + 1) * 10] for i in range(6)]
    state = GameState.at_deal(cfg, 10, 2, hands, None, totals=[40, -20, 110, 0, 30, 70])
    return Table(Session(state, seats, rng=random.Random(seed)), threaded=False, speed=0.0,
                 ai_pause=0.0)


def test_the_last_round_has_its_result_before_the_game_ends() -> None:
    seats = [Seat.human("You")] + [Seat.ai(n, "random") for n in ("B", "C", "D", "E", "F")]
    table = last_round_table(seats)
    seen = play_round(table)
    assert table.port.finished
    assert not any(isinstance(o, GameOver) for o in seen), "the game end came before the result"
    over = next(o for o in seen if isinstance(o, RoundOver))
    result = table.port.results[-1]
    assert over.last and over.summary.last and over.result == result
    summary = over.summary
    assert summary.title == "Last round scored: round 10"
    assert [r.seat for r in summary.rows] == list(range(6))
    for row in summary.rows:
        assert (row.bid, row.tricks, row.points, row.total) == (
            result.bids[row.seat], result.tricks[row.seat], result.points[row.seat],
            result.totals[row.seat])
        assert row.before == [40, -20, 110, 0, 30, 70][row.seat]
    assert [line.seat for line in summary.lines] == [0]        # the one person at the table
    line = summary.lines[0].text
    diff = result.tricks[0] - result.bids[0]
    assert line == ("You made your bid exactly!" if diff == 0 else
                    f"You took {abs(diff)} trick{'s' if abs(diff) > 1 else ''} "
                    f"too {'many' if diff > 0 else 'few'}.")
    for _ in range(5):                           # the result stays until the person closes it
        table.tick(0.5)
        assert table.take_outcomes() == []
    assert isinstance(table.submit(NextRound()), Accepted)
    table.tick(0.05)
    game = [o for o in table.take_outcomes() if isinstance(o, GameOver)]
    assert len(game) == 1 and list(game[0].totals) == table.port.totals
    assert isinstance(table.submit(NextRound()), Ignored)     # nothing more to close


def test_the_default_you_is_addressed_as_you_in_french() -> None:
    set_language("fr")
    seats = [Seat.human("Moi")] + [Seat.ai(n, "random") for n in ("B", "C", "D", "E", "F")]
    table = last_round_table(seats, seed=8)
    over = next(o for o in play_round(table) if isinstance(o, RoundOver))
    assert over.summary.title == "Manche 10, la dernière\u00a0: décompte"
    line = over.summary.lines[0].text
    assert "Moi" not in line and line.startswith("Vous "), line


def test_every_person_at_a_hot_seat_table_has_a_line() -> None:
    cfg = GameConfig(4, seed=5)
    pack = list(deck("classic"))
    hands = [pack[i * 3:(i + 1) * 3] for i in range(4)]
    state = GameState.at_deal(cfg, 3, 3, hands, pack[12])
    seats = [Seat.human("Anna"), Seat.ai("Bruno", "random"), Seat.human("Carme"),
             Seat.human("Didier")]
    table = Table(Session(state, seats, rng=random.Random(5)), threaded=False, speed=0.0,
                  ai_pause=0.0)
    assert table.you is None
    over = next(o for o in play_round(table) if isinstance(o, RoundOver))
    assert not over.last and over.summary.title == "Round 3 scored"
    lines = over.summary.lines
    assert [line.seat for line in lines] == [0, 2, 3]
    for line in lines:
        name = seats[line.seat].name
        assert line.text.startswith(name + " "), line.text
        assert line.made == (over.result.bids[line.seat] == over.result.tricks[line.seat])
    assert [r.person for r in over.summary.rows] == [True, False, True, True]


def _camelot_result() -> tuple[RoundResult, int]:
    """A scored camelot round (not the last) with a Grail bonus and a zero-bid bonus, from seeded
    random games; and the rounds of its game."""
    for seed in range(1, 60):
        cfg = GameConfig(3 + seed % 4, edition=Edition.CAMELOT, seed=seed)
        state, rng, deal = GameState.new(cfg), random.Random(seed), random.Random(seed)
        while not state.is_terminal:
            events = (state.advance(deal) if state.is_chance
                      else state.apply(rng.choice(state.legal_actions())))
            if any(isinstance(e, RoundScored) for e in events):
                row = state.history[-1]
                kinds = {b.kind for bs in row.bonuses for b in bs}
                if {BonusKind.GRAIL, BonusKind.ZERO_BID} <= kinds:
                    return row, cfg.rounds
    raise AssertionError("no seeded camelot round with both bonuses")


def test_a_camelot_summary_names_the_grail_and_the_zero_bid() -> None:
    result, rounds = _camelot_result()
    n = len(result.bids)
    names = [f"P{i}" for i in range(n)]
    grail = next(s for s in range(n) if any(b.kind is BonusKind.GRAIL for b in result.bonuses[s]))
    zero = next(s for s in range(n) if any(b.kind is BonusKind.ZERO_BID for b in result.bonuses[s]))
    summary = round_summary(result, rounds, names, [grail, zero])
    assert "Holy Grail: 20 more points" in summary.rows[grail].notes
    assert "Zero bid met: worth 25 points" in summary.rows[zero].notes
    quiet = [r for r in summary.rows if r.seat not in (grail, zero)]
    assert all(r.notes == () for r in quiet if not r.bonuses)
    set_language("ca")
    summary = round_summary(result, rounds, names, [grail])
    assert "Sant Grial: 20 punts més" in summary.rows[grail].notes


def test_a_round_voided_by_excalibur_says_nobody_scores() -> None:
    cfg = GameConfig(3, edition=Edition.CAMELOT, seed=1)
    state = GameState.at_deal(cfg, 1, 0, [[card("B5")], [card("EXCALIBUR")], [card("G7")]],
                              card("R9"))
    seats = [Seat.human("You"), Seat.ai("Merlin", "random"), Seat.ai("Vivian", "random")]
    table = Table(Session(state, seats, rng=random.Random(1)), threaded=False, speed=0.0,
                  ai_pause=0.0)
    over = next(o for o in play_round(table) if isinstance(o, RoundOver))
    summary = over.summary
    assert summary.voided and summary.note == "Excalibur voided round 1: nobody scores."
    result = over.result
    assert result.bids[0] == result.tricks[0] == 0      # the person bid 0; the trick counts for nobody
    assert [(line.text, line.made) for line in summary.lines] == [
        ("You made your bid exactly!", False)]           # true, but not good news: it scores 0
    assert all(r.points == 0 and r.notes == () for r in summary.rows)


def test_a_camelot_round_says_how_many_tricks_excalibur_voided() -> None:
    """#29: round 2, Excalibur voids the first trick (it counts for nobody); the result says so."""
    cfg = GameConfig(3, edition=Edition.CAMELOT, seed=1)
    hands = [[card("B5"), card("B9")], [card("EXCALIBUR"), card("B3")], [card("B7"), card("B4")]]
    state = GameState.at_deal(cfg, 2, 0, hands, card("R9"))
    seats = [Seat.human("You"), Seat.ai("Merlin", "random"), Seat.ai("Vivian", "random")]
    table = Table(Session(state, seats, rng=random.Random(1)), threaded=False, speed=0.0,
                  ai_pause=0.0)
    over = next(o for o in play_round(table) if isinstance(o, RoundOver))
    s = over.summary
    assert sum(over.result.tricks) == 2 - s.void_tricks
    assert s.void_tricks == 1 and not s.voided
    assert s.note == "Excalibur voided 1 trick: it counted for nobody."
    every = round_summary(dataclasses.replace(over.result, tricks=(1, 1, 0)), 15,
                          ["A", "B", "C"], [0])                # every trick won by someone
    assert every.void_tricks == 0 and every.note == ""
    set_language("fr")
    assert round_summary(over.result, 15, ["A", "B", "C"], [0]).note.startswith("Excalibur")
