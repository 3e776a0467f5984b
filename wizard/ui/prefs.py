"""The app's settings, saved game and history through the persistence ``Store`` (memory without it)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wizard.session import Seat, Session

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _MemorySettings:
    """Settings fields and defaults (CONTRACTS.md) for when persistence is missing."""

    language: str | None = None
    animation_speed: str = "normal"
    ai_pause_ms: int = 600
    sound: bool = True
    volume: float = 0.8
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    ui_scale: float = 1.0
    card_look: str = "classic"
    colourblind: bool = False
    confirm_play: bool = False
    last_setup: dict[str, Any] | None = None


class Prefs:
    """Settings plus the saved game and history, one object for the screens."""

    def __init__(self, data_dir: Path | None = None, use_store: bool = True) -> None:
        self.store: Any = None
        self.settings: Any = _MemorySettings()
        self.problems: list[Any] = []
        self._memory_save: Any = None
        self._memory_history: list[Any] = []
        if use_store:
            try:
                from wizard.persistence import Store
                self.store = Store(data_dir)
                self.settings = self.store.load_settings()
                self.problems = list(getattr(self.store, "problems", []))
            except ImportError:
                log.warning("persistence not available; settings kept in memory")
            except Exception:
                log.exception("cannot open the data directory; settings kept in memory")
                self.store = None

    def save_settings(self) -> None:
        """Write the settings (ignored without a store)."""
        if self.store is not None:
            try:
                self.store.save_settings(self.settings)
            except Exception:
                log.exception("saving settings failed")

    # ---- the game in progress ------------------------------------------------------------

    def save_game(self, session: Session) -> None:
        """Save the game in progress (called after every action)."""
        if self.store is None:
            self._memory_save = (session.record(), list(session.seats))
            return
        try:
            from wizard.persistence import SavedGame, SeatSpec
            seats = [SeatSpec(s.name, s.kind, s.level) for s in session.seats]  # type: ignore[arg-type]
            self.store.save_game(SavedGame(session.record(), seats))
        except Exception:
            log.exception("autosave failed")

    def load_game(self) -> tuple[Any, list[Seat]] | None:
        """(record, seats) of the saved game, or None."""
        if self.store is None:
            return self._memory_save  # type: ignore[no-any-return]
        try:
            saved = self.store.load_game()
        except Exception:
            log.exception("loading the saved game failed")
            return None
        if saved is None:
            return None
        return saved.record, [Seat(s.name, s.kind, s.level) for s in saved.seats]

    def clear_game(self) -> None:
        """Forget the game in progress."""
        self._memory_save = None
        if self.store is not None:
            try:
                self.store.clear_game()
            except Exception:
                log.exception("clearing the saved game failed")

    # ---- history -------------------------------------------------------------------------

    def finish_game(self, session: Session) -> None:
        """Record a finished game in the history and drop the save."""
        self.clear_game()
        if self.store is None:
            self._memory_history.append(session)
            return
        try:
            from wizard.persistence import HistoryEntry, SeatSpec
            seats = [SeatSpec(s.name, s.kind, s.level) for s in session.seats]  # type: ignore[arg-type]
            self.store.append_history(HistoryEntry.from_game(session.state, seats))
        except Exception:
            log.exception("writing history failed")

    def history(self) -> list[Any]:
        """Finished games (persistence ``HistoryEntry`` values), oldest first."""
        if self.store is None:
            return []
        try:
            return list(self.store.load_history())
        except Exception:
            log.exception("reading history failed")
            return []
