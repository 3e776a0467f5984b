"""Simulate colour-vision deficiencies (Machado et al. 2009, severity 1) on colours or PNG images.

Run from the repository root:  python assets/generate/simulate_cvd.py SHEET.png [OUT_DIR]
writes SHEET-protanopia.png, SHEET-deuteranopia.png and SHEET-tritanopia.png, and prints how far
apart the four suit colours of each palette stay (CIE76 colour difference) under each deficiency.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

Colour = tuple[int, int, int]

MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _to_linear(c: int) -> float:
    v = c / 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(rgb: Colour, kind: str) -> Colour:
    """How a colour looks to someone with the deficiency `kind`."""
    m = MATRICES[kind]
    lin = [_to_linear(c) for c in rgb]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2]))


def lab(rgb: Colour) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: Colour, b: Colour) -> float:
    """CIE76 colour difference."""
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def min_separation(colours: list[Colour], kind: str | None) -> float:
    """The smallest colour difference between any two of `colours` as seen with `kind` (None = normal)."""
    seen = [simulate(c, kind) if kind else c for c in colours]
    return min(delta_e(a, b) for a, b in itertools.combinations(seen, 2))


def simulate_png(path: Path, out_dir: Path) -> list[Path]:
    """Write the three simulated versions of a PNG image."""
    import pygame  # only needed for images

    img = pygame.image.load(str(path))
    size = img.get_size()
    data = pygame.image.tobytes(img, "RGB")
    written = []
    for kind in MATRICES:
        cache: dict[bytes, bytes] = {}
        out = bytearray(len(data))
        for i in range(0, len(data), 3):
            px = data[i:i + 3]
            sim = cache.get(px)
            if sim is None:
                sim = bytes(simulate((px[0], px[1], px[2]), kind))
                cache[px] = sim
            out[i:i + 3] = sim
        target = out_dir / f"{path.stem}-{kind}.png"
        pygame.image.save(pygame.image.frombytes(bytes(out), size, "RGB"), str(target))
        written.append(target)
    return written


def report() -> None:
    """Print the suit-colour separations of every palette under every deficiency."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from wizard.ui.art.palette import CLASSIC, OKABE_ITO, STANDARD

    for name, pal in (("classic", CLASSIC), ("standard", STANDARD), ("colour-blind", OKABE_ITO)):
        colours = [pal[s].main for s in "BGRY"]
        seps = {k or "normal": round(min_separation(colours, k), 1) for k in (None, *MATRICES)}
        print(f"{name:13s} min dE76 between suits: {seps}")


if __name__ == "__main__":
    report()
    if len(sys.argv) > 1:
        src = Path(sys.argv[1])
        dest = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("/tmp")
        for p in simulate_png(src, dest):
            print(p)
