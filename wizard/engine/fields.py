"""What a game in progress holds: the fields of ``GameState``, typed once for all its parts.

``GameState`` (state.py) is put together from parts with one job each, every one a class on
``GameFields``: the chance steps (dealing.py), refusing an illegal action with the rule it breaks
(refusals.py), and the turns themselves (state.py). The slots are declared here, once; the
parts and ``GameState`` add none.
"""

from __future__ import annotations

from .actions import Action
from .bidding import forbidden_bids
from .cards import Card
from .config import GameConfig
from .edition import EditionRules
from .errors import Rule
from .phase import Phase
from .trick import TrickRule, lead_suit
from .view import RoundResult, TrickRecord


class GameFields:
    """The fields of a game in progress and the queries every part of ``GameState`` asks."""

    __slots__ = ("config", "phase", "round", "dealer", "first_dealer", "hands", "turned", "trump",
                 "bids", "bid_count", "tricks", "totals", "trick", "trick_seats", "leader",
                 "current", "tricks_played", "history", "grail_winner", "voided_round", "actions",
                 "is_chance", "is_terminal", "_legal", "_dup", "_nspecial", "_scroll", "_more_specials",
                 "_rules", "_sum_rules", "_n", "_next", "_winner", "_hand_plays")

    config: GameConfig
    phase: Phase
    is_chance: bool           # the game waits for ``advance(rng)`` (draw, deal); kept with ``phase``
    is_terminal: bool         # the last round is scored; kept with ``phase``
    round: int
    dealer: int
    first_dealer: int
    hands: list[list[Card]]
    turned: Card | None
    trump: str | None
    bids: list[int | None]
    bid_count: int
    tricks: list[int]
    totals: list[int]
    trick: list[Card]
    trick_seats: list[int]
    leader: int
    current: int | None
    tricks_played: list[TrickRecord]
    history: list[RoundResult]
    grail_winner: int | None
    voided_round: bool
    actions: list[Action]
    _legal: list[Action] | None  # legal_actions() cache, dropped by every change of turn
    _dup: list[bool]          # by seat: the hand holds several Wizards or several Jesters
    _nspecial: list[int]      # by seat: special cards (no suit) in hand
    _hand_plays: list[list[Action]]  # by seat: the Play action of each card in hand, hand order
    _scroll: bool             # config.game_rules.scroll, read in the hot path
    _more_specials: bool      # the edition has special cards beside Wizards and Jesters
    _rules: EditionRules      # config.rules, read in the hot paths
    _sum_rules: bool          # some constraint on the last bidder's sum can apply
    _n: int                   # config.players
    _next: tuple[int, ...]    # by seat: the seat to its left
    _winner: TrickRule        # trick.judge specialised to the edition and scroll option

    # ---- helpers for callers -------------------------------------------------------------

    @property
    def lead_suit(self) -> str | None:
        """The suit to follow in the current trick, if any."""
        return lead_suit(self.trick)

    def bidding_order(self) -> list[int]:
        """Seats in bidding order for this round (left of the dealer first)."""
        n = self.config.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def _forbidden_bids(self) -> dict[int, Rule]:
        """The bids the seat to act may not make (the sum rules), each with the rule it breaks."""
        if not self._sum_rules or self.bid_count != self.config.players - 1:
            return {}
        order = self.bidding_order()
        before = [self.bids[s] for s in order[:self.bid_count]]
        totals = [self.totals[s] for s in order]
        return forbidden_bids(self.round, before, self.config.game_rules,  # type: ignore[arg-type]
                              totals)
