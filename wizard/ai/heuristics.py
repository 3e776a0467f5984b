"""Hand evaluation and card-play rules on int cards, shared by Normal and by simulated play-outs."""

from __future__ import annotations

from collections.abc import Sequence

from . import simulator as F

SUIT = F.SUIT
RANK = F.RANK
TYPE = F.TYPE

# How much more often high off-suit cards survive with few players (index: players).
_PLAYER_FACTOR = {3: 1.2, 4: 1.0, 5: 0.85, 6: 0.72}
# Extra tricks per card dealt, by players: with three players tricks hold only three cards and
# middle cards win often; measured, the per-card sum fell short by about 0.17 tricks per card
# dealt (4 to 6 players: short by about 0.1, not recalibrated yet).
CALIBRATION = {3: 0.15, 4: 0.0, 5: 0.0, 6: 0.0}


def power(c: int, trump: int) -> int:
    """Static strength of a card for ordering (dump the lowest, lead the highest)."""
    s = SUIT[c]
    if s >= 0:
        return F.K_TRUMP + RANK[c] if s == trump else RANK[c]
    t = TYPE[c]
    if t == F.T_WIZ or t == F.T_DECLARE:
        return F.K_WIZ
    if t == F.T_ABOVE:
        return F.K_ABOVE
    if t == F.T_EVEN:
        return 40
    if t == F.T_VOID:
        return -1
    return 0  # Jester


def card_value(c: int, hand: Sequence[int], trump: int, n: int, r: int, edition: int) -> float:
    """Estimated chance that card ``c`` of ``hand`` takes a trick (for bidding)."""
    s = SUIT[c]
    pf = _PLAYER_FACTOR.get(n, 1.0)
    if s < 0:
        t = TYPE[c]
        if t == F.T_WIZ:
            return 0.88 if F.ABOVE_WIZARDS[edition] else 0.93
        if t == F.T_DECLARE:
            return 0.85
        if t == F.T_ABOVE:
            return 0.95
        if t == F.T_EVEN:
            return 0.45
        return 0.0
    rank = RANK[c]
    if rank == F.MAGIC_RANK[edition]:
        return 0.35
    if s == trump:
        length = sum(1 for x in hand if SUIT[x] == trump)
        base = float(((rank - 1) / 12.0) ** 1.6)
        bonus = 0.12 * max(0, length - 2)
        v = 0.12 + 0.85 * base + bonus
        return min(0.97, v * (1.1 if n == 3 else 1.0))
    # off-suit: high cards only; more cards dealt -> more trumping and voids
    same = sum(1 for x in hand if SUIT[x] == s)
    if trump < 0:
        v = float(max(0.0, (rank - 8) / 5.0) ** 1.3 * 0.85)
    else:
        v = float(max(0.0, (rank - 9) / 4.0) ** 1.5 * 0.72)
    v *= pf
    if r >= 8:
        v *= 0.85
    if same >= 4:
        v *= 0.7
    return min(0.95, v)


_EST_TABLES: dict[tuple[int, int, bool, int], list[float]] = {}


def _est_table(trump: int, n: int, big: bool, edition: int) -> list[float]:
    """Per-card parts of ``card_value`` that do not depend on the rest of the hand."""
    key = (trump, n, big, edition)
    tab = _EST_TABLES.get(key)
    if tab is None:
        pf = _PLAYER_FACTOR.get(n, 1.0)
        magic = F.MAGIC_RANK[edition]
        tab = []
        for c in range(F.NCODES):
            s = SUIT[c]
            if s < 0 or RANK[c] == magic:
                tab.append(card_value(c, [], trump, n, 8 if big else 1, edition))
            elif s == trump:
                tab.append(0.12 + 0.85 * ((RANK[c] - 1) / 12.0) ** 1.6)
            else:
                if trump < 0:
                    v = max(0.0, (RANK[c] - 8) / 5.0) ** 1.3 * 0.85
                else:
                    v = max(0.0, (RANK[c] - 9) / 4.0) ** 1.5 * 0.72
                v *= pf
                if big:
                    v *= 0.85
                tab.append(v)
        _EST_TABLES[key] = tab
    return tab


