"""The tests' own magic-wormhole servers: a mailbox server and a transit relay (the two PyPI
packages, run with ``python -m twisted``) on 127.0.0.1 only, never a public server."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from wizard.net.internet import Servers

LOOPBACK = "127.0.0.1"


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
    raise AssertionError(f"nothing listens on {address}:{port}")


def server_commands(folder: Path, address: str, mailbox_port: int,
                    relay_port: int) -> list[list[str]]:
    """The two servers' command lines (listening on ``address`` only)."""
    py = sys.executable
    return [
        [py, "-m", "twisted", "wormhole-mailbox",
         f"--port=tcp:{mailbox_port}:interface={address}",
         f"--channel-db={folder / 'mailbox.sqlite'}"],
        [py, "-m", "twisted", "transitrelay", f"--port=tcp:{relay_port}:interface={address}"],
    ]


@contextlib.contextmanager
def local_servers(folder: Path, *, direct: bool = True) -> Iterator[Servers]:
    """A mailbox server and a transit relay on 127.0.0.1 while the block runs."""
    mailbox_port, relay_port = free_port(), free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    procs = [subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
             for cmd in server_commands(folder, LOOPBACK, mailbox_port, relay_port)]
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


@contextlib.contextmanager
def loopback_only() -> Iterator[None]:
    """Dilation's direct connections on 127.0.0.1 only: its listener binds there and offers only
    that address (by default it listens on every interface and offers the machine's addresses)."""
    from wormhole._dilation import connector
    listen, addresses = connector.serverFromString, connector.Connector._get_listener_addresses

    def on_loopback(reactor: object, description: str) -> object:
        assert description == "tcp:0", description
        return listen(reactor, f"tcp:0:interface={LOOPBACK}")

    connector.serverFromString = on_loopback
    connector.Connector._get_listener_addresses = lambda self: [LOOPBACK]
    try:
        yield
    finally:
        connector.serverFromString = listen
        connector.Connector._get_listener_addresses = addresses
