"""Where the data lives: platformdirs folders, the ``--data-dir`` override, and a path guard."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "WizardCardGame"


class PathError(ValueError):
    """A path that would leave the data folder."""


def default_data_dir() -> Path:
    """The user data folder for this program (not created here)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def default_log_dir() -> Path:
    """The user log folder for this program (not created here)."""
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def resolve_data_dir(override: str | Path | None = None) -> Path:
    """The data folder to use: ``--data-dir`` if given (``~`` expanded, made absolute), else the default."""
    if override is None or str(override) == "":
        return default_data_dir()
    return Path(override).expanduser().absolute()


def log_dir_for(data_dir_override: str | Path | None = None) -> Path:
    """The log folder: ``<data dir>/logs`` under a ``--data-dir`` override, else the user log folder."""
    if data_dir_override is None or str(data_dir_override) == "":
        return default_log_dir()
    return resolve_data_dir(data_dir_override) / "logs"


def inside(base: Path, name: str) -> Path:
    """``base / name`` for a plain file name, refusing anything that would resolve outside ``base``.

    >>> inside(Path("/data"), "settings.json").name
    'settings.json'
    >>> inside(Path("/data"), "../etc/passwd")
    Traceback (most recent call last):
    ...
    wizard.persistence.files.paths.PathError: not a plain file name: '../etc/passwd'
    """
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name \
            or Path(name).name != name or Path(name).is_absolute():
        raise PathError(f"not a plain file name: {name!r}")
    path = base / name
    root = base.resolve()
    real = path.resolve()
    if not real.is_relative_to(root):
        raise PathError(f"{path} leads outside the data folder")
    return path
