"""Learn to play on screen (issue #29): the menu's button and the first start's offer, a lesson
played with clicks and keys, left and resumed or restarted from the Learn to play screen, and
the first game of Magic or Camelot Edition offering its lesson."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import play_lesson_to_end  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.table.lessons.steps import Do, Say  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.board.lesson import lesson_box  # noqa: E402
from wizard.ui.layout import bid_buttons  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.learn import LearnScene, OfferScene, offer_first_lesson  # noqa: E402
from wizard.ui.scenes.menu import MenuScene  # noqa: E402
from wizard.ui.scenes.setup import SetupScene  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.scenes.tutorial import TutorialScene  # noqa: E402
from wizard.ui.widgets import Button  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def make(tmp_path: Path) -> App:
    return make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False,
                    speed="off", lang="en")


def click(app: App, pos: tuple[float, float]) -> None:
    at = (round(pos[0]), round(pos[1]))
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at)])


def key(app: App, k: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def button(scene: object, label: str) -> Button:
    for w in scene.widgets:  # type: ignore[attr-defined]
        if isinstance(w, Button) and (w.label() if callable(w.label) else w.label) == label:
            return w
    raise AssertionError(f"no button {label!r}")


def settle(app: App, frames: int = 20) -> None:
    for _i in range(frames):
        app.frame(0.25)


def test_the_menu_opens_learn_to_play_and_a_lesson_starts(tmp_path: Path) -> None:
    app = make(tmp_path)
    app.go("menu")
    click(app, button(app.top, "Learn to play").rect.center)
    assert isinstance(app.top, LearnScene)
    click(app, button(app.top, "Start").rect.center)     # the basics: the first lesson
    assert isinstance(app.top, TutorialScene) and app.top.tutorial.lesson.id == "basics"


def test_learn_to_play_is_offered_once_on_the_very_first_start(tmp_path: Path) -> None:
    app = make(tmp_path)
    app.go("menu")
    assert offer_first_lesson(app)
    offer = app.top
    assert isinstance(offer, OfferScene)
    key(app, pygame.K_RETURN)                # Enter takes the focused answer: the first lesson
    assert isinstance(app.top, TutorialScene) and app.top.tutorial.lesson.id == "basics"
    app.prefs.flush()
    again = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False,
                     speed="off", lang="en")
    again.go("menu")
    assert not offer_first_lesson(again)     # remembered in the settings
    assert again.settings.lessons["offered"] == ["first"]


def test_no_offer_when_a_game_is_in_progress(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("B", "easy"),
                                            Seat.ai("C", "easy")], on_save=prefs.save_game)
    s.start()
    prefs.flush()
    app = make_app(prefs, size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    app.go("menu")
    assert not offer_first_lesson(app) and isinstance(app.top, MenuScene)


def test_a_lesson_with_clicks_and_keys_refuses_kindly_then_goes_on(tmp_path: Path) -> None:
    app = make(tmp_path)
    sc = app.go("lesson", lesson_id="basics", pos=0)
    assert isinstance(sc, TutorialScene)
    settle(app)
    tut = sc.tutorial
    assert isinstance(tut.item, Say)
    note = tut.note()
    assert note is not None and note.kind == "say"
    box = lesson_box(sc, note)
    assert box.button is not None
    click(app, box.button.center)                        # Continue, with the mouse
    key(app, pygame.K_SPACE)                             # and with the keyboard
    settle(app)
    assert isinstance(tut.item, Do) and tut.item.action == "bid 1"
    moves = sc.game.moves
    zero = bid_buttons(sc.lay, 2)[0]
    click(app, zero.center)                              # a legal bid, not the lesson's
    assert sc.game.moves == moves and sc.message is not None
    assert "ringed" in sc.message[0]
    key(app, pygame.K_1)
    settle(app)
    assert sc.game.moves > moves and sc.game.state.actions[0].n == 1   # type: ignore[attr-defined]


def test_a_lesson_left_resumes_where_it_was_and_restarts(tmp_path: Path) -> None:
    app = make(tmp_path)
    sc = app.go("lesson", lesson_id="magic", pos=0)
    assert isinstance(sc, TutorialScene)
    settle(app)
    while not (isinstance(sc.tutorial.item, Do) and sc.tutorial.item.action == "play B1"):
        item = sc.tutorial.item
        if isinstance(item, Say):
            key(app, pygame.K_RETURN)
        elif isinstance(item, Do) and sc.my_turn():
            key(app, pygame.K_1)                         # the lesson's bid of 1
        settle(app, 4)
    pos, moves, hands = sc.tutorial.pos, sc.game.moves, sc.game.state.hands
    key(app, pygame.K_ESCAPE)                            # the lesson's menu
    click(app, button(app.top, "Leave the lesson").rect.center)
    learn = app.top
    assert isinstance(learn, LearnScene)
    assert app.settings.lessons["progress"]["magic"] == pos
    click(app, button(learn, "Resume").rect.center)
    again = app.top
    assert isinstance(again, TutorialScene) and again.tutorial.pos == pos
    assert again.game.moves == moves and again.game.state.hands == hands
    again.leave()
    click(app, button(app.top, "Restart").rect.center)
    fresh = app.top
    assert isinstance(fresh, TutorialScene) and fresh.tutorial.pos == 0
    assert fresh.game.moves == 0 and "magic" not in app.settings.lessons["progress"]


def test_a_finished_lesson_is_remembered(tmp_path: Path) -> None:
    app = make(tmp_path)
    sc = app.go("lesson", lesson_id="camelot", pos=0)
    assert isinstance(sc, TutorialScene)
    play_lesson_to_end(app, sc)              # with Enter, as a person would
    assert sc.tutorial.finished
    assert "camelot" in app.settings.lessons["finished"]
    assert sc.end_focus == 1                 # #35: "Play a real game" is offered, focused
    key(app, pygame.K_LEFT)                  # then Back to the lessons
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LearnScene)


def test_the_first_magic_game_offers_its_lesson_once(tmp_path: Path) -> None:
    app = make(tmp_path)
    app.go("menu")
    setup = app.open("setup")
    assert isinstance(setup, SetupScene)
    setup.setup["edition"] = "magic"
    setup.start()
    offer = app.top
    assert isinstance(offer, OfferScene) and "Magic" in offer.question
    click(app, button(offer, "Play now").rect.center)     # the game starts as asked
    assert isinstance(app.top, TableScene) and not isinstance(app.top, TutorialScene)
    assert app.top.game.config.edition.value == "magic"
    app.top.close()
    setup = app.go("setup")
    setup.setup["edition"] = "magic"                       # type: ignore[attr-defined]
    setup.start()                                          # type: ignore[attr-defined]
    assert isinstance(app.top, TableScene)                 # asked once only
    app.top.close()
    setup = app.go("setup")
    setup.setup["edition"] = "camelot"                     # type: ignore[attr-defined]
    setup.start()                                          # type: ignore[attr-defined]
    click(app, button(app.top, "Show me").rect.center)
    assert isinstance(app.top, TutorialScene) and app.top.tutorial.lesson.id == "camelot"
    last = app.settings.last_setup                         # the game chosen waits in New game
    assert last is not None and last["edition"] == "camelot"


def test_bad_lesson_settings_fall_back_and_are_reported() -> None:
    from wizard.persistence.settings import Settings
    good, bad = Settings.from_dict({"schema": 1, "lessons": {"offered": ["first"],
                                                             "progress": {"basics": 7}}})
    assert not bad and good.lessons["progress"] == {"basics": 7}
    for value in ({"progress": {"basics": -1}}, {"offered": "first"}, {"offered": ["../x"]}, []):
        back, bad = Settings.from_dict({"schema": 1, "lessons": value})
        assert bad == ["lessons"] and back.lessons == {}


def test_merlin_asked_as_what_the_lesson_rings_the_answer(tmp_path: Path) -> None:
    from wizard.engine import card
    from wizard.table import PlayIntent
    from wizard.ui.board.lesson import ring
    from wizard.ui.layout import choice_buttons
    from wizard.ui.smoke_tutorial import TUTORIAL_STEPS, _do, make_tutorial_screen
    TUTORIAL_STEPS["test-merlin"] = ("camelot", _do("play MERLIN:W"))
    try:
        app = make(tmp_path)
        sc = make_tutorial_screen(app, "test-merlin")
    finally:
        del TUTORIAL_STEPS["test-merlin"]
    note = sc.tutorial.note()
    assert note is not None and note.kind == "do"
    hand_ring = ring(sc, app.screen, note)
    assert hand_ring is not None and hand_ring.collidepoint(sc.hand_rects()[0].center)
    sc.submit(PlayIntent(card("MERLIN")))          # the table asks: as a Wizard or a Jester?
    assert sc.table.choice == "merlin"
    answer = ring(sc, app.screen, note)
    wizard_button = choice_buttons(sc.lay, 2)[0]
    assert answer is not None and answer.collidepoint(wizard_button.center)
    from wizard.table import MerlinIntent
    assert "ringed" in sc.submit(MerlinIntent(False)).text       # type: ignore[union-attr]
    sc.submit(MerlinIntent(True))
    assert sc.game.state.actions[-1].card.text == "MERLIN:W"   # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_lesson_panel_covers_no_card_no_bid_and_no_plate(tmp_path: Path,
                                                              size: tuple[int, int]) -> None:
    from wizard.ui.board.common import R
    from wizard.ui.smoke_tutorial import TUTORIAL_SCREENS, make_tutorial_screen
    app = make_app(Prefs(tmp_path), size=size, headless=True, threaded=False, speed="off",
                   lang="en")
    for name in TUTORIAL_SCREENS:
        sc = make_tutorial_screen(app, name)
        note = sc.tutorial.note()
        assert note is not None, name
        fit = lesson_box(sc, note)
        panel = R(fit.box)
        lay = sc.lay
        trick = [lay.trick_spots[sc.pos_of(seat)] for seat, _card in sc.shown.trick]
        held = sc.shown.held
        if held:
            trick += [lay.trick_spots[p] for p in range(len(lay.trick_spots))]
        keep = [*sc.hand_rects(), R(lay.bid_bar), R(lay.turned), R(lay.deck),
                *(R(p) for p in lay.plates), *(R(b) for b in trick)]
        assert not [k for k in keep if panel.colliderect(k)], name
        assert fit.size >= 11 and fit.box.h <= lay.height, name
