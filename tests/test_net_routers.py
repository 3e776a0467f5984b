"""The internet table across routers (#33): the host in one home behind its router (NAT), two
joiners in another home behind theirs, the mailbox server and the transit relay on an "internet"
between them (network namespaces made here: ``netns.py``). The homes cannot reach each other, so
the game goes through the relay; then the joiners' home loses its internet link for 20 s, and the
link comes back with a new address (its old connections are dead): Dilation makes a new one, and
the game goes on without a rejoin, equal to the game played in one process (about 50 s: the 20 s
outage, a whole game through the relay, and Dilation's 5 s pings noticing the dead connection).

Only addresses inside those namespaces are used. Where namespaces cannot be made (not Linux, not
root, no ``ip``/``nft``), the test says why and skips; ``.ci/run`` installs iproute2 and nftables.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from netns import INTERNET_MAILBOX, Homes, why_not
from netplay import JOINERS, reference
from wormholes import server_commands

from wizard.engine import GameConfig

CHILD = Path(__file__).with_name("wormhole_child.py")
SEED = 33_000_033
MAILBOX_PORT, RELAY_PORT = 4000, 4001
DOWN_S = 20.0

WHY = why_not()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"no network namespaces: {WHY}")


def _lines(proc: subprocess.Popen[str], into: queue.Queue[dict[str, object]]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{"):
            into.put(json.loads(line))


def _wait_listening(homes: Homes, address: str, port: int) -> None:
    probe = ("import socket,sys,time\nend=time.monotonic()+15\nwhile time.monotonic()<end:\n"
             " try:\n  socket.create_connection((sys.argv[1],int(sys.argv[2])),0.2).close();"
             " sys.exit(0)\n except OSError: time.sleep(0.05)\nsys.exit(1)")
    done = subprocess.run(homes.command("internet", [sys.executable, "-c", probe, address,
                                                     str(port)]))
    assert done.returncode == 0, f"nothing listens on {address}:{port} in the internet"


def test_across_two_routers_through_the_relay_and_a_20_s_outage(tmp_path: Path) -> None:
    homes = Homes().make()
    procs: list[subprocess.Popen[str]] = []
    try:
        for cmd in server_commands(tmp_path, "0.0.0.0", MAILBOX_PORT, RELAY_PORT):
            procs.append(subprocess.Popen(homes.command("internet", cmd), cwd=tmp_path,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                          text=True))
        _wait_listening(homes, INTERNET_MAILBOX, MAILBOX_PORT)
        _wait_listening(homes, INTERNET_MAILBOX, RELAY_PORT)
        servers = [f"ws://{INTERNET_MAILBOX}:{MAILBOX_PORT}/v1",
                   f"tcp:{INTERNET_MAILBOX}:{RELAY_PORT}"]
        host = subprocess.Popen(homes.command("home1", [sys.executable, str(CHILD), "host",
                                                        str(SEED), *servers]),
                                text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        procs.append(host)
        said: queue.Queue[dict[str, object]] = queue.Queue()
        threading.Thread(target=_lines, args=(host, said), daemon=True).start()
        codes = said.get(timeout=30)
        assert all(codes["codes"].values()), codes            # type: ignore[union-attr]
        joiners = []
        for seat, name in JOINERS.items():
            code = codes["codes"][str(seat)]                  # type: ignore[index]
            joiners.append(subprocess.Popen(
                homes.command("home2", [sys.executable, str(CHILD), "join", code, name,
                                        *servers]), text=True, stdout=subprocess.PIPE))
        procs += joiners
        while said.get(timeout=60).get("round") != 3:        # the game is under way: round 3
            pass
        homes.link(2, up=False)                                # the joiners' home goes offline
        down = time.monotonic()
        time.sleep(DOWN_S)
        stalled = not any("actions" in m for m in list(said.queue))   # it needs the joiners
        homes.link(2, up=True, address=3)            # back, with a new address
        outage = time.monotonic() - down
        seen = {}
        for j in joiners:
            out, _err = j.communicate(timeout=150)
            lines = [json.loads(x) for x in out.strip().splitlines() if x.startswith("{")]
            result, link = lines[-2], lines[-1]
            seen[result["seat"]] = (result, link)
        played = None
        while played is None:
            m = said.get(timeout=30)
            played = m if "actions" in m else None
        assert host.stdin is not None
        host.stdin.write("bye\n")
        host.stdin.flush()
        assert host.wait(timeout=20) == 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        homes.remove()
    assert outage >= DOWN_S and stalled
    ref = reference(GameConfig(4, seed=SEED))
    assert played["actions"] == [str(a) for a in ref.record().actions]
    assert played["totals"] == list(ref.totals)
    assert all("relay" in str(p) for p in played["peers"].values()), played["peers"]  # type: ignore[union-attr]
    assert sorted(seen) == sorted(JOINERS)
    for seat, (got, link) in seen.items():
        assert got["lost"] == [] and got["back"] == [], got    # no rejoin: Dilation carried on
        assert got["over"] and got["totals"] == list(ref.totals)
        assert got["history"] == str(ref.view(seat).history)
        assert "relay" in link["peer"], link
        assert link["reconnects"] >= 1, link    # the old connection died (new address): replaced
