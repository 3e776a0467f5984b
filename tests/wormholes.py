"""The tests' own magic-wormhole servers: a mailbox server and a transit relay (the two PyPI
packages, run with ``python -m twisted``) on 127.0.0.1 only, never a public server."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from wizard.net.servers import free_port, local_servers, server_commands, wait_listening

__all__ = ["free_port", "local_servers", "loopback_only", "server_commands", "wait_listening"]

LOOPBACK = "127.0.0.1"


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
