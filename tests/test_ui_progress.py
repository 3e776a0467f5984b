"""The progress screen: opened from the history (P), the figures of the player shown, the
take-back toggles and the player switch, the reviews' figure or "no reviews yet", drawn at
1024x640 in every language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.i18n import set_language  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.progress import ProgressScene  # noqa: E402
from wizard.ui.smoke_stats import fill_progress_history  # noqa: E402
from wizard.ui.widgets import Cycle  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("progress")
    fill_progress_history(Prefs(folder))
    return folder


def app_at(folder: Path) -> App:
    return make_app(Prefs(folder), size=(1024, 640), speed="off", headless=True, threaded=False,
                    lang="en")


def test_p_on_the_history_opens_the_persons_progress(data_dir: Path) -> None:
    app = app_at(data_dir)
    app.go("menu")
    app.open("history")
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="")])
    scene = app.top
    assert isinstance(scene, ProgressScene) and scene.name == "Anna"
    assert scene.data.games == 14 and scene.data.takeback_games == 3
    assert scene.data.lost_per_round is None          # no review given


def test_the_toggles_leave_take_back_games_out(data_dir: Path) -> None:
    app = app_at(data_dir)
    scene = app.open("stats_progress")
    assert isinstance(scene, ProgressScene)
    app.frame(0.0)
    counted, best = (w for w in scene.widgets if isinstance(w, Cycle))
    with_all = scene.data
    best.on_click()
    assert scene.data.best_game is not None and scene.data.best_game >= with_all.best_game
    counted.on_click()
    assert scene.data.games == 11 and scene.data.left_out == 3 and scene.data.takeback_games == 0
    app.frame(0.0)


def test_the_player_switch(data_dir: Path) -> None:
    app = app_at(data_dir)
    scene = app.open("stats_progress")
    assert isinstance(scene, ProgressScene)
    assert scene.names == ["Anna"]                      # only names that sat as a person
    scene.turn(1)
    assert scene.name == "Anna"
    app.frame(0.0)


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_it_draws_in_every_language(data_dir: Path, lang: str) -> None:
    set_language(lang)
    app = app_at(data_dir)
    app.open("stats_progress")
    app.frame(0.0)
    app.go("menu")
    app.open("stats_progress", name="Nobody")
    app.frame(0.0)


def test_an_empty_history_says_so(tmp_path: Path) -> None:
    app = app_at(tmp_path)
    scene = app.open("stats_progress")
    assert isinstance(scene, ProgressScene) and scene.name is None and scene.data is None
    app.frame(0.0)


def _anna_acts(entry: Any, seat: int, round_: int, verb: str) -> tuple[int, str]:
    """The step and the argument of ``seat``'s first ``verb`` action in round ``round_``."""
    for step, action in enumerate(entry.record.actions):
        text = action.record()
        if text.startswith(verb):
            state = entry.state_after(step)
            if state.round == round_ and state.current_player == seat:
                return step, text.removeprefix(verb)
    raise AssertionError(f"no {verb.strip()} of seat {seat} in round {round_}")


def test_the_stored_reviews_give_the_points_lost(tmp_path: Path) -> None:
    """A game reviewed and stored: the progress screen reads its points lost, per round."""
    from wizard.persistence import review_id
    from wizard.review.decisions import REVIEW_ENGINE, Decision, Review

    fill_progress_history(Prefs(tmp_path))
    app = app_at(tmp_path)
    history = app.prefs.history()
    entry = history[-1]
    anna = next(i for i, s in enumerate(entry.seats) if s.name == "Anna")
    rounds = len(entry.rounds)
    # Anna's real bid in round 1 and her first real card in round 2 (a stored review is checked
    # against its game: each decision must be the game's own action at its step)
    bid_step, bid = _anna_acts(entry, anna, 1, "bid ")
    card_step, card = _anna_acts(entry, anna, 2, "play ")
    costly = (Decision(step=bid_step, seat=anna, round=1, trick=0, kind="bid", chosen=int(bid),
                       best=1 - int(bid), chosen_points=-10.0, best_points=20.0),   # costs 30
              Decision(step=card_step, seat=anna, round=2, trick=1, kind="card", chosen=card,
                       best="J" if card != "J" else "W", chosen_points=10.0,
                       best_points=16.0))          # 6: under the threshold
    review = Review(review_id(entry), (anna,), rounds, costly, REVIEW_ENGINE)
    assert app.prefs.save_review(entry, review)
    scene = app.open("stats_progress", name="Anna")
    assert isinstance(scene, ProgressScene)
    assert scene.data.lost_per_round == pytest.approx(30.0 / rounds)
    app.frame(0.0)


@pytest.mark.parametrize("size,scale", [((1024, 640), 1.0), ((1920, 1080), 1.0),
                                        ((1024, 640), 1.3)])
def test_every_level_row_is_shown_inside_the_panel(tmp_path: Path, size: tuple[int, int],
                                                   scale: float) -> None:
    from wizard.persistence.history.db import entry_line
    from wizard.persistence.history.seed import games
    prefs = Prefs(tmp_path)
    db = prefs.store.history_db()
    db.add_many([(g, entry_line(g)) for g in games(12)])     # the six levels and mixed tables
    prefs.settings.ui_scale = scale
    app = make_app(prefs, size=size, speed="off", headless=True, threaded=False, lang="en")
    scene = app.open("stats_progress")
    assert isinstance(scene, ProgressScene)
    app.frame(0.0)
    assert len(scene.data.by_level) == 7
    scene.draw(app.screen)
    _left, right = scene.panels()
    assert len(scene.level_rows) == 7
    assert all(right.contains(r) for r in scene.level_rows)
    assert scene.figures_end <= right.bottom
