"""The AI's simulator: the rules again, int-coded and UNCHECKED, for the search's inner loop.

The rules are held once, by ``wizard.engine`` (``GameState.legal_actions()`` / ``apply()``, which
check everything). This module is a private, faster path the AI plays out imagined deals with; it
is not part of the engine's API and nothing outside ``wizard.ai`` should use it.

Contract (the caller's responsibility, as in python-chess ``Board.push``): cards are small ints
(``encode`` / ``decode``), hands are plain int lists, there are no events and no checks. Passing
a card that is not held, or an illegal move, gives undefined results. ``tests/test_simulator.py``
proves that it agrees with the checked engine (legal moves, trick winners, scores) in every
edition and option. Standard library only.

It is also the AI's one home of the trick-winner rule in int form: ``trick_status`` (the lead and
the winning key so far), ``key_if_played``, ``card_key`` and the key tables; the heuristics and the
play-outs use these rather than their own copies.

Card codes are the engine's ``Card.code``: ``s * 13 + rank - 1`` for suited cards (suit index in
``SUITS`` order), then W=52, J=53, GRAIL=54, EXCALIBUR=55, MERLIN=56 (in hand), MERLIN:W=57,
MERLIN:J=58, MORGAN=59. Every table (decks, card types, the trick key, scoring, the bid-sum rule)
is generated at import from ``wizard.engine.edition``; nothing here names an edition's rule by
hand. ``tests/test_rules_parity.py`` checks each rule against the engine's on random positions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..engine import ALL_CARDS, SUITS, Card, Edition, Power, rules_of
from ..engine.edition import KEY_ABOVE_WIZARDS, KEY_EVEN_WINS, KEY_MAGIC, KEY_TRUMP, KEY_WIZARD

# ---- the int tables, generated from the engine's cards and editions (engine/edition.py) -------

#: Editions by index (``Info.edition``, ``Rules.edition`` hold the index).
EDITION_RULES = tuple(rules_of(e) for e in Edition)
EDITIONS: dict[str, int] = {r.name.value: i for i, r in enumerate(EDITION_RULES)}
CLASSIC, MAGIC, CAMELOT = EDITIONS["classic"], EDITIONS["magic"], EDITIONS["camelot"]

NCODES = len(ALL_CARDS)                      # a card's code is the engine's ``Card.code``
W, J, GRAIL, EXCALIBUR, MERLIN, MERLIN_W, MERLIN_J, MORGAN = (
    Card.from_str(t).code for t in ("W", "J", "GRAIL", "EXCALIBUR", "MERLIN", "MERLIN:W",
                                    "MERLIN:J", "MORGAN"))

# Card types: the power of each code (the same in every edition that has the card): a number
# card, a Wizard, a Jester, EVEN_WINS, VOIDS, declared as played (WIZARD_OR_JESTER), ABOVE_WIZARDS.
T_NUM, T_WIZ, T_JES, T_EVEN, T_VOID, T_DECLARE, T_ABOVE = range(7)
_T_OF_POWER = {Power.SUITED: T_NUM, Power.MAGIC: T_NUM, Power.WIZARD: T_WIZ, Power.JESTER: T_JES,
               Power.EVEN_WINS: T_EVEN, Power.VOIDS: T_VOID, Power.WIZARD_OR_JESTER: T_DECLARE,
               Power.ABOVE_WIZARDS: T_ABOVE}


def _type_of(c: Card) -> int:
    """The type code of ``c``: its power in the editions that hold it (they must agree)."""
    found = {_T_OF_POWER[r.power(c)] for r in EDITION_RULES if c.in_hand in r.deck}
    if c.suit is not None:
        return T_NUM
    if len(found) != 1:
        raise AssertionError(f"{c} has no single power across the editions: {found}")
    return found.pop()


SUIT: list[int] = [-1 if c.suit is None else SUITS.index(c.suit) for c in ALL_CARDS]
RANK: list[int] = [c.rank for c in ALL_CARDS]
TYPE: list[int] = [_type_of(c) for c in ALL_CARDS]
TEXT: list[str] = [c.text for c in ALL_CARDS]
_CODE: dict[str, int] = {t: i for i, t in enumerate(TEXT)}

DECKS: list[list[int]] = [[c.code for c in r.deck] for r in EDITION_RULES]
#: By code: the card as held in hand (a declared card's undeclared form), and the forms a held
#: card is played as (a card declared as it is played: its Wizard form, then its Jester form).
IN_HAND: list[int] = [c.in_hand.code for c in ALL_CARDS]
PLAYED_AS: list[tuple[int, ...]] = [
    tuple(x.code for x in ALL_CARDS if x.in_hand is c and x is not c) or (c.code,)
    for c in ALL_CARDS]

# Keys used to find a trick's winner (higher wins; ties keep the earlier card): the trick key.
K_EVEN, K_ABOVE, K_MAGIC, K_WIZ, K_TRUMP = (KEY_EVEN_WINS, KEY_ABOVE_WIZARDS, KEY_MAGIC,
                                           KEY_WIZARD, KEY_TRUMP)

# By edition index: the data the rules below read.
MAGIC_RANK: list[int] = [r.magic_rank for r in EDITION_RULES]         # 0: no Magic Wizards
SCROLL: list[bool] = [r.scroll for r in EDITION_RULES]               # the scroll can apply
SCORING = [r.scoring for r in EDITION_RULES]
BONUSES: list[bool] = [r.has_bonuses for r in EDITION_RULES]
GRAIL_BONUS: list[int] = [r.scoring.grail for r in EDITION_RULES]
MISSED: list[int] = [r.scoring.missed for r in EDITION_RULES]         # points lost per trick off
BID_SUM: list[tuple[int, bool] | None] = [
    None if r.bid_sum_above is None else (r.bid_sum_above, r.bid_sum_zero_exempt)
    for r in EDITION_RULES]
CHOOSES_TRUMP: list[list[bool]] = [[r.chooses_trump(c) for c in ALL_CARDS] for r in EDITION_RULES]
DECLARED: list[bool] = [r.has_power(Power.WIZARD_OR_JESTER) for r in EDITION_RULES]
ABOVE_WIZARDS: list[bool] = [r.has_power(Power.ABOVE_WIZARDS) or r.has_power(Power.EVEN_WINS)
                             for r in EDITION_RULES]                  # a Wizard can lose


def encode(c: Card) -> int:
    """The int code of an engine card."""
    return c.code


def decode(code: int) -> Card:
    """The engine card of an int code."""
    return Card.from_code(code)


def suit_index(suit: str | None) -> int:
    """Suit letter -> index 0..3, None -> -1."""
    return -1 if suit is None else SUITS.index(suit)


# The lead a card sets when played while the trick has none yet (lead -1): a number card its suit,
# a Wizard / MERLIN:W / MORGAN -2 (no lead suit this trick), the others -1 (still open).
LEAD_SET: list[int] = [SUIT[c] if c < 52 else -2 if TYPE[c] in (T_WIZ, T_ABOVE) else -1
                       for c in range(NCODES)]


def lead_of(trick: Sequence[int]) -> int:
    """The suit to follow (0..3), -1 while none is set, -2 when a Wizard/MORGAN came first."""
    for c in trick:
        lead = LEAD_SET[c]
        if lead != -1:
            return lead
    return -1


def lead_after(lead: int, c: int) -> int:
    """The trick's lead (as in ``lead_of``) once card ``c`` is played on a trick whose lead is ``lead``."""
    return LEAD_SET[c] if lead == -1 else lead


