"""The Linux desktop files of a release: the desktop entry, the AppStream metainfo and the icons.

    python packaging/linux_files.py OUT [--repo-url URL]
        writes OUT/share/applications/org.wizardgame.wizard.desktop,
               OUT/share/metainfo/org.wizardgame.wizard.metainfo.xml,
               OUT/share/icons/hicolor/NxN/apps/org.wizardgame.wizard.png
        (the layout of a prefix: `cp -r OUT/share ~/.local/` installs them for one person)
    python packaging/linux_files.py --screenshots SMOKE_DIR
        copies the chosen smoke-test screenshots (wizard --smoke-test --screenshot-dir SMOKE_DIR)
        into packaging/screenshots/, where the metainfo's screenshot addresses point

The metainfo is written from packaging/linux/org.wizardgame.wizard.metainfo.xml.in with the
version and the releases of CHANGELOG.md, and the addresses of the project's repository (its
screenshots at the release's tag). The repository comes from --repo-url, else from GitHub's
GITHUB_SERVER_URL/GITHUB_REPOSITORY (the release workflow), else from `git remote get-url origin`.
Standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from string import Template
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
SCREENSHOTS = ROOT / "packaging" / "screenshots"
APP_ID = "org.wizardgame.wizard"
# (file in packaging/screenshots, smoke-test screenshot it is copied from, caption); the first is
# the default one that software centres show.
SCREENSHOT_LIST = (
    ("table.png", "table-play-en.png", "A four-player game: the trick on the table, a card to play"),
    ("menu.png", "menu-en.png", "The main menu"),
    ("review.png", "review-game-en.png", "The post-game review: the points each decision cost"),
    ("setup.png", "setup-en.png", "New game: seats, computer levels, edition and variants"),
)
CHANGELOG_RELEASE = re.compile(r"^## \[(?P<version>[^\]]+)\] - (?P<date>\d{4}-\d{2}-\d{2})\s*$", re.M)


def version() -> str:
    """The version: `[project] version` in pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def releases(changelog: str) -> list[tuple[str, str]]:
    """(version, date) of every released section of a Keep-a-Changelog file, newest first."""
    return [(m["version"], m["date"]) for m in CHANGELOG_RELEASE.finditer(changelog)]


def repo_url(given: str | None) -> str:
    """The repository's https address (no trailing slash, no .git)."""
    url = given
    if not url and os.environ.get("GITHUB_REPOSITORY"):
        url = f"{os.environ.get('GITHUB_SERVER_URL', 'https://github.com')}/{os.environ['GITHUB_REPOSITORY']}"
    if not url:
        try:
            url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            url = ""
    if url.startswith("git@"):                              # git@github.com:owner/repo.git
        url = "https://" + url[4:].replace(":", "/", 1)
    url = url.rstrip("/").removesuffix(".git")
    if not re.fullmatch(r"https://[\w.-]+/[\w.-]+/[\w.-]+", url):
        raise SystemExit(f"linux_files: no repository address ({url or 'none found'}): give "
                         "--repo-url https://HOST/OWNER/REPO")
    return url


def raw_url(repo: str, ref: str, path: str) -> str:
    """The address of a file of the repository at ``ref``, as served without a web page around it."""
    if repo.startswith("https://github.com/"):
        return f"https://raw.githubusercontent.com/{repo.removeprefix('https://github.com/')}/{ref}/{path}"
    return f"{repo}/raw/{ref}/{path}"


def metainfo(repo: str, ver: str, changelog: str) -> str:
    """The AppStream metainfo text."""
    ref = f"v{ver}"
    shots = []
    for i, (name, _smoke, caption) in enumerate(SCREENSHOT_LIST):
        kind = ' type="default"' if i == 0 else ""
        shots.append(f"    <screenshot{kind}>\n      <caption>{escape(caption)}</caption>\n"
                     f"      <image>{escape(raw_url(repo, ref, f'packaging/screenshots/{name}'))}</image>\n"
                     f"    </screenshot>")
    known = releases(changelog)
    if not known:
        raise SystemExit("linux_files: CHANGELOG.md has no released version (## [X.Y.Z] - YYYY-MM-DD)")
    if ver not in {v for v, _d in known}:
        raise SystemExit(f"linux_files: CHANGELOG.md has no section for {ver}, the version of pyproject.toml")
    rel = "\n".join(f'    <release version="{escape(v)}" date="{d}">\n      <url type="details">{escape(repo)}/releases/tag/v{escape(v)}</url>\n    </release>'
                    for v, d in known)
    template = Template((LINUX / f"{APP_ID}.metainfo.xml.in").read_text(encoding="utf-8"))
    return template.substitute(app_id=APP_ID, repo=escape(repo), screenshots="\n".join(shots),
                               releases=rel)


def write(out: Path, repo: str) -> list[Path]:
    """Write the share/ tree under ``out``; the files written."""
    share = out / "share"
    written = []
    desktop = share / "applications" / f"{APP_ID}.desktop"
    desktop.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX / f"{APP_ID}.desktop", desktop)
    written.append(desktop)
    meta = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(metainfo(repo, version(), (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")),
                    encoding="utf-8")
    written.append(meta)
    for icon in sorted((LINUX / "icons").rglob("*.png")):
        target = share / icon.relative_to(LINUX)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon, target)
        written.append(target)
    return written


def copy_screenshots(smoke_dir: Path) -> None:
    """Copy the chosen smoke-test screenshots into packaging/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, smoke, _caption in SCREENSHOT_LIST:
        source = smoke_dir / smoke
        if not source.is_file():
            raise SystemExit(f"linux_files: {source} is missing (wizard --smoke-test --screenshot-dir DIR)")
        shutil.copyfile(source, SCREENSHOTS / name)
        print(f"packaging/screenshots/{name} <- {source}")


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    p = argparse.ArgumentParser(prog="python packaging/linux_files.py", description=__doc__.split("\n")[0])
    p.add_argument("out", nargs="?", type=Path, help="write OUT/share/...")
    p.add_argument("--repo-url", help="the repository's https address (default: GitHub's variables, git)")
    p.add_argument("--screenshots", type=Path, metavar="SMOKE_DIR",
                   help="copy the screenshots from a smoke test's screenshot folder")
    args = p.parse_args(argv)
    if args.screenshots:
        copy_screenshots(args.screenshots)
    if args.out:
        for path in write(args.out, repo_url(args.repo_url)):
            print(path)
    elif not args.screenshots:
        p.error("give OUT or --screenshots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
