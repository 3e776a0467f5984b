"""Computer players. ``make_ai(level).decide(view, rng)`` returns one of ``view.legal``.

The levels are declared once, in levels.py: easy (naive), normal (rule-based), hard (Monte
Carlo), expert (search with inference), and the baselines random and rulebid. Every player
decides from the seat's ``PlayerView`` only.
"""

from __future__ import annotations

from .base import Player
from .levels import BASELINES, LEVEL_TABLE, LEVELS, Level, level_names, make_ai

__all__ = ["BASELINES", "LEVELS", "LEVEL_TABLE", "Level", "Player", "level_names", "make_ai"]
