"""Release (issue #26): one version, the review self-test, the icons, the Linux desktop files, the
release script and the workflows. The builds themselves are checked by .ci/check-exe (Linux) and
by `.ci/release.py check` in the release workflow."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import struct
import subprocess
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import wizard
from wizard.__main__ import parser

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
APP_ID = "org.wizardgame.wizard"


def load(path: Path) -> types.ModuleType:
    """Import a script of the repository (not a package module) by its path."""
    spec = importlib.util.spec_from_file_location(path.stem.replace("-", "_"), path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


release = load(REPO / ".ci" / "release.py")
linux_files = load(REPO / "packaging" / "linux_files.py")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


# ---- one version ---------------------------------------------------------------------------------

def test_the_version_is_pyprojects() -> None:
    assert wizard.__version__ == VERSION
    assert release.version() == linux_files.version() == VERSION


def test_the_version_comes_from_the_metadata_outside_a_checkout(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A wheel or a frozen build has no pyproject.toml beside the package: the metadata answers."""
    package = tmp_path / "wizard"
    package.mkdir()
    (package / "__init__.py").write_text((REPO / "wizard" / "__init__.py").read_text(encoding="utf-8"))
    from importlib import metadata
    monkeypatch.setattr(metadata, "version", lambda name: "9.8.7" if name == "wizard" else "")
    spec = importlib.util.spec_from_file_location("wizard_copy", package / "__init__.py")
    assert spec and spec.loader
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    assert copy.__version__ == "9.8.7"
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "wizard"\nversion = "1.2.3"\n')
    spec.loader.exec_module(copy)
    assert copy.__version__ == "1.2.3", "in a checkout pyproject.toml wins"


def test_wizard_version_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"wizard {VERSION}"


def test_the_review_selftest_flag_is_hidden() -> None:
    assert parser().parse_args(["--review-selftest"]).review_selftest
    assert "review-selftest" not in parser().format_help()


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_the_about_line_shows_the_version(lang: str) -> None:
    from wizard.i18n import set_language
    from wizard.ui.scenes.menu import about_line

    set_language(lang)
    try:
        line = about_line()
    finally:
        set_language("en")
    assert line.endswith(VERSION) and line.startswith("Wizard")
    if lang != "en":
        assert line != f"Wizard {VERSION}", "translated"


def test_the_changelog_has_a_section_for_the_version() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog") and "## [Unreleased]" in text
    assert (VERSION, re.search(rf"## \[{re.escape(VERSION)}\] - (\S+)", text)[1]) in linux_files.releases(text)
    notes = release.release_notes(text, VERSION)
    assert "### Added" in notes and "## [" not in notes


def test_release_notes_of_a_missing_version_fail() -> None:
    with pytest.raises(SystemExit, match="no section for 9.9.9"):
        release.release_notes("# Changelog\n\n## [0.1.0] - 2026-01-01\n\n- x\n", "9.9.9")


def test_a_tag_must_be_the_version() -> None:
    release.cmd_version(f"refs/tags/v{VERSION}")
    with pytest.raises(SystemExit, match="is not v"):
        release.cmd_version("v0.0.0-not-it")


# ---- the review in a child process ---------------------------------------------------------------

@pytest.mark.skipif(not os.environ.get("WIZARD_SLOW_TESTS"),
                    reason="slow (3-7 s; .ci/check-exe runs it in the one-file build): WIZARD_SLOW_TESTS=1")
def test_review_selftest_reviews_a_game_in_a_child_process() -> None:
    """What .ci/check-exe runs in the one-file build, here from the sources."""
    from wizard import selftest

    said: list[str] = []
    assert selftest.run(timeout=120, say=said.append) == 0
    (line,) = said
    assert line.startswith("review selftest: OK") and "child process" in line


def test_review_selftest_fails_when_no_review_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard import selftest

    said: list[str] = []
    assert selftest.run(timeout=0.0, say=said.append) == 1
    assert said and said[0].startswith("review selftest: FAILED: no review")


# ---- icons ---------------------------------------------------------------------------------------

