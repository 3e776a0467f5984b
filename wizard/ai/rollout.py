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


def apply_card(w: World, rules: Rules, seat: int, c: int) -> None:
    """Seat plays card ``c`` (held form removed from its hand); finishes the trick when complete."""
    h = w.hands[seat]
    h.remove(F.IN_HAND[c])
    w.trick.append(c)
    w.trick_seats.append(seat)
    if len(w.trick) == rules.n:
        idx, void = F.trick_winner(w.trick, rules.trump, rules.edition, rules.scroll)
        winner = w.trick_seats[idx]
        if not void:
            w.tricks[winner] += 1
        elif rules.round == 1:
            w.voided = True
        if any(TYPE[x] == F.T_EVEN for x in w.trick):
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

    With ``trace`` a list, each (seat, card) played is appended (tests check legality with it).
    """
    n = rules.n
    trump = rules.trump
    ed = rules.edition
    scroll = rules.scroll
    declared = F.DECLARED[ed]             # a card is declared as it is played
    in_hand = F.IN_HAND
    type_of = TYPE
    t_void, t_even = F.T_VOID, F.T_EVEN
    # The number cards' keys by lead (the simulator's tables): tabs[lead] for a lead suit 0..3,
    # tabs[-2] (no lead suit: a Wizard or MORGAN came first) all 0, tabs[-1] (no lead yet) the
    # keys of a card that sets the lead. Special cards get theirs from F.key_if_played.
    tabs = [*F.KEYTABS[ed][trump + 1], F.ZEROKEYS, F.SETKEYS[trump + 1]]
    pw, dump, duck = TABLES[trump + 1]
    lead_set = F.LEAD_SET
    suit_of = SUIT
    key_if_played = F.key_if_played
    hands = w.hands
    tricks = w.tricks
    bids = w.bids
    trick = w.trick
    # Status of the trick in progress.
    lead, best, bestkey = F.trick_status(trick, trump, ed, scroll)
    bestseat = w.trick_seats[best] if best >= 0 else w.leader
    void = any(type_of[x] == t_void for x in trick)
    has_grail = any(type_of[x] == t_even for x in trick)
    tab = tabs[lead]
    pos = len(trick)
    p = (w.leader + pos) % n
    played = 0
    while hands[p]:
        h = hands[p]
        left = len(h)
        if scroll:
            legal = F.legal_plays(h, lead, trump, True)
        else:
            if lead >= 0:
                legal = [c for c in h if suit_of[c] == lead]
                if legal:
                    legal += [c for c in h if c >= 52]
                else:
                    legal = h[:]
            else:
                legal = h[:]
            if declared:
                for x in legal:
                    if type_of[x] == F.T_DECLARE:
                        legal.remove(x)
                        legal += F.PLAYED_AS[x]
                        break
        keys = [tab[c] if c < 52 else key_if_played(c, pos, lead, trump, ed, scroll) for c in legal]
        m = len(legal)
        if m == 1:
            ci = 0
        else:
            need = bids[p] - tricks[p]
            if need > 0:
                if pos == 0:
                    ci = max(range(m), key=keys.__getitem__)
                    if need < left and keys[ci] < F.K_TRUMP + 10:
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
                        ci = min(range(m), key=lambda i: dump[legal[i]])
            elif pos == 0:
                ci = min(range(m), key=lambda i: keys[i] if type_of[legal[i]] != t_void else -5)
            else:
                ducks = [i for i in range(m) if keys[i] <= bestkey]
                if ducks:
                    ci = max(ducks, key=lambda i: duck[legal[i]])
                elif pos == n - 1:
                    ci = max(range(m), key=lambda i: pw[legal[i]])
                else:
                    ci = min(range(m), key=keys.__getitem__)
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
            tab = tabs[lead]
        if k > bestkey:
            bestkey = k
            bestseat = p
        if c >= 52:
            t = type_of[c]
            if t == t_void:
                void = True
            elif t == t_even:
                has_grail = True
        pos += 1
        if pos == n:
            if not void:
                tricks[bestseat] += 1
            elif rules.round == 1:
                w.voided = True
            if has_grail:
                w.grail_winner = bestseat
            p = w.leader = bestseat
            lead = -1
            bestkey = -2
            void = has_grail = False
            tab = tabs[-1]
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
    counts = [0, 0, 0, 0]
    for c in legal:
        if c < 52:
            counts[SUIT[c]] += 1
    best = -1
    best_v = (99, 99)
    for i, c in enumerate(legal):
        if c < 52 and SUIT[c] != trump:
            v = (counts[SUIT[c]], RANK_[c])
            if v < best_v:
                best, best_v = i, v
    if best >= 0:
        return best
    return min(range(len(legal)), key=lambda i: pw[legal[i]])


RANK_ = F.RANK
