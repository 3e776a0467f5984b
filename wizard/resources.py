"""Where the bundled data (assets/, locales/) lives: checkout, installed wheel or frozen build."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates(name: str) -> list[Path]:
    """Directories that may hold the data folder `name`, most specific first."""
    found: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        found.append(Path(meipass) / name)
        found.append(Path(meipass) / "wizard" / "_data" / name)
    found.append(_PACKAGE_DIR / "_data" / name)  # installed wheel (force-include)
    found.append(_PACKAGE_DIR.parent / name)  # source checkout: repo root
    return found


def _data_dir(name: str) -> Path:
    """The first existing candidate for data folder `name` (or the checkout path if none exists)."""
    candidates = _candidates(name)
    for path in candidates:
        if path.is_dir():
            return path
    return candidates[-1]


def assets_dir() -> Path:
    """The directory holding fonts, sounds and images."""
    return _data_dir("assets")


def locales_dir() -> Path:
    """The directory holding the gettext catalogs (<lang>/LC_MESSAGES/wizard.mo)."""
    return _data_dir("locales")


def asset_path(*parts: str) -> Path:
    """Path of a file inside the assets directory, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return assets_dir().joinpath(*parts)
