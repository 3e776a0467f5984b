"""The common shape of every computer player: dispatch a view to bid, trump or play."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import Action, GameState, Phase, PlayerView
from . import heuristics as H
from .knowledge import Info, info_of, legal_codes, pick


class Player:
    """A computer player. Subclasses implement ``bid``, ``trump`` and ``play`` on ``Info``."""

    name = "base"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal``, from the view only; deterministic for a given ``rng``."""
        return self.suggest(view, rng)[0]

    def suggest(self, view: PlayerView, rng: random.Random) -> tuple[Action, dict[str, Any]]:
        """The decision and a dict of estimates behind it (for "What would the computer do?")."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide")
        if len(legal) == 1:
            return legal[0], {"forced": True}
        info = info_of(view)
        codes = legal_codes(view)
        notes: dict[str, Any] = {}
        if view.phase is Phase.BID:
            code = self.bid(info, codes, rng, notes)
        elif view.phase is Phase.TRUMP:
            code = self.trump(info, codes, rng, notes)
        else:
            code = self.play(info, codes, rng, notes)
        return pick(view, code), notes

    def bid(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        """The bid (one of ``legal``)."""
        raise NotImplementedError

    def trump(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        """The trump suit index when the dealer chooses."""
        if info.hand is None:
            return H.choose_trump_seeing(list(info.visible.values()))
        return H.choose_trump(info.hand)

    def play(self, info: Info, legal: list[int], rng: random.Random, notes: dict[str, Any]) -> int:
        """The card code to play (one of ``legal``)."""
        raise NotImplementedError


def decision_rng(seed: int, seat: int, step: int) -> random.Random:
    """The generator a seat decides with at action ``step`` of the game of ``seed``.

    The arena and the decision-time bench both use it, so a decision seen in one is the same in
    the other.
    """
    return random.Random(f"{seed}:{seat}:{step}")


def play_through(state: GameState, deal_rng: random.Random,
                 decide: Callable[[int, PlayerView], Action], max_rounds: int = 0) -> None:
    """Play ``state`` to the end of the game, or of round ``max_rounds`` (0: all rounds).

    Chance steps (draw, deals) come from ``deal_rng``; every decision is ``decide(seat, view)``,
    which sees only the deciding seat's view.
    """
    while not state.is_terminal:
        if state.is_chance:
            if max_rounds and state.phase is Phase.ROUND_END and state.round >= max_rounds:
                return
            state.advance(deal_rng)
            continue
        actor = state.current_player
        assert actor is not None
        state.apply(decide(actor, state.view_for(actor)), actor)


def need_of(info: Info) -> int:
    """Tricks the seat still wants this round."""
    b = info.bids[info.seat]
    return (b if b is not None else 0) - info.tricks[info.seat]


def own_hand_samples(info: Info, rng: random.Random, count: int) -> list[list[int]]:
    """The seat's hand, or (clairvoyance bidding, hand unseen) random hands drawn from the unseen cards."""
    if info.hand is not None:
        return [info.hand]
    out = []
    for _ in range(count):
        out.append(rng.sample(info.unseen, info.round))
    return out
