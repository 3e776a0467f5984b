"""Layout is maths: every size from 1024x640 to 4K, 3..6 players, nothing overlaps."""

from __future__ import annotations

import pytest

from wizard.ui.layout import (
    Box,
    bid_buttons,
    bid_flash,
    centered,
    hand_boxes,
    hand_index_at,
    peek_area,
    peek_hands,
    peek_index_at,
    seat_positions,
    table_layout,
    tooltip_box,
    trick_piles,
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


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160), (2560, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_clairvoyance_hands_are_readable(size: tuple[int, int], players: int) -> None:
    """Every other seat's hand, up to its largest round (20 cards with 3 players), lies in the
    empty middle of the table, clear of the plates and of each other, and every card shows its
    corner: a strip of at least a third of its width and 16 px, on cards at least 40 px wide."""
    lay = table_layout(*size, players)
    area = peek_area(lay)
    for b in lay.plates + (lay.prompt, lay.top_bar, lay.hand):
        assert not area.overlaps(b), (area, b)
    for n in sorted({1, 3, min(12, 60 // players), 60 // players}):
        hands = peek_hands(lay, {pos: n for pos in range(1, players)})
        assert [h.position for h in hands] == list(range(1, players))
        for h in hands:
            assert len(h.cards) == n
            w = h.cards[0].w
            assert w >= 40, (w, n)
            for b in (h.label, *h.cards):
                assert b.inside(area), (b, area)
            for a, b in zip(h.cards, h.cards[1:], strict=False):
                if a.y == b.y:                      # the next card on the same line covers a's right
                    strip = b.x - a.x
                    assert strip >= max(16.0, w / 3), (strip, w, n, size, players)
                else:
                    assert b.y >= a.bottom          # a second line starts below the first
        boxes = [(h.position, Box(min(c.x for c in h.cards), h.label.y,
                                  max(c.right for c in h.cards) - min(c.x for c in h.cards),
                                  max(c.bottom for c in h.cards) - h.label.y)) for h in hands]
        for i, (_p, a) in enumerate(boxes):
            for _q, b in boxes[i + 1:]:
                assert not a.overlaps(b), (a, b, n)
        first = hands[0]
        assert peek_index_at(hands, (first.cards[0].x + 2, first.cards[0].center[1])) == (first.position, 0)
        last = first.cards[-1]
        assert peek_index_at(hands, (last.right - 1, last.bottom - 1)) == (first.position, n - 1)
        assert peek_index_at(hands, (1, 1)) is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (3840, 2160), (2560, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bid_flash_stays_off_the_top_bar(size: tuple[int, int], players: int) -> None:
    """The "0!" of a bid just made shows by its seat's plate, never across the top bar."""
    lay = table_layout(*size, players)
    w, h = 60 * lay.unit, 40 * lay.unit
    for pos, plate in enumerate(lay.plates):
        b = bid_flash(lay, pos, w, h)
        assert b.inside(lay.window), (b, pos)
        assert not b.overlaps(lay.top_bar), (b, pos)
        assert not b.overlaps(plate)
        assert abs(b.center[0] - plate.center[0]) < 1 or not plate.inside(lay.window)


def test_tooltip_box_stays_inside_the_window() -> None:
    win = Box(0, 0, 1024, 640)
    above = tooltip_box(Box(500, 300, 60, 90), 300, 120, win)
    assert above.bottom <= 300 and above.inside(win)
    below = tooltip_box(Box(500, 40, 60, 90), 300, 120, win)       # no room above: below it
    assert below.y >= 130 and below.inside(win)
    corner = tooltip_box(Box(1000, 600, 24, 40), 300, 120, win)
    assert corner.inside(win) and not corner.overlaps(Box(1000, 600, 24, 40))
    huge = tooltip_box(Box(10, 10, 20, 20), 2000, 900, win)
    assert huge.inside(win)


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
    for hand in peek_hands(lays[-1], {pos: 60 // players for pos in range(1, players)}):
        assert hand.cards[0].w >= 40              # clairvoyance stays readable at 130 % too
    if players == 3 and size[0] / size[1] <= 1.6:
        for scale, lay in zip(SCALES, lays, strict=True):
            assert lay.unit == pytest.approx(lays[0].unit * scale)
            assert lay.hand_card[1] == pytest.approx(lays[0].hand_card[1] * scale)
            assert lay.trick_spots[0].h > lays[0].trick_spots[0].h or scale == 1.0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_every_seat_has_room_for_its_won_tricks(size: tuple[int, int], players: int, scale: float) -> None:
    """Each seat's pile of won tricks lies on free felt by its plate: clear of every plate, card
    spot, the hand, the prompt and the deck, and of the other piles."""
    lay = table_layout(*size, players, scale)
    piles = trick_piles(lay)
    assert len(piles) == players
    solid = [lay.top_bar, *lay.plates, *lay.trick_spots, lay.prompt, lay.bid_bar, lay.hand,
             lay.deck, lay.turned, lay.trump_label]
    for pos, b in enumerate(piles):
        assert b.w >= lay.plates[pos].w * 0.75 and b.h >= 14, (pos, b)
        assert b.inside(lay.window)
        assert not any(b.overlaps(o) for o in solid), (pos, b)
        plate = lay.plates[pos]
        assert min(abs(b.y - plate.bottom), abs(plate.y - b.bottom), abs(b.x - plate.right),
                   abs(plate.x - b.right)) <= 6 * lay.unit          # beside its own plate
        for other in piles[pos + 1:]:
            assert not b.overlaps(other)


def test_tooltip_box_keeps_clear_of_what_it_should_not_cover() -> None:
    win = Box(0, 0, 1280, 800)
    card = Box(600, 160, 80, 120)
    plate = Box(530, 54, 220, 100)                 # right above the card
    b = tooltip_box(card, 300, 100, win, 8, (plate,))
    assert not b.overlaps(plate) and not b.overlaps(card) and b.inside(win)
    assert tooltip_box(card, 300, 100, win, 8).bottom <= card.y      # nothing to avoid: above


def test_a_row_keeps_its_place_when_the_window_changes_size() -> None:
    """Full screen: the window grows, the row that made the change stays under the pointer."""
    from wizard.ui.screenlayout import anchored_offset, anchored_shift, rows_layout
    old = rows_layout(1280, 800, 11, 1.15)
    x, y = old.controls[5].center
    new = rows_layout(1920, 1080, 11, 1.15, anchored_offset(1920, 1080, 11, 1.15, 5, y),
                      anchored_shift(1920, 1080, 11, 1.15, 5, x))
    assert new.controls[5].contains((x, y))
    assert all(lab.x >= 0 and c.right <= 1920 for lab, c in zip(new.labels, new.controls, strict=True))
    far = rows_layout(1280, 800, 11, 1.15, 0.0, 5000.0)            # a shift never leaves the window
    assert max(c.right for c in far.controls) <= 1280
