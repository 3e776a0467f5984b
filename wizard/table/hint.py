"""The hint: what Expert would do in the person's place, and the numbers behind it, in plain words.

The coach (``wizard.ai.coach``: Expert valuing every choice in round points, sampling until each
number is within its stated precision) works on the table's worker thread from the asking seat's
view only, with that seat's decision rng, so the same moment always gives the same hint. Its notes
become a ``HintReady``: the choice to highlight and a few rows, best first: for a bid, the chance of
making it when playing for it and the expected points; for a card, its expected points; and a note
saying how precise the numbers are. The hint is shown to the person who asked, on that turn only,
and never plays for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from wizard import messages
from wizard.ai.coach import CLAIM_CHANCE, CLAIM_POINTS, Coach
from wizard.ai.model_error import FAR, MODEL_ERROR
from wizard.ai.seats import who_sits
from wizard.ai.simulator import decode
from wizard.engine import Action, Bid, Card, ChooseTrump, Play, PlayerView
from wizard.engine.cards import Kind
from wizard.engine.edition import Power
from wizard.i18n import N_, _, ngettext

from .clock import Clock
from .computer import rng_for
from .facts import Facts
from .intents import Accepted, HintReady, HintRow, Ignored, Outcome
from .port import GamePort
from .runner import Job, Runner

BID_ROWS = 4     # bids weighed, shown at most (Expert's first)
CARD_ROWS = 3    # cards weighed, shown at most (Expert's first)

Advice = tuple[Action, dict[str, Any]]     # a decision and the notes behind it


class Advisor(Protocol):
    """Anything with Expert's ``suggest(view, rng) -> (action, notes)``."""

    def suggest(self, view: PlayerView, rng: random.Random) -> Advice:
        """A decision for ``view`` and its estimates."""
        ...


def expert_advisor() -> Advisor:
    """The coach: Expert valuing every choice in round points, sampled until precise."""
    return Coach()


def advice_job(game: GamePort, seat: int, advisor: Advisor) -> Callable[[], Advice]:
    """A function computing ``advisor``'s advice for ``seat`` now; it reads only the seat's view
    and its decision rng (taken now), never the live game, so it is safe in a thread."""
    view = game.view(seat)
    if seat != view.current_player:
        raise RuntimeError(f"seat {seat} is not to act")
    rng = rng_for(game, seat)
    if getattr(advisor, "table", False) is None:     # the coach: who sits at this table (#37)
        advisor.table = who_sits(game.seats)  # type: ignore[attr-defined]
    return lambda: advisor.suggest(view, rng)


# ---- words --------------------------------------------------------------------------------------

def headline(action: Action, look: str, seated: bool = False) -> str:
    """What the computer would do, as a sentence; a bid, when the coach modelled who sits at
    the table (``seated``), as the best bid at this table (#37)."""
    if isinstance(action, Bid):
        if seated:
            return _("Best bid at this table: {n}.").format(n=action.n)
        return _("Expert would bid {n}.").format(n=action.n)
    if isinstance(action, Play):
        return _("Expert would play {card}.").format(card=messages.card_name(action.card, look))
    assert isinstance(action, ChooseTrump)
    return _("Expert would choose {suit}.").format(suit=messages.suit_name(action.suit, look))


def _signed(points: float) -> tuple[str, int]:
    """Points rounded to a whole number, signed ("+31", "-10", "0"), and their size for plurals."""
    n = round(points)
    return (f"{n:+d}" if n else "0"), abs(n)


percent_shown = messages.percent_shown


def chance_text(p: float, half: float | None = None) -> str:
    """"46 %", or "46 % ±7" when the sampling did not reach the stated precision."""
    pct = _("{pct} %").format(pct=percent_shown(p))
    if half is not None and half > CLAIM_CHANCE + 1e-9:
        return _("{value} ±{half}").format(value=pct, half=round(half * 100))
    return pct


def points_text(points: float, half: float | None = None) -> tuple[str, int]:
    """Signed whole points ("+31"), with "±5" when not within the stated precision."""
    signed, size = _signed(points)
    if half is not None and half > CLAIM_POINTS + 1e-9:
        return _("{value} ±{half}").format(value=signed, half=round(half)), size
    return signed, size