def legal_plays(hand: list[int], lead: int, trump: int, scroll: bool = False) -> list[int]:
    """Distinct legal plays of ``hand`` given the lead (from ``lead_of``); a card declared as it
    is played (MERLIN) comes in its played forms (:W and :J)."""
    if lead >= 0 and any(SUIT[c] == lead for c in hand):
        out = [c for c in hand if SUIT[c] == lead or SUIT[c] < 0]
    else:
        out = list(hand)
    if scroll and lead >= 0 and lead == trump and any(c != W for c in hand):
        out = [c for c in out if c != W]
    res: list[int] = []
    for c in out:
        for x in PLAYED_AS[c]:               # a card declared as it is played: each form
            if x not in res:
                res.append(x)
    return res


def card_key(c: int, pos: int, lead: int, set_lead: bool, trump: int, edition: int,
             scroll: bool) -> int:
    """Winning key of card ``c`` played at index ``pos`` once the lead is known (see module doc)."""
    s = SUIT[c]
    if s >= 0:
        if set_lead:
            return K_TRUMP + RANK[c] if s == trump else RANK[c]
        if s == lead and RANK[c] == MAGIC_RANK[edition]:
            return K_MAGIC
        if s == trump:
            return K_TRUMP + RANK[c]
        return RANK[c] if s == lead else 0
    t = TYPE[c]
    if t == T_WIZ:
        return 0 if (scroll and lead >= 0 and lead == trump) else K_WIZ
    if t == T_JES:
        return 0
    if t == T_ABOVE:
        return K_ABOVE
    if t == T_EVEN:
        return K_EVEN if pos & 1 else -1
    return -1  # VOIDS: a null card


