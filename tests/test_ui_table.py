"""The table driven by synthetic events under the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import Bid, GameConfig, Options, Phase, Play  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.layout import bid_buttons, choice_buttons  # noqa: E402
from wizard.ui.routes import make_app as routed_app  # noqa: E402
from wizard.ui.scenes.game_menu import GameMenuScene  # noqa: E402
from wizard.ui.scenes.scorepad import ScorePadScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.smoke import play_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def make_app(speed: str = "off", size: tuple[int, int] = (1280, 800)) -> App:
    """A headless app that computes AI moves on the main thread."""
    app = routed_app(size=size, speed=speed, headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    return app


def seats(humans: int, n: int = 4) -> list[Seat]:
    return [Seat.human(f"H{i}") if i < humans else Seat.ai(f"A{i}", "random") for i in range(n)]


def click(app: App, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def key(app: App, k: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def table_at(app: App, session: Session) -> TableScene:
    t = TableScene(app, session)
    app.replace(t)
    app.frame(0.0)
    app.frame(0.0)
    return t


def bid_hit(t: TableScene) -> list[tuple[pygame.Rect, int, bool]]:
    """(rect, bid, allowed) of the bid buttons, from the pure layout."""
    options = t.table.bid_options()
    boxes = bid_buttons(t.lay, len(options))
    return [(pygame.Rect(b.tuple()), n, ok) for (n, ok), b in zip(options, boxes, strict=True)]


def human_turn(phase: Phase, min_round: int = 2):
    return lambda s: s.is_human_turn() and s.state.phase is phase and s.state.round >= min_round


def test_bid_by_button_and_by_digit() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    t = table_at(app, s)
    assert t.my_turn() and bid_hit(t)
    rect, n, ok = next(h for h in bid_hit(t) if h[2])
    click(app, rect.center)
    assert s.state.bids[0] == n
    s2 = play_until(Session.new(GameConfig(4, seed=22), seats(1)), human_turn(Phase.BID))
    t2 = table_at(app, s2)
    legal = [a.n for a in s2.state.legal_actions() if isinstance(a, Bid)]
    key(app, pygame.K_0 + legal[0])
    assert s2.state.bids[0] == legal[0]
    assert t2.game is s2


def test_forbidden_bid_is_disabled_and_says_why() -> None:
    app = make_app()
    for seed in range(40):
        cfg = GameConfig(4, seed=seed, first_dealer=0, options=Options(no_equal_sum=True))
        s = play_until(Session.new(cfg, seats(1)),
                       lambda s: human_turn(Phase.BID, 1)(s)
                       and len(s.state.legal_actions()) == s.state.round)
        if not s.finished:
            break
    assert s.state.bid_count == 3            # the human bids last
    t = table_at(app, s)
    bad = [h for h in bid_hit(t) if not h[2]]
    assert len(bad) == 1
    assert t.table.bid_reason(bad[0][1]) and not t.table.bid_reason(next(h for h in bid_hit(t) if h[2])[1])
    click(app, bad[0][0].center)
    assert s.state.bids[0] is None
    assert t.message is not None and t.message[2]
    assert "add up" in t.message[0] or "equal" in t.message[0] or str(s.state.round) in t.message[0]


def _first_index(t: TableScene, legal: bool) -> int | None:
    hand = t.sorted_hand()
    ok = t.table.legal_cards()
    for i, c in enumerate(hand):
        if (c in ok) == legal:
            return i
    return None


def test_play_legal_card_by_click_and_refuse_illegal() -> None:
    app = make_app()
    app.settings.auto_play_forced = False   # a single legal card would be played by itself
    for seed in range(30, 80):
        s = play_until(Session.new(GameConfig(4, seed=seed), seats(1)),
                       lambda s: human_turn(Phase.PLAY)(s) and len(s.state.trick) > 0)
        t = table_at(app, s)
        if t.my_turn() and _first_index(t, legal=False) is not None:
            break
    else:
        pytest.fail("no position with an unplayable card")
    bad = _first_index(t, legal=False)
    assert bad is not None
    hand_before = list(s.state.hands[0])
    click(app, t.hand_rects()[bad].midbottom[0:1] + (t.hand_rects()[bad].bottom - 5,))
    assert s.state.hands[0] == hand_before
    assert t.message is not None and t.message[2] and "follow" in t.message[0].lower()
    good = _first_index(t, legal=True)
    assert good is not None
    card_ = t.sorted_hand()[good]
    r = t.hand_rects()[good]
    click(app, (r.x + 4, r.bottom - 5))
    assert len(s.state.hands[0]) == len(hand_before) - 1
    assert s.state.actions[-1] == Play(card_) or card_.kind.value == "merlin"


def test_keyboard_arrows_and_enter_play() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(3, seed=41), seats(1, 3)), human_turn(Phase.PLAY))
    t = table_at(app, s)
    n_before = len(s.state.hands[0])
    legal = _first_index(t, legal=True)
    assert legal is not None
    for _ in range(legal + 1):
        key(app, pygame.K_RIGHT)
    assert t.selected == legal
    key(app, pygame.K_RETURN)
    assert len(s.state.hands[0]) == n_before - 1


def test_input_during_animation_is_kept_once() -> None:
    app = make_app(speed="normal")
    s = Session.new(GameConfig(3, seed=9, first_dealer=2), seats(1, 3))
    t = table_at(app, s)
    # run frames until the engine waits for the human while the screen still animates
    for _ in range(5000):
        if s.is_human_turn() and not t.table.drained:
            break
        app.frame(1 / 60)
    assert s.is_human_turn() and not t.table.drained
    phase = s.state.phase
    acted = len(s.state.actions)
    if phase is Phase.BID:
        legal = [a.n for a in s.state.legal_actions()]
        for _ in range(3):   # impatient: the same digit three times
            key(app, pygame.K_0 + legal[0])
    else:
        pytest.skip("human's first turn is not a bid")
    assert len(s.state.actions) == acted         # not yet: the animation runs
    for _ in range(600):
        app.frame(1 / 60)
        if len(s.state.actions) > acted and t.table.drained:
            break
    human_actions = [i for i in range(acted, len(s.state.actions))
                     if s.state.bids[0] is not None]
    assert human_actions, "the buffered bid was lost"
    assert s.state.bids[0] == legal[0]
    assert s.state.bid_count <= 3


def test_curtain_hides_hands_until_click_and_only_right_hand_shown() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=14), seats(2)),
                   lambda s: s.is_human_turn() and s.state.round >= 2 and s.current == 1)
    t = table_at(app, s)
    assert t.table.curtain_for == 1
    assert not [r for _c, r in app.painter.faces_log if r.startswith(("hand", "peek"))]
    key(app, pygame.K_RETURN)
    assert t.table.curtain_for is None and t.table.viewer == 1
    roles = {r for _c, r in app.painter.faces_log if r.startswith("hand")}
    assert roles == {"hand:1"}
    shown = {c for c, r in app.painter.faces_log if r == "hand:1"}
    assert shown == {c.text for c in s.state.hands[1]}


def test_hot_seat_no_frame_shows_a_hand_to_the_wrong_person() -> None:
    """Three rounds of a 2-human game, animations on: every frame is checked."""
    app = make_app(speed="fast")
    cfg = GameConfig(3, seed=77, options=Options(clairvoyance=True))
    s = Session.new(cfg, [Seat.human("Ann"), Seat.ai("Bot", "random"), Seat.human("Cy")])
    t = table_at(app, s)
    frames = checked = 0
    while s.state.round <= 3 and frames < 20000 and not s.finished:
        frames += 1
        events = []
        if (t.table.curtain_for is not None or t.table.waiting_for_click()) and frames % 7 == 0:
            events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")]
        elif t.my_turn() and frames % 5 == 0:
            if s.state.phase is Phase.BID:
                n = s.state.legal_actions()[0].n
                events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0 + n, mod=0, unicode="")]
            elif s.state.phase is Phase.PLAY:
                idx = _first_index(t, legal=True)
                events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
                          for _ in range((idx or 0) + 1)]
                events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode=""))
        for top in list(app.scenes[1:]):     # round end screens: continue
            if type(top).__name__ == "RoundEndScene":
                top.close()  # type: ignore[attr-defined]
        app.frame(1 / 30, events)
        log = app.painter.faces_log
        private = [(c, r) for c, r in log if r.startswith(("hand:", "peek:"))]
        if t.table.curtain_for is not None:
            assert not private, "a hand is visible behind the curtain"
        for c, role in private:
            checked += 1
            kind, seat = role.split(":")
            seat_i = int(seat)
            viewer = t.table.viewer
            assert viewer is not None and viewer == t.table.last_confirmed
            assert s.seats[viewer].is_human
            if kind == "hand":
                assert seat_i == viewer
            else:
                assert seat_i != viewer and s.state.phase in (Phase.BID, Phase.TRUMP)
            held = {x.text for x in s.state.hands[seat_i]}
            played = {x.text for x in s.state.trick} | {
                x.text for tr in s.state.tricks_played for _s, x in tr.cards}
            assert c in held or c.split(":")[0] in held or c in played
    assert s.state.round > 3 and checked > 50


def test_resize_scorepad_and_menu() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(5, seed=3), seats(1, 5)), human_turn(Phase.PLAY))
    t = table_at(app, s)
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640))])
    assert t.lay.width == 1024 and app.screen.get_size() == (1024, 640)
    for r in t.hand_rects():
        assert app.screen.get_rect().contains(r)
    key(app, pygame.K_TAB)
    assert isinstance(app.top, ScorePadScene)
    key(app, pygame.K_TAB)
    assert app.top is t
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, GameMenuScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is t
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=3840, h=2160, size=(3840, 2160))])
    assert t.lay.width == 3840


def test_all_computer_game_runs_to_game_end() -> None:
    app = make_app(speed="off")
    done: list[int] = []
    s = Session.new(GameConfig(6, seed=4), [Seat.ai(f"A{i}", "random") for i in range(6)])
    t = TableScene(app, s, keep_history=False, on_game_over=lambda t: done.append(1))
    app.replace(t)
    for _ in range(200000):
        app.frame(0.1)
        if done:
            break
    assert done and s.finished and s.state.round == 10


def test_language_switch_redraws() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    table_at(app, s)
    set_language("fr")
    app.frame(0.0)
    set_language("en")
    app.frame(0.0)


def test_hint_names_the_computers_choice() -> None:
    import time as _time
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    t = table_at(app, s)
    key(app, pygame.K_h)
    for _ in range(400):
        app.frame(0.02)
        if t.table.hint_job is None:
            break
        _time.sleep(0.01)
    hint = t.table.shown_hint()             # in its panel, no longer in the prompt line
    assert hint is not None and "Best bid at this table" in hint.text and t.message is None
    assert s.state.bids[0] is None        # a hint never plays


def test_drag_a_card_up_plays_it() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(3, seed=41), seats(1, 3)), human_turn(Phase.PLAY))
    t = table_at(app, s)
    idx = _first_index(t, legal=True)
    assert idx is not None
    r = t.hand_rects()[idx]
    start = (r.x + 3, r.bottom - 6)
    end = (start[0], t.lay.trick_area.center[1])
    n = len(s.state.hands[0])
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start),
                    pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    assert t.drag_pos == end
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end)])
    assert len(s.state.hands[0]) == n - 1


def test_trump_dialog_click_and_key() -> None:
    from wizard.ui.smoke import trump_session
    for how in ("click", "key"):
        app = make_app()
        s = trump_session()
        t = table_at(app, s)
        assert s.state.phase is Phase.TRUMP and t.table.choice == "trump"
        if how == "click":
            rect = pygame.Rect(choice_buttons(t.lay, 4)[2].tuple())     # the third suit: R
            click(app, rect.center)
            assert s.state.trump == "R"
        else:
            key(app, pygame.K_4)
            assert s.state.trump == "Y"
        assert s.state.phase is Phase.BID


def test_merlin_asks_wizard_or_jester() -> None:
    import random as _random

    from wizard.engine import Edition, GameState, card, deck
    cfg = GameConfig(4, edition=Edition.CAMELOT, seed=2)
    pack = [c for c in deck("camelot") if c.text not in ("MERLIN",)]
    hands = [[card("MERLIN"), pack[0]], pack[1:3], pack[3:5], pack[5:7]]
    state = GameState.at_deal(cfg, 2, 3, hands, card("R7"))
    s = Session(state, seats(1), rng=_random.Random(2))
    s = play_until(s, human_turn(Phase.PLAY, 1))
    t = table_at(app := make_app(), s)
    hand = t.sorted_hand()
    i = next(i for i, c in enumerate(hand) if c.text == "MERLIN")
    r = t.hand_rects()[i]
    click(app, (r.x + 3, r.bottom - 6))
    assert t.table.choice == "merlin" and s.state.trick == []
    key(app, pygame.K_j)
    assert s.state.trick == [card("MERLIN:J")]


def test_idle_jobs_prepare_card_faces() -> None:
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    table_at(app, s)
    jobs = list(app.idle_jobs)
    assert jobs
    before = len(app.painter._cache)
    for job in jobs[:10]:
        job()
    assert len(app.painter._cache) >= before + 10 - 1


def test_random_input_never_crashes_and_the_game_goes_on() -> None:
    """A monkey clicks and types at the table (and its overlays) for a few rounds."""
    import random as _random
    rng = _random.Random(5)
    app = make_app(speed="fast", size=(1024, 640))
    s = Session.new(GameConfig(4, seed=8, options=Options(clairvoyance=True)),
                    [Seat.human("Ann"), Seat.ai("B", "random"), Seat.human("Cy"), Seat.ai("D", "random")])
    t = TableScene(app, s, keep_history=False)
    app.replace(t)
    keys = [pygame.K_TAB, pygame.K_ESCAPE, pygame.K_l, pygame.K_SPACE, pygame.K_RETURN, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_UP, pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_w,
            pygame.K_j, pygame.K_h]
    for _frame in range(1500):
        events = []
        if not isinstance(app.top, (TableScene, ScorePadScene)) and \
                type(app.top).__name__ not in ("RoundEndScene", "GameEndScene"):
            # menus opened by Esc: close them again (never "Save and leave")
            events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        else:
            if rng.random() < 0.3:
                pos = (rng.randrange(1024), rng.randrange(640))
                events += [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0)),
                           pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                           pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]
            if rng.random() < 0.3:
                events.append(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0,
                                                 unicode=""))
        app.frame(1 / 30, events)
        assert app.scenes[0] is t, "the table must stay (only overlays come and go)"
    t.close()
    assert s.state.round >= 3


def test_card_picture_cache_stays_within_its_budget() -> None:
    from wizard.ui.cardpaint import CardPainter
    pygame.init()
    painter = CardPainter()
    painter._cache.budget = 2_000_000
    for w in range(60, 200, 7):
        for code in ("W", "J", "R13", "B2"):
            painter.face(code, w)
    assert painter._cache.used <= 2_000_000 and len(painter._cache) > 3
    assert painter.face("B2", 193) is painter.face("B2", 193)   # the newest are kept


def test_a_double_click_does_not_play_a_second_card() -> None:
    """The second click of a double click lands while the first card still glides: dropped."""
    app = make_app(speed="normal")
    s = play_until(Session.new(GameConfig(3, seed=41), seats(1, 3)), human_turn(Phase.PLAY))
    t = table_at(app, s)
    idx = _first_index(t, legal=True)
    assert idx is not None
    r = t.hand_rects()[idx]
    pos = (r.x + 3, r.bottom - 6)
    click(app, pos)
    played = len(s.state.actions)
    assert not t.table.drained
    # pretend the engine gives the turn straight back (as when one wins the trick and leads)
    real = s.state.current
    s.state.current = 0
    click(app, pos)
    assert t.table.kept == []
    s.state.current = real
    assert len(s.state.actions) == played


def test_a_failing_save_is_shown_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The notice is drawn over the table while saving fails, below the top bar (issue #17)."""
    import time as _time

    from wizard.service import SaveStatus
    from wizard.ui.scenes import table_draw
    drawn: list[object] = []
    real = table_draw.draw_save_notice

    def spy(surf: pygame.Surface, unit: float, status: SaveStatus, **kw: float) -> object:
        rect = real(surf, unit, status, **kw)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(table_draw, "draw_save_notice", spy)
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    t = table_at(app, s)
    assert drawn and all(r is None for r in drawn)         # all is well: nothing drawn
    app.prefs.save_status = SaveStatus(failed=True, reason="full", folder=None,
                                       failed_since=_time.monotonic())
    drawn.clear()
    app.frame(0.0)
    assert drawn and isinstance(drawn[-1], pygame.Rect)
    assert drawn[-1].top >= t.lay.top_bar.bottom


