"""The review in plain words: what the person did, what Expert does instead, what it cost.

A seat is spoken to as "you" when it is the one person of a solo game with the default name
(``messages.you_seat``), else by name. Points are whole, with their unit.
"""

from __future__ import annotations

from wizard import messages
from wizard.ai.coach import CHECKED_BIDS
from wizard.ai.model_error import FAR
from wizard.i18n import _, ngettext
from wizard.review.decisions import BID, Decision


def points(x: float) -> str:
    """Expected points, signed: "+31 points", "-10 points", "0 points"."""
    return messages.signed_points_text(round(x))


def cost_text(cost: float) -> str:
    """"costs 23 points"."""
    n = round(cost)
    return ngettext("costs {n} point", "costs {n} points", n).format(n=n)


def _played(d: Decision, name: str | None, look: str) -> str:
    card = messages.card_name(str(d.chosen), look)
    if name is None:
        return _("you played {card}").format(card=card)
    return _("{name} played {card}").format(name=name, card=card)


def _bid(d: Decision, name: str | None) -> str:
    if name is None:
        return _("you bid {n}").format(n=d.chosen)
    return _("{name} bid {n}").format(name=name, n=d.chosen)


def where(d: Decision) -> str:
    """"Round 7 · trick 3" or "Round 7 · bid"."""
    if d.kind == BID:
        return _("Round {round} · bid").format(round=d.round)
    return _("Round {round} · trick {trick}").format(round=d.round, trick=d.trick)


def finding_line(d: Decision, name: str | None, look: str, with_round: bool = True) -> str:
    """"Round 7 · trick 3: you played a Wizard; Expert plays the 4 of hearts — costs 23 points on
    average." (``name`` None: the person is "you")."""
    if d.kind == BID:
        what = _("{you_bid}; Expert bids {n}").format(you_bid=_bid(d, name), n=d.best)
    else:
        what = _("{you_played}; Expert plays {card}").format(
            you_played=_played(d, name, look), card=messages.card_name(str(d.best), look))
    if d.kind == BID and not d.priced:
        line = ngettext("{what} — more than {far} trick apart: no points shown at tables like "
                        "this.",
                        "{what} — more than {far} tricks apart: no points shown at tables like "
                        "this.", FAR).format(what=what, far=FAR)
    else:
        line = _("{what} — {cost} on average.").format(what=what, cost=cost_text(d.cost))
    if with_round:
        return _("{where}: {line}").format(where=where(d), line=line)
    trick = _("Trick {trick}").format(trick=d.trick) if d.kind != BID else _("Bid")
    return _("{where}: {line}").format(where=trick, line=line)


def happened_line(bid: int, won: int, scored: int, name: str | None) -> str:
    """What happened in the round: "You bid 1 and made it: +30 points." """
    pts = messages.signed_points_text(scored)
    if won == bid:
        if name is None:
            return _("You bid {n} and made it: {points}.").format(n=bid, points=pts)
        return _("{name} bid {n} and made it: {points}.").format(name=name, n=bid, points=pts)
    if name is None:
        return _("You bid {n} and won {tricks}: {points}.").format(
            n=bid, tricks=messages.tricks_text(won), points=pts)
    return _("{name} bid {n} and won {tricks}: {points}.").format(
        name=name, n=bid, tricks=messages.tricks_text(won), points=pts)


def bid_line(d: Decision, name: str | None, threshold: float) -> str:
    """What was expected of the bid against Expert's, on average over the sampled deals (kept
    apart from what happened): the loss when it is real and reaches the threshold."""
    if d.chosen == d.best:
        return _("Expert bids {n} too: expected {points} on average.").format(
            n=d.best, points=points(d.best_points))
    if not d.priced:
        return ngettext(   # the coach's points that far off were measured too far from play
            "Expert bids {n} (expected {its}); more than {far} trick away, no points are shown at "
            "tables like this.",
            "Expert bids {n} (expected {its}); more than {far} tricks away, no points are shown at "
            "tables like this.",
            FAR).format(n=d.best, its=points(d.best_points), far=FAR)
    if d.costly(threshold):
        return _("On average this bid loses {cost} against {n}: expected {yours} against {its}."
                 ).format(cost=messages.points_text(round(d.cost)), n=d.best,
                          yours=points(d.chosen_points), its=points(d.best_points))
    if not d.significant:
        return _("Expert bids {n} (expected {its}; this bid {yours}): too close to call."
                 ).format(n=d.best, its=points(d.best_points), yours=points(d.chosen_points))
    return _("Expert bids {n} (expected {its}; this bid {yours}): less than {threshold} points "
             "apart.").format(n=d.best, its=points(d.best_points), yours=points(d.chosen_points),
                              threshold=round(threshold))


def exact_line(d: Decision) -> str:
    """How often the bid is made when playing for it, and Expert's (never "0 %")."""
    if d.chosen_exact is None and d.best_exact is not None and d.chosen != d.best:
        return messages.unchecked_chance(CHECKED_BIDS)   # far from Expert's bid: no chance claimed
    if d.chosen_exact is None or d.best_exact is None:
        return ""
    mine = messages.chance_text(d.chosen_exact)
    its = messages.chance_text(d.best_exact)
    if d.chosen == d.best:
        return _("Playing for {tricks}, the bid is made in about {pct} of deals.").format(
            tricks=messages.tricks_text(int(d.chosen)), pct=mine)
    return _("Playing for {mine_tricks}, the bid is made in about {mine} of deals; playing for "
             "{its_tricks}, in about {its}.").format(
        mine_tricks=messages.tricks_text(int(d.chosen)), mine=mine,
        its_tricks=messages.tricks_text(int(d.best)), its=its)


def alternative_line(d: Decision, name: str | None, look: str) -> str:
    """For the replay at that moment: Expert's choice here, and the person's, with both values."""
    if d.kind == BID and not d.priced:
        return ngettext("Expert bids {n} here (expected {its}); {you_bid}, more than {far} trick "
                        "from it: no points shown at tables like this.",
                        "Expert bids {n} here (expected {its}); {you_bid}, more than {far} tricks "
                        "from it: no points shown at tables like this.",
                        FAR).format(n=d.best, its=points(d.best_points), you_bid=_bid(d, name),
                                    far=FAR)
    if d.kind == BID:
        return _("Expert bids {n} here (expected {its}); {you_bid} (expected {yours}) — {cost} "
                 "on average.").format(n=d.best, its=points(d.best_points), you_bid=_bid(d, name),
                                       yours=points(d.chosen_points), cost=cost_text(d.cost))
    return _("Expert plays {card} here (expected {its}); {you_played} (expected {yours}) — "
             "{cost} on average.").format(card=messages.card_name(str(d.best), look),
                                          its=points(d.best_points),
                                          you_played=_played(d, name, look),
                                          yours=points(d.chosen_points), cost=cost_text(d.cost))


def lost_line(total: float) -> str:
    """"Points lost to decisions: 212"."""
    n = round(total)
    return ngettext("{n} point lost to decisions", "{n} points lost to decisions", n).format(n=n)


def split_line(bids: float, cards: float) -> str:
    """Where the points went: "Bids: 380 points · cards: 107 points"."""
    return _("Bids: {bids} · cards: {cards}").format(
        bids=messages.points_text(round(bids)), cards=messages.points_text(round(cards)))


def progress_line(done: int, total: int) -> str:
    """"Reviewing decision 34 of 107…"."""
    if total == 0:
        return _("Replaying the game…")
    return _("Reviewing decision {done} of {total}…").format(done=min(done + 1, total), total=total)
