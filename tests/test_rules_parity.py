"""The simulator's fast copy of each rule agrees with the engine's reference (issue #25).

The engine holds one reference per rule: scoring (``scoring.round_score``), legal cards
(``trick.legal_cards``), the trick winner (``trick.judge``) and the forbidden bid
(``bidding.forbidden_bids``). ``ai/simulator.py`` holds the one fast int-coded copy, its tables
generated from ``engine/edition.py``. Each rule is compared here on 10,000 random positions per
edition.
"""

from __future__ import annotations

import random

import pytest

from wizard.ai import simulator as F
from wizard.engine import SUITS, Card, card, deck
from wizard.engine.bidding import forbidden_bids
from wizard.engine.scoring import round_points
from wizard.engine.trick import judge, legal_cards, trick_winner

EDITIONS = ("classic", "magic", "camelot")
POSITIONS = 10_000
TRUMPS = (None, *SUITS)
MERLIN = card("MERLIN")
PLAYED = {MERLIN: (card("MERLIN:W"), card("MERLIN:J"))}


def _played(c: Card, rng: random.Random) -> Card:
    """A card as played: MERLIN declared a Wizard or a Jester."""
    forms = PLAYED.get(c)
    return c if forms is None else rng.choice(forms)


@pytest.mark.parametrize("edition", EDITIONS)
def test_scoring(edition: str) -> None:
    rng = random.Random(1)
    ed = F.EDITIONS[edition]
    for _ in range(POSITIONS):
        players = rng.randint(3, 6)
        rounds = 60 // players
        r = rng.randint(1, rounds)
        bid, tricks = rng.randint(0, r), rng.randint(0, r)
        if rng.random() < 0.4:
            tricks = bid
        grail, voided = rng.random() < 0.2, r == 1 and rng.random() < 0.1
        want = round_points(bid, tricks, edition=edition, round_=r, rounds=rounds,
                            grail_bonus=grail, voided_round=voided)
        assert F.round_points(bid, tricks, ed, r, rounds, grail, voided) == want


@pytest.mark.parametrize("edition", EDITIONS)
def test_legal_cards(edition: str) -> None:
    rng = random.Random(2)
    pack = deck(edition)
    for _ in range(POSITIONS):
        players = rng.randint(3, 6)
        size = rng.randint(1, 60 // players)
        drawn = rng.sample(pack, size + rng.randint(0, players - 1))
        hand, trick = drawn[:size], [_played(c, rng) for c in drawn[size:]]
        trump = rng.choice(TRUMPS)
        scroll = rng.random() < 0.5
        want: list[Card] = []                # a card held twice comes twice, as in the engine
        for c in legal_cards(hand, trick, trump, scroll):
            want += PLAYED.get(c, (c,))
        got = F.legal_plays([F.encode(c) for c in hand], F.lead_of([F.encode(c) for c in trick]),
                            F.suit_index(trump), scroll)
        assert sorted(F.decode(x).text for x in got) == sorted(c.text for c in want)


@pytest.mark.parametrize("edition", EDITIONS)
def test_trick_winner(edition: str) -> None:
    rng = random.Random(3)
    ed = F.EDITIONS[edition]
    pack = deck(edition)
    for _ in range(POSITIONS):
        trick = [_played(c, rng) for c in rng.sample(pack, rng.randint(3, 6))]
        trump = rng.choice(TRUMPS)
        scroll = rng.random() < 0.5
        codes = [F.encode(c) for c in trick]
        assert F.trick_winner(codes, F.suit_index(trump), ed, scroll) == \
            trick_winner(trick, trump, edition, scroll)
        cut = rng.randint(1, len(trick))       # an unfinished trick: the card winning so far
        best = F.trick_status(codes[:cut], F.suit_index(trump), ed, scroll and F.SCROLL[ed])[1]
        assert best == judge(trick[:cut], trump, edition, scroll).card_index


@pytest.mark.parametrize("edition", EDITIONS)
def test_forbidden_bid(edition: str) -> None:
    rng = random.Random(4)
    ed = F.EDITIONS[edition]
    for _ in range(POSITIONS):
        players = rng.randint(3, 6)
        rounds = 60 // players
        r = rng.choice((rng.randint(1, rounds), rounds))
        before = [rng.randint(0, max(0, r // 2)) for _ in range(players - 1)]
        totals = [rng.choice((-20, 0, 30, 60, 90)) for _ in range(players)]
        open_bids, no_equal, canadian = rng.random() < 0.8, rng.random() < 0.3, rng.random() < 0.4
        bad = forbidden_bids(r, before, players, rounds, edition=edition, open_bids=open_bids,
                             no_equal_sum=no_equal, canadian=canadian, totals=totals)
        got = F.forbidden_bid(r, before, players, rounds, ed, open_bids, no_equal, canadian, totals)
        assert ({got} if got >= 0 and got <= r else set()) == set(bad)
