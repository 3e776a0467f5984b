"""The game state and its one small API (docs/STYLE.md habit 1).

Player turns go through ``legal_actions()`` / ``apply(action)``; chance steps
(the draw for first dealer, each deal) go through ``advance(rng)``, which is
the only place randomness enters, and only as the ``rng`` argument.

>>> import random
>>> from .config import GameConfig
>>> rng = random.Random(7)
>>> s = GameState.new(GameConfig(players=3, seed=7, first_dealer=0))
>>> s.phase, s.is_chance
(<Phase.DEAL: 'deal'>, True)
>>> _ = s.advance(rng)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()]
(<Phase.BID: 'bid'>, 1, ['0', '1'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import PLAY_OF as _PLAY_OF
from .actions import TRUMP_CHOICES, Action, Bid, ChooseTrump, Play, bid
from .cards import JESTER as _JESTER
from .cards import (
    MERLIN,
    MERLIN_J,
    MERLIN_W,
    SUITS,
    Card,
    Kind,
)
from .cards import WIZARD as _WIZARD
from .config import BidVisibility, GameConfig
from .dealing import Dealing, Stacked
from .edition import Power
from .errors import IllegalActionError, Rule
from .events import BIDS_MADE as _BIDS_MADE
from .events import PLAYED as _PLAYED
from .events import (
    BidsRevealed,
    Event,
    GameOver,
    RoundScored,
    TrickWon,
    TrumpChosen,
)
from .phase import Phase as Phase  # re-exported: its home before phase.py
from .refusals import Refusals
from .scoring import score_round, winners
from .trick import FOLLOWING, TrickNote, legal_cards, winner_rule
from .view import PlayerView, RoundResult, bids_seen, make_trick_record, public_view

# Enum member access through the class costs ~10x a global read in CPython 3.11: the hot paths
# use these aliases.
_DRAW, _DEAL, _TRUMP, _BID, _PLAY, _ROUND_END, _GAME_OVER = (
    Phase.DRAW, Phase.DEAL, Phase.TRUMP, Phase.BID, Phase.PLAY, Phase.ROUND_END, Phase.GAME_OVER)
_BID_ACTIONS: list[list[Action]] = [[bid(b) for b in range(r + 1)] for r in range(21)]
_OPEN, _HIDDEN, _SECRET = BidVisibility.OPEN, BidVisibility.HIDDEN, BidVisibility.SECRET
_CHANCE = (_DRAW, _DEAL, _ROUND_END)
_EVEN_WINS = Power.EVEN_WINS
_PLAY_MERLIN, _PLAY_MERLIN_W, _PLAY_MERLIN_J = _PLAY_OF[MERLIN], _PLAY_OF[MERLIN_W], _PLAY_OF[MERLIN_J]
# By lead suit: the Play actions of trick.FOLLOWING (the cards that follow it); the legal follows
# are the hand's actions found in this set (identity hashes: cheap lookups).
_FOLLOWING = {s: frozenset(_PLAY_OF[c] for c in FOLLOWING[s]) for s in SUITS}


class GameState(Dealing, Refusals):
    """A game of Wizard in progress. Mutable; ``clone()`` before exploring.

    Its fields are typed in fields.py; the chance steps are in dealing.py, the refusals of illegal
    actions in refusals.py; the turns (legal actions, apply) are here.
    """

    __slots__ = ()  # the slots are GameFields'

    @staticmethod
    def new(config: GameConfig) -> GameState:
        """A fresh game, before the draw for first dealer (or before the first deal if it is fixed)."""
        s = GameState.__new__(GameState)
        n = config.players
        s.config = config
        s.phase = _DRAW if config.first_dealer is None else _DEAL
        s.is_chance = s.phase in _CHANCE
        s.is_terminal = s.phase is _GAME_OVER
        s.round = 0
        s.first_dealer = -1 if config.first_dealer is None else config.first_dealer
        s.dealer = s.first_dealer
        s.hands = [[] for _ in range(n)]
        s.turned = None
        s.trump = None
        s.bids = [None] * n
        s.bid_count = 0
        s.tricks = [0] * n
        s.totals = [0] * n
        s.trick = []
        s.trick_seats = []
        s.leader = -1
        s.current = None
        s.tricks_played = []
        s.history = []
        s.grail_winner = None
        s.voided_round = False
        s.actions = []
        s._legal = None
        s._dup = [False] * n
        s._nspecial = [0] * n
        s._hand_plays = [[] for _ in range(n)]
        game = config.game_rules
        s._scroll = game.scroll
        rules = game.cards
        s._more_specials = bool(set(rules.powers) - {Kind.WIZARD, Kind.JESTER})
        s._rules = rules
        s._sum_rules = game.sum_rules
        s._n = n
        s._next = tuple((i + 1) % n for i in range(n))
        s._winner = winner_rule(rules.name, s._scroll)
        return s

    @staticmethod
    def at_deal(config: GameConfig, round_: int, dealer: int, hands: Sequence[Sequence[Card]],
                turned: Card | None, totals: Sequence[int] | None = None) -> GameState:
        """A game positioned right after a given deal (for scenarios, tests and the conformance runner).

        The trump follows from ``turned`` as in a real deal (TRUMP phase if the dealer must choose).
        """
        n = config.players
        if not 1 <= round_ <= config.rounds:
            raise ValueError(f"round must be 1..{config.rounds}")
        if len(hands) != n or any(len(h) != round_ for h in hands):
            raise ValueError(f"need {n} hands of {round_} cards")
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}")
        if turned is None and round_ != config.game_rules.full_rounds:
            raise ValueError("only the last round has no turned card")
        s = GameState.new(config.with_(first_dealer=(dealer - round_ + 1) % n))
        s.round = round_ - 1
        s.phase = _DEAL
        s.is_chance = s.phase in _CHANCE
        s.is_terminal = s.phase is _GAME_OVER
        events: list[Event] = []
        s._deal(Stacked([c for i in range(round_) for c in
                          (hands[(dealer + 1 + j) % n][i] for j in range(n))]
                          + ([turned] if turned is not None else [])), events)
        if totals is not None:
            s.totals = list(totals)
        return s

    # ---- the small API -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None during chance steps and after the game."""
        return self.current

    def clone(self) -> GameState:
        """An independent copy."""
        s = GameState.__new__(GameState)
        s.config = self.config
        s.phase = self.phase
        s.is_chance = self.is_chance
        s.is_terminal = self.is_terminal
        s.round = self.round
        s.dealer = self.dealer
        s.first_dealer = self.first_dealer
        s.hands = [h[:] for h in self.hands]
        s.turned = self.turned
        s.trump = self.trump
        s.bids = self.bids[:]
        s.bid_count = self.bid_count
        s.tricks = self.tricks[:]
        s.totals = self.totals[:]
        s.trick = self.trick[:]
        s.trick_seats = self.trick_seats[:]
        s.leader = self.leader
        s.current = self.current
        s.tricks_played = self.tricks_played[:]
        s.history = self.history[:]
        s.grail_winner = self.grail_winner
        s.voided_round = self.voided_round
        s.actions = self.actions[:]
        s._legal = None  # the cache may alias this state's hand mirror: recompute it
        s._dup = self._dup[:]
        s._nspecial = self._nspecial[:]
        s._hand_plays = [p[:] for p in self._hand_plays]
        s._scroll = self._scroll
        s._more_specials = self._more_specials
        s._rules = self._rules
        s._sum_rules = self._sum_rules
        s._n = self._n
        s._next = self._next
        s._winner = self._winner
        return s

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (empty during chance steps)."""
        legal = self._legal
        if legal is not None:
            return legal[:]  # a copy: the cached list must not change under the caller
        if self.phase is not _PLAY:
            legal = self._legal = self._other_legal()
            return legal[:]
        # The legal plays (legal_cards() inlined: this is the hottest path of every playout).
        # The cache may be the seat's _hand_plays list itself: apply() drops the cache before it
        # changes that list, and callers only ever get copies.
        seat: int = self.current  # type: ignore[assignment]
        plays = self._hand_plays[seat]
        suit = None
        for c in self.trick:                 # the lead suit: the first suited card, unless a
            suit = c.suit                    # Wizard (or MORGAN) came before it
            if suit is not None or c.cancels_lead:
                break
        if suit is None:
            legal = plays
        else:
            following = _FOLLOWING[suit]
            legal = [a for a in plays if a in following]  # set lookups by identity hash
            if len(legal) == self._nspecial[seat]:  # nothing of the lead suit: anything goes
                legal = plays
            if self._scroll and suit == self.trump:
                legal = [_PLAY_OF[c] for c in
                         legal_cards(self.hands[seat], self.trick, self.trump, True)]
        if self._dup[seat]:                  # several Wizards or Jesters: one action each
            legal = list(dict.fromkeys(legal))
        if self._more_specials and _PLAY_MERLIN in legal:
            i = legal.index(_PLAY_MERLIN)
            legal = legal[:i] + [_PLAY_MERLIN_W, _PLAY_MERLIN_J] + legal[i + 1:]
        self._legal = legal
        return legal[:]

    def _other_legal(self) -> list[Action]:
        """The legal actions outside the PLAY phase."""
        phase = self.phase
        if phase is _BID:
            bad = self._forbidden_bids() if self._sum_rules else None
            if bad:
                return [bid(b) for b in range(self.round + 1) if b not in bad]
            return _BID_ACTIONS[self.round]  # shared, never mutated (callers get copies)
        if phase is _TRUMP:
            return list(TRUMP_CHOICES)
        return []

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Perform ``action`` for the player to act (``seat``, if given, must be that player).

        An illegal action raises an ``IllegalActionError`` naming the rule; the state is unchanged.
        """
        phase = self.phase
        if seat is not None and seat != self.current and phase not in _CHANCE and \
                phase is not _GAME_OVER:
            raise IllegalActionError(Rule.NOT_YOUR_TURN, f"seat {seat} acted but seat "
                                     f"{self.current} is to act", seat=seat, expected=self.current)
        events: list[Event]
        if phase is _PLAY:
            # Playing a card, inlined (the hottest path). The legal plays are interned Play
            # actions, compared by identity: a C-level scan. Anything else (not a Play, a card
            # not in hand, an undeclared MERLIN, a card that does not follow suit) is refused.
            legal = self._legal
            if legal is None:
                self.legal_actions()
                legal = self._legal
            if type(action) is not Play or action not in legal:  # type: ignore[operator]
                self._refuse(action)
            c: Card = action.card
            cur: int = self.current  # type: ignore[assignment]
            hand = self.hands[cur]
            held = c.in_hand                 # MERLIN:W / MERLIN:J leave MERLIN's place
            hand.remove(held)
            self._hand_plays[cur].remove(_PLAY_OF[held])
            if c.special:                    # keep the per-seat counters of special cards
                self._nspecial[cur] -= 1
                if self._dup[cur]:
                    self._dup[cur] = hand.count(_WIZARD) > 1 or hand.count(_JESTER) > 1
            trick = self.trick
            trick.append(c)
            self.trick_seats.append(cur)
            self.actions.append(action)
            self._legal = None
            events = [_PLAYED[cur][c]]       # interned CardPlayed(cur, c)
            if len(trick) < self._n:
                self.current = self._next[cur]
            else:
                self._end_trick(events)
            return events
        events = []
        if phase is _BID and type(action) is Bid:
            n = action.n
            if type(n) is not int or not 0 <= n <= self.round or (
                    self._sum_rules and n in self._forbidden_bids()):
                self._refuse(action)
            self._bid(n, events)
        elif phase is _TRUMP and type(action) is ChooseTrump:
            if action.suit not in SUITS:
                self._refuse(action)
            self._choose_trump(action.suit, events)
        else:
            self._refuse(action)
        self.actions.append(action)
        return events

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise the ``IllegalActionError`` that ``apply(action, seat)`` would raise; change nothing."""
        phase = self.phase
        if seat is not None and seat != self.current and phase not in _CHANCE and \
                phase is not _GAME_OVER:
            raise IllegalActionError(Rule.NOT_YOUR_TURN, f"seat {seat} acted but seat "
                                     f"{self.current} is to act", seat=seat, expected=self.current)
        if phase is _PLAY:
            if type(action) is Play and action in self.legal_actions():
                return
        elif phase is _BID and type(action) is Bid:
            n = action.n
            if type(n) is int and 0 <= n <= self.round and not (
                    self._sum_rules and n in self._forbidden_bids()):
                return
        elif phase is _TRUMP and type(action) is ChooseTrump and action.suit in SUITS:
            return
        self._refuse(action)

    def advance(self, rng: random.Random) -> list[Event]:
        """Perform the pending chance step (draw for dealer, deal) with ``rng``."""
        events: list[Event] = []
        if self.phase is _DRAW:
            self._draw_for_dealer(rng, events)
        elif self.phase in (_DEAL, _ROUND_END):
            self._deal(rng, events)
        else:
            raise IllegalActionError(Rule.WRONG_PHASE, f"nothing to advance in phase "
                                     f"{self.phase.value}", phase=self.phase.value)
        return events

    def view_for(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (docs/RULES.md §7)."""
        n = self.config.players
        clairvoyant = self.config.game_rules.clairvoyance and self.phase in (_TRUMP, _BID)
        hand = None if clairvoyant else tuple(self.hands[seat])
        visible = ({s: tuple(self.hands[s]) for s in range(n) if s != seat} if clairvoyant else {})
        bids = bids_seen(self.bids, seat, self.config, self.phase)
        legal = tuple(self.legal_actions()) if self.current == seat else ()
        return PlayerView(
            seat=seat, config=self.config.public(), phase=self.phase, current_player=self.current,
            round=self.round, rounds=self.config.rounds, dealer=self.dealer, leader=self.leader,
            hand=hand, hand_size=tuple(len(h) for h in self.hands), visible_hands=visible,
            turned=self.turned, trump=self.trump, bids=bids,
            bids_made=tuple(b is not None for b in self.bids), tricks=tuple(self.tricks),
            totals=tuple(self.totals), trick=tuple(zip(self.trick_seats, self.trick, strict=True)),
            tricks_played=tuple(self.tricks_played), history=tuple(self.history), legal=legal)

    def public_view(self) -> PlayerView:
        """What a bystander may know now: no hand, only the bids everybody may see."""
        return public_view(self.view_for(0), self.bids)

    # ---- player actions ------------------------------------------------------------------

    def _choose_trump(self, suit: str, events: list[Event]) -> None:
        self.trump = suit
        events.append(TrumpChosen(self.dealer, suit))
        self.phase = _BID
        self.is_chance = self.phase in _CHANCE
        self.is_terminal = self.phase is _GAME_OVER
        self.current = self.leader
        self._legal = None

    def _bid(self, n_bid: int, events: list[Event]) -> None:
        seat = self.current
        assert seat is not None
        self.bids[seat] = n_bid
        self.bid_count += 1
        events.append(_BIDS_MADE[seat][n_bid])  # interned BidMade(seat, n_bid); legal bids <= 20
        if self.bid_count == self._n:
            if self.config.game_rules.bids is _HIDDEN:
                events.append(BidsRevealed(tuple(self.bids)))  # type: ignore[arg-type]
            self.phase = _PLAY               # (is_chance / is_terminal stay False)
            self.current = self.leader
        else:
            self.current = self._next[seat]
        self._legal = None

    def _end_trick(self, events: list[Event]) -> None:
        """The trick is complete: find its winner, record it, score the round if it was the last."""
        trick = self.trick
        seats = self.trick_seats
        idx, void, reason, lead, notes = self._winner(trick, self.trump)
        winner = seats[idx]
        if not void:
            self.tricks[winner] += 1
        if self._more_specials:
            rules = self._rules
            if any(rules.power(c) is _EVEN_WINS for c in trick):
                self.grail_winner = winner
            if void and self.round == 1 and rules.scoring.void_round_one:
                self.voided_round = True
                notes = (*notes, TrickNote.ROUND_VOID)
        record = tuple(zip(seats, trick))  # noqa: B905 (same lengths; strict= costs ~40%)
        self.tricks_played.append(make_trick_record(record, winner, void))
        events.append(TrickWon(winner, record, void, reason, lead, notes))
        self.trick = []
        self.trick_seats = []
        self.leader = winner
        self.current = winner
        if not self.hands[winner]:
            self._score_round(events)

    def _score_round(self, events: list[Event]) -> None:
        cfg = self.config
        n = cfg.players
        bids: list[int] = self.bids  # type: ignore[assignment]
        points, bonuses = score_round(bids, self.tricks, cfg.game_rules, self.round,
                                      self.grail_winner, self.voided_round)
        totals = self.totals
        for s in range(n):
            totals[s] += points[s]
        if cfg.game_rules.bids is _SECRET:
            events.append(BidsRevealed(tuple(bids)))
        result = RoundResult(self.round, self.dealer, self.trump, tuple(bids), tuple(self.tricks),
                             points, tuple(self.totals), bonuses)
        self.history.append(result)
        events.append(RoundScored(self.round, result.bids, result.tricks, points, result.totals))
        self.current = None
        if self.round == cfg.rounds:
            self.phase = _GAME_OVER
            self.is_chance = self.phase in _CHANCE
            self.is_terminal = self.phase is _GAME_OVER
            events.append(GameOver(tuple(self.totals), winners(self.totals)))
        else:
            self.phase = _ROUND_END
            self.is_chance = self.phase in _CHANCE
            self.is_terminal = self.phase is _GAME_OVER

def start(config: GameConfig, rng: random.Random) -> tuple[GameState, list[Event]]:
    """A new game advanced to its first decision, with the events of the draw and first deal."""
    state = GameState.new(config)
    events: list[Event] = []
    while state.is_chance:
        events += state.advance(rng)
    return state, events
