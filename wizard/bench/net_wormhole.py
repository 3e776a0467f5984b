"""``python -m wizard.bench net --wormhole``: the network bench's games with the joiners over
magic-wormhole (#33), through a mailbox server and a transit relay of the bench's own on 127.0.0.1
(never a public server), direct connections off (every byte goes through the relay).

Figures: a card's latency from a joiner to the host and to the other joiner (through the relay:
the bridge on the joiner, Dilation, the relay, the bridge on the host); bytes per game (the
table's JSON lines, and what the relay carried both ways: Dilation's framing, encryption,
acknowledgements and pings included); the time from a typed code to the table (the wormhole
opened with the code, the host's invitation read, the ``RemoteGame`` welcomed).
"""

from __future__ import annotations

import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from wizard.bench.net import _pct, play_one
from wizard.net.host import NetHost
from wizard.net.internet import InternetJoin, InternetTable, Phase
from wizard.net.joincode import decode
from wizard.net.servers import LOOPBACK, available, local_servers


def _wait(done: object, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        if time.monotonic() > end:
            raise RuntimeError(f"timed out: {what}")
        time.sleep(0.001)


def main(argv: list[str] | None = None) -> int:
    """``python -m wizard.bench net --wormhole [--games N] [--frame S]``."""
    import argparse
    parser = argparse.ArgumentParser(prog="python -m wizard.bench net --wormhole")
    parser.add_argument("what", nargs="?")
    parser.add_argument("--wormhole", action="store_true")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--frame", type=float, default=0.0)
    args, _rest = parser.parse_known_args(argv)
    return bench(args.games, args.frame)


def bench(games: int, frame: float) -> int:
    """Print the figures; 0 if every game finished."""
    why = available()
    if why is not None:
        print(f"net --wormhole: cannot run: {why}")
        return 2
    with tempfile.TemporaryDirectory(prefix="wizard-bench-wormhole-") as tmp:
        folder = Path(tmp)
        usage = folder / "usage.sqlite"
        with local_servers(folder, direct=False, usage_db=usage) as servers:
            tables: dict[int, InternetTable] = {}
            joins: list[InternetJoin] = []
            typed: dict[int, float] = {}
            to_table: list[float] = []

            def reach(host: NetHost, seat: int, name: str) -> tuple[str, int, int]:
                net = tables.get(id(host))
                if net is None:
                    net = tables[id(host)] = InternetTable(host, servers)
                    net.open()
                _wait(lambda: net.code(seat) is not None, 10, "the seat's code")
                typed[seat] = time.perf_counter()          # the code is typed: Join
                w = InternetJoin(net.code(seat) or "", servers)
                w.open()
                joins.append(w)
                _wait(lambda: w.phase is Phase.READY, 10, "the wormhole")
                assert w.port is not None
                return LOOPBACK, w.port, decode(w.table_code or "").secret

            def joined(seat: int) -> None:
                to_table.append(time.perf_counter() - typed[seat])

            results = []
            for seed in range(1, games + 1):
                results.append(play_one(seed, frame, reach=reach, joined=joined))
                relayed = all("relay" in w.peer for w in joins)
                for w in joins:
                    w.close()
                for net in tables.values():
                    net.close()
                joins.clear()
                tables.clear()
            time.sleep(1.0)               # the relay writes each connection's usage as it ends
        relay_bytes = _relay_bytes(usage)
    host = [x for r in results for x in r.to_host]
    joiner = [x for r in results for x in r.to_joiner]
    print(f"net --wormhole: {games} games, 4 seats (host person + computer, 2 joiners over "
          f"wormholes), own mailbox server and transit relay on 127.0.0.1, relay only "
          f"(every joiner relayed: {relayed})")
    print(f"all finished: {all(r.ok for r in results)}")
    print(f"card on a joiner -> host: p50 {_pct(host, 0.5):.1f} ms, p95 {_pct(host, 0.95):.1f} ms "
          f"({len(host)} cards)")
    print(f"card on a joiner -> other joiner: p50 {_pct(joiner, 0.5):.1f} ms, "
          f"p95 {_pct(joiner, 0.95):.1f} ms ({len(joiner)} cards)")
    lines = statistics.mean(r.bytes for r in results)
    print(f"per game: {lines / 1024:.0f} KiB of the table's lines sent by the host; "
          f"the relay carried {relay_bytes / games / 1024:.0f} KiB (both ways, both joiners); "
          f"{statistics.mean(r.seconds for r in results):.2f} s a game")
    print(f"typed code -> at the table: p50 {_pct(to_table, 0.5):.0f} ms, "
          f"max {max(to_table) * 1000:.0f} ms ({len(to_table)} joins)")
    return 0 if all(r.ok for r in results) else 1


def _relay_bytes(usage: Path) -> int:
    """The bytes the transit relay carried (its usage database), 0 if it kept none."""
    try:
        with sqlite3.connect(usage) as db:
            row = db.execute("SELECT SUM(total_bytes) FROM usage").fetchone()
    except sqlite3.Error:
        return 0
    return int(row[0] or 0)
