"""The table plays a whole game against a fake game behind its port (``wizard.table.port``).

The fake is not a ``Session``: it keeps an engine ``GameState`` of its own, answers only the
port's members, counts which ones the table asks, and sends every value across pickled and
unpickled, as a game in another process would: the table gets data (views, events, actions,
refusals), never a live object of the game.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from wizard.engine import (
    Action,
    Bid,
    Event,
    GameConfig,
    GameRecord,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    TakeBack,
    events_for,
)
from wizard.session import Refusal, Seat, TakeBackError, TakeBackRule
from wizard.table import (
    Accepted,
    BidIntent,
    ChoiceNeeded,
    CurtainUp,
    GameOver,
    GamePort,
    MerlinIntent,
    NextRound,
    PlayIntent,
    Ready,
    Refused,
    RoundOver,
    Table,
    TakeBackIntent,
    TakenBack,
    TrumpIntent,
)

PORT = {"config", "seats", "moves", "pending", "view", "follow", "legal_actions", "check", "act",
        "start", "advance", "takeback_refusal", "take_back"}


def wire(value: Any) -> Any:
    """``value`` as it would arrive from elsewhere: a copy made of data only."""
    return pickle.loads(pickle.dumps(value))


class FakeGame:
    """A game behind the port, made of the engine alone (no ``Session``)."""

    def __init__(self, config: GameConfig, seats: Sequence[Seat]) -> None:
        self._config = config
        self._seats = list(seats)
        self._rng = random.Random(config.seed)
        self._state = GameState.new(config)
        self._listeners: list[tuple[Callable[[list[Event]], None], Callable[[], int | None]]] = []
        self.asked: set[str] = set()

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_") and name != "asked":       # anything public the table asks
            object.__getattribute__(self, "asked").add(name)
        return object.__getattribute__(self, name)

    # ---- the port ------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        return wire(self._config)

    @property
    def seats(self) -> list[Seat]:
        return wire(self._seats)

    @property
    def moves(self) -> int:
        return len(self._state.actions)

    @property
    def pending(self) -> bool:
        return False

    def view(self, seat: int | None) -> PlayerView:
        return wire(self._state.public_view() if seat is None else self._state.view_for(seat))

    def follow(self, listener: Callable[[list[Event]], None],
               viewer: Callable[[], int | None]) -> Callable[[], None]:
        entry = (listener, viewer)
        self._listeners.append(entry)
        return lambda: self._listeners.remove(entry)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self._state.current_player:
            return []
        return wire(self._state.legal_actions())

    def check(self, action: Action, seat: int) -> Refusal | None:
        try:
            self._state.check(wire(action), seat)
        except IllegalActionError as err:
            return wire(Refusal.of(err))
        return None

    def act(self, action: Action, seat: int) -> None:
        self._tell(self._state.apply(wire(action), seat))

    def start(self) -> None:
        events: list[Event] = []
        while self._state.phase in (Phase.DRAW, Phase.DEAL):
            events += self._state.advance(self._rng)
        self._tell(events)

    def advance(self) -> None:
        events: list[Event] = []
        if self._state.phase is Phase.ROUND_END:
            events += self._state.advance(self._rng)
        while self._state.phase in (Phase.DRAW, Phase.DEAL):
            events += self._state.advance(self._rng)
        self._tell(events)

    def _person_choices(self) -> list[int]:
        """The moves at which the one person chose among several actions."""
        person = next(i for i, s in enumerate(self._seats) if s.is_human)
        rng = random.Random(self._config.seed)
        state = GameState.new(self._config)
        out = []
        for i, action in enumerate(self._state.actions):
            while state.is_chance:
                state.advance(rng)
            if state.current_player == person and len(state.legal_actions()) > 1:
                out.append(i)
            state.apply(action)
        return out

    def takeback_refusal(self) -> TakeBackRule | None:
        if self._state.is_terminal:
            return TakeBackRule.GAME_OVER
        return None if self._person_choices() else TakeBackRule.NOTHING

    def take_back(self) -> TakeBack:
        why = self.takeback_refusal()
        if why is not None:
            raise TakeBackError(why)
        to = self._person_choices()[-1]
        actions = self._state.actions
        rng = random.Random(self._config.seed)
        state = GameRecord(self._config, tuple(actions[:to])).rebuild(rng)
        while state.is_chance:
            state.advance(rng)
        done = TakeBack(state.current_player or 0, to, tuple(actions[to:]))
        self._state, self._rng = state, rng
        self._tell([])
        return wire(done)

    # ---- the fake's own ------------------------------------------------------------------

    def _tell(self, events: list[Event]) -> None:
        for listener, viewer in list(self._listeners):
            listener(wire(events_for(events, viewer(), self._config)))



def state_of(game: FakeGame) -> GameState:
    """The fake's own state, for the test's checks (not a member: the table cannot reach it)."""
    return game._state


def _person_acts(table: Table, rng: random.Random) -> None:
    """The person at the screen does something legal when it is their turn."""
    if table.curtain_for is not None:
        assert isinstance(table.submit(Ready()), Accepted)
        return
    if not table.my_turn():
        return
    if table.choice == "trump" or table.phase is Phase.TRUMP:
        out = table.submit(TrumpIntent(rng.choice("BGRY")))
    elif table.phase is Phase.BID:
        out = table.submit(BidIntent(rng.choice([n for n, ok in table.bid_options() if ok])))
    else:
        out = table.submit(PlayIntent(rng.choice(sorted(table.legal_cards(), key=str))))
        if isinstance(out, ChoiceNeeded):
            out = table.submit(MerlinIntent(rng.random() < 0.5))
    assert isinstance(out, Accepted), out


def play(table: Table, game: FakeGame, seed: int, limit: int = 100_000) -> GameOver:
    rng = random.Random(seed)
    for _ in range(limit):
        table.tick(0.05)
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                assert isinstance(table.submit(NextRound()), Accepted)
            elif isinstance(out, GameOver):
                return out
        _person_acts(table, rng)
    raise AssertionError("the game never ended")


def test_the_fake_is_a_game_port() -> None:
    game: GamePort = FakeGame(GameConfig(3, seed=1), [Seat.human("Ann")] * 3)
    assert game.moves == 0


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_a_whole_game_is_played_through_the_port_only(edition: str) -> None:
    from wizard.engine import Edition
    config = GameConfig(4, seed=12, edition=Edition(edition))
    game = FakeGame(config, [Seat.human("Ann"), Seat.ai("Bo", "random"), Seat.ai("Cy", "easy"),
                             Seat.ai("Di", "random")])
    table = Table(game, threaded=False, speed=0.0, ai_pause=0.0, trick_hold=0.0,
                  last_trick_waits=False)
    over = play(table, game, seed=3)
    assert state_of(game).is_terminal and table.finished
    assert list(over.totals) == list(state_of(game).totals)
    assert len(over.results) == config.rounds and over.names == ("Ann", "Bo", "Cy", "Di")
    assert table.shown.totals == list(state_of(game).totals)
    assert game.asked <= PORT and {"view", "follow", "act", "legal_actions", "check"} <= game.asked
    table.close()


def test_a_hot_seat_game_through_the_port_raises_the_curtain_for_each_person() -> None:
    game = FakeGame(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.human("Bo"),
                                            Seat.ai("Cy", "random")])
    table = Table(game, threaded=False, speed=0.0, ai_pause=0.0, trick_hold=0.0,
                  last_trick_waits=False)
    curtains: set[int] = set()
    rng = random.Random(1)
    for _ in range(4000):
        table.tick(0.05)
        for out in table.take_outcomes():
            if isinstance(out, CurtainUp):
                curtains.add(out.seat)
            elif isinstance(out, RoundOver):
                table.submit(NextRound())
        if state_of(game).round >= 3:
            break
        _person_acts(table, rng)
    assert curtains == {0, 1} and state_of(game).round >= 3
    table.close()


def test_a_take_back_goes_through_the_port() -> None:
    game = FakeGame(GameConfig(3, seed=21), [Seat.human("Ann"), Seat.ai("Bo", "random"),
                                             Seat.ai("Cy", "random")])
    table = Table(game, threaded=False, speed=0.0, ai_pause=0.0)
    for _ in range(400):
        table.tick(0.05)
        if table.my_turn() and table.phase is Phase.BID:
            break
    at = game.moves
    assert isinstance(table.submit(TakeBackIntent()), Refused)    # nothing chosen yet
    assert isinstance(table.submit(BidIntent(1)), Accepted) and game.moves == at + 1
    for _ in range(20):
        table.tick(0.05)
    out = table.submit(TakeBackIntent())
    assert isinstance(out, TakenBack) and out.action == Bid(1)
    assert game.moves == at and "take_back" in game.asked
    table.tick(0.05)
    assert table.my_turn() and table.phase is Phase.BID
    table.close()


def test_a_refusal_comes_back_as_data() -> None:
    game = FakeGame(GameConfig(3, seed=21), [Seat.human("Ann"), Seat.ai("Bo", "random"),
                                             Seat.ai("Cy", "random")])
    table = Table(game, threaded=False, speed=0.0, ai_pause=0.0)
    for _ in range(400):
        table.tick(0.05)
        if table.my_turn() and table.phase is Phase.BID:
            break
    before = game.moves
    out = table.submit(BidIntent(99))
    assert isinstance(out, Refused) and out.rule is not None and out.text
    assert game.moves == before and "check" in game.asked
    table.close()
