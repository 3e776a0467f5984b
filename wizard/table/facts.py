"""What the table knows of its game, asked through the port: whose turn, the phase, the round,
the seats. A base of ``Table`` (and of its parts), kept apart so the controller stays small.

Each answer comes from the port's bystander view (``GamePort.view(None)``), asked once after
each step of the game and kept until the next one (``_stale``).
"""

from __future__ import annotations

from wizard.engine import Action, GameConfig, Phase, PlayerView
from wizard.engine.trick import lead_suit
from wizard.session import Seat

from .port import GamePort


class Facts:
    """The game's public facts, read through ``port``."""

    port: GamePort
    viewer: int | None                     # the seat whose hand is shown (``Table`` sets it)
    remote: frozenset[int] = frozenset()   # seats played on another computer (a network table):
    #                                        neither this screen's people nor its computer seats
    _public: PlayerView | None = None      # the bystander's view, until the next step

    def public(self) -> PlayerView:
        """What everybody may know now (the port's bystander view, asked again after each step)."""
        if self._public is None:
            self._public = self.port.view(None)
        return self._public

    def _stale(self) -> None:
        """The game moved: ask the port again."""
        self._public = None

    @property
    def config(self) -> GameConfig:
        """The rules of the game."""
        return self.port.config

    @property
    def seats(self) -> list[Seat]:
        """Who sits at each seat."""
        return list(self.port.seats)

    @property
    def names(self) -> list[str]:
        """Players' names by seat."""
        return [s.name for s in self.port.seats]

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen (not the ``remote`` ones)."""
        return [i for i, s in enumerate(self.port.seats) if s.is_human and i not in self.remote]

    @property
    def solo(self) -> bool:
        """Exactly one person plays (the only kind of game with take-backs)."""
        return len(self.humans) == 1

    @property
    def current(self) -> int | None:
        """The seat to act (None: a deal, a round end, the game's end)."""
        return self.public().current_player

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self.public().phase

    @property
    def round(self) -> int:
        """The round being played (0 before the first deal)."""
        return self.public().round

    @property
    def rounds(self) -> int:
        """How many rounds the game has."""
        return self.public().rounds

    @property
    def moves(self) -> int:
        """How many actions were taken so far."""
        return self.port.moves

    @property
    def finished(self) -> bool:
        """The last round is scored."""
        return self.phase is Phase.GAME_OVER

    @property
    def lead_suit(self) -> str | None:
        """The suit to follow in the trick being played, if any."""
        return lead_suit([c for _s, c in self.public().trick])

    def is_human_turn(self) -> bool:
        """A person at this screen must act now."""
        cur = self.current
        return cur is not None and cur not in self.remote and self.port.seats[cur].is_human

    def is_ai_turn(self) -> bool:
        """A computer seat of this table must act now."""
        cur = self.current
        return cur is not None and cur not in self.remote and not self.port.seats[cur].is_human

    def is_remote_turn(self) -> bool:
        """A seat played on another computer must act now: the table waits for it."""
        return self.current in self.remote

    def viewers_turn(self) -> bool:
        """The person whose hand is shown is to act (whatever is still animating)."""
        return self.is_human_turn() and self.current == self.viewer

    def legal_now(self) -> list[Action]:
        """What the seat to act may do now (empty when nobody is to act)."""
        cur = self.current
        return [] if cur is None else self.port.legal_actions(cur)

    def edition_rules(self) -> tuple[str, bool]:
        """(the edition's name, whether the ancient scroll is played): how a trick is judged."""
        cfg = self.port.config
        return cfg.edition.value, cfg.options.scroll
