"""One round of the post-game review: the person's bid against Expert's (expected points of both,
the chance of taking exactly each), then the costly cards, most costly first. A click on a row
opens the replay at that moment with Expert's alternative shown; ◀ / ▶ go through the rounds."""

from __future__ import annotations

from typing import Any

import pygame

from wizard import messages
from wizard.i18n import _
from wizard.review.decisions import Decision, Review
from wizard.review.words import bid_line, exact_line, finding_line, happened_line
from wizard.table.handsort import sort_hand

from .. import text, theme
from ..board.reviewchart import draw_row
from ..layout import CARD_ASPECT
from ..reviewlayout import RoundReviewLayout, hit, round_review_layout
from ..widgets import Button, panel
from .base import Screen


def R(b: Any) -> pygame.Rect:
    """A pygame Rect from a layout Box."""
    return pygame.Rect(b.tuple())


class ReviewRoundScene(Screen):
    """Round ``round`` of ``review`` for ``seat``."""

    def __init__(self, app: Any, entry: Any, review: Review, round: int, seat: int) -> None:  # noqa: A002
        super().__init__(app)
        self.entry = entry
        self.review = review
        self.number = round
        self.seat = seat
        self.names = [s.name for s in entry.seats]
        self.you = messages.you_seat(self.names, list(review.seats))
        self.lay: RoundReviewLayout | None = None
        self.hover: int | None = None      # -1: the bid line
        self.hands: dict[int, tuple[list[Any], str | None]] = {}

    def title(self) -> str:
        """"Round 7 / 15 — review"."""
        return _("{round} — review").format(
            round=messages.round_text(self.number, self.review.rounds))

    @property
    def threshold(self) -> int:
        """Points below Expert's best from which a card is listed."""
        return int(self.app.prefs.review_threshold)

    @property
    def speaker(self) -> str | None:
        """None when the person is "you", else their name."""
        return None if self.seat == self.you else self.names[self.seat]

    def cards(self) -> list[Decision]:
        """The round's costly cards, most costly first."""
        return self.review.card_findings(self.seat, self.number, self.threshold)

    def hand(self) -> tuple[list[Any], str | None]:
        """The cards the person held when bidding this round (sorted as on the table), and the
        trump."""
        if self.number not in self.hands:
            bid = self.review.bid_in(self.seat, self.number)
            cards: list[Any] = []
            trump = None
            if bid is not None:
                st = self.entry.state_after(bid.step + 1)     # a bid leaves the hand as dealt
                cards, trump = sort_hand(st.hands[self.seat], st.trump), st.trump
            self.hands[self.number] = (cards, trump)
        return self.hands[self.number]

    def build(self, width: int, height: int) -> None:
        """◀ Round, Back, Round ▶."""
        self.lay = lay = round_review_layout(width, height,
                                             float(getattr(self.app.settings, "ui_scale", 1.0)))
        self.widgets.append(Button(R(lay.prev), lambda: _("◀ Round"), lambda: self.go(-1),
                                   enabled=self.number > 1, keys=(pygame.K_PAGEUP,)))
        self.widgets.append(Button(R(lay.back), lambda: _("Back (Esc)"), self.back))
        self.widgets.append(Button(R(lay.next), lambda: _("Round ▶"), lambda: self.go(1),
                                   enabled=self.number < self.review.rounds,
                                   keys=(pygame.K_PAGEDOWN,), primary=True))

    def go(self, delta: int) -> None:
        """The previous (-1) or next (1) round."""
        self.number = max(1, min(self.review.rounds, self.number + delta))
        self.hover = None
        self.layout(*self.size)

    def open_decision(self, decision: Any) -> None:
        """The replay at that decision, with Expert's alternative shown."""
        self.app.open("review_replay", entry=self.entry, decision=decision, name=self.speaker)

    def handle(self, event: pygame.event.Event) -> None:
        """A click on the bid line or a card row opens the replay there."""
        lay = self.lay
        if lay is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            bid = self.review.bid_in(self.seat, self.number)
            cards = self.cards()
            row = hit(lay.rows[:len(cards)], event.pos)
            on_bid = bid is not None and lay.bid.contains(event.pos)
            if event.type == pygame.MOUSEMOTION:
                now = -1 if on_bid else row
                if now != self.hover:
                    self.hover = now
                    self.app.dirty = True
            elif event.button == 1 and (on_bid or row is not None):
                self.open_decision(bid if on_bid else cards[row])     # type: ignore[index]
                return
        super().handle(event)

    def draw_body(self, surf: pygame.Surface) -> None:
        """The bid line, then the costly cards."""
        lay = self.lay
        if lay is None:
            return
        u = lay.unit
        box = lay.panel
        panel(surf, R(box), u)
        row = self.entry.rounds[self.number - 1] if self.number <= len(self.entry.rounds) else None
        if row is not None:
            seat = self.seat
            said = happened_line(row.bids[seat], row.tricks[seat], row.points[seat],
                                 self.speaker if self.speaker is None else self.names[seat])
            text.draw(surf, said, (box.x + 16 * u, box.y + 12 * u), int(18 * u), theme.ACCENT,
                      "bold", max_w=box.w - 32 * u)
        self._hand(surf, lay)
        bid = self.review.bid_in(self.seat, self.number)
        look = getattr(self.app.settings, "card_look", "classic")
        if bid is None:
            text.draw(surf, _("The bid was the only one allowed."), (lay.bid.x + 12 * u,
                      lay.bid.y + lay.bid.h / 2), int(16 * u), theme.INK_DIM, anchor="midleft",
                      max_w=lay.bid.w - 24 * u)
        else:
            b = lay.bid
            cue = _("Replay ▶")
            draw_row(surf, type(b)(b.x, b.y, b.w, b.h * 0.62), bid_line(bid, self.speaker,
                     self.threshold), u, self.hover == -1, cue)
            text.draw(surf, exact_line(bid), (b.x + 12 * u, b.y + b.h * 0.66), int(14 * u),
                      theme.INK_DIM, max_w=b.w - 24 * u)
        cards = self.cards()
        y = lay.bid.bottom + 14 * u
        head = _("Cards at least {n} points below Expert's best").format(n=self.threshold)
        text.draw(surf, head, (box.x + 16 * u, y), int(17 * u), theme.ACCENT, "bold",
                  max_w=box.w - 32 * u)
        if not cards:
            text.draw(surf, _("None in this round: every card was close to Expert's choice."),
                      (box.x + 16 * u, y + 40 * u), int(16 * u), theme.GOOD, max_w=box.w - 32 * u)
        for k, (r, d) in enumerate(zip(lay.rows, cards, strict=False)):
            draw_row(surf, r, finding_line(d, self.speaker, look, with_round=False), u,
                     self.hover == k, cue=_("Replay ▶"))
        if len(cards) > len(lay.rows):
            more = len(cards) - len(lay.rows)
            text.draw(surf, _("… and {n} more").format(n=more),
                      (box.right - 16 * u, box.bottom - 8 * u), int(13 * u), theme.INK_DIM,
                      anchor="bottomright")

    def _hand(self, surf: pygame.Surface, lay: RoundReviewLayout) -> None:
        """The hand the bid was made with, face up, left to right as on the table."""
        cards, trump = self.hand()
        box = lay.hand
        if not cards:
            return
        u = lay.unit
        ch = box.h
        cw = ch / CARD_ASPECT
        label = text.draw(surf, _("Hand"), (box.x, box.y + ch / 2), int(15 * u),
                          theme.INK_DIM, anchor="midleft")
        said = messages.trump_text(trump, getattr(self.app.settings, "card_look", "classic"))
        t = text.draw(surf, said, (box.right, box.y + ch / 2), int(16 * u), theme.ACCENT, "bold",
                      anchor="midright", max_w=box.w * 0.25)
        x0 = label.right + 12 * u
        room = t.x - 16 * u - x0
        step = min(cw + 4 * lay.unit, (room - cw) / max(1, len(cards) - 1))
        for k, c in enumerate(cards):
            rect = pygame.Rect(round(x0 + k * step), round(box.y), round(cw), round(ch))
            self.app.painter.blit_face(surf, c.text, rect, "review", variant=k % 4)
