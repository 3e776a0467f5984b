"""The chance steps of a game: the shuffle, the draw for first dealer, each round's deal.

Randomness enters only here, and only as the ``rng`` argument of ``GameState.advance``.
"""

from __future__ import annotations

import random
from collections import Counter

from .actions import PLAY_OF as _PLAY_OF
from .actions import Action
from .cards import JESTER as _JESTER
from .cards import WIZARD as _WIZARD
from .cards import Card, draw_value
from .edition import deck
from .events import DEALT as _DEALT
from .events import CardDrawn, DealerChosen, Event, RoundStarted, TrumpRevealed
from .fields import GameFields
from .phase import Phase

_DEAL, _TRUMP, _BID, _ROUND_END, _GAME_OVER = (
    Phase.DEAL, Phase.TRUMP, Phase.BID, Phase.ROUND_END, Phase.GAME_OVER)
_CHANCE = (Phase.DRAW, _DEAL, _ROUND_END)
# By number of players and first seat served: the CardDealt tables in dealing order (card k of the
# pack goes to seat (first + k) % n), to be zipped with the pack by a C-level map.
_DEAL_ORDER = {n: [tuple(_DEALT[(f + k) % n] for k in range(60)) for f in range(n)]
               for n in range(3, 7)}
_DICT_GET = dict.__getitem__
_PLAY_OF_GET = _PLAY_OF.__getitem__


def _fisher_yates_steps(size: int) -> tuple[tuple[int, int], ...]:
    """(i, (i + 1).bit_length()) for i = size-1 down to 1: the steps of ``Random.shuffle``."""
    return tuple((i, (i + 1).bit_length()) for i in reversed(range(1, size)))


_SHUFFLE_STEPS = {60: _fisher_yates_steps(60)}


