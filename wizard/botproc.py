"""An external bot's process, speaking BOT_PROTOCOL.md over its stdin and stdout.

A bot runs in a process group of its own, and the whole group is ended with it: a shell wrapper's
child, or a helper the bot started, does not outlive the series. Whatever goes wrong (the bot
cannot start, stays silent, exits, closes its output, writes a line nobody asked for) is a
``BotError`` saying what happened and on which request; the arena adds the seat.
The arena starts a bot once per series and seat and keeps it from game to game (``series_bot``);
``close_series_bots`` ends them all when the series is over.
"""

from __future__ import annotations

import json
import multiprocessing.util
import os
import selectors
import shlex
import signal
import subprocess
import time
from itertools import count
from typing import Any

from . import botguard

GRACE_S = 1.0  # how long a bot has to exit once its input is closed
MAX_LINE = 1 << 20  # bytes; an answer is a few bytes, a longer line is refused, not stored
POLL_S = 0.1  # while waiting for an answer, how often to look whether the bot has exited
SECOND_LINE_S = 0.5  # after an answer that cannot be one, how long to wait for the real answer
_numbers = count()


class BotError(Exception):
    """What went wrong with a bot, and the request it went wrong on (None: before any request)."""

    def __init__(self, what: str, request: dict[str, Any] | None) -> None:
        super().__init__(what)
        self.what = what
        self.request = request


class ExternalBot:
    """An external program speaking the bot protocol over its stdin/stdout, in its own process group."""

    def __init__(self, cmd: str, timeout: float) -> None:
        self.cmd = cmd
        self.timeout = timeout
        try:
            argv = shlex.split(cmd)
        except ValueError as e:  # an unclosed quote
            raise BotError(f"could not start the bot: {e} in its command", None) from None
        if not argv:
            raise BotError("could not start the bot: the command is empty", None)
        env = botguard.bot_env(next(_numbers))
        self.mark = env[botguard.MARK]   # inherited by everything it starts, even after setsid()
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         bufsize=0, start_new_session=True, env=env)
        except (OSError, ValueError) as e:  # missing, not executable, ...
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise BotError(f"could not start the bot: {argv[0]}: {why}", None) from None
        self.buf = b""
        self.eof = False  # its output has ended
        self.last: dict[str, Any] | None = None  # the last message sent
        self.answer = ""  # the bot's answer to it, if it takes one
        self.before: tuple[dict[str, Any], str] | None = None  # the decide before it, its answer
        self.sel = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def ask(self, request: dict[str, Any]) -> str:
        """Send a request and return the bot's answer line; BotError if there is none.

        A line that cannot answer this request (not one of its ``legal`` choices) and is followed
        by another line within ``SECOND_LINE_S`` was not this request's answer: on the first
        request it was written before the request; equal to the previous answer, it is that
        answer given twice, late. Otherwise it is the bot's (wrong) answer.
        """
        first = self.last is None
        previous = self.before
        if not self.tell(request):
            how = self._ended()
            raise BotError(f"the bot {how or 'closed its input (still running)'}: the request "
                           f"could not be written to it", request)
        line = self._read_line(request)
        if not _answers(request, line) and (first or previous is not None and line == previous[1]) \
                and self._another_line():
            # a real answer follows: the line was not this request's answer
            if first:
                text = line.strip() or line
                raise BotError(f"wrote {text[:80]!r} before its first request", request)
            assert previous is not None
            raise BotError(f"answered twice: {line.strip()[:80]!r}, then the same again after "
                           "the next request was sent", previous[0])
        self.answer = line
        if self.buf:  # more came with the answer: the bot wrote it before it had another request
            raise BotError(self._unsolicited(), request)
        if request.get("type") == "decide":
            self.before = (request, line)
        return self.answer

    def _another_line(self) -> bool:
        """Whether a further complete line arrives within ``SECOND_LINE_S``."""
        deadline = time.monotonic() + SECOND_LINE_S
        while b"\n" not in self.buf and not self.eof:
            left = deadline - time.monotonic()
            if left <= 0 or not self.sel.select(left):
                return False
            self._read()
        return b"\n" in self.buf

    def tell(self, message: dict[str, Any]) -> bool:
        """Send a message; False if the bot cannot be written to (it closed its input or exited).

        BotError if the bot wrote something nobody asked for.
        """
        # A bot writes only in answer to a request, and its answer has been read: anything waiting
        # now was written unasked. Checked before sending, so it can never be a fast answer.
        self._read_waiting()
        if self.buf:
            raise BotError(self._unsolicited(), self.last or message)
        self.last, self.answer = message, ""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
            return True
        except OSError:  # BrokenPipeError
            return False

    def _read_waiting(self) -> None:
        """Take in what the bot has already written, without waiting."""
        if not self.buf and not self.eof and self.sel.select(0):
            self._read()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if chunk:
            self.buf += chunk
        else:
            self.eof = True

    def _read_line(self, request: dict[str, Any]) -> str:
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buf:
            if self.eof:
                how = self._ended()
                raise BotError(f"the bot {how} before answering" if how else
                               "the bot closed its output without answering (still running)",
                               request)
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotError(f"no answer within {self.timeout:g} s", request)
            if not self.sel.select(min(left, POLL_S)):
                # a helper may hold the output open after the bot itself has exited
                how = self._ended(0.0)
                if how is not None and not self.sel.select(POLL_S):
                    raise BotError(f"the bot {how} before answering", request)
                continue
            if len(self.buf) > MAX_LINE:
                raise BotError(f"an answer line longer than {MAX_LINE} bytes: "
                               f"{self.buf[:40].decode('utf-8', 'replace')!r}...", request)
            self._read()
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace") + "\n"

    def _unsolicited(self) -> str:
        text = self.buf[:200].decode("utf-8", "replace")
        extra = (text.strip() or text)[:80]  # a blank line shows as '\n'
        if self.last is None:
            return f"wrote {extra!r} before its first request"
        if self.last.get("type") == "decide":
            return f"answered twice: {self.answer.strip()[:80]!r}, then {extra!r}"
        return f"answered a message that takes no answer: {extra!r}"

    def _ended(self, wait: float = GRACE_S) -> str | None:
        """How the bot ended ("exited (status 3)"), or None if it still runs after ``wait`` s.

        The bot is not reaped here: while it is a zombie its pid stays its group's id, so the
        group can still be ended safely.
        """
        deadline = time.monotonic() + wait
        while True:
            info = _peek_exit(self.proc)
            if info is not None:
                code, sig = info
                if sig:
                    return f"was killed by signal {sig} ({_signal_name(sig)})"
                return f"exited (status {code})"
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.01)

    def close(self, kill: bool = False) -> None:
        """Close its input, give it a moment to exit (none if ``kill``), then end its whole group."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        if not kill:
            self._ended(GRACE_S)
        _kill_group(self.proc)
        botguard.end_marked(self.mark)   # a helper in a session of its own, or adopted by init
        self.proc.wait()
        self.sel.close()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _answers(request: dict[str, Any], line: str) -> bool:
    """Whether ``line`` is one of the request's legal answers (always True without a list)."""
    legal = request.get("legal")
    if not isinstance(legal, list):
        return True
    try:
        return json.loads(line) in legal
    except (ValueError, RecursionError):
        return False


