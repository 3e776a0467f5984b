"""The AI's simulator: the rules again, int-coded and UNCHECKED, for the search's inner loop.

The rules are held once, by ``wizard.engine`` (``GameState.legal_actions()`` / ``apply()``, which
check everything). This module is a private, faster path the AI plays out imagined deals with; it
is not part of the engine's API and nothing outside ``wizard.ai`` should use it.

Contract (the caller's responsibility, as in python-chess ``Board.push``): cards are small ints
(``encode`` / ``decode``), hands are plain int lists, there are no events and no checks. Passing
a card that is not held, or an illegal move, gives undefined results. ``tests/test_simulator.py``
proves that it agrees with the checked engine (legal moves, trick winners, scores) in every
edition and option. Standard library only.

It is the one fast copy of each rule (issue #25): legal cards (``legal_plays`` on ``FOLLOWS``),
the trick winner (``KEYS``, made by ``_key``, read by ``key_if_played`` and ``trick_status``;
``take_trick`` for a voided trick and the Grail), the forbidden bid (``forbidden_bid``), scoring
(``round_points``, cached by ``points_tables``). The rest of ``wizard.ai``, the play-outs
(``rollout.fast_play_out``, ``random_game``) included, calls these or binds their tables to
locals. ``tests/test_rules_parity.py`` checks each rule against the engine's on random positions,
and the play-outs for rules written again.

Card codes are the engine's ``Card.code``: ``s * 13 + rank - 1`` for suited cards (suit index in
``SUITS`` order), then W=52, J=53, GRAIL=54, EXCALIBUR=55, MERLIN=56 (in hand), MERLIN:W=57,
MERLIN:J=58, MORGAN=59. Every table (decks, card types, the trick key, scoring, the bid-sum rule)
is generated at import from ``wizard.engine.edition``; nothing here names an edition's rule.
"""

from __future__ import annotations

import functools
import operator
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import ALL_CARDS, SUITS, Card, Edition, GameRules, Options, Power, resolve, rules_of
from ..engine.edition import KEY_ABOVE_WIZARDS, KEY_EVEN_WINS, KEY_MAGIC, KEY_TRUMP, KEY_WIZARD
from ..engine.house import applies
from ..engine.trick import FOLLOWING

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
SCROLL: list[bool] = [applies("scroll", r.name) for r in EDITION_RULES]  # the scroll can apply
SCORING = [r.scoring for r in EDITION_RULES]
MISSED: list[int] = [r.scoring.missed for r in EDITION_RULES]         # points lost per trick off
BID_SUM: list[tuple[int, bool] | None] = [
    None if r.bid_sum_above is None else (r.bid_sum_above, r.bid_sum_zero_exempt)
    for r in EDITION_RULES]
CHOOSES_TRUMP: list[list[bool]] = [[r.chooses_trump(c) for c in ALL_CARDS] for r in EDITION_RULES]
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


# ---- the rules, once each (the play-outs and random_game bind these tables and functions) -----
# A trick's lead (``lead_of``): the suit to follow 0..3, -1 while none is set, -2 when a Wizard or
# MORGAN came first. Tables by lead hold the leads 0..3, -2, -1 in that order (``table[lead]``).

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


def _following(lead: int) -> list[bool]:
    """By code: whether a hand holding a card of the lead suit may play the card (the engine's
    ``trick.FOLLOWING``: its own suit and every card without one); with no lead suit, every card."""
    follow = {c.code for c in FOLLOWING[SUITS[lead]]} if lead >= 0 else set(range(NCODES))
    return [c in follow for c in range(NCODES)]


#: FOLLOWS[lead][code]: the legal-card rule's table. ``legal_plays`` filters a hand through it;
#: ``random_game`` keeps a card it draws if the table allows it or the hand lacks the lead suit.
FOLLOWS: list[list[bool]] = [_following(lead) for lead in (0, 1, 2, 3, -2, -1)]
#: The codes of the cards declared as they are played (MERLIN; ``PLAYED_AS`` gives their forms).
DECLARED_CODES: tuple[int, ...] = tuple(c for c in range(NCODES) if TYPE[c] == T_DECLARE)
DECLARED_SET: frozenset[int] = frozenset(DECLARED_CODES)


