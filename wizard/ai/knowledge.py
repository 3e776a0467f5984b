"""What a seat knows, extracted from its ``PlayerView`` into the int form of ``ai.simulator``."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, Bid, ChooseTrump, GameRules, Phase, Play, PlayerView
from . import simulator as F


@dataclass(slots=True)
class Info:
    """A seat's knowledge in int codes; built only from its view."""

    seat: int
    n: int
    edition: int
    round: int
    rounds: int
    dealer: int
    phase: Phase
    trump: int                     # suit index or -1
    hand: list[int] | None         # None during clairvoyance bidding
    visible: dict[int, list[int]]  # other hands seen (clairvoyance)
    hand_size: list[int]
    bids: list[int | None]
    tricks: list[int]
    totals: list[int]
    trick: list[int]               # current trick cards, in play order
    trick_seats: list[int]
    leader: int
    played: list[list[int]]        # cards each seat played this round (MERLIN as played form)
    voids: list[set[int]]          # suits each seat is known to lack
    unseen: list[int]              # cards the seat cannot place (opponents' hands + stock)
    stock: int                     # cards nobody holds (not dealt, not turned)
    turned: int                    # turned-up card code or -1
    scroll: bool
    rules: GameRules               # the game's resolved rules (house rules in force)


def in_hand(code: int) -> int:
    """The held form of a played card (a declared card's undeclared form: MERLIN:W -> MERLIN)."""
    return F.IN_HAND[code]


def info_of(view: PlayerView) -> Info:
    """Extract the seat's knowledge from its view."""
    cfg = view.config
    n = cfg.players
    ed = F.EDITIONS[cfg.edition.value]
    trump = F.suit_index(view.trump)
    played: list[list[int]] = [[] for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    scroll = cfg.game_rules.scroll
    tricks_seq = [tr.cards for tr in view.tricks_played] + [view.trick]
    for cards in tricks_seq:
        seq: list[int] = []
        for seat, c in cards:
            code = F.encode(c)
            lead = F.lead_of(seq)
            if not F.FOLLOWS[lead][code]:        # off the lead suit: the hand holds none of it
                voids[seat].add(lead)
            if scroll and lead >= 0 and lead == trump and code == F.W:
                voids[seat].update(range(4))  # only Wizards were left in that hand
            seq.append(code)
            played[seat].append(code)
    hand = None if view.hand is None else [F.encode(c) for c in view.hand]
    visible = {s: [F.encode(c) for c in h] for s, h in view.visible_hands.items()}
    known: list[int] = []
    if hand is not None:
        known += hand
    for h in visible.values():
        known += h
    for p in played:
        known += [in_hand(c) for c in p]
    turned = -1 if view.turned is None else F.encode(view.turned)
    if turned >= 0:
        known.append(turned)
    unseen = list(F.DECKS[ed])
    for code in known:
        unseen.remove(code)
    dealt = n * view.round
    deck_size = len(F.DECKS[ed])
    stock = deck_size - dealt - (1 if turned >= 0 else 0)
    return Info(
        seat=view.seat, n=n, edition=ed, round=view.round, rounds=view.rounds, dealer=view.dealer,
        phase=view.phase, trump=trump, hand=hand, visible=visible, hand_size=list(view.hand_size),
        bids=list(view.bids), tricks=list(view.tricks), totals=list(view.totals),
        trick=[F.encode(c) for _, c in view.trick], trick_seats=[s for s, _ in view.trick],
        leader=view.leader, played=played, voids=voids, unseen=unseen, stock=stock, turned=turned,
        scroll=scroll, rules=cfg.game_rules)


def action_code(action: Action) -> int:
    """Card code of a Play, bid number of a Bid, suit index of a ChooseTrump."""
    if isinstance(action, Play):
        return F.encode(action.card)
    if isinstance(action, Bid):
        return action.n
    assert isinstance(action, ChooseTrump)
    return F.suit_index(action.suit)


def legal_codes(view: PlayerView) -> list[int]:
    """The view's legal actions as codes (cards, bids or suits), in the view's order."""
    return [action_code(a) for a in view.legal]


def pick(view: PlayerView, code: int) -> Action:
    """The legal action with this code."""
    for a in view.legal:
        if action_code(a) == code:
            return a
    raise ValueError(f"no legal action with code {code}")
