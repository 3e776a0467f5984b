"""A mailbox server and a transit relay of one's own (the PyPI packages
``magic-wormhole-mailbox-server`` and ``magic-wormhole-transit-relay``, run with ``python -m
twisted``), listening on one address: for the tests, the bench and play-tests on 127.0.0.1 (never
a public server). A club runs the same two commands on a machine the players can reach (README).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from .internet import Servers

LOOPBACK = "127.0.0.1"


def available() -> str | None:
    """Why the two servers cannot run here (None: they can)."""
    import importlib.util
    for module, package in (("wormhole_mailbox_server", "magic-wormhole-mailbox-server"),
                            ("wormhole_transit_relay", "magic-wormhole-transit-relay")):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed (pip install -e '.[test]')"
    return None


def free_port(address: str = LOOPBACK) -> int:
    with socket.socket() as s:
        s.bind((address, 0))
        return int(s.getsockname()[1])


def wait_listening(address: str, port: int, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection((address, port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {address}:{port}")


def server_commands(folder: Path, address: str, mailbox_port: int, relay_port: int,
                    usage_db: Path | None = None) -> list[list[str]]:
    """The two servers' command lines, listening on ``address`` only (``usage_db``: the relay
    records each connection's bytes there)."""
    py = sys.executable
    relay = [py, "-m", "twisted", "transitrelay", f"--port=tcp:{relay_port}:interface={address}"]
    if usage_db is not None:
        relay.append(f"--usage-db={usage_db}")
    return [
        [py, "-m", "twisted", "wormhole-mailbox",
         f"--port=tcp:{mailbox_port}:interface={address}",
         f"--channel-db={folder / 'mailbox.sqlite'}"],
        relay,
    ]


@contextlib.contextmanager
def local_servers(folder: Path, *, direct: bool = True,
                  usage_db: Path | None = None) -> Iterator[Servers]:
    """A mailbox server and a transit relay on 127.0.0.1 while the block runs."""
    mailbox_port, relay_port = free_port(), free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    procs = [subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
             for cmd in server_commands(folder, LOOPBACK, mailbox_port, relay_port, usage_db)]
    try:
        wait_listening(LOOPBACK, mailbox_port)
        wait_listening(LOOPBACK, relay_port)
        yield Servers(f"ws://{LOOPBACK}:{mailbox_port}/v1", f"tcp:{LOOPBACK}:{relay_port}",
                      direct=direct)
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
