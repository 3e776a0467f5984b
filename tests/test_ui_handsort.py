"""Hand order: specials at the ends, trump first, suits grouped, high ranks first."""

from wizard.engine import cards
from wizard.table.handsort import sort_hand


def test_sort_hand_trump_first_specials_at_ends() -> None:
    hand = cards("J R3 B13 W G7 R12 B2 J MERLIN")
    out = [c.text for c in sort_hand(hand, "G")]
    assert out == ["W", "MERLIN", "G7", "B13", "B2", "R12", "R3", "J", "J"]


def test_no_trump_keeps_suits_grouped() -> None:
    out = [c.text for c in sort_hand(cards("Y1 B5 Y13 R2"), None)]
    assert out == ["B5", "R2", "Y13", "Y1"]
