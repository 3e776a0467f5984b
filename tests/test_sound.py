"""Sounds: generated files are reproducible and small; Sounds never raises without audio."""

from __future__ import annotations

import importlib.util
import logging
import wave
from pathlib import Path

import pygame
import pytest

from wizard.resources import asset_path
from wizard.ui.sound import SOUND_NAMES, Sounds

GENERATOR = Path(__file__).resolve().parents[1] / "assets" / "generate" / "make_sounds.py"


def _load_generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_sounds", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_sounds_exist_are_short_and_small() -> None:
    total = 0
    for name in SOUND_NAMES:
        path = asset_path("sounds", f"{name}.wav")
        with wave.open(str(path), "rb") as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            seconds = w.getnframes() / w.getframerate()
            assert 0.05 < seconds < 2.0
        total += path.stat().st_size
    assert total < 1_000_000


def test_generator_reproduces_committed_files_byte_identically(tmp_path: Path) -> None:
    gen = _load_generator()
    for path in gen.generate(tmp_path):
        assert path.read_bytes() == asset_path("sounds", path.name).read_bytes(), path.name


def test_sounds_play_with_dummy_audio_and_respect_settings() -> None:
    sounds = Sounds(enabled=True, volume=0.5)
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.set_volume(2.0)
    assert sounds.volume == 1.0
    sounds.set_volume(-1)
    assert sounds.volume == 0.0
    sounds.set_enabled(False)
    sounds.play("win")
    with pytest.raises(ValueError):
        sounds.play("boing")


def test_sounds_are_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch, caplog) -> None:  # type: ignore[no-untyped-def]
    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    sounds = Sounds()
    with caplog.at_level(logging.INFO, logger="wizard.ui.sound"):
        for name in SOUND_NAMES:
            sounds.play(name)
    assert sounds.available is False
    assert sum("no audio device" in r.getMessage() for r in caplog.records) == 1
