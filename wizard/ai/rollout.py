"""Simulated play-outs of the rest of a round in one sampled world, with a fast rule policy."""

from __future__ import annotations

from dataclasses import dataclass

from . import heuristics as H
from . import simulator as F

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
    #: Seats (bit mask) the play-out plays by Easy's rules instead of the rule policy (the coach's
    #: model of an Easy seat, ``seats.py``); 0 for every other use.
    easy: int = 0


def apply_card(w: World, rules: Rules, seat: int, c: int) -> None:
    """Seat plays card ``c`` (held form removed from its hand); finishes the trick when complete."""
    h = w.hands[seat]
    h.remove(F.IN_HAND[c])
    w.trick.append(c)
    w.trick_seats.append(seat)
    if len(w.trick) == rules.n:
        winner = w.trick_seats[F.trick_winner(w.trick, rules.trump, rules.edition, rules.scroll)[0]]
        voids, grail = F.take_trick(w.tricks, winner, F.trick_flags(w.trick), rules.round,
                                    rules.edition)
        if voids:
            w.voided = True
        if grail:
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
    return fast_play_out(w, rules)


def slow_play_out(w: World, rules: Rules) -> int:
    """``play_out`` through ``choose_card`` one step at a time (reference for the tests)."""
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


def _tables(trump: int) -> tuple[list[int], list[int], list[int]]:
    """Per-trump (power, dump order, duck order) of every card code."""
    pw = [H.power(c, trump) for c in range(F.NCODES)]
    dump = [15 if TYPE[c] == F.T_JES else pw[c] for c in range(F.NCODES)]
    duck = [-9 if TYPE[c] in (F.T_JES, F.T_VOID) else pw[c] for c in range(F.NCODES)]
    return pw, dump, duck


TABLES = [_tables(t) for t in range(-1, 4)]
_SOLID = F.K_TRUMP + 9


