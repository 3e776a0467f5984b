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


def _table_counting_closes(tmp_path: Path):  # type: ignore[no-untyped-def]
    """An app showing a table whose ``close`` is counted: (app, the closes so far)."""
    app = make_app(Prefs(tmp_path, use_store=False), size=(1024, 640), headless=True,
                   threaded=False, speed="off", lang="en")
    s = Session.new(GameConfig(3, seed=5), [Seat.human("Ann"), Seat.ai("B", "easy"),
                                            Seat.ai("C", "easy")])
    table = app.go("table", session=s)
    closed: list[int] = []
    real = table.table.close
    table.table.close = lambda: (closed.append(1), real())[1]  # type: ignore[method-assign]
    return app, closed


def test_the_table_closes_its_worker_when_it_leaves(tmp_path: Path) -> None:
    app, closed = _table_counting_closes(tmp_path)
    app.go("menu")
    assert closed == [1]


# ---- a network table's sockets close where its screen leaves (#36: no close_table callback) ----

def _net_app(path: Path, port: int = 0):  # type: ignore[no-untyped-def]
    app = make_app(Prefs(path), size=(1024, 640), headless=True, threaded=False, speed="off",
                   lang="en")
    app.net_bind = "127.0.0.1"          # type: ignore[attr-defined]  (never anything else)
    app.net_port = port                 # type: ignore[attr-defined]
    return app


def _net_threads() -> list[str]:
    import threading
    return sorted(t.name for t in threading.enumerate()
                  if t.name.startswith(("wizard-net-host", "wizard-net-join")) and t.is_alive())


def _refused(port: int) -> bool:
    import socket
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) != 0


def _waiting(app, seats: int = 1):  # type: ignore[no-untyped-def]
    people = [Seat.human("Anna")] + [Seat.human(f"Seat {i + 2}") for i in range(seats)]
    session = Session.new(GameConfig(4, seed=77),
                          people + [Seat.ai("Merlin", "easy")] * (4 - len(people)),
                          on_save=app.prefs.save_game)
    from wizard.ui.scenes.net_host import NetHostScene
    scene = app.go("net_host_waiting", session=session, seats=list(range(1, seats + 1)))
    assert isinstance(scene, NetHostScene) and scene.host is not None
    return scene


def _started(app, waiting):  # type: ignore[no-untyped-def]
    """A joiner takes seat 1 and leaves again; Start; the host's table screen."""
    import time

    from wizard.net.client import RemoteGame
    from wizard.net.joincode import decode
    c = decode(waiting.code())
    joiner = RemoteGame(c.address, c.port, c.secret, "Núria")
    joiner.connect()
    end = time.monotonic() + 5
    while not waiting.ready():
        assert time.monotonic() < end, "the joiner was never seated"
        app.frame(0.0)
        time.sleep(0.005)
    waiting.start()
    joiner.close()
    return app.top


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_host_table_closes_when_its_screens_are_left_and_play_again_keeps_the_port(
        tmp_path: Path) -> None:
    from wizard.table import GameOver
    from wizard.ui.scenes.game_end import GameEndScene
    from wizard.ui.scenes.net_host import NetHostScene
    from wizard.ui.scenes.net_table import HostTableScene

    before = _net_threads()
    port = _free_port()
    app = _net_app(tmp_path, port)
    waiting = _waiting(app)
    host = waiting.host
    assert host.port == port and not _refused(port)
    table = _started(app, waiting)
    assert isinstance(table, HostTableScene) and table.host is host
    g = table.game
    table.show(GameOver(tuple(g.totals), (), tuple(g.names), g.config.seed))
    end = app.top
    assert isinstance(end, GameEndScene) and not hasattr(end, "close_table")
    end.again()                          # the old table stops listening before the new opens
    again = app.top
    assert isinstance(again, NetHostScene) and again.host is not host
    assert again.host is not None and again.host.port == port, "the same port, the same code"
    assert host._thread is None
    app.go("menu")                       # the waiting screen left any way: it stops listening
    assert _refused(port) and _net_threads() == before


def test_leaving_the_host_table_from_the_game_end_closes_its_host(tmp_path: Path) -> None:
    from wizard.table import GameOver

    before = _net_threads()
    app = _net_app(tmp_path)
    waiting = _waiting(app)
    host = waiting.host
    table = _started(app, waiting)
    g = table.game
    table.show(GameOver(tuple(g.totals), (), tuple(g.names), g.config.seed))
    app.top.menu()                       # Main menu: the table under the game end leaves
    assert _refused(host.port) and host._thread is None and _net_threads() == before


def test_the_join_screen_left_while_connecting_closes_the_connection(tmp_path: Path) -> None:
    from wizard.net.joincode import decode
    from wizard.ui.scenes.net_join import JoinScene

    before = _net_threads()
    host_app = _net_app(tmp_path / "host")
    waiting = _waiting(host_app)
    app = _net_app(tmp_path / "join")
    join = app.go("net_join", code=waiting.code(), name="Núria")
    assert isinstance(join, JoinScene)
    join.join()
    remote = join.remote
    assert remote is not None and decode(waiting.code()).port == remote.port
    app.go("menu")                       # not Back: any way out of the screen
    assert join.remote is None and (remote._thread is None or not remote._thread.is_alive())
    host_app.go("menu")
    assert _net_threads() == before


def test_closing_the_window_closes_every_screen(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pygame
    monkeypatch.setattr(pygame.display, "flip", lambda: None)    # a headless app has no window
    app, closed = _table_counting_closes(tmp_path)
    assert app.run(after_frame=lambda a: a.quit()) == 0
    assert closed == [1] and app.scenes == []
