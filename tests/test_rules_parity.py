"""The simulator's fast copy of each rule agrees with the engine's reference (issue #25).

The engine holds one reference per rule: scoring (``scoring.round_score``), legal cards
(``trick.legal_cards``), the trick winner (``trick.judge``) and the forbidden bid
(``bidding.forbidden_bids``). ``ai/simulator.py`` holds the one fast int-coded copy, its tables
generated from ``engine/edition.py``. Each rule is compared here on 10,000 random positions per
edition, with the tables the play-outs read it through (``FOLLOWS``, ``KEYS``, ``points_tables``,
``take_trick``); the last tests check that the play-outs (``rollout.py``, ``random_game``) call
it instead of writing a rule again.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from wizard.ai import simulator as F
from wizard.engine import SUITS, Card, Edition, GameConfig, Options, Power, card, deck, rules_of
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
        if not grail and not voided:         # the play-outs' cache of it
            assert F.points_tables(ed, rounds)[r][bid][tricks] == want


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
        if not scroll:                       # random_game keeps a drawn card by the table
            codes, lead = [F.encode(c) for c in hand], F.lead_of([F.encode(c) for c in trick])
            holds = any(F.SUIT[c] == lead for c in codes)
            allowed = legal_cards(hand, trick, trump)
            assert [F.FOLLOWS[lead][c] or not holds for c in codes] == [c in allowed for c in hand]


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
        round_ = rng.choice((1, 2))          # a finished trick's effects, as the state counts them
        tricks = [0] * len(trick)
        voids, grail = F.take_trick(tricks, 0, F.trick_flags(codes), round_, ed)
        void = judge(trick, trump, edition, scroll).void
        assert tricks[0] == (not void) and voids == (void and round_ == 1 and
                                                    rules_of(edition).scoring.void_round_one)
        assert grail == any(rules_of(edition).power(c) is Power.EVEN_WINS for c in trick)
        cut = rng.randint(1, len(trick))       # an unfinished trick: the card winning so far
        best = F.trick_status(codes[:cut], F.suit_index(trump), ed, scroll and F.SCROLL[ed])[1]
        assert best == judge(trick[:cut], trump, edition, scroll).card_index


@pytest.mark.parametrize("edition", EDITIONS)
def test_forbidden_bid(edition: str) -> None:
    rng = random.Random(4)
    for _ in range(POSITIONS):
        players = rng.randint(3, 6)
        rounds = 60 // players
        r = rng.choice((rng.randint(1, rounds), rounds))
        before = [rng.randint(0, max(0, r // 2)) for _ in range(players - 1)]
        totals = [rng.choice((-20, 0, 30, 60, 90)) for _ in range(players)]
        open_bids, no_equal, canadian = rng.random() < 0.8, rng.random() < 0.3, rng.random() < 0.4
        rules = GameConfig(players, edition=Edition(edition), options=Options(
            bids="open" if open_bids else "hidden", no_equal_sum=no_equal,
            canadian=canadian)).game_rules
        bad = forbidden_bids(r, before, rules, totals)
        got = F.forbidden_bid(r, before, rules, totals)
        assert ({got} if got >= 0 and got <= r else set()) == set(bad)


# ---- the play-outs bind the fast copy instead of writing a rule again ---------------------------

SIMULATOR = Path(F.__file__)
ROLLOUT = SIMULATOR.with_name("rollout.py")
#: What only a rule written again reads: the trick key of a special card, the powers that decide
#: it, a Magic Wizard's rank, the scoring and bid-sum numbers (names or attributes), and the
#: fields of a ``Scoring`` (attributes).
RULE_DATA = {"K_WIZ", "K_ABOVE", "K_EVEN", "K_MAGIC", "T_WIZ", "T_ABOVE", "T_EVEN", "T_DECLARE",
             "MAGIC_RANK", "SCORING", "MISSED", "BID_SUM", "VOID_ROUND_ONE"}
SCORING_FIELDS = {"made", "per_trick", "missed", "zero_bid", "zero_bid_last", "zero_bid_above",
                  "grail", "scoring"}


def rule_copies(node: ast.AST) -> set[str]:
    """What in ``node`` reads like a rule written again: ``RULE_DATA`` or a ``Scoring`` field read,
    or a card's suit compared with the trick's lead (the follow-suit test)."""
    found: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in RULE_DATA:
            found.add(n.id)
        elif isinstance(n, ast.Attribute) and n.attr in RULE_DATA | SCORING_FIELDS:
            found.add(n.attr)
        elif isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            if any(isinstance(x, ast.Name) and x.id == "lead" for x in sides) and any(
                    isinstance(x, ast.Subscript) and isinstance(x.value, (ast.Name, ast.Attribute))
                    and getattr(x.value, "id", getattr(x.value, "attr", "")) in ("SUIT", "suit_of")
                    for x in sides):
                found.add("suit == lead")
    return found


def names_read(node: ast.AST) -> set[str]:
    """Every name and attribute ``node`` reads."""
    return {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node)
            if isinstance(n, (ast.Name, ast.Attribute))}


def random_game_def() -> ast.FunctionDef:
    tree = ast.parse(SIMULATOR.read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "random_game")


def test_the_copy_finder_sees_the_old_inlined_rules() -> None:
    old = ast.parse("""
legal = [c for c in h if suit_of[c] == lead]
key = 0 if (scroll and lead == trump) else K_WIZ if ty == T_WIZ else K_EVEN if pos & 1 else -1
met, per, missed = SCORING[ed].made, SCORING[ed].per_trick, SCORING[ed].missed
pts = [met + per * t if b == t else -missed * abs(t - b) for b, t in zip(bids, tricks)]
""")
    assert rule_copies(old) == {"suit == lead", "K_WIZ", "T_WIZ", "K_EVEN", "SCORING", "made",
                                "per_trick", "missed"}


def test_the_play_outs_call_the_simulators_rules_instead_of_their_own() -> None:
    rollout = ast.parse(ROLLOUT.read_text(encoding="utf-8"))
    game = random_game_def()
    assert rule_copies(rollout) == set()
    assert rule_copies(game) == set()
    # Each rule is read from the simulator: legal cards, the trick key, a trick's effects, scoring
    # (and, for whole games, the forbidden bid).
    assert {"legal_plays", "KEYS", "take_trick", "round_points"} <= names_read(rollout)
    assert {"legal_plays", "FOLLOWS", "KEYS", "take_trick", "points_tables", "round_points",
            "forbidden_bid"} <= names_read(game)
