"""Write the application icon in every form a desktop wants, each size drawn by wizard/ui/art/icon.py
(vector art rendered at that size, not a scaled bitmap):

    assets/icon.png     256 px, the window icon
    assets/icon.ico     Windows: 16, 24, 32, 48, 64 and 256 px (32-bit BMP entries, 256 px as PNG)
    assets/icon.icns    macOS: 16 to 1024 px (PNG entries icp4 ... ic10)
    packaging/linux/icons/hicolor/NxN/apps/<app id>.png   Linux: the hicolor theme's sizes

Standard library and pygame only (no Pillow). Run from the repository root:
    SDL_VIDEODRIVER=dummy python assets/generate/make_icon.py
"""

from __future__ import annotations

import io
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ICO_SIZES = (16, 24, 32, 48, 64, 256)
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "org.wizardgame.wizard"
# .icns entries holding PNG data: (type, pixel size). ic11-ic14 are the @2x forms of 16-512.
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 512), ("ic14", 1024))


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
    header = struct.pack("<HHH", 0, 1, len(images))  # reserved, type 1 (icon), count
    entries, blobs = io.BytesIO(), io.BytesIO()
    offset = 6 + 16 * len(images)
    for size, data in images:
        dim = 0 if size >= 256 else size
        entries.write(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.write(data)
        offset += len(data)
    return header + entries.getvalue() + blobs.getvalue()


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple .icns file of PNG entries, from PNG data by pixel size."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    """Render and write every icon file."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from wizard.ui.art.icon import app_icon

    pygame.init()
    sizes = sorted(set(ICO_SIZES) | set(HICOLOR_SIZES) | {size for _kind, size in ICNS_TYPES})
    pngs = {size: png_bytes(app_icon(size)) for size in sizes}
    (ROOT / "assets" / "icon.png").write_bytes(pngs[256])
    # The 256 px entry as PNG (as Windows Vista and later read it): a 256 px BMP would be 256 KB.
    images = [(s, pngs[s] if s >= 256 else dib_bytes(app_icon(s))) for s in ICO_SIZES]
    (ROOT / "assets" / "icon.ico").write_bytes(ico_bytes(images))
    (ROOT / "assets" / "icon.icns").write_bytes(icns_bytes(pngs))
    hicolor = ROOT / "packaging" / "linux" / "icons" / "hicolor"
    for size in HICOLOR_SIZES:
        folder = hicolor / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{APP_ID}.png").write_bytes(pngs[size])
    print("wrote assets/icon.png, icon.ico, icon.icns and packaging/linux/icons/hicolor/*/apps/"
          f"{APP_ID}.png ({', '.join(map(str, HICOLOR_SIZES))} px)")


if __name__ == "__main__":
    main()
