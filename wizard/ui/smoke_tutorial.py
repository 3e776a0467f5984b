"""Smoke-test states of Learn to play (issue #29): lessons at the table at a chosen step, reached
by playing the lesson as a person would (its moves, Continue after its notes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wizard.table import BidIntent, Intent, MerlinIntent, PlayIntent, TrumpIntent
from wizard.table.lessons.steps import Do, Item, Say, action_of

if TYPE_CHECKING:
    from .app import App
    from .scenes.tutorial import TutorialScene


def _do(action: str) -> Callable[[Item], bool]:
    return lambda item: isinstance(item, Do) and item.action == action


def _say(start: str) -> Callable[[Item], bool]:
    return lambda item: isinstance(item, Say) and item.text.startswith(start)


# name: (lesson, the step to stop at)
TUTORIAL_STEPS: dict[str, tuple[str, Callable[[Item], bool]]] = {
    "tutorial-bid": ("basics", _do("bid 1")),
    "tutorial-follow": ("basics", _do("play B3")),
    "tutorial-wizard": ("basics", _do("play W")),
    "tutorial-bid-sum": ("basics", _say("Its colour")),
    "tutorial-wizard-led": ("basics", _do("play G4")),
    "tutorial-score": ("basics", _say("Scoring:")),
    "tutorial-magic": ("magic", _say("{card} followed the suit led")),
    "tutorial-camelot": ("camelot", _do("play GRAIL")),
}
TUTORIAL_SCREENS = tuple(TUTORIAL_STEPS)


def intents_for(action: str) -> list[Intent]:
    """What a person does for the lesson's move ``action`` (Merlin: the card, then the answer)."""
    from wizard.engine import Bid, ChooseTrump, Play, card
    want = action_of(action)
    if isinstance(want, Bid):
        return [BidIntent(want.n)]
    if isinstance(want, ChooseTrump):
        return [TrumpIntent(want.suit)]
    assert isinstance(want, Play)
    if want.card.text.startswith("MERLIN:"):
        return [PlayIntent(card("MERLIN")), MerlinIntent(want.card.text.endswith("W"))]
    return [PlayIntent(want.card)]


def make_tutorial_screen(app: App, name: str,
                         step: tuple[str, Callable[[Item], bool]] | None = None) -> TutorialScene:
    """Open the lesson of ``name`` (or ``step``'s) and play it up to its step (the note or
    request shown)."""
    from .scenes.round_end import RoundEndScene
    from .scenes.tutorial import TutorialScene

    lesson_id, stop = step if step is not None else TUTORIAL_STEPS[name]
    app.go("menu")
    sc = app.go("lesson", lesson_id=lesson_id, pos=0)
    assert isinstance(sc, TutorialScene)
    tut = sc.tutorial
    for _i in range(400):
        app.frame(0.25)
        if isinstance(app.top, RoundEndScene):
            app.top.close()
            continue
        item = tut.item
        note = tut.note()
        if item is None:
            break
        if stop(item) and note is not None and note.kind in ("say", "do"):
            app.frame(0.0)
            return sc
        if note is not None and note.kind == "say":
            sc.go_on()
        elif note is not None and note.kind == "do" and isinstance(item, Do):
            for intent in intents_for(item.action):
                sc.submit(intent)
    raise RuntimeError(f"{name}: the lesson did not reach its step (at {tut.pos}: {tut.item})")
