"""Bot faults found by outside testers (issue #18): each is a fault report naming the seat, exit 2.

Never a traceback, never an answer taken for another request, never a process left behind.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from wizard.arena import main

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


# --- size: a file you can read in one sitting -------------------------------------------------------

def test_the_arena_and_protocol_modules_stay_small() -> None:
    for f in sorted((ROOT / "wizard").glob("*.py")):
        lines = len(f.read_text(encoding="utf-8").splitlines())
        assert lines <= 500, f"{f.name}: {lines} lines"
