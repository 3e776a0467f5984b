"""Issue #27: the host is killed mid-round (SIGKILL, no goodbye), resumed from the Continue list
on the same data folder, and the joiners, who keep trying with their seat tokens, rejoin their
seats: the game continues at the same card and ends as the same game played in one process.

Four processes on 127.0.0.1 (``net_crash_child.py``): the host (the headless app's waiting screen
and saves, a person and a computer seat), two joiners, then the resumed host. The first host
stops dead after ``STOP`` moves (round 3, cards in every hand) and is killed there: every move a
joiner had seen was saved (``Session`` saves before it tells anyone; the last moves may be saved
and not yet sent when the kill comes, and then the joiner learns them on its return).

The host's ``Prefs`` writes in the background, as the program does (``wizard/ui/main.py``):
the host's ``NetHost`` waits for a step's save to be on disk before any joiner hears of it
(``before_send``). Without that wait, a host killed right after a quick run of moves came back 4
to 19 moves before what the joiners had been shown (tried by hand in 8 runs).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from netplay import JOINERS, reference

from wizard.engine import GameConfig

CHILD = Path(__file__).with_name("net_crash_child.py")
SEED = 4_242_027
STOP = 28                       # round 3 (8 + 12 moves before it), in its tricks
WAIT = 40.0                     # seconds for any one line of a child


def _spawn(*args: object) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, str(CHILD), *map(str, args)], text=True, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def _line(p: subprocess.Popen[str], timeout: float = WAIT) -> Any:
    """The child's next JSON line (killed, and the test fails, if none comes in time)."""
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(p.stdout.readline()),  # type: ignore[union-attr]
                              daemon=True)
    reader.start()
    reader.join(timeout)
    if not got or not got[0]:
        p.kill()
        raise AssertionError(f"{p.args[2]} said nothing in {timeout} s (exit {p.poll()})")
    return json.loads(got[0])


def test_a_killed_host_resumes_and_the_joiners_rejoin_at_the_same_card(tmp_path: Path) -> None:
    data = tmp_path / "host"
    procs: list[subprocess.Popen[str]] = []
    try:
        first = _spawn("host", data, SEED, STOP)
        procs.append(first)
        where = _line(first)
        joiners = {seat: _spawn("join", where["port"], where["secret"], seat, name)
                   for seat, name in JOINERS.items()}
        procs += joiners.values()
        frozen = _line(first)                  # stopped dead after STOP moves
        first.send_signal(signal.SIGKILL)      # the host crashes
        assert first.wait(timeout=10) == -signal.SIGKILL
        again = _spawn("resume", data, where["game_id"])
        procs.append(again)
        resumed = _line(again)
        seen = {seat: _line(j, 60.0) for seat, j in joiners.items()}
        played = _line(again)
        again.stdin.write("bye\n")  # type: ignore[union-attr]
        again.stdin.flush()  # type: ignore[union-attr]
        assert again.wait(timeout=20) == 0
        for j in joiners.values():
            assert j.wait(timeout=10) == 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(timeout=10)

    # the kill came mid-round, with cards in the joiners' hands
    assert frozen["moves"] >= STOP and frozen["round"] == 3
    assert frozen["phase"] in ("bid", "play")
    assert all(h not in ("None", "()", "[]") for h in frozen["hands"].values()), frozen
    # the resumed table: the same code (port and secret), at the same move, the same hands
    assert resumed["code"] == where["code"] and resumed["port"] == where["port"]
    assert resumed["moves"] == frozen["moves"] and resumed["round"] == frozen["round"]
    assert resumed["hands"] == frozen["hands"]
    for seat, got in seen.items():
        assert len(got["lost"]) == 1 and len(got["back"]) == 1, got     # lost once, back once
        lost, back = got["lost"][0], got["back"][0]
        assert lost["moves"] <= resumed["moves"]        # nothing it had seen was lost
        assert back["seat"] == seat == got["seat"]      # its own seat, by its token
        assert back["moves"] >= resumed["moves"]        # (the other joiner may be back first)
        assert back["hand"] == frozen["hands"][str(seat)]   # the cards the host had saved
        if lost["moves"] == frozen["moves"]:
            assert lost["hand"] == back["hand"]         # the cards it held when the host died
        # else the host's last steps were saved but not yet sent when it died (it saves before
        # it tells anyone): the joiner learns them on its return
    # the whole game is the game played in one process
    ref = reference(GameConfig(4, seed=SEED))
    assert played["actions"] == [str(a) for a in ref.record().actions]
    assert played["totals"] == list(ref.totals)
    for seat, got in seen.items():
        assert got["over"] and got["totals"] == list(ref.totals)
        assert got["history"] == str(ref.view(seat).history)
