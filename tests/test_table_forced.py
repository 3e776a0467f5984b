"""A person's only legal card is played for them after the usual pause (a setting, on by
default); any real choice is left to them. No pygame."""

from __future__ import annotations

import random

from wizard.engine import Card, Edition, GameConfig, GameState, Phase, card
from wizard.session import Seat, Session
from wizard.table import Accepted, BidIntent, Table

PAUSE = 0.5


def table_with(hand: list[str], edition: Edition = Edition.CLASSIC, **kw: bool) -> Table:
    """Three players; the person (seat 0) bids first and leads, holding ``hand``."""
    n = len(hand)
    cfg = GameConfig(3, edition=edition, seed=4)
    pool: list[Card] = [c for c in (card(f"{s}{r}") for s in "BG" for r in range(3, 14))]
    others = [pool[:n], pool[n:2 * n]]
    state = GameState.at_deal(cfg, n, 2, [[card(c) for c in hand], *others], card("Y9"))
    seats = [Seat.human("Anna"), Seat.ai("Merlin", "random"), Seat.ai("Vivian", "random")]
    return Table(Session(state, seats, rng=random.Random(4)), threaded=False, speed=1.0,
                 ai_pause=PAUSE, **kw)


def to_my_lead(table: Table) -> float:
    """Bid (the person bids 0), then wait for the person's lead; the clock time it began."""
    for _ in range(400):
        if table.my_turn() and table.port.phase is Phase.BID:
            assert isinstance(table.submit(BidIntent(0)), Accepted)
        if table.my_turn() and table.port.phase is Phase.PLAY:
            return table.clock.now
        table.tick(0.01)
    raise AssertionError("the person never leads")


def played_at(table: Table, seconds: float = 3.0) -> float | None:
    """When the person's card left the hand (clock time), ticking for ``seconds``."""
    moves = table.port.moves
    for _ in range(round(seconds / 0.01)):
        table.tick(0.01)
        if table.port.moves > moves:
            return table.clock.now
    return None


def test_the_only_legal_card_is_played_after_the_pause() -> None:
    table = table_with(["R7"])
    start = to_my_lead(table)
    assert table.busy()                        # the screen keeps ticking while it waits
    at = played_at(table)
    assert at is not None and PAUSE - 0.02 <= at - start <= PAUSE + 0.05
    assert table.port.record().actions[-1].record().endswith("R7")
    outs = table.take_outcomes()
    assert any(isinstance(o, Accepted) and o.action is not None for o in outs)


def test_the_setting_off_leaves_the_card_to_the_person() -> None:
    table = table_with(["R7"], auto_forced=False)
    to_my_lead(table)
    assert played_at(table) is None and table.my_turn()


def test_a_real_choice_is_never_made_for_the_person() -> None:
    table = table_with(["R7", "Y2"])           # leading: either card
    to_my_lead(table)
    assert played_at(table) is None
    merlin = table_with(["MERLIN"], edition=Edition.CAMELOT)   # Merlin: as a Wizard or a Jester
    to_my_lead(merlin)
    assert played_at(merlin) is None and merlin.my_turn()


def test_the_setting_is_on_by_default_and_validated() -> None:
    from wizard.persistence.settings import Settings
    assert Settings().auto_play_forced is True
    off, bad = Settings.from_dict({"schema": 1, "auto_play_forced": False})
    assert off.auto_play_forced is False and bad == []
    fixed, bad = Settings.from_dict({"schema": 1, "auto_play_forced": "sometimes"})
    assert fixed.auto_play_forced is True and bad == ["auto_play_forced"]
    assert Settings.from_dict(off.to_dict())[0].auto_play_forced is False
