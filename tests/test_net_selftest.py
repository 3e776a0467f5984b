"""``wizard --net-selftest``: two processes of the program play a whole game over a wormhole
through the test's own mailbox server and relay on 127.0.0.1 (what .ci/check-exe runs with the
frozen executables)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wormholes import local_servers


def test_two_processes_play_a_game_over_a_wormhole(tmp_path: Path) -> None:
    with local_servers(tmp_path) as servers:
        args = ["--mailbox", servers.mailbox, "--relay", servers.relay]
        host = subprocess.Popen([sys.executable, "-m", "wizard", "--net-selftest", "host", *args],
                                stdout=subprocess.PIPE, text=True)
        try:
            assert host.stdout is not None
            code = json.loads(host.stdout.readline())["code"]
            joiner = subprocess.run([sys.executable, "-m", "wizard", "--net-selftest", "join",
                                     code, *args], capture_output=True, text=True, timeout=120)
            out, _err = host.communicate(timeout=60)
        finally:
            if host.poll() is None:
                host.kill()
    got = json.loads(joiner.stdout.strip().splitlines()[-1])
    played = json.loads(out.strip().splitlines()[-1])
    assert joiner.returncode == 0 and host.returncode == 0, (joiner.stdout, joiner.stderr, out)
    assert played["over"] and got["over"] and got["relayed"]
    assert got["moves"] == played["moves"] and got["totals"] == played["totals"]
