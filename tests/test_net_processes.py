"""Three separate processes on 127.0.0.1 play a whole network game: the host (a person and a
computer seat) and two joiners driven by intents; the host's record and each joiner's view equal
the same game played in one process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from netplay import JOINERS, reference

from wizard.engine import GameConfig

CHILD = Path(__file__).with_name("net_proc_child.py")
SEED = 4_242_001


def _spawn(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(CHILD), *map(str, args)], text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def test_three_processes_play_the_game_played_in_one_process() -> None:
    host = _spawn("host", SEED)
    joiners: list[subprocess.Popen[str]] = []
    try:
        assert host.stdout is not None and host.stdin is not None
        where = json.loads(host.stdout.readline())
        joiners = [_spawn("join", where["port"], where["secret"], seat, name)
                   for seat, name in JOINERS.items()]
        seen = {}
        for j in joiners:
            out, _err = j.communicate(timeout=150)
            got = json.loads(out.strip().splitlines()[-1])
            seen[got["seat"]] = got
        played = json.loads(host.stdout.readline())
        host.stdin.write("bye\n")
        host.stdin.flush()
        assert host.wait(timeout=20) == 0
    finally:
        for p in (host, *joiners):
            if p.poll() is None:
                p.kill()
    ref = reference(GameConfig(4, seed=SEED))
    assert played["actions"] == [str(a) for a in ref.record().actions]
    assert played["totals"] == list(ref.totals)
    assert sorted(seen) == sorted(JOINERS)
    for seat, got in seen.items():
        assert got["over"] and got["totals"] == list(ref.totals)
        assert got["history"] == str(ref.view(seat).history)
