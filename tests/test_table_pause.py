"""A computer move never waits longer than the pause the player set, plus its own thinking.

The computer seat thinks on the worker thread while the pause runs: the move comes when both
are over, not one after the other.
"""

from __future__ import annotations

import random
import threading
import time

from wizard.engine import Action, GameConfig, PlayerView
from wizard.session import Seat, Session
from wizard.table import Table
from wizard.table.computer import ComputerSeats


class Slow:
    """A computer player that thinks for ``seconds`` of real time, then plays the first legal action."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.done = threading.Event()

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        time.sleep(self.seconds)
        self.done.set()
        return view.legal[0]


def computer_table(think: float, pause: float, threaded: bool) -> tuple[Table, Slow]:
    slow = Slow(think)
    seats = [Seat.ai("A", "x"), Seat.ai("B", "x"), Seat.ai("C", "x")]
    session = Session.new(GameConfig(3, seed=2), seats)
    table = Table(session, threaded=threaded, speed=1.0, ai_pause=pause, trick_hold=0.0,
                  computer=ComputerSeats(lambda level: slow))
    session.start()
    for _ in range(200):  # to the first computer decision (the draw and the deal are animated)
        if table.move_job is not None:
            break
        table.tick(0.05)
    assert table.move_job is not None
    return table, slow


def test_the_move_comes_when_the_pause_is_over_if_thinking_was_quicker() -> None:
    table, _ = computer_table(0.0, 0.5, threaded=False)
    moves = table.port.moves
    table.tick(0.45)
    assert table.port.moves == moves           # the pause is not over
    table.tick(0.06)
    assert table.port.moves == moves + 1      # no later than the pause


def test_thinking_runs_during_the_pause_not_after_it() -> None:
    table, slow = computer_table(0.3, 0.5, threaded=True)
    moves = table.port.moves
    assert slow.done.wait(5.0)                   # it thought (0.3 s) while the clock stood still
    time.sleep(0.05)
    table.tick(0.51)                             # the pause is over: the move comes at once
    assert table.port.moves == moves + 1
    table2, slow2 = computer_table(0.4, 0.1, threaded=True)
    moves2 = table2.port.moves
    table2.tick(0.2)                             # the pause is over, the thinking is not
    assert table2.port.moves == moves2
    assert slow2.done.wait(5.0)
    time.sleep(0.05)
    table2.tick(0.0)                             # thinking done: no second pause is waited
    assert table2.port.moves == moves2 + 1
