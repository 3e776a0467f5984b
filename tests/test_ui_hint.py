"""The hint's panel on the screen: every row fits at 1024x640 in en/fr/ca, Expert's choice is
ringed, and the panel goes when the person acts or asks again."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_table import human_turn, key, make_app, seats, table_at  # noqa: E402

from wizard.engine import Bid, GameConfig, Phase, Play  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.session import Session  # noqa: E402
from wizard.table import PlayIntent  # noqa: E402
from wizard.ui import theme  # noqa: E402
from wizard.ui.board.hint import MIN_SIZE, fit_hint, room_for  # noqa: E402
from wizard.ui.layout import bid_buttons  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.smoke import play_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def asked(app: object, t: TableScene) -> None:
    key(app, pygame.K_h)  # type: ignore[arg-type]
    for _ in range(5):
        app.frame(0.0)  # type: ignore[attr-defined]
        if t.table.hint_job is None:
            break


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
@pytest.mark.parametrize("players,scale", [(6, 1.3), (4, 1.0)])
def test_a_bid_hint_fits_and_rings_the_bid(lang: str, players: int, scale: float) -> None:
    set_language(lang)
    app = make_app(size=(1024, 640))
    app.settings.ui_scale = scale
    s = play_until(Session.new(GameConfig(players, seed=27), seats(1, players)),
                   human_turn(Phase.BID, 5))
    t = table_at(app, s)
    asked(app, t)
    hint = t.table.shown_hint()
    assert hint is not None and isinstance(hint.action, Bid) and len(hint.rows) >= 2
    room = room_for(t)
    fit = fit_hint(hint, room, t.lay.unit)
    assert len(fit.rows) == len(hint.rows) and fit.size >= MIN_SIZE       # nothing left out
    assert fit.box.inside(room)
    options = t.table.bid_options()
    button = bid_buttons(t.lay, len(options))[hint.action.n]
    assert not fit.box.overlaps(button)
    # the ring: just outside the bid button, in the hint's colour
    u = t.lay.unit
    x, y = round(button.center[0]), round(button.y - 2 * u - max(3, round(4 * u)) / 2)
    assert tuple(app.screen.get_at((x, y)))[:3] == theme.GOOD
    moves = s.moves
    asked(app, t)                                  # H again: the panel goes, nothing is played
    assert t.table.shown_hint() is None and s.moves == moves
    app.frame(0.0)
    assert tuple(app.screen.get_at((x, y)))[:3] != theme.GOOD


def test_a_card_hint_rings_the_card_and_goes_when_the_card_is_played() -> None:
    app = make_app(size=(1024, 640))
    s = play_until(Session.new(GameConfig(4, seed=28), seats(1)),
                   lambda s: human_turn(Phase.PLAY, 4)(s) and len(s.legal_actions()) >= 3)
    t = table_at(app, s)
    asked(app, t)
    hint = t.table.shown_hint()
    assert hint is not None and isinstance(hint.action, Play) and len(hint.rows) == 3
    fit = fit_hint(hint, room_for(t), t.lay.unit)
    assert len(fit.rows) == 3
    for spot in t.lay.trick_spots:                 # the trick stays in sight
        assert not fit.box.overlaps(spot)
    i = t.sorted_hand().index(hint.action.card.in_hand)
    r = t.hand_rects()[i]
    u = t.lay.unit
    w = max(3, round(4 * u))
    assert tuple(app.screen.get_at((r.x - round(2 * u) - w // 2 - 1, r.centery)))[:3] == theme.GOOD
    t.submit(PlayIntent(hint.action.card))
    app.frame(0.0)
    assert t.table.shown_hint() is None


def test_a_trump_hint_rings_the_suit_button() -> None:
    """The dealer who turned up a Wizard asks: Expert's suit is ringed among the four buttons."""
    from wizard.engine import ChooseTrump
    from wizard.ui.board.hint import TRUMP_ORDER
    from wizard.ui.layout import choice_buttons
    from wizard.ui.smoke import trump_session

    app = make_app(size=(1024, 640))
    s = trump_session()
    t = table_at(app, s)
    for _ in range(20):
        app.frame(0.05)
        if t.table.choice == "trump":
            break
    assert t.table.choice == "trump"
    asked(app, t)
    app.frame(0.0)
    hint = t.table.shown_hint()
    assert hint is not None and isinstance(hint.action, ChooseTrump)
    u = t.lay.unit
    buttons = choice_buttons(t.lay, 4)
    width = max(3, round(4 * u))

    def ringed(i: int) -> bool:
        b = buttons[i]
        x, y = round(b.center[0]), round(b.y - 2 * u - width / 2)
        return tuple(app.screen.get_at((x, y)))[:3] == theme.GOOD
    chosen = TRUMP_ORDER.index(hint.action.suit)
    assert ringed(chosen)
    assert not any(ringed(i) for i in range(4) if i != chosen)


def test_with_little_room_the_precision_goes_before_what_the_lines_mean() -> None:
    """#35: at 1024x640 the round-1 bid hint lost its whole note (why 88 % + 2 % is not 100 %)
    for want of room; the note's precision now goes first, its explanation stays."""
    from wizard.table import HintReady
    from wizard.table.intents import HintRow
    from wizard.ui.layout import Box
    make_app(size=(1024, 640))
    rows = (HintRow(Bid(1), 26.0, 0.88, True, "Bid 1, play for 1 trick: you make it in 88 % "
                    "of deals, +26 points on average."),
            HintRow(Bid(0), -9.0, 0.02, False, "Bid 0, play for 0 tricks: you make it in 2 % "
                    "of deals, -9 points on average."))
    words = "In Camelot, Excalibur voids round 1: then neither bid is made."
    precision = ("From 1100 sampled deals: chances within ±4 %, points within ±3 (95 % sure); "
                 "at tables like this the model is within ±6 % of play on average (points ±5).")
    hint = HintReady(Bid(1), "Expert would bid 1.", rows, 0, 1, f"{words} {precision}", "", words)
    room = Box(0, 0, 330, 118)
    fit = fit_hint(hint, room, 0.8)
    assert len(fit.rows) == 2 and " ".join(fit.note) == words
    roomy = fit_hint(hint, Box(0, 0, 330, 400), 0.8)
    assert " ".join(roomy.note) == f"{words} {precision}"

