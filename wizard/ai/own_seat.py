"""The coach's model of its own seat in a bid's play-outs (issue #37): a look one card ahead.

The coach values a bid by playing the round out many times with the seat playing for it. The rule
policy (``rollout.fast_play_out``) plays every seat alike, and for the asking seat that is far
weaker than the Expert the chance means ("if you play for it as Expert would"): on the truths of
single positions the coach's raw play-out points were 11 points under Expert's at Normal tables
and 5 under at Hard ones, unevenly by position (docs/coach.md, "The table you sit at").

Expert chooses a card by playing each legal card out over sampled worlds. Here the seat does the
same once, in the play-out's own world: at its first card of the round it plays each legal card
out by the rule policy and keeps the one that scores it the most round points; the rest of the
round is the rule policy's. It reads the world's hands (the play-out's world is one guess of the
deal, so this seat knows more than Expert would): its overshoot, and what the others' rule play
misses at a table of Hard seats, are left to the calibration map of each table kind, fitted
against the truths of single positions (``calibration.TABLE_MAPS``).

It costs one play-out per legal card at that first decision (all counted as work), instead of one.
A cheaper change was measured first and dropped: the rule policy taking the cheapest sure winner
(counted from the cards still out, or read from the hands of the seats still to play) moved the
raw points by under half a point and the benchmark not at all.
"""

from __future__ import annotations

from . import simulator as F
from .rollout import TABLES, Rules, World, apply_card, fast_play_out, points


def look_play_out(w: World, rules: Rules, seat: int, looks: int = 1, narrow: bool = False) -> int:
    """Play ``w`` out (mutates it) with ``seat`` looking one card ahead in the world at its first
    ``looks`` decisions (each legal card played out by the play-out's policies, the one with the
    most round points kept; ties: the play-out's own card, then the first legal), every other
    card as ``fast_play_out`` plays it; returns the cards played, the looked-at play-outs
    included. ``narrow``: look only at the play-out's own card, the strongest and the weakest."""
    played = 0
    while looks > 0 and w.hands[seat]:
        # The play-out as it is: the cards before the seat's are its, and its card is one of
        # the cards looked at (so the seat never does worse than the play-out in this world).
        x = w.copy()
        trace: list[tuple[int, int]] = []
        played += fast_play_out(x, rules, trace)
        i = next(j for j, (s, _c) in enumerate(trace) if s == seat)
        for s, c in trace[:i]:
            apply_card(w, rules, s, c)
        own = trace[i][1]
        legal = F.legal_plays(w.hands[seat], F.lead_of(w.trick), rules.trump, rules.scroll)
        best_c, best_v = own, points(x, rules, seat)
        if narrow and len(legal) > 3:
            pw = TABLES[rules.trump + 1][0]
            legal = [max(legal, key=lambda c: (pw[c], -c)), min(legal, key=lambda c: (pw[c], c))]
        for c in legal:
            if c == own:
                continue
            y = w.copy()
            apply_card(y, rules, seat, c)
            played += fast_play_out(y, rules) + 1
            v = points(y, rules, seat)
            if v > best_v:
                best_v, best_c = v, c
        apply_card(w, rules, seat, best_c)
        looks -= 1
    return played + fast_play_out(w, rules)
