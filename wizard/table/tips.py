"""What the table says about itself when asked (a hover or a keyboard focus): each card's name and
rule, the game being played, what the colour of the bid sum means. Text only, no pygame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from wizard import messages, rules_text
from wizard.engine import Card, GameConfig
from wizard.i18n import _, ngettext


class BidCount(Protocol):
    """What the bid sum's colour reads: a ``Picture``, or a ``Shown``."""

    @property
    def round(self) -> int: ...
    @property
    def bids_sum(self) -> int | None: ...
    @property
    def bids_made(self) -> Sequence[bool]: ...


@dataclass(frozen=True, slots=True)
class Tip:
    """A tooltip's words: a title and a few sentences."""

    title: str
    lines: list[str]


def card_tip(c: Card, config: GameConfig, trump: str | None, look: str) -> Tip:
    """``c``'s name and what it does in this game (this round's ``trump``)."""
    return Tip(messages.card_title(c, look),
               rules_text.card_rules(c, config.edition, trump, config.options.scroll))


def variants(config: GameConfig) -> list[str]:
    """The names of the house rules in play (those at another value than their default)."""
    return [name for name, _line in messages.rules_in_play(config.options)]


def badge(config: GameConfig) -> str:
    """The top bar's short badge: the edition, and how many variants are on ("Classic ·
    1 variant"; "Classic +1" read like the plus-or-minus-one rule)."""
    n = len(variants(config))
    name = messages.edition_name(config.edition)
    return name if not n else ngettext("{edition} · {count} variant", "{edition} · {count} variants",
                                       n).format(edition=name, count=n)


def game_tip(config: GameConfig) -> Tip:
    """The badge's tooltip: the edition and every variant in play, each with what it does."""
    lines = [messages.edition_description(config.edition)]
    lines += [_("{name}: {description}").format(name=name, description=line)
              for name, line in messages.rules_in_play(config.options)]
    if len(lines) == 1:
        lines.append(_("No variant: the rules of the edition as printed."))
    return Tip(messages.edition_name(config.edition), lines)


def bids_tone(shown: BidCount) -> str:
    """How the bids compare with the tricks of the round, once all are made and visible:
    "under" (fewer), "over" (more), "even" (as many), or "open" (not known yet)."""
    total = shown.bids_sum
    if total is None or not shown.bids_made or not all(shown.bids_made):
        return "open"
    return "under" if total < shown.round else "over" if total > shown.round else "even"


def bids_tip(shown: BidCount) -> Tip:
    """What the bid sum and its colour mean now."""
    tone = bids_tone(shown)
    total = shown.bids_sum
    title = messages.bids_against_tricks("?" if total is None else total, shown.round)
    now = {
        "under": _("Green: the bids add up to fewer tricks than there are, so someone will win "
                   "more than they bid."),
        "over": _("Red: the bids add up to more tricks than there are, so someone will miss "
                  "their bid."),
        "even": _("White: the bids add up to exactly the number of tricks; everyone can still "
                  "make their bid."),
        "open": (_("Some bids are not shown yet; the sum is known once they are.")
                 if total is None else _("The colour shows once everyone has bid.")),
    }[tone]
    return Tip(title, [_("The sum of the bids made, against the tricks of this round."), now])