def test_the_last_trick_view_closes_when_the_table_moves_on() -> None:
    """L opened during the bidding must not stay over the table once cards are played."""
    app = make_app()
    s = play_until(Session.new(GameConfig(4, seed=21), seats(1)), human_turn(Phase.BID))
    t = table_at(app, s)
    key(app, pygame.K_l)
    assert t.review
    app.frame(0.0)
    assert t.review                                   # nothing moved: it stays open
    legal = [a.n for a in s.state.legal_actions() if isinstance(a, Bid)]
    key(app, pygame.K_0 + legal[0])
    for _ in range(400):
        app.frame(0.05)
        if t.shown.trick or t.shown.last_trick is not None:
            break
    assert t.shown.trick or t.shown.last_trick is not None       # cards were played
    assert not t.review


def test_a_hand_cards_tooltip_covers_neither_the_prompt_nor_the_bid_buttons(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard.ui.board import tips
    shown: list[pygame.Rect] = []
    real = tips.tooltip

    def spy(*args: object, **kw: object) -> pygame.Rect:
        rect = real(*args, **kw)  # type: ignore[arg-type]
        shown.append(rect)
        return rect

    monkeypatch.setattr(tips, "tooltip", spy)
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(size=size)
        s = play_until(Session.new(GameConfig(4, seed=22), seats(1)), human_turn(Phase.BID, 4))
        t = table_at(app, s)
        shown.clear()
        for r in t.hand_rects():
            app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 4, r.bottom - 8),
                                               rel=(0, 0), buttons=(0, 0, 0))])
        assert shown, "no tooltip was drawn"
        prompt = pygame.Rect(t.lay.prompt.tuple())
        buttons = [pygame.Rect(b.tuple()) for b in bid_buttons(t.lay, s.state.round + 1)]
        for rect in shown:
            assert not rect.colliderect(prompt), (size, rect, prompt)
            assert not any(rect.colliderect(b) for b in buttons), (size, rect)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_hand_cards_tooltip_opens_above_the_hand_over_no_card(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """#29: the tooltip of a card in hand opened beside it, over the next cards of the hand
    (and over the card the hint rings). Now it is above the whole hand, over none of its cards."""
    from wizard.ui.board import tips
    shown: list[pygame.Rect] = []
    real = tips.tooltip

    def spy(*args: object, **kw: object) -> pygame.Rect:
        rect = real(*args, **kw)  # type: ignore[arg-type]
        shown.append(rect)
        return rect

    monkeypatch.setattr(tips, "tooltip", spy)
    app = make_app(size=size)
    s = play_until(Session.new(GameConfig(4, seed=22), seats(1)),
                   lambda s: human_turn(Phase.PLAY, 6)(s) and len(s.legal_actions()) >= 3)
    t = table_at(app, s)
    hand = t.hand_rects()
    assert len(hand) >= 6
    for i, r in enumerate(hand):
        shown.clear()
        app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 4, r.bottom - 8),
                                           rel=(0, 0), buttons=(0, 0, 0))])
        assert shown, "no tooltip was drawn"
        cards_now = t.hand_rects()
        top = min(c.y for c in cards_now)
        for rect in shown:
            assert rect.bottom <= top, (size, i, rect, top)
            assert not any(rect.colliderect(c) for c in cards_now), (size, i, rect)
            assert not rect.colliderect(pygame.Rect(t.lay.prompt.tuple())), (size, i, rect)
