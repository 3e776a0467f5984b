"""The guided game: a lesson (``wizard.table.lessons``) played on a ``Table``, one step at a time.

The lesson's deals are laid out by the engine from prepared packs (``PresetDeals``), the computer
seats play the lesson's moves (``ScriptedPlayer``), and the ``Tutorial`` stands between the
person and the table: it says what to do, lets through only the expected move (the rules refuse
an illegal one; a legal one that is not the lesson's gets a kind word), holds the table while a
note is read (no computer move, no round result), and moves on when Continue is pressed.

Where the lesson stands is one number, ``pos`` (the first step not yet done): the whole lesson
is scripted, so ``Tutorial.start(lesson, pos)`` rebuilds any moment exactly (leave and resume).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wizard import messages
from wizard.engine import (
    Action,
    Bid,
    ChooseTrump,
    Edition,
    Event,
    GameConfig,
    GameState,
    Phase,
    Play,
    PlayerView,
    Power,
    PresetDeals,
    card,
    cards,
    stacked_pack,
)
from wizard.i18n import N_, _
from wizard.session import Seat, Session

from .computer import ComputerSeats
from .intents import (
    GAME_INTENTS,
    Accepted,
    BidIntent,
    Ignored,
    Intent,
    MerlinIntent,
    NextRound,
    Outcome,
    PlayIntent,
    Refused,
    TakeBackIntent,
    TrumpIntent,
)
from .lessons import LESSONS
from .lessons.steps import Do, Item, Lesson, Move, RoundEnd, Say, action_of
from .table import Table

LEVEL = "lesson"          # the computer seats' level in a lesson (they play its script)


class LessonError(RuntimeError):
    """The lesson and the game disagree (a move out of turn or against the rules): a lesson bug."""


def lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (``KeyError`` if there is none)."""
    return LESSONS[lesson_id]


def packs(les: Lesson) -> list[list[Any]]:
    """The prepared pack of each of the lesson's deals (checked: each is the whole deck)."""
    n = les.players
    out = []
    for r, deal in enumerate(les.deals, start=1):
        hands = [cards(h) for h in deal.hands]
        if len(hands) != n or any(len(h) != r for h in hands):
            raise LessonError(f"{les.id}: deal {r} needs {n} hands of {r} cards")
        dealer = (les.first_dealer + r - 1) % n
        turned = card(deal.turned) if deal.turned is not None else None
        out.append(stacked_pack(les.edition, dealer, hands, turned))
    return out


def step_of(les: Lesson, pos: int) -> tuple[int, int]:
    """(the step shown at ``pos``, how many steps): the steps are the lesson's notes and the
    person's moves (the computer's moves and the round ends are not counted)."""
    items = les.items()
    steps = [i for i, item in enumerate(items) if isinstance(item, (Do, Say))]
    done = sum(1 for i in steps if i < pos)
    return min(done + 1, len(steps)), len(steps)


def resume_at(les: Lesson, pos: int) -> int:
    """Where a lesson left at ``pos`` starts again so that its note shows what it talks about.

    A game rebuilt at ``pos`` has every earlier move made, but a trick that was complete is
    gathered, not on the table: a note about it would describe cards never seen. So a note
    that comes after a complete trick starts again at that trick's first card (the cards are
    played again before it); any other step (a move, a note before the round's first card or
    during a trick, whose cards are still on the table) is kept."""
    items = les.items()
    pos = max(0, min(pos, len(items)))
    if pos == len(items) or not isinstance(items[pos], Say):
        return pos
    start = pos
    while start > 0 and not isinstance(items[start - 1], RoundEnd):
        start -= 1                                 # the first item of the round of ``pos``
    plays = [i for i in range(start, pos) if _is_play(items[i])]
    if not plays or len(plays) % les.players:
        return pos                                  # no card yet, or a trick still in play
    return plays[-les.players]


def _is_play(item: Item) -> bool:
    return isinstance(item, (Move, Do)) and item.action.startswith("play ")


class ScriptedPlayer:
    """A computer seat of a lesson: it plays the lesson's move for its seat, read from its view
    (the trump it names, its bid, and its k-th card of the round)."""

    def __init__(self, les: Lesson) -> None:
        self.moves: dict[tuple[int, int], list[Action]] = {}
        for r, deal in enumerate(les.deals, start=1):
            for item in deal.script:
                if isinstance(item, Move):
                    self.moves.setdefault((r, item.seat), []).append(action_of(item.action))

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        """The scripted move of ``view.seat`` now."""
        mine = self.moves.get((view.round, view.seat), [])
        found: Sequence[Action]
        if view.phase is Phase.TRUMP:
            found = [a for a in mine if isinstance(a, ChooseTrump)]
        elif view.phase is Phase.BID:
            found = [a for a in mine if isinstance(a, Bid)]
        else:
            k = view.round - len(view.hand or ())
            found = [a for a in mine if isinstance(a, Play)][k:k + 1]
        if not found:
            raise LessonError(f"no scripted move for seat {view.seat} in round {view.round} "
                              f"({view.phase.name})")
        return found[0]


