"""The arena's defects found by the third round of outside testing (issue #23): processes left
running (R11) and fault reports naming the wrong fault (R12). Each test failed before its fix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_arena_faults import _alive, _bot, _play

from wizard.botproc import BotError, ExternalBot

ROOT = Path(__file__).resolve().parent.parent
DECIDE_BID = {"type": "decide", "kind": "bid", "legal": ["0", "1"]}
DECIDE_CARD = {"type": "decide", "kind": "play", "legal": ["R5", "G2"]}

# ---- R12: the right fault -------------------------------------------------------------------------

LATE_TWICE = """import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    answer = json.dumps(msg["legal"][0])
    print(answer, flush=True)
    time.sleep(0.3)
    print(answer, flush=True)
"""


def test_r12_an_answer_repeated_0_3_s_late_is_answering_twice(tmp_path: Path) -> None:
    bot = ExternalBot(_bot(tmp_path, LATE_TWICE), 5.0)
    try:
        assert bot.ask(DECIDE_BID) == '"0"\n'
        with pytest.raises(BotError) as e:
            bot.ask(DECIDE_CARD)                  # sent before the repeated line arrives
        assert "answered twice" in e.value.what and e.value.request == DECIDE_BID
    finally:
        bot.close(kill=True)


BANNER = """import json, sys
print("hello", flush=True)
for line in sys.stdin:
    print(json.dumps(json.loads(line)["legal"][0]), flush=True)
"""


def test_r12_a_line_written_before_the_first_request_is_said_so(tmp_path: Path) -> None:
    for _ in range(3):             # whether the line arrives before the request is sent or after
        bot = ExternalBot(_bot(tmp_path, BANNER), 5.0)
        try:
            with pytest.raises(BotError) as e:
                bot.ask(DECIDE_BID)
            assert e.value.what == "wrote 'hello' before its first request"
            assert e.value.request == DECIDE_BID
        finally:
            bot.close(kill=True)


EXITS_HELPER_HOLDS = """import subprocess, sys
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
sys.stdin.readline()
sys.exit(3)
"""


def test_r12_a_bot_that_exits_while_a_helper_holds_its_output_is_said_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.monotonic()
    code, out = _play(capsys, f"cmd:{_bot(tmp_path, EXITS_HELPER_HOLDS)},random,random",
                      1, "--bot-timeout", "5")
    assert code == 2
    assert "exited (status 3)" in out["fault"]["what"], out["fault"]["what"]
    assert time.monotonic() - t0 < 10           # not held until a timeout


# ---- R11: no process left running ---------------------------------------------------------------

# A helper writes its pid to argv[1] and sleeps; SETSID_BOT starts it in a session of its own
# (``setsid``), waits until it runs, then answers every request.
HELPER = "import os, sys, time\nopen(sys.argv[1], 'a').write(f'{os.getpid()}\\n')\ntime.sleep(123)\n"
SETSID_BOT = """import json, os, subprocess, sys, time
subprocess.Popen([sys.executable, sys.argv[2], sys.argv[1]], start_new_session=True)
deadline = time.monotonic() + 30          # answer once the helper runs (a loaded machine)
while not (os.path.exists(sys.argv[1]) and open(sys.argv[1]).read().strip()):
    if time.monotonic() > deadline:
        break
    time.sleep(0.01)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        print(json.dumps(msg["legal"][0]), flush=True)
"""


def _helper_pids(pids: Path, timeout: float = 10.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while not (pids.exists() and pids.read_text().strip()):
        assert time.monotonic() < deadline, "the helper never started"
        time.sleep(0.02)
    return [int(x) for x in pids.read_text().split()]


def _gone(pids: list[int], within: float = 5.0) -> list[int]:
    deadline = time.monotonic() + within
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in pids if _alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    return left


@pytest.mark.parametrize("jobs", [1, 2])
def test_r11_a_helper_that_calls_setsid_ends_with_the_arena(
        jobs: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pids = tmp_path / "pids"
    helper = tmp_path / "helper.py"
    helper.write_text(HELPER)
    bot = _bot(tmp_path, SETSID_BOT)
    code, _ = _play(capsys, f"cmd:{bot} {pids} {helper},random,random", jobs, "--bot-timeout", "30")
    assert code == 0
    assert _gone(_helper_pids(pids)) == [], "a helper in a session of its own outlived the arena"


SLOW_BOT = """import json, os, sys, time
sys.stderr = open(os.devnull, "w")      # only the arena's own output is looked at
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        time.sleep(0.2)
        print(json.dumps(msg["legal"][0]), flush=True)
"""


def _arena(tmp_path: Path, jobs: int) -> tuple[subprocess.Popen[str], Path]:
    """The arena in a process of its own, with a bot started by ``sh -c 'helper & exec bot'``."""
    pids = tmp_path / "pids"
    helper = tmp_path / "helper.py"
    helper.write_text(HELPER)
    bot = tmp_path / "bot.py"
    bot.write_text(SLOW_BOT)
    py = sys.executable
    seat = f"cmd:sh -c '{py} {helper} {pids} & exec {py} {bot}'"
    proc = subprocess.Popen([py, "-m", "wizard.arena", "--seats", f"{seat},random,random",
                             "--games", "50", "--jobs", str(jobs), "--json"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    return proc, pids


@pytest.mark.parametrize(("sig", "jobs"), [(signal.SIGTERM, 1), (signal.SIGHUP, 1),
                                           (signal.SIGKILL, 1), (signal.SIGINT, 2),
                                           (signal.SIGTERM, 2)])
def test_r11_a_stopped_arena_leaves_no_helper_running(sig: int, jobs: int, tmp_path: Path) -> None:
    proc, pids = _arena(tmp_path, jobs)
    try:
        helpers = _helper_pids(pids)
        time.sleep(0.3)                             # a game under way
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)                # Ctrl-C reaches the arena and its workers
        else:
            proc.send_signal(sig)
        _out, err = proc.communicate(timeout=60)     # a loaded CI machine: 20 s once ran out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert _gone(helpers) == [], f"the helper outlived the arena stopped by {sig}"
    if sig != signal.SIGKILL:
        assert "Traceback" not in err, err
        assert proc.returncode in (130, 128 + sig), (proc.returncode, err)


CONSTANT = """import sys
for line in sys.stdin:
    print('"0"', flush=True)
"""


def test_r12_a_bot_that_repeats_a_wrong_answer_is_not_taken_for_answering_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bot = ExternalBot(_bot(tmp_path, CONSTANT), 5.0)
    try:
        assert bot.ask(DECIDE_BID) == '"0"\n'
        assert bot.ask(DECIDE_CARD) == '"0"\n'       # its answer (the arena finds it illegal)
    finally:
        bot.close(kill=True)
    code, out = _play(capsys, f"cmd:{_bot(tmp_path, CONSTANT)},random,random")
    assert code == 2 and "not a legal answer" in out["fault"]["what"], out["fault"]
    assert out["fault"]["request"]["kind"] != "bid" or "0" not in out["fault"]["request"]["legal"]
