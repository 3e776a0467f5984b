"""Crash test: SIGKILL a child that plays several games in progress, saving after every action.

After every kill each game must resume to exactly the game replayed from its seed up to the
saved number of actions, no game may go backwards, and (with direct saves) no action whose
save had returned may be lost. The first run also migrates a ``game.json`` of the old layout.
``WIZARD_KILLS=120`` runs more kill points (the figure quoted in docs/data-folder.md).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import crash_child
import pytest

from wizard.engine import GameRecord
from wizard.persistence import ProblemKind, SavedGame, Store
from wizard.persistence.files.atomic import dump_json

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "crash_child.py"
KILLS = int(os.environ.get("WIZARD_KILLS", "24"))

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _same_game(a, b) -> None:
    assert a.phase == b.phase and a.round == b.round and a.dealer == b.dealer
    assert a.hands == b.hands
    assert a.bids == b.bids and a.tricks == b.tricks and a.totals == b.totals
    assert a.trump == b.trump and a.trick == b.trick and a.current == b.current
    assert a.history == b.history and a.actions == b.actions


def _legacy_game(folder: Path, seed: int, actions: int) -> None:
    """A ``game.json`` as the one-game versions wrote it, for the game of ``seed``."""
    state = crash_child.reference(seed, actions)
    data = SavedGame(GameRecord.of(state), crash_child.SEATS).to_dict()
    (folder / "game.json").write_bytes(dump_json(data))


class Progress:
    """What the parent knows: actions saved per game (from the files) and acknowledged (stdout)."""

    def __init__(self, seed: int) -> None:
        self.seeds = range(seed, seed + crash_child.GAMES)
        self.saved = dict.fromkeys(self.seeds, 0)
        self.acked = dict.fromkeys(self.seeds, 0)
        self.finished: set[int] = set()
        self.lost = 0
        self.points = 0

    def read_acks(self, out: bytes) -> None:
        for line in out.decode().splitlines():
            parts = line.split()
            if parts[:1] == ["saved"] and len(parts) == 3:   # a kill may cut the last line
                s, n = int(parts[1]), int(parts[2])
                self.acked[s] = max(self.acked[s], n)

    def check(self, folder: Path, count_lost: bool) -> None:
        """Open the folder as the next start would, and compare every game with its reference."""
        store = Store(folder)
        games = {g.record.config.seed: g for g in store.list_games()}
        history = store.load_history()
        assert all(p.kind is ProblemKind.MIGRATED for p in store.problems), store.problems
        seeds = [e.seed for e in history]
        assert len(seeds) == len(set(seeds)), "a game reached the history twice"
        for entry in history:
            ref = crash_child.reference(entry.seed, len(entry.record.actions))
            assert ref.is_terminal and tuple(ref.totals) == entry.totals
            _same_game(entry.replay(), ref)
            self.finished.add(entry.seed)
        for s in self.seeds:
            if s in self.finished:
                continue
            saved = games.get(s)
            n = 0 if saved is None else len(saved.record.actions)
            assert n >= self.saved[s], f"game {s} went back from {self.saved[s]} to {n}"
            if count_lost:
                self.lost += max(0, self.acked[s] - n)
            self.saved[s] = n
            if saved is not None:
                _same_game(saved.resume()[0], crash_child.reference(s, n))
        store.close()        # as the program ends: its history database is not left open
        self.points += 1     # while the next child writes to it


def _run(folder: Path, seed: int, extra: list[str],
         kill: tuple[int, float] | None) -> tuple[int, bytes]:
    """Run the child; with ``kill=(acks, delay)``, SIGKILL it ``delay`` seconds after its
    ``acks``-th acknowledged save. Counting saves, not seconds from the start, keeps the kills
    among the saves however slow the machine is (a busy CI machine once let a 0.25 s budget
    pass before any save had reached the disk, eight times in a row)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(CHILD), str(folder), str(seed)] + extra,
                             env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = b""
    if kill is not None:
        acks, delay = kill
        assert child.stdout is not None
        seen = 0
        while seen < acks:
            line = child.stdout.readline()
            if not line:                          # the child ended first
                break
            first += line
            seen += line.startswith(b"saved ")
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
    out, err = child.communicate(timeout=120)
    out = first + out
    assert child.returncode in (0, -signal.SIGKILL), err.decode()
    return child.returncode, out


@pytest.mark.parametrize("mode", ["direct", "background"])
def test_sigkill_at_random_moments_loses_no_game_and_no_action(tmp_path: Path, mode: str) -> None:
    timing = random.Random(f"20261124{mode}")
    extra = ["background"] if mode == "background" else []
    seed = 101
    _legacy_game(tmp_path, seed, 9)
    progress = Progress(seed)
    kills = KILLS if mode == "direct" else max(8, KILLS // 3)
    lost = finished = 0
    saved_points: list[int] = []
    for _ in range(kills):
        # a background save reaches the disk only when the busy game loop lets the writer
        # thread run: kill later there, anywhere in the ~1,600 actions of the three games
        kill = (timing.randint(1, 400 if mode == "direct" else 1600), timing.uniform(0.0, 0.03))
        code, out = _run(tmp_path, seed, extra, kill)
        progress.read_acks(out)
        progress.check(tmp_path, count_lost=mode == "direct")
        saved_points.append(sum(progress.saved.values()))
        if code == 0:          # every game finished: three new ones next time
            assert progress.finished >= set(progress.seeds)
            lost += progress.lost
            finished += len(progress.finished)
            seed += crash_child.GAMES
            progress = Progress(seed)
    code, out = _run(tmp_path, seed, extra, None)     # the last start plays every game out
    assert code == 0
    progress.read_acks(out)
    progress.check(tmp_path, count_lost=mode == "direct")
    assert progress.finished >= set(progress.seeds)
    lost += progress.lost
    finished += len(progress.finished)
    print(f"{mode}: {kills} kills with {crash_child.GAMES} games in progress, "
          f"{finished} games finished, actions lost: {lost}, saved before each kill: {saved_points}")
    assert lost == 0
    if mode == "direct":     # a direct save is on disk once acknowledged: the kills came among saves
        assert max(saved_points) > 9, "the child rarely got to save anything"
    leftovers = [p.name for p in tmp_path.iterdir()
                 if not p.name.startswith(".") and not p.name.startswith("game.json.migrated-")
                 and p.name not in ("games", "history.sqlite3", "history.sqlite3-wal",
                                    "history.sqlite3-shm")
                 and not p.name.startswith("history.backup-")]
    assert leftovers == []


@pytest.mark.parametrize("where", [f"{call}:{k}" for call in ("fsync", "replace")
                                   for k in (1, 2, 3, 5, 8, 13, 40)])
def test_sigkill_inside_the_save_code_loses_nothing(tmp_path: Path, where: str) -> None:
    """Killed at the K-th fsync or rename: the first ones migrate ``game.json``, then the saves."""
    seed = 301
    _legacy_game(tmp_path, seed, 9)
    progress = Progress(seed)
    code, out = _run(tmp_path, seed, [f"die-at={where}"], None)
    assert code == -signal.SIGKILL
    progress.read_acks(out)
    progress.check(tmp_path, count_lost=True)
    assert progress.saved[seed] >= 9, "the migrated game was lost"
    code, out = _run(tmp_path, seed, [], (40, 0.0))      # the next start resumes every game
    progress.read_acks(out)
    progress.check(tmp_path, count_lost=True)
    assert progress.lost == 0
    assert not (tmp_path / "game.json").exists()
