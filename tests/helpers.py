"""Helpers the tests share: a game played on to its end.

The English interface every UI test starts from is the ``english`` fixture of ``conftest.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from wizard.engine import GameState
from wizard.engine.actions import Action


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

