"""Bot faults found by outside testers (issue #18): each is a fault report naming the seat, exit 2.

Never a traceback, never an answer taken for another request, never a process left behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from wizard.arena import main
from wizard.botproc import BotError, ExternalBot

ROOT = Path(__file__).resolve().parent.parent


def _play(capsys: pytest.CaptureFixture[str], seats: str, jobs: int = 1, *extra: str) -> tuple[int, Any]:
    """Run the arena in this process on tiny games; its exit status and JSON output."""
    code = main(["--seats", seats, "--games", "1", "--max-rounds", "2", "--jobs", str(jobs),
                 "--bot-timeout", "2", "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


def _bot(tmp_path: Path, text: str, name: str = "bot.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return f"{sys.executable} {path}"


def _seat_of_bot(fault: dict[str, Any], index: int, n: int = 3) -> int:
    """Where the bot listed at ``index`` in --seats sits in the rotation the fault happened in."""
    return (index - fault["rotation"]) % n


# --- D8: an answer the parser cannot even read is a fault, not a RecursionError -----------------

NESTED = "import sys\nfor line in sys.stdin:\n    print('[' * 1000, flush=True)\n"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_deeply_nested_answer_is_a_fault(jobs: int, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _play(capsys, f"random,cmd:{_bot(tmp_path, NESTED)},random", jobs)
    assert code == 2
    fault = out["fault"]
    assert fault["seat"] == _seat_of_bot(fault, 1)
    assert fault["request"]["type"] == "decide" and "[[[" in fault["what"]


def test_any_error_reading_an_answer_is_a_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def breaks(view: Any, line: str) -> Any:
        raise RuntimeError("the parser broke")

    monkeypatch.setattr("wizard.arena.answer_action", breaks)
    code, out = _play(capsys, f"random,cmd:{_bot(tmp_path, NESTED)},random")
    assert code == 2 and "RuntimeError" in out["fault"]["what"]
    assert out["fault"]["request"]["type"] == "decide"


FLOOD = "import sys\nsys.stdin.readline()\nwhile True:\n    sys.stdout.write('x' * 65536)\n"


def test_an_endless_answer_line_is_a_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.monotonic()
    code, out = _play(capsys, f"random,cmd:{_bot(tmp_path, FLOOD)},random", 1, "--bot-timeout", "5")
    assert code == 2 and "longer than" in out["fault"]["what"] and time.monotonic() - t0 < 4


# --- D9: a line nobody asked for is a fault, never the answer to the next request ---------------

# Logs every request it reads (one JSON line each) to argv[1] and answers the first legal move.
# "twice": writes its answer twice in one write; "later": writes it again 0.1 s after answering;
# "slow": a well-behaved bot that takes 0.6 s over each answer.
ANSWER_TWICE = """import json, sys, time
log, mode = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    with open(log, "a") as f:
        f.write(line)
    msg = json.loads(line)
    if msg["type"] != "decide":
        continue
    answer = json.dumps(msg["legal"][0]) + "\\n"
    if mode == "slow":
        time.sleep(0.6)
    sys.stdout.write(answer * 2 if mode == "twice" else answer)
    sys.stdout.flush()
    if mode == "later":
        time.sleep(0.1)
        sys.stdout.write(answer)
        sys.stdout.flush()
"""


def test_an_answer_given_twice_at_once_is_a_fault(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "requests.txt"
    code, out = _play(capsys, f"cmd:{_bot(tmp_path, ANSWER_TWICE)} {log} twice,random,random")
    assert code == 2
    fault = out["fault"]
    assert "answered twice" in fault["what"]
    # blamed on the request it answered twice: its first one, not the next
    first = json.loads(log.read_text().splitlines()[0])
    assert fault["request"] == first and fault["seat"] == _seat_of_bot(fault, 0)


def test_an_answer_repeated_later_is_a_fault_and_never_applied(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # Between two of its decisions in a 3-seat game every other seat decides once, so the slow
    # bot's 0.6 s lets the repeated line arrive before the arena sends the next request.
    log, slow_log = tmp_path / "requests.txt", tmp_path / "slow.txt"
    bot = _bot(tmp_path, ANSWER_TWICE)
    code, out = _play(capsys, f"cmd:{bot} {log} later,cmd:{bot} {slow_log} slow,random")
    assert code == 2
    fault = out["fault"]
    assert "answered twice" in fault["what"] and fault["seat"] == _seat_of_bot(fault, 0)
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    assert fault["request"] == requests[0] and len(requests) == 1


def test_a_well_behaved_bot_is_never_taken_for_answering_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bot = _bot(tmp_path, ANSWER_TWICE)
    code, out = _play(capsys, f"cmd:{bot} {tmp_path / 'a'} once,cmd:{bot} {tmp_path / 'b'} once,random",
                      2)
    assert code == 0 and "fault" not in out and out["games"] == 3


# Writes a line unasked ("hello" at its start, or "ok" in answer to each end message), answers
# decide requests, and touches argv[2] once the unasked line is flushed.
UNASKED = """import json, pathlib, sys
def say(text):
    print(text, flush=True)
    pathlib.Path(sys.argv[2]).touch()