def lesson_session(les: Lesson, you: str) -> Session:
    """A new game of ``les``: the person (``you``) at seat 0, its computer seats, its decks."""
    config = GameConfig(les.players, edition=Edition(les.edition), first_dealer=les.first_dealer)
    seats = [Seat.human(you)] + [Seat(name, "ai", LEVEL) for name in les.names]
    return Session(GameState.new(config), seats, rng=PresetDeals(les.edition, packs(les)),
                   replayable=False)


@dataclass(frozen=True, slots=True)
class Note:
    """What the lesson says now: ``kind`` "say" (a note; it stays until Continue), "do" (the
    person's move, ``action`` ringed; it stays until the move is made), "done" (the lesson is
    over). ``step`` counts the lesson's notes and moves (1-based, each its own number);
    ``point`` names the part of the table a note talks about (ringed)."""

    kind: str
    text: str
    step: int
    steps: int
    action: Action | None = None
    point: str = ""


# A kind word for a legal move that is not the lesson's, by kind of move.
WRONG_BID = N_("Not this time: this lesson goes on with a bid of {n}. Choose the ringed number.")
WRONG_CARD = N_("That card may be played, but this lesson needs {card}: it is ringed in your hand.")
WRONG_TRUMP = N_("Any suit may be named, but this lesson goes on with {suit}: it is ringed.")
READ_FIRST = N_("Read the note first, then press Continue.")
NO_TAKEBACK = N_("A lesson has no take-back: leave it and choose Restart to begin again.")
FINISHED = N_("This lesson is finished.")
FINAL_SCORES = N_("Final scores: {scores}.")


def words(text: str, args: dict[str, str] | Any, look: str) -> str:
    """``text`` translated, with its card and suit placeholders named in ``look``."""
    values = {}
    for key, value in dict(args).items():
        name = value.removeprefix("^")
        if name.startswith("suit:"):
            said = messages.suit_name(name[5:], look)
        else:
            said = messages.card_name(card(name), look)
        values[key] = messages.capitalised(said) if value.startswith("^") else said
    return _(text).format(**values)


