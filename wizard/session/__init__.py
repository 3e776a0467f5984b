"""Runs one game: the engine, the seats (human or computer), events and autosave. No pygame.

The session checks and applies every action through the engine, whoever makes it; it does not
decide for anyone: the computer seats are played by ``wizard.table.computer`` through the same
narrow port (``wizard.table.port.GamePort``, which a ``Session`` is) a person's table uses.

>>> s = Session.new(GameConfig(players=3, seed=5), [Seat.ai("A", "random")] * 3)
>>> s.start()[0].__class__.__name__, s.phase.name, s.current
('CardDrawn', 'BID', 0)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wizard.engine import (
    Action,
    Bid,
    BidVisibility,
    Event,
    GameConfig,
    GameRecord,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    RoundResult,
    Rule,
    TakeBack,
    events_for,
)
from wizard.engine.record import steps
from wizard.engine.scoring import winners
from wizard.session.deals import deal_rng
from wizard.session.seats import SeatSpec

Seat = SeatSpec   # the one seat type: a name, a person or a computer level (``SeatSpec.human``/``.ai``)


Listener = Callable[["Session", list[Event]], None]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse an action, as data (an ``IllegalActionError`` without the exception,
    so that it can cross the table's port): the rule broken and its details."""

    rule: Rule
    details: dict[str, Any]

    @staticmethod
    def of(err: IllegalActionError) -> Refusal:
        """The refusal ``err`` raised."""
        return Refusal(err.rule, dict(err.details))


class TakeBackRule(enum.Enum):
    """Why a take-back is refused (the table translates it)."""

    NOT_SOLO = "not_solo"            # take-backs are for a game with exactly one person
    NOTHING = "nothing"              # the person has made no decision to take back yet
    GAME_OVER = "game_over"          # a finished game stays as it was played
    NO_RECORD = "no_record"          # the game did not start from its seed: it cannot be replayed
    BIDS_SHOWN = "bids_shown"        # hidden or secret bids: every bid is made, the bid is kept
    ROUND_SCORED = "round_scored"    # the last decision belongs to a round already scored: final


class TakeBackError(ValueError):
    """A take-back the session refuses; nothing changed. ``rule`` says why."""

    def __init__(self, rule: TakeBackRule) -> None:
        super().__init__(f"no take-back: {rule.value}")
        self.rule = rule


def public_view(state: GameState) -> PlayerView:
    """What a bystander sees: no hand at all, only the bids everybody may see (the engine's
    ``GameState.public_view``: redaction has one home, ``engine/view.py``)."""
    return state.public_view()


def redact(events: Sequence[Event], viewer: int | None, config: GameConfig) -> list[Event]:
    """``events`` as ``viewer`` may see them; ``None`` is a bystander who sees no private card
    (the engine's ``events_for``)."""
    return events_for(events, viewer, config)


