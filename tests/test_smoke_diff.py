"""The smoke screens' pixel comparison (``python -m wizard.bench smoke-diff``, #36)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from wizard.bench.smoke_diff import compare_dirs, compare_png, report  # noqa: E402


def png(path: Path, size: tuple[int, int] = (8, 6), dots: tuple[tuple[int, int], ...] = ()) -> Path:
    surface = pygame.Surface(size)
    surface.fill((10, 20, 30))
    for dot in dots:
        surface.set_at(dot, (10, 20, 31))          # one unit of blue: still a difference
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def test_the_same_pixels_are_no_difference_and_one_unit_is(tmp_path: Path) -> None:
    a = png(tmp_path / "a" / "menu-en.png")
    assert compare_png(a, png(tmp_path / "b" / "menu-en.png")) is None
    d = compare_png(a, png(tmp_path / "c" / "menu-en.png", dots=((2, 1), (5, 4))))
    assert d is not None and (d.name, d.pixels, d.box) == ("menu-en", 2, (2, 1, 5, 4))
    resized = compare_png(a, png(tmp_path / "d" / "menu-en.png", size=(8, 7)))
    assert resized is not None and resized.box is None and resized.sizes == ((8, 6), (8, 7))


def test_the_folders_compare_by_name(tmp_path: Path) -> None:
    for name in ("menu-en", "setup-en", "history-fr"):
        png(tmp_path / "base" / f"{name}.png")
    png(tmp_path / "now" / "menu-en.png")
    png(tmp_path / "now" / "setup-en.png", dots=((0, 0),))
    png(tmp_path / "now" / "menu-de.png")
    differ, only_base, only_now, same = compare_dirs(tmp_path / "base", tmp_path / "now")
    assert [d.name for d in differ] == ["setup-en"] and same == 1
    assert only_base == ["history-fr.png"] and only_now == ["menu-de.png"]
    lines = report(differ, only_base, only_now, same)
    assert lines[:3] == ["identical: 1", "differ: 1", "  setup-en: 1 px in (0, 0, 0, 0)"]