def key_if_played(c: int, pos: int, lead: int, trump: int, edition: int, scroll: bool) -> int:
    """The winning key card ``c`` gets if played now, at index ``pos`` of a trick whose lead is ``lead``."""
    if lead == -1:
        lead = LEAD_SET[c]
        return card_key(c, pos, lead, lead >= 0, trump, edition, scroll)
    return card_key(c, pos, lead, False, trump, edition, scroll)


def trick_status(trick: Sequence[int], trump: int, edition: int,
                 scroll: bool) -> tuple[int, int, int]:
    """(lead as in ``lead_of``, index of the card winning so far, its key) of a trick in progress.

    The one definition of the trick-winner rule in int form; (-1, -1, -2) for an empty trick.
    ``scroll``: the ancient-scroll rule applies (classic only; see ``trick_winner``).
    """
    lead = -1
    best, bestkey = -1, -2
    for i, c in enumerate(trick):
        k = key_if_played(c, i, lead, trump, edition, scroll)
        if lead == -1:
            lead = LEAD_SET[c]
        if k > bestkey:
            best, bestkey = i, k
    return lead, best, bestkey


def trick_winner(trick: Sequence[int], trump: int, edition: int,
                 scroll: bool = False) -> tuple[int, bool]:
    """(index of the winning card, whether a VOIDS card voided the trick) for a complete trick."""
    best = trick_status(trick, trump, edition, scroll and SCROLL[edition])[1]
    return best, any(TYPE[c] == T_VOID for c in trick)


def round_points(bid: int, tricks: int, edition: int, round_: int, rounds: int,
                 grail_bonus: bool = False, voided: bool = False) -> int:
    """Points for one player's round (RULES.md §6), from the edition's ``Scoring``."""
    if voided:
        return 0
    sc = SCORING[edition]
    if bid != tricks:
        return -sc.missed * abs(tricks - bid)
    p = sc.made + sc.per_trick * tricks
    if bid == 0 and sc.zero_bid is not None and round_ > sc.zero_bid_above:
        p = sc.zero_bid_last + round_ if round_ == rounds and sc.zero_bid_last is not None \
            else sc.zero_bid
    if grail_bonus:
        p += sc.grail
    return p


def forbidden_bid(round_: int, bids_before: list[int], players: int, rounds: int, edition: int,
                  open_bids: bool, no_equal_sum: bool, canadian: bool,
                  totals_order: list[int] | None) -> int:
    """The one bid forbidden to the next bidder, or -1 (``totals_order``: bidder last)."""
    if not open_bids or len(bids_before) != players - 1:
        return -1
    target = round_ - sum(bids_before)
    if target < 0:
        return -1
    if no_equal_sum:
        return target
    if canadian and round_ == rounds and totals_order is not None:
        mine = totals_order[-1]
        if all(t < mine for t in totals_order[:-1]):
            return target
    rule = BID_SUM[edition]
    if rule is not None and round_ > rule[0] and not (rule[1] and target == 0):
        return target
    return -1


