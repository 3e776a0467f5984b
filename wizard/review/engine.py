"""Reviewing a finished game: every real decision of a person, appraised by Expert from their view.

The game is replayed from its record (``GameState.new``, ``advance`` with ``Random(seed)``,
``apply``). At each bid or card of a reviewed seat that had a choice, the seat's ``view_for`` is
taken (what the person could see then, never the deal) and Expert, valuing in round points,
appraises it with the person's action named (``appraise(view, rng, chosen)``) and the seat's
decision rng (``decision_rng(seed, seat, step)``): the same game always gives the same review.
Forced decisions cost nothing and are skipped; a trump choice is not appraised.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wizard.ai.base import decision_rng
from wizard.ai.coach import Coach
from wizard.ai.seats import who_sits
from wizard.ai.simulator import encode
from wizard.engine import Action, Bid, GameState, Play, PlayerView
from wizard.engine.record import steps
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.reviews import review_id
from wizard.review.decisions import BID, CARD, REVIEW_ENGINE, Decision, Review
from wizard.session.deals import deal_rng

Appraiser = Callable[[PlayerView, random.Random, Action], tuple[Action, dict[str, Any]]]
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision to appraise: the seat's view just before it, and what the person did."""

    step: int              # actions played before it
    seat: int
    view: PlayerView
    action: Action


def people(entry: HistoryEntry) -> tuple[int, ...]:
    """The seats a review covers: the human ones."""
    return tuple(i for i, s in enumerate(entry.seats) if s.is_human)


def moments(entry: HistoryEntry, seats: tuple[int, ...] | None = None) -> list[Moment]:
    """The bids and cards of ``seats`` (default: the people) that were real choices, in order.

    Only ``view_for`` of the deciding reviewed seat is ever taken.
    """
    reviewed = people(entry) if seats is None else seats
    cfg = entry.config
    out: list[Moment] = []
    for step in steps(GameState.new(cfg), entry.record.actions, deal_rng(cfg.seed)):
        seat, state, action = step.seat, step.state, step.action
        if seat in reviewed and isinstance(action, Bid | Play) \
                and len(state.legal_actions()) > 1:
            out.append(Moment(step.index, seat, state.view_for(seat), action))
    return out


def expert_appraiser(entry: HistoryEntry | None = None) -> Appraiser:
    """The coach (Expert valuing every choice in round points, sampled until its numbers are
    precise; one instance per review), told who sat at ``entry``'s table (#37)."""
    return Coach(table=None if entry is None else who_sits(entry.seats)).appraise


def appraise(moment: Moment, seed: int, appraiser: Appraiser) -> Decision | None:
    """Expert's appraisal of one moment as a ``Decision`` (None if it gives no values for it)."""
    view = moment.view
    best, notes = appraiser(view, decision_rng(seed, moment.seat, moment.step), moment.action)
    if notes.get("forced"):
        return None
    trick = len(view.tricks_played) + 1
    chosen = moment.action
    if isinstance(chosen, Bid) and isinstance(best, Bid):
        ev: dict[int, float] = notes.get("ev", {})
        exact: dict[int, float] = notes.get("exact", {})
        if chosen.n not in ev or best.n not in ev:
            return None
        lo, hi = _interval(notes, chosen.n)
        return Decision(moment.step, moment.seat, view.round, 0, BID, chosen.n, best.n,
                        _pts(ev[chosen.n]), _pts(ev[best.n]),
                        _maybe(exact.get(chosen.n)), _maybe(exact.get(best.n)), lo, hi,
                        priced=chosen.n not in notes.get("hidden", ()))
    if isinstance(chosen, Play) and isinstance(best, Play) \
            and notes.get("scale", "points") == "points":
        values: dict[int, float] = notes.get("values", {})
        mine, its = encode(chosen.card), encode(best.card)
        if mine not in values or its not in values:
            return None
        lo, hi = _interval(notes, mine)
        return Decision(moment.step, moment.seat, view.round, trick, CARD, chosen.card.text,
                        best.card.text, _pts(values[mine]), _pts(values[its]), None, None,
                        lo, hi)
    return None


def _interval(notes: dict[str, Any], key: int) -> tuple[float | None, float | None]:
    """The 95 % interval of the loss of choice ``key`` against the best (paired by world)."""
    loss = notes.get("loss", {}).get(key)
    if loss is None:
        return None, None
    _mean, lo, hi = loss
    return _pts(lo), _pts(hi)


def _maybe(x: Any) -> float | None:
    return None if x is None else round(min(1.0, max(0.0, float(x))), 4)


def _pts(x: Any) -> float:
    """Points as the stored review keeps them (3 decimals), so a review read back from its file,
    or sent by the review process, equals the one made here."""
    return round(float(x), 3)


def review_game(entry: HistoryEntry, appraiser: Appraiser | None = None,
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review | None:
    """The review of ``entry`` for its people; None if ``cancelled()`` turned true on the way.

    ``progress(done, total)`` is called before the first decision and after each one.
    """
    todo = moments(entry)
    judge = appraiser if appraiser is not None else expert_appraiser(entry)
    seed = entry.seed
    found: list[Decision] = []
    if progress is not None:
        progress(0, len(todo))
    for k, moment in enumerate(todo):
        if cancelled is not None and cancelled():
            return None
        decision = appraise(moment, seed, judge)
        if decision is not None:
            found.append(decision)
        if progress is not None:
            progress(k + 1, len(todo))
    if cancelled is not None and cancelled():
        return None
    return Review(review_id(entry), people(entry), entry.config.rounds, tuple(found), REVIEW_ENGINE)
