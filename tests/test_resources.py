"""resources: assets/ and locales/ are found from a checkout, an installed wheel and a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from wizard import resources

REPO = Path(__file__).resolve().parents[1]


def test_checkout_layout() -> None:
    assert resources.assets_dir() == REPO / "assets"
    assert resources.locales_dir() == REPO / "locales"
    assert resources.asset_path("fonts", "DejaVuSans.ttf").is_file()


def test_wheel_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "wizard"
    (package / "_data" / "assets" / "fonts").mkdir(parents=True)
    (package / "_data" / "locales").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.assets_dir() == package / "_data" / "assets"
    assert resources.locales_dir() == package / "_data" / "locales"
    assert resources.asset_path("fonts", "x.ttf") == package / "_data" / "assets" / "fonts" / "x.ttf"


def test_frozen_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "bundle"
    (bundle / "assets").mkdir(parents=True)
    (bundle / "locales").mkdir()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", bundle / "wizard")
    assert resources.assets_dir() == bundle / "assets"
    assert resources.locales_dir() == bundle / "locales"


def test_frozen_flag_without_bundle_falls_back_to_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", False, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", "/nonexistent", raising=False)
    assert resources.assets_dir() == REPO / "assets"


def test_resources_does_not_import_pygame() -> None:
    source = Path(resources.__file__).read_text(encoding="utf-8")
    assert "pygame" not in source
