"""Refusing an illegal action: the error that names the rule it breaks (docs/RULES.md §8,
errors.py).

``GameState.apply`` checks legality on its fast path; only when an action is refused does it ask
this part which rule to name, so the explanations cost nothing on legal moves.
"""

from __future__ import annotations

from typing import NoReturn

from .actions import Action, Bid, ChooseTrump, Play
from .cards import MERLIN, SUITS, Card, Kind
from .errors import IllegalActionError, IllegalBidError, IllegalPlayError, IllegalTrumpError, Rule
from .fields import GameFields
from .phase import Phase
from .trick import lead_suit

_BID, _TRUMP, _GAME_OVER = Phase.BID, Phase.TRUMP, Phase.GAME_OVER
_CHANCE = (Phase.DRAW, Phase.DEAL, Phase.ROUND_END)
_K_WIZARD = Kind.WIZARD


class Refusals(GameFields):
    """The refusals of ``GameState.apply``."""

    __slots__ = ()

    def _refuse(self, action: Action) -> NoReturn:
        """Raise the error that says which rule ``action`` breaks."""
        phase = self.phase
        if phase is _GAME_OVER:
            raise IllegalActionError(Rule.GAME_OVER, "the game is over")
        if phase in _CHANCE:
            raise IllegalActionError(Rule.WRONG_PHASE, f"no player acts in phase {phase.value}; "
                                     "call advance(rng)", phase=phase.value)
        if phase is _BID:
            if not isinstance(action, Bid):
                raise IllegalBidError(Rule.WRONG_PHASE, f"a bid is expected, not {action!r}",
                                      phase=phase.value)
            r = self.round
            if type(action.n) is not int or not 0 <= action.n <= r:
                raise IllegalBidError(Rule.BID_OUT_OF_RANGE, f"a bid must be 0..{r}, not {action.n}",
                                      bid=action.n, max=r)
            rule = self._forbidden_bids()[action.n]
            why = {Rule.BID_SUM_NO_EQUAL: "plus or minus one",
                   Rule.BID_SUM_CANADIAN: "Canadian rule, last round, sole leader",
                   Rule.BID_SUM_CAMELOT: "Camelot, round above 4"}[rule]
            raise IllegalBidError(rule, f"bid {action.n} would make the bids add up to {r} ({why})",
                                  bid=action.n, forbidden=action.n, round=r)
        if phase is _TRUMP:
            if not isinstance(action, ChooseTrump):
                raise IllegalTrumpError(Rule.WRONG_PHASE, f"a trump suit is expected, not {action!r}",
                                        phase=phase.value)
            raise IllegalTrumpError(Rule.NOT_A_SUIT, f"the trump must be one of {' '.join(SUITS)}, "
                                    f"not {action.suit!r}", suit=action.suit)
        if not isinstance(action, Play) or not isinstance(action.card, Card):
            raise IllegalPlayError(Rule.WRONG_PHASE, f"a card is expected, not {action!r}",
                                   phase=phase.value)
        c = action.card
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        if c.in_hand not in hand:
            raise IllegalPlayError(Rule.CARD_NOT_IN_HAND, f"{c} is not in the hand of seat {seat}",
                                   card=c.text)
        if c is MERLIN:
            raise IllegalPlayError(Rule.MERLIN_UNDECLARED,
                                   "MERLIN must be played as MERLIN:W or MERLIN:J", card=c.text)
        suit = lead_suit(self.trick)
        if c.kind is _K_WIZARD and self.config.scroll_active and suit == self.trump:
            raise IllegalPlayError(Rule.SCROLL_WIZARD, "ancient scroll: no Wizard on a trump lead "
                                   "while holding other cards", card=c.text, suit=suit)
        raise IllegalPlayError(Rule.MUST_FOLLOW_SUIT, f"must follow suit {suit}", card=c.text,
                               suit=suit)
