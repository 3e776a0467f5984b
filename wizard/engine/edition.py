"""Each edition as data (docs/RULES.md §2-§6): the deck, what every card does in a trick (its
power), the trick key, the scoring and its bonuses, who chooses the trump, and the bid-sum rule.

A card's name, text and art belong to the card (``cards.Kind``, the UI's art); what it *does*
belongs to the edition. Code outside the engine asks the edition (``rules_of(edition)``, or
``config.rules``) instead of testing which edition is played:

>>> from .cards import card
>>> camelot = rules_of("camelot")
>>> camelot.power(card("MORGAN")), camelot.power(card("MERLIN:W"))
(<Power.ABOVE_WIZARDS: 'above_wizards'>, <Power.WIZARD: 'wizard'>)
>>> rules_of("magic").power(card("B1")), rules_of("classic").power(card("B1"))
(<Power.MAGIC: 'magic'>, <Power.SUITED: 'suited'>)
>>> len(camelot.deck), camelot.ranks, camelot.bid_sum_above, camelot.scoring.grail
(60, range(2, 14), 4, 20)

A new edition is one more ``EditionRules`` in ``EDITIONS`` (and a name in ``Edition``). House
rules, and the editions each applies to, are declared in house.py.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import EXCALIBUR, GRAIL, JESTER, MERLIN, MORGAN, SUITS, WIZARD, Card, Kind


class Edition(enum.StrEnum):
    """Which deck and rules: the name saved in a game's config (docs/RULES.md §2)."""

    CLASSIC = "classic"
    MAGIC = "magic"
    CAMELOT = "camelot"

    @property
    def rules(self) -> EditionRules:
        """The edition as data."""
        return EDITIONS[self]


class Power(enum.Enum):
    """What a card does in a trick (docs/RULES.md §5); the same power may serve several cards."""

    SUITED = "suited"                  # a number card: follows and sets the lead suit, ranks count
    MAGIC = "magic"                    # a number card that, following its suit, beats Wizards (§5.3)
    WIZARD = "wizard"                  # the first one wins; played before a suited card: no lead suit
    JESTER = "jester"                  # loses; the first one wins a trick of Jesters only
    WIZARD_OR_JESTER = "wizard_or_jester"  # declared a Wizard or a Jester as it is played (MERLIN)
    EVEN_WINS = "even_wins"            # at an even position it wins above all; at an odd one, null
    ABOVE_WIZARDS = "above_wizards"    # wins above every Wizard; cancels the lead like one (MORGAN)
    VOIDS = "voids"                    # always loses, and the trick counts for nobody (EXCALIBUR)


#: The trick key (higher wins; equal keys: the earlier card). A number card of the trump suit is
#: ``KEY_TRUMP + rank``, of the lead suit (or the card that sets it) its rank, any other 0; a
#: Jester 0; a null card (the GRAIL at an odd position, EXCALIBUR) -1.
KEY_EVEN_WINS, KEY_ABOVE_WIZARDS, KEY_MAGIC, KEY_WIZARD, KEY_TRUMP = 1000, 500, 200, 100, 20
KEY_NULL = -1

