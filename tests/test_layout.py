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
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_nothing_overlaps_and_all_inside(size: tuple[int, int], players: int, scale: float) -> None:
    lay = table_layout(*size, players, scale)
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


# ---- the menu screens' rows (settings): everything grows with the interface size ----------------

SCALES = (1.0, 1.15, 1.3)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_rows_grow_with_the_interface_size_and_stay_in_the_window(size: tuple[int, int]) -> None:
    from wizard.ui.screenlayout import rows_layout, value_size
    lays = [rows_layout(*size, 10, scale) for scale in SCALES]
    for small, big in zip(lays, lays[1:], strict=False):
        assert big.controls[0].h > small.controls[0].h          # rows, values and labels grow
        assert value_size(big) > value_size(small)
        assert big.done.h > small.done.h
    win = Box(0, 0, *size)
    for lay in lays:
        assert lay.view.inside(win) and lay.done.inside(win) and not lay.view.overlaps(lay.done)
        for label, control in zip(lay.labels, lay.controls, strict=True):
            assert Box(label.x, 0, control.right - label.x, 1).inside(Box(0, 0, size[0], 1))
            assert label.right <= control.x
        if not lay.scrollable():
            assert all(c.inside(lay.view) for c in lay.controls)


@pytest.mark.parametrize("index", [0, 5, 6, 9])
@pytest.mark.parametrize(("before", "after"), [(1.0, 1.15), (1.15, 1.3), (1.3, 0.85), (0.85, 1.0)])
def test_the_changed_row_stays_under_the_pointer(index: int, before: float, after: float) -> None:
    from wizard.ui.screenlayout import anchored_offset, rows_layout, scrolled_into_view
    old = rows_layout(1280, 800, 10, before)
    old = rows_layout(1280, 800, 10, before, scrolled_into_view(old, index))   # the pointer sees it
    y = old.controls[index].center[1]
    new = rows_layout(1280, 800, 10, after, anchored_offset(1280, 800, 10, after, index, y))
    assert new.controls[index].contains((old.controls[index].center[0], y))
    if (index, before, after) in ((6, 1.0, 1.15), (6, 1.15, 1.3), (6, 1.3, 0.85), (5, 1.0, 1.15)):
        assert abs(new.controls[index].center[1] - y) < 0.5     # the interface size and display rows
    assert new.visible(index)


def test_scrolling_a_row_into_view() -> None:
    from wizard.ui.screenlayout import rows_layout, scrolled_into_view
    lay = rows_layout(1280, 800, 10, 1.3)
    assert lay.scrollable() and not lay.visible(9) and lay.visible(0)
    down = rows_layout(1280, 800, 10, 1.3, scrolled_into_view(lay, 9))
    assert down.visible(9) and not down.visible(0)
    assert lay.clamp(-10_000) == lay.offset_range()[0] < 0 == lay.clamp(10_000)
    assert lay.clamp(10_000, keep=40) == 40          # a list moved down to keep a row stays there


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_grows_with_the_interface_size(size: tuple[int, int], players: int) -> None:
    """At 115 % and 130 % the cards in hand, the trick, the plates and the text unit are never smaller;
    with three players (room to spare) everything is 15 % and 30 % larger."""
    lays = [table_layout(*size, players, scale) for scale in SCALES]
    for small, big in zip(lays, lays[1:], strict=False):
        assert big.unit >= small.unit
        assert big.hand_card[1] >= small.hand_card[1]
        assert big.trick_spots[0].h >= small.trick_spots[0].h - 0.5
        assert big.plates[0].h >= small.plates[0].h
        assert big.top_bar.h >= small.top_bar.h
    if players == 3 and size[0] / size[1] <= 1.6:
        for scale, lay in zip(SCALES, lays, strict=True):
            assert lay.unit == pytest.approx(lays[0].unit * scale)
            assert lay.hand_card[1] == pytest.approx(lays[0].hand_card[1] * scale)
            assert lay.trick_spots[0].h > lays[0].trick_spots[0].h or scale == 1.0
