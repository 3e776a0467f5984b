"""The review screens (issue #19): opened from the game end and from history, a round's bar opens
the round, a row opens the replay at that moment with Expert's alternative, progress and Cancel,
a damaged stored review said and recomputed, Esc goes back."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
import threading  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.engine import Action, Bid, GameConfig, Play, PlayerView  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence import review_id  # noqa: E402
from wizard.review import ReviewJob, review_game  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Session  # noqa: E402
from wizard.ui import smoke  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes import review_game as review_game_scene  # noqa: E402
from wizard.ui.scenes.game_end import GameEndScene  # noqa: E402
from wizard.ui.scenes.history import HistoryScene  # noqa: E402
from wizard.ui.scenes.review_game import ReviewGameScene  # noqa: E402
from wizard.ui.scenes.review_replay import ReviewReplayScene  # noqa: E402
from wizard.ui.scenes.review_round import ReviewRoundScene  # noqa: E402
from wizard.ui.widgets import Button  # noqa: E402


def _button(scene: object, label: str) -> Button:
    for w in scene.widgets:  # type: ignore[attr-defined]
        if isinstance(w, Button) and (w.label() if callable(w.label) else w.label) == label:
            return w
    raise AssertionError(f"no button {label!r}")


def _click(app: Any, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=p),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=p)])


def _key(app: Any, key: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def _game(seed: int = 129, humans: int = 1) -> Session:
    return smoke.play_until(Session.new(GameConfig(4, seed=seed), smoke._seats(humans)),
                            lambda s: False)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    set_language("en")
    a = make_app(Prefs(tmp_path), size=(1024, 640), headless=True, threaded=False, speed="off",
                 lang="en")
    yield a
    a._unlisten()


def contrary(view: PlayerView, rng: random.Random, chosen: Action) -> Any:
    """A stand-in for Expert: the last legal action is best by 12 points (the smoke's person
    plays the first, so every real decision costs 12)."""
    from wizard.ai.simulator import encode
    best = view.legal[-1]
    if isinstance(chosen, Bid):
        assert isinstance(best, Bid)
        return best, {"ev": {best.n: 12.0, chosen.n: 12.0 if chosen == best else 0.0}}
    assert isinstance(best, Play) and isinstance(chosen, Play)
    return best, {"values": {encode(best.card): 12.0,
                             encode(chosen.card): 12.0 if chosen == best else 0.0}}


def _stored_quick_review(app: Any, entry: Any) -> Any:
    """A review made with the stand-in appraiser and stored: the screens open it at once."""
    review = review_game(entry, contrary)
    assert review is not None and app.prefs.save_review(entry, review)
    return review


def test_the_game_end_opens_the_review_of_that_game(app: Any) -> None:
    session = _game()
    entry = app.prefs.entry_of(session)
    review = _stored_quick_review(app, entry)
    app.go("table", session=session, keep_history=False)
    app.frame(0.0)
    smoke.close_last_round(app)
    end = app.top
    assert isinstance(end, GameEndScene)
    _click(app, _button(end, "Review (R)").rect.center)
    summary = app.top
    assert isinstance(summary, ReviewGameScene) and summary.review == review
    assert summary.entry.record == session.record()
    _key(app, pygame.K_ESCAPE)                      # Esc: back to the game's end
    assert app.top is end


def test_a_game_without_a_person_cannot_be_reviewed(app: Any) -> None:
    session = smoke.play_until(Session.new(GameConfig(4, seed=3), smoke._seats(0)),
                               lambda s: False)
    app.go("table", session=session, keep_history=False)
    app.frame(0.0)
    smoke.close_last_round(app)
    assert not _button(app.top, "Review (R)").enabled


def test_from_history_a_bar_opens_its_round_and_a_row_the_replay_there(app: Any) -> None:
    app.prefs.finish_game(_game())
    history = app.go("history")
    assert isinstance(history, HistoryScene)
    history.select(0)
    entry = history.entries.whole(0)
    review = _stored_quick_review(app, entry)
    _click(app, _button(history, "Review (R)").rect.center)
    summary = app.top
    assert isinstance(summary, ReviewGameScene) and summary.review == review
    assert summary.lay is not None
    # every costly decision is 12 points below the stand-in's best: each shows, costliest first
    assert len(summary.findings()) == len([d for d in review.decisions if d.cost >= 10])
    # the bar of round 7 opens round 7
    _click(app, summary.lay.bars[6].center)
    page = app.top
    assert isinstance(page, ReviewRoundScene) and page.number == 7 and page.seat == 0
    assert page.cards() == review.card_findings(0, 7)
    assert page.cards(), "the stand-in finds costly cards in round 7"
    _click(app, _button(page, "Round ▶").rect.center)
    assert page.number == 8
    _click(app, _button(page, "◀ Round").rect.center)
    assert page.number == 7
    # a card row opens the replay just before that card, Expert's card named in the caption
    first = page.cards()[0]
    assert page.lay is not None
    _click(app, page.lay.rows[0].center)
    replay = app.top
    assert isinstance(replay, ReviewReplayScene) and replay.model is not None
    frame = replay.model.frame
    assert frame.index == first.step and frame.state.current_player == 0
    assert first.chosen_card in frame.state.hands[0] and first.best_card in frame.state.hands[0]
    assert replay.caption_text(frame).startswith("Expert plays")
    _key(app, pygame.K_RIGHT)
    assert replay.model.frame.action is not None and replay.model.frame.index == first.step + 1
    assert "Home" in replay.caption_text(replay.model.frame)
    _key(app, pygame.K_HOME)                       # back to the moment
    assert replay.model.frame.index == first.step
    _key(app, pygame.K_ESCAPE)
    assert app.top is page
    _key(app, pygame.K_ESCAPE)
    assert app.top is summary


def test_the_bid_line_opens_the_replay_at_the_bid(app: Any) -> None:
    session = _game()
    entry = app.prefs.entry_of(session)
    review = _stored_quick_review(app, entry)
    page = app.open("review_round", entry=entry, review=review, round=3, seat=0)
    assert isinstance(page, ReviewRoundScene) and page.lay is not None
    bid = review.bid_in(0, 3)
    assert bid is not None and [c.text for c in page.hand()[0]] != []
    _click(app, page.lay.bid.center)
    replay = app.top
    assert isinstance(replay, ReviewReplayScene) and replay.model is not None
    assert replay.model.frame.index == bid.step
    assert replay.model.frame.state.phase.name == "BID"
    assert replay.caption_text(replay.model.frame).startswith("Expert bids")


def _slow(gate: threading.Event, calls: list[int], view: PlayerView, rng: random.Random,
          chosen: Action) -> Any:
    calls.append(1)
    if len(calls) == 3:
        gate.wait(10)
    return contrary(view, rng, chosen)


def test_progress_then_cancel_stores_nothing_and_it_can_start_again(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    calls: list[int] = []

    def job(entry: Any, save: Any, mode: str = "process") -> ReviewJob:
        return ReviewJob(entry, save, appraiser=partial(_slow, gate, calls), mode="thread")

    monkeypatch.setattr(review_game_scene, "ReviewJob", job)
    entry = app.prefs.entry_of(_game())
    summary = app.open("review_game", entry=entry)
    assert isinstance(summary, ReviewGameScene) and summary.job is not None and summary.busy()
    while len(calls) < 3:
        threading.Event().wait(0.005)
    app.frame(0.0)
    assert summary.job.progress[0] == 2
    _click(app, _button(summary, "Cancel").rect.center)
    gate.set()
    assert summary.job is None and summary.review is None and "cancelled" in summary.status
    assert not summary.busy()
    assert app.prefs.load_review(entry) == (None, [])
    db = app.prefs.store.history_db()
    assert db.review_doc(review_id(entry)) is None               # nothing stored
    gate.set()
    _click(app, _button(summary, "Review again").rect.center)    # and it can start again
    job = summary.job              # (None already if it finished within that frame)
    if job is not None:
        assert job.wait(30)
        app.frame(0.0)
    assert summary.job is None and summary.review is not None
    assert db.review_doc(review_id(entry)) is not None


def test_a_damaged_stored_review_is_said_and_worked_out_again(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_game_scene, "ReviewJob",
                        lambda entry, save, mode="process": ReviewJob(entry, save, appraiser=contrary,
                                                                      mode="now"))
    entry = app.prefs.entry_of(_game())
    _stored_quick_review(app, entry)
    db = app.prefs.store.history_db()
    key = review_id(entry)
    damaged = '{"schema": 1, "engine": ['
    db.put_review(key, 1, "?", damaged)                             # a damaged document
    summary = app.open("review_game", entry=entry)
    assert isinstance(summary, ReviewGameScene)
    [note] = summary.notes
    assert "could not be read" in note and ".damaged-" in note
    assert summary.review is not None                               # worked out again, stored
    assert (db.review_doc(key) or "").startswith('{"schema":1')
    [aside] = list(db.path.parent.glob(f"review-{key}.json.damaged-*"))
    assert aside.read_text() == damaged


def test_at_a_hot_seat_table_each_person_has_a_tab(app: Any) -> None:
    entry = app.prefs.entry_of(_game(seed=12, humans=2))
    review = _stored_quick_review(app, entry)
    assert review.seats == (0, 1)
    summary = app.open("review_game", entry=entry)
    assert isinstance(summary, ReviewGameScene) and summary.person == 0 and summary.you is None
    assert all(d.seat == 0 for d in summary.findings())
    _click(app, _button(summary, "Bruno").rect.center)
    assert summary.person == 1 and summary.findings()
    assert all(d.seat == 1 for d in summary.findings())
