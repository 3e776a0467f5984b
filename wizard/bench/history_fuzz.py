"""``python -m wizard.bench fuzz --mutations 20000 --seed 1``: the history database fuzzed through
the real start and every history screen (issue #34).

A data folder with a history of ``GAMES`` games (a stored review, a game in the journal) is made
once. Each mutation copies it, damages ``history.sqlite3`` (or its ``-wal``) one way, starts as the
program does (``Prefs``: the lock-free part of a start: settings, the database checked and
opened), then opens History (every row and each game's score pad, the stored review of each
game), Statistics and Progress (every name), headless at 1024x640, and finishes one more game.

Mutations, in turn: byte flips in the database file (1 to 16 bytes anywhere past its header),
byte flips in the journal, and SQL edits of rows (a hostile value in a random column of a random
table: wrong type, undecodable text, out-of-range numbers, zero-width or long names, NULL), one
row or every row.

Figures: escapes (an exception that reaches the caller: the player would see the program stop),
the slowest mutation (a hang shows there; each one is also stopped by an alarm after
``LIMIT_S``), how many starts told the player something, and how many left History short of
the games whose records still verify in the folder (``lost``: a game whose record verifies in
some file of the folder but is not listed).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sqlite3
import tempfile
import time
import traceback
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

GAMES = 8
LIMIT_S = 30.0
DB = "history.sqlite3"

HOSTILE = ("'2026-1q-28T12:00:00Z'", "'zzz'", "'robot'", "'\u200b'", "'" + "W" * 41 + "'",
           "'NaN'", "CAST(x'fffe41' AS TEXT)", "CAST(x'c328' AS TEXT)", "NULL", "-1", "0",
           "99999999999999", "1e400", "-1e400", "x'00ff'", "''", "' Anna'", "'human'", "'ai'",
           "'expert'", "1.5", "'1'", "9223372036854775807")


class Hung(BaseException):
    """A mutation ran past ``LIMIT_S`` (a BaseException: no ``except Exception`` swallows it)."""


def _alarm(_sig: int, _frame: Any) -> None:
    raise Hung()


def build(folder: Path) -> None:
    """The history every mutation starts from: ``GAMES`` games, the last one only in the
    journal, and a stored review."""
    from wizard.persistence.history.seed import seed_history
    store = seed_history(folder, GAMES - 1)
    db = store.history_db()
    assert db is not None
    with db.cursor() as conn:
        key = conn.execute("SELECT game_key FROM games WHERE id = 2").fetchone()[0]
        conn.execute("INSERT INTO reviews VALUES (?, 1, 'x', '{}')", (key,))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA wal_autocheckpoint=0")
    from wizard.persistence.history.seed import games
    last = next(iter(games(1, first=GAMES)))
    db.add(last)
    copy = folder.with_name(folder.name + "-copy")
    shutil.copytree(folder, copy)          # as a killed program leaves it: the -wal kept
    store.close()
    shutil.rmtree(folder)
    copy.rename(folder)


def _columns(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    out = []
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        for row in conn.execute(f"PRAGMA table_info({table})"):
            out.append((table, row[1]))
    return out


def mutate(folder: Path, rng: random.Random, k: int) -> str:
    """Damage the folder's database one way; a short name of what was done."""
    path = folder / DB
    kind = k % 3
    if kind == 2:
        conn = sqlite3.connect(path)
        try:
            table, col = rng.choice(_columns(conn))
            value = rng.choice(HOSTILE)
            where = "true" if rng.random() < 0.2 else \
                f"rowid IN (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)"
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = ? AND sql LIKE "
                            "'%WITHOUT ROWID%'", (table,)).fetchone():
                where = "true" if rng.random() < 0.3 else \
                    f"{col} IN (SELECT {col} FROM {table} ORDER BY random() LIMIT 1)"
            try:
                conn.execute(f"UPDATE OR IGNORE {table} SET {col} = {value} WHERE {where}")
                conn.commit()
            except sqlite3.Error:
                pass                     # a NOT NULL or key refused it: the file is as it was
            return f"sql {table}.{col}"
        finally:
            conn.close()
    target = path if kind == 0 else folder / (DB + "-wal")
    raw = bytearray(target.read_bytes())
    if len(raw) <= 100:
        return "none"
    for _ in range(rng.randint(1, 16)):
        raw[rng.randrange(100 if kind == 0 else 32, len(raw))] ^= 1 << rng.randrange(8)
    target.write_bytes(bytes(raw))
    return "flip db" if kind == 0 else "flip wal"


def verifying_keys(folder: Path) -> set[str]:
    """The digests of every game record that still verifies in any database file of the folder."""
    from wizard.persistence.history.db import line_digest
    found: set[str] = set()
    for p in folder.iterdir():
        if not p.is_file() or not p.name.startswith("history") or "-wal" in p.name \
                or "-shm" in p.name:
            continue
        try:
            conn = sqlite3.connect(f"{p.as_uri()}?mode=ro&immutable=1", uri=True)
        except sqlite3.Error:
            continue
        try:
            conn.text_factory = bytes
            rows = conn.execute("SELECT digest, line FROM records").fetchall()
        except (sqlite3.Error, UnicodeDecodeError):      # a damaged schema: nothing read here
            rows = []
        try:
            for digest, blob in rows:
                try:
                    line = zlib.decompress(blob)
                    if isinstance(digest, bytes) and line_digest(line) == digest.decode():
                        found.add(digest.decode())
                except (zlib.error, TypeError, UnicodeDecodeError):
                    continue
        except sqlite3.Error:
            pass
        finally:
            conn.close()
    return found


