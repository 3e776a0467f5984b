"""Packaging: build.spec (run with PyInstaller stand-ins, no build), pyproject data, the wheel's contents.

The wheel test builds a wheel with `pip wheel` (a few seconds, needs the package index for hatchling):
it runs when WIZARD_SLOW_TESTS=1, or checks an already built wheel given as WIZARD_WHEEL=path
(.ci/check-exe does that); otherwise it is skipped.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
import types
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import wizard

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "build.spec"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
LANGUAGES = sorted(p.parent.parent.name for p in (REPO / "locales").glob("*/LC_MESSAGES/wizard.mo"))


@dataclass
class Target:
    """One PyInstaller target the spec asked for: its kind, arguments and the work folder in force."""

    kind: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    workpath: str
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = str(self.kwargs.get("name", ""))


@dataclass
class SpecRun:
    """What executing build.spec produced."""

    targets: list[Target]
    workpath: Path
    conf: dict[str, Any]

    def of(self, kind: str) -> list[Target]:
        """Every target of one kind (Analysis, PYZ, EXE, COLLECT, BUNDLE)."""
        return [t for t in self.targets if t.kind == kind]


def run_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str = "linux") -> SpecRun:
    """Execute build.spec as PyInstaller would, with recording stand-ins for its build classes."""
    work = tmp_path / "work"
    conf: dict[str, Any] = {"workpath": str(work)}
    targets: list[Target] = []

    def recorder(kind: str) -> type:
        class Recorded:
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                targets.append(Target(kind, args, kwargs, conf["workpath"]))
                self.scripts = [("wizard_launcher", "x", "PYSOURCE")]
                self.pure: list[Any] = []
                self.binaries = [("libSDL2.so", "/x/libSDL2.so", "BINARY")]
                self.datas = list(kwargs.get("datas", []))
        Recorded.__name__ = kind
        return Recorded

    fake_root = types.ModuleType("PyInstaller")
    fake_config = types.ModuleType("PyInstaller.config")
    fake_config.CONF = conf  # type: ignore[attr-defined]
    fake_utils = types.ModuleType("PyInstaller.utils")
    fake_hooks = types.ModuleType("PyInstaller.utils.hooks")
    fake_hooks.collect_submodules = lambda package: [  # type: ignore[attr-defined]
        "wizard", "wizard.__main__", "wizard.resources", "wizard.i18n_tools", "wizard.ui.app",
        "wizard.arena", "wizard.bench", "wizard.bench.ui", "wizard.bench.net"]
    fake_hooks.copy_metadata = lambda package: [  # type: ignore[attr-defined]
        (f"/site/{package}-{wizard.__version__}.dist-info", f"{package}-{wizard.__version__}.dist-info")]
    for name, module in (("PyInstaller", fake_root), ("PyInstaller.config", fake_config),
                         ("PyInstaller.utils", fake_utils), ("PyInstaller.utils.hooks", fake_hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    namespace: dict[str, Any] = {"__name__": "__main__", "__file__": str(SPEC),
                                 "SPECPATH": str(REPO), "workpath": str(work),
                                 "DISTPATH": str(tmp_path / "dist")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = recorder(kind)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return SpecRun(targets, work, conf)


def test_spec_is_valid_python() -> None:
    ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def test_spec_bundles_assets_and_compiled_catalogs(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch)
    (analysis,) = run.of("Analysis")
    metadata = [(src, dest) for src, dest in analysis.kwargs["datas"] if src.startswith("/site/")]
    assert metadata == [(f"/site/wizard-{wizard.__version__}.dist-info",
                         f"wizard-{wizard.__version__}.dist-info")], "the version's metadata"
    datas = {(Path(src).resolve().relative_to(REPO).as_posix(), Path(dest).as_posix())
             for src, dest in analysis.kwargs["datas"] if (src, dest) not in metadata}
    for font in (REPO / "assets" / "fonts").iterdir():
        assert (f"assets/fonts/{font.name}", "assets/fonts") in datas
    for sound in (REPO / "assets" / "sounds").glob("*.wav"):
        assert (f"assets/sounds/{sound.name}", "assets/sounds") in datas
    assert ("assets/icon.png", "assets") in datas
    assert ("assets/icon.icns", "assets") not in datas, "the macOS icon goes into the .app only"
    assert LANGUAGES and {"fr", "ca"} <= set(LANGUAGES)
    for lang in LANGUAGES:
        dest = f"locales/{lang}/LC_MESSAGES"
        assert (f"{dest}/wizard.mo", dest) in datas
    assert ("wizard/ai/coach_error.json", "wizard/ai") in datas, "the coach's measured error"
    sources = [src for src, _ in datas]
    assert not [s for s in sources if s.endswith((".py", ".po", ".pot"))], "sources are not data"


def test_spec_builds_one_file_and_one_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch)
    onefile, onedir = run.of("EXE")
    assert onefile.name == onedir.name == "wizard"
    assert not onefile.kwargs.get("exclude_binaries") and onedir.kwargs["exclude_binaries"] is True
    assert any(isinstance(a, list) and ("libSDL2.so", "/x/libSDL2.so", "BINARY") in a
               for a in onefile.args), "the one-file executable carries the libraries"
    (collect,) = run.of("COLLECT")
    assert collect.name == "wizard-folder"
    # Both are called "wizard": PyInstaller's intermediate archive is named after the executable, so
    # the one-folder executable must be built in a work folder of its own, and the setting restored.
    assert onedir.workpath != onefile.workpath == str(run.workpath)
    assert run.conf["workpath"] == str(run.workpath)
    assert onefile.kwargs["upx"] is False
    assert not run.of("BUNDLE")


def test_spec_entry_point_is_the_console_script(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch)
    (analysis,) = run.of("Analysis")
    (script,) = analysis.args[0]
    module, func = PYPROJECT["project"]["scripts"]["wizard"].split(":")
    text = Path(script).read_text(encoding="utf-8")
    assert f"from {module} import {func}" in text and f"sys.exit({func}())" in text
    assert "wizard.resources" in analysis.kwargs["hiddenimports"]  # i18n finds it by importlib
    assert "wizard.ui.app" in analysis.kwargs["hiddenimports"]
    for dev_tool in ("wizard.i18n_tools", "wizard.arena", "wizard.bench", "wizard.bench.ui",
                     "wizard.bench.net"):
        assert dev_tool not in analysis.kwargs["hiddenimports"]


def test_spec_excludes_what_the_game_does_not_need(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch)
    excludes = set(run.of("Analysis")[0].kwargs["excludes"])
    assert {"tkinter", "numpy", "pytest", "hypothesis", "babel", "pygame.tests",
            "pygame.examples", "wizard.bench", "wizard.i18n_tools"} <= excludes
    assert not excludes & {"pygame", "platformdirs", "gettext", "logging", "json", "wizard"}


@pytest.mark.parametrize("platform, windowed", [("linux", False), ("win32", True), ("darwin", True)])
def test_spec_windowed_on_windows_and_macos(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            platform: str, windowed: bool) -> None:
    run = run_spec(tmp_path, monkeypatch, platform)
    for exe in run.of("EXE"):
        assert exe.kwargs["console"] is (not windowed)
    assert bool(run.of("BUNDLE")) is (platform == "darwin")


def test_spec_windows_icon_and_version_resource(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch, "win32")
    for exe in run.of("EXE"):
        assert exe.kwargs["icon"] == [str(REPO / "assets" / "icon.ico")]
        version_file = Path(exe.kwargs["version"])
        text = version_file.read_text(encoding="utf-8")
        ast.parse(text)  # PyInstaller evaluates it as a VSVersionInfo(...) expression
        numbers = tuple(int(n) for n in wizard.__version__.split(".")[:3]) + (0,)
        assert f"filevers={numbers}" in text
        assert f"StringStruct('ProductVersion', '{wizard.__version__}')" in text
    assert (REPO / "assets" / "icon.ico").is_file()


def test_windows_version_file_loads_in_pyinstaller(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """PyInstaller's own loader reads the generated file and turns it into a version resource."""
    with pytest.MonkeyPatch.context() as spec_patch:  # the spec's stand-ins end with this block
        version_file = run_spec(tmp_path, spec_patch, "win32").of("EXE")[0].kwargs["version"]
    compat = pytest.importorskip("PyInstaller.compat")
    # versioninfo needs pefile and pywin32 only to patch executables; stand-ins let it load here.
    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    monkeypatch.setattr(compat, "win32api", types.ModuleType("win32api"), raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    from PyInstaller.utils.win32 import versioninfo

    monkeypatch.setitem(sys.modules, versioninfo.__name__, versioninfo)  # unloaded again afterwards
    info = versioninfo.load_version_info_from_text_file(version_file)
    assert isinstance(info, versioninfo.VSVersionInfo)
    raw = info.toRaw()
    assert wizard.__version__.encode("utf-16-le") in raw and len(raw) > 200


def test_spec_macos_bundle_carries_the_version(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(tmp_path, monkeypatch, "darwin")
    (bundle,) = run.of("BUNDLE")
    assert bundle.kwargs["version"] == wizard.__version__
    assert bundle.kwargs["info_plist"]["CFBundleShortVersionString"] == wizard.__version__


def test_spec_version_numbers() -> None:
    namespace: dict[str, Any] = {}
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    wanted = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "version_tuple"]
    exec(compile(ast.Module(body=wanted, type_ignores=[]), str(SPEC), "exec"), {"re": __import__("re")},
         namespace)
    version_tuple = namespace["version_tuple"]
    assert version_tuple("0.1.0") == (0, 1, 0, 0)
    assert version_tuple("2.10") == (2, 10, 0, 0)
    assert version_tuple("1.2.3rc4+local.7") == (1, 2, 3, 0)


def test_pyproject_force_includes_the_data() -> None:
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"] == {"assets": "wizard/_data/assets",
                                      "locales": "wizard/_data/locales"}
    assert "pyinstaller" in " ".join(PYPROJECT["project"]["optional-dependencies"]["build"]).lower()


def _wheel(tmp_path: Path) -> Path:
    given = os.environ.get("WIZARD_WHEEL")
    if given:
        return Path(given)
    out = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(REPO), "-w", str(out)],
                   check=True, timeout=300)
    (built,) = out.glob("wizard-*.whl")
    return built


@pytest.mark.skipif(not (os.environ.get("WIZARD_SLOW_TESTS") or os.environ.get("WIZARD_WHEEL")),
                    reason="slow (builds a wheel): set WIZARD_SLOW_TESTS=1 or WIZARD_WHEEL=path")
def test_wheel_contains_the_data(tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(_wheel(tmp_path)).namelist())
    assert "wizard/__main__.py" in names and "wizard/resources.py" in names
    for font in (REPO / "assets" / "fonts").glob("*.ttf"):
        assert f"wizard/_data/assets/fonts/{font.name}" in names
    for sound in (REPO / "assets" / "sounds").glob("*.wav"):
        assert f"wizard/_data/assets/sounds/{sound.name}" in names
    for lang in LANGUAGES:
        assert f"wizard/_data/locales/{lang}/LC_MESSAGES/wizard.mo" in names
    entry_points = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    assert entry_points, "no console script"
