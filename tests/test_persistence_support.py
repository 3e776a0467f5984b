"""Shared helpers for the persistence tests (no tests here): seeded games, a populated data folder."""

from __future__ import annotations

import random
from pathlib import Path

from helpers import play_to_end

from wizard.engine import GameConfig, GameRecord, GameState, start
from wizard.persistence import HistoryEntry, SavedGame, Settings, Store
from wizard.session.seats import SeatSpec

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "persistence"
SEATS3 = (SeatSpec("Ana"), SeatSpec("Bo", "ai", "easy"), SeatSpec("Cy", "ai", "expert"))
GAME_ID = "g1"
GAME = f"games/{GAME_ID}.json"     # the file of ``saved_game()`` in the data folder
SEATS6 = (SeatSpec("Ana"),) + tuple(SeatSpec(n, "ai", "normal") for n in ("Bo", "Cy", "Di", "Ed", "Flo"))


def play(cfg: GameConfig, stop: int | None = None) -> GameState:
    """Seeded random legal moves, to the end or to ``stop`` actions."""
    rng = random.Random(cfg.seed)
    moves = random.Random(f"test:{cfg.seed}")
    state, _ = start(cfg, rng)
    return play_to_end(state, rng, moves,
                       until=None if stop is None else lambda s: len(s.actions) >= stop)


def saved_game(actions: int = 40, seed: int = 3) -> SavedGame:
    """A 3-player game in progress."""
    return SavedGame(GameRecord.of(play(GameConfig(players=3, seed=seed), actions)), SEATS3,
                     game_id=GAME_ID)


def finished_entry(seed: int = 1) -> HistoryEntry:
    """A finished 6-player game (10 rounds, short)."""
    return HistoryEntry.from_game(play(GameConfig(players=6, seed=seed)), SEATS6)


def custom_settings() -> Settings:
    """Settings that differ from the defaults in every field."""
    return Settings(language="fr", animation_speed="fast", ai_pause_ms=250, sound=False,
                    volume=0.5, fullscreen=True, window_size=[1920, 1080], ui_scale=1.25,
                    card_look="standard", colourblind=True, confirm_play=True,
                    last_setup={"players": 5, "names": ["Ana", "Bo"]})


def populate(data_dir: Path, history: int = 2) -> dict[str, bytes]:
    """Write settings, a game and ``history`` finished games; return each file's bytes."""
    store = Store(data_dir)
    store.save_settings(custom_settings())
    store.save_game(saved_game())
    for i in range(history):
        store.append_history(finished_entry(seed=i + 1))
    return {p.relative_to(data_dir).as_posix(): p.read_bytes()
            for p in data_dir.rglob("*") if p.is_file()}


def legacy_history(games: int) -> bytes:
    """A ``history.jsonl`` as earlier versions wrote it, of ``games`` finished games (seeds 1..)."""
    from wizard.persistence.files.atomic import dump_json
    return b"".join(dump_json(finished_entry(seed=i + 1).to_dict()) for i in range(games))


def start_up(data_dir: Path) -> tuple[Store, Settings, SavedGame | None, list[HistoryEntry]]:
    """What the program does at start: open the store and read every file."""
    store = Store(data_dir)
    return store, store.load_settings(), store.load_game(), store.load_history()


def asides(data_dir: Path, name: str, tag: str = "damaged") -> list[Path]:
    """The files set aside for ``name`` with ``tag``."""
    return sorted(data_dir.glob(f"{name}.{tag}-*"))
