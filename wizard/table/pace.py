"""How long a game takes at this table, as far as it can be measured (#35).

New game said "usually about 25 minutes", from 2.5 s a card, 3 s a bid and 8 s between rounds,
numbers nobody had measured. Two parts make a game's length:

- the table's own time: the computer seats' pauses, the cards' flights, the finished tricks held,
  the deals. It depends only on the settings (animation speed, the computer's pause, how long a
  finished trick stays, whether a forced card plays itself) and is measured here by playing a
  whole seeded game on a real ``Table`` with its clock driven by hand (a fraction of a second
  of work: the clock does not wait);
- the person's own time, which no benchmark can measure: in that game the person takes
  ``PERSON_DECISION_S`` for each bid, card that is not forced, finished trick clicked away and
  round result closed, a stated guess, said as such on New game, until the person's own
  finished games (their active play time, ``wizard.service``) replace the whole figure.

A computer seat that thinks longer than its pause (Expert on a slow machine) adds time that is
not in this figure: the measurement plays the computer seats with the Random level.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wizard.engine import Edition, GameConfig, Options, Phase
from wizard.session import Seat, Session

from .clock import Clock
from .computer import ComputerSeats
from .intents import NextRound, Ready, RoundOver, SkipAnimation
from .table import Table

PERSON_DECISION_S = 5.0      # the guess for one decision of the person (said on New game)
TICK_S = 1 / 60              # the measuring clock's step: a frame, as the game draws (60 fps,
TICK_OFF_S = 1 / 240         # 240 with animations off, ``App.run``)
SEEDS = (1, 2)               # the deals measured (a game's length varies by a few % with its deal)


@dataclass(frozen=True, slots=True)
class Pacing:
    """The settings that set the table's pace (``wizard.persistence.Settings``' values)."""

    speed: float = 1.0             # animation speed factor (``clock.SPEEDS``)
    ai_pause: float = 0.6          # seconds between computer moves at speed 1
    trick_hold: float = 1.0        # seconds a finished trick stays (``math.inf``: until a click)
    last_trick_waits: bool = True  # the round's last trick waits for a click
    auto_forced: bool = True       # a person's only legal card plays itself


def play_game(cfg: GameConfig, pacing: Pacing, person_s: float = PERSON_DECISION_S,
              people: int = 1) -> float:
    """Seconds a whole game of ``cfg`` takes on a real ``Table`` with these settings: ``people``
    persons (0: computer seats only), each taking ``person_s`` for each decision (a bid, a card
    that is not forced, a trump or Merlin's choice), each finished trick that waits for a click
    and each round's result; computer seats: Random (their pause is the table's, whatever they
    think)."""
    seats = [Seat.human(f"P{i}") if i < people else Seat.ai(f"C{i}", "random")
             for i in range(cfg.players)]
    clock = Clock()
    t = Table(Session.new(cfg, seats), clock=clock, threaded=False, computer=ComputerSeats(),
              speed=pacing.speed, ai_pause=pacing.ai_pause, trick_hold=pacing.trick_hold,
              last_trick_waits=pacing.last_trick_waits, auto_forced=pacing.auto_forced)
    step = TICK_S if pacing.speed > 0 else TICK_OFF_S
    for _ in range(5_000_000):
        t.tick(step)
        for out in t.take_outcomes():
            if isinstance(out, RoundOver):
                clock.tick(person_s)                       # reading the round's result
                if t.finished:
                    return clock.now
                t.submit(NextRound())
        if t.curtain_for is not None:
            t.submit(Ready())
        if t.forced is None and (t.choice is not None or t.my_turn()):
            clock.tick(person_s)
            _act(t)
        elif t.waiting_for_click():
            clock.tick(person_s)
            t.submit(SkipAnimation())
    raise RuntimeError("the measuring table never reached the end of the game")


def _act(t: Table) -> None:
    """The person's first legal decision, at once (the measure is of the table's time)."""
    from .intents import BidIntent, MerlinIntent, PlayIntent, TrumpIntent
    if t.choice == "trump":
        t.submit(TrumpIntent("B"))
        return
    if t.choice == "merlin":
        t.submit(MerlinIntent(True))
        return
    legal = t.port.legal_actions(t.viewer)
    if not legal:
        return
    a = legal[0]
    if t.port.phase is Phase.BID:
        t.submit(BidIntent(a.n))          # type: ignore[attr-defined]
    elif t.port.phase is Phase.PLAY:
        card = a.card                     # type: ignore[attr-defined]
        t.submit(PlayIntent(card.in_hand if card.is_merlin else card))
    else:
        t.submit(TrumpIntent(a.suit))     # type: ignore[attr-defined]


@lru_cache(maxsize=32)
def estimate_seconds(players: int, edition: Edition, options: Options, pacing: Pacing,
                     people: int = 1) -> float:
    """Seconds a game of ``players`` in ``edition`` with ``options`` (its length among them)
    takes at these settings with ``people`` persons: the mean of the ``SEEDS`` deals played on
    the table (``play_game``; a fraction of a second of work each, the clock does not wait;
    cached for the program's life)."""
    return sum(play_game(GameConfig(players, edition=edition, options=options, seed=seed), pacing,
                         PERSON_DECISION_S, people) for seed in SEEDS) / len(SEEDS)


IDLE_S = 120.0       # no key or click for this long while nothing moves: the person is away
GAP_S = 5.0          # a longer gap between two frames: the program was suspended, not played


class ActivePlay:
    """The seconds a game was actually played, from a wall clock read each frame: counted while
    its table (or its round's result, or its score pad) is in front of the person, not while a
    menu or another screen is; not while the person has been away (no key or click for
    ``IDLE_S`` while nothing moves); a gap of more than ``GAP_S`` between frames counts
    ``GAP_S`` (the computer slept)."""

    def __init__(self) -> None:
        self.last: float | None = None      # the wall time of the last frame counted
        self.input_at: float | None = None  # the wall time of the person's last key or click

    def touched(self, now: float) -> None:
        """The person pressed a key or clicked."""
        self.input_at = now

    def step(self, now: float, in_front: bool, moving: bool) -> float:
        """Seconds of play since the last frame (0 while not in front, or the person is away)."""
        last, self.last = self.last, (now if in_front else None)
        if self.input_at is None:
            self.input_at = now
        if not in_front or last is None:
            return 0.0
        if not moving and now - self.input_at > IDLE_S:
            return 0.0
        return min(GAP_S, max(0.0, now - last))
