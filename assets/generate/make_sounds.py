"""Synthesise the game's sound effects with the standard library only.

Run from the repository root:  python assets/generate/make_sounds.py [OUT_DIR]
It writes shuffle/deal/play/trick/round/win .wav files (22.05 kHz, 16-bit mono) to
assets/sounds/ by default. A fixed seed makes the output byte-identical on every run.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
NAMES = ("shuffle", "deal", "play", "trick", "round", "win")


def silence(seconds: float) -> list[float]:
    """A buffer of zeros."""
    return [0.0] * int(seconds * RATE)


def add(buf: list[float], src: list[float], at: float, gain: float = 1.0) -> None:
    """Mix `src` into `buf` starting at `at` seconds."""
    start = int(at * RATE)
    for i, v in enumerate(src):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += v * gain


def lowpass(src: list[float], cutoff: float) -> list[float]:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in src:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(src: list[float], cutoff: float) -> list[float]:
    """One-pole high-pass filter (the input minus its low-passed self)."""
    return [x - y for x, y in zip(src, lowpass(src, cutoff), strict=True)]


def noise(rng: random.Random, seconds: float) -> list[float]:
    """White noise."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def envelope(src: list[float], attack: float, decay: float) -> list[float]:
    """Linear attack then exponential decay (time constant `decay` seconds)."""
    out = []
    a = max(1, int(attack * RATE))
    for i, v in enumerate(src):
        t = i / RATE
        g = i / a if i < a else math.exp(-(t - attack) / decay)
        out.append(v * g)
    return out


def tone(freq: float, seconds: float, decay: float, partials: tuple[float, ...] = (1.0, 0.4, 0.15)) -> list[float]:
    """A bell-like tone: a few harmonics under an exponential decay."""
    n = int(seconds * RATE)
    tail = int(0.03 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(p * math.sin(2 * math.pi * freq * (k + 1) * t) for k, p in enumerate(partials))
        fade = min(1.0, t / 0.004, (n - i) / tail)
        out.append(v * math.exp(-t / decay) * fade)
    return out


def card_snap(rng: random.Random, length: float = 0.05, bright: float = 3500.0) -> list[float]:
    """One card flicking against another: a short band of noise."""
    return envelope(lowpass(highpass(noise(rng, length), 600.0), bright), 0.002, length / 4)


def shuffle(rng: random.Random) -> list[float]:
    """A riffle shuffle: many snaps speeding up, then a soft bridge."""
    buf = silence(0.9)
    t = 0.02
    gap = 0.03
    while t < 0.62:
        add(buf, card_snap(rng, 0.03, rng.uniform(2500.0, 4500.0)), t, rng.uniform(0.35, 0.6))
        t += gap * rng.uniform(0.7, 1.2)
        gap = max(0.011, gap * 0.94)
    add(buf, envelope(lowpass(noise(rng, 0.25), 900.0), 0.04, 0.07), 0.64, 0.9)
    return buf


def deal(rng: random.Random) -> list[float]:
    """A card slid off the deck."""
    swish = envelope(lowpass(highpass(noise(rng, 0.12), 1200.0), 5000.0), 0.03, 0.025)
    buf = silence(0.14)
    add(buf, swish, 0.0, 0.7)
    return buf


def play(rng: random.Random) -> list[float]:
    """A card put down on the felt: a soft thump and a tap."""
    buf = silence(0.18)
    add(buf, tone(140.0, 0.16, 0.03, (1.0, 0.3)), 0.0, 0.5)
    add(buf, card_snap(rng, 0.04, 2500.0), 0.0, 0.8)
    return buf


def trick(rng: random.Random) -> list[float]:
    """A trick gathered in, with a light two-note chime."""
    buf = silence(0.55)
    add(buf, envelope(lowpass(highpass(noise(rng, 0.2), 800.0), 3000.0), 0.06, 0.05), 0.0, 0.5)
    add(buf, tone(659.25, 0.4, 0.12), 0.08, 0.22)
    add(buf, tone(987.77, 0.4, 0.14), 0.16, 0.2)
    return buf


def round_end(rng: random.Random) -> list[float]:
    """The round is scored: a rising three-note arpeggio."""
    buf = silence(0.95)
    for k, f in enumerate((523.25, 659.25, 783.99)):
        add(buf, tone(f, 0.6, 0.2), 0.02 + k * 0.12, 0.22)
    return buf


def win(rng: random.Random) -> list[float]:
    """The game is won: a short fanfare ending on a held chord."""
    buf = silence(1.6)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for k, f in enumerate(notes):
        add(buf, tone(f, 0.35, 0.1, (1.0, 0.5, 0.25, 0.1)), 0.02 + k * 0.11, 0.2)
    for f in (523.25, 659.25, 783.99, 1046.5):
        add(buf, tone(f, 1.1, 0.45, (1.0, 0.35, 0.12)), 0.5, 0.14)
    return buf


SYNTHS: dict[str, Callable[[random.Random], list[float]]] = {
    "shuffle": shuffle, "deal": deal, "play": play, "trick": trick, "round": round_end, "win": win,
}


def write_wav(path: Path, samples: list[float]) -> None:
    """Normalise to -1 dBFS peak and write 16-bit mono PCM."""
    peak = max((abs(v) for v in samples), default=1.0) or 1.0
    gain = 0.89 / peak
    fade = min(len(samples), int(0.01 * RATE))
    frames = bytearray()
    for i, v in enumerate(samples):
        if i >= len(samples) - fade:
            v *= (len(samples) - i) / fade
        frames += struct.pack("<h", max(-32767, min(32767, round(v * gain * 32767))))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def generate(out_dir: Path) -> list[Path]:
    """Write every sound to `out_dir`; returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, name in enumerate(NAMES):
        rng = random.Random(1000 + i)
        path = out_dir / f"{name}.wav"
        write_wav(path, SYNTHS[name](rng))
        paths.append(path)
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "sounds"
    for p in generate(target):
        print(p, p.stat().st_size)
