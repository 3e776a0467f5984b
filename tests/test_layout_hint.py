"""The hint's panel lies on free felt: never over the trick, the bid buttons, the hand, the plates
or the prompt, at every window size from 1024x640, 3..6 players, interface size 100 % and 130 %."""

from __future__ import annotations

import pytest

from wizard.ui.hintlayout import HINT_MIN_H, HINT_MIN_W, free_boxes, hint_room
from wizard.ui.layout import Box, bid_buttons, peek_hands, table_layout, trick_piles

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (1024, 768)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("trick", [True, False])
def test_the_hint_panel_covers_nothing_it_talks_about(size: tuple[int, int], players: int,
                                                      scale: float, trick: bool) -> None:
    lay = table_layout(*size, players, scale)
    room = hint_room(lay, trick=trick)
    u = lay.unit
    assert room.inside(lay.window)
    assert room.w >= HINT_MIN_W * u - 1e-6 and room.h >= HINT_MIN_H * u - 1e-6
    assert room.w >= 190 and room.h >= 95                 # room for a title and three rows
    keep = [lay.top_bar, *lay.plates, lay.prompt, lay.bid_bar, lay.hand, lay.deck, lay.turned,
            lay.trump_label, *trick_piles(lay)]
    keep += [b for n in (2, 5, 11, 16, 21) for b in bid_buttons(lay, n)]
    if trick:                       # a card hint: the trick in play stays in sight
        keep += list(lay.trick_spots)
    for b in keep:
        assert not room.overlaps(b), (b, room, size, players, scale)
    # the prompt's second line grows upwards over the felt above it: not under the panel either
    p = lay.prompt
    assert not room.overlaps(Box(p.x, p.y - p.h, p.w, p.h))


def test_bidding_puts_the_panel_near_the_bid_buttons() -> None:
    lay = table_layout(1280, 800, 4)
    room = hint_room(lay, trick=False)
    assert room.bottom <= lay.prompt.y and lay.prompt.y - room.bottom < 60
    assert abs(room.center[0] - lay.bid_bar.center[0]) < 40


def test_the_hands_shown_under_clairvoyance_are_avoided_when_there_is_room() -> None:
    lay = table_layout(1920, 1080, 3)
    peeks = peek_hands(lay, {1: 5, 2: 5})
    avoid = tuple(b for h in peeks for b in (h.label, *h.cards))
    room = hint_room(lay, avoid, trick=False)
    assert not any(room.overlaps(b) for b in avoid)
    assert room.w >= HINT_MIN_W * lay.unit


def test_free_boxes_are_the_gaps_between_obstacles() -> None:
    window = Box(0, 0, 100, 100)
    found = free_boxes(window, [Box(40, 0, 20, 100)], 0)
    assert Box(0, 0, 40, 100) in found and Box(60, 0, 40, 100) in found
    assert all(not b.overlaps(Box(40, 0, 20, 100)) for b in found)
    assert free_boxes(window, [Box(0, 0, 100, 100)], 0) == []
