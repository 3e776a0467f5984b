"""Release builds on Windows, macOS and Linux, the same steps in the release workflow and at home.

    python .ci/release.py version [--tag TAG]   print the version (pyproject.toml); with --tag, fail
                                                unless TAG is v<version> (a release's tag)
    python .ci/release.py build                 pyinstaller build.spec (lower priority): dist/wizard,
                                                dist/wizard-folder/, and dist/Wizard.app on macOS
    python .ci/release.py check                 run each form of this system headless: its version,
                                                --smoke-test (screenshots written), and the one-file
                                                form's --review-selftest (the review's child process)
    python .ci/release.py package OUT           archive each form into OUT (named wizard-VERSION-
                                                SYSTEM-ARCH-FORM), with CHANGELOG.md; on Linux with
                                                the desktop entry, metainfo and icons under share/
    python .ci/release.py checksums DIR         write DIR/SHA256SUMS.txt for every archive in DIR
    python .ci/release.py notes                 print this version's section of CHANGELOG.md

Standard library only; run it with the project's virtual environment's Python (it holds PyInstaller).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import plistlib
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SYSTEM = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
EXE = "wizard.exe" if SYSTEM == "windows" else "wizard"
TIMEOUT = 900            # seconds for one run of a build (the smoke test draws every screen)
ARCHIVES = (".zip", ".tar.gz")
STAND_IN = "https://github.com/wizard-release-check/wizard"   # for archives made away from GitHub


def version() -> str:
    """`[project] version` of pyproject.toml."""
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


def arch() -> str:
    """This machine's architecture as release names say it: x86_64 or arm64."""
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def forms() -> dict[str, Path]:
    """The built forms of this system: name -> the executable to run."""
    found = {"onefile": DIST / EXE, "folder": DIST / "wizard-folder" / EXE}
    if SYSTEM == "macos":
        found["app"] = DIST / "Wizard.app" / "Contents" / "MacOS" / "wizard"
    return found


def say(message: str) -> None:
    print(f"release: {message}", flush=True)


def fail(message: str) -> None:
    raise SystemExit(f"release: FAILED: {message}")


def headless_env(home: Path) -> dict[str, str]:
    """The environment of a person with no display nor sound, their folders in ``home``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=str(home), USERPROFILE=str(home),
               APPDATA=str(home / "AppData" / "Roaming"), LOCALAPPDATA=str(home / "AppData" / "Local"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_STATE_HOME=str(home / ".local" / "state"))
    return env


def run_form(exe: Path, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    """Run a built executable from an unrelated folder, as a person would."""
    return subprocess.run([str(exe), *args], cwd=home, env=headless_env(home), capture_output=True,
                          text=True, timeout=TIMEOUT)


def cmd_version(tag: str | None) -> None:
    ver = version()
    if tag is not None:
        tag = tag.removeprefix("refs/tags/")
        if tag != f"v{ver}":
            fail(f"the tag {tag} is not v{ver}, the version of pyproject.toml")
    print(ver)


def cmd_build() -> None:
    if subprocess.run([sys.executable, "-c", "import PyInstaller"], capture_output=True).returncode:
        fail(f"no PyInstaller in {sys.executable}: pip install -e '.[build]'")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
               "build.spec"]
    if hasattr(os, "nice"):
        command = ["nice", *command]          # a build takes minutes: let the machine breathe
    t0 = time.monotonic()
    subprocess.run(command, cwd=ROOT, check=True)
    for name, exe in forms().items():
        if not exe.is_file():
            fail(f"the build made no {name} form ({exe})")
    say(f"built {', '.join(forms())} in {time.monotonic() - t0:.0f} s")


def check_metadata(exe: Path) -> None:
    """The version where this system keeps it: the exe's version resource, the bundle's Info.plist."""
    ver = version()
    if SYSTEM == "windows":
        script = f"(Get-Item '{exe}').VersionInfo.ProductVersion"
        out = subprocess.run(["powershell", "-NoProfile", "-Command", script], capture_output=True,
                             text=True, check=True).stdout.strip()
        if out != ver:
            fail(f"{exe} carries the version {out!r}, not {ver}")
        say(f"{exe.name}: version resource {out}")
    elif SYSTEM == "macos" and exe.parent.name == "MacOS":
        info = plistlib.loads((exe.parent.parent / "Info.plist").read_bytes())
        if info.get("CFBundleShortVersionString") != ver or not info.get("NSHighResolutionCapable"):
            fail(f"Info.plist: version {info.get('CFBundleShortVersionString')}, "
                 f"high-DPI {info.get('NSHighResolutionCapable')}")
        say(f"Wizard.app: Info.plist {info['CFBundleIdentifier']} {info['CFBundleShortVersionString']}")


def cmd_check() -> None:
    ver = version()
    with tempfile.TemporaryDirectory(prefix="wizard-release-") as tmp:
        for name, exe in forms().items():
            home = Path(tmp) / name
            home.mkdir()
            if not exe.is_file():
                fail(f"no {name} form at {exe}: build first")
            check_metadata(exe)
            if SYSTEM != "windows":            # a windowed Windows program has no stdout to read
                out = run_form(exe, ["--version"], home)
                if out.returncode != 0 or out.stdout.strip() != f"wizard {ver}":
                    fail(f"{name}: --version said {out.stdout.strip()!r} (exit {out.returncode})")
            t0 = time.monotonic()
            shots = home / "shots"
            out = run_form(exe, ["--smoke-test", "--data-dir", str(home / "data"),
                                 "--screenshot-dir", str(shots)], home)
            count = len(list(shots.glob("*.png")))
            if out.returncode != 0 or count == 0:
                fail(f"{name}: --smoke-test exit {out.returncode}, {count} screenshots\n"
                     f"{out.stdout[-2000:]}{out.stderr[-2000:]}")
            say(f"{name}: smoke test OK, {count} screenshots in {time.monotonic() - t0:.0f} s")
        exe = forms()["onefile"]
        home = Path(tmp) / "review"
        home.mkdir()
        t0 = time.monotonic()
        out = run_form(exe, ["--review-selftest", "--data-dir", str(home / "data")], home)
        if out.returncode != 0:
            fail(f"onefile: --review-selftest exit {out.returncode}\n{out.stdout[-2000:]}{out.stderr[-2000:]}")
        say(f"onefile: review in a child process OK in {time.monotonic() - t0:.0f} s: {out.stdout.strip()}")


def zip_tree(target: Path, sources: list[tuple[Path, str]]) -> None:
    """A zip of files and folders (each under its name in the archive), executable bits kept."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for source, name in sources:
            paths = [source] if source.is_file() else sorted(source.rglob("*"))
            for path in paths:
                if path.is_file():
                    arcname = name if path == source else f"{name}/{path.relative_to(source).as_posix()}"
                    archive.write(path, arcname)


