"""Smoke-test states of issue #35 (the newcomer's second hour): the bid hint's plans, a card
played for the person and said, the draw for the first dealer, each variant's explanation on New
game, and a take-back refused at the start of a round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wizard import messages
from wizard.engine import HOUSE_RULES, GameConfig, Phase
from wizard.table import Session

if TYPE_CHECKING:
    from .app import App

VARIANTS = tuple(r.name for r in HOUSE_RULES.values() if r.is_switch)   # the on/off variants
NEWCOMER_SCREENS = ("lesson-merlin-wrong", "setup-camelot-edition", "hint-bid-plans", "table-forced-card", "first-dealer-draw",
                    "takeback-refused-round", "hint-card-change", *(f"setup-variant-help-{v}" for v in VARIANTS))


def make_newcomer_screen(app: App, name: str, play_until: Callable[..., Session],
                         seats: Callable[[int], list]) -> None:
    """Put ``app`` in state ``name`` (one of ``NEWCOMER_SCREENS``)."""
    import pygame

    from .scenes.table import TableScene

    def table(session: Session) -> TableScene:
        t = app.go("table", session=session, keep_history=False)
        assert isinstance(t, TableScene)
        app.frame(0.0)
        return t

    if name.startswith("setup-variant-help-"):
        key = name.removeprefix("setup-variant-help-")
        setup = app.go("setup")
        row = next(r for r, _w, title, _l in setup.rule_help  # type: ignore[attr-defined]
                   if title == messages.option_name(key))
        app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(row.x + 6, row.centery),
                                           rel=(0, 0), buttons=(0, 0, 0))])
        if setup.help_target() is None:  # type: ignore[attr-defined]
            raise RuntimeError(f"{key} is not explained")
    elif name == "lesson-merlin-wrong":         # the Camelot lesson: Merlin answered wrongly
        from wizard.engine import card
        from wizard.table import MerlinIntent, PlayIntent

        from .smoke_tutorial import _do, make_tutorial_screen
        sc = make_tutorial_screen(app, name, ("camelot", _do("play MERLIN:W")))
        sc.submit(PlayIntent(card("MERLIN")))
        app.frame(0.0)
        sc.submit(MerlinIntent(as_wizard=False))
        if sc.message is None or sc.table.choice != "merlin":
            raise RuntimeError("a wrong answer for Merlin gets no word")
    elif name == "setup-camelot-edition":       # Camelot chosen, the pointer on the Edition
        setup = app.go("setup")
        setup._set("edition", "camelot")  # type: ignore[attr-defined]
        row = setup.rule_help[0][0]  # type: ignore[attr-defined]
        app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(row.x + 6, row.centery),
                                           rel=(0, 0), buttons=(0, 0, 0))])
    elif name == "hint-bid-plans":              # round 4: the bid hint with its plans
        from .smoke_hint import make_hint_screen
        session = play_until(Session.new(GameConfig(4, seed=23), seats(4)),
                             lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round >= 4)
        make_hint_screen(app, name, session)
    elif name == "table-forced-card":           # the person's only legal card waits to play itself
        session = play_until(Session.new(GameConfig(4, seed=27), seats(4)),
                             lambda s: s.is_human_turn() and s.phase is Phase.PLAY and s.round >= 3
                             and len(s.view(0).trick) >= 1 and len(s.legal_actions()) == 1)
        t = table(session)
        if not t.table.forced_line():
            raise RuntimeError("the forced card is not said")
    elif name == "first-dealer-draw":           # drawn for the first dealer: who drew what
        t = table(Session.new(GameConfig(4, seed=29), seats(4)))     # the table starts the game
        for _i in range(200):      # the draw's result is on show (it is gathered for the bidding)
            if t.picture().first_dealer is not None:
                break
            app.frame(0.05)
        if t.picture().first_dealer is None:
            raise RuntimeError("who deals first is never shown")
    elif name == "takeback-refused-round":      # round 3 begins: Ctrl+Z is refused, with why
        session = play_until(Session.new(GameConfig(4, seed=31), seats(4)),
                             lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round >= 3)
        t = table(session)
        app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                                           unicode="")])
        if t.message is None:
            raise RuntimeError("the take-back's refusal is not said")
    elif name == "hint-card-change":            # a card hint, a trick played, a second card hint
        make_card_change(app, play_until, seats)
    else:
        raise ValueError(name)
    app.frame(0.0)


def make_card_change(app: App, play_until: Callable[..., Session],
                     seats: Callable[[int], list]) -> None:
    """Round 5 of a seeded game: the person asks a card hint at their lead, plays Expert's card,
    plays on to their next turn of the round and asks again; the second panel says what changed
    (the real coach both times: nothing is set by hand)."""
    from wizard.table import Ready

    from .scenes.table import TableScene
    from .smoke_hint import make_hint_screen
    session = play_until(Session.new(GameConfig(4, seed=CARD_CHANGE_SEED), seats(4)),
                         lambda s: s.is_human_turn() and s.phase is Phase.PLAY and s.round >= 5
                         and not s.view(0).trick and len(s.legal_actions()) >= 3)
    make_hint_screen(app, "hint-card-change", session)
    t = app.top
    assert isinstance(t, TableScene)
    first = t.table.shown_hint()
    assert first is not None and first.action is not None and not first.change
    t.table.submit(intent_of(first.action))
    for _i in range(2000):
        app.frame(0.05)
        if t.table.curtain_for is not None:
            t.table.submit(Ready())
        if t.my_turn() and len(t.table.port.legal_actions(0)) >= 2:
            break
    else:
        raise RuntimeError("hint-card-change: the person's next turn never came")
    t.ask_hint()
    for _i in range(3):
        app.frame(0.0)
    second = t.table.shown_hint()
    if second is None or not second.change:
        raise RuntimeError("hint-card-change: the second card hint does not say what changed")


CARD_CHANGE_SEED = 41


def intent_of(action: object) -> object:
    """The intent a person gives for a card (``Play``)."""
    from wizard.table import MerlinIntent, PlayIntent
    card = action.card  # type: ignore[attr-defined]
    if card.text in ("MERLIN:W", "MERLIN:J"):
        return MerlinIntent(card.text == "MERLIN:W")
    return PlayIntent(card)
