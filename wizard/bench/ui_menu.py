"""``python -m wizard.bench ui --menu 1000``: the main menu and Continue with that many games in
progress: the first menu after start (every game read once), then each window resize and each
language change (the menu laid out again), and opening Continue. Wall-clock milliseconds."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path


def _fill(folder: Path, games: int) -> None:
    from wizard.bench.persistence import late_game
    from wizard.engine import GameRecord
    from wizard.persistence import SavedGame, Store
    from wizard.table import SeatSpec
    record = GameRecord.of(late_game(actions=120))
    seats = [SeatSpec("You"), SeatSpec("Merlin", "ai", "expert"), SeatSpec("Morgan", "ai", "hard")]
    store = Store(folder)
    for i in range(games):
        store.save_game(SavedGame(record, seats, game_id=f"bench-{i:05d}"))


def bench_menu(games: int = 1000, repeats: int = 20) -> dict[str, float]:
    """Print and return the figures (ms): first menu, layout p50/max, Continue."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wizard.i18n import DEFAULT_LANGUAGE, LANGUAGES, set_language, translated_languages
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    with tempfile.TemporaryDirectory(prefix="wizard-bench-menu-") as tmp:
        folder = Path(tmp)
        _fill(folder, games)
        set_language("en")
        t0 = time.perf_counter()
        prefs = Prefs(folder)
        app = make_app(prefs, size=(1280, 800), headless=True, threaded=False, speed="off",
                       lang="en")
        app.go("menu")
        app.frame(0.0)
        first = time.perf_counter() - t0
        layouts: list[float] = []
        sizes = ((1024, 640), (1280, 800), (1600, 900))
        for i in range(repeats):
            t0 = time.perf_counter()
            if i % 2:
                lang = (*translated_languages(), DEFAULT_LANGUAGE)[i % len(LANGUAGES)]
                set_language(lang)
                app._language_changed(lang)
            else:
                app.resize(*sizes[i % len(sizes)])
            app.frame(0.0)
            layouts.append(time.perf_counter() - t0)
        set_language("en")
        t0 = time.perf_counter()
        app.go("continue_list")
        app.frame(0.0)
        continue_s = time.perf_counter() - t0
        listed = len(prefs.games())
        prefs.close()
    ms = sorted(x * 1000 for x in layouts)
    result = {"games": float(listed), "first_ms": first * 1000, "layout_p50_ms": statistics.median(ms),
              "layout_max_ms": ms[-1], "continue_ms": continue_s * 1000}
    print(f"games in progress: {listed}")
    print(f"first menu after start ms: {result['first_ms']:.0f} (every game read and replayed once)")
    print(f"menu layout (resize or language change) ms p50: {result['layout_p50_ms']:.1f}")
    print(f"menu layout ms max: {result['layout_max_ms']:.1f}")
    print(f"Continue opened ms: {result['continue_ms']:.1f}")
    return result
