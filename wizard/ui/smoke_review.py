"""Smoke-test states of the post-game review (issue #19): the game summary with its chart, one
round's decisions, and the replay at a costly card with Expert's alternative.

The reviewed game is the oldest of the smoke history: a solo game (the person keeps the default
name, so the review says "you") where the person plays their first legal move, and so bids 0 in
round 10 holding the four Wizards. Its review is worked out the first time a screen opens it (the
smoke app is not threaded) and stored, so the other languages open it from the store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wizard.engine import GameConfig
from wizard.table import Seat, Session

if TYPE_CHECKING:
    from .app import App

REVIEW_SCREENS = ("review-game", "review-round", "review-replay")
REVIEW_SEED = 129        # the person is dealt the four Wizards in round 10
REVIEW_ROUND = 10
#: Reviews worked out in this process, by game id. A process that makes several smoke apps (the
#: tests do) stores the same review in the next app's history instead of working it out again;
#: the first screen that opens it in a process still works it out through the review screen.
_WORKED_OUT: dict[str, Any] = {}


def review_session(play_until: Callable[[Session, Callable[[Session], bool]], Session],
                   seats: list[Seat]) -> Session:
    """The reviewed game (``seats``: the person first), played to its end by ``play_until``."""
    session = play_until(Session.new(GameConfig(4, seed=REVIEW_SEED), seats), lambda s: False)
    if not session.finished:
        raise RuntimeError("the reviewed game did not finish")
    return session


def make_review_screen(app: App, name: str) -> None:
    """Put ``app`` in the review state ``name`` (the history's oldest game is the reviewed one)."""
    from .scenes.review_game import ReviewGameScene

    entries = app.prefs.history()
    entry = next((e for e in entries if e.seed == REVIEW_SEED), None)
    if entry is None:
        raise RuntimeError("the reviewed game is not in the history")
    from wizard.persistence import review_id
    known = _WORKED_OUT.get(review_id(entry))
    if known is not None and app.prefs.load_review(entry)[0] is None:
        app.prefs.save_review(entry, known)
    app.go("menu")
    app.open("history")
    summary = app.open("review_game", entry=entry)
    assert isinstance(summary, ReviewGameScene)
    review = summary.review
    if review is None:
        raise RuntimeError(f"{name}: no review ({summary.status or 'still working'})")
    _WORKED_OUT[review.game_id] = review
    if name == "review-round":     # the round with the most costly cards (and its bid)
        number = max(range(1, review.rounds + 1),
                     key=lambda r: (len(review.card_findings(0, r)), r == REVIEW_ROUND))
        app.open("review_round", entry=entry, review=review, round=number, seat=0)
    elif name == "review-replay":
        cards = review.card_findings(0)
        if not cards:
            raise RuntimeError("the reviewed game has no costly card")
        app.open("review_replay", entry=entry, decision=cards[0], name=None)