def bid_line(n: int, exact: float | None, points: float, exact_half: float | None = None,
             points_half: float | None = None) -> str:
    """One plan: "Bid 2, play for 2 tricks: you make it in 46 % of deals, +31 points on average." """
    signed, size = points_text(points, points_half)
    if exact is None:
        return ngettext("Bid {bid}: {points} point on average (less sure: far from Expert's bid).",
                        "Bid {bid}: {points} points on average (less sure: far from Expert's bid).",
                        size).format(bid=n, points=signed)
    return ngettext(
        "Bid {bid}, play for {tricks}: you make it in {percent} of deals, {points} point on "
        "average.",
        "Bid {bid}, play for {tricks}: you make it in {percent} of deals, {points} points on "
        "average.",
        size).format(bid=n, tricks=messages.tricks_text(n), percent=chance_text(exact, exact_half),
                     points=signed)


def hidden_bid_line(n: int, far: int, error: float | None) -> str:
    """A far bid whose points are not shown (#37), and why: the hint's points for bids that far
    from its best were measured too far from play at tables like this one, or not measured."""
    if error is None:
        return ngettext(
            "Bid {bid}: no points shown. It is more than {n} trick from the best bid, and the "
            "hint's points that far off were not measured at tables like this.",
            "Bid {bid}: no points shown. It is more than {n} tricks from the best bid, and the "
            "hint's points that far off were not measured at tables like this.",
            far).format(bid=n, n=far)
    return ngettext(
        "Bid {bid}: no points shown. It is more than {n} trick from the best bid, where the "
        "hint's points were {error} off play on average at tables like this.",
        "Bid {bid}: no points shown. It is more than {n} tricks from the best bid, where the "
        "hint's points were {error} off play on average at tables like this.",
        far).format(bid=n, n=far, error=messages.points_text(round(error)))


def why_ringed(rows: tuple[HintRow, ...], look: str) -> str:
    """Why Expert's choice is the one ringed: the most points on average, and by how much over
    the next choice whose points are shown ("" with fewer than two such rows)."""
    best = next((r for r in rows if r.best), None)
    others = [r for r in rows if not r.best and r.shown]
    if best is None or not others:
        return ""
    runner = max(others, key=lambda r: r.points)
    gap = round(best.points - runner.points)
    if gap <= 0:
        return _("Ringed: as many points on average as the next choice.")
    if isinstance(runner.action, Bid):
        return ngettext("Ringed: the most points on average, {gap} point more than bidding {n}.",
                        "Ringed: the most points on average, {gap} points more than bidding {n}.",
                        gap).format(gap=gap, n=runner.action.n)
    assert isinstance(runner.action, Play)
    return ngettext("Ringed: the most points on average, {gap} point more than {card}.",
                    "Ringed: the most points on average, {gap} points more than {card}.",
                    gap).format(gap=gap, card=messages.card_name(runner.action.card, look))


def plans_note(view: PlayerView) -> str:
    """What a bid hint's lines are, in plain words: separate plans (their chances do not add up),
    and how the points on average are made up."""
    parts = []
    if view.round == 1:
        parts.append(_("With one card there is no plan to choose: the chances of the two bids "
                       "would add up to 100 %, but each is estimated from its own sample of "
                       "deals, so they can miss it by a few points."))
        if Power.VOIDS in view.config.rules.powers.values():     # Excalibur (Camelot)
            parts.append(_("In Camelot, Excalibur voids round 1: then neither bid is made."))
    else:
        parts.append(_("Each line is a different plan, so the chances do not add up to 100 %."))
    parts.append(_("Points on average: what a made bid scores, weighed by its chance, plus what "
                   "a miss costs (−10 for each trick over or under), weighed by the rest."))
    return " ".join(parts)


CARD_NOTE = N_("Points on average for the whole round, tricks already won or lost included: they "
               "change as tricks are won or lost and cards are seen.")
TIED = N_("Any card: all lead to the same expected points.")


def card_line(action: Play, points: float, look: str, half: float | None = None) -> str:
    """"The 7 of elves: +12 points on average." """
    signed, size = points_text(points, half)
    return ngettext("{card}: {points} point on average.", "{card}: {points} points on average.",
                    size).format(card=messages.card_title(action.card, look), points=signed)


