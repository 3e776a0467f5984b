"""Wizard, the trick-taking game of predictions, for the desktop.

The version has one source, ``[project] version`` in pyproject.toml: read from it in a checkout
(so an edit shows at once), otherwise from the installed package's metadata, which packaging
copied from it (a wheel, an editable install, and the frozen build, whose build.spec bundles that
metadata and refuses to build when it differs from pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path


def _read_version() -> str:
    """The version from pyproject.toml next to the package, else from the installed metadata."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        if data.get("project", {}).get("name") == "wizard":
            return str(data["project"]["version"])
    except (OSError, ValueError, KeyError):
        pass                    # not a checkout (a wheel, the frozen build): the metadata knows
    from importlib import metadata
    try:
        return metadata.version("wizard")
    except metadata.PackageNotFoundError:
        return "0+unknown"      # neither: a copy of the sources without their pyproject.toml


__version__ = _read_version()
# The application's id: the Linux desktop entry and AppStream id, the window's class (so a desktop
# shows the entry's name and icon for the window) and the macOS bundle id (build.spec).
APP_ID = "org.wizardgame.wizard"
