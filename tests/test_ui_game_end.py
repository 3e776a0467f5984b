"""Game end: ties share a place; the chart draws every series."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.ui.scenes.game_end import draw_chart, ranking  # noqa: E402


def test_ranking_ties_share_a_place() -> None:
    assert ranking([50, 120, 50, -10]) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert ranking([0, 0, 0]) == [(1, 0), (1, 1), (1, 2)]


def test_chart_draws_lines_in_player_colours() -> None:
    pygame.init()
    surf = pygame.Surface((600, 400))
    surf.fill((0, 0, 0))
    draw_chart(surf, pygame.Rect(0, 0, 600, 400), [[20, 50, 30], [-10, -30, 10]], ["A", "B"], 1.0)
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 600, 3) for y in range(0, 400, 3)}
    from wizard.ui import theme
    assert theme.SERIES[0] in colours and theme.SERIES[1] in colours
