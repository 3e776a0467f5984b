"""The damaged-file matrix: every kind of file in the data folder, damaged in every way, at start.

Kinds: settings.json, each saved game (games/<id>.json, three of them), history.jsonl, the
history cache, the lock, and a game.json of the old layout. Damages: truncated, zero-filled,
byte-flipped, a directory, a symlink (to a file outside), too big, non-UTF-8, the wrong JSON
shape, a newer schema. Each case starts the program's persistence as a start does (the lock,
settings, the Continue list, the history), then plays on (saves a game, finishes one) and opens
the folder again. Nothing may raise, every other file must still read, and no byte of the data
files may be lost: each damaged file's bytes are still at their place or in a file set aside
(the lock's content is only a process id and the cache is derived data, rewritten by design).

The big case uses a few megabytes here; ``WIZARD_MATRIX_BIG=200`` uses that many MB (the figure
in docs/data-folder.md comes from that run).
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest
from test_persistence_support import finished_entry, populate, saved_game

from wizard.engine import GameRecord
from wizard.persistence import DataLock, SavedGame, Store
from wizard.persistence.files.atomic import dump_json

BIG_MB = int(os.environ.get("WIZARD_MATRIX_BIG", "5"))
GAME_IDS = ("g1", "g2", "g3")
KINDS = ("settings.json", "games/g1.json", "games/g2.json", "games/g3.json", "history.jsonl",
         "history.checked.json", "wizard.lock", "game.json")
DAMAGES = ("truncated", "zero-filled", "byte-flipped", "directory", "symlink", "big",
           "non-utf8", "wrong-shape", "newer-schema")
DERIVED = ("wizard.lock", "history.checked.json")    # content rewritten by design


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with settings, three games in progress, history, its cache, a lock, a game.json."""
    d = tmp_path_factory.mktemp("matrix-base")
    populate(d, history=2)
    store = Store(d)
    for i, gid in enumerate(GAME_IDS):
        g = saved_game(actions=20 + 10 * i, seed=3 + i)
        store.save_game(SavedGame(g.record, g.seats, game_id=gid))
    store.load_history()
    lock = DataLock(d)
    lock.acquire()
    lock.release()
    legacy = saved_game(actions=15, seed=9)
    (d / "game.json").write_bytes(dump_json(SavedGame(legacy.record, legacy.seats).to_dict()))
    return d


def _damage(path: Path, damage: str, outside: Path) -> bytes | None:
    """Damage ``path``; the bytes now at that place (None for a directory or a link)."""
    good = path.read_bytes() if path.is_file() else b'{"schema": 1}'
    rng = random.Random(f"{path.name}:{damage}")
    if damage in ("directory", "symlink"):
        path.unlink(missing_ok=True)
        if damage == "directory":
            path.mkdir()
            (path / "inside.txt").write_bytes(b"kept")
        else:
            outside.write_bytes(b"outside, never written")
            path.symlink_to(outside)
        return None
    if damage == "truncated":
        bad = good[:max(1, len(good) // 2)]
    elif damage == "zero-filled":
        bad = bytes(len(good))
    elif damage == "byte-flipped":
        raw = bytearray(good)
        for _ in range(max(1, len(raw) // 50)):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        bad = bytes(raw)
    elif damage == "big":
        line = b'{"schema": 1, "x": "' + b"z" * 200 + b'", "broken\n'
        bad = good + line * ((BIG_MB << 20) // len(line))
    elif damage == "non-utf8":
        bad = good[:10] + b"\xff\xfe\xc3\x28" + good[10:]
    elif damage == "wrong-shape":
        bad = b'[1, 2, {"schema": 1}]\n' if not path.name.endswith(".jsonl") \
            else b'[1, 2]\n"text"\n{"schema": 1, "record": 5}\n'
    elif damage == "newer-schema":
        bad = b'{"schema": 99, "from": "the future"}\n'
    else:
        raise ValueError(damage)
    path.write_bytes(bad)
    return bad


def _all_bytes(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]


def _start_and_play(d: Path) -> None:
    """What a session does: lock, read everything, save a game, finish one, read again."""
    lock = DataLock(d)
    try:
        lock.acquire()
        store = Store(d)
        store.load_settings()
        listed = store.list_games()
        store.load_history()
        game = saved_game(actions=30, seed=21)
        assert store.save_game(SavedGame(game.record, game.seats, game_id="new"))
        assert store.finish_game(finished_entry(5), "new")
        if listed:
            g = listed[-1]
            more = SavedGame(GameRecord(g.record.config, g.record.actions), g.seats,
                             g.created, game_id=g.game_id)
            assert store.save_game(more)
        store.save_settings(store.settings or store.load_settings())
    finally:
        lock.release()


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_damaged_file_never_crashes_nor_loses_data(base: Path, tmp_path: Path, kind: str,
                                                   damage: str) -> None:
    d = tmp_path / "data"
    shutil.copytree(base, d, symlinks=True)
    outside = tmp_path / "outside.txt"
    bad = _damage(d / kind, damage, outside)
    _start_and_play(d)                                   # raises on a crash
    again = Store(d)
    games = {g.game_id for g in again.list_games()}
    history = again.load_history()
    # every undamaged game in progress still resumes; the history keeps its good games
    for gid in GAME_IDS:
        if kind != f"games/{gid}.json":
            assert gid in games, f"{gid} lost after damaging {kind} ({damage})"
    assert len(history) >= (1 if kind == "history.jsonl" else 3)
    if bad is not None and kind not in DERIVED:
        kept = _all_bytes(d)
        if kind == "history.jsonl":       # newer lines stay in place among the new ones
            lines = {line for b in kept for line in b.splitlines()}
            assert bad in kept or set(bad.splitlines()) <= lines, f"{kind} ({damage}) lost"
        else:
            assert bad in kept, f"the damaged {kind} ({damage}) was not kept"
    if damage == "symlink":
        assert outside.read_bytes() == b"outside, never written"
    if damage == "directory":
        assert b"kept" in _all_bytes(d)
    # a second window is still refused
    first, second = DataLock(d), DataLock(d)
    try:
        assert first.acquire() and not second.acquire()
    finally:
        first.release()
        second.release()
