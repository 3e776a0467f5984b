"""The player sets the pace (issue #29): the round's last trick stays on the table until the
person clicks or presses a key, before the round's result covers it; "until I click" holds every
finished trick; a forced card waits long enough for the trick it joins to be seen. No pygame."""

from __future__ import annotations

import pytest

from wizard.engine import Bid, ChooseTrump, GameConfig, Phase, Play
from wizard.session import Seat, Session
from wizard.table import (
    BidIntent,
    NextRound,
    PlayIntent,
    RoundOver,
    SkipAnimation,
    Table,
    TrumpIntent,
)
from wizard.table.trickshow import UNTIL_CLICK


def solo(speed: float, *, hold: float = 1.0, waits: bool = True, seed: int = 7) -> Table:
    seats = [Seat.human("Anna")] + [Seat.ai(n, "random") for n in ("Bruno", "Carme")]
    return Table(Session.new(GameConfig(3, seed=seed), seats), threaded=False, speed=speed,
                 ai_pause=0.6, trick_hold=hold, last_trick_waits=waits, auto_forced=True)


def act(t: Table) -> None:
    """The person does the first legal thing (a forced card is left to play itself)."""
    legal = t.port.legal_actions(t.viewer)
    a = legal[0]
    if isinstance(a, Bid):
        t.submit(BidIntent(a.n))
    elif isinstance(a, ChooseTrump):
        t.submit(TrumpIntent(a.suit))
    elif isinstance(a, Play) and len(legal) > 1:
        t.submit(PlayIntent(a.card))


def to_last_trick(t: Table, rnd: int, skip_animations: bool = False) -> None:
    """Play to round ``rnd``'s end, until its last trick lies on the table; no round result
    may come before it (earlier rounds' results are closed as they come)."""
    s = t.port
    for _ in range(20_000):
        if s.round == rnd and s.phase is Phase.ROUND_END and t.drained and t.shown.held:
            return
        if t.my_turn():
            act(t)
        if s.round < rnd and t.waiting_for_click():
            t.submit(SkipAnimation())           # an earlier round's last trick: clicked away
        if skip_animations and not t.drained and s.round == rnd:
            t.submit(SkipAnimation())           # the person hurries the last trick's animation
        t.tick(0.05)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                assert s.round < rnd, "the round's result came before its last trick was seen"
                t.submit(NextRound())
    raise AssertionError("the round never ended")


def results(t: Table) -> list[RoundOver]:
    return [o for o in t.take_outcomes() if isinstance(o, RoundOver)]


@pytest.mark.parametrize("speed", [0.0, 1.0])
@pytest.mark.parametrize("rnd", [1, 3])
def test_the_last_trick_stays_until_a_click(speed: float, rnd: int) -> None:
    t = solo(speed)
    to_last_trick(t, rnd)
    won = t.shown.won
    for _ in range(600):                      # 30 s: well past any hold or pause
        t.tick(0.05)
        assert not results(t), "the round's result covered the last trick without a click"
        assert t.shown.held and t.shown.won is won and t.trick_line()
    assert t.waiting_for_click() and not t.busy()     # nothing moves: no need to redraw
    line, tone = t.prompt()       # the last card may have been forced: "Only the 9 of … could be played."
    assert line.endswith("Click or press a key to go on.") and tone == "accent"
    t.submit(SkipAnimation())                 # the click (any click or key, on the screen)
    t.tick(0.05)
    assert [o.result.round for o in results(t)] == [rnd]


@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_without_the_setting_the_last_trick_is_held_for_the_hold(speed: float) -> None:
    t = solo(speed, waits=False)
    to_last_trick(t, 2)
    start = t.clock.now
    while not results(t):
        assert not t.waiting_for_click()
        t.tick(0.05)
    assert 0.95 <= t.clock.now - start <= 1.15


def test_hurrying_the_animations_does_not_skip_the_last_trick() -> None:
    """Space (or a click) during the animations ends them, not the hold that follows."""
    t = solo(1.0)
    to_last_trick(t, 3, skip_animations=True)
    t.tick(20.0)
    assert not results(t) and t.waiting_for_click()
    t.submit(SkipAnimation())
    t.tick(0.05)
    assert len(results(t)) == 1


def test_until_i_click_holds_every_trick() -> None:
    """Every finished trick, with animations on, stays until the click: the next lead (a
    computer's, or a card forced on the person) waits for it."""
    t = solo(1.0, hold=UNTIL_CLICK, waits=True, seed=3)
    s = t.port
    seen: set[int] = set()      # the tricks that waited for the click
    led: set[int] = set()       # those the person's own lead took away
    for _ in range(40_000):
        if s.round > 4:
            break
        if t.waiting_for_click():
            moves = s.moves
            t.tick(15.0)
            assert s.moves == moves and t.shown.held
            seen.add(id(t.shown.won))
            t.submit(SkipAnimation())
        elif t.my_turn():
            if t.shown.held:                      # the person's own lead takes the trick away
                led.add(id(t.shown.won))
            act(t)
        t.tick(0.05)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                t.submit(NextRound())
    assert len(seen | led) == 1 + 2 + 3 + 4 and len(seen - led) > 4    # each trick of rounds 1 to 4


def test_a_forced_card_leaves_the_trick_it_joins_on_view_with_animations_off() -> None:
    """The defect: animations off, the person's forced card played the next frame, so the cards
    led before it were never seen before the finished trick replaced them. Now the forced card
    waits the computer's pause (0.6 s) with the trick's other cards on the table."""
    t = solo(0.0, waits=False)
    s = t.port
    shortest = None
    for _ in range(20_000):
        if s.round > 4:
            break
        if t.forced is not None and s.is_human_turn() and t.shown.trick:
            start = t.clock.now
            moves = s.moves
            while s.moves == moves:
                t.tick(0.05)
            shortest = min(shortest or 99.0, t.clock.now - start)
        elif t.my_turn():
            act(t)
        t.tick(0.05)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                t.submit(NextRound())
    assert shortest is not None and shortest >= 0.55, shortest
