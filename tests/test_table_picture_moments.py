"""What ``Table.picture()`` says at a bid and at a play (issue #25): the bid buttons and the one
refused with its reason, the cards that may be played, what moves (a card dealt, a card played
from the hand) and the finished trick's line and last-trick view, all decided by the table and
carried in the picture, so that the painters draw it without reading ``Shown`` or the animation."""

from __future__ import annotations

from wizard.engine import Bid, GameConfig, Options, Phase, Play
from wizard.session import Seat, Session
from wizard.table import BidIntent, NextRound, PlayIntent, RoundOver, Table
from wizard.table.picture import BidButton, Motion

SEATS = [Seat.human("Ann"), Seat.ai("Bo", "random"), Seat.ai("Cy", "random")]


def _table(seed: int) -> Table:
    cfg = GameConfig(3, seed=seed, options=Options(no_equal_sum=True))
    return Table(Session.new(cfg, SEATS), threaded=False, speed=1.0, ai_pause=0.0)


def _tick(table: Table) -> None:
    """A twentieth of a second; a round's result is closed at once."""
    table.tick(0.05)
    if any(isinstance(o, RoundOver) for o in table.take_outcomes()):
        table.submit(NextRound())


def test_a_bid_moment_carries_the_bid_buttons_and_why_one_is_refused() -> None:
    table = _table(4)
    refused = bids = 0
    deal_seen = False
    for _ in range(6000):
        _tick(table)
        pic = table.picture()
        m = pic.motion
        if m is not None and m.kind == "deal":
            deal_seen = True
            assert m.seat is not None and 0 <= m.seat < 3 and m.card is None and 0 <= m.t <= 1
        if not (table.my_turn() and table.phase is Phase.BID):
            assert pic.bids == ()
            if table.my_turn() and table.phase is Phase.PLAY:
                table.submit(PlayIntent(next(c for c in pic.hands[0] or () if c in pic.legal)))
            continue
        legal = {a.n for a in table.port.legal_actions(0) if isinstance(a, Bid)}
        assert pic.my_turn and not pic.playing and pic.legal == frozenset()
        assert [b.n for b in pic.bids] == list(range(table.round + 1))
        assert {b.n for b in pic.bids if b.allowed} == legal
        for b in pic.bids:
            assert b == BidButton(b.n, b.allowed, "" if b.allowed else table.bid_reason(b.n))
            if not b.allowed:
                refused += 1
                assert b.reason                    # the words said on hover, decided once here
        assert pic.config is table.config and pic.viewer == 0 and pic.bottom == 0
        bids += 1
        table.submit(BidIntent(min(legal)))
        if refused and bids >= 3:
            break
    assert deal_seen and bids >= 3 and refused >= 1
    table.close()


def test_a_play_moment_carries_the_legal_cards_the_card_in_flight_and_the_trick() -> None:
    table = _table(5)
    flights = lines = 0
    for _ in range(6000):
        _tick(table)
        pic = table.picture()
        if pic.trick_line:
            lines += 1
            assert pic.trick_line == table.trick_line()
            won = table.trick_on_show()
            assert won is not None and pic.trick_mine == (won.winner == 0 and not won.void)
        last = table.shown.last_trick
        if last is None:
            assert pic.last_trick is None
        else:
            assert pic.last_trick is not None and pic.last_trick.cards == tuple(last.cards)
            assert len(pic.last_trick.looks) == len(last.cards)
            assert pic.last_trick.winner == last.winner
        if table.phase is Phase.BID and table.my_turn():
            table.submit(BidIntent(next(b.n for b in pic.bids if b.allowed)))
            continue
        if not (table.my_turn() and table.phase is Phase.PLAY):
            assert not pic.playing and pic.legal == frozenset()
            continue
        legal = {a.card.in_hand for a in table.port.legal_actions(0) if isinstance(a, Play)}
        assert pic.playing and pic.my_turn and pic.bids == () and pic.legal == legal
        hand = pic.hands[0]
        assert hand is not None and pic.legal <= set(hand)
        card = next(c for c in hand if c in legal)
        table.submit(PlayIntent(card))
        table.tick(0.05)                             # the card leaves the hand ...
        table.tick(0.05)                             # ... and is on its way
        flying = table.picture().motion
        assert isinstance(flying, Motion) and flying.kind == "play" and flying.seat == 0
        assert flying.card is not None and flying.card.in_hand == card and 0 < flying.t < 1
        assert not table.picture().playing          # the screen has not caught up yet
        flights += 1
        if flights >= 4 and lines:
            break
    assert flights >= 4 and lines >= 1
    table.close()


def _first_moments(speed: float, trick_hold: float = 1.0) -> list[tuple[float, object]]:
    """(time, picture) of a 4-player game's start, every twentieth of a second, until the
    person's first bid is asked."""
    seats = [Seat.human("Ann"), Seat.ai("Bo", "random"), Seat.ai("Cy", "random"),
             Seat.ai("Di", "random")]
    table = Table(Session.new(GameConfig(4, seed=29), seats), threaded=False, speed=speed,
                  ai_pause=0.0, trick_hold=trick_hold)
    out = []
    for i in range(200):
        out.append((i * 0.05, table.picture()))
        if table.my_turn():
            break
        table.tick(0.05)
    table.close()
    return out


def test_the_draw_for_first_dealer_stays_through_the_deal_and_is_gathered_for_the_bidding() -> None:
    """Seen playing: the four cards drawn for first dealer vanished while round 1 was dealt, then
    came back at the trick spots and lay there through the bidding, with the banner over them,
    as if a trick were under way (a Wizard in front of the person holding a 4)."""
    moments = _first_moments(1.0)
    chosen = [p for _t, p in moments if p.first_dealer is not None]
    dealing = [p for p in chosen if p.motion is not None and p.motion.kind == "deal"]
    assert chosen and dealing
    assert all(len(p.drawn) == 4 for p in dealing)            # the draw stays while the cards fly
    bid = moments[-1][1]
    assert bid.my_turn and bid.phase is Phase.BID
    assert bid.drawn == () and bid.first_dealer is None       # gathered: the trick spots are free


def test_animations_off_the_draw_for_first_dealer_is_still_seen_before_the_bidding() -> None:
    """Animations off, the draw and who deals first were only ever seen lying under the bidding;
    now they stay on their own for as long as a finished trick would (``trick_hold``)."""
    moments = _first_moments(0.0, trick_hold=1.5)
    assert moments[0][0] == 0 and moments[0][1].phase is Phase.DRAW
    t0, first = moments[1]                                    # after the first frame
    assert len(first.drawn) == 4 and first.first_dealer is not None and not first.my_turn
    assert not any(first.bids_made)
    t, bid = moments[-1]
    assert bid.my_turn and bid.drawn == () and 1.5 - 0.1 <= t - t0 <= 1.5 + 0.1