if sys.argv[1] == "banner":
    say("hello")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        print(json.dumps(msg["legal"][0]), flush=True)
    else:
        say("ok")
"""


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + 10
    while not path.exists():
        assert time.monotonic() < deadline, "the bot never wrote its line"
        time.sleep(0.01)


@pytest.mark.parametrize("when", ["banner", "end"])
def test_a_line_written_before_a_request_is_never_taken_for_its_answer(when: str,
                                                                       tmp_path: Path) -> None:
    decide = {"type": "decide", "legal": ["0", "1"]}
    flag = tmp_path / "flag"
    bot = ExternalBot(f"{_bot(tmp_path, UNASKED)} {when} {flag}", 5.0)
    try:
        end = {"type": "end", "totals": [0, 0, 0]}
        if when == "end":
            assert bot.ask(decide) == '"0"\n'
            bot.tell(end)
        _wait_for(flag)
        with pytest.raises(BotError) as e:
            bot.ask(decide)
        if when == "banner":
            assert e.value.what == "wrote 'hello' before its first request" and e.value.request == decide
        else:
            assert e.value.what == "answered a message that takes no answer: 'ok'"
            assert e.value.request == end
    finally:
        bot.close(kill=True)


# --- D10: a bot's whole process group ends with it ----------------------------------------------

# Starts a child that outlives it, writes its own pid and the child's to argv[1] before answering,
# answers the first legal move ("garbage": an answer that is not JSON; "silent": no answer) and
# lingers after its input ends.
FAMILY_BOT = """import json, os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()} {child.pid}\\n")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide" and sys.argv[2] != "silent":
        print("{oops" if sys.argv[2] == "garbage" else json.dumps(msg["legal"][0]), flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for a reaper counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


def _check_gone(pids_file: Path) -> None:
    pids = [int(p) for line in pids_file.read_text().splitlines() for p in line.split()]
    assert pids
    try:
        deadline = time.monotonic() + 2.0  # orphans are reaped by init, not at once
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [p for p in pids if _alive(p)] == []
    finally:
        for p in pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("behaviour", ["good", "garbage", "silent"])
def test_a_bot_and_its_children_are_gone_when_the_arena_returns(
        jobs: int, behaviour: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pids = tmp_path / "pids.txt"
    bot = tmp_path / "family.py"
    bot.write_text(FAMILY_BOT, encoding="utf-8")
    # "; true" keeps the shell from exec'ing the bot: the bot is the shell's child
    seat = f"cmd:sh -c '{sys.executable} {bot} {pids} {behaviour}; true'"
    t0 = time.monotonic()
    quick = ["--bot-timeout", "0.5"] if behaviour == "silent" else []
    code, _ = _play(capsys, f"{seat},random,random", jobs, *quick)
    assert code == (0 if behaviour == "good" else 2)
    assert time.monotonic() - t0 < 15
    _check_gone(pids)


# --- D11: a bot that cannot start ------------------------------------------------------------------

@pytest.mark.parametrize("case", ["missing", "quote", "not executable", "empty"])
def test_a_bot_that_cannot_start_is_a_fault(case: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bot.py"
    script.write_text("print('never')\n", encoding="utf-8")
    script.chmod(0o644)
    cmd = {"missing": str(tmp_path / "no-such-bot"), "quote": f"{sys.executable} '{script}",
           "not executable": str(script), "empty": ""}[case]
    code, out = _play(capsys, f"random,random,cmd:{cmd}")
    assert code == 2
    fault = out["fault"]
    assert fault["seat"] == _seat_of_bot(fault, 2) and fault["bot"] == f"cmd:{cmd}"
    assert "could not start" in fault["what"]


def test_a_bot_that_cannot_start_gives_a_report_and_no_traceback(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "wizard.arena", "--seats",
                        f"random,cmd:{tmp_path / 'no-such-bot'},random", "--games", "1",
                        "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert "BOT FAULT: seat " in r.stderr and "could not start" in r.stderr


# --- M3: what happened when the output ended ------------------------------------------------------

CLOSES_OUTPUT = "import os, sys, time\nsys.stdin.readline()\nos.close(1)\ntime.sleep(30)\n"


def test_a_bot_that_closes_its_output_but_runs_on_is_reported_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.monotonic()
    code, out = _play(capsys, f"cmd:{_bot(tmp_path, CLOSES_OUTPUT)},random,random")
    assert code == 2 and time.monotonic() - t0 < 10
    what = out["fault"]["what"]
    assert "closed its output" in what and "still running" in what and "None" not in what


def test_a_bot_that_exits_is_reported_with_its_status(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _play(capsys, f"cmd:{_bot(tmp_path, 'import sys; sys.stdin.readline(); sys.exit(3)')},"
                              "random,random")
    assert code == 2 and "exited (status 3)" in out["fault"]["what"]


# --- size: a file you can read in one sitting -------------------------------------------------------

def test_the_arena_and_protocol_modules_stay_small() -> None:
    for f in sorted((ROOT / "wizard").glob("*.py")):
        lines = len(f.read_text(encoding="utf-8").splitlines())
        assert lines <= 500, f"{f.name}: {lines} lines"