def _number_keys(magic_rank: int, trump: int, lead: int) -> list[int]:
    """Keys of the 52 number cards played after the lead suit ``lead`` (-2: none) was set."""
    out = []
    for c in range(52):
        s = SUIT[c]
        if s == lead and RANK[c] == magic_rank:
            out.append(K_MAGIC)
        elif s == trump:
            out.append(K_TRUMP + RANK[c])
        else:
            out.append(RANK[c] if s == lead else 0)
    return out


ZEROKEYS: list[int] = [0] * 52
# KEYTABS[edition][trump + 1][lead] (lead 0..3), SETKEYS[trump + 1]: key of the card setting the
# lead.
KEYTABS: list[list[list[list[int]]]] = [
    [[_number_keys(m, tr, ld) for ld in range(4)] for tr in range(-1, 4)] for m in MAGIC_RANK]
SETKEYS: list[list[int]] = [[K_TRUMP + RANK[c] if SUIT[c] == tr else RANK[c] for c in range(52)]
                            for tr in range(-1, 4)]


TRIES = (0,) * 8
SUITBIT: list[int] = [1 << (8 * SUIT[c]) if c < 52 else 0 for c in range(NCODES)]


def _pick_scroll(hand: list[int], lead: int, trump: int, draw: int) -> int:
    """Index of a random legal card under the ancient-scroll rule (slow path); ``draw``: 0..65535."""
    ok = legal_plays(hand, lead, trump, True)
    legal = [j for j, c in enumerate(hand) if c in ok]
    return legal[draw % len(legal)]


def shuffled(deck: list[int], rng: random.Random) -> list[int]:
    """A random order of ``deck`` (sort by 16-bit random keys: fast, ties negligible)."""
    keys = memoryview(rng.randbytes(2 * len(deck))).cast("H")
    return list(map(deck.__getitem__, sorted(range(len(deck)), key=keys.__getitem__)))