def legal_plays(hand: list[int], lead: int, trump: int, scroll: bool = False) -> list[int]:
    """The legal plays of ``hand`` on a trick whose lead is ``lead``: the one legal-card rule here.
    As ``trick.legal_cards``: in hand order, a card held twice comes twice; a card declared as it
    is played (MERLIN) gives its played forms (:W, :J), at the end. ``scroll``: the ancient scroll
    applies (no Wizard on a trump lead unless the hand holds only Wizards). Without the scroll
    and without a declared card (``DECLARED_SET``), a hand of one card or a trick with no lead
    suit yet (``lead`` < 0) gives the hand itself, in its order: ``rollout.fast_play_out`` skips
    the call there."""
    if lead >= 0:
        for c in hand:
            if SUIT[c] == lead:                  # the hand holds the lead suit: it must follow
                follows = FOLLOWS[lead]
                out = [x for x in hand if follows[x]]
                break
        else:
            out = hand[:]
        if scroll and lead == trump:
            for c in hand:
                if c != W:
                    out = [x for x in out if x != W]
                    break
    else:
        out = hand[:]
    for d in DECLARED_CODES:
        if d in out:
            out.remove(d)
            out += PLAYED_AS[d]
    return out


def _key(c: int, odd: int, lead: int, trump: int, magic_rank: int, scroll: bool) -> int:
    """The trick key of card ``c`` played at an even (``odd`` 0) or odd position of a trick whose
    lead is ``lead`` (-1: the card sets it): the one trick-key rule here, read through ``KEYS``. A
    Magic Wizard counts only when it follows; ``scroll``: a Wizard on a trump lead is worth 0."""
    s = SUIT[c]
    if s >= 0:
        rank = RANK[c]
        if lead == -1:
            return K_TRUMP + rank if s == trump else rank
        if s == lead and rank == magic_rank:
            return K_MAGIC
        if s == trump:
            return K_TRUMP + rank
        return rank if s == lead else 0
    t = TYPE[c]
    if t == T_WIZ:
        return 0 if (scroll and lead == trump and lead >= 0) else K_WIZ
    if t == T_EVEN:
        return K_EVEN if odd else -1
    return {T_JES: 0, T_ABOVE: K_ABOVE}.get(t, -1)       # VOIDS, an undeclared MERLIN: null


_shared: Callable[[tuple[int, ...]], list[int]] = functools.cache(list)   # one list a distinct row
#: KEYS[edition][scroll][trump + 1][lead][pos & 1][code]: every card's trick key (higher wins;
#: ties keep the earlier card), made by ``_key``; equal rows are one list (108 of the 360).
KEYS: list[list[list[list[list[list[int]]]]]] = [
    [[[[_shared(tuple(_key(c, odd, lead, tr, m, sc) for c in range(NCODES))) for odd in (0, 1)]
       for lead in (0, 1, 2, 3, -2, -1)] for tr in range(-1, 4)] for sc in (False, True)]
    for m in MAGIC_RANK]
#: NUMBER_KEYS[edition][scroll][trump + 1][lead]: number cards' keys (at any position: KEYS' [0]).
NUMBER_KEYS = [[[[row[0] for row in t] for t in sc] for sc in ed] for ed in KEYS]


def key_if_played(c: int, pos: int, lead: int, trump: int, edition: int, scroll: bool) -> int:
    """The trick key card ``c`` gets if played now, at index ``pos`` of a trick whose lead is
    ``lead``: a lookup in ``KEYS``."""
    return KEYS[edition][scroll][trump + 1][lead][pos & 1][c]


def trick_status(trick: Sequence[int], trump: int, edition: int,
                 scroll: bool) -> tuple[int, int, int]:
    """(lead as in ``lead_of``, index of the card winning so far, its key) of a trick in progress.

    The trick-winner rule in int form; (-1, -1, -2) for an empty trick. ``scroll``: the
    ancient-scroll rule applies (classic only; see ``trick_winner``).
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


#: TRICK_FLAGS[code]: what a card does to the trick it is in, beyond its key: TRICK_VOIDS (no one
#: takes the trick), TRICK_GRAIL (its winner gets the Grail's bonus if the bid is met).
TRICK_VOIDS, TRICK_GRAIL = 1, 2
TRICK_FLAGS: list[int] = [TRICK_VOIDS if TYPE[c] == T_VOID else TRICK_GRAIL if TYPE[c] == T_EVEN
                          else 0 for c in range(NCODES)]
VOID_ROUND_ONE: list[bool] = [r.scoring.void_round_one for r in EDITION_RULES]


def trick_flags(trick: Sequence[int]) -> int:
    """The ``TRICK_FLAGS`` of a trick's cards, or-ed."""
    return functools.reduce(operator.or_, map(TRICK_FLAGS.__getitem__, trick), 0)


