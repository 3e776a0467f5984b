"""The frozen configuration of a game: players, edition, options, seed.

``PublicConfig`` is the part every seat may know: all but the seed of the deals. A seat's
``PlayerView`` carries that (docs/RULES.md §7: a view never carries the seed); ``GameConfig`` adds the
seed, which the state and the game record keep.

>>> cfg = GameConfig(players=4, seed=7)
>>> cfg.rounds, cfg.public().seed, cfg.public().rounds
(15, None, 15)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .edition import Edition, EditionRules
from .errors import ConfigError
from .house import BidVisibility, GameRules, Options, lapsed, resolve

__all__ = ["BidVisibility", "Edition", "GameConfig", "GameRules", "Options", "PublicConfig"]


@dataclass(frozen=True, slots=True)
class PublicConfig:
    """The rules of a game as every seat may know them: a ``GameConfig`` without its seed.

    ``first_dealer`` None means: draw cards for it. ``seed`` is always None here.
    """

    players: int
    edition: Edition = Edition.CLASSIC
    options: Options = field(default_factory=Options)
    seed: int | None = None
    first_dealer: int | None = None
    #: The edition and options resolved (``house.resolve``): what the rules read.
    game_rules: GameRules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        PublicConfig._check(self)
        if self.seed is not None:
            raise ConfigError("a public config carries no seed")

    def _check(self) -> None:
        """Check (and normalise the edition of) every field but the seed."""
        if not isinstance(self.players, int) or not 3 <= self.players <= 6:
            raise ConfigError(f"players must be 3 to 6, not {self.players!r}")
        if not isinstance(self.edition, Edition):
            try:
                object.__setattr__(self, "edition", Edition(self.edition))
            except ValueError:
                raise ConfigError(f"unknown edition: {self.edition!r}") from None
        if not isinstance(self.options, Options):
            raise ConfigError("options must be an Options")
        if self.first_dealer is not None and (
                not isinstance(self.first_dealer, int) or not 0 <= self.first_dealer < self.players):
            raise ConfigError(f"first dealer must be a seat 0..{self.players - 1}")
        object.__setattr__(self, "game_rules", resolve(self.players, self.edition, self.options))

    @property
    def rounds(self) -> int:
        """Number of rounds played."""
        return self.game_rules.rounds

    @property
    def rules(self) -> EditionRules:
        """The edition as data: its deck, card powers, scoring and bid-sum rule."""
        return self.edition.rules

    @property
    def sum_rules_active(self) -> bool:
        """Whether last-bidder sum constraints apply (open bids only)."""
        return self.game_rules.open_bids

    @property
    def scroll_active(self) -> bool:
        """Whether the ancient-scroll rule applies (classic edition only)."""
        return self.game_rules.scroll

    def conflicts(self) -> dict[str, str]:
        """Options that are set but lapse here, by option name, with the reason (a msgid)."""
        return lapsed(self.players, self.edition, self.options)


@dataclass(frozen=True, slots=True)
class GameConfig(PublicConfig):
    """Everything fixed for a whole game, with the ``seed`` its deals are drawn from."""

    seed: int = 0

    def __post_init__(self) -> None:
        PublicConfig._check(self)  # (not super(): a slots dataclass breaks the zero-argument form)
        if not isinstance(self.seed, int):
            raise ConfigError("seed must be an integer")

    def public(self) -> PublicConfig:
        """This config without its seed: what a seat's view carries."""
        return PublicConfig(self.players, self.edition, self.options, None, self.first_dealer)

    def with_(self, **changes: Any) -> GameConfig:
        """A copy with some fields changed."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form."""
        return {"players": self.players, "edition": self.edition.value,
                "options": self.options.to_dict(), "seed": self.seed,
                "first_dealer": self.first_dealer}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> GameConfig:
        """Read the form written by ``to_dict``; bad data raises ``ConfigError``."""
        if not isinstance(data, dict):
            raise ConfigError("config must be an object")
        try:
            return GameConfig(players=data["players"], edition=data.get("edition", "classic"),
                              options=Options.from_dict(data.get("options", {})),
                              seed=data.get("seed", 0), first_dealer=data.get("first_dealer"))
        except KeyError as e:
            raise ConfigError(f"config lacks {e.args[0]}") from None
