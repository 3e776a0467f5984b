"""The picture on screen, moved by redacted events, always matches the seat's view."""

from __future__ import annotations

import random

import pytest

from wizard.engine import BidVisibility, CardDrawn, GameConfig, Options, Phase
from wizard.session import Seat, Session
from wizard.table.shown import Shown


def _compare(shown: Shown, expected: Shown) -> None:
    for field in ("round", "dealer", "hand_counts", "turned", "trump", "bids", "bids_made",
                  "tricks", "totals", "trick", "own_played"):
        assert getattr(shown, field) == getattr(expected, field), field
    assert sorted(shown.hand or [], key=lambda c: c.code) == sorted(expected.hand or [],
                                                                    key=lambda c: c.code)


@pytest.mark.parametrize("options", [Options(), Options(bids=BidVisibility.SECRET),
                                     Options(bids=BidVisibility.HIDDEN)])
@pytest.mark.parametrize("viewer", [0, 2, None])
def test_events_rebuild_the_view(options: Options, viewer: int | None) -> None:
    cfg = GameConfig(4, seed=31, options=options)
    s = Session.new(cfg, [Seat.ai(str(i), "random") for i in range(4)])
    shown = Shown.from_view(s.view(viewer), viewer)
    s.subscribe(lambda ses, evs: [shown.apply(e) for e in ses.redacted(evs, viewer)])
    s.start()
    rng = random.Random(1)
    for _ in range(400):
        if s.finished:
            break
        if s.needs_advance:
            s.advance()
        else:
            s.act(rng.choice(s.state.legal_actions()))
        if s.state.phase in (Phase.BID, Phase.PLAY):
            _compare(shown, Shown.from_view(s.view(viewer), viewer))


def test_tie_in_the_draw_keeps_only_the_last_draw() -> None:
    from wizard.engine import card
    sh = Shown(players=3, viewer=0)
    for seat, c in ((0, "W"), (1, "W"), (2, "B3"), (0, "R5"), (1, "R9")):
        sh.apply(CardDrawn(seat, card(c)))
    assert [(s, c.text) for s, c in sh.drawn] == [(0, "R5"), (1, "R9")]


def test_a_wizard_keeps_its_picture_from_hand_to_trick_and_no_two_look_alike() -> None:
    from wizard.engine import CardPlayed, card
    W, J, R5 = card("W"), card("J"), card("R5")
    shown = Shown(players=4, viewer=0, hand=[W, W, J, R5], hand_counts=[4, 4, 4, 4])
    assert shown.hand_looks([W, W, J, R5]) == [0, 1, 0, 0]
    # the viewer's card in flight looks as it did in hand (the first Wizard)
    assert shown.trick_looks([(0, W)], own_shown=False) == [0]
    shown.apply(CardPlayed(0, W))
    assert shown.hand_looks(shown.hand or [])[0] == 1          # the other Wizard keeps its picture
    assert shown.trick_looks(shown.trick) == [0]
    shown.apply(CardPlayed(1, W))                              # another seat: a Wizard not in our hand
    shown.apply(CardPlayed(2, W))
    looks = shown.trick_looks(shown.trick)
    assert looks[0] == 0 and sorted(looks[1:]) == [2, 3]
    assert shown.trick_looks(shown.trick[1:], later=()) == looks[1:]
    shown.apply(CardPlayed(3, J))
    assert shown.trick_looks(shown.trick)[3] == 1              # our hand's Jester is picture 0
