"""The table without a screen: what is shown, whose turn it is, what a person may do, and when.

A ``Table`` talks to its game through a narrow port (``port.GamePort``: views, redacted events,
legal actions, check and act for a seat, take-back; a ``Session`` is one) and plays the computer
seats itself (``computer.ComputerSeats``). Time moves only through ``tick(dt)`` on its clock; intents come
in through ``submit``; outcomes go out as data, returned by ``submit`` or queued for
``take_outcomes``. The screen (``wizard.ui``) draws ``picture()`` (what is shown and what moves), and turns
input into intents. A test plays whole games with this class alone, without pygame.

>>> from wizard.engine import GameConfig
>>> from wizard.session import Seat, Session
>>> t = Table(Session.new(GameConfig(3, seed=1), [Seat.ai(n, "random") for n in "ABC"]),
...           threaded=False, speed=0.0, ai_pause=0.0)
>>> over = None
>>> while over is None:
...     t.tick(0.1)
...     for o in t.take_outcomes():
...         if isinstance(o, RoundOver):      # every round's result, the last one included
...             _ = t.submit(NextRound())
...         elif isinstance(o, GameOver):
...             over = o
>>> len(over.results), t.finished
(20, True)
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Collection

from wizard import messages
from wizard.engine import (
    Action,
    Bid,
    BidMade,
    Card,
    CardPlayed,
    ChooseTrump,
    DealerChosen,
    Event,
    Phase,
    Play,
    Power,
    RoundScored,
    TrickWon,
    card,
)
from wizard.i18n import _

from . import prompt
from .animation import DURATIONS, Animator
from .clock import Clock
from .computer import ComputerSeats
from .handsort import sort_hand
from .hint import Advice, Advisor, HintDesk, expert_advisor
from .intents import (
    GAME_INTENTS,
    Accepted,
    AskHint,
    BidIntent,
    CancelChoice,
    ChoiceNeeded,
    CurtainUp,
    GameOver,
    Ignored,
    Intent,
    Kept,
    MerlinIntent,
    NextRound,
    Outcome,
    PlayIntent,
    Ready,
    Refused,
    RoundOver,
    SkipAnimation,
    TakeBackIntent,
    TrumpIntent,
)
from .picture import Picture, of_table
from .port import GamePort
from .runner import Job, Runner
from .shown import Shown
from .summary import round_summary
from .takeback import take_back
from .trickshow import TrickShow
from .tween import lerp

log = logging.getLogger(__name__)

DOUBLE_CLICK = 0.35   # seconds after one's own action when more input is not kept for later
MAX_KEPT = 4          # intents kept during an animation
MERLIN_W, MERLIN_J = card("MERLIN:W"), card("MERLIN:J")


class Table(TrickShow, HintDesk):
    """One game at the table, for the people at one screen."""

    def __init__(self, port: GamePort, *, clock: Clock | None = None, threaded: bool = True,
                 computer: ComputerSeats | None = None, speed: float = 1.0, ai_pause: float = 0.6, auto_continue: bool | None = None,
                 look: str = "classic", advisor: Callable[[], Advisor] = expert_advisor,
                 trick_hold: float = 1.0, auto_forced: bool = True,
                 last_trick_waits: bool = False, remote: Collection[int] = ()) -> None:
        self.port = port
        self.remote = frozenset(remote)     # seats played on another computer (``wizard.net``)
        self.computer = computer if computer is not None else ComputerSeats()
        self.clock = clock if clock is not None else Clock()
        humans = self.humans
        self.hot_seat = len(humans) >= 2
        self.viewer: int | None = None if self.hot_seat else (humans[0] if humans else 0)
        self.bottom = humans[0] if humans else 0       # the seat drawn at the bottom
        self.last_confirmed: int | None = None          # the person who last lifted the curtain
        self.curtain_for: int | None = None
        self.auto_continue = (not humans) if auto_continue is None else auto_continue
        self.ai_pause = ai_pause                        # seconds between computer moves (at speed 1)
        self.trick_hold = trick_hold    # animations off: seconds a finished trick stays before a computer leads
        self.last_trick_waits = last_trick_waits   # the round's last trick stays until a click
        self.held: tuple[TrickWon, float] | None = None  # the finished trick on the table, since when
        self.look = look
        self.advisor = advisor                          # makes the hint's Expert
        self.auto_forced = auto_forced                  # play a person's only legal card for them
        self.forced: tuple[int, float] | None = None    # (moves, since when) a forced card waits
        self.forced_card: Card | None = None            # the last card played for the person (said)
        self.forced_round = 0                           # the round it was played in
        self.animator = Animator(self.clock, Shown.from_view(port.view(self.viewer), self.viewer),
                                 speed)
        # animations off: the draw for first dealer still stays as long as a finished trick, for a person
        self.animator.draw_pause = (0.0 if not humans else trick_hold if math.isfinite(trick_hold)
                                    else DURATIONS[DealerChosen])
        self.synced = False
        self.runner = Runner(threaded=threaded)
        self.move_job: Job[Action] | None = None        # a computer seat's decision under way
        self.hint_job: Job[Advice] | None = None
        self.hint = None
        self.choice: str | None = None                  # "trump" | "merlin": a question is open
        self.kept: list[Intent] = []                    # intents given during an animation
        self.acted_at = float("-inf")                   # clock time of the viewer's last action
        self.outcomes: list[Outcome] = []
        self._round_told = False
        self._game_told = False
        self.gate: Callable[[], bool] | None = None     # a lesson: may the game move on by itself?
        # a network table its host has not started (again) yet: the line said in the prompt's
        # place ("" when started); nobody at this screen acts meanwhile
        self.waiting: Callable[[], str] | None = None
        self._unsubscribe = port.follow(self._on_events, lambda: self.viewer)
        if self.current is None and self.phase in (Phase.DRAW, Phase.DEAL):
            port.start()

    # ---- what is shown ------------------------------------------------------------------

    @property
    def speed(self) -> float:
        """Animation speed factor (0: no animation)."""
        return self.animator.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.animator.speed = max(0.0, value)

    @property
    def you(self) -> int | None:
        """The seat addressed in the second person: the one person of a solo game, when it keeps
        the default name ("You", "Moi", "Jo"…). Sentences about it say "you", not its name."""
        return messages.you_seat(self.names, self.humans)

    @property
    def drained(self) -> bool:
        """No animation is running or queued."""
        return self.animator.drained

    def my_turn(self) -> bool:
        """The person whose hand is shown must act now, and the screen has caught up."""
        return self.drained and self.viewers_turn() and self.curtain_for is None and \
            not self.waiting_line()

    def waiting_line(self) -> str:
        """What is said while the game waits for a host to start it ("" when it does not)."""
        return self.waiting() if self.waiting is not None else ""

    def playing(self) -> bool:
        """The person whose hand is shown chooses a card now (their turn, in the play)."""
        return self.my_turn() and self.phase is Phase.PLAY

    def hand(self) -> list[Card]:
        """The viewer's hand in display order (empty when no hand is shown)."""
        return sort_hand(self.shown.hand or [], self.shown.trump)

    def hand_backs(self, seat: int) -> int:
        """How many face-down cards to show for ``seat``'s hand: its count, less the card it is
        playing now (drawn on its way to the trick, not also in the hand)."""
        counts = self.shown.hand_counts
        n = counts[seat] if seat < len(counts) else 0
        e = self.animator.active
        if isinstance(e, CardPlayed) and e.seat == seat:
            n -= 1
        return max(0, n)

    def peek_hand(self, seat: int) -> list[Card]:
        """Clairvoyance: ``seat``'s cards shown face up to the viewer, in display order."""
        return sort_hand(self.shown.peeks.get(seat, []), self.shown.trump)

    def legal_cards(self) -> set[Card]:
        """Cards in hand that may be played now (empty when it is not the viewer's turn)."""
        if not self.playing() or self.viewer is None:
            return set()
        return {a.card.in_hand for a in self.port.legal_actions(self.viewer)
                if isinstance(a, Play)}

    def bid_options(self) -> list[tuple[int, bool]]:
        """(bid, allowed) for each bid of the viewer's turn to bid."""
        if not self.my_turn() or self.phase is not Phase.BID or self.viewer is None:
            return []
        legal = {a.n for a in self.port.legal_actions(self.viewer) if isinstance(a, Bid)}
        return [(n, n in legal) for n in range(self.round + 1)]

    def bid_reason(self, n: int) -> str:
        """Why bid ``n`` is refused now (translated), or "" if it is allowed."""
        if self.viewer is None:
            return ""
        err = self.port.check(Bid(n), self.viewer)
        return "" if err is None else prompt.refusal_text(err, self.look, self.names)

    def acting_seat(self) -> int | None:
        """The seat shown as acting: the one animating a bid or card, else the one to act."""
        e = self.animator.active
        if isinstance(e, (CardPlayed, BidMade)):
            return e.seat
        return self.current if self.drained else None

    def plate_total(self, seat: int) -> tuple[int, bool]:
        """The total shown for ``seat`` and whether it is still counting: after a round is scored
        the totals count up over the animation (at speed 0 the new total shows at once)."""
        totals = self.shown.totals
        total = totals[seat] if seat < len(totals) else 0
        e, tween = self.animator.active, self.animator.tween
        if isinstance(e, RoundScored) and tween is not None and seat < len(e.totals) \
                and e.totals[seat] != total:
            return round(lerp(total, e.totals[seat], tween.t)), not tween.done
        return total, False

    @property
    def thinking_seat(self) -> int | None:
        """The computer seat whose decision is under way."""
        return None if self.move_job is None else int(self.move_job.key[1])  # type: ignore[call-overload]

    def picture(self) -> Picture:
        """The immutable snapshot the painters draw (``picture.Picture``)."""
        return of_table(self)

    def prompt(self) -> tuple[str, str]:
        """The prompt line and its tone ("accent" or "ink")."""
        if self.gate is not None and not self.gate() and self.is_ai_turn():
            return "", "ink"       # a lesson's note is read: nobody is playing now
        waiting = self.waiting_line()
        if waiting:
            return waiting, "ink"
        return prompt.prompt_line(self)

    def busy(self) -> bool:
        """Something moves or is computed: keep ticking."""
        return (not self.drained or self.move_job is not None or self.hint_job is not None
                or self.forced is not None
                or (self.is_ai_turn() and self.curtain_for is None
                    and (self.gate is None or self.gate()))
                or (self._hold_left() and self._waits_for_hold() and not self.waiting_for_click()))

    # ---- time ---------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds, then the table."""
        self.clock.tick(dt)
        self.update()

    def update(self) -> None:
        """Finish animations, then move the game on: computer moves, round ends, kept intents."""
        self._hint_done()
        self.animator.step()
        if self.drained:
            self._caught_up()

    def take_outcomes(self) -> list[Outcome]:
        """Outcomes that came from the passing of time (curtain, choices, hints, round ends)."""
        out, self.outcomes = self.outcomes, []
        return out

    def close(self) -> None:
        """Stop following the game and stop the worker thread."""
        self._unsubscribe()
        self.runner.close()

    # ---- intents ------------------------------------------------------------------------

    def submit(self, intent: Intent) -> Outcome:
        """Carry out ``intent``, or say why not; never changes anything when it refuses."""
        if isinstance(intent, SkipAnimation):
            if not self.animator.drained:       # the animations end; a hold starts after them
                self.animator.skip()
            else:                               # the person has seen the trick: it may go
                self.release_hold()
            return Accepted(None)
        if isinstance(intent, Ready):
            if self.curtain_for is None:
                return Ignored("no curtain")
            self.show_seat(self.curtain_for)
            return Accepted(None)
        if isinstance(intent, NextRound):
            return self._next_round()
        if isinstance(intent, AskHint):
            if self.forced is not None:
                return Ignored("the only legal card plays itself")
            return self._ask_hint()
        if isinstance(intent, TakeBackIntent):
            return take_back(self)
        if isinstance(intent, CancelChoice):
            if self.choice != "merlin":
                return Ignored("no question to close")
            self.choice = None
            return Accepted(None)
        if not (self.viewers_turn() and self.curtain_for is None):
            return Ignored("not this person's turn")
        if self.waiting_line():
            return Ignored("the host has not started the game")
        if not self.drained:
            if self.clock.now - self.acted_at <= DOUBLE_CLICK:
                return Ignored("the rest of a double click")
            if len(self.kept) >= MAX_KEPT:
                return Ignored("enough input is waiting")
            self.kept.append(intent)
            return Kept()
        return self._game_intent(intent)

    def _game_intent(self, intent: Intent) -> Outcome:
        action: Action
        if isinstance(intent, BidIntent):
            if self.phase is not Phase.BID:
                return Ignored("not bidding")
            action = Bid(intent.n)
        elif isinstance(intent, PlayIntent):
            if self.config.rules.power(intent.card) is Power.WIZARD_OR_JESTER:
                if self.viewer is not None and Play(MERLIN_W) in self.port.legal_actions(self.viewer):
                    self.choice = "merlin"
                    return ChoiceNeeded("merlin")
                action = Play(MERLIN_W)
            else:
                action = Play(intent.card)
        elif isinstance(intent, TrumpIntent):
            action = ChooseTrump(intent.suit)
        elif isinstance(intent, MerlinIntent):
            action = Play(MERLIN_W if intent.as_wizard else MERLIN_J)
        else:
            return Ignored(f"not a game intent: {intent!r}")
        return self._act(action)

    def _act(self, action: Action) -> Outcome:
        seat = self.viewer
        assert seat is not None
        err = self.port.check(action, seat)
        if err is not None:
            return Refused(err.rule, prompt.refusal_text(err, self.look, self.names),
                           dict(err.details))
        if self.hot_seat:          # hide the hand before anything of the next turn is shown
            self.viewer = None
            self._show_view(None)
        self.port.act(action, seat)
        self.acted_at = self.clock.now
        self.kept.clear()
        self.choice = None
        return Accepted(action)

    def _next_round(self) -> Outcome:
        if self.finished:
            if not self._round_told or self._game_told:
                return Ignored("no round to close")
            self._game_told = True
            pub = self.public()
            self.outcomes.append(GameOver(tuple(pub.totals), tuple(pub.history), tuple(self.names),
                                          self.port.config.seed, self.you))
            return Accepted(None)
        if self.phase is not Phase.ROUND_END:
            return Ignored("no round to close")
        self._round_told = False
        if self.hot_seat:
            self.viewer = None
            self._show_view(None)
        self.port.advance()
        return Accepted(None)

    def show_seat(self, seat: int) -> None:
        """Show ``seat``'s hand at the bottom (after the curtain, or in a solo game)."""
        self.viewer = seat
        self.bottom = seat
        self.last_confirmed = seat
        self.curtain_for = None
        self._sync()

    # ---- the game moving on -------------------------------------------------------------

    def _on_events(self, events: list[Event]) -> None:
        self._stale()
        self.animator.push(events)
        self.synced = False

    def _show_view(self, viewer: int | None) -> Shown:
        """Show what ``viewer`` may know now, keeping the finished trick and why it was won."""
        old = self.shown
        new = Shown.from_view(self.port.view(viewer), viewer)
        new.keep_finished(old)
        self.animator.shown = new
        return new

    def _sync(self) -> None:
        self._show_view(self.viewer)
        self.synced = True

    def _caught_up(self) -> None:
        if not self.synced:
            self._sync()
        if self._holding() and self._waits_for_hold():
            return              # a computer's lead, the round end, the curtain: after the hold
        if self.gate is not None and not self.gate() and not self.is_human_turn():
            return              # a lesson's note is being read: no computer move, no result yet
        if self.finished or self.phase is Phase.ROUND_END:
            if not self._round_told:       # the last round too: its result, then the game's
                self._round_told = True
                result = self.public().history[-1]
                names, humans = self.names, self.humans
                self.outcomes.append(RoundOver(
                    result, tuple(names), tuple(humans), self.auto_continue,
                    round_summary(result, self.rounds, names, humans, self.you)))
            return
        if self.is_ai_turn():
            self._computer_turn()
            return
        if not self.is_human_turn():
            return
        seat = self.current
        assert seat is not None
        if seat != self.viewer:
            if self.hot_seat and seat != self.last_confirmed:
                if self.curtain_for is None and self._plays_itself(seat):
                    return          # a forced card needs no curtain: nothing private is shown
                if self.curtain_for != seat:
                    self.curtain_for = seat
                    self.outcomes.append(CurtainUp(seat))
                return
            self.show_seat(seat)
        if self.phase is Phase.TRUMP and self.choice is None:
            self.choice = "trump"
            self.outcomes.append(ChoiceNeeded("trump"))
        if self.kept:
            pending, self.kept = self.kept, []
            for intent in pending:
                if self.my_turn() and isinstance(intent, GAME_INTENTS):
                    out = self._game_intent(intent)
                    if not isinstance(out, Ignored):
                        self.outcomes.append(out)
        self._forced_card()

    def _plays_itself(self, seat: int) -> bool:
        """Hot seat, ``auto_forced``: ``seat``'s only legal card plays itself after the usual pause,
        without calling its person to the screen. False when ``seat`` has a real choice."""
        if not (self.auto_forced and self.phase is Phase.PLAY and self.choice is None):
            return False
        legal = self.port.legal_actions(seat)
        if len(legal) != 1:
            return False
        if self.forced is None or self.forced[0] != self.moves:
            self.forced = (self.moves, self.clock.now)
        if self.clock.now - self.forced[1] >= self.forced_pause():
            self.forced = None
            self.port.act(legal[0], seat)
        return True

    def _forced_card(self) -> None:
        """With ``auto_forced``, a person whose only legal move is one card plays it by itself,
        after the pause a computer seat takes (a last card, or a single card of the suit led)."""
        if not (self.auto_forced and self.my_turn() and self.phase is Phase.PLAY
                and self.choice is None and self.viewer is not None):
            self.forced = None
            return
        legal = self.port.legal_actions(self.viewer)
        if len(legal) != 1:                # a choice (Merlin as a Wizard or a Jester counts as two)
            self.forced = None
            return
        if self.forced is None or self.forced[0] != self.moves:
            self.forced = (self.moves, self.clock.now)
            self.forced_card = legal[0].card    # type: ignore[attr-defined]
            self.forced_round = self.shown.round
        if self.clock.now - self.forced[1] >= self.forced_pause():
            self.forced = None
            self.outcomes.append(self._act(legal[0]))

    def forced_line(self) -> str:
        """"Only the 7 of elves could be played": said from the moment the person's only legal
        card waits to play itself until that card leaves the table (the end-of-trick pause
        included); "" otherwise."""
        card = self.forced_card
        if card is None:
            return ""
        won = self.trick_on_show()
        # said until the card leaves the table, never into the next round (a play-test: over the
        # network the line stayed through the round's end and the next deal)
        on_table = self.shown.round == self.forced_round and (
            self.forced is not None or not self.synced or not self.drained
            or self.port.pending            # a joiner's card on its way to the host
            or any(c == card for _s, c in self.shown.trick)
            or (won is not None and any(c == card for _s, c in won.cards)))
        if not on_table:
            self.forced_card = None
            return ""
        return _("Only {card} could be played.").format(card=messages.card_name(card, self.look))

    def forced_pause(self) -> float:
        """How long a forced card waits before it plays itself: a computer's pause; with
        animations off the whole pause (not none), so that the cards played before it are seen
        before the trick is won (they were on the table for one frame)."""
        return self.ai_pause * self.speed if self.speed > 0 else self.ai_pause

    def _computer_turn(self) -> None:
        port = self.port
        job = self.move_job
        if job is None:
            seat, decide = self.computer.job(port)
            legal = port.legal_actions(seat)
            self.move_job = self.runner.start(("move", seat, self.moves), decide, self.clock.now,
                                              fallback=lambda: legal[0])
            return
        action = self.runner.poll(job)
        if action is None or self.clock.now - job.started < self.ai_pause * self.speed:
            return
        self.move_job = None
        seat = int(job.key[1])  # type: ignore[call-overload]
        err = port.check(action, seat)
        if err is not None:
            log.error("the computer player of seat %d chose %r, which the rules refuse (%s); "
                      "it plays a legal move instead", seat, action, err)
            action = port.legal_actions(seat)[0]
        port.act(action, seat)