def _peek_exit(proc: subprocess.Popen[bytes]) -> tuple[int, int] | None:
    """(exit status, killing signal or 0) if the process has ended, else None; never reaps it."""
    waitid = getattr(os, "waitid", None)
    if waitid is None or proc.returncode is not None:  # no waitid (Windows, older macOS)
        code = proc.poll()
        return None if code is None else (code, -code if code < 0 else 0)
    try:
        info = waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return None
    if info is None:
        return None
    if info.si_code == os.CLD_EXITED:
        return info.si_status, 0
    return -info.si_status, info.si_status


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return "?"


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """End the bot and everything it started (its process group; only the bot where there is none)."""
    if hasattr(os, "killpg"):
        # Where waitid is missing the bot may have been reaped already; its group id stays taken
        # as long as a process of the group runs.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    elif proc.poll() is None:
        proc.kill()


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
    """End of the series: close every bot's input (it sees end of input), then end its group."""
    while _BOTS:
        _, bot = _BOTS.popitem()
        bot.close()


def discard(bots: list[ExternalBot], faulty: ExternalBot | None = None) -> None:
    """Close these bots now and forget them: the bots of a game that broke off get no other game.

    The faulty one is ended at once; the others get their moment to exit.
    """
    for key in [key for key, bot in _BOTS.items() if bot in bots]:
        bot = _BOTS.pop(key)
        bot.close(kill=bot is faulty)
