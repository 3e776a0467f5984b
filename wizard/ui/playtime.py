"""The seconds a game is actually played, counted by the table screen (#35): New game's "about N
minutes" comes from the person's own games once there are a few (``wizard.table.pace``)."""

from __future__ import annotations

import time
from typing import Any

import pygame

PLAY_OVERLAYS = ("RoundEndScene", "ScorePadScene")   # over the table, still playing the game
wall = time.monotonic                # the wall clock active play is counted by (tests set it)


def count(sc: Any) -> None:
    """Add this frame's active play to the game's time: while the table screen ``sc``, its
    round's result or its score pad is in front (not a menu), the person not away."""
    if not sc.keep_history:
        return
    top = sc.app.top
    in_front = top is sc or type(top).__name__ in PLAY_OVERLAYS
    seconds = sc.active.step(wall(), in_front, sc.table.busy())
    if seconds:
        sc.app.prefs.add_play_time(sc.game, seconds)


def touched(sc: Any, event: pygame.event.Event) -> None:
    """A key or a click on the table screen: the person is there."""
    if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        sc.active.touched(wall())
