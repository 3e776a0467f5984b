"""Errors the engine raises. Each names the rule it enforces with a ``Rule`` code.

The engine stays text-free for players: ``Rule`` codes and ``details`` are
what the UI translates; the English message is for logs and developers.
"""

from __future__ import annotations

import enum
from typing import Any


class Rule(enum.Enum):
    """Why an action was refused."""

    WRONG_PHASE = "wrong_phase"                # e.g. a card played during bidding
    NOT_YOUR_TURN = "not_your_turn"            # details: seat, expected
    BID_OUT_OF_RANGE = "bid_out_of_range"      # details: bid, max
    BID_SUM_NO_EQUAL = "bid_sum_no_equal"      # "plus or minus one"; details: bid, forbidden, round
    BID_SUM_CANADIAN = "bid_sum_canadian"      # last round, sole leader; details: bid, forbidden, round
    BID_SUM_CAMELOT = "bid_sum_camelot"        # camelot, round > 4; details: bid, forbidden, round
    CARD_NOT_IN_HAND = "card_not_in_hand"      # details: card
    MUST_FOLLOW_SUIT = "must_follow_suit"      # details: card, suit
    SCROLL_WIZARD = "scroll_wizard"            # Wizard on a trump lead while holding other cards
    MERLIN_UNDECLARED = "merlin_undeclared"    # MERLIN played without :W / :J
    NOT_A_SUIT = "not_a_suit"                  # trump choice not one of B G R Y; details: suit
    MALFORMED_ACTION = "malformed_action"      # not an action of this game; details: action
    GAME_OVER = "game_over"


class IllegalActionError(ValueError):
    """An action the rules refuse; the state it was tried on is unchanged."""

    def __init__(self, rule: Rule, message: str, **details: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.details = details


class IllegalBidError(IllegalActionError):
    """A bid the rules refuse."""


class IllegalPlayError(IllegalActionError):
    """A card the rules refuse."""


class IllegalTrumpError(IllegalActionError):
    """A trump choice the rules refuse."""


class ConfigError(ValueError):
    """A game configuration the rules do not allow."""
