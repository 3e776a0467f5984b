"""How to play shows a scroll bar like Settings (#29): the chapter is taller than its panel, so a
bar beside the text says so, and its thumb follows the scroll."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.rules import RulesScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_rules_show_a_scroll_bar_that_follows_the_text(size: tuple[int, int]) -> None:
    app = make_app(size=size, headless=True, threaded=False, speed="off", lang="en")
    rules = app.go("rules")
    assert isinstance(rules, RulesScene)
    app.frame(0.0)
    bar = rules.scroll_bar()
    assert bar is not None, "the classic rules are taller than the panel"
    track, thumb = bar
    assert track.contains(thumb) and thumb.top == track.top and thumb.h < track.h
    assert rules.text_rect().contains(track)
    assert app.screen.get_at(thumb.center)[:3] != app.screen.get_at((track.x - 30, track.y))[:3]
    for _ in range(200):
        app.frame(0.0, [key(pygame.K_PAGEDOWN)])
    _track, end = rules.scroll_bar()  # type: ignore[misc]
    assert rules.scroll == rules.max_scroll() > 0 and abs(end.bottom - track.bottom) <= 1


def test_no_bar_when_the_text_fits() -> None:
    app = make_app(size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
    rules = app.go("rules")
    assert isinstance(rules, RulesScene)
    app.frame(0.0)
    rules.content_h = rules.inner_rect().h - 1
    assert rules.scroll_bar() is None and rules.max_scroll() == 0
