"""The steps of a finished game for its replay: pure data and moves, no drawing.

The game is rebuilt once by the engine's one walk through a record (``wizard.engine.steps``,
with a snapshot kept at every deal and after every action), so stepping back is instant. A step is a deal, a bid, a trump choice or a card; the completed trick stays on the
table for the step that finished it.
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard import messages
from wizard.engine import (
    Action,
    Bid,
    BidMade,
    Card,
    Event,
    GameOver,
    GameRecord,
    GameState,
    Phase,
    Play,
    RoundScored,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    deal_in,
    steps,
)
from wizard.i18n import _, ngettext
from wizard.table import deal_rng
from wizard.table.picture import VARIED, Pictures
from wizard.table.trickwhy import trick_line

__all__ = ["VARIED", "Frame", "Pictures", "ReplayModel", "build_frames", "describe"]

# ---- the steps of a game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of the replay: the game right after a deal or after one action."""

    index: int                       # actions applied so far
    state: GameState                 # a snapshot (never changed)
    action: Action | None            # None: a deal
    seat: int | None                 # who acted
    events: tuple[Event, ...]

    @property
    def is_deal(self) -> bool:
        """True for the step that deals a round."""
        return self.action is None

    @property
    def won(self) -> TrickWon | None:
        """The trick this step completed, if any."""
        for e in self.events:
            if isinstance(e, TrickWon):
                return e
        return None

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table: the trick in progress, or the one this step completed."""
        won = self.won
        if won is not None:
            return won.cards
        return tuple(zip(self.state.trick_seats, self.state.trick, strict=True))


def build_frames(record: GameRecord) -> list[Frame]:
    """Every step of a recorded game, walked by the engine's ``steps`` (with ``deal_rng(seed)``
    for the deals) keeping the game right after each deal and each action; a record that stops
    before its first deal ends on that deal."""
    rng = deal_rng(record.config.seed)
    state = GameState.new(record.config)
    frames: list[Frame] = []
    for step in list(steps(state, record.actions, rng, snapshots=True)):
        if step.before is not None:
            frames.append(Frame(step.index, step.before, None, None, step.dealt))
        assert step.after is not None
        frames.append(Frame(step.index + 1, step.after, step.action, step.seat, step.events))
    if state.phase in (Phase.DRAW, Phase.DEAL):
        dealt = deal_in(state, rng)
        frames.append(Frame(len(state.actions), state.clone(), None, None, dealt))
    return frames


class ReplayModel:
    """The steps of a game and where the replay stands; moves by step, trick or round."""

    def __init__(self, record: GameRecord) -> None:
        self.frames = build_frames(record)
        self.pos = 0
        self.round_stops = [k for k, f in enumerate(self.frames) if f.is_deal]
        self.trick_stops = [k for k, f in enumerate(self.frames)
                            if f.is_deal or f.won is not None
                            or (isinstance(f.action, Bid) and f.state.phase is Phase.PLAY)]

    @property
    def frame(self) -> Frame:
        """The step shown."""
        return self.frames[self.pos]

    @property
    def last(self) -> int:
        """The index of the last step."""
        return len(self.frames) - 1

    def pace(self, pause: float) -> float:
        """Seconds the step shown stays while playing: ``pause``, twice for a trick or a deal."""
        f = self.frame
        return pause * 2 if f.won is not None or f.is_deal else pause

    def go(self, pos: int) -> None:
        """Show step ``pos`` (clamped)."""
        self.pos = max(0, min(self.last, pos))

    def step(self, delta: int) -> None:
        """Move ``delta`` steps."""
        self.go(self.pos + delta)

    def _next(self, stops: list[int]) -> None:
        self.go(next((s for s in stops if s > self.pos), self.last))

    def _prev(self, stops: list[int]) -> None:
        self.go(next((s for s in reversed(stops) if s < self.pos), 0))

    def next_trick(self) -> None:
        """Forward to the end of the bidding, of the next trick, or the next deal."""
        self._next(self.trick_stops)

    def prev_trick(self) -> None:
        """Back to the previous such moment."""
        self._prev(self.trick_stops)

    def next_round(self) -> None:
        """Forward to the next deal (or the end of the game)."""
        self._next(self.round_stops)

    def prev_round(self) -> None:
        """Back to this round's deal, or the previous round's if already there."""
        self._prev(self.round_stops)

    def round_of(self, pos: int | None = None) -> int:
        """The round shown at step ``pos`` (the current one by default)."""
        return self.frames[self.pos if pos is None else pos].state.round

    def go_round(self, number: int) -> None:
        """Jump to the deal of round ``number`` (1-based)."""
        if self.round_stops:
            self.go(self.round_stops[max(0, min(len(self.round_stops) - 1, number - 1))])


# ---- what a step says ------------------------------------------------------------------------


def describe(frame: Frame, names: list[str], look: str = "classic", you: int | None = None) -> str:
    """One or two sentences telling what happened at this step (a finished trick says who won it
    and why); ``you``: the seat spoken to in the second person, the default "You" of a solo game."""
    out: list[str] = []
    state = frame.state
    for e in frame.events:
        if isinstance(e, TrumpRevealed) and frame.is_deal:
            n = state.round
            if state.dealer == you:
                out.append(ngettext("Round {round}: you deal {n} card to each player.",
                                    "Round {round}: you deal {n} cards to each player.", n)
                           .format(round=n, n=n))
            else:
                out.append(ngettext("Round {round}: {dealer} deals {n} card to each player.",
                                    "Round {round}: {dealer} deals {n} cards to each player.", n)
                           .format(round=n, dealer=names[state.dealer], n=n))
            if e.card is None:
                out.append(_("No card is turned up: no trump this round."))
            elif e.dealer_chooses and state.dealer == you:
                out.append(_("Turned up: {card}. You choose the trump.").format(
                    card=messages.card_name(e.card, look)))
            elif e.dealer_chooses:
                out.append(_("Turned up: {card}. {dealer} chooses the trump.").format(
                    card=messages.card_name(e.card, look), dealer=names[state.dealer]))
            elif e.trump is None:
                out.append(_("Turned up: {card}. No trump this round.").format(
                    card=messages.card_name(e.card, look)))
            else:
                out.append(_("Turned up: {card}. Trump: {suit}.").format(
                    card=messages.card_name(e.card, look), suit=messages.suit_name(e.trump, look)))
        elif isinstance(e, BidMade):
            if e.seat == you:
                out.append(_("You bid {n}.").format(n=e.bid))
            else:
                out.append(_("{name} bids {n}.").format(name=names[e.seat], n=e.bid))
        elif isinstance(e, TrumpChosen):
            suit = messages.suit_name(e.suit, look)
            if e.seat == you:
                out.append(_("You name the trump: {suit}.").format(suit=suit))
            else:
                out.append(_("{name} names the trump: {suit}.").format(name=names[e.seat],
                                                                         suit=suit))
        elif isinstance(e, TrickWon):
            last = any(isinstance(x, RoundScored) for x in frame.events)
            out.append(trick_line(e, names, you, look, rules=state.config.rules, last=last))
        elif isinstance(e, RoundScored):
            out.append(_("Round {round} is scored.").format(round=e.round))
        elif isinstance(e, GameOver):
            others = [names[w] for w in e.winners if w != you]
            if you in e.winners:
                out.append(_("Game over: you win.") if not others
                           else _("Game over: you and {names} win.").format(names=others[0])
                           if len(others) == 1 else
                           _("Game over: you, {names} and {last} win.").format(
                               names=", ".join(others[:-1]), last=others[-1]))
            else:
                out.append(ngettext("Game over: {names} wins.", "Game over: {names} win.",
                                    len(e.winners)).format(names=messages.and_list(others)))
    if isinstance(frame.action, Play) and frame.seat is not None:
        played = messages.card_name(frame.won.cards[-1][1] if frame.won is not None
                                    else state.trick[-1], look)
        out.insert(0, _("You play {card}.").format(card=played) if frame.seat == you
                   else _("{name} plays {card}.").format(name=names[frame.seat], card=played))
    return " ".join(out)
