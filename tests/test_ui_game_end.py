"""Game end: ties share a place; the chart draws every series."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.ui.scenes.game_end import draw_chart, ranking  # noqa: E402


def test_ranking_ties_share_a_place() -> None:
    assert ranking([50, 120, 50, -10]) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert ranking([0, 0, 0]) == [(1, 0), (1, 1), (1, 2)]


def test_chart_draws_lines_in_player_colours() -> None:
    pygame.init()
    surf = pygame.Surface((600, 400))
    surf.fill((0, 0, 0))
    draw_chart(surf, pygame.Rect(0, 0, 600, 400), [[20, 50, 30], [-10, -30, 10]], ["A", "B"], 1.0)
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 600, 3) for y in range(0, 400, 3)}
    from wizard.ui import theme
    assert theme.SERIES[0] in colours and theme.SERIES[1] in colours


def test_the_title_speaks_to_the_default_you() -> None:
    from wizard.engine import GameConfig
    from wizard.i18n import set_language
    from wizard.session import Seat, Session
    from wizard.table import GameOver
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.game_end import GameEndScene
    app = make_app(size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    session = Session.new(GameConfig(3, seed=1), [Seat.human("You"), Seat.ai("Merlin"),
                                                  Seat.ai("Vivian")])

    def title(totals: tuple[int, ...], you: int | None, lang: str = "en") -> str:
        set_language(lang)
        try:
            return GameEndScene(app, GameOver(totals, (), ("You", "Merlin", "Vivian"), 1, you),
                                session, lambda: None).title()
        finally:
            set_language("en")

    assert title((50, 20, 10), 0) == "You win!"
    assert title((50, 20, 10), 0, "fr") == "Vous gagnez\u202f!"
    assert title((50, 50, 10), 0) == "Shared victory: you and Merlin"
    assert title((10, 50, 10), 0) == "Merlin wins!"
    # three winners: a list as a sentence says it (it read "you and Merlin, Vivian"), in the
    # language's words
    assert title((50, 50, 50), 0) == "Shared victory: you, Merlin and Vivian"
    assert title((50, 50, 50), 0, "ca") == "Victòria compartida: vós, Merlin i Vivian"
    assert title((50, 50, 50), 0, "fr") == "Victoire partagée\u00a0: vous, Merlin et Vivian"
    assert title((50, 50, 50), None) == "Shared victory: You, Merlin and Vivian"
    assert title((50, 50, 10), None, "de") == "Geteilter Sieg: You und Merlin"


def test_enter_pressed_for_the_screens_before_does_not_start_a_new_game() -> None:
    """A person going through the last trick and round result with Enter keeps the game end
    (and its Review and Same deals) on screen, however long the round's last dialog took: no
    button answers Enter by itself. The arrows choose a button, then Enter presses it."""
    from wizard.engine import GameConfig
    from wizard.session import Session
    from wizard.ui import smoke
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.game_end import GameEndScene
    app = make_app(size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    s = smoke.play_until(Session.new(GameConfig(3, seed=321), smoke._seats(1, 3)), lambda s: False)
    app.go("table", session=s, keep_history=False)
    app.frame(0.0)
    smoke.close_last_round(app)
    scene = app.top
    assert isinstance(scene, GameEndScene)
    key = {k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")
           for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN)}
    for wait in (0.1, 2.0, 10.0):
        app.frame(wait, [key[pygame.K_RETURN], key[pygame.K_KP_ENTER], key[pygame.K_SPACE]])
        assert app.top is scene
    app.frame(0.0, [key[pygame.K_DOWN]])           # the first button: Play again
    app.frame(0.0, [key[pygame.K_RETURN]])
    assert app.top is not scene


def test_equal_totals_show_every_players_line() -> None:
    """A play-test: players with equal totals (all of them in the first rounds, a tie) drew one
    line over the other, and the chart seemed to miss players. Each colour must be seen."""
    from wizard.ui import theme
    surf = pygame.Surface((600, 400))
    same = [20, 40, 30, 60]
    draw_chart(surf, pygame.Rect(0, 0, 600, 400), [same, same, same, [0, -10, 20, 60]],
               ["A", "B", "C", "D"], 1.0)
    legend_top = 400 - 30                     # the legend's swatches are not the lines
    seen = {tuple(surf.get_at((x, y)))[:3] for x in range(48, 590, 3) for y in range(0, legend_top)}
    for colour in theme.SERIES[:4]:
        assert tuple(colour)[:3] in seen, colour


def test_the_finished_games_score_pad_opens_from_the_game_end() -> None:
    """Seen playing (fr, 1024x640): at the game's end, Tab and the table's "Scores (Tab)" under
    the screen did nothing; the rounds' bids and tricks could no longer be looked at. A Score
    pad button opens the whole game's pad over the game end, and closing it comes back."""
    from wizard.engine import GameConfig
    from wizard.session import Session
    from wizard.ui import smoke
    from wizard.ui.routes import make_app
    from wizard.ui.scenes.game_end import GameEndScene
    from wizard.ui.scenes.scorepad import ScorePadScene
    app = make_app(size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    s = smoke.play_until(Session.new(GameConfig(3, seed=321), smoke._seats(1, 3)), lambda s: False)
    app.go("table", session=s, keep_history=False)
    app.frame(0.0)
    smoke.close_last_round(app)
    scene = app.top
    assert isinstance(scene, GameEndScene)
    button = next(w for w in scene.widgets if getattr(w, "label", lambda: "")() == "Score pad")
    at = button.rect.center
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at)])
    pad = app.top
    assert isinstance(pad, ScorePadScene)
    assert pad.results == list(scene.outcome.results) and len(pad.results) == 20
    assert pad.current is None and pad.names == list(scene.outcome.names)
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])
    assert app.top is scene
