"""``wizard`` / ``python -m wizard``: start the game (pygame is imported only when needed)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger("wizard")


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
    from wizard.ai.levels import level_names
    p.add_argument("--level", choices=level_names(), default=None,
                   help="with --autoplay: every seat at this level (default: a mix)")
    p.add_argument("--smoke-test", action="store_true",
                   help="headless: draw every screen in every language, exit 0 or name what failed")
    p.add_argument("--screenshot-dir", type=Path, default=None,
                   help="write PNG screenshots here (smoke test; F12 in the game)")
    p.add_argument("--data-dir", type=Path, default=None, help="use this folder for settings and saves")
    from wizard.i18n import LANGUAGES
    p.add_argument("--lang", choices=tuple(LANGUAGES), default=None, help="language of the interface")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="resume the saved game straight away")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    p.add_argument("--export-history", type=Path, default=None, metavar="FILE",
                   help="write every finished game to FILE as JSON lines, then exit")
    p.add_argument("--import-history", type=Path, default=None, metavar="FILE",
                   help="add the finished games of FILE (JSON lines, e.g. an export), then exit")
    p.add_argument("-v", "--verbose", action="store_true", help="log to the console")
    from wizard import __version__
    p.add_argument("--net-bind", default=None, metavar="ADDRESS",
                   help="a network table listens on this address only (e.g. 127.0.0.1; default: "
                        "this computer's private network address)")
    p.add_argument("--mailbox", default=None, metavar="URL",
                   help="the magic-wormhole mailbox server for internet codes (ws://host:port/v1; "
                        "'off': none; default: magic-wormhole's public one)")
    p.add_argument("--relay", default=None, metavar="URL",
                   help="the magic-wormhole transit relay (tcp:host:port; default: "
                        "magic-wormhole's public one)")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # A release check (.ci/check-exe, .ci/release.py): review a short game in a child process.
    p.add_argument("--review-selftest", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--net-selftest", nargs="+", default=None, help=argparse.SUPPRESS)
    return p


def start_logging(data_dir: Path | None) -> Path | None:
    """Log to a file in the user log folder (``<data dir>/logs`` with --data-dir, or the user log
    folder when that one cannot be written); the file or None."""
    try:
        from wizard.persistence import default_log_dir, log_dir_for, setup_logging
        path = setup_logging(log_dir_for(data_dir))
        if path is None and data_dir is not None:
            path = setup_logging(default_log_dir())
        return path
    except Exception as exc:        # no log file is no reason not to play
        log.warning("no log file: %s", exc)
        return None


def tell(message: str) -> None:
    """Say something to the person on the console, if there is one (a windowed build has none)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(message, file=stream)
    except (OSError, ValueError):
        pass


def name_the_window_class() -> None:
    """Give the window the class of the desktop entry (org.wizardgame.wizard), so a Linux desktop
    shows the entry's name and icon for it; before pygame is imported, which would otherwise name
    it after the program file ("__main__.py"). A class set by the person is kept."""
    import os

    from wizard import APP_ID
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        os.environ.setdefault(variable, APP_ID)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run; a failure is logged and said in plain words, never silent."""
    import multiprocessing
    multiprocessing.freeze_support()     # a frozen build's review process (wizard.review.job)
    name_the_window_class()
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    log_file = start_logging(args.data_dir)
    log.info("wizard starting: %s", " ".join(sys.argv[1:] if argv is None else argv))
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if getattr(exc, "plain", None):
            log.error("cannot start: %s", exc)
        else:
            log.exception("wizard stopped on an error")
        from wizard.i18n import _, set_language
        if args.lang:
            set_language(args.lang)
        plain = getattr(exc, "plain", None) or _("Wizard stopped because of an error: {error}").format(
            error=str(exc) or type(exc).__name__)
        where = _("Details are in the log file: {path}").format(path=log_file) if log_file else ""
        tell(f"wizard: {plain}" + (f"\n{where}" if where else ""))
        if getattr(exc, "window", False) or sys.stderr is None:
            # said in a window too: the lock refusal, and anything in a windowed build (no console)
            try:
                from wizard.ui.message_window import show
                show(plain + (f"\n{where}" if where else ""))
            except Exception:
                log.exception("cannot show the message window")
        return 1


def _run(args: argparse.Namespace) -> int:
    """Run what the command line asked for."""
    if args.review_selftest:
        from wizard.selftest import run as review_selftest
        return review_selftest()
    if args.net_selftest:
        from wizard.net.selftest import run as net_selftest
        return net_selftest(args.net_selftest, args.mailbox, args.relay)
    if args.export_history is not None or args.import_history is not None:
        from wizard import history_cli
        from wizard.i18n import set_language
        if args.lang:
            set_language(args.lang)
        if args.export_history is not None:
            code, message = history_cli.export_history(args.data_dir, args.export_history)
        else:
            counted = sys.stderr if sys.stderr.isatty() else None    # lines read, as it goes
            code, message = history_cli.import_history(args.data_dir, args.import_history,
                                                       counted)
        tell(message)
        return code
    if args.smoke_test:
        from wizard.ui.smoke import run_smoke
        return run_smoke(args.screenshot_dir, data_dir=args.data_dir)
    if args.net_bind:
        import ipaddress
        try:
            ipaddress.IPv4Address(args.net_bind)
        except ValueError:
            tell(f"wizard: bad --net-bind {args.net_bind!r}; use an IPv4 address like 127.0.0.1")
            return 2
        os.environ["WIZARD_NET_BIND"] = args.net_bind   # read by wizard.ui.netui.bind_address
    if args.mailbox or args.relay:
        from wizard.net.internet import bad_server
        for flag, value, kind in (("--mailbox", args.mailbox, "mailbox"),
                                  ("--relay", args.relay, "relay")):
            why = bad_server(kind, value) if value else None
            if why:
                tell(f"wizard: bad {flag} {value!r}: {why}")
                return 2
        if args.mailbox:                      # read by wizard.ui.netui.servers
            os.environ["WIZARD_MAILBOX"] = args.mailbox
        if args.relay:
            os.environ["WIZARD_RELAY"] = args.relay
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            tell(f"wizard: bad --size {args.size!r}; use WIDTHxHEIGHT")
            return 2
    from wizard.ui.main import run
    return run(autoplay=args.autoplay, games=max(1, args.games), seed=args.seed, speed=args.speed,
               players=args.players, edition=args.edition, level=args.level, data_dir=args.data_dir, lang=args.lang,
               resume=args.resume, size=size, screenshot_dir=args.screenshot_dir)


if __name__ == "__main__":
    sys.exit(main())
