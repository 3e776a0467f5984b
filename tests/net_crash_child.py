"""One process of ``test_net_host_crash.py`` (issue #27: the host crashes mid-round), on
127.0.0.1 only. Each prints JSON lines on its standard output.

- ``host DATA SEED STOP``: the host as the program runs it, headless, with its saves and kept table
  in the data folder ``DATA``: the waiting screen (``NetHostScene``) opens the table for seats 2
  and 3 and takes the joiners in; then, as Start does, the table is kept beside the save
  (``keep_table``) and the game is played by a ``Table`` over the ``Session`` (whose ``on_save``
  is the app's ``prefs.save_game``, as for any game). Prints ``{"port", "secret", "code",
  "game_id"}``; once the game has made ``STOP`` moves it stops dead (no more pumping: a frozen
  host), prints ``{"moves", "round", "phase", "hands"}`` and waits to be killed.
- ``resume DATA GAME_ID``: a new host on the same data folder resumes the game from the Continue
  list (``resume_scene`` reopens the table with its kept port, secret and tokens), waits on the
  waiting screen until both joiners are back, then plays on to the end. Prints ``{"code", "moves",
  "round", "hands"}`` at the resume, ``{"actions", "totals"}`` at the end, then serves on until a
  line comes on its standard input.
- ``join PORT SECRET SEAT NAME``: a joiner driving its own ``Table`` over ``RemoteGame`` with the
  deterministic choices of ``netplay.py``; when the connection is lost it tries again and again
  with its seat token (as the reconnect overlay does) until the host gives it its seat back.
  Prints ``{"lost": [...], "back": [...], "seat", "history", "totals", "over"}`` at the end.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parent))

from netplay import (  # noqa: E402
    JOINERS,
    LOOPBACK,
    SEATS,
    join,
    next_rounds,
    person_acts,
    say,
    table_for,
)

from wizard.engine import GameConfig  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402

LIMIT = 60.0


def _app(data: str):  # type: ignore[no-untyped-def]
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    app = make_app(Prefs(Path(data), background=True), size=(1280, 800), headless=True, threaded=False,
                   speed="off", lang="en")
    app.net_bind = LOOPBACK          # never anything else in tests
    app.net_port = 0                 # any free port
    return app


def _hands(session: Session) -> dict[str, str]:
    return {str(s): str(session.view(s).hand) for s in JOINERS}


def _wait_for_joiners(app, scene) -> None:  # type: ignore[no-untyped-def]
    """The waiting screen's frames until every remote seat has its player."""
    end = time.monotonic() + LIMIT
    while not scene.ready():
        if time.monotonic() > end:
            raise SystemExit("the joiners never came")
        app.frame(0.0)
        scene.host.wake.wait(0.01)


def _play(session: Session, host, stop: int | None) -> bool:  # type: ignore[no-untyped-def]
    """The host's table, as the table screen moves it (pump, follow ``host.remote``, tick); returns
    once the game is over (True) or has made ``stop`` moves (False)."""
    table = table_for(session, host.remote)
    end = time.monotonic() + LIMIT
    over = False
    try:
        while not over and time.monotonic() < end:
            if stop is not None and session.moves >= stop:
                return False
            busy = host.pump() > 0
            table.remote = host.remote
            table.tick(0.05)
            over |= next_rounds(table)
            if not (person_acts(table) or busy):
                host.wake.wait(0.002)
    finally:
        if over or stop is None:
            table.close()
    return over


def host(data: str, seed: int, stop: int) -> None:
    from wizard.ui.scenes.net_host import keep_table
    app = _app(data)
    session = Session.new(GameConfig(4, seed=seed), [SEATS[0], SEATS[1], Seat.human("Seat 3"),
                                                     Seat.human("Seat 4")],
                          on_save=app.prefs.save_game)
    scene = app.go("net_host_waiting", session=session, seats=sorted(JOINERS))
    h = scene.host
    say({"port": h.port, "secret": h.secret, "code": scene.code(),
         "game_id": app.prefs.game_id(session)})
    _wait_for_joiners(app, scene)
    scene.started = True            # Start, as NetHostScene.start does: keep the table, play
    scene.stop()
    h.hold = False                  # Start lets the joiners' moves in (N9)
    keep_table(app, session, h)
    _play(session, h, stop)
    say({"moves": session.moves, "round": session.round,
         "phase": session.view(0).phase.value, "hands": _hands(session)})
    time.sleep(LIMIT)               # frozen, until killed


def resume(data: str, game_id: str) -> None:
    from wizard.ui.scenes.net_host import NetHostScene, keep_table
    app = _app(data)
    listed = app.go("continue_list")
    game = next(g for g in listed.games if g.game_id == game_id)
    listed.resume(game)
    scene = app.top
    assert isinstance(scene, NetHostScene) and scene.host is not None, scene
    session, h = scene.game, scene.host
    say({"code": scene.code(), "port": h.port, "moves": session.moves, "round": session.round,
         "hands": _hands(session)})
    _wait_for_joiners(app, scene)
    scene.started = True
    scene.stop()
    h.hold = False
    keep_table(app, session, h)
    _play(session, h, None)
    say({"actions": [str(a) for a in session.record().actions], "totals": list(session.totals)})
    bye = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), bye.set()), daemon=True).start()
    while not bye.wait(0.01):
        h.pump()
    h.close()
    app.prefs.close()


if __name__ == "__main__":
    kind, args = sys.argv[1], sys.argv[2:]
    if kind == "host":
        host(args[0], int(args[1]), int(args[2]))
    elif kind == "resume":
        resume(args[0], args[1])
    else:
        join(int(args[0]), int(args[1]), int(args[2]), args[3], LIMIT)
