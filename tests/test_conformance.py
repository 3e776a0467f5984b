"""The rules conformance vectors, through the same runner as ``python -m wizard.conformance``."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from wizard import conformance

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "conformance" / "public.jsonl"
VENDORED = ROOT / "tests" / "fixtures" / "conformance" / "public.jsonl"


@pytest.mark.parametrize("path", [p for p in (SHARED, VENDORED) if p.exists()], ids=str)
def test_public_vectors_all_pass(path: Path) -> None:
    out = io.StringIO()
    status = conformance.run([str(path)], out)
    lines = out.getvalue().splitlines()
    assert status == 0, out.getvalue()
    assert lines[-1].endswith(" 0 failed")
    assert int(lines[-1].split()[0]) >= 93


def test_vendored_copy_matches_shared() -> None:
    if not SHARED.exists():
        pytest.skip("shared/ is not beside this checkout")
    assert SHARED.read_text() == VENDORED.read_text(), "refresh tests/fixtures/conformance"


def test_command_line_exit_status_and_summary(tmp_path: Path) -> None:
    good = {"id": "t", "kind": "score", "players": 4, "round": 3, "bid": 1, "tricks": 1,
            "expect": {"points": 30}}
    wrong = dict(good, id="w", expect={"points": 31})
    f = tmp_path / "v.jsonl"
    f.write_text(json.dumps(good) + "\n" + json.dumps(wrong) + "\n")
    r = subprocess.run([sys.executable, "-m", "wizard.conformance", str(f)], capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 1
    assert "FAIL w" in r.stdout
    assert r.stdout.splitlines()[-1] == "1 passed, 1 failed"


def test_unknown_kind_is_a_failure_not_a_skip(tmp_path: Path) -> None:
    f = tmp_path / "v.jsonl"
    f.write_text(json.dumps({"id": "u", "kind": "mystery", "expect": {}}) + "\n")
    out = io.StringIO()
    assert conformance.run([str(f)], out) == 1
    assert out.getvalue().splitlines()[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("line", [
    "not json",
    json.dumps({"kind": "trick", "expect": {}}),
    json.dumps({"id": "c", "kind": "trick", "trump": "R", "cards": ["R99"], "expect": {}}),
    json.dumps({"id": "p", "kind": "score", "round": 1, "bid": 0, "tricks": 0, "expect": {}}),
    json.dumps({"id": "h", "kind": "round", "players": 3, "round": 2, "dealer": 0,
                "hands": [["B1"], ["B2"], ["B3"]], "turned": "R1", "bids": [0, 0, 0],
                "plays": [], "expect": {}}),
])
def test_malformed_vector_exits_2_naming_the_line(tmp_path: Path, line: str) -> None:
    f = tmp_path / "v.jsonl"
    f.write_text("\n" + line + "\n")
    out = io.StringIO()
    assert conformance.run([str(f)], out) == 2
    assert f"{f}:2: malformed" in out.getvalue()


def test_missing_file_exits_2(tmp_path: Path) -> None:
    out = io.StringIO()
    assert conformance.run([str(tmp_path / "absent.jsonl")], out) == 2
