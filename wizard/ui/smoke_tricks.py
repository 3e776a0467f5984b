"""Smoke-test states of the trick (issue #16): a finished trick on the table with its line, each
special case of docs/RULES.md §5, and the Merlin question over a trick being played.

Each state is a deal (``GameState.at_deal``, round 1 or 2) of four players, the one person at seat
0; the computer seats play their cards in order, and the last card of the trick goes through the
table (a computer's, or the person's as an intent), so the table hears the engine's ``TrickWon``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from wizard.engine import Bid, Edition, GameConfig, GameState, Phase, card, cards
from wizard.i18n import _
from wizard.messages import YOU
from wizard.table import Seat, Session, step_ai

if TYPE_CHECKING:
    from .app import App

# name: (edition, hands by seat, dealer, turned card, the person's name is the default "You")
# Round 1, or round 2 when the hands hold two cards.
# The dealer sets who leads (the seat after it); the trick is played in seat order from there.
TRICK_STATES: dict[str, tuple[str, tuple[str, str, str, str], int, str, bool]] = {
    # Round 2: Bruno leads the 12 of humans, Didier trumps, You trump higher, last, and lead next.
    "table-trick-won": ("classic", ("R11 G2", "B12 Y3", "B5 Y4", "R4 G6"), 0, "R3", True),
    # Carme leads the 9 of elves, Didier a Wizard, Anna the 5, Bruno the 1 of elves: magic.
    "table-trick-magic": ("magic", ("G5", "G1", "G9", "W"), 1, "Y7", False),
    # Carme leads the 7 of dwarves, Didier plays the Grail second (even), Anna a Wizard.
    "table-trick-grail": ("camelot", ("W", "R11", "R7", "GRAIL"), 1, "Y9", False),
    # Excalibur in round 1: the trick counts for nobody and nobody scores.
    "table-trick-excalibur": ("camelot", ("R9", "R12", "R7", "EXCALIBUR"), 1, "Y9", False),
    # Carme leads the Grail (odd: it loses), Anna plays Morgan le Fay, Bruno a Wizard.
    "table-trick-morgan": ("camelot", ("MORGAN", "W", "GRAIL", "R7"), 1, "Y9", False),
    # Anna must say how Merlin is played, the 7 of dwarves and a Wizard before her.
    "table-merlin": ("camelot", ("MERLIN", "R12", "R7", "W"), 1, "Y9", False),
}
TRICK_SCREENS = tuple(TRICK_STATES)


def trick_session(name: str) -> Session:
    """The state's deal, bid, and played up to the trick's last card (Anna's question for Merlin)."""
    edition, hands, dealer, turned, you = TRICK_STATES[name]
    cfg = GameConfig(players=4, edition=Edition(edition), seed=61)
    dealt = [cards(h) for h in hands]
    state = GameState.at_deal(cfg, len(dealt[0]), dealer, dealt, card(turned))
    names = [_(YOU) if you else "Anna", "Bruno", "Carme", "Didier"]
    seats = [Seat.human(names[0])] + [Seat.ai(n, "easy") for n in names[1:]]
    session = Session(state, seats, rng=random.Random(61))
    while session.phase is Phase.BID:
        session.act(next(a for a in session.legal_actions() if isinstance(a, Bid)))
    while len(session.view(None).trick) < 3 and session.current != 0:
        session.act(session.legal_actions()[0])
    if name != "table-merlin":
        while len(session.view(None).trick) < 3:
            session.act(session.legal_actions()[0])
    return session


def make_trick_screen(app: App, name: str) -> None:
    """Put ``app`` in the trick state ``name``: the table shows it, frozen (the clock stands)."""
    from wizard.table import PlayIntent

    from .scenes.table import TableScene

    session = trick_session(name)
    t = app.go("table", session=session, keep_history=False)
    assert isinstance(t, TableScene)
    app.frame(0.0)
    if session.current == 0:                  # Anna plays the trick's last card, or asks about Merlin
        t.submit(PlayIntent(t.table.hand()[0]))
    for _i in range(3):
        app.frame(0.0)
    if name == "table-merlin":
        if t.table.choice != "merlin":
            raise RuntimeError("the Merlin question is not open")
    elif not t.shown.held or t.table.trick_line() == "":
        raise RuntimeError(f"{name}: no finished trick on the table")


LAST_TRICK_HELD = "round-last-trick-held"


def make_last_trick_held(app: App) -> None:
    """A round's last trick (round 3 or later) on the table, held for the person's click with the clock well past
    any hold (the round's result has not covered it)."""
    from wizard.table import PlayIntent

    from .scenes.table import TableScene

    def last_card(s: Session) -> bool:
        return (s.round >= 3 and s.phase is Phase.PLAY and s.is_human_turn()
                and len(s.view(s.current).trick) == 3 and len(s.legal_actions()) == 1
                and len(s.view(s.current).tricks_played) == s.round - 1)

    seats = [Seat.human("Anna")] + [Seat.ai(n, "easy") for n in ("Bruno", "Carme", "Didier")]
    session = Session.new(GameConfig(4, seed=63), seats)
    session.start()
    while not last_card(session):
        if session.finished:
            raise RuntimeError(f"{LAST_TRICK_HELD}: no round ends on the person's card")
        if session.needs_advance:
            session.advance()
        elif session.is_ai_turn():
            step_ai(session)
        else:
            session.act(session.legal_actions()[0])
    app.settings.last_trick_waits = True
    t = app.go("table", session=session, keep_history=False)
    assert isinstance(t, TableScene)
    app.frame(0.0)
    t.submit(PlayIntent(t.table.hand()[0]))
    for _i in range(4):
        app.frame(5.0)
    if not (t.table.waiting_for_click() and app.top is t and t.table.trick_line()):
        raise RuntimeError(f"{LAST_TRICK_HELD}: the last trick is not held for a click")