def precision_note(notes: dict[str, Any]) -> str:
    """How far the numbers can be trusted: the deals sampled and the 95 % precision."""
    worlds = int(notes.get("worlds", 0))
    if not worlds or ("ev" not in notes and "values" not in notes):
        return ""
    sure = _("{pct} %").format(pct=95)
    if "ev" in notes:
        chance = _("{pct} %").format(pct=round(CLAIM_CHANCE * 100))
        model = MODEL_ERROR.get(str(notes.get("table")))
        if model is not None:         # the model's own error, measured at tables like this (#37)
            return ngettext(
                "From {worlds} sampled deal: chances within ±{chance} of the model, points within "
                "±{points} ({sure} sure); at tables like this the model is within ±{model} of "
                "play on average (points ±{model_points}).",
                "From {worlds} sampled deals: chances within ±{chance} of the model, points within "
                "±{points} ({sure} sure); at tables like this the model is within ±{model} of "
                "play on average (points ±{model_points}).", worlds).format(
                    worlds=worlds, chance=chance, points=round(CLAIM_POINTS), sure=sure,
                    model=_("{pct} %").format(pct=round(model[0] * 100)),
                    model_points=round(model[1]))
        if notes.get("seated"):       # told the table, but no truths measured at its kind (#37)
            return ngettext(
                "From {worlds} sampled deal: chances within ±{chance} of the model, points within "
                "±{points} ({sure} sure); the model's own error was not measured at tables like "
                "this.",
                "From {worlds} sampled deals: chances within ±{chance} of the model, points within "
                "±{points} ({sure} sure); the model's own error was not measured at tables like "
                "this.", worlds).format(worlds=worlds, chance=chance, points=round(CLAIM_POINTS),
                                        sure=sure)
        return ngettext(
            "From {worlds} sampled deal: chances within ±{chance}, points within ±{points} "
            "({sure} sure).",
            "From {worlds} sampled deals: chances within ±{chance}, points within ±{points} "
            "({sure} sure).", worlds).format(worlds=worlds, chance=chance,
                                            points=round(CLAIM_POINTS), sure=sure)
    return ngettext(
        "From {worlds} sampled deal: points within ±{points} ({sure} sure).",
        "From {worlds} sampled deals: points within ±{points} ({sure} sure).",
        worlds).format(worlds=worlds, points=round(CLAIM_POINTS), sure=sure)


# ---- what changed since the last hint (#35) ------------------------------------------------------

NOTABLE_SHOWN = 3     # cards named in the change line at most (the rest are counted)


@dataclass(frozen=True, slots=True)
class HintMark:
    """What a seat was told at its last hint of a round and what it knew then: the next hint of
    the round says what changed when its value moved (``change_line``)."""

    round: int
    points: float                          # Expert's choice's points on average (a card hint)
    bids: tuple[tuple[int, float], ...]    # (bid, points) of a bid hint's rows; () for a card hint
    won: int                               # tricks the seat had won
    done: int                              # tricks finished
    plays: tuple[tuple[int, Card], ...]    # the cards played so far this round, (seat, card)


def plays_of(view: PlayerView) -> tuple[tuple[int, Card], ...]:
    """Every card played so far in ``view``'s round, in order, as (seat, card)."""
    return tuple(p for t in view.tricks_played for p in t.cards) + tuple(view.trick)


def mark_of(hint: HintReady, view: PlayerView) -> HintMark | None:
    """The mark a hint leaves (None for a hint without numbers: a forced move, a trump choice)."""
    best = next((r for r in hint.rows if r.best), None)
    if best is None:
        return None
    bids = tuple((r.action.n, r.points) for r in hint.rows if isinstance(r.action, Bid) and r.shown)
    return HintMark(view.round, best.points, bids, view.tricks[view.seat],
                    len(view.tricks_played), plays_of(view))


def _notable(card: Card, trump: str | None) -> tuple[int, int] | None:
    """How much a card seen matters to a plan, for naming it (None: only counted): Wizards and
    the edition's powers first, then trumps by rank; Jesters and plain cards are only counted."""
    if card.kind is Kind.NUMBER:
        return (1, card.rank) if trump is not None and card.suit == trump else None
    return None if card.jesterly else (2, 0)


