"""Layout is maths: every size from 1024x640 to 4K, 3..6 players, nothing overlaps."""

from __future__ import annotations

import pytest

from wizard.ui.layout import (
    Box,
    bid_buttons,
    centered,
    hand_boxes,
    hand_index_at,
    seat_positions,
    table_layout,
)

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1440, 900), (1920, 1080), (2560, 1440),
         (3840, 2160), (1024, 768), (1600, 1200), (2560, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_nothing_overlaps_and_all_inside(size: tuple[int, int], players: int) -> None:
    lay = table_layout(*size, players)
    win = lay.window
    boxes = lay.solid_boxes() + [lay.menu_button, lay.pad_button]
    for b in boxes:
        assert b.inside(win), (b, size)
    solid = lay.solid_boxes()
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            assert not a.overlaps(b), (a, b, size, players)
    assert not lay.menu_button.overlaps(lay.pad_button)
    assert not lay.hint_button.overlaps(lay.pad_button)
    for b in (lay.menu_button, lay.pad_button, lay.hint_button):
        assert b.inside(lay.top_bar)
    for i, a in enumerate(lay.trick_spots):
        assert a.inside(lay.trick_area)
        for b in lay.trick_spots[i + 1:]:
            assert not a.overlaps(b)
    for p in lay.peeks[1:]:
        assert p.inside(win)
        for plate in lay.plates:
            assert not p.overlaps(plate)
    # cards stay a readable size
    assert lay.hand_card[0] >= 50
    assert lay.trick_spots[0].w >= 40


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [1, 5, 10, 15, 20])
def test_hand_fits_and_hit_testing(size: tuple[int, int], n: int) -> None:
    lay = table_layout(*size, 3)
    boxes = hand_boxes(lay, n)
    assert len(boxes) == n
    for b in boxes:
        assert b.inside(lay.hand)
    xs = [b.x for b in boxes]
    assert xs == sorted(xs)
    for i, b in enumerate(boxes):
        # the visible strip of each card (left part, not covered by the next) picks that card
        right = boxes[i + 1].x if i + 1 < n else b.right
        p = ((b.x + right) / 2, b.bottom - 5)
        assert hand_index_at(lay, n, p) == i
    lifted = hand_boxes(lay, n, lifted=0)
    assert lifted[0].y < boxes[0].y


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [2, 6, 11, 16, 21])
def test_bid_buttons_inside_bar_no_overlap(size: tuple[int, int], count: int) -> None:
    lay = table_layout(*size, 3)
    btns = bid_buttons(lay, count)
    assert len(btns) == count
    for i, a in enumerate(btns):
        assert a.inside(lay.bid_bar)
        assert a.w >= 20
        for b in btns[i + 1:]:
            assert not a.overlaps(b)


def test_positions_and_helpers() -> None:
    assert seat_positions(4, 2) == [2, 3, 0, 1]
    c = centered(1000, 600, 400, 2000)
    assert c.h == 600 and c.x == 300
    assert Box(0, 0, 10, 10).overlaps(Box(5, 5, 10, 10))
    assert not Box(0, 0, 10, 10).overlaps(Box(10, 0, 10, 10))
    with pytest.raises(ValueError):
        table_layout(1280, 800, 7)


def test_opponents_clockwise_left_top_right() -> None:
    lay = table_layout(1920, 1080, 4)
    left, top, right = lay.plates[1], lay.plates[2], lay.plates[3]
    assert left.center[0] < top.center[0] < right.center[0]
    assert top.center[1] < left.center[1]


def test_the_trump_and_merlin_questions_cover_neither_the_trick_nor_the_hands() -> None:
    """The question sits where the prompt and the bid bar are: off the trick spots (Merlin asks
    about the trick), the hand, the turned card, the plates; its buttons inside it (issue #16)."""
    from wizard.ui.layout import choice_buttons, choice_panel
    for w, h in ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160)):
        for players in range(3, 7):
            for scale in (1.0, 1.3):
                lay = table_layout(w, h, players, scale)
                for count in (2, 4):
                    box = choice_panel(lay, count)
                    assert box.inside(lay.window)
                    covered = [lay.trick_area, *lay.trick_spots, lay.hand, lay.turned, lay.deck,
                               lay.trump_label, *lay.plates]
                    assert not any(box.overlaps(b) for b in covered), (w, h, players, scale, count)
                    buttons = choice_buttons(lay, count)
                    assert all(b.inside(box) and b.h >= 30 for b in buttons), (w, h, players, buttons)
                    assert all(not a.overlaps(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
