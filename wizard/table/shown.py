"""What the table shows, moved forward one (redacted) event at a time as animations finish.

No pygame: the drawing code reads a ``Shown`` and never changes the game (STYLE habit 7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from wizard.engine import (
    BidMade,
    BidsRevealed,
    BidVisibility,
    Card,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Event,
    GameOver,
    Phase,
    PlayerView,
    RoundScored,
    RoundStarted,
    TrickRecord,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
)

DECK_SIZE = 60           # every edition deals from 60 cards (docs/RULES.md §2)
VARIED = ("W", "J")      # the four Wizards and the four Jesters each have their own picture


def _own_played(cards: Sequence[tuple[int, Card]], viewer: int | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for seat, c in cards:
        if seat == viewer and c.text in VARIED:
            out[c.text] = out.get(c.text, 0) + 1
    return out


@dataclass
class Shown:
    """The table as on screen for one viewer (a seat, or None for a bystander)."""

    players: int
    viewer: int | None
    round: int = 0
    rounds: int = 0
    dealer: int = -1
    phase: Phase = Phase.DEAL
    hand_counts: list[int] = field(default_factory=list)
    hand: list[Card] | None = None             # the viewer's own cards, if visible
    peeks: dict[int, list[Card]] = field(default_factory=dict)  # clairvoyance
    turned: Card | None = None
    trump: str | None = None
    choosing: bool = False                     # the dealer must name the trump
    bids: list[int | None] = field(default_factory=list)
    bids_made: list[bool] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: TrickRecord | None = None
    won: TrickWon | None = None                # the round's last finished trick, with the engine's why
    held: bool = False                         # ... and it still lies on the table (until the next lead)
    drawn: list[tuple[int, Card]] = field(default_factory=list)
    over: bool = False
    own_played: dict[str, int] = field(default_factory=dict)   # Wizards / Jesters the viewer played this round
    bids_hidden: bool = False                  # hidden or secret bids: others' bids unknown until shown

    @staticmethod
    def from_view(view: PlayerView, viewer: int | None) -> Shown:
        """The table exactly as ``view`` knows it."""
        n = view.players
        return Shown(
            players=n, viewer=viewer, round=view.round, rounds=view.rounds, dealer=view.dealer,
            phase=view.phase, hand_counts=list(view.hand_size),
            hand=list(view.hand) if view.hand is not None and viewer is not None else None,
            peeks={s: list(h) for s, h in view.visible_hands.items()} if viewer is not None else {},
            turned=view.turned, trump=view.trump,
            choosing=view.phase is Phase.TRUMP,
            bids=list(view.bids), bids_made=list(view.bids_made), tricks=list(view.tricks),
            totals=list(view.totals), trick=list(view.trick),
            last_trick=view.tricks_played[-1] if view.tricks_played else None,
            over=view.phase is Phase.GAME_OVER,
            bids_hidden=view.config.options.bids is not BidVisibility.OPEN,
            own_played=_own_played([sc for t in view.tricks_played for sc in t.cards] + list(view.trick),
                                   viewer))

    def keep_finished(self, old: Shown) -> None:
        """Keep ``old``'s finished trick (and whether it still lies on the table) when this picture
        was rebuilt from a view, which knows the trick but not why it was won."""
        won = old.won
        if won is None:
            return
        if self.last_trick is None:      # the view forgets a round's tricks once it is scored
            if self.phase not in (Phase.ROUND_END, Phase.GAME_OVER):
                return
        elif self.last_trick.cards != won.cards:
            return
        self.won = won
        if self.last_trick is None:
            self.last_trick = old.last_trick
        self.held = old.held and not self.trick

    def apply(self, e: Event) -> None:
        """Move the picture forward by one event."""
        n = self.players
        if isinstance(e, CardDrawn):
            if any(seat == e.seat for seat, _c in self.drawn):
                self.drawn = []          # a tie: the tied players draw again
            self.drawn.append((e.seat, e.card))
        elif isinstance(e, DealerChosen):
            self.dealer = e.seat
        elif isinstance(e, RoundStarted):
            self.round = e.round
            self.dealer = e.dealer
            self.phase = Phase.DEAL
            self.hand_counts = [0] * n
            self.hand = [] if self.viewer is not None else None
            self.peeks = {}
            self.turned = None
            self.trump = None
            self.choosing = False
            self.bids = [None] * n
            self.bids_made = [False] * n
            self.tricks = [0] * n
            self.trick = []
            self.last_trick = None
            self.won = None
            self.held = False
            if e.round > 1:
                self.drawn = []          # the draw for first dealer stays through round 1's deal
            self.own_played = {}
        elif isinstance(e, CardDealt):
            self.hand_counts[e.seat] += 1
            if e.card is not None and self.viewer is not None:
                if e.seat == self.viewer:
                    if self.hand is None:
                        self.hand = []
                    self.hand.append(e.card)
                else:
                    self.peeks.setdefault(e.seat, []).append(e.card)
        elif isinstance(e, TrumpRevealed):
            self.turned = e.card
            self.trump = e.trump
            self.choosing = e.dealer_chooses
            self.phase = Phase.TRUMP if e.dealer_chooses else Phase.BID
            self.drawn = []              # the bidding starts: the draw for first dealer is gathered
        elif isinstance(e, TrumpChosen):
            self.trump = e.suit
            self.choosing = False
            self.phase = Phase.BID
        elif isinstance(e, BidMade):
            self.bids[e.seat] = e.bid
            self.bids_made[e.seat] = True
            if all(self.bids_made):
                self.phase = Phase.PLAY
        elif isinstance(e, BidsRevealed):
            self.bids = list(e.bids)
        elif isinstance(e, CardPlayed):
            self.hand_counts[e.seat] = max(0, self.hand_counts[e.seat] - 1)
            held = e.card.in_hand
            if e.seat == self.viewer and self.hand is not None and held in self.hand:
                self.hand.remove(held)
            peek = self.peeks.get(e.seat)
            if peek is not None and held in peek:
                peek.remove(held)
            self.trick.append((e.seat, e.card))
            self.held = False                  # the next lead takes the finished trick away
            if e.seat == self.viewer and e.card.text in VARIED:
                self.own_played[e.card.text] = self.own_played.get(e.card.text, 0) + 1
        elif isinstance(e, TrickWon):
            if not e.void:
                self.tricks[e.winner] += 1
            self.last_trick = TrickRecord(e.cards, e.winner, e.void)
            self.won = e
            self.held = True
            self.trick = []
        elif isinstance(e, RoundScored):
            self.totals = list(e.totals)
            self.bids = list(e.bids)
            self.tricks = list(e.tricks)
            self.phase = Phase.ROUND_END
        elif isinstance(e, GameOver):
            self.over = True
            self.phase = Phase.GAME_OVER

    # ---- which of the four pictures a Wizard or Jester shows --------------------------------

    def hand_looks(self, hand: Sequence[Card]) -> list[int]:
        """Pictures for a sorted hand: the n-th Wizard gets the n-th picture after those the viewer
        already played this round (a card played is the first of its kind, so it keeps its picture)."""
        seen: dict[str, int] = {}
        out: list[int] = []
        for c in hand:
            k = seen.get(c.text, 0)
            seen[c.text] = k + 1
            out.append((self.own_played.get(c.text, 0) + k) % 4 if c.text in VARIED else 0)
        return out

    def trick_looks(self, cards: Sequence[tuple[int, Card]], own_shown: bool = True,
                    later: Sequence[tuple[int, Card]] = ()) -> list[int]:
        """Pictures for a trick, all different: the viewer's card keeps its hand picture, the
        others take the first free ones in play order. ``own_shown``: the viewer's card is already
        counted in ``own_played``; ``later``: cards played since (for an older trick)."""
        looks = [0] * len(cards)
        taken: dict[str, set[int]] = {}
        for i, (seat, c) in enumerate(cards):
            if seat == self.viewer and c.text in VARIED:
                after = sum(1 for s, d in later if s == seat and d.text == c.text)
                v = (self.own_played.get(c.text, 0) - (1 if own_shown else 0) - after) % 4
                looks[i] = v
                taken.setdefault(c.text, set()).add(v)
        for i, (seat, c) in enumerate(cards):
            if seat != self.viewer and c.text in VARIED:
                used = taken.setdefault(c.text, set())
                mine = self._viewers(c.text)          # pictures in (or played from) the viewer's hand
                free = [k for k in range(4) if k not in used]
                v = next((k for k in free if k not in mine), free[0] if free else 0)
                looks[i] = v
                used.add(v)
        return looks

    def _viewers(self, code: str) -> set[int]:
        held = sum(1 for c in self.hand or [] if c.text == code)
        return {k % 4 for k in range(self.own_played.get(code, 0) + held)}

    @property
    def pack_left(self) -> int:
        """Cards still in the face-down pack: the deck less the cards dealt and the turned card
        (none in the last round, when every card is dealt)."""
        if not self.round:
            return 0
        dealt = sum(self.hand_counts) if self.phase is Phase.DEAL else self.round * self.players
        return max(0, DECK_SIZE - dealt - (1 if self.turned is not None else 0))

    @property
    def bids_sum(self) -> int | None:
        """Sum of the bids if every made bid is visible, else None. With hidden or secret bids,
        None until every bid is known: the sum of no bid yet is not 0 but unknown, as it is once
        the first bids are made face down ("Bids: ? of 3" from the start)."""
        if any(m and b is None for b, m in zip(self.bids, self.bids_made, strict=False)):
            return None
        if self.bids_hidden and any(b is None for b in self.bids):
            return None
        return sum(b for b in self.bids if b is not None)
