"""What the table shows of the cards, without pygame: the pack, the backs of a hidden hand, the
clairvoyance hands in display order."""

from __future__ import annotations

from test_table import intent_for

from wizard.engine import CardPlayed, GameConfig, Options, Phase
from wizard.session import Seat, Session
from wizard.table import Accepted, NextRound, Ready, RoundOver, Shown, Table
from wizard.table.handsort import sort_hand


def _play_round(table: Table, until_round: int, watch: list[str]) -> None:
    """Play (people pick their first legal move) until round ``until_round`` is over; at every tick
    of a hot-seat person's card animation, check the backs shown for the bottom seat."""
    s = table.port
    for _ in range(200_000):
        if s.round > until_round or s.finished:
            return
        e = table.animator.active
        if isinstance(e, CardPlayed) and e.seat == table.bottom and table.shown.hand is None:
            counts = table.shown.hand_counts[e.seat]
            assert table.hand_backs(e.seat) == counts - 1, "the card in flight is also in the hand"
            if counts == 1:
                watch.append("last card")
        if table.curtain_for is not None:
            assert isinstance(table.submit(Ready()), Accepted)
        elif table.my_turn():
            out = table.submit(intent_for(s.legal_actions(table.viewer)[0]))
            assert isinstance(out, Accepted), out
        table.tick(1 / 30)
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                table.submit(NextRound())
    raise AssertionError("the game did not get there")


def test_no_phantom_back_after_a_hot_seat_person_plays_their_last_card() -> None:
    seats = [Seat.human(n) for n in ("Anna", "Bruno", "Carme")]
    table = Table(Session.new(GameConfig(3, seed=4), seats), threaded=False, speed=1.0, ai_pause=0.0)
    seen: list[str] = []
    _play_round(table, 2, seen)
    assert "last card" in seen          # the check ran while a last card flew to the trick


def test_the_pack_is_empty_in_the_last_round() -> None:
    def shown(players: int, round_: int, phase: Phase, turned: bool, counts: list[int]) -> Shown:
        from wizard.engine import card
        return Shown(players=players, viewer=0, round=round_, phase=phase, hand_counts=counts,
                     turned=card("R3") if turned else None)
    assert shown(4, 3, Phase.BID, True, [3, 3, 3, 3]).pack_left == 60 - 12 - 1
    assert shown(4, 3, Phase.PLAY, True, [1, 2, 2, 2]).pack_left == 47   # played cards left no pack
    assert shown(4, 15, Phase.BID, False, [15] * 4).pack_left == 0
    assert shown(6, 10, Phase.PLAY, False, [3] * 6).pack_left == 0
    assert shown(3, 20, Phase.DEAL, False, [5, 4, 4]).pack_left == 47    # being dealt
    assert shown(3, 0, Phase.DEAL, False, []).pack_left == 0


def test_clairvoyance_hands_come_sorted_like_a_hand() -> None:
    seats = [Seat.human("Anna"), Seat.ai("Bruno", "easy"), Seat.ai("Carme", "easy")]
    session = Session.new(GameConfig(3, seed=13, options=Options(clairvoyance=True)), seats)
    table = Table(session, threaded=False, speed=0.0, ai_pause=0.0)
    for _ in range(10_000):
        if table.shown.peeks and session.phase is Phase.BID and session.round >= 3:
            break
        if table.my_turn():
            table.submit(intent_for(session.legal_actions(table.viewer)[0]))
        table.tick(0.05)
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                table.submit(NextRound())
    for seat in (1, 2):
        shown = table.peek_hand(seat)
        assert sorted(map(str, shown)) == sorted(map(str, table.shown.peeks[seat]))
        assert shown == sort_hand(table.shown.peeks[seat], table.shown.trump)
    assert table.peek_hand(0) == []
