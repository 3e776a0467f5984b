"""The interface size at screen level: a settings row changed by a click stays under the pointer.

The layout maths (rows grow with the scale, the changed row is anchored) is tested without pygame in
tests/test_layout.py; here the Settings screen is clicked like a person would, with synthetic events.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.i18n import set_language  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.settings import SettingsScene  # noqa: E402
from wizard.ui.widgets import Cycle  # noqa: E402


def click(app: object, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),  # type: ignore[attr-defined]
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def snapshot(settings: object) -> dict[str, object]:
    keys = ("language", "animation_speed", "ai_pause_ms", "sound", "volume", "fullscreen", "ui_scale",
            "card_look", "colourblind", "confirm_play", "auto_play_forced")
    return {k: getattr(settings, k) for k in keys}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000), (1920, 1080)])
@pytest.mark.parametrize("where", [0.1, 0.5, 0.9])
def test_clicking_the_interface_size_again_at_the_same_point_changes_it_again(
        tmp_path: Path, size: tuple[int, int], where: float) -> None:
    set_language("en")
    app = make_app(Prefs(tmp_path), size=size, headless=True, threaded=False, speed="off", lang="en")
    scene = app.go("settings")
    assert isinstance(scene, SettingsScene)
    row = next(w for w in scene.widgets if isinstance(w, Cycle) and 1.15 in w.values)
    pos = (row.rect.centerx, round(row.rect.y + row.rect.h * where))
    seen = [app.settings.ui_scale]
    for _ in range(4):                       # 100 -> 115 -> 130 -> 85 -> 100 %, all at one point
        before = snapshot(app.settings)
        click(app, pos)
        after = snapshot(app.settings)
        changed = {k for k in after if after[k] != before[k]}
        assert changed == {"ui_scale"}, (size, seen, changed)
        seen.append(app.settings.ui_scale)
    assert seen == [1.0, 1.15, 1.3, 0.85, 1.0]


def test_the_values_grow_with_the_interface_size(tmp_path: Path) -> None:
    set_language("en")
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    heights = []
    for scale in (1.0, 1.15, 1.3):
        app.settings.ui_scale = scale
        scene = app.go("settings")
        assert isinstance(scene, SettingsScene)
        first = scene.row_widgets[0]
        heights.append((first.rect.h, first.size))
    assert heights == sorted(heights) and len(set(heights)) == 3


def test_setup_rows_grow_scroll_and_stay_under_the_pointer(tmp_path: Path) -> None:
    set_language("en")
    from wizard.ui.scenes.setup import SetupScene
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    heights = {}
    for scale in (1.0, 1.15, 1.3):
        app.settings.ui_scale = scale
        setup = app.go("setup")
        assert isinstance(setup, SetupScene)
        heights[scale] = setup.rule_widgets[0].rect.h
    assert heights[1.0] < heights[1.15] < heights[1.3]
    seed_box = setup.rule_widgets[-1]
    assert not setup.rules_view.contains(seed_box.rect)        # 130 %: the rules overflow...
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=setup.rules_view.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    for _ in range(6):
        app.frame(0.0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert setup.rules_view.contains(setup.rule_widgets[-1].rect)   # ...and scroll
    switch = next(w for w in setup.rule_widgets if isinstance(w, Cycle) and setup.rules_view.contains(
        w.rect) and w.values == [False, True] and w.enabled)
    index = setup.rule_widgets.index(switch)
    pos = switch.rect.center
    states = []
    for _ in range(3):                     # each click changes this option, and it stays put
        click(app, pos)
        states.append(setup.rule_widgets[index].current)
        assert setup.rule_widgets[index].rect.collidepoint(pos)
    assert states == [True, False, True]


def test_the_keyboard_and_the_wheel_bring_every_settings_row_into_view(tmp_path: Path) -> None:
    set_language("en")
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    app.settings.ui_scale = 1.3
    scene = app.go("settings")
    assert isinstance(scene, SettingsScene)
    last = len(scene.row_widgets) - 1
    assert scene.lay.scrollable() and not scene.lay.visible(last)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
    app.frame(0.0, [down] * (last + 1))                  # focus on the last row: it scrolls into view
    assert scene.row_widgets[last].focused and scene.lay.visible(last)
    wheel_up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    app.frame(0.0, [wheel_up] * 20)
    assert scene.lay.visible(0) and scene.offset == 0.0
    click(app, scene.row_widgets[last].rect.center)       # out of view: the click reaches no row
    assert app.settings.confirm_play is False and app.top is scene


def test_the_display_row_stays_under_the_pointer_when_the_window_changes_size(tmp_path: Path) -> None:
    """Full screen changes the window's size; the Display row is laid out again where it was clicked."""
    set_language("en")
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    app.settings.ui_scale = 1.15
    sizes = iter([(1920, 1080), (1280, 800), (1920, 1080)])
    toggles = []

    def set_fullscreen(on: bool) -> None:        # what a real window does: another size
        toggles.append(on)
        app.fullscreen = on
        app.resize(*next(sizes))

    app.set_fullscreen = set_fullscreen  # type: ignore[method-assign]
    scene = app.go("settings")
    assert isinstance(scene, SettingsScene)
    display = next(w for w in scene.row_widgets if w.values == [False, True] and w.current is False
                   and "Window" in w.show(False))
    index = scene.row_widgets.index(display)
    pos = display.rect.center
    for _ in range(3):
        click(app, pos)
        assert scene.row_widgets[index].rect.collidepoint(pos)
    assert toggles == [True, False, True]