def take_trick(tricks: list[int], winner: int, flags: int, round_: int,
               edition: int) -> tuple[bool, bool]:
    """Count a finished trick won by ``winner`` (``flags``: ``trick_flags`` of its cards): the
    winner takes it unless it is voided. Returns (the round is voided: a voided trick in round 1
    where the edition says so, the winner takes the Grail's bonus if the bid is met). With no
    flags the winner simply takes the trick, which the play-outs do themselves."""
    voids = flags & TRICK_VOIDS
    if not voids:
        tricks[winner] += 1
    return bool(voids) and round_ == 1 and VOID_ROUND_ONE[edition], bool(flags & TRICK_GRAIL)


def trick_winner(trick: Sequence[int], trump: int, edition: int,
                 scroll: bool = False) -> tuple[int, bool]:
    """(index of the winning card, whether a VOIDS card voided the trick) for a complete trick."""
    best = trick_status(trick, trump, edition, scroll and SCROLL[edition])[1]
    return best, bool(trick_flags(trick) & TRICK_VOIDS)


def round_points(bid: int, tricks: int, edition: int, round_: int, rounds: int,
                 grail_bonus: bool = False, voided: bool = False) -> int:
    """Points for one player's round (docs/RULES.md §6), from the edition's ``Scoring``: the
    simulator's one scoring rule (``points_tables`` caches it for the play-outs)."""
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