#: Powers that beat every number card (a Wizard's and above); the heuristics' "sure winners".
WINNING_POWERS = frozenset({Power.WIZARD, Power.ABOVE_WIZARDS, Power.EVEN_WINS, Power.MAGIC})


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for one player's round (docs/RULES.md §6) and the edition's bonuses."""

    made: int = 20                     # a met bid: made + per_trick * tricks
    per_trick: int = 10
    missed: int = 10                   # a missed bid: -missed per trick of difference
    zero_bid: int | None = None        # a met zero bid in a round above zero_bid_above is worth this
    zero_bid_above: int = 4
    zero_bid_last: int | None = None   # ... and in the last round, zero_bid_last + the round
    grail: int = 0                     # to the winner of the trick holding an EVEN_WINS card, bid met
    void_round_one: bool = False       # a VOIDS card in round 1: the round scores 0 for everyone


@dataclass(frozen=True, slots=True)
class EditionRules:
    """One edition as data; ``rules_of(name)`` gives it. The engine's rules read nothing else."""

    name: Edition
    ranks: range                                   # ranks of each suit
    specials: tuple[tuple[Card, int], ...]         # unsuited cards in the deck and their counts
    powers: Mapping[Kind, Power]                   # what each unsuited kind does
    magic_rank: int = 0                            # a number card of this rank is MAGIC (0: none)
    scoring: Scoring = field(default_factory=Scoring)
    bid_sum_above: int | None = None               # rounds above this: the bids must not add up
    bid_sum_zero_exempt: bool = False              # ... unless the last bidder bids 0
    trump_choosers: frozenset[Kind] = frozenset({Kind.WIZARD})  # turned up: the dealer chooses
    deck: tuple[Card, ...] = field(init=False)     # from ranks and specials
    #: Whether a round's points ever depend on more than the bid and the tricks taken.
    has_bonuses: bool = field(init=False)

    def __post_init__(self) -> None:
        suited = tuple(Card.from_str(f"{s}{r}") for s in SUITS for r in self.ranks)
        object.__setattr__(self, "deck", suited + tuple(c for c, k in self.specials
                                                         for _ in range(k)))
        sc = self.scoring
        object.__setattr__(self, "has_bonuses",
                           sc.zero_bid is not None or sc.grail != 0 or sc.void_round_one)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Editions are shared constants: a pickled or copied one is the same object again."""
        return (rules_of, (self.name.value,))

    def __deepcopy__(self, memo: object) -> EditionRules:
        return self

    def power(self, card: Card) -> Power:
        """What ``card`` does in this edition (a declared MERLIN: what it was declared)."""
        if card.suit is not None:
            return Power.MAGIC if card.rank == self.magic_rank else Power.SUITED
        if card.declared is not None:
            return Power.WIZARD if card.declared == "W" else Power.JESTER
        return self.powers[card.kind]

    def is_special(self, card: Card) -> bool:
        """Whether ``card`` is one of the edition's unsuited cards (a Wizard, a Jester, MORGAN...)."""
        return card.suit is None

    def has_power(self, power: Power) -> bool:
        """Whether some card of this edition has ``power`` (``Power.MAGIC``: rank-1 cards...)."""
        return any(self.power(c) is power for c in self.cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every distinct card of the deck, in deck order (MERLIN once, undeclared)."""
        return tuple(dict.fromkeys(self.deck))

    def chooses_trump(self, turned: Card) -> bool:
        """Whether the dealer chooses the trump when ``turned`` is turned up."""
        return turned.suit is None and turned.kind in self.trump_choosers

    def bid_sum_forbids(self, round_: int, target: int) -> bool:
        """Whether the edition forbids the last bidder the bid ``target`` that makes the bids add
        up to the round's cards (the scoring options' rules apart)."""
        return (self.bid_sum_above is not None and round_ > self.bid_sum_above
                and not (self.bid_sum_zero_exempt and target == 0))


_BASIC = MappingProxyType({Kind.WIZARD: Power.WIZARD, Kind.JESTER: Power.JESTER})

EDITIONS: Mapping[Edition, EditionRules] = MappingProxyType({
    Edition.CLASSIC: EditionRules(Edition.CLASSIC, range(1, 14), ((WIZARD, 4), (JESTER, 4)),
                                  _BASIC),
    Edition.MAGIC: EditionRules(Edition.MAGIC, range(1, 14), ((WIZARD, 4), (JESTER, 4)), _BASIC,
                                magic_rank=1),
    Edition.CAMELOT: EditionRules(
        Edition.CAMELOT, range(2, 14),
        ((WIZARD, 4), (JESTER, 4), (GRAIL, 1), (EXCALIBUR, 1), (MERLIN, 1), (MORGAN, 1)),
        MappingProxyType({**_BASIC, Kind.GRAIL: Power.EVEN_WINS, Kind.EXCALIBUR: Power.VOIDS,
                          Kind.MERLIN: Power.WIZARD_OR_JESTER, Kind.MORGAN: Power.ABOVE_WIZARDS}),
        scoring=Scoring(zero_bid=25, zero_bid_above=4, zero_bid_last=20, grail=20,
                        void_round_one=True),
        bid_sum_above=4, bid_sum_zero_exempt=True,
        trump_choosers=frozenset({Kind.WIZARD, Kind.GRAIL, Kind.EXCALIBUR, Kind.MERLIN,
                                  Kind.MORGAN})),
})


def rules_of(edition: Edition | str) -> EditionRules:
    """The edition named ``edition`` (``"classic"``, ``Edition.CAMELOT``...); ``ValueError`` if none."""
    try:
        return EDITIONS[Edition(edition)]
    except ValueError:
        raise ValueError(f"unknown edition: {edition!r}") from None



def deck(edition: Edition | str) -> list[Card]:
    """The 60 cards of an edition (``"classic"``, ``"magic"`` or ``"camelot"``), unshuffled."""
    return list(rules_of(edition).deck)
