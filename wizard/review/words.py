"""The review in plain words: what the person did, what Expert does instead, what it cost.

A seat is spoken to as "you" when it is the one person of a solo game with the default name
(``messages.you_seat``), else by name. Points are whole, with their unit.
"""

from __future__ import annotations

from wizard import messages
from wizard.i18n import _, ngettext
from wizard.persistence.review import BID, Decision


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
    """"Round 7 · trick 3: you played a Wizard; Expert plays the 4 of hearts — costs 23 points."
    (``name`` None: the person is "you")."""
    if d.kind == BID:
        what = _("{you_bid}; Expert bids {n}").format(you_bid=_bid(d, name), n=d.best)
    else:
        what = _("{you_played}; Expert plays {card}").format(
            you_played=_played(d, name, look), card=messages.card_name(str(d.best), look))
    line = _("{what} — {cost}.").format(what=what, cost=cost_text(d.cost))
    if with_round:
        return _("{where}: {line}").format(where=where(d), line=line)
    trick = _("Trick {trick}").format(trick=d.trick) if d.kind != BID else _("Bid")
    return _("{where}: {line}").format(where=trick, line=line)


def bid_line(d: Decision, name: str | None, threshold: float) -> str:
    """The round's bid against Expert's, with the expected points of both (and the cost when it
    reaches the threshold)."""
    if d.chosen == d.best:
        if name is None:
            return _("You bid {n}, as Expert does: expected {points}.").format(
                n=d.chosen, points=points(d.chosen_points))
        return _("{name} bid {n}, as Expert does: expected {points}.").format(
            name=name, n=d.chosen, points=points(d.chosen_points))
    mine = messages.capitalised(_bid(d, name))
    line = _("{you_bid} (expected {yours}); Expert bids {n} (expected {its})").format(
        you_bid=mine, yours=points(d.chosen_points), n=d.best, its=points(d.best_points))
    if d.cost >= threshold:
        return _("{what} — {cost}.").format(what=line, cost=cost_text(d.cost))
    return line + "."


def exact_line(d: Decision) -> str:
    """The chance of taking exactly the bid, for the person's bid and Expert's."""
    if d.chosen_exact is None or d.best_exact is None:
        return ""
    mine = _("{pct} %").format(pct=round(d.chosen_exact * 100))
    its = _("{pct} %").format(pct=round(d.best_exact * 100))
    if d.chosen == d.best:
        return _("Taking exactly {tricks}: {pct} of deals.").format(
            tricks=messages.tricks_text(int(d.chosen)), pct=mine)
    return _("Taking exactly {mine_tricks}: {mine}; exactly {its_tricks}: {its}.").format(
        mine_tricks=messages.tricks_text(int(d.chosen)), mine=mine,
        its_tricks=messages.tricks_text(int(d.best)), its=its)


def alternative_line(d: Decision, name: str | None, look: str) -> str:
    """For the replay at that moment: Expert's choice here, and the person's, with both values."""
    if d.kind == BID:
        return _("Expert bids {n} here (expected {its}); {you_bid} (expected {yours}) — {cost}."
                 ).format(n=d.best, its=points(d.best_points), you_bid=_bid(d, name),
                          yours=points(d.chosen_points), cost=cost_text(d.cost))
    return _("Expert plays {card} here (expected {its}); {you_played} (expected {yours}) — "
             "{cost}.").format(card=messages.card_name(str(d.best), look),
                               its=points(d.best_points), you_played=_played(d, name, look),
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