class Session:
    """A game in progress with its seats; every action goes through the engine's checked API."""

    def __init__(self, state: GameState, seats: Sequence[Seat], *,
                 rng: random.Random, on_save: Callable[[Session], None] | None = None,
                 takebacks: Sequence[TakeBack] = (), replayable: bool = False) -> None:
        if len(seats) != state.config.players:
            raise ValueError(f"need {state.config.players} seats, got {len(seats)}")
        self.state = state
        self.seats = list(seats)
        self.rng = rng
        self.on_save = on_save
        self.listeners: list[Listener] = []
        self.log: list[Event] = []
        self.takebacks: list[TakeBack] = list(takebacks)
        self.replayable = replayable     # the state is its seed's deals plus its actions
        self._choices: list[bool] = []   # per action: the solo person chose among several
        self._rounds: list[int] = []     # per action: the round it was made in

    # ---- construction --------------------------------------------------------------------

    @staticmethod
    def new(config: GameConfig, seats: Sequence[Seat], *, on_save: Callable[[Session], None] | None = None) -> Session:
        """A fresh game, not yet dealt: call ``start()`` (after adding listeners) to draw and deal."""
        return Session(GameState.new(config), seats, rng=deal_rng(config.seed),
                       on_save=on_save, replayable=True)

    @staticmethod
    def resume(record: GameRecord, seats: Sequence[Seat], *, on_save: Callable[[Session], None] | None = None) -> Session:
        """Rebuild a saved game at the same card (raises ``RecordError`` if it does not replay)."""
        rng = deal_rng(record.config.seed)
        state = record.rebuild(rng)
        return Session(state, seats, rng=rng, on_save=on_save, takebacks=record.takebacks, replayable=True)

    def record(self) -> GameRecord:
        """The config, every action so far and the take-backs made."""
        return GameRecord.of(self.state, self.takebacks)

    # ---- who acts ------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        """The game's configuration."""
        return self.state.config

    @property
    def current(self) -> int | None:
        """The seat to act, or None (chance step, round end, game over)."""
        return self.state.current_player

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen."""
        return len(self.humans) >= 2

    def is_human_turn(self) -> bool:
        """Whether a person must act now."""
        cur = self.current
        return cur is not None and self.seats[cur].is_human

    def is_ai_turn(self) -> bool:
        """Whether the computer must act now."""
        cur = self.current
        return cur is not None and not self.seats[cur].is_human

    @property
    def needs_advance(self) -> bool:
        """True when the game waits for a deal (start, or after a round-end screen)."""
        return self.state.is_chance

    @property
    def finished(self) -> bool:
        """True once the last round is scored."""
        return self.state.is_terminal

    @property
    def names(self) -> list[str]:
        """The players' names by seat."""
        return [s.name for s in self.seats]

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self.state.phase

    @property
    def round(self) -> int:
        """The round being played (0 before the first deal)."""
        return self.state.round

    @property
    def rounds(self) -> int:
        """How many rounds the game has."""
        return self.state.config.rounds

    @property
    def totals(self) -> list[int]:
        """Each seat's total score so far."""
        return list(self.state.totals)

    @property
    def results(self) -> list[RoundResult]:
        """Every round scored so far, in order."""
        return list(self.state.history)

    @property
    def lead_suit(self) -> str | None:
        """The suit led in the trick being played, if any."""
        return self.state.lead_suit

    @property
    def moves(self) -> int:
        """How many actions were taken so far (a position's number)."""
        return len(self.state.actions)

    @property
    def pending(self) -> bool:
        """Never: an action here is answered at once (a network joiner's may be on its way)."""
        return False

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now; empty when it is not its turn."""
        if seat is not None and seat != self.current:
            return []
        return self.state.legal_actions()

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why the rules refuse ``action`` by ``seat`` now, or None if they allow it (changes nothing)."""
        try:
            self.state.check(action, seat)
        except IllegalActionError as err:
            return Refusal.of(err)
        return None

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now; ``None`` gives the bystander's view."""
        return public_view(self.state) if seat is None else self.state.view_for(seat)

    # ---- stepping ------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Run the pending draw/deal steps so a player must act (or nothing, if already there)."""
        events: list[Event] = []
        while self.state.phase in (Phase.DRAW, Phase.DEAL):
            events += self.state.advance(self.rng)
        return self._emit(events, save=bool(events))

    def advance(self) -> list[Event]:
        """Deal the next round after a round end (or the first one)."""
        events: list[Event] = []
        if self.state.phase is Phase.ROUND_END:
            events += self.state.advance(self.rng)
        while self.state.phase in (Phase.DRAW, Phase.DEAL):
            events += self.state.advance(self.rng)
        return self._emit(events, save=False)

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply a player's action (checked: ``IllegalActionError`` leaves everything unchanged)."""
        known = len(self._choices) == len(self._rounds) == len(self.state.actions)
        choice, rnd = (self._is_choice(), self.state.round) if known else (None, 0)
        events = self.state.apply(action, seat)
        if choice is not None:
            self._choices.append(choice)
            self._rounds.append(rnd)
        return self._emit(events, save=True)

    # ---- take-backs (solo games) ----------------------------------------------------------

    @property
    def solo(self) -> bool:
        """Exactly one person plays (with the computer): the only kind of game with take-backs."""
        return len(self.humans) == 1

    def _is_choice(self, state: GameState | None = None) -> bool:
        """The seat to act in ``state`` (default: now) is the solo person with more than one
        legal action: a decision of theirs (a forced card is none)."""
        state = self.state if state is None else state
        cur = state.current_player
        return (self.solo and cur is not None and self.seats[cur].is_human
                and len(state.legal_actions()) > 1)

    def _choice_marks(self) -> list[bool]:
        """``_choices`` for every action so far (replayed from the seed when not known, e.g.
        after a resume or a change of seats)."""
        actions = self.state.actions
        if not len(self._choices) == len(self._rounds) == len(actions):
            walk = steps(GameState.new(self.config), actions, deal_rng(self.config.seed))
            self._choices, self._rounds = [], []
            for step in walk:
                self._choices.append(self._is_choice(step.state))
                self._rounds.append(step.state.round)
        return self._choices

    def takeback_refusal(self) -> TakeBackRule | None:
        """Why ``take_back`` would be refused now, or None if it would go back."""
        if not self.solo:
            return TakeBackRule.NOT_SOLO
        if self.finished:
            return TakeBackRule.GAME_OVER
        if not self.replayable:
            return TakeBackRule.NO_RECORD
        marks = self._choice_marks()
        if not any(marks):
            return TakeBackRule.NOTHING
        to = max(i for i, chose in enumerate(marks) if chose)
        if self._rounds[to] != self.state.round or self.state.phase is Phase.ROUND_END:
            return TakeBackRule.ROUND_SCORED       # a scored round is final: never rewound
        if (isinstance(self.state.actions[to], Bid)
                and self.config.options.bids is not BidVisibility.OPEN
                and self.state.phase is not Phase.BID):
            # the bidding is over (hidden bids are shown): bidding again would use the others'
            return TakeBackRule.BIDS_SHOWN
        return None

    def take_back(self) -> TakeBack:
        """Go back to the solo person's last decision (a bid, a card or a trump with a choice),
        undoing it and every computer move after it; ``TakeBackError`` changes nothing.

        The position is rebuilt from the seed and the actions before it, so it is exactly the
        one the person saw; the computer seats then decide again with the same decision rngs
        (seed, seat, move number), so they make the same moves. The take-back is kept in the
        record (``takebacks``) and the game is saved.
        """
        why = self.takeback_refusal()
        if why is not None:
            raise TakeBackError(why)
        marks = self._choice_marks()
        to = max(i for i, chose in enumerate(marks) if chose)
        actions = self.state.actions
        rng = deal_rng(self.config.seed)
        state = GameRecord(self.config, tuple(actions[:to])).rebuild(rng)
        while state.is_chance:                 # the decision opened a round: deal it again
            state.advance(rng)
        seat = self.humans[0]
        if state.current_player != seat:
            raise RuntimeError(f"the rebuilt position at move {to} is not seat {seat}'s turn")
        done = TakeBack(seat, to, tuple(actions[to:]))
        self.state, self.rng = state, rng
        self._choices, self._rounds = marks[:to], self._rounds[:to]
        self.takebacks.append(done)
        self._emit([], save=True)
        return done

    # ---- events --------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(session, events)`` after every step; returns an unsubscribe function."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def follow(self, listener: Callable[[list[Event]], None],
               viewer: Callable[[], int | None]) -> Callable[[], None]:
        """Call ``listener(events)`` after every step, the events redacted for ``viewer()`` at that
        moment (the table's port, ``wizard.table.port.GamePort``); returns an unsubscribe function."""
        return self.subscribe(lambda _s, events: listener(self.redacted(events, viewer())))

    def redacted(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        """``events`` as ``viewer`` (a seat or None for a bystander) may see them."""
        return redact(events, viewer, self.config)

    def _emit(self, events: list[Event], save: bool) -> list[Event]:
        self.log.extend(events)
        if save and self.on_save is not None:
            self.on_save(self)
        for listener in list(self.listeners):
            listener(self, events)
        return events

    def summary(self) -> dict[str, Any]:
        """Names, totals and winners: enough for a history line."""
        totals = list(self.state.totals)
        return {"names": [s.name for s in self.seats], "totals": totals,
                "winners": list(winners(totals)) if totals else []}