class Tutorial:
    """A lesson played on a table, at ``pos`` in its steps (see the module's text)."""

    def __init__(self, les: Lesson, table: Table, game: Session, pos: int = 0,
                 on_progress: Callable[[int], None] | None = None) -> None:
        self.lesson = les
        self.table = table
        self.game = game                 # the lesson's game, which ``table`` plays through its port
        self.items: list[Item] = les.items()
        self.pos = pos
        self.on_progress = on_progress
        self.expected_moves = self._numbered_moves()
        table.gate = self.may_move
        table.auto_forced = False        # a forced card is still the person's to play and learn
        self._unsubscribe = game.subscribe(self._on_events)
        self._settle()

    # ---- building -----------------------------------------------------------------------

    @staticmethod
    def start(les: Lesson, pos: int = 0, *, you: str | None = None,
              on_progress: Callable[[int], None] | None = None, **table_args: Any) -> Tutorial:
        """The lesson at step ``pos`` (0: its beginning): a new game with every move before
        ``pos`` made again. ``table_args`` go to the ``Table``."""
        session = lesson_session(les, you if you is not None else _(messages.YOU))
        session.start()
        items = les.items()
        if not 0 <= pos <= len(items):
            raise ValueError(f"{les.id} has {len(items)} steps, not {pos}")
        for item in items[:pos]:
            if isinstance(item, Move):
                session.act(action_of(item.action), item.seat)
            elif isinstance(item, Do):
                session.act(action_of(item.action), 0)
            elif isinstance(item, RoundEnd) and not item.last:
                session.advance()
        player = ScriptedPlayer(les)
        table = Table(session, computer=ComputerSeats(lambda _level: player), **table_args)
        return Tutorial(les, table, session, pos, on_progress)

    def _numbered_moves(self) -> dict[int, int]:
        """For each Move and Do item: the number of game actions before it."""
        out, count = {}, 0
        for i, item in enumerate(self.items):
            if isinstance(item, (Move, Do)):
                out[i] = count
                count += 1
        return out

    def close(self) -> None:
        """Stop listening and close the table."""
        self._unsubscribe()
        self.table.close()

    # ---- where the lesson stands ----------------------------------------------------------

    @property
    def item(self) -> Item | None:
        """The step to do now (None: the lesson is over)."""
        return self.items[self.pos] if self.pos < len(self.items) else None

    @property
    def finished(self) -> bool:
        """Every step is done."""
        return self.pos >= len(self.items)

    def may_move(self) -> bool:
        """The table may move the game on by itself: a computer seat's move, or the round's result."""
        return isinstance(self.item, (Move, RoundEnd))

    def expected(self) -> Action | None:
        """The move the lesson waits for from the person now (ringed), or None."""
        item = self.item
        if isinstance(item, Do) and self.table.my_turn():
            return action_of(item.action)
        return None

    def note(self) -> Note | None:
        """What the lesson says now, translated (None: nothing, e.g. while the table catches up)."""
        look = self.table.look
        step, steps = step_of(self.lesson, self.pos)
        item = self.item
        if item is None:
            totals = self.table.shown.totals                  # how the lesson came out
            scores = ", ".join(f"{name} {total}" for name, total
                               in zip(self.table.names, totals, strict=False))
            done = _(FINISHED) + (" " + _(FINAL_SCORES).format(scores=scores) if scores else "")
            return Note("done", done, steps, steps)
        if isinstance(item, Say) and self.table.drained:     # after the cards have landed
            return Note("say", words(item.text, item.args, look), step, steps, point=item.point)
        if isinstance(item, Do) and self.table.my_turn():
            return Note("do", words(item.text, item.args, look), step, steps,
                        action_of(item.action))
        return None

    # ---- the person -----------------------------------------------------------------------

    def submit(self, intent: Intent) -> Outcome:
        """``intent`` if the lesson lets it through; else why not (nothing changes)."""
        t = self.table
        if isinstance(intent, TakeBackIntent):
            return Refused(None, _(NO_TAKEBACK))
        if isinstance(intent, NextRound):
            return self._next_round()
        if not isinstance(intent, GAME_INTENTS):
            return t.submit(intent)
        if not (t.viewers_turn() and t.curtain_for is None):
            return t.submit(intent)            # the table says it is not this person's turn
        item = self.item
        if isinstance(item, Say):
            return Refused(None, _(READ_FIRST))
        if not isinstance(item, Do):
            return Ignored("the lesson is not at the person's move")
        want = action_of(item.action)
        declared = self.game.config.rules.power          # Merlin: a card declared as played
        if isinstance(intent, PlayIntent) and isinstance(want, Play) \
                and declared(intent.card.in_hand) is declared(want.card.in_hand) \
                is Power.WIZARD_OR_JESTER:
            return t.submit(intent)            # the table asks: as a Wizard or as a Jester?
        action = self._action_of(intent)
        if action is None:
            return t.submit(intent)
        err = self.game.check(action, t.viewer)
        if err is not None or action == want:
            return t.submit(intent)            # the rules' refusal, or the lesson's move
        look = t.look
        if item.wrong:
            text = words(item.wrong, item.args, look)
        elif isinstance(want, Bid):
            text = _(WRONG_BID).format(n=want.n)
        elif isinstance(want, Play):
            text = _(WRONG_CARD).format(card=messages.card_name(want.card, look))
        else:
            assert isinstance(want, ChooseTrump)
            text = _(WRONG_TRUMP).format(suit=messages.suit_name(want.suit, look))
        return Refused(None, text, {"expected": want, "given": action})

    @staticmethod
    def _action_of(intent: Intent) -> Action | None:
        if isinstance(intent, BidIntent):
            return Bid(intent.n)
        if isinstance(intent, PlayIntent):
            return Play(intent.card)
        if isinstance(intent, TrumpIntent):
            return ChooseTrump(intent.suit)
        if isinstance(intent, MerlinIntent):
            return Play(card("MERLIN:W" if intent.as_wizard else "MERLIN:J"))
        return None

    def acknowledge(self) -> Outcome:
        """Continue: the note was read."""
        if not isinstance(self.item, Say):
            return Ignored("no note to close")
        self._advance()
        return Accepted(None)

    def _next_round(self) -> Outcome:
        item = self.item
        if not isinstance(item, RoundEnd):
            return Ignored("no round to close")
        if item.last:                        # the lesson's last round: no further deal
            self._advance()
            return Accepted(None)
        out = self.table.submit(NextRound())
        if isinstance(out, Accepted):
            self._advance()
        return out

    # ---- the game moving on ---------------------------------------------------------------

    def _advance(self) -> None:
        self.pos += 1
        self._settle()
        if self.on_progress is not None:
            self.on_progress(self.pos)

    def _settle(self) -> None:
        """Move ``pos`` past the moves the game has already made."""
        moves = self.game.moves
        while self.pos < len(self.items) and self.expected_moves.get(self.pos, moves) < moves:
            self.pos += 1

    def _on_events(self, session: Session, events: list[Event]) -> None:
        item = self.item
        moves = session.moves
        if isinstance(item, (Move, Do)) and moves == self.expected_moves[self.pos] + 1:
            made = session.state.actions[-1]
            want = action_of(item.action)
            if made != want:
                raise LessonError(f"{self.lesson.id}, step {self.pos}: {made} instead of {want}")
            self._advance()