def random_game(rng: random.Random, players: int = 4, edition: int = CLASSIC, *,
                no_equal_sum: bool = False, canadian: bool = False, open_bids: bool = True,
                scroll: bool = False, first_dealer: int = 0,
                log: list[dict[str, Any]] | None = None) -> list[int]:
    """Play a whole game with random legal moves (and bids, and trump choices); return the totals.

    Random draws are 16-bit values taken modulo the range (bias below 0.1 %). With ``log`` a
    list, one dict per round is appended (deal, bids, plays, trick winners, points).
    """
    n = players
    rounds = 60 // n
    deck = DECKS[edition]
    size_deck = len(deck)
    mods = range(size_deck, 0, -1)
    seat_orders = [[(p + i) % n for i in range(n)] for p in range(n)]
    sum_rule = open_bids and (no_equal_sum or canadian or BID_SUM[edition] is not None)
    suit_of = SUIT
    type_of = TYPE
    played_as = PLAYED_AS
    suitbit = SUITBIT
    sbits = SUITBIT.__getitem__
    chooses = CHOOSES_TRUMP[edition]
    bonuses = BONUSES[edition]
    met, per, missed = SCORING[edition].made, SCORING[edition].per_trick, SCORING[edition].missed
    scroll = scroll and SCROLL[edition]
    totals = [0] * n
    for r in range(1, rounds + 1):
        dealer = (first_dealer + r - 1) % n
        k = n * r + 1 if n * r < size_deck else n * r
        # Enough draws for the deal, the bids and up to 8 tries per card.
        rb = memoryview(rng.randbytes(2 * (k + 3 * n + 9 * n * r + 2))).cast("H")
        q = 0
        order = deck[:]
        for i, x, m in zip(range(k), rb, mods, strict=False):
            j = i + x % m
            order[i], order[j] = order[j], order[i]
        q = k
        hands = [order[i * r:i * r + r] for i in range(n)]
        turned = order[n * r] if n * r < size_deck else -1
        trump = -1
        choice = -1
        if turned >= 0:
            if suit_of[turned] >= 0:
                trump = suit_of[turned]
            elif chooses[turned]:
                choice = trump = rb[q] & 3
                q += 1
        rec: dict[str, Any] | None = None
        if log is not None:
            rec = {"round": r, "dealer": dealer, "hands": [h[:] for h in hands], "turned": turned,
                   "trump": trump, "choice": choice, "bids": [], "plays": [], "winners": [],
                   "voids": []}
            log.append(rec)
        r1 = r + 1
        made = [x % r1 for x in rb[q:q + n]]
        q += n
        if sum_rule:
            bad = forbidden_bid(r, made[:-1], n, rounds, edition, open_bids, no_equal_sum, canadian,
                                [totals[(dealer + 1 + x) % n] for x in range(n)])
            if made[-1] == bad:
                made[-1] = (bad + 1 + rb[q] % r) % r1
                q += 1
        first = (dealer + 1) % n
        bids = made[n - first:] + made[:n - first]
        if rec is not None:
            rec["bids"] = made[:]
        # Suit counts of each hand packed 8 bits per suit in one int.
        cnt = [sum(map(sbits, h)) for h in hands]
        tricks = [0] * n
        leader = (dealer + 1) % n
        grail_winner = -1
        voided_round = False
        plays: list[int] = rec["plays"] if rec is not None else []
        logging = rec is not None
        ktab = KEYTABS[edition][trump + 1]
        setkey = SETKEYS[trump + 1]
        for t in range(r):
            size = r - t
            lead = -1
            bestkey = -2
            best = leader
            void = False
            has_grail = False
            tab = ZEROKEYS
            lsh = 0
            for p in seat_orders[leader]:
                h = hands[p]
                if scroll:
                    j = _pick_scroll(h, lead, trump, rb[q])
                else:
                    j = rb[q] % size
                q += 1
                c = h[j]
                if lead >= 0 and c < 52 and suit_of[c] != lead and cnt[p] >> lsh & 255:
                    # Off suit while holding the lead suit: draw again (rejection, then a list).
                    for _ in TRIES:
                        j = rb[q] % size
                        q += 1
                        c = h[j]
                        if c >= 52 or suit_of[c] == lead:
                            break
                    else:
                        legal = [x for x in range(size) if h[x] >= 52 or suit_of[h[x]] == lead]
                        j = legal[rb[q] % len(legal)]
                        q += 1
                        c = h[j]
                del h[j]
                if c < 52:
                    cnt[p] -= suitbit[c]
                    if lead == -1:
                        lead = suit_of[c]
                        lsh = lead << 3
                        key = setkey[c]
                        tab = ktab[lead]
                    else:
                        key = tab[c]
                else:
                    ty = type_of[c]
                    if ty == T_DECLARE:      # declared as it is played: a Wizard or a Jester
                        c = played_as[c][0] if rb[q] & 1 else played_as[c][1]
                        q += 1
                        ty = type_of[c]
                    if ty == T_WIZ:
                        if lead == -1:
                            lead = -2
                        key = 0 if (scroll and lead == trump and lead >= 0) else K_WIZ
                    elif ty == T_JES:
                        key = 0
                    elif ty == T_ABOVE:
                        if lead == -1:
                            lead = -2
                        key = K_ABOVE
                    elif ty == T_EVEN:
                        has_grail = True
                        key = K_EVEN if (p - leader) % n & 1 else -1
                    else:
                        void = True
                        key = -1
                if logging:
                    plays.append(c)
                if key > bestkey:
                    bestkey = key
                    best = p
            if not void:
                tricks[best] += 1
            elif r == 1:
                voided_round = True
            if has_grail:
                grail_winner = best
            if rec is not None:
                rec["winners"].append(best)
                rec["voids"].append(void)
            leader = best
        if bonuses:
            pts = [round_points(bids[s], tricks[s], edition, r, rounds, grail_winner == s,
                                voided_round) for s in range(n)]
        else:
            pts = [met + per * t if b == t else (-missed * (t - b) if t > b else -missed * (b - t))
                   for b, t in zip(bids, tricks, strict=True)]
        for s in range(n):
            totals[s] += pts[s]
        if rec is not None:
            rec["points"] = pts
    return totals


def bench_fast(seconds: float, rng: random.Random) -> float:
    """Full random 4-player classic games per second on this core (CPU time)."""
    games = 0
    t0 = time.process_time()
    end = t0 + seconds
    while True:
        for _ in range(10):
            random_game(rng, 4, CLASSIC)
        games += 10
        now = time.process_time()
        if now >= end:
            return games / (now - t0)
