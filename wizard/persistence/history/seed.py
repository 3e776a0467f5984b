"""A long history of real games, made quickly (for the benchmark and the smoke test).

Every game is a real, legal, finished game: dealt from its seed and played to the end with
seeded random legal moves (the "fast seats"; about 300 four-player games a second). The seats
are Anna (a person) and computer players of every level, 3 to 6 at the table, the three
editions in turn, a game finished every few hours. The games go straight into the history
database, ``BATCH`` to a transaction; ``jsonl`` also writes the same games as the
``history.jsonl`` an earlier version would have kept, with its cache of replayed lines.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from wizard.engine import Edition, GameConfig, GameRecord, GameState, start
from wizard.persistence.games import SavedGame
from wizard.persistence.history.db import entry_line, line_digest
from wizard.persistence.history.entry import HistoryEntry
from wizard.persistence.history.verified import VerifiedCache
from wizard.persistence.store import Store
from wizard.session.seats import SeatSpec

BATCH = 500
LEVELS = ("random", "rulebid", "easy", "normal", "hard", "expert")
NAMES = ("Bruno", "Carme", "Didier", "Elena", "Ferran", "Gala", "Hugo", "Iris")
EDITIONS = (Edition.CLASSIC, Edition.MAGIC, Edition.CAMELOT)
START = datetime(2022, 1, 1, 18, 0, tzinfo=UTC)


def _seats(k: int, players: int) -> tuple[SeatSpec, ...]:
    """Anna and the computer seats of game ``k``: one level at the table in four games of five,
    a table of mixed levels in the fifth (Progress counts a game once: by level, or 'Mixed')."""
    def level(i: int) -> str:
        return LEVELS[(k * 7 + i) % len(LEVELS)] if k % 5 == 4 else LEVELS[k % len(LEVELS)]
    others = [SeatSpec(NAMES[(k + i) % len(NAMES)], "ai", level(i)) for i in range(players - 1)]
    return (SeatSpec("Anna"), *others)


def play(config: GameConfig, stop: int | None = None) -> GameState:
    """A game dealt from ``config.seed`` and played with seeded random legal moves."""
    seed = config.seed or 0
    rng = random.Random(seed)
    moves = random.Random(-1 - seed)
    state, _ = start(config, rng)
    while not state.is_terminal and (stop is None or len(state.actions) < stop):
        if state.is_chance:
            state.advance(rng)
        else:
            legal = state.legal_actions()
            state.apply(legal[int(moves.random() * len(legal))])
    return state


def games(count: int, first: int = 1) -> Iterator[HistoryEntry]:
    """Finished games ``first .. first + count - 1`` (the same ones for the same numbers)."""
    for k in range(first, first + count):
        players = 3 + k % 4
        cfg = GameConfig(players=players, edition=EDITIONS[k % 3], seed=10_000 + k)
        state = play(cfg)
        finished = START + timedelta(hours=7 * k, minutes=k % 60)
        yield HistoryEntry.from_game(state, _seats(k, players), finished - timedelta(minutes=40),
                                     finished)


def seed_history(folder: Path, count: int, jsonl: Path | None = None,
                 in_progress: int = 0) -> Store:
    """Fill ``folder``'s history with ``count`` games (and ``jsonl`` with the same games, if
    given); ``in_progress`` games in progress beside them. The store, open."""
    store = Store(folder)
    db = store.history_db()
    assert db is not None
    cache = VerifiedCache(jsonl.parent, "history.checked.json") if jsonl is not None else None
    out = open(jsonl, "wb") if jsonl is not None else None       # noqa: SIM115
    try:
        batch: list[tuple[HistoryEntry, bytes]] = []
        for entry in games(count):
            line = entry_line(entry)
            batch.append((entry, line))
            if out is not None and cache is not None:
                out.write(line + b"\n")
                cache.digests.add(line_digest(line))
            if len(batch) >= BATCH:
                db.add_many(batch)
                batch = []
        if batch:
            db.add_many(batch)
    finally:
        if out is not None:
            out.close()
    if cache is not None:
        cache.save(set(cache.digests))
    for k in range(in_progress):
        players = 3 + k % 4
        cfg = GameConfig(players=players, edition=EDITIONS[k % 3], seed=90_000 + k)
        state = play(cfg, stop=20 + (k * 37) % 200)
        saved = SavedGame(GameRecord.of(state), _seats(k, players), game_id=f"bench{k:04d}")
        store.save_game(saved)
    return store
