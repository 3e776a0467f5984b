"""The table's cards at the screen level: tooltips on hover and keyboard focus, the card legend,
the opaque last-trick view."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard import messages  # noqa: E402
from wizard.engine import Edition, GameConfig, Phase  # noqa: E402
from wizard.session import Session  # noqa: E402
from wizard.table.computer import step_ai
from wizard.ui import text, theme  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.card_legend import CardLegendScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.smoke import _seats, play_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line ``text.draw`` draws."""
    lines: list[str] = []
    orig = text.draw

    def draw(surf: pygame.Surface, s: str, *a: object, **k: object) -> pygame.Rect:
        lines.append(s)
        return orig(surf, s, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "draw", draw)
    yield lines


def _table(edition: str = "camelot") -> tuple[object, TableScene]:
    app = make_app(size=(1280, 800), speed="off", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    cfg = GameConfig(4, seed=21, edition=Edition(edition))
    s = play_until(Session.new(cfg, _seats(1)),
                   lambda s: s.is_human_turn() and s.phase is Phase.PLAY and s.round >= 4
                   and len(s.view(0).trick) >= 1)
    t = app.go("table", session=s)
    assert isinstance(t, TableScene)
    app.frame(0.0)
    return app, t


def _move(app: object, pos: tuple[float, float]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])),  # type: ignore[attr-defined]
                                       rel=(0, 0), buttons=(0, 0, 0))])


def test_a_card_under_the_pointer_or_chosen_with_the_keys_names_itself(drawn: list[str]) -> None:
    app, t = _table()
    hand = t.sorted_hand()
    first = t.hand_rects()[0]
    _move(app, (first.x + 4, first.bottom - 8))
    assert messages.card_title(hand[0]) in drawn
    seat, played = t.shown.trick[0]
    drawn.clear()
    _move(app, t.lay.trick_spots[t.pos_of(seat)].center)
    assert messages.card_title(played) in drawn
    drawn.clear()
    _move(app, (t.lay.width / 2, t.lay.prompt.y - 5))          # bare felt: no tooltip
    assert not any(messages.card_title(c) in drawn for c in hand + [played])
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")])  # type: ignore[attr-defined]
    assert t.selected == len(hand) - 1
    assert messages.card_title(hand[-1]) in drawn


def test_the_badge_and_the_bid_sum_explain_themselves(drawn: list[str]) -> None:
    from wizard.ui.board.topbar import top_items
    app, t = _table()
    _move(app, top_items(t)["badge"][1].center)
    assert "Camelot Edition" in drawn and messages.edition_description("camelot") in " ".join(drawn)
    drawn.clear()
    _move(app, top_items(t)["bids"][1].center)
    assert any("The sum of the bids" in line for line in drawn)


def test_the_legend_opens_from_the_game_menu_with_this_games_cards(drawn: list[str]) -> None:
    app, t = _table()
    t.open_menu()
    app.frame(0.0)  # type: ignore[attr-defined]
    menu = app.top  # type: ignore[attr-defined]
    button = next(b for b in menu.widgets if getattr(b, "label", None) and callable(b.label)
                  and b.label() == "The cards")
    button.on_click()
    app.frame(0.0)  # type: ignore[attr-defined]
    legend = app.top  # type: ignore[attr-defined]
    assert isinstance(legend, CardLegendScene) and legend.edition is Edition.CAMELOT
    for name in ("Holy Grail", "Excalibur", "Merlin", "Morgan le Fay", "Wizard", "Jester"):
        assert name in drawn


def test_the_last_trick_view_is_opaque() -> None:
    app, t = _table("classic")
    while t.shown.last_trick is None:
        s = t.game
        s.act(s.legal_actions()[0]) if s.is_human_turn() else step_ai(s)
        app.frame(0.0)  # type: ignore[attr-defined]
    t.review = True
    app.frame(0.0)  # type: ignore[attr-defined]
    lay, u = t.lay, t.lay.unit
    last = t.shown.last_trick
    n = len(last.cards)
    cw = min(lay.trick_spots[0].w, lay.trick_area.w / (n + 1))
    w = max(300 * u, n * (cw + 10 * u) + 30 * u)
    box = pygame.Rect(0, 0, w, cw * 1.5 + 110 * u)
    box.center = lay.trick_area.center
    colour = app.screen.get_at((box.x + round(8 * u), box.centery))  # type: ignore[attr-defined]
    assert tuple(colour)[:3] == theme.PANEL


def test_a_clairvoyance_card_and_the_turned_card_name_themselves(drawn: list[str]) -> None:
    from wizard.engine import Options
    from wizard.ui.board.cards import peek_layout
    app = make_app(size=(1024, 640), speed="off", headless=True, threaded=False, lang="en")
    cfg = GameConfig(3, seed=13, options=Options(clairvoyance=True))
    s = play_until(Session.new(cfg, _seats(1, 3)),
                   lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round >= 12)
    t = app.go("table", session=s)
    assert isinstance(t, TableScene)
    app.frame(0.0)
    hand = peek_layout(t)[0]
    seat = next(k for k in t.shown.peeks if t.pos_of(k) == hand.position)
    last = hand.cards[-1]
    _move(app, last.center)
    assert messages.card_title(t.table.peek_hand(seat)[-1]) in drawn
    drawn.clear()
    first = hand.cards[0]
    _move(app, (first.x + 3, first.center[1]))          # the visible strip of a covered card
    assert messages.card_title(t.table.peek_hand(seat)[0]) in drawn
    drawn.clear()
    assert t.shown.turned is not None
    _move(app, t.lay.turned.center)
    assert messages.card_title(t.shown.turned) in drawn


def test_titles_with_figures_use_a_face_whose_one_is_not_an_i() -> None:
    """EB Garamond's old-style "1" looks like "I" ("Round I / I5", "I."): a title with figures is
    set in the text face, one without keeps the title face."""
    from wizard.ui.fonts import font
    assert text.face_for("Round 1 / 15", "title") == "text"
    assert text.face_for("1.", "title") == "text"
    assert text.face_for("Carme wins!", "title") == "title"
    assert text.face_for("Round 1 / 15", "bold") == "bold"
    one, eye = (font(40, "title").render(s, True, (0, 0, 0)) for s in ("1", "I"))
    assert abs(one.get_width() - eye.get_width()) <= 2       # why: the two read alike in the title face
    assert text.render("1", 40, theme.INK, "title").get_size() == font(40, "text").render("1", True, (0, 0, 0)).get_size()


def test_a_tooltip_is_opaque_and_inside_the_window() -> None:
    from wizard.ui.tooltip import tooltip
    pygame.init()
    surf = pygame.Surface((400, 300))
    surf.fill((255, 0, 0))
    rect = tooltip(surf, pygame.Rect(380, 5, 20, 30), "Holy Grail", ["A sentence long enough to wrap "
                   "on a second line, and a third."], 1.0)
    assert surf.get_rect().contains(rect)
    inside = surf.get_at((rect.centerx, rect.bottom - 5))    # the padding under the text
    assert tuple(inside)[:3] == (16, 26, 22)