def _shuffle(pack: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(pack)``, drawing exactly the same bits from ``rng`` in the same order.

    ``random.Random.shuffle`` (CPython 3.11-3.13) is Fisher-Yates with ``_randbelow(i + 1)``, i.e.
    ``getrandbits(k)``, k = (i + 1).bit_length(), redrawn while > i. Written out here with the per-step constants
    precomputed, it costs about half. Any other kind of rng (a subclass, which may override
    ``shuffle`` or ``random``) gets its own ``shuffle``.
    """
    if type(rng) is not random.Random:
        rng.shuffle(pack)
        return
    steps = _SHUFFLE_STEPS.get(len(pack))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(pack)] = _fisher_yates_steps(len(pack))
    getrandbits = rng.getrandbits
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


class Stacked(random.Random):
    """A "shuffle" that lays out a prepared pack, used by ``GameState.at_deal``."""

    def __init__(self, pack: list[Card]) -> None:
        super().__init__(0)
        self._pack = pack

    def shuffle(self, x: list[Card], random: object = None) -> None:  # type: ignore[override]
        """Replace ``x`` by the prepared pack."""
        x[:] = self._pack


class PresetDeals(random.Random):
    """The chance of a designed game (a lesson): each round's pack is given in advance, in order.

    Every pack must be the whole deck of ``edition`` (60 cards, each exactly as often as in the
    deck), so the engine deals and checks a prepared round exactly as a shuffled one; only the
    order is chosen. ``stacked_pack`` builds such a pack from the hands and the turned card.
    A game using it must fix its first dealer (there is no draw); a deal past the last prepared
    pack raises ``ValueError``.
    """

    def __init__(self, edition: str, packs: list[list[Card]]) -> None:
        super().__init__(0)
        whole = Counter(deck(edition))
        for i, pack in enumerate(packs):
            if Counter(pack) != whole:
                raise ValueError(f"pack {i + 1} is not the {edition} deck")
        self._packs = [list(p) for p in packs]
        self.dealt = 0                       # packs laid out so far

    def shuffle(self, x: list[Card], random: object = None) -> None:  # type: ignore[override]
        """Lay out the next prepared pack in place of a shuffle."""
        if self.dealt >= len(self._packs):
            raise ValueError(f"only {len(self._packs)} prepared deals")
        x[:] = self._packs[self.dealt]
        self.dealt += 1


def stacked_pack(edition: str, dealer: int, hands: list[list[Card]], turned: Card | None) -> list[Card]:
    """The whole pack (for ``PresetDeals``) that deals ``hands[seat]`` to each seat (dealing starts
    left of ``dealer``, one card at a time) and turns up ``turned``; the other cards follow in deck
    order. ``ValueError`` if a hand has the wrong size or a card is not in the deck that often."""
    n = len(hands)
    r = len(hands[0]) if hands else 0
    if not 3 <= n <= 6 or any(len(h) != r for h in hands) or r < 1:
        raise ValueError("need 3 to 6 hands of the same size, at least one card each")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat 0..{n - 1}")
    top = [hands[(dealer + 1 + j) % n][i] for i in range(r) for j in range(n)]
    if turned is not None:
        top.append(turned)
    rest = Counter(deck(edition))
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise ValueError(f"a card is dealt more often than the {edition} deck has it")
    pack = list(top)
    for c in deck(edition):
        if rest[c] > 0:
            rest[c] -= 1
            pack.append(c)
    if turned is None and len(pack) != r * n:
        raise ValueError("only the last round has no turned card")
    return pack


class Dealing(GameFields):
    """The chance steps of ``GameState``."""

    __slots__ = ()

    def _draw_for_dealer(self, rng: random.Random, events: list[Event]) -> None:
        pack = list(self._rules.deck)
        _shuffle(pack, rng)
        candidates = list(range(self.config.players))
        while True:
            drawn: list[tuple[int, Card]] = []
            for seat in candidates:
                if not pack:
                    pack = list(self._rules.deck)
                    _shuffle(pack, rng)
                c = pack.pop()
                drawn.append((seat, c))
                events.append(CardDrawn(seat, c))
            best = max(draw_value(c) for _, c in drawn)
            candidates = [s for s, c in drawn if draw_value(c) == best]
            if len(candidates) == 1:
                break
        self.first_dealer = candidates[0]
        self.dealer = candidates[0]
        events.append(DealerChosen(self.first_dealer, True))
        self.phase = _DEAL
        self.is_chance = self.phase in _CHANCE
        self.is_terminal = self.phase is _GAME_OVER

    def _deal(self, rng: random.Random, events: list[Event]) -> None:
        cfg = self.config
        n = cfg.players
        if self.round == 0 and self.phase is _DEAL and cfg.first_dealer is not None:
            events.append(DealerChosen(self.first_dealer, False))
        self.round += 1
        r = self.round
        self.dealer = (self.first_dealer + r - 1) % n
        pack = list(self._rules.deck)
        _shuffle(pack, rng)
        events.append(RoundStarted(r, self.dealer))
        # One card at a time to each seat in turn, starting left of the dealer: card k of the
        # shuffled pack goes to seat (dealer + 1 + k) % n. So seat (dealer + 1 + j) % n gets the
        # slice pack[j:dealt:n], and its CardDealt events go to positions j, j + n, j + 2n...
        dealt = n * r
        first = self.dealer + 1
        hands: list[list[Card]] = [[]] * n
        plays: list[list[Action]] = [[]] * n
        dups: list[bool] = [False] * n
        nspecial: list[int] = [0] * n
        for j in range(n):
            seat = (first + j) % n
            hands[seat] = hand = pack[j:dealt:n]
            plays[seat] = list(map(_PLAY_OF_GET, hand))
            # Per-seat counters the legal-play computation relies on (kept up to date by apply).
            wizards = hand.count(_WIZARD)
            jesters = hand.count(_JESTER)
            dups[seat] = wizards > 1 or jesters > 1
            nspecial[seat] = wizards + jesters
            if self._more_specials:          # more special cards than Wizards and Jesters
                nspecial[seat] = sum(c.special for c in hand)
        events += map(_DICT_GET, _DEAL_ORDER[n][first % n], pack[:dealt])  # interned CardDealt
        k = dealt
        self.hands = hands
        self._hand_plays = plays
        self._dup = dups
        self._nspecial = nspecial
        self.turned = pack[k] if k < len(pack) else None
        self.trump = None
        chooses = False
        t = self.turned
        if t is not None:
            if t.suit is not None:
                self.trump = t.suit
            elif self._rules.chooses_trump(t):
                chooses = True
        events.append(TrumpRevealed(t, self.trump, chooses))
        self.bids = [None] * n
        self.bid_count = 0
        self.tricks = [0] * n
        self.trick = []
        self.trick_seats = []
        self.tricks_played = []
        self.grail_winner = None
        self.voided_round = False
        self.leader = (self.dealer + 1) % n
        self.phase = _TRUMP if chooses else _BID
        self.is_chance = False
        self.is_terminal = False
        self.current = self.dealer if chooses else self.leader
        self._legal = None
