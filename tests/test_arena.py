"""The arena: duplicate deals with rotation, paired figures, JSON, and bot faults that never hang."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from wizard.arena import main, parse_seats, run_series, specs_for, summarize
from wizard.engine import Edition, Options


def test_duplicate_deals_rotate_seats() -> None:
    specs = specs_for(["easy", "random", "random", "random"], 3, 7, Edition.CLASSIC, Options(), 5.0, 99)
    assert len(specs) == 12
    for d in range(3):
        games = [s for s in specs if s.deal == d]
        assert len({g.config.seed for g in games}) == 1
        assert sorted(g.names.index("easy") for g in games) == [0, 1, 2, 3]
    assert len({s.config.seed for s in specs}) == 3


def test_summary_figures_are_consistent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "easy,random,random", "--games", "3", "--max-rounds", "3", "--jobs", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 3 and out["games"] == 9
    easy, rnd = out["strategies"]["easy"], out["strategies"]["random"]
    for s in (easy, rnd):
        assert s["ci95"][0] <= s["mean_points"] <= s["ci95"][1]
        assert 0 <= s["bid_hit_rate"] <= 1 and set(s["decision_ms"]) == {"p50", "p95", "max"}
        assert set(s["bid_hit_by_round"]) == {"1", "2", "3"}
    pair = out["pairs"][0]
    assert (pair["a"], pair["b"]) == ("easy", "random")
    assert pair["mean_diff"] == pytest.approx(easy["mean_points"] - rnd["mean_points"], abs=0.02)


def test_parallel_jobs_give_the_same_figures() -> None:
    specs = specs_for(["normal", "easy", "easy"], 2, 3, Edition.CAMELOT, Options(), 5.0, 3)
    one, _ = run_series(specs, 1)
    two, _ = run_series(specs, 2)
    a, b = summarize(one), summarize(two)
    for s in (a, b):
        for st in s["strategies"].values():
            del st["decision_ms"]  # timings differ, results do not
    assert a == b


def test_seat_parsing_keeps_commands_whole() -> None:
    assert parse_seats("expert,cmd:python3 bot.py --x 1,2,normal") == [
        "expert", "cmd:python3 bot.py --x 1,2", "normal"]
    with pytest.raises(ValueError):
        parse_seats("expert,normal")
    with pytest.raises(ValueError):
        parse_seats("expert,normal,wizardly")


BOTS = {
    "crash": "import sys\nsys.stdin.readline()\nsys.exit(3)\n",
    "silent": "import sys, time\nsys.stdin.readline()\ntime.sleep(30)\n",
    "illegal": "import sys\nfor line in sys.stdin:\n    print('\"banana\"', flush=True)\n",
    "garbage": "import sys\nfor line in sys.stdin:\n    print('{not json', flush=True)\n",
}
EXPECT = {"crash": "exited", "silent": "no answer", "illegal": "not a legal answer",
          "garbage": "not JSON"}


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_faulty_bots_are_reported_and_never_hang(kind: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bot = tmp_path / f"{kind}.py"
    bot.write_text(BOTS[kind], encoding="utf-8")
    t0 = time.monotonic()
    code = main(["--seats", f"random,cmd:{sys.executable} {bot},random", "--games", "2",
                 "--bot-timeout", "0.5", "--jobs", "1", "--json"])
    assert time.monotonic() - t0 < 10
    assert code == 2
    fault = json.loads(capsys.readouterr().out)["fault"]
    assert EXPECT[kind] in fault["what"]
    assert fault["bot"].startswith("cmd:") and fault["request"]["type"] == "decide"
    assert fault["seat"] in (0, 1, 2)


def test_a_good_external_bot_plays_a_series(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    code = main(["--seats", f"easy,cmd:{sys.executable} {root / 'wizard/ai/example_bot.py'},random",
                 "--games", "2", "--max-rounds", "4", "--jobs", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and "fault" not in out


# Answers the first legal move, counts the games it is told have ended, and on end of input
# writes "<pid> <games>" to the log named by its argument.
SERIES_BOT = """import json, os, sys
games = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "end":
        games += 1
    else:
        print(json.dumps(msg["legal"][0]), flush=True)
with open(sys.argv[1], "a") as log:
    log.write(f"{os.getpid()} {games}\\n")
if len(sys.argv) > 2:  # "linger": a bot that does not exit at end of input
    import time
    time.sleep(60)
"""


def _series_bot_seat(tmp_path: Path, *args: str) -> tuple[str, Path]:
    """A ``cmd:`` seat running SERIES_BOT, and the log it writes."""
    bot, log = tmp_path / "series_bot.py", tmp_path / "log.txt"
    bot.write_text(SERIES_BOT, encoding="utf-8")
    return " ".join([f"cmd:{sys.executable}", str(bot), str(log), *args]), log


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_is_started_once_per_series_and_told_when_it_ends(jobs: int, tmp_path: Path) -> None:
    seat, log = _series_bot_seat(tmp_path)
    assert main(["--seats", f"{seat},random,{seat}", "--games", "3", "--max-rounds", "2",
                 "--jobs", str(jobs), "--json"]) == 0
    runs = [tuple(map(int, line.split())) for line in log.read_text().splitlines()]
    # Two seats run the bot: at most one process each in each --jobs process (not one per game:
    # 3 deals x 3 rotations = 9 games), and every process saw end of input.
    assert 2 <= len(runs) <= 2 * jobs and len({pid for pid, _ in runs}) == len(runs)
    assert sum(games for _, games in runs) == 2 * 9
    if jobs == 1:
        assert [games for _, games in runs] == [9, 9]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_that_lingers_after_the_series_is_stopped(jobs: int, tmp_path: Path) -> None:
    seat, log = _series_bot_seat(tmp_path, "linger")
    t0 = time.monotonic()
    assert main(["--seats", f"{seat},random,random", "--games", "2", "--max-rounds", "1",
                 "--jobs", str(jobs), "--json"]) == 0
    assert time.monotonic() - t0 < 10
    pids = [int(line.split()[0]) for line in log.read_text().splitlines()]
    assert pids
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_the_text_report_keeps_long_names_whole(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    bot = f"cmd:{sys.executable} {root / 'wizard/ai/example_bot.py'}"
    assert main(["--seats", f"easy,{bot},random", "--games", "1", "--max-rounds", "2", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[1], lines[2:5]
    assert sorted(row.split()[0] for row in rows) == sorted(["easy", bot.split()[0], "random"])
    assert any(row.startswith(bot + " ") for row in rows)
    # the figures stay in their columns whatever the names' lengths
    col = header.index("points/game") + len("points/game")
    assert all(row[col - 1].isdigit() for row in rows)
    assert f"bid hit by round size, {bot}:" in "\n".join(lines)


def test_targets_print_a_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--targets", "--search-deals", "0", "--rule-deals", "1", "--other-search-deals", "0",
                 "--other-rule-deals", "0", "--jobs", "1"]) == 0
    table = capsys.readouterr().out.strip().splitlines()
    assert len(table) == 4 and table[0].startswith("| players")
    assert table[2].startswith("| 4 | classic | normal vs easy | 1 |")
    assert table[3].startswith("| 4 | classic | easy vs random | 1 |")
