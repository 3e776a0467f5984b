"""Screens have a lifecycle (#36): ``on_exit`` runs once when a screen leaves the stack, and the
table closes its worker there (no ``close_table`` callback needed from the game end)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui.app import Scene  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402


class Counting(Scene):
    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.exits = 0

    def on_exit(self) -> None:
        self.exits += 1


def test_on_exit_runs_once_on_pop_and_on_replace(tmp_path: Path) -> None:
    app = make_app(Prefs(tmp_path, use_store=False), size=(1024, 640), headless=True,
                   threaded=False, speed="off", lang="en")
    a, b = Counting(app), Counting(app)
    app.push(a)
    app.push(b)
    app.pop()
    assert (a.exits, b.exits) == (0, 1)
    app.go("menu")
    assert (a.exits, b.exits) == (1, 1)


def test_the_table_closes_its_worker_when_it_leaves(tmp_path: Path) -> None:
    app = make_app(Prefs(tmp_path, use_store=False), size=(1024, 640), headless=True,
                   threaded=False, speed="off", lang="en")
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("B", "easy"),
                                            Seat.ai("C", "easy")])
    table = app.go("table", session=s)
    closed: list[int] = []
    real = table.table.close
    table.table.close = lambda: (closed.append(1), real())[1]  # type: ignore[method-assign]
    app.go("menu")
    assert closed == [1]
