"""Every process an external bot starts ends with the arena, however either of them ends.

A bot's process group is not enough: a helper may call ``setsid()`` (a group and session of its
own), or outlive the bot and be adopted by init. So each bot runs with a mark in its environment,
``WIZARD_ARENA_BOT=<run>:<n>``, which every process it starts inherits; ending a bot ends every
process that carries its mark (found in ``/proc/<pid>/environ``, Linux), and the end of the arena
ends every process of its run. A small watchdog process (``start_watchdog``) does the same if the
arena itself is killed (SIGKILL cannot be caught): it polls the arena's pid and, once it is gone,
ends every marked process of the run. Where there is no ``/proc`` only the process groups are
ended (``botproc``). A process that clears its environment escapes the mark.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys

MARK = "WIZARD_ARENA_BOT"
RUN = "WIZARD_ARENA_RUN"     # the run's id, in the arena's environment (its workers inherit it)

# The watchdog, run as ``python -c WATCHDOG <arena pid> <run>``: self-contained (no import of
# wizard), in a session of its own. It ends when it is told "done" (the arena finished) or the
# arena is gone; either way it then ends every process marked with the run.
WATCHDOG = r"""
import os, select, signal, sys, time
pid, run = int(sys.argv[1]), sys.argv[2].encode()
def alive(p):
    try:
        os.kill(p, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{p}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[0] != b"Z"
    except OSError:
        return True
while alive(pid):
    if select.select([sys.stdin], [], [], 0.2)[0]:
        os.read(sys.stdin.fileno(), 64)    # "done" (or end of input): the series is over
        break
for _ in range(3):
    found = 0
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if any(v.startswith(b"WIZARD_ARENA_BOT=" + run + b":") for v in env):
            found += 1
            try:
                os.kill(int(name), signal.SIGKILL)
            except OSError:
                pass
    if not found:
        break
    time.sleep(0.05)
"""


def run_id() -> str:
    """This arena run's id (made once, and kept in the environment for the worker processes)."""
    rid = os.environ.get(RUN)
    if not rid:
        rid = os.environ[RUN] = f"{os.getpid()}-{secrets.token_hex(4)}"
    return rid


def bot_env(n: int) -> dict[str, str]:
    """The environment of the ``n``-th bot started by this process: marked with its own id."""
    return {**os.environ, MARK: f"{run_id()}:{os.getpid()}-{n}"}


def marked(prefix: str) -> list[int]:
    """The pids of the processes whose mark starts with ``prefix`` (none where there is no /proc)."""
    want = f"{MARK}={prefix}".encode()
    out: list[int] = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    me = os.getpid()
    for name in names:
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if any(v.startswith(want) for v in env):
            out.append(int(name))
    return out


def end_marked(prefix: str) -> int:
    """SIGKILL every process marked with ``prefix`` (again, for those forked meanwhile); how many."""
    ended = 0
    for _ in range(3):
        pids = marked(prefix)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                ended += 1
            except OSError:
                pass
    return ended


def end_run() -> int:
    """End every process of this run's bots (the series is over, or the arena is stopping)."""
    rid = os.environ.get(RUN)
    return end_marked(f"{rid}:") if rid else 0


def start_watchdog() -> subprocess.Popen[bytes] | None:
    """The watchdog of this arena process (None where there is no /proc): close its input when
    the series is over; if the arena is killed, it ends the bots' processes by itself."""
    if not os.path.isdir("/proc"):
        return None
    rid = run_id()
    env = {k: v for k, v in os.environ.items() if k != MARK}
    try:
        return subprocess.Popen([sys.executable, "-c", WATCHDOG, str(os.getpid()), rid],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    except OSError:
        return None


def stop_watchdog(dog: subprocess.Popen[bytes] | None) -> None:
    """The series is over: the watchdog sweeps once more and exits."""
    if dog is None:
        return
    try:
        if dog.stdin is not None:
            # a word, not only the end of input: forked workers hold copies of this pipe
            dog.stdin.write(b"done\n")
            dog.stdin.close()
        dog.wait(timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        dog.kill()
        dog.wait()