def fast_play_out(w: World, rules: Rules, trace: list[tuple[int, int]] | None = None) -> int:
    """``play_out`` with the same rule policy, inlined for speed (mutates ``w``); returns plays.

    The rules are the simulator's (``legal_plays`` and its ``FOLLOWS`` table, the trick keys of
    ``KEYS``, ``take_trick``), bound to locals; only the policy is written here. With ``trace`` a
    list, each (seat, card) played is appended (tests check legality with it).

    Written for speed (#37: the hint's bids spend most of their time here): each choice is an
    explicit loop keeping the first best index, as ``min``/``max`` over ``range`` did, and
    ``legal_plays`` is not called where it gives the hand itself (one card, or no lead suit, in a
    world with no card declared as it is played and no ancient scroll); the cards chosen are the
    same (``tests/test_ai_search.py`` checks a digest of 1,200 seeded play-outs).
    """
    n = rules.n
    trump = rules.trump
    ed = rules.edition
    scroll = rules.scroll
    round_ = rules.round
    legal_plays = F.legal_plays
    take_trick = F.take_trick
    flags_of = F.TRICK_FLAGS
    in_hand = F.IN_HAND
    lead_set = F.LEAD_SET
    type_of = TYPE
    t_void = F.T_VOID
    tabs = F.KEYS[ed][scroll][trump + 1]       # every card's trick key: tabs[lead][pos & 1]
    pw, dump, duck = TABLES[trump + 1]
    easy = rules.easy
    hands = w.hands
    tricks = w.tricks
    bids = w.bids
    trick = w.trick
    # ``legal_plays`` is called only where its declared forms or the scroll can matter.
    plain = not scroll and F.DECLARED_SET.isdisjoint([c for h in hands for c in h])
    # Status of the trick in progress.
    lead, best, bestkey = F.trick_status(trick, trump, ed, scroll)
    bestseat = w.trick_seats[best] if best >= 0 else w.leader
    flags = F.trick_flags(trick)
    pos = len(trick)
    p = (w.leader + pos) % n
    played = 0
    while hands[p]:
        h = hands[p]
        left = len(h)
        if plain and (left == 1 or lead < 0):
            legal = h               # what legal_plays gives here (its docstring): the hand
        else:
            legal = legal_plays(h, lead, trump, scroll)
        tab = tabs[lead][pos & 1]
        m = len(legal)
        if m == 1:
            c = legal[0]
            k = tab[c]
        else:
            keys = [tab[c] for c in legal]
            if easy and easy >> p & 1:
                # Easy (easy.EasyPlayer.play): its highest card while short of its bid, else its
                # lowest (ties: the lower code).
                ci = 0
                bc = legal[0]
                bv = pw[bc]
                if bids[p] > tricks[p]:
                    for i in range(1, m):
                        x = legal[i]
                        v = pw[x]
                        if v > bv or (v == bv and x < bc):
                            ci, bc, bv = i, x, v
                else:
                    for i in range(1, m):
                        x = legal[i]
                        v = pw[x]
                        if v < bv or (v == bv and x < bc):
                            ci, bc, bv = i, x, v
            else:
                need = bids[p] - tricks[p]
                if need > 0:
                    if pos == 0:
                        ci = 0
                        bv = keys[0]
                        for i in range(1, m):
                            if keys[i] > bv:
                                ci, bv = i, keys[i]
                        if need < left and bv < F.K_TRUMP + 10:
                            ci = _low_lead_index(legal, trump, pw)
                    else:
                        cheap = strong = solid = -1
                        for i in range(m):
                            k = keys[i]
                            if k > bestkey:
                                if cheap < 0 or k < keys[cheap]:
                                    cheap = i
                                if strong < 0 or k > keys[strong]:
                                    strong = i
                                if k >= _SOLID and (solid < 0 or k < keys[solid]):
                                    solid = i
                        if cheap >= 0:
                            if pos == n - 1:
                                ci = cheap
                            elif need >= left:
                                ci = strong
                            elif solid >= 0:
                                ci = solid
                            elif need * 2 >= left:
                                ci = strong
                            else:
                                ci = cheap
                        else:
                            ci = 0
                            bv = dump[legal[0]]
                            for i in range(1, m):
                                v = dump[legal[i]]
                                if v < bv:
                                    ci, bv = i, v
                elif pos == 0:
                    ci = 0
                    bv = keys[0] if type_of[legal[0]] != t_void else -5
                    for i in range(1, m):
                        v = keys[i] if type_of[legal[i]] != t_void else -5
                        if v < bv:
                            ci, bv = i, v
                else:
                    ci = -1
                    bv = 0
                    for i in range(m):          # duck: the strongest card that loses the trick
                        if keys[i] <= bestkey:
                            v = duck[legal[i]]
                            if ci < 0 or v > bv:
                                ci, bv = i, v
                    if ci >= 0:
                        pass
                    elif pos == n - 1:
                        ci = 0
                        bv = pw[legal[0]]
                        for i in range(1, m):
                            v = pw[legal[i]]
                            if v > bv:
                                ci, bv = i, v
                    else:
                        ci = 0
                        bv = keys[0]
                        for i in range(1, m):
                            if keys[i] < bv:
                                ci, bv = i, keys[i]
            c = legal[ci]
            k = keys[ci]
        if trace is not None:
            trace.append((p, c))
        h.remove(in_hand[c])
        played += 1
        # F.lead_after(lead, c), inlined (the same LEAD_SET table): the call, once per card played,
        # measured ~6 % of this function's time.
        if lead == -1:
            lead = lead_set[c]
        if k > bestkey:
            bestkey = k
            bestseat = p
        if c >= 52:
            flags |= flags_of[c]
        pos += 1
        if pos == n:
            if flags:
                voids, grail = take_trick(tricks, bestseat, flags, round_, ed)
                if voids:
                    w.voided = True
                if grail:
                    w.grail_winner = bestseat
                flags = 0
            else:
                tricks[bestseat] += 1
            p = w.leader = bestseat
            lead = -1
            bestkey = -2
            pos = 0
        else:
            p += 1
            if p == n:
                p = 0
    w.trick = []
    w.trick_seats = []
    return played


def _low_lead_index(legal: list[int], trump: int, pw: list[int]) -> int:
    """Index of a low lead: lowest non-trump number of the shortest suit, else the weakest card."""
    suit_of = SUIT
    counts = [0, 0, 0, 0]
    for c in legal:
        if c < 52:
            counts[suit_of[c]] += 1
    best = -1
    best_v = 1 << 30
    for i, c in enumerate(legal):
        if c < 52:
            s = suit_of[c]
            if s != trump:
                v = counts[s] * 16 + RANK_[c]      # (count, rank) in one int: ranks are 1..13
                if v < best_v:
                    best, best_v = i, v
    if best >= 0:
        return best
    best, best_v = 0, pw[legal[0]]
    for i in range(1, len(legal)):
        v = pw[legal[i]]
        if v < best_v:
            best, best_v = i, v
    return best


RANK_ = F.RANK
