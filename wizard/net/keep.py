"""What a network table keeps on disk, in the data folder: the joiner's seat tokens (one per
table, to come back to the same seat) and the host's open tables (the port, the secret, the seats
open to joiners and their tokens, by game id, so that resuming the game reopens the same table).

The data folder may hold anything: a folder where the file should be, garbage, a huge file. Such a
thing is set aside (renamed next to itself, never deleted) and ``problem`` says so; the file is
then written anew. Nothing here raises for what the disk holds.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wizard.persistence.files.aside import DAMAGED, FOREIGN, move_aside
from wizard.persistence.files.atomic import write_bytes_atomic

log = logging.getLogger(__name__)

TOKENS_FILE = "net-seats.json"
TABLES_FILE = "net-tables.json"
MAX_BYTES = 256 * 1024          # far above what a few dozen tables take
MAX_ENTRIES = 64                # the oldest go first


def table_key(address: str, port: int, secret: int) -> str:
    """The name a table is kept under on the joiner's side."""
    return f"{address}:{port}:{secret}"


# how a kept seat was joined (``KeptSeat.how``)
LOCAL = "local"            # by the table's local code: its address, port and secret
INTERNET = "internet"      # by an internet code (kept under the table's own address, port, secret)
EARLIER = "earlier"        # kept by a version that did not note it, under 127.0.0.1: the bridge
                           # of an internet seat (a port of the program that closed), or a table
                           # hosted on this computer


@dataclass(frozen=True)
class KeptSeat:
    """A seat kept on the joiner's side, read from its key and entry."""

    key: str
    address: str
    port: int
    secret: int
    token: str | None
    name: str
    how: str                   # LOCAL, INTERNET or EARLIER
    playing: bool              # its game was under way when last heard of
    at: float | None           # when it was joined (time.time())


def kept_seat(key: str, entry: Any) -> KeptSeat | None:
    """The seat kept under ``key``, or None if that is not a table's (a foreign entry: left in
    the file, never used). Before seats joined over the internet were marked (``"internet"``),
    they were kept under the joiner's own bridge on 127.0.0.1; a seat kept unmarked under another
    address was a local one."""
    address, _s, rest = str(key).partition(":")
    port_text, _s, secret_text = rest.partition(":")
    try:
        ip = ipaddress.IPv4Address(address)
        port, secret = int(port_text), int(secret_text)
    except ValueError:
        return None
    if not isinstance(entry, dict) or not 0 < port < 65_536 or secret < 0:
        return None
    mark = entry.get("internet")
    how = INTERNET if mark is True else LOCAL if mark is False or not ip.is_loopback \
        else EARLIER
    name, at = entry.get("name"), entry.get("at")
    return KeptSeat(str(key), address, port, secret, token_of(entry),
                    name if isinstance(name, str) else "", how, entry.get("playing") is True,
                    float(at) if isinstance(at, int | float) and not isinstance(at, bool)
                    else None)


def newest_seat(data: dict[str, Any]) -> KeptSeat | None:
    """The seat kept last that is a table's (entries that are not are passed over, and kept)."""
    for key, entry in reversed(list(data.items())):
        seat = kept_seat(key, entry)
        if seat is not None:
            return seat
        log.warning("a kept seat that is not a table's, passed over: %.40r", key)
    return None


def earlier_seat(data: dict[str, Any], secret: int) -> KeptSeat | None:
    """A seat of the table with ``secret`` kept by an earlier version under the bridge of an
    internet seat (``EARLIER``), with its token: the joiner coming back by a new internet code
    takes its seat back with it."""
    for key, entry in reversed(list(data.items())):
        seat = kept_seat(key, entry)
        if seat is not None and seat.how == EARLIER and seat.secret == secret and seat.token:
            return seat
    return None


class Kept:
    """One small JSON object in a file of the data folder (``None``: kept in memory only)."""

    def __init__(self, data_dir: Path | None, name: str) -> None:
        self.path = None if data_dir is None else Path(data_dir) / name
        self.problem: str | None = None      # "foreign" | "damaged": what was set aside
        self.aside: Path | None = None
        self._memory: dict[str, Any] = {}

    def read(self) -> dict[str, Any]:
        """The object (empty when there is none, or when what was there is set aside)."""
        path = self.path
        if path is None:
            return dict(self._memory)
        if not os.path.lexists(path):
            return {}
        try:
            if path.is_symlink() or not path.is_file():
                return self._set_aside(FOREIGN, "not a plain file")
            if path.stat().st_size > MAX_BYTES:
                return self._set_aside(DAMAGED, "too big")
            data = json.loads(path.read_bytes().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
            return self._set_aside(DAMAGED, f"unreadable: {err}")
        except OSError as err:
            log.warning("%s cannot be read: %s", path, err)
            return {}
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            return self._set_aside(DAMAGED, "not an object of objects")
        return data

    def _set_aside(self, tag: str, why: str) -> dict[str, Any]:
        assert self.path is not None
        try:
            self.aside = move_aside(self.path, tag)
            self.problem = tag
            log.warning("%s set aside as %s: %s", self.path, self.aside, why)
        except OSError as err:
            self.problem = tag
            log.warning("%s (%s) could not be set aside: %s", self.path, why, err)
        return {}

    def write(self, data: dict[str, Any]) -> bool:
        """Keep ``data`` (the newest ``MAX_ENTRIES`` entries); False if the disk said no."""
        while len(data) > MAX_ENTRIES:
            data.pop(next(iter(data)))
        if self.path is None:
            self._memory = dict(data)
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(self.path) and (self.path.is_symlink() or not self.path.is_file()):
                self._set_aside(FOREIGN, "not a plain file")
            write_bytes_atomic(self.path, json.dumps(data, ensure_ascii=False).encode("utf-8"))
            return True
        except OSError as err:
            log.warning("%s not written: %s", self.path, err)
            return False

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry kept under ``key``."""
        return self.read().get(key)

    def put(self, key: str, entry: dict[str, Any]) -> bool:
        """Keep ``entry`` under ``key`` (as the newest)."""
        data = self.read()
        data.pop(key, None)
        data[key] = entry
        return self.write(data)

    def drop(self, key: str) -> None:
        """Forget ``key``."""
        data = self.read()
        if data.pop(key, None) is not None:
            self.write(data)


def joiner_tokens(data_dir: Path | None) -> Kept:
    """The joiner's seat tokens: ``{table_key: {"token": ..., "name": ...}}``."""
    return Kept(data_dir, TOKENS_FILE)


def host_tables(data_dir: Path | None) -> Kept:
    """The host's open tables: ``{game_id: {"port", "secret", "seats", "tokens"}}``."""
    return Kept(data_dir, TABLES_FILE)


def token_of(entry: dict[str, Any] | None) -> str | None:
    """The token in a kept entry, if it is one."""
    token = None if entry is None else entry.get("token")
    return token if isinstance(token, str) and 0 < len(token) <= 64 else None
