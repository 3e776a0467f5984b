"""What a round's result says, as data: a row per seat with its bonuses named, and a line for each
person at the table. The round-end screen draws it; the facts come from the engine's
``RoundResult`` (its points and bonuses), never from the rules worked out again here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wizard.engine import Bonus, BonusKind, RoundResult
from wizard.i18n import _, ngettext


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """One seat's round: bid, tricks, points, the totals before and after, the bonuses named."""

    seat: int
    name: str
    bid: int
    tricks: int
    points: int
    before: int
    total: int
    bonuses: tuple[Bonus, ...]
    notes: tuple[str, ...]       # the bonuses, translated ("Holy Grail: 20 more points")
    person: bool                 # a person (not the computer) plays this seat

    @property
    def made(self) -> bool:
        """The bid was met exactly."""
        return self.bid == self.tricks


@dataclass(frozen=True, slots=True)
class PersonLine:
    """The sentence about one person's round, and whether it is good news."""

    seat: int
    text: str
    made: bool


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """Everything the round-end screen shows, translated, for the round just scored."""

    round: int
    rounds: int
    title: str
    rows: tuple[SummaryRow, ...]
    lines: tuple[PersonLine, ...]     # one for each person at the table, in seat order
    voided: bool                      # Excalibur voided the round: nobody scores
    note: str                         # a sentence about the whole round ("" if none)
    void_tricks: int = 0              # tricks that counted for nobody (Excalibur)

    @property
    def last(self) -> bool:
        """The game's last round: the game's result comes next."""
        return self.round == self.rounds


def bonus_note(bonus: Bonus) -> str:
    """A bonus, named and translated."""
    if bonus.kind is BonusKind.GRAIL:
        return ngettext("Holy Grail: {n} more point", "Holy Grail: {n} more points",
                        bonus.points).format(n=bonus.points)
    if bonus.kind is BonusKind.ZERO_BID:
        return ngettext("Zero bid met: worth {n} point", "Zero bid met: worth {n} points",
                        bonus.points).format(n=bonus.points)
    if bonus.kind is BonusKind.ZERO_BID_LAST:
        return ngettext("Zero bid met in the last round: worth {n} point",
                        "Zero bid met in the last round: worth {n} points",
                        bonus.points).format(n=bonus.points)
    return _("Voided by Excalibur")


def person_line(row: SummaryRow, you: bool) -> str:
    """How one person's round went, addressing them as "you" when ``you``."""
    name = row.name
    diff = row.tricks - row.bid
    if diff == 0:
        if you:
            return _("You made your bid exactly!")
        return _("{name} made the bid exactly!").format(name=name)
    if diff > 0:
        if you:
            return ngettext("You took {n} trick too many.", "You took {n} tricks too many.",
                            diff).format(n=diff)
        return ngettext("{name} took {n} trick too many.", "{name} took {n} tricks too many.",
                        diff).format(name=name, n=diff)
    if you:
        return ngettext("You took {n} trick too few.", "You took {n} tricks too few.",
                        -diff).format(n=-diff)
    return ngettext("{name} took {n} trick too few.", "{name} took {n} tricks too few.",
                    -diff).format(name=name, n=-diff)


def round_summary(result: RoundResult, rounds: int, names: Sequence[str],
                  humans: Sequence[int], you: int | None = None) -> RoundSummary:
    """The summary of ``result``: every seat's row, and a line for each seat in ``humans``
    (``you``: the seat addressed in the second person)."""
    n = len(result.bids)
    bonuses = result.bonuses if len(result.bonuses) == n else ((),) * n
    voided = n > 0 and all(any(b.kind is BonusKind.VOIDED for b in bs) for bs in bonuses)
    people = set(humans)
    rows = tuple(SummaryRow(
        seat=s, name=names[s], bid=result.bids[s], tricks=result.tricks[s],
        points=result.points[s], before=result.totals[s] - result.points[s],
        total=result.totals[s], bonuses=bonuses[s],
        notes=() if voided else tuple(bonus_note(b) for b in bonuses[s]),
        person=s in people) for s in range(n))
    # In a voided round the note says that nobody scores; each person still learns how they did.
    lines = tuple(PersonLine(r.seat, person_line(r, r.seat == you), r.made and not voided)
                  for r in rows if r.person)
    if result.round == rounds:
        title = _("Last round scored: round {round}").format(round=result.round)
    else:
        title = _("Round {round} scored").format(round=result.round)
    # a trick Excalibur voids is won by nobody: the round's tricks less those won (Camelot)
    void_tricks = max(0, result.round - sum(result.tricks)) if n else 0
    if voided:
        note = _("Excalibur voided round {round}: nobody scores.").format(round=result.round)
    elif void_tricks:
        note = ngettext("Excalibur voided {n} trick: it counted for nobody.",
                        "Excalibur voided {n} tricks: they counted for nobody.",
                        void_tricks).format(n=void_tricks)
    else:
        note = ""
    return RoundSummary(result.round, rounds, title, rows, lines, voided, note, void_tricks)