def change_line(before: HintMark | None, rows: Sequence[HintRow], view: PlayerView,
                names: Sequence[str], look: str) -> str:
    """Why a card hint's value moved since the seat's last hint of this round, from what really
    changed: "Down 7 points since your last hint: others won 1 trick; 3 more cards were played,
    among them: a Wizard (Ada)." Empty on the round's first hint, when the value moved by no more
    than the numbers' stated precision, or after a take-back (what was known then is gone)."""
    best = next((r for r in rows if r.best), None)
    if before is None or best is None or not isinstance(best.action, Play) \
            or before.round != view.round:
        return ""
    plays = plays_of(view)
    if plays[:len(before.plays)] != before.plays \
            or (not before.bids and len(plays) == len(before.plays)):
        return ""                       # a take-back, or nothing happened since
    reasons = []
    was = before.points
    bid = view.bids[view.seat]
    if before.bids:                     # the last hint was at the bid: compare with the bid made
        made = dict(before.bids).get(bid) if bid is not None else None
        if made is None:
            return ""                   # the bid made was not among the plans shown
        was = made
        seen = [b for b in view.bids if b is not None]
        if len(seen) == view.players:
            reasons.append(ngettext("the bids are in: {total} trick bid for {cards} cards",
                                    "the bids are in: {total} tricks bid for {cards} cards",
                                    sum(seen)).format(total=sum(seen), cards=view.round))
        else:
            reasons.append(_("the bids are in"))
    delta = round(best.points - was)
    if abs(delta) <= CLAIM_POINTS:
        return ""
    won = view.tricks[view.seat] - before.won
    finished = view.tricks_played[before.done:]
    lost = sum(1 for t in finished if not t.void) - won
    if won:
        reasons.append(ngettext("you won {n} trick", "you won {n} tricks", won).format(n=won))
    if lost:
        reasons.append(ngettext("others won {n} trick", "others won {n} tricks", lost).format(n=lost))
    if (won or lost) and bid is not None:
        have = view.tricks[view.seat]
        if bid == 0:
            reasons.append(ngettext("you bid 0 and now have {won} trick",
                                    "you bid 0 and now have {won} tricks", have).format(won=have))
        else:
            reasons.append(ngettext("you now have {won} of the {bid} trick you bid",
                                    "you now have {won} of the {bid} tricks you bid",
                                    bid).format(won=have, bid=bid))
    new = [(s, c) for s, c in plays[len(before.plays):] if s != view.seat]
    if new:
        seen_text = ngettext("{n} more card was played", "{n} more cards were played",
                             len(new)).format(n=len(new))
        ranked = sorted(((k, s, c) for s, c in new if (k := _notable(c, view.trump)) is not None),
                        key=lambda t: t[0], reverse=True)
        if ranked:
            named = [_("{card} ({player})").format(card=messages.card_name(c, look), player=names[s])
                     for _k, s, c in ranked[:NOTABLE_SHOWN]]
            seen_text = _("{cards}, among them: {named}").format(cards=seen_text,
                                                                 named=", ".join(named))
        reasons.append(seen_text)
    if delta > 0:
        head = ngettext("Up {n} point since your last hint:", "Up {n} points since your last hint:",
                        delta).format(n=delta)
    else:
        head = ngettext("Down {n} point since your last hint:",
                        "Down {n} points since your last hint:", -delta).format(n=-delta)
    # TRANSLATORS: between the reasons of a hint's change line ("you won 1 trick; 3 more cards…")
    between = _("; ")
    return f"{head} {between.join(reasons)}."


# ---- the hint from Expert's notes ---------------------------------------------------------------

def hint_rows(action: Action, notes: dict[str, Any], legal: list[Action],
              look: str) -> tuple[HintRow, ...]:
    """The choices Expert weighed, its own first, then by expected points (at most ``BID_ROWS``
    bids or ``CARD_ROWS`` cards); none for a forced move, a trump choice, or notes without points.
    """
    rows: list[HintRow] = []
    if isinstance(action, Bid):
        ev: dict[int, float] = notes.get("ev", {})
        exact: dict[int, float] = notes.get("exact", {})
        ev_half: dict[int, float] = notes.get("ev_half", {})
        exact_half: dict[int, float] = notes.get("exact_half", {})
        hidden = set(notes.get("hidden", ())) - {action.n}
        for n, points in ev.items():
            p = exact.get(n)
            if n in hidden:
                rows.append(HintRow(Bid(n), points, None, False,
                                    hidden_bid_line(n, FAR, notes.get("far_error")), False))
                continue
            rows.append(HintRow(Bid(n), points, p, n == action.n,
                                bid_line(n, p, points, exact_half.get(n), ev_half.get(n))))
        most = BID_ROWS
    elif isinstance(action, Play) and notes.get("scale", "points") == "points":
        values: dict[int, float] = notes.get("values", {})
        half: dict[int, float] = notes.get("half", {})
        plays = {a.card: a for a in legal if isinstance(a, Play)}
        for code, points in values.items():
            play = plays.get(decode(code))
            if play is not None:
                rows.append(HintRow(play, points, None, play == action,
                                    card_line(play, points, look, half.get(code))))
        most = CARD_ROWS
    else:
        return ()
    rows.sort(key=lambda r: (not r.best, not r.shown, -r.points))
    return tuple(rows[:most])


