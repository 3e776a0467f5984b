"""The frozen configuration of a game: players, edition, options, seed.

``PublicConfig`` is the part every seat may know: all but the seed of the deals. A seat's
``PlayerView`` carries that (docs/RULES.md §7: a view never carries the seed); ``GameConfig`` adds
the seed, which the state and the game record keep.

>>> cfg = GameConfig(players=4, seed=7)
>>> cfg.rounds, cfg.public().seed, cfg.public().rounds
(15, None, 15)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from .edition import Edition, EditionRules
from .errors import ConfigError

__all__ = ["BidVisibility", "Conflict", "Edition", "GameConfig", "Options", "PublicConfig"]


class BidVisibility(enum.StrEnum):
    """Who sees a bid and when (docs/RULES.md §4)."""

    OPEN = "open"
    HIDDEN = "hidden"
    SECRET = "secret"


class Conflict(enum.Enum):
    """Why an option lapses in a configuration; the setup screen greys it out with this reason."""

    SUM_RULE_NEEDS_OPEN_BIDS = "sum_rule_needs_open_bids"   # no_equal_sum / canadian with hidden/secret
    SCROLL_CLASSIC_ONLY = "scroll_classic_only"             # scroll outside the classic edition


@dataclass(frozen=True, slots=True)
class Options:
    """The variants of docs/RULES.md §4-5."""

    no_equal_sum: bool = False
    canadian: bool = False
    bids: BidVisibility = BidVisibility.OPEN
    clairvoyance: bool = False
    scroll: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form (the conformance ``options`` object)."""
        return {"no_equal_sum": self.no_equal_sum, "canadian": self.canadian,
                "bids": self.bids.value, "clairvoyance": self.clairvoyance, "scroll": self.scroll}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Options:
        """Read the ``options`` object; unknown keys or wrong types raise ``ConfigError``."""
        if not isinstance(data, dict):
            raise ConfigError("options must be an object")
        known = {"no_equal_sum", "canadian", "bids", "clairvoyance", "scroll"}
        extra = set(data) - known
        if extra:
            raise ConfigError(f"unknown options: {sorted(extra)}")
        for key in known - {"bids"}:
            if key in data and not isinstance(data[key], bool):
                raise ConfigError(f"option {key} must be true or false")
        try:
            bids = BidVisibility(data.get("bids", "open"))
        except ValueError:
            raise ConfigError(f"option bids must be open, hidden or secret, not {data.get('bids')!r}") from None
        return Options(no_equal_sum=data.get("no_equal_sum", False), canadian=data.get("canadian", False),
                       bids=bids, clairvoyance=data.get("clairvoyance", False),
                       scroll=data.get("scroll", False))


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

    @property
    def rounds(self) -> int:
        """Number of rounds: 60 / players."""
        return 60 // self.players

    @property
    def rules(self) -> EditionRules:
        """The edition as data: its deck, card powers, scoring and bid-sum rule."""
        return self.edition.rules

    @property
    def sum_rules_active(self) -> bool:
        """Whether last-bidder sum constraints apply (open bids only)."""
        return self.options.bids is BidVisibility.OPEN

    @property
    def scroll_active(self) -> bool:
        """Whether the ancient-scroll rule applies (classic edition only)."""
        return self.options.scroll and self.edition.rules.scroll

    def conflicts(self) -> dict[str, Conflict]:
        """Options that are set but lapse here, by option name, with the reason."""
        out: dict[str, Conflict] = {}
        if not self.sum_rules_active:
            for name in ("no_equal_sum", "canadian"):
                if getattr(self.options, name):
                    out[name] = Conflict.SUM_RULE_NEEDS_OPEN_BIDS
        if self.options.scroll and not self.edition.rules.scroll:
            out["scroll"] = Conflict.SCROLL_CLASSIC_ONLY
        return out


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