def run_one(app: Any, folder: Path) -> tuple[int, int]:
    """Start on ``folder`` and open every history screen; (games listed, problems told)."""
    from wizard.persistence.history.db import entry_line, line_digest
    from wizard.persistence.history.seed import games
    from wizard.service import Prefs
    from wizard.ui.scenes.history import HistoryScene
    prefs = Prefs(folder)
    app.prefs = prefs
    while len(app.scenes) > 1:
        app.pop()
    scene = HistoryScene(app)
    app.push(scene)
    app.frame(0.0)
    shown = len(scene.entries)
    listed: set[str] = set()
    for i in range(min(shown, 40)):
        scene.select(i)
        app.frame(0.0)
        entry = scene.entries.whole(i)
        if entry is not None:
            prefs.load_review(entry)
            listed.add(line_digest(entry_line(entry)))
    app.open("stats_progress")
    app.frame(0.0)
    for name in prefs.player_names():
        prefs.progress_of(name)
    prefs.stats()
    told = len(prefs.problems)
    if prefs.store is not None:          # and the game's end still records a game
        extra = next(iter(games(1, first=GAMES + 1)))
        prefs.store.finish_game(extra)
        listed.add(line_digest(entry_line(extra)))
    prefs.close()
    run_one.listed = listed  # type: ignore[attr-defined]
    return shown, told


def fuzz(mutations: int, seed: int, quiet: bool = False) -> dict[str, Any]:
    """Run ``mutations`` mutations; the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wizard.ui.routes import make_app
    rng = random.Random(seed)
    escapes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    told = lost = hung = missing_games = 0
    slowest = 0.0
    examples: list[str] = []
    old = signal.signal(signal.SIGALRM, _alarm)
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="wizard-fuzz-") as tmp:
        base = Path(tmp) / "base"
        build(base)
        from wizard.service import Prefs
        app = make_app(Prefs(Path(tmp) / "empty"), size=(1024, 640), speed="off", headless=True,
                       threaded=False, lang="en")
        app.go("menu")
        signal.signal(signal.SIGTERM, signal.SIG_DFL)   # SDL turns it into a quit event: a
        for k in range(mutations):                      # plain kill must stop the bench
            work = Path(tmp) / "w"
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(base, work)
            what = mutate(work, rng, k)
            kinds[what.split(".")[0]] += 1
            t0 = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, LIMIT_S)
            try:
                shown, problems = run_one(app, work)
            except Hung:
                hung += 1
                examples.append(f"{k} {what}: hung")
            except Exception as e:      # an escape: the player would see the program stop
                escapes[type(e).__name__] += 1
                if not quiet:
                    print(f"ESCAPE {k} {what}: {type(e).__name__}: {e}", flush=True)
                if len(examples) < 10:
                    examples.append(f"{k} {what}: {type(e).__name__}: {e}\n"
                                    + "".join(traceback.format_exc().splitlines(True)[-4:]))
            else:
                told += problems > 0
                verifying = verifying_keys(work)          # the bench's own count, after
                listed = getattr(run_one, "listed", set())
                missing = len(verifying - listed) if shown <= 40 else 0
                missing_games += missing
                if missing and not quiet:
                    print(f"MISSING {k} {what}: {missing} games verify in the folder but are "
                          f"not listed ({'told' if problems else 'nothing told'})", flush=True)
                if missing and not problems:
                    lost += 1
                    if len(examples) < 10:
                        examples.append(f"{k} {what}: {missing} verifying games not listed, "
                                        "nothing told")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            slowest = max(slowest, time.perf_counter() - t0)
            if not quiet and (k + 1) % 500 == 0:
                print(f"{k + 1} mutations, {sum(escapes.values())} escapes, {hung} hangs, "
                      f"{time.perf_counter() - t_start:.0f} s", flush=True)
    signal.signal(signal.SIGALRM, old)
    result = {"mutations": mutations, "escapes": sum(escapes.values()), "by_type": dict(escapes),
              "hangs": hung, "told": told, "lost_untold": lost,
              "verifying_games_not_listed": missing_games, "slowest_s": slowest,
              "kinds": dict(kinds), "seconds": time.perf_counter() - t_start,
              "examples": examples}
    if not quiet:
        for key, value in result.items():
            if key != "examples":
                print(f"{key}: {value}")
        for line in examples:
            print(line)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wizard.bench fuzz", description=__doc__)
    parser.add_argument("what", nargs="?")
    parser.add_argument("--mutations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args, _rest = parser.parse_known_args(argv)
    result = fuzz(args.mutations, args.seed)
    return 1 if result["escapes"] or result["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
