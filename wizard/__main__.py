"""``wizard`` / ``python -m wizard``: start the game (pygame is imported only when needed)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(prog="wizard", description="Wizard, the trick-taking game of predictions.")
    p.add_argument("--autoplay", action="store_true",
                   help="every seat played by the computer, in a real window, to the end")
    p.add_argument("--games", type=int, default=1, help="with --autoplay: how many games (default 1)")
    p.add_argument("--seed", type=int, default=None, help="seed of the (first) game: same deals again")
    p.add_argument("--speed", choices=("off", "fast", "normal", "slow"), default=None,
                   help="animation speed (overrides the setting)")
    p.add_argument("--players", type=int, choices=(3, 4, 5, 6), default=None,
                   help="number of players (autoplay; otherwise New game opens with it)")
    p.add_argument("--edition", choices=("classic", "magic", "camelot"), default=None,
                   help="the edition (autoplay; otherwise New game opens with it)")
    p.add_argument("--level", choices=("easy", "normal", "hard", "expert", "random"), default=None,
                   help="with --autoplay: every seat at this level (default: a mix)")
    p.add_argument("--smoke-test", action="store_true",
                   help="headless: draw every screen in every language, exit 0 or name what failed")
    p.add_argument("--screenshot-dir", type=Path, default=None,
                   help="write PNG screenshots here (smoke test; F12 in the game)")
    p.add_argument("--data-dir", type=Path, default=None, help="use this folder for settings and saves")
    p.add_argument("--lang", choices=("en", "fr", "ca"), default=None, help="language of the interface")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="resume the saved game straight away")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    p.add_argument("-v", "--verbose", action="store_true", help="log to the console")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run."""
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.smoke_test:
        from wizard.ui.smoke import run_smoke
        return run_smoke(args.screenshot_dir, data_dir=args.data_dir)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"wizard: bad --size {args.size!r}; use WIDTHxHEIGHT", file=sys.stderr)
            return 2
    from wizard.ui.main import run
    return run(autoplay=args.autoplay, games=max(1, args.games), seed=args.seed, speed=args.speed,
               players=args.players, edition=args.edition, level=args.level, data_dir=args.data_dir, lang=args.lang,
               resume=args.resume, size=size, screenshot_dir=args.screenshot_dir)


if __name__ == "__main__":
    sys.exit(main())