@functools.cache
def points_tables(edition: int, rounds: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``round_points`` of every bid and tricks taken in every round of a game,
    ``[round][bid][tricks]`` (no bonus won, the round not voided), for the play-outs."""
    return tuple(tuple(tuple(round_points(b, t, edition, r, rounds) for t in range(r + 1))
                       for b in range(r + 1)) for r in range(rounds + 1))


def forbidden_bid(round_: int, bids_before: list[int], rules: GameRules,
                  totals_order: list[int] | None) -> int:
    """The one bid forbidden to the next bidder under ``rules`` (a game's resolved rules), or -1
    (``totals_order``: bidder last)."""
    if len(bids_before) != rules.players - 1 or not rules.sum_rules:
        return -1
    target = round_ - sum(bids_before)
    if target < 0:
        return -1
    if rules.no_equal_sum:
        return target
    if rules.canadian and round_ == rules.rounds and totals_order is not None:
        mine = totals_order[-1]
        if all(t < mine for t in totals_order[:-1]):
            return target
    rule = BID_SUM[EDITIONS[rules.edition]]
    if rule is not None and round_ > rule[0] and not (rule[1] and target == 0):
        return target
    return -1


TRIES = (0,) * 8
SUITBIT: list[int] = [1 << (8 * SUIT[c]) if c < 52 else 0 for c in range(NCODES)]


def random_game(rng: random.Random, rules: GameRules, *, first_dealer: int = 0,
                log: list[dict[str, Any]] | None = None) -> list[int]:
    """Play a whole game under ``rules`` (a game's resolved rules: ``GameConfig.game_rules``)
    with random legal moves (and bids, and trump choices); return the totals.

    Random draws are 16-bit values taken modulo the range (bias below 0.1 %). With ``log`` a
    list, one dict per round is appended (deal, bids, plays, trick winners, points). The rules
    are the ones above, bound to locals (``FOLLOWS``, ``KEYS``, ``take_trick``...).
    """
    n = rules.players
    rounds = rules.rounds
    edition = EDITIONS[rules.edition]
    deck = DECKS[edition]
    size_deck = len(deck)
    mods = range(size_deck, 0, -1)
    seat_orders = [[(p + i) % n for i in range(n)] for p in range(n)]
    sum_rule = rules.sum_rules
    scroll = rules.scroll
    suit_of = SUIT
    lead_set = LEAD_SET
    follows_by_lead = FOLLOWS
    follow_any = FOLLOWS[-1]
    number_keys = NUMBER_KEYS[edition][scroll]
    played_as = PLAYED_AS
    flags_of = TRICK_FLAGS
    suitbit = SUITBIT
    chooses = CHOOSES_TRUMP[edition]
    totals = [0] * n
    ptabs = points_tables(edition, rounds)
    for r in range(1, rounds + 1):
        dealer = (first_dealer + r - 1) % n
        k = n * r + 1 if n * r < size_deck else n * r
        # Enough draws for the deal, the bids and up to 8 tries per card.
        rb = memoryview(rng.randbytes(2 * (k + 3 * n + 9 * n * r + 2))).cast("H")
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
            bad = forbidden_bid(r, made[:-1], rules, [totals[(dealer + 1 + x) % n] for x in range(n)])
            if made[-1] == bad:
                made[-1] = (bad + 1 + rb[q] % r) % r1
                q += 1
        first = (dealer + 1) % n
        bids = made[n - first:] + made[:n - first]
        if rec is not None:
            rec["bids"] = made[:]
        # Suit counts of each hand packed 8 bits per suit in one int.
        cnt = [sum(map(suitbit.__getitem__, h)) for h in hands]
        tricks = [0] * n
        leader = (dealer + 1) % n
        grail_winner = -1
        voided_round = False
        plays: list[int] = rec["plays"] if rec is not None else []
        logging = rec is not None
        keys = KEYS[edition][scroll][trump + 1]   # [lead][pos & 1]
        ntab = number_keys[trump + 1]            # [lead]: number cards' keys, any position
        open_tab = ntab[-1]
        for t in range(r):
            size = r - t
            lead = -1
            bestkey = -2
            best = leader
            flags = 0
            tab = open_tab
            follows = follow_any
            lsh = 0
            for p in seat_orders[leader]:
                h = hands[p]
                if scroll:
                    legal = legal_plays(h, lead, trump, True)
                    c = legal[rb[q] % len(legal)]
                    j = h.index(IN_HAND[c])
                else:
                    j = rb[q] % size
                    c = h[j]
                    if not follows[c] and cnt[p] >> lsh & 255:
                        # A card the rule forbids while the hand holds the lead suit: draw again,
                        # then from the legal plays.
                        for _ in TRIES:
                            q += 1
                            j = rb[q] % size
                            c = h[j]
                            if follows[c]:
                                break
                        else:
                            q += 1
                            legal = legal_plays(h, lead, trump)
                            c = legal[rb[q] % len(legal)]
                            j = h.index(IN_HAND[c])
                q += 1
                del h[j]
                if c < 52:
                    cnt[p] -= suitbit[c]
                    key = tab[c]
                    if lead == -1:
                        lead = suit_of[c]
                        lsh = lead << 3
                        tab = ntab[lead]
                        follows = follows_by_lead[lead]
                else:
                    forms = played_as[c]
                    if len(forms) > 1:           # declared as it is played: a Wizard or a Jester
                        c = forms[rb[q] & 1]
                        q += 1
                    key = keys[lead][(p - leader) % n & 1][c]
                    flags |= flags_of[c]
                    if lead == -1:
                        lead = lead_set[c]
                        tab = ntab[lead]
                        follows = follows_by_lead[lead]
                if logging:
                    plays.append(c)
                if key > bestkey:
                    bestkey = key
                    best = p
            if flags:
                voids, grail = take_trick(tricks, best, flags, r, edition)
                voided_round = voided_round or voids
                if grail:
                    grail_winner = best
            else:
                tricks[best] += 1
            if rec is not None:
                rec["winners"].append(best)
                rec["voids"].append(bool(flags & TRICK_VOIDS))
            leader = best
        if voided_round or grail_winner >= 0:
            pts = [round_points(bids[s], tricks[s], edition, r, rounds, grail_winner == s,
                                voided_round) for s in range(n)]
        else:
            ptab = ptabs[r]
            pts = [ptab[b][t] for b, t in zip(bids, tricks, strict=True)]
        for s in range(n):
            totals[s] += pts[s]
        if rec is not None:
            rec["points"] = pts
    return totals


def bench_fast(seconds: float, rng: random.Random) -> float:
    """Full random 4-player classic games per second on this core (CPU time)."""
    rules = resolve(4, Edition.CLASSIC, Options())
    games = 0
    t0 = time.process_time()
    end = t0 + seconds
    while True:
        for _ in range(10):
            random_game(rng, rules)
        games += 10
        now = time.process_time()
        if now >= end:
            return games / (now - t0)