def build_hint(advice: Advice, view: PlayerView, moves: int, look: str,
               since: HintMark | None = None, names: Sequence[str] = ()) -> HintReady:
    """The hint for ``view``'s seat at move number ``moves`` from Expert's decision and notes;
    ``since``: the seat's last hint's mark, for the line saying what changed since then."""
    action, notes = advice
    rows = hint_rows(action, notes, list(view.legal), look)
    text = headline(action, look, bool(notes.get("seated")))
    names = tuple(names) or tuple(str(i + 1) for i in range(view.players))
    change = change_line(since, rows, view, names, look)
    precision = precision_note(notes) if rows else ""
    words = ""                          # what the lines mean (kept when the precision must go)
    if rows and isinstance(action, Bid):
        words = plans_note(view)
    elif rows and isinstance(action, Play):
        tied = len(rows) > 1 and len({round(r.points) for r in rows}) == 1
        words = _(CARD_NOTE)
        if tied:                        # said in the title, which is never left out for room
            return HintReady(action, f"{text} {_(TIED)}", rows, view.seat, moves,
                             f"{words} {precision}".strip(), change, words)
    ringed = why_ringed(rows, look)
    if ringed:
        text = f"{text} {ringed}"
    return HintReady(action, text, rows, view.seat, moves, f"{words} {precision}".strip(), change,
                     words)


# ---- the table's part ---------------------------------------------------------------------------

class HintDesk(Facts):
    """``Table``'s hint part: asking, the worker's answer, and who may see it when.

    ``Table`` provides the state read here and ``my_turn``.
    """

    runner: Runner
    clock: Clock
    look: str
    viewer: int | None
    outcomes: list[Outcome]
    advisor: Callable[[], Advisor]           # makes the hint's Expert (one per hint: no shared state)
    hint_job: Job[Advice] | None = None      # a hint being worked out
    hint: HintReady | None = None            # the last hint that came, while it is for this turn
    hint_marks: dict[int, HintMark] | None = None   # each seat's last hint with numbers (#35)

    def my_turn(self) -> bool:
        """The person whose hand is shown must act now (``Table`` says)."""
        raise NotImplementedError

    def shown_hint(self) -> HintReady | None:
        """The hint to show now: only to the person who asked, on their turn, before they act
        (in hot seat never behind the curtain, never to the next person)."""
        h = self.hint
        if h is None or h.seat != self.viewer or h.moves != self.moves or not self.my_turn():
            return None
        return h

    def _ask_hint(self) -> Outcome:
        """Start working out a hint; asked again while one is shown, put it away."""
        if not self.my_turn() or self.hint_job is not None:
            return Ignored("no hint now")
        if self.shown_hint() is not None:
            self.hint = None
            return Accepted(None)
        seat = self.viewer
        assert seat is not None
        self.hint = None
        self.hint_job = self.runner.start(("hint", seat, self.moves),
                                          advice_job(self.port, seat, self.advisor()),
                                          self.clock.now)
        self._hint_done()
        return Accepted(None)

    def _hint_done(self) -> None:
        """Take the worker's answer once it is there (an answer for a past turn is dropped), and
        forget a hint whose turn has passed."""
        if self.hint is not None and (self.hint.moves != self.moves
                                      or self.hint.seat != self.viewer):
            self.hint = None
        job = self.hint_job
        if job is None:
            return
        answer = self.runner.poll(job)
        if job.future is not None:      # still thinking
            return
        self.hint_job = None
        seat = self.viewer
        if answer is None or job.key != ("hint", seat, self.moves) or not self.my_turn():
            self.outcomes.append(HintReady(None, ""))        # failed or out of date: say nothing
            return
        assert seat is not None
        view = self.port.view(seat)
        if self.hint_marks is None:
            self.hint_marks = {}
        self.hint = build_hint(answer, view, self.moves, self.look, self.hint_marks.get(seat),
                               self.names)
        mark = mark_of(self.hint, view)
        if mark is not None:
            self.hint_marks[seat] = mark
        self.outcomes.append(self.hint)
