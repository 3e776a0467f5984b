"""Write the application icon: assets/icon.png (256 px) and assets/icon.ico (16-256 px, 32-bit BMP entries).

Run from the repository root:  SDL_VIDEODRIVER=dummy python assets/generate/make_icon.py
"""

from __future__ import annotations

import io
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ICO_SIZES = (16, 32, 48, 256)


def png_bytes(surface) -> bytes:  # type: ignore[no-untyped-def]
    """A surface encoded as PNG."""
    import pygame

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def dib_bytes(surface) -> bytes:  # type: ignore[no-untyped-def]
    """A 32-bit BGRA device-independent bitmap (bottom-up) with an empty AND mask, as .ico wants."""
    import pygame

    w, h = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    rows = []
    for y in range(h - 1, -1, -1):
        row = bytearray()
        for x in range(w):
            r, g, b, a = rgba[(y * w + x) * 4:(y * w + x) * 4 + 4]
            row += bytes((b, g, r, a))
        rows.append(bytes(row))
    mask_row = ((w + 31) // 32) * 4
    header = struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, w * h * 4 + mask_row * h, 0, 0, 0, 0)
    return header + b"".join(rows) + bytes(mask_row * h)


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An .ico file holding the given (size, image data) entries."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, blobs = io.BytesIO(), io.BytesIO()
    offset = 6 + 16 * len(images)
    for size, data in images:
        dim = 0 if size >= 256 else size
        entries.write(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.write(data)
        offset += len(data)
    return header + entries.getvalue() + blobs.getvalue()


def main() -> None:
    """Render and write both icon files."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from wizard.ui.art.icon import app_icon

    pygame.init()
    (ROOT / "assets" / "icon.png").write_bytes(png_bytes(app_icon(256)))
    images = [(s, dib_bytes(app_icon(s))) for s in ICO_SIZES]
    (ROOT / "assets" / "icon.ico").write_bytes(ico_bytes(images))
    print("wrote assets/icon.png and assets/icon.ico")


if __name__ == "__main__":
    main()
