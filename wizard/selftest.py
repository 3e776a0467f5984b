"""``wizard --review-selftest``: a release check that the post-game review works in this build.

Plays a short seeded game (six players, so ten rounds; seat 0 a person played like Normal) and
reviews it through the same machinery as the review screen: a ``ReviewJob`` in a child process
started with ``spawn``. In a frozen build that child is the executable itself, started again by
``multiprocessing`` and caught by ``freeze_support()`` in ``wizard.__main__.main``; a build that
forgot it would open a second game instead and never answer. Prints one line and returns 0 when a
complete review came back from another process within ``timeout`` seconds, 1 otherwise (a windowed
build has no console: its exit status is what counts).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from wizard.ai import make_ai
from wizard.ai.base import decision_rng, play_through
from wizard.engine import GameConfig, GameState
from wizard.persistence.history.entry import HistoryEntry
from wizard.review import ReviewJob, moments
from wizard.session.seats import SeatSpec

SEED = 26
PLAYERS = 6


def short_game(seed: int = SEED, players: int = PLAYERS) -> HistoryEntry:
    """A finished seeded game: seat 0 a person (its moves chosen like Normal), the others Normal."""
    state = GameState.new(GameConfig(players, seed=seed))
    ai = make_ai("normal")
    play_through(state, random.Random(seed),
                 lambda seat, view: ai.decide(view, decision_rng(seed, seat, len(state.actions))))
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "ai", "normal") for i in range(1, players)]
    return HistoryEntry.from_game(state, seats)


def run(timeout: float = 300.0, mode: str = "process", say: Callable[[str], object] = print) -> int:
    """Review the short game through a ``ReviewJob``; 0 if a complete review came back in time."""
    entry = short_game()
    expected = len(moments(entry))
    t0 = time.perf_counter()
    job = ReviewJob(entry, mode=mode)
    child = getattr(job._process, "pid", None)
    done = job.wait(timeout)
    seconds = time.perf_counter() - t0
    review = job.review
    if not done:
        job.cancel()
        say(f"review selftest: FAILED: no review after {timeout:.0f} s "
            f"(progress {job.progress[0]}/{job.progress[1]})")
        return 1
    if job.failed or review is None:
        say("review selftest: FAILED: the review job failed (the log file says why)")
        return 1
    if mode == "process" and (child is None or child == os.getpid()):
        say("review selftest: FAILED: the review did not run in a child process")
        return 1
    appraised = sum(1 for d in review.decisions if d.seat == 0)
    if job.progress != (expected, expected) or not appraised:
        say(f"review selftest: FAILED: {job.progress[0]} of {expected} decisions appraised")
        return 1
    where = f"child process {child}" if child else f"mode {mode}"
    say(f"review selftest: OK: {expected} decisions of a {PLAYERS}-player game (seed {SEED}) "
        f"reviewed in {where} in {seconds:.1f} s; {len(review.findings(0))} costly, "
        f"{review.total_lost(0):.0f} points lost")
    return 0