def test_icns_holds_every_size_as_png() -> None:
    data = (REPO / "assets" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found: dict[str, tuple[int, int]] = {}
    at = 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack(">I", data[at + 4:at + 8])[0]
        found[kind] = png_size(data[at + 8:at + length])
        at += length
    assert at == len(data)
    make_icon = load(REPO / "assets" / "generate" / "make_icon.py")
    assert found == {kind: (size, size) for kind, size in make_icon.ICNS_TYPES}
    assert {"ic07", "ic08", "ic09", "ic10"} <= set(found)   # 128, 256, 512, 1024


def test_ico_holds_the_windows_sizes() -> None:
    data = (REPO / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = [data[6 + 16 * i] or 256 for i in range(count)]
    assert sizes == [16, 24, 32, 48, 64, 256]


@pytest.mark.parametrize("size", [16, 22, 24, 32, 48, 64, 128, 256, 512])
def test_hicolor_icon(size: int) -> None:
    png = REPO / "packaging" / "linux" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    assert png_size(png.read_bytes()) == (size, size)


# ---- Linux desktop files -------------------------------------------------------------------------

def desktop_entry() -> dict[str, str]:
    lines = (REPO / "packaging" / "linux" / f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def test_desktop_entry_starts_the_console_script_with_the_icon() -> None:
    entry = desktop_entry()
    assert entry["Exec"] in PYPROJECT["project"]["scripts"]
    assert entry["Icon"] == APP_ID and entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";") and "CardGame" in entry["Categories"].split(";")
    for lang in ("fr", "ca", "de"):
        assert entry[f"Comment[{lang}]"] != entry["Comment"]


def test_metainfo_names_the_version_screenshots_and_addresses(tmp_path: Path) -> None:
    written = linux_files.write(tmp_path, "https://github.com/someone/wizard")
    assert {p.relative_to(tmp_path).as_posix() for p in written} >= {
        f"share/applications/{APP_ID}.desktop", f"share/metainfo/{APP_ID}.metainfo.xml",
        f"share/icons/hicolor/256x256/apps/{APP_ID}.png"}
    root = ET.parse(tmp_path / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]
    assert [r.get("version") for r in root.iter("release")][0] == VERSION
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    assert root.findtext("project_license") and root.findtext("metadata_license") == "CC0-1.0"
    images = [e.text or "" for e in root.iter("image")]
    assert len(images) == len(linux_files.SCREENSHOT_LIST) >= 3
    for url in images:
        prefix = f"https://raw.githubusercontent.com/someone/wizard/v{VERSION}/packaging/screenshots/"
        assert url.startswith(prefix)
        assert png_size((REPO / "packaging" / "screenshots" / url.removeprefix(prefix)).read_bytes())[0] >= 1024
    assert root.find("url[@type='homepage']").text == "https://github.com/someone/wizard"  # type: ignore[union-attr]


def test_metainfo_needs_a_changelog_section_for_the_version() -> None:
    with pytest.raises(SystemExit, match="no section for"):
        linux_files.metainfo("https://github.com/a/b", "9.9.9", "## [0.1.0] - 2026-01-01\n")


@pytest.mark.parametrize("given, expected", [
    ("git@github.com:someone/wizard.git", "https://github.com/someone/wizard"),
    ("https://github.com/someone/wizard.git/", "https://github.com/someone/wizard"),
    ("https://codeberg.org/someone/wizard", "https://codeberg.org/someone/wizard"),
])
def test_repository_address(given: str, expected: str) -> None:
    assert linux_files.repo_url(given) == expected


def test_a_bad_repository_address_is_refused() -> None:
    with pytest.raises(SystemExit, match="--repo-url"):
        linux_files.repo_url("not a url")


# ---- the release script --------------------------------------------------------------------------

def test_checksums_file_lists_every_archive(tmp_path: Path) -> None:
    (tmp_path / "wizard-1-linux-x86_64-onefile.tar.gz").write_bytes(b"one")
    (tmp_path / "wizard-1-windows-x86_64-folder.zip").write_bytes(b"two")
    (tmp_path / "notes.md").write_text("not an archive")
    sums = release.cmd_checksums(tmp_path).read_text(encoding="utf-8").splitlines()
    assert sums == [f"{hashlib.sha256(b'one').hexdigest()}  wizard-1-linux-x86_64-onefile.tar.gz",
                    f"{hashlib.sha256(b'two').hexdigest()}  wizard-1-windows-x86_64-folder.zip"]


def test_checksums_of_an_empty_folder_fail(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no archives"):
        release.cmd_checksums(tmp_path)


def test_zip_keeps_the_layout(tmp_path: Path) -> None:
    import zipfile

    folder = tmp_path / "wizard-folder"
    (folder / "_internal").mkdir(parents=True)
    (folder / "wizard.exe").write_bytes(b"exe")
    (folder / "_internal" / "base_library.zip").write_bytes(b"lib")
    target = tmp_path / "out.zip"
    release.zip_tree(target, [(folder, "top/wizard"), (tmp_path / "wizard-folder" / "wizard.exe", "top/x.exe")])
    assert sorted(zipfile.ZipFile(target).namelist()) == [
        "top/wizard/_internal/base_library.zip", "top/wizard/wizard.exe", "top/x.exe"]


# ---- the workflows -------------------------------------------------------------------------------

def workflow(name: str) -> dict:  # type: ignore[type-arg]
    yaml = pytest.importorskip("ruamel.yaml")
    return yaml.YAML(typ="safe").load((REPO / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def test_release_workflow_builds_on_each_system_and_releases_with_checksums() -> None:
    flow = workflow("release.yml")
    assert flow["on"]["push"]["tags"] == ["v*"]
    build = flow["jobs"]["build"]
    runners = [m["os"] for m in build["strategy"]["matrix"]["include"]]
    assert runners == ["ubuntu-latest", "windows-latest", "macos-latest", "macos-15-intel"]
    runs = [s["run"] for s in build["steps"] if "run" in s]
    for needed in ("version --tag", ".ci/release.py build", ".ci/release.py check",
                   ".ci/release.py package", ".ci/check-linux-files"):
        assert any(needed in r for r in runs), needed
    publish = " ".join(s.get("run", "") for s in flow["jobs"]["publish"]["steps"])
    assert "checksums" in publish and "gh release create" in publish
    assert flow["jobs"]["publish"]["permissions"] == {"contents": "write"}


def test_every_workflow_step_is_a_local_command() -> None:
    """A step is an action that sets up the runner, or a command a maintainer can run at home."""
    local = re.compile(r"^(python|bash|sudo apt-get|gh release)\b")
    for name in ("ci.yml", "release.yml"):
        for job in workflow(name)["jobs"].values():
            for step in job["steps"]:
                if "uses" in step:
                    assert step["uses"].split("@")[0] in {
                        "actions/checkout", "actions/setup-python", "actions/upload-artifact",
                        "actions/download-artifact"}, step
                else:
                    assert local.match(step["run"].strip()), (name, step["run"])


def test_ci_workflow_runs_ci_run_on_three_systems() -> None:
    job = workflow("ci.yml")["jobs"]["run"]
    assert job["strategy"]["matrix"]["os"] == ["ubuntu-latest", "windows-latest", "macos-latest"]
    assert any(s.get("run") == "bash .ci/run" for s in job["steps"])


def test_check_jsonschema_is_in_the_test_extra_and_ci_run_uses_it() -> None:
    assert any(d.startswith("check-jsonschema") for d in PYPROJECT["project"]["optional-dependencies"]["test"])
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "check-jsonschema\" --builtin-schema vendor.github-workflows .github/workflows/*.yml" in run
    assert ".ci/check-linux-files" in run


def test_ci_scripts_are_valid_bash() -> None:
    for name in ("run", "check-exe", "check-linux-files"):
        subprocess.run(["bash", "-n", str(REPO / ".ci" / name)], check=True)


# ---- one application id --------------------------------------------------------------------------

def test_one_application_id_everywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_packaging import run_spec

    assert wizard.APP_ID == APP_ID == linux_files.APP_ID
    assert load(REPO / "assets" / "generate" / "make_icon.py").APP_ID == APP_ID
    (bundle,) = run_spec(tmp_path, monkeypatch, "darwin").of("BUNDLE")
    assert bundle.kwargs["bundle_identifier"] == APP_ID
    assert desktop_entry()["StartupWMClass"] == APP_ID


def test_the_window_class_is_the_application_id(monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard.__main__ import name_the_window_class

    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "chosen-by-the-person")
    name_the_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "chosen-by-the-person"
