"""The computer levels, each declared once (docs/STYLE.md habit 13): ``LEVEL_TABLE``.

A level is one ``Level``: its name (kept in saves and the history), its label (a msgid, marked
with ``N_`` and translated at the edge), where its player class lives, and whether New game
offers it. The order is the order of strength the screens list levels in. ``make_ai``, the
level lists of the arena, the bot and the command line, New game's choices and the labels on
the table and in the history are generated from it. Adding a level: its module and one line.

>>> [lv.name for lv in LEVEL_TABLE.values() if lv.offered]
['easy', 'normal', 'hard', 'expert']
>>> type(LEVEL_TABLE["rulebid"].make()).__name__
'RuleBidPlayer'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..engine.house import N_
from .base import Player

__all__ = ["BASELINES", "LEVELS", "LEVEL_TABLE", "Level", "level_names", "make_ai"]


@dataclass(frozen=True, slots=True)
class Level:
    """One computer level: ``player`` is ``"module:Class"`` in ``wizard.ai`` (imported when the
    first such player is made: the search levels load their tables only then)."""

    name: str
    label: str          # msgid
    player: str
    offered: bool       # New game (and the first lesson's table) offer it

    def make(self) -> Player:
        """A new player of this level."""
        module, cls = self.player.split(":")
        player: Player = getattr(importlib.import_module(f"{__package__}.{module}"), cls)()
        return player


#: Every level, weakest first.
LEVEL_TABLE: Mapping[str, Level] = MappingProxyType({lv.name: lv for lv in (
    Level("random", N_("Random"), "baselines:RandomPlayer", offered=False),
    Level("rulebid", N_("Beginner"), "baselines:RuleBidPlayer", offered=False),
    Level("easy", N_("Easy"), "easy:EasyPlayer", offered=True),
    Level("normal", N_("Normal"), "normal:NormalPlayer", offered=True),
    Level("hard", N_("Hard"), "hard:HardPlayer", offered=True),
    Level("expert", N_("Expert"), "expert:ExpertPlayer", offered=True),
)})

#: The levels New game offers, and the others (baselines for the arena and the bot).
LEVELS: tuple[str, ...] = tuple(n for n, lv in LEVEL_TABLE.items() if lv.offered)
BASELINES: tuple[str, ...] = tuple(n for n, lv in LEVEL_TABLE.items() if not lv.offered)


def level_names() -> tuple[str, ...]:
    """Every level's name, weakest first."""
    return tuple(LEVEL_TABLE)


def make_ai(level: str) -> Player:
    """A computer player of ``level`` (a name of ``LEVEL_TABLE``); ``ValueError`` if none."""
    found = LEVEL_TABLE.get(level)
    if found is None:
        raise ValueError(f"unknown AI level: {level!r}")
    return found.make()
