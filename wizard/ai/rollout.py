"""Simulated play-outs of the rest of a round in one sampled world, with a fast rule policy."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import fast as F
from . import heuristics as H

SUIT = F.SUIT
TYPE = F.TYPE


@dataclass(slots=True)
class World:
    """A complete deal as one sampled guess: every hand, the trick in progress, bids, tricks."""

    hands: list[list[int]]
    trick: list[int]
    trick_seats: list[int]
    leader: int
    tricks: list[int]
    bids: list[int]
    grail_winner: int
    voided: bool

    def copy(self) -> World:
        """An independent copy to play out."""
        return World([h[:] for h in self.hands], self.trick[:], self.trick_seats[:], self.leader,
                     self.tricks[:], self.bids[:], self.grail_winner, self.voided)


@dataclass(frozen=True, slots=True)
class Rules:
    """What the play-out needs to know about the game."""

    n: int
    trump: int
    edition: int
    scroll: bool
    round: int
    rounds: int


def apply_card(w: World, rules: Rules, seat: int, c: int) -> None:
    """Seat plays card ``c`` (held form removed from its hand); finishes the trick when complete."""
    h = w.hands[seat]
    h.remove(F.MERLIN if c in (F.MERLIN_W, F.MERLIN_J) else c)
    w.trick.append(c)
    w.trick_seats.append(seat)
    if len(w.trick) == rules.n:
        idx, void = F.trick_winner(w.trick, rules.trump, rules.edition, rules.scroll)
        winner = w.trick_seats[idx]
        if not void:
            w.tricks[winner] += 1
        elif rules.round == 1:
            w.voided = True
        if F.GRAIL in w.trick:
            w.grail_winner = winner
        w.trick = []
        w.trick_seats = []
        w.leader = winner


def next_seat(w: World, rules: Rules) -> int:
    """The seat to play next."""
    return (w.leader + len(w.trick)) % rules.n


def policy_card(w: World, rules: Rules, seat: int) -> int:
    """The rule policy's card for ``seat`` in this world."""
    hand = w.hands[seat]
    legal = F.legal_plays(hand, F.lead_of(w.trick), rules.trump, rules.scroll)
    if len(legal) == 1:
        return legal[0]
    need = w.bids[seat] - w.tricks[seat]
    return H.choose_card(legal, w.trick, rules.n, need, len(hand), rules.trump, rules.edition,
                         rules.scroll)


def play_out(w: World, rules: Rules) -> int:
    """Play the round to its end with the rule policy (mutates ``w``); returns cards played."""
    played = 0
    while w.hands[next_seat(w, rules)]:
        seat = next_seat(w, rules)
        apply_card(w, rules, seat, policy_card(w, rules, seat))
        played += 1
    return played


def points(w: World, rules: Rules, seat: int) -> int:
    """Round points of ``seat`` once ``w`` is played out."""
    return F.round_points(w.bids[seat], w.tricks[seat], rules.edition, rules.round, rules.rounds,
                          w.grail_winner == seat, w.voided)
