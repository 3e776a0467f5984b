"""``python -m wizard.bench smoke-diff --base REV``: the smoke test's screens at an earlier commit
and now, compared pixel by pixel (#36: "the smoke PNGs pixel-identical except where German or game
length add screens").

The earlier commit is checked out with ``git worktree add --detach`` in a temporary folder and its
``wizard --smoke-test --screenshot-dir`` run with this Python (its own ``wizard`` first on the
path); then this tree's. Each is heavy (every screen in every language, a quarter of an hour on a
busy machine): ``--base-dir``/``--now-dir`` compare folders already drawn, ``--keep DIR`` keeps
the PNGs. The report names each screen that differs (with how many pixels and where), each only
in one of the two, and a count of the identical ones; exit 0 when nothing differs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class Difference:
    """One screen drawn differently: its size at each side, the pixels that differ and the box
    (left, top, right, bottom, inclusive) around them (None when the sizes differ)."""

    name: str
    sizes: tuple[tuple[int, int], tuple[int, int]]
    pixels: int
    box: tuple[int, int, int, int] | None


def compare_png(a: Path, b: Path) -> Difference | None:
    """None when the two images hold the same pixels (RGBA), else what differs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    sa, sb = pygame.image.load(str(a)), pygame.image.load(str(b))
    if sa.get_size() != sb.get_size():
        return Difference(a.stem, (sa.get_size(), sb.get_size()), -1, None)
    w, h = sa.get_size()
    da, db = pygame.image.tobytes(sa, "RGBA"), pygame.image.tobytes(sb, "RGBA")
    if da == db:
        return None
    row = 4 * w
    pixels, left, top, right, bottom = 0, w, h, -1, -1
    for y in range(h):
        ra, rb = da[y * row:(y + 1) * row], db[y * row:(y + 1) * row]
        if ra == rb:
            continue
        xs = [x for x in range(w) if ra[4 * x:4 * x + 4] != rb[4 * x:4 * x + 4]]
        pixels += len(xs)
        left, right = min(left, xs[0]), max(right, xs[-1])
        top, bottom = min(top, y), max(bottom, y)
    return Difference(a.stem, ((w, h), (w, h)), pixels, (left, top, right, bottom))


def compare_dirs(base: Path, now: Path) -> tuple[list[Difference], list[str], list[str], int]:
    """(the screens that differ, the names only at the base, only now, how many are identical)."""
    before = {p.name: p for p in base.glob("*.png")}
    after = {p.name: p for p in now.glob("*.png")}
    differ = [d for name in sorted(before.keys() & after.keys())
              if (d := compare_png(before[name], after[name])) is not None]
    same = len(before.keys() & after.keys()) - len(differ)
    return differ, sorted(before.keys() - after.keys()), sorted(after.keys() - before.keys()), same


def draw(tree: Path, out: Path) -> None:
    """Run ``tree``'s smoke test with its screenshots in ``out`` (its own ``wizard`` first)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-m", "wizard", "--smoke-test", "--screenshot-dir",
                           str(out)], cwd=tree, env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"the smoke test of {tree} failed:\n{done.stderr[-3000:]}")


def report(differ: list[Difference], only_base: list[str], only_now: list[str],
           same: int) -> list[str]:
    lines = [f"identical: {same}", f"differ: {len(differ)}"]
    for d in differ:
        where = f"{d.pixels} px in {d.box}" if d.box else f"size {d.sizes[0]} -> {d.sizes[1]}"
        lines.append(f"  {d.name}: {where}")
    lines.append(f"only at the base: {len(only_base)}")
    lines += [f"  {n}" for n in only_base]
    lines.append(f"only now: {len(only_now)}")
    lines += [f"  {n}" for n in only_now]
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m wizard.bench smoke-diff", description=__doc__)
    p.add_argument("what", nargs="?")
    p.add_argument("--base", default="7a905c8", help="the earlier commit (default 7a905c8)")
    p.add_argument("--base-dir", type=Path, default=None, help="the base's PNGs, already drawn")
    p.add_argument("--now-dir", type=Path, default=None, help="this tree's PNGs, already drawn")
    p.add_argument("--keep", type=Path, default=None, help="draw into DIR/base and DIR/now")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wizard-smoke-diff-") as tmp:
        keep = args.keep or Path(tmp)
        base_dir, now_dir = args.base_dir, args.now_dir
        if base_dir is None:
            tree = Path(tmp) / "tree"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree),
                            args.base], check=True, capture_output=True)
            try:
                base_dir = keep / "base"
                draw(tree, base_dir)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(tree)], check=False, capture_output=True)
        if now_dir is None:
            now_dir = keep / "now"
            draw(ROOT, now_dir)
        differ, only_base, only_now, same = compare_dirs(base_dir, now_dir)
        print("\n".join(report(differ, only_base, only_now, same)))
    return 0 if not differ and not only_base else 1
