"""Computer players. ``make_ai(level).decide(view, rng)`` returns one of ``view.legal``.

Levels: easy (naive), normal (rule-based), hard (Monte Carlo), expert (search with inference);
baselines: random, rulebid. Every player decides from the seat's ``PlayerView`` only.
"""

from __future__ import annotations

from .base import Player
from .baselines import RandomPlayer, RuleBidPlayer
from .easy import EasyPlayer
from .normal import NormalPlayer

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
BASELINES: tuple[str, ...] = ("random", "rulebid")


def make_ai(level: str) -> Player:
    """A computer player of ``level`` (one of LEVELS or BASELINES)."""
    if level == "random":
        return RandomPlayer()
    if level == "rulebid":
        return RuleBidPlayer()
    if level == "easy":
        return EasyPlayer()
    if level == "normal":
        return NormalPlayer()
    if level == "hard":
        from .hard import HardPlayer
        return HardPlayer()
    if level == "expert":
        from .expert import ExpertPlayer
        return ExpertPlayer()
    raise ValueError(f"unknown AI level: {level!r}")


__all__ = ["LEVELS", "BASELINES", "Player", "make_ai"]
