"""Sound effects: shuffle, deal, play, trick, round, win; silent when there is no audio device."""

from __future__ import annotations

import logging

import pygame

from wizard.resources import asset_path

log = logging.getLogger(__name__)

SOUND_NAMES = ("shuffle", "deal", "play", "trick", "round", "win")


class Sounds:
    """Plays the game's effects at a volume; never raises when audio is missing."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._available: bool | None = None  # decided on first use

    @property
    def available(self) -> bool:
        """Whether an audio device could be opened and the sounds loaded."""
        if self._available is None:
            self._available = self._init()
        return self._available

    def _init(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        except Exception as exc:  # pygame.error, or no mixer module at all: play silently
            log.info("no audio device, sound disabled: %s", exc)
            return False
        for name in SOUND_NAMES:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                log.warning("could not load sound %s: %s", path, exc)
        self._apply_volume()
        return True

    def _apply_volume(self) -> None:
        for snd in self._sounds.values():
            snd.set_volume(self.volume)

    def play(self, name: str) -> None:
        """Play the effect `name` (one of SOUND_NAMES) if sound is on and available."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {SOUND_NAMES}")
        if not self.enabled or self.volume <= 0.0 or not self.available:
            return
        snd = self._sounds.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except pygame.error as exc:  # pragma: no cover - device vanished mid-game
            log.info("sound %s not played: %s", name, exc)

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0.0 (silent) to 1.0."""
        self.volume = _clamp(volume)
        if self._available:
            self._apply_volume()

    def set_enabled(self, enabled: bool) -> None:
        """Turn sound on or off."""
        self.enabled = enabled
        if not enabled and self._available:
            try:
                pygame.mixer.stop()
            except pygame.error:  # pragma: no cover
                pass


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))
