"""An external bot's process, speaking BOT_PROTOCOL.md over its stdin and stdout.

The arena starts a bot once per series and seat and keeps it from game to game (``series_bot``);
``close_series_bots`` ends them all when the series is over.
"""

from __future__ import annotations

import json
import multiprocessing.util
import os
import selectors
import shlex
import subprocess
import time
from typing import Any


class BotError(Exception):
    """What went wrong with a bot, and the request it went wrong on (None: before any request)."""

    def __init__(self, what: str, request: dict[str, Any] | None) -> None:
        super().__init__(what)
        self.what = what
        self.request = request


class ExternalBot:
    """An external program speaking the bot protocol over its stdin/stdout."""

    def __init__(self, cmd: str, timeout: float) -> None:
        self.cmd = cmd
        self.timeout = timeout
        try:
            argv = shlex.split(cmd)
        except ValueError as e:  # an unclosed quote
            raise BotError(f"could not start the bot: {e} in its command", None) from None
        if not argv:
            raise BotError("could not start the bot: the command is empty", None)
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         bufsize=0)
        except (OSError, ValueError) as e:  # missing, not executable, ...
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise BotError(f"could not start the bot: {argv[0]}: {why}", None) from None
        self.buf = b""
        self.sel = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def send(self, msg: dict[str, Any]) -> bool:
        """Write one request line; False if the bot is gone."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def read_line(self) -> str | None:
        """One answer line, '' if the bot exited, None on timeout."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if not self.sel.select(left):
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return ""
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace") + "\n"

    def close(self) -> None:
        """Close its input, give it a moment, then make sure it is gone."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.sel.close()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


# The external bots of this process, kept from game to game: the protocol starts a bot once per
# series, sends "end" after each game and closes its input when the series is over. Keyed by
# (command, its k-th seat in the game) so two seats running the same command get two processes.
_BOTS: dict[tuple[str, int], ExternalBot] = {}
_closer_pid: int | None = None  # the process that registered close_series_bots to run at its exit


def series_bot(cmd: str, k: int, timeout: float) -> ExternalBot:
    """This process's bot for the k-th seat running ``cmd``, started on its first game."""
    global _closer_pid
    bot = _BOTS.get((cmd, k))
    if bot is None:
        bot = _BOTS[(cmd, k)] = ExternalBot(cmd, timeout)
        if _closer_pid != os.getpid():
            # A --jobs worker runs multiprocessing's finalizers when the pool shuts down (atexit
            # in the main process); a forked worker starts with the registry empty, hence the pid.
            multiprocessing.util.Finalize(None, close_series_bots, exitpriority=10)
            _closer_pid = os.getpid()
    return bot


def close_series_bots() -> None:
    """End of the series: close every bot's input (it sees end of input), kill any that lingers."""
    while _BOTS:
        _, bot = _BOTS.popitem()
        bot.close()


def discard(bots: list[ExternalBot]) -> None:
    """Close these bots now and forget them: the bots of a game that broke off get no other game."""
    for key in [key for key, bot in _BOTS.items() if bot in bots]:
        _BOTS.pop(key).close()