def web_remote() -> bool:
    """True if the checkout's origin is a web address (what linux_files.py links the metainfo to)."""
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True,
                             text=True).stdout.strip()
    except OSError:
        return False
    return url.startswith(("https://", "git@"))


def cmd_package(out: Path, repo_url: str | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    ver = version()
    stem = f"wizard-{ver}-{SYSTEM}-{arch()}"
    changelog = ROOT / "CHANGELOG.md"
    made: list[Path] = []
    if SYSTEM == "linux":
        with tempfile.TemporaryDirectory() as tmp:
            command = [sys.executable, str(ROOT / "packaging" / "linux_files.py"), tmp]
            if repo_url:
                command += ["--repo-url", repo_url]
            elif not os.environ.get("GITHUB_REPOSITORY") and not web_remote():
                say(f"no repository address (not on GitHub, no web address as origin): the metainfo "
                    f"links to {STAND_IN}")
                command += ["--repo-url", STAND_IN]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            for form, payload, inside in (("onefile", DIST / EXE, EXE), ("folder", DIST / "wizard-folder", "wizard")):
                target = out / f"{stem}-{form}.tar.gz"
                top = f"{stem}-{form}"
                with tarfile.open(target, "w:gz") as tar:
                    tar.add(payload, arcname=f"{top}/{inside}")
                    tar.add(Path(tmp) / "share", arcname=f"{top}/share")
                    tar.add(changelog, arcname=f"{top}/CHANGELOG.md")
                made.append(target)
    elif SYSTEM == "windows":
        for form, payload, inside in (("onefile", DIST / EXE, EXE), ("folder", DIST / "wizard-folder", "wizard")):
            target = out / f"{stem}-{form}.zip"
            zip_tree(target, [(payload, f"{stem}-{form}/{inside}"), (changelog, f"{stem}-{form}/CHANGELOG.md")])
            made.append(target)
    else:
        target = out / f"{stem}-app.zip"          # ditto keeps the bundle's links and attributes
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(DIST / "Wizard.app"),
                        str(target)], check=True)
        made.append(target)
        target = out / f"{stem}-onefile.tar.gz"
        with tarfile.open(target, "w:gz") as tar:
            tar.add(DIST / EXE, arcname=f"{stem}-onefile/{EXE}")
            tar.add(changelog, arcname=f"{stem}-onefile/CHANGELOG.md")
        made.append(target)
    for path in made:
        say(f"{path.name}: {path.stat().st_size / 1048576:.1f} MB")
    return made


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cmd_checksums(folder: Path) -> Path:
    """`sha256sum -c SHA256SUMS.txt` checks the downloads (two spaces: binary-safe text form)."""
    archives = sorted(p for p in folder.iterdir() if p.is_file() and p.name.endswith(ARCHIVES))
    if not archives:
        fail(f"no archives in {folder}")
    target = folder / "SHA256SUMS.txt"
    target.write_text("".join(f"{sha256(p)}  {p.name}\n" for p in archives), encoding="utf-8")
    say(f"{target}: {len(archives)} archives")
    return target


def release_notes(changelog: str, ver: str) -> str:
    """The body of the ``## [ver] - date`` section of a Keep-a-Changelog text."""
    lines = changelog.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(f"## [{ver}]")), None)
    if start is None:
        fail(f"CHANGELOG.md has no section for {ver}")
        raise AssertionError  # (fail raises)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    body = [line for line in lines[start + 1:end] if not line.startswith("[")]  # link definitions
    return "\n".join(body).strip() + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python .ci/release.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("version")
    v.add_argument("--tag")
    sub.add_parser("build")
    sub.add_parser("check")
    pk = sub.add_parser("package")
    pk.add_argument("out", type=Path)
    pk.add_argument("--repo-url", help="the repository's address for the Linux metainfo's links")
    c = sub.add_parser("checksums")
    c.add_argument("folder", type=Path)
    sub.add_parser("notes")
    args = p.parse_args(argv)
    if args.command == "version":
        cmd_version(args.tag)
    elif args.command == "build":
        cmd_build()
    elif args.command == "check":
        cmd_check()
    elif args.command == "package":
        cmd_package(args.out, args.repo_url)
    elif args.command == "checksums":
        cmd_checksums(args.folder)
    else:
        print(release_notes((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