def estimate_tricks(hand: Sequence[int], trump: int, n: int, r: int, edition: int) -> float:
    """Expected tricks of a hand: the sum of ``card_value`` over its cards (table-driven), plus the
    player-count calibration."""
    tab = _est_table(trump, n, r >= 8, edition)
    counts = [0, 0, 0, 0]
    for c in hand:
        if c < 52:
            counts[SUIT[c]] += 1
    bonus = 0.12 * max(0, counts[trump] - 2) if trump >= 0 else 0.0
    mult = 1.1 if n == 3 else 1.0
    magic = F.MAGIC_RANK[edition]
    total = 0.0
    for c in hand:
        s = SUIT[c]
        if s < 0 or RANK[c] == magic:
            total += tab[c]
        elif s == trump:
            total += min(0.97, (tab[c] + bonus) * mult)
        else:
            v = tab[c]
            if counts[s] >= 4:
                v *= 0.7
            total += min(0.95, v)
    return total + CALIBRATION.get(n, 0.0) * r


def nearest_bid(target: float, legal: Sequence[int]) -> int:
    """The legal bid closest to ``target`` (ties: the lower)."""
    return min(legal, key=lambda b: (abs(b - target), b))


def choose_trump(hand: Sequence[int]) -> int:
    """The suit index where the hand is strongest (count and ranks)."""
    best, best_v = 0, -1.0
    for s in range(4):
        v = sum(1.0 + RANK[c] / 8.0 for c in hand if SUIT[c] == s)
        if v > best_v:
            best, best_v = s, v
    return best


def choose_trump_seeing(others: Sequence[Sequence[int]]) -> int:
    """Trump choice without seeing one's own hand: the suit the others hold least of."""
    best, best_v = 0, 1e9
    for s in range(4):
        v = sum(1.0 + RANK[c] / 8.0 for h in others for c in h if SUIT[c] == s)
        if v < best_v:
            best, best_v = s, v
    return best


def choose_card(legal: Sequence[int], trick: Sequence[int], n: int, need: int, left: int,
                trump: int, edition: int, scroll: bool,
                hold: dict[int, float] | None = None) -> int:
    """The rule-based card: win cheaply while short of the bid, duck and dump otherwise.

    ``need``: tricks still wanted (<= 0: none), ``left``: tricks left in the round including this one,
    ``hold``: optional chance, by key, that a winning card stays the winner (Normal's card counting).
    """
    pos = len(trick)
    lead, _, bestkey = F.trick_status(trick, trump, edition, scroll)
    keys = {c: F.key_if_played(c, pos, lead, trump, edition, scroll) for c in legal}
    last = pos == n - 1
    if need > 0:
        if pos == 0:
            strongest = max(legal, key=lambda c: (keys[c], -c))
            k = keys[strongest]
            sure = (hold[k] if hold is not None and k in hold else
                    (1.0 if k >= F.K_WIZ else 0.7 if k >= F.K_TRUMP + 10 else 0.2))
            if need >= left or sure >= 0.5:
                return strongest
            return _low_lead(legal, trump)
        winners = [c for c in legal if keys[c] > bestkey]
        if winners:
            winners.sort(key=lambda c: (keys[c], power(c, trump)))
            if last:
                return winners[0]
            if need >= left:
                return winners[-1]
            for c in winners:
                k = keys[c]
                p = (hold.get(k, 0.5) if hold is not None else
                     (0.95 if k >= F.K_WIZ else 0.6 if k >= F.K_TRUMP + 9 else 0.35 + 0.04 * (k % 20)))
                if p >= 0.5:
                    return c
            return winners[-1] if need * 2 >= left else winners[0]
        return min(legal, key=lambda c: (power(c, trump) if TYPE[c] != F.T_JES else 15, c))
    # Enough tricks: duck.
    if pos == 0:
        return min(legal, key=lambda c: (keys[c] if TYPE[c] != F.T_VOID else -5, power(c, trump), c))
    ducks = [c for c in legal if keys[c] <= bestkey]
    if ducks:
        return max(ducks, key=lambda c: (power(c, trump) if TYPE[c] not in (F.T_JES, F.T_VOID) else -9, -c))
    if last:
        return max(legal, key=lambda c: (power(c, trump), -c))
    return min(legal, key=lambda c: (keys[c], c))


def _low_lead(legal: Sequence[int], trump: int) -> int:
    """A low lead that keeps strength: lowest non-trump number of the shortest suit."""
    counts = [0, 0, 0, 0]
    for c in legal:
        if SUIT[c] >= 0:
            counts[SUIT[c]] += 1
    plain = [c for c in legal if SUIT[c] >= 0 and SUIT[c] != trump]
    if plain:
        return min(plain, key=lambda c: (counts[SUIT[c]], RANK[c], c))
    return min(legal, key=lambda c: (power(c, trump), c))
