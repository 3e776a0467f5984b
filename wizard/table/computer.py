"""The computer seats: who decides for them, with which generator, and when they act.

The game (``wizard.session``) only checks and applies actions; the computer seats are played
from here, through the same port a person's table uses (``wizard.table.port.GamePort``): a
computer seat decides from its own ``view`` with its decision generator (fixed by the seed, the
seat and the move number, so a take-back replays the same moves) and acts like anyone else.
The ``Table`` runs these decisions on its worker thread; ``step`` and ``play_out`` run them at
once (tests, example games, the smoke screens).

>>> from wizard.engine import GameConfig
>>> from wizard.session import Seat, Session
>>> s = Session.new(GameConfig(players=3, seed=5), [Seat.ai("A", "random")] * 3)
>>> play_out(s)
>>> s.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from wizard.ai.base import decision_rng
from wizard.engine import Action, Phase, PlayerView

from .port import GamePort


class Decider(Protocol):
    """Anything with the AI's ``decide(view, rng) -> Action``."""

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose one of ``view.legal``."""
        ...


class RandomLegal:
    """Plays a random legal action (the stand-in for a person in ``play_out``, and the computer
    when ``wizard.ai`` cannot be imported)."""

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(view.legal))


def default_ai_factory(level: str) -> Decider:
    """The project's AI for ``level`` (``wizard.ai.make_ai``), or a random-legal player without it."""
    try:
        from wizard.ai import make_ai
    except ImportError:
        return RandomLegal()
    try:
        return make_ai(level)
    except (KeyError, ValueError):
        return make_ai("normal")


def rng_for(game: GamePort, seat: int) -> random.Random:
    """The generator of ``seat``'s next decision in ``game``: fixed by seed, seat and move number."""
    return decision_rng(game.config.seed, seat, game.moves)


def to_act(game: GamePort) -> int | None:
    """The seat to act in ``game`` now (None: a deal, a round end, the game's end)."""
    return game.view(None).current_player


class ComputerSeats:
    """Decides for the computer seats of a game: one player per level, made once."""

    def __init__(self, ai_factory: Callable[[str], Decider] = default_ai_factory) -> None:
        self._factory = ai_factory
        self._ais: dict[str, Decider] = {}

    def player(self, level: str | None) -> Decider:
        """The computer player of ``level`` (None: "normal")."""
        level = level or "normal"
        ai = self._ais.get(level)
        if ai is None:
            ai = self._ais[level] = self._factory(level)
        return ai

    def job(self, game: GamePort) -> tuple[int, Callable[[], Action]]:
        """(seat, a function computing its decision) for the computer seat to act; the function
        reads only the seat's view and its own generator, never the game, so it may run in a
        thread."""
        seat = to_act(game)
        if seat is None or game.seats[seat].is_human:
            raise RuntimeError("no computer player is to act")
        view = game.view(seat)
        rng = rng_for(game, seat)
        ai = self.player(game.seats[seat].level)
        return seat, lambda: ai.decide(view, rng)

    def step(self, game: GamePort) -> None:
        """The computer seat to act decides and acts, at once."""
        seat, decide = self.job(game)
        game.act(decide(), seat)

    def play_for(self, game: GamePort, seat: int, level: str) -> None:
        """A computer player of ``level`` decides and acts for ``seat`` (e.g. a person's seat in a
        seeded example game), from the seat's view and with its decision generator."""
        game.act(self._factory(level).decide(game.view(seat), rng_for(game, seat)), seat)


_DEFAULT = ComputerSeats()


def step_ai(game: GamePort) -> None:
    """The computer seat to act decides (the project's AI at its level) and acts, at once."""
    _DEFAULT.step(game)


def play_out(game: GamePort, human: Callable[[PlayerView], Action] | None = None,
             computer: ComputerSeats | None = None) -> None:
    """Play ``game`` to its end: the computer seats by ``computer`` (the project's AI), the people
    by ``human`` (default: a random legal action with the seat's decision generator)."""
    computer = computer if computer is not None else _DEFAULT
    game.start()
    fallback = RandomLegal()
    while True:
        view = game.view(None)
        if view.phase is Phase.GAME_OVER:
            return
        seat = view.current_player
        if seat is None:
            game.advance()
        elif not game.seats[seat].is_human:
            computer.step(game)
        else:
            own = game.view(seat)
            action = human(own) if human is not None else fallback.decide(own, rng_for(game, seat))
            game.act(action, seat)
