"""Helpers the tests share: a game played on to its end, a lesson played to its end on screen,
a headless App for the network tests and the frames that wait on it.

The English interface every UI test starts from is the ``english`` fixture of ``conftest.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wizard.engine import GameState
from wizard.engine.actions import Action

if TYPE_CHECKING:
    from wizard.net.internet import Servers
    from wizard.ui.app import App
    from wizard.ui.scenes.tutorial import TutorialScene


def play_to_end(state: GameState, deals: random.Random, moves: random.Random | None = None, *,
                choose: Callable[[GameState], Action] | None = None,
                until: Callable[[GameState], bool] | None = None,
                events: list[Any] | None = None) -> GameState:
    """Play ``state`` on until the game ends (or ``until(state)`` holds before a step): each deal
    from ``deals``, each decision ``choose(state)``, by default a legal action drawn uniformly
    with ``moves``. Each step's events are added to ``events`` when it is given. The random
    generators are used exactly as a hand-written loop uses them (``deals`` at chance steps only,
    ``moves`` once per decision), so seeded games stay the same games."""
    if choose is None:
        if moves is None:
            raise ValueError("play_to_end needs moves (a random.Random) or choose")
        pick = moves

        def choose(s: GameState) -> Action:
            return pick.choice(s.legal_actions())
    while not state.is_terminal and (until is None or not until(state)):
        if state.is_chance:
            out = state.advance(deals)
        else:
            out = state.apply(choose(state))
        if events is not None:
            events += out
    return state


def play_lesson_to_end(app: App, sc: TutorialScene, limit: int = 300) -> None:
    """Play the lesson on ``sc`` to its end as a person would: Enter closes a round's result and
    goes on after a note, each asked move is made (the lesson's own intents); returns at the
    lesson's "done" note (not yet closed)."""
    import pygame

    from wizard.table.lessons.steps import Do
    from wizard.ui.smoke_tutorial import intents_for

    def enter() -> None:
        app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                           unicode="")])
    for _i in range(limit):
        app.frame(0.25)
        app.frame(0.25)
        if app.top is not sc:                # the round's result: closed as a person would
            enter()
            continue
        note = sc.tutorial.note()
        if note is None:
            continue
        if note.kind == "done":
            return
        if note.kind == "say":
            enter()
        elif note.kind == "do" and isinstance(sc.tutorial.item, Do):
            for intent in intents_for(sc.tutorial.item.action):
                sc.submit(intent)
    raise AssertionError(f"the lesson did not end in {limit} steps")


def dealt_world(rng: random.Random, n: int, r: int, ed: int, *, easy: int = 0,
                random_leader: bool = False) -> tuple[Any, Any]:
    """A play-out ``World`` of ``n`` hands of ``r`` cards dealt from edition ``ed``'s deck, a
    random trump (or none), random bids, nothing played yet, and its ``Rules`` (no scroll;
    ``easy``: the seats played by Easy's rule); the leader is seat 0 unless ``random_leader``."""
    from wizard.ai import simulator as F
    from wizard.ai.rollout import Rules, World
    deck = list(F.DECKS[ed])
    rng.shuffle(deck)
    hands = [deck[i * r:(i + 1) * r] for i in range(n)]
    trump = rng.randrange(-1, 4)
    rules = Rules(n, trump, ed, False, r, 60 // n, easy=easy)
    leader = rng.randrange(n) if random_leader else 0
    return World(hands, [], [], leader, [0] * n, [rng.randint(0, r) for _ in range(n)], -1,
                 False), rules


# ---- the network tests ----------------------------------------------------------------------

LOOPBACK = "127.0.0.1"


def net_app(path: Path, servers: Servers | None = None) -> App:
    """A headless App for the network tests on the data folder ``path``: 1280x800, English, no
    animations, driven frame by frame by the test (``app.frame``). Its tables bind 127.0.0.1 on
    a free port. Its internet codes come only from ``servers``, the test's own mailbox server and
    relay on 127.0.0.1 (or addresses there where nothing listens); without them the internet codes
    are off. Never a public server: anything not on 127.0.0.1 is refused (ValueError)."""
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    if servers is not None and not (servers.mailbox.startswith(f"ws://{LOOPBACK}:")
                                    and servers.relay.startswith(f"tcp:{LOOPBACK}:")):
        raise ValueError(f"the tests' servers are on {LOOPBACK} only: {servers}")
    app = make_app(Prefs(path), size=(1280, 800), headless=True, threaded=False, speed="off",
                   lang="en")
    app.net_bind = LOOPBACK          # type: ignore[attr-defined]
    app.net_port = 0                 # type: ignore[attr-defined]
    if servers is None:
        app.net_mailbox = "off"      # type: ignore[attr-defined]
    else:
        app.net_mailbox = servers.mailbox    # type: ignore[attr-defined]
        app.net_relay = servers.relay        # type: ignore[attr-defined]
    return app


def frames_until(cond: Callable[[], bool], *apps: Any, limit: float,
                 sleep: float = 0.01) -> float:
    """Run a frame of each of ``apps`` (``frame(0.0)``, in turn), then sleep ``sleep`` s, until
    ``cond()`` holds (checked first); returns the seconds it took. AssertionError ("not within
    ``limit`` s") when it still does not hold after ``limit`` seconds."""
    start = time.monotonic()
    while not cond():
        assert time.monotonic() - start < limit, f"not within {limit} s"
        for a in apps:
            a.frame(0.0)
        time.sleep(sleep)
    return time.monotonic() - start
