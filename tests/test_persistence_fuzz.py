"""Fuzzed files never crash start-up, are set aside byte for byte, and never cost the other files."""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_persistence_support import (
    GAME,
    asides,
    custom_settings,
    finished_entry,
    legacy_history,
    populate,
    saved_game,
    start_up,
)

from wizard.persistence import ProblemKind, Settings, Store
from wizard.persistence.files.atomic import dump_json

NAMES = ("settings.json", GAME, "history.jsonl")
FUZZ = settings(max_examples=int(os.environ.get("WIZARD_FUZZ_EXAMPLES", "40")), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _base(tmp: Path) -> dict[str, bytes]:
    """Settings, a game in progress, and a one-game ``history.jsonl`` of an earlier version (to
    be imported into the database on start)."""
    files = populate(tmp, history=0)
    files["history.jsonl"] = legacy_history(1)
    return files


def _now(d: Path, name: str) -> bytes:
    """A file's bytes; for the history of an earlier version, its original once imported."""
    if name == "history.jsonl" and not (d / name).exists():
        [original] = asides(d, name, "migrated")
        return original.read_bytes()
    return (d / name).read_bytes()


def _others_intact(d: Path, files: dict[str, bytes], changed: str) -> None:
    for name in NAMES:
        if name != changed:
            assert _now(d, name) == files[name], f"{name} changed while {changed} was bad"


def _check_bad_file(d: Path, name: str, content: bytes, files: dict[str, bytes]) -> Store:
    """Put ``content`` as ``name`` among good files and start up; check the invariants."""
    (d / name).write_bytes(content)
    store, settings_, game, history = start_up(d)
    _others_intact(d, files, name)
    damaged = [p for p in store.problems if p.kind is ProblemKind.DAMAGED]
    if name == "settings.json":
        assert game is not None and len(history) == 1
        if damaged:
            [aside] = asides(d, name)
            assert aside.read_bytes() == content
    elif name == GAME:
        assert settings_ == custom_settings() and len(history) == 1
        if game is None and (d / name).exists() is False and content.strip():
            [aside] = asides(d, name)
            assert aside.read_bytes() == content
    else:
        assert settings_ == custom_settings() and game is not None
        # every line is still somewhere: read, kept in place (newer), or in the aside file
        now = set((d / name).read_bytes().splitlines()) if (d / name).exists() else set()
        for aside in asides(d, name) + asides(d, name, "migrated"):
            now |= set(aside.read_bytes().splitlines())
        assert {line for line in content.splitlines() if line.strip()} <= now
        assert len(history) <= 1
    for p in store.problems:
        assert p.kind in (ProblemKind.DAMAGED, ProblemKind.NEWER_VERSION, ProblemKind.MIGRATED)
    return store


def _fresh(files: dict[str, bytes]) -> Path:
    d = Path(tempfile.mkdtemp(prefix="wizfuzz"))
    for name, data in files.items():
        (d / name).parent.mkdir(parents=True, exist_ok=True)
        (d / name).write_bytes(data)
    return d


# ---- truncation ------------------------------------------------------------------------------


def test_settings_truncated_at_every_byte(tmp_path: Path) -> None:
    files = populate(tmp_path / "base", history=0)
    good = files["settings.json"]
    d = tmp_path / "d"
    for cut in range(len(good)):
        shutil.rmtree(d, ignore_errors=True)
        (d / "games").mkdir(parents=True)
        for name, data in files.items():
            (d / name).write_bytes(data)
        (d / "settings.json").write_bytes(good[:cut])
        store = Store(d)
        s = store.load_settings()
        assert (d / GAME).read_bytes() == files[GAME]
        if good[:cut].strip() == good.strip():
            assert s == custom_settings() and store.problems == []
        else:
            assert s == Settings() or cut == 0
            if cut:
                [aside] = asides(d, "settings.json")
                assert aside.read_bytes() == good[:cut]
                assert [p.kind for p in store.problems] == [ProblemKind.DAMAGED]


def test_game_truncated_at_every_kth_byte(tmp_path: Path) -> None:
    files = populate(tmp_path / "base", history=0)
    good = dump_json(saved_game(actions=500 // 3, seed=11).to_dict())
    d = tmp_path / "d"
    for cut in list(range(0, len(good), 7)) + [len(good) - 1]:
        shutil.rmtree(d, ignore_errors=True)
        (d / "games").mkdir(parents=True)
        (d / "settings.json").write_bytes(files["settings.json"])
        (d / GAME).write_bytes(good[:cut])
        store = Store(d)
        game = store.load_game()
        assert (d / "settings.json").read_bytes() == files["settings.json"]
        if cut >= len(good) - 1:
            assert game is not None and store.problems == []
        elif cut:
            assert game is None
            [aside] = asides(d, GAME)
            assert aside.read_bytes() == good[:cut]
            assert not (d / GAME).exists()


def test_history_truncated_keeps_every_complete_game(tmp_path: Path) -> None:
    base = tmp_path / "base"
    files = populate(base, history=0)
    good = legacy_history(3)
    lines = good.splitlines(keepends=True)
    ends = [sum(len(x) for x in lines[:i + 1]) for i in range(len(lines))]
    d = tmp_path / "d"
    cuts = sorted(set(range(1, len(good), len(good) // 40)) | {e - 1 for e in ends} | set(ends))
    for cut in cuts:
        shutil.rmtree(d, ignore_errors=True)
        (d / "games").mkdir(parents=True)
        (d / "settings.json").write_bytes(files["settings.json"])
        (d / "history.jsonl").write_bytes(good[:cut])
        store = Store(d)
        history = store.load_history()
        complete = sum(1 for e in ends if e - 1 <= cut)   # a line missing only "\n" still reads
        assert len(history) == complete, cut
        partial = good[:cut][sum(len(x) for x in lines[:complete]):]
        [original] = asides(d, "history.jsonl", "migrated")
        assert original.read_bytes() == good[:cut]           # the whole file, byte for byte
        if partial.strip() and complete < len(lines):
            # the cut line stays in the kept original only: one copy of any bytes (#34 S11)
            assert partial.rstrip(b"\n") in original.read_bytes()
            assert asides(d, "history.jsonl") == []
            assert [e.seed for e in history] == list(range(1, complete + 1))
        assert (d / "settings.json").read_bytes() == files["settings.json"]
        # and the history still takes a new game after the damage
        assert store.append_history(finished_entry(7))
        assert len(Store(d).load_history()) == complete + 1


def test_one_bad_history_line_hides_nothing_else(tmp_path: Path) -> None:
    lines = legacy_history(3).splitlines()
    bad_values = [b"{not json", b"\xff\xfe\x00garbage", b'{"schema": 1}', b"[1, 2, 3]", b"null"]
    broken = json.loads(lines[1])
    broken["record"]["actions"][5] = "play W"          # an impossible action
    bad_values.append(json.dumps(broken).encode())
    tampered = json.loads(lines[1])
    tampered["totals"][0] += 10                          # the rows no longer add up
    bad_values.append(json.dumps(tampered).encode())
    for bad in bad_values:
        raw = b"\n".join([lines[0], bad, lines[2]]) + b"\n"
        (tmp_path / "history.jsonl").write_bytes(raw)
        d = tmp_path / f"case{bad_values.index(bad)}"
        d.mkdir()
        (d / "history.jsonl").write_bytes(raw)
        store = Store(d)
        history = store.load_history()
        assert [e.seed for e in history] == [1, 3], bad[:40]
        [original] = asides(d, "history.jsonl", "migrated")
        assert original.read_bytes() == raw                 # the whole file, byte for byte
        assert asides(d, "history.jsonl") == []             # one copy of the bad line (#34 S11)
        assert [p.count for p in store.problems if p.kind is ProblemKind.DAMAGED] == [1]


# ---- impossible actions, wrong types, huge values -----------------------------------------------


def test_impossible_action_makes_the_game_damaged(tmp_path: Path) -> None:
    data = saved_game(actions=30).to_dict()
    data["record"]["actions"][10] = "bid 9"
    raw = json.dumps(data).encode()
    (tmp_path / "games").mkdir()
    (tmp_path / GAME).write_bytes(raw)
    store = Store(tmp_path)
    assert store.load_game() is None
    [problem] = store.problems
    assert problem.kind is ProblemKind.DAMAGED and problem.moved_to is not None
    assert problem.moved_to.read_bytes() == raw and not (tmp_path / GAME).exists()


HUGE = [
    b"[" * 100_000 + b"]" * 100_000,                           # deep nesting
    b'{"schema": 1, "volume": ' + b"9" * 5000 + b"}",         # a number too long to read
    b'{"schema": 1, "volume": NaN}',
    b'{"schema": 1, "volume": Infinity}',
    b'{"schema": 1, "window_size": [-Infinity, 5]}',
    b'{"schema": 1, "language": "' + b"x" * 100_000 + b'"}',
    b'{"schema": 1, "window_size": [100000000000000000000000, 5]}',
    b'{"schema": 1, "last_setup": ' + b'{"a":' * 50 + b"1" + b"}" * 50 + b"}",
    b'{"schema": 99999999999999999999}',
    b'{"schema": -1}',
    b'{"schema": true}',
    b" " * (2 << 20),                                           # over the size limit
]


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_non_json_numbers_set_the_whole_file_aside(constant: bytes, tmp_path: Path) -> None:
    # Python's json writes these when asked, but they are not JSON: our writer refuses them, and a
    # file holding one was not written by us, so no value of it is trusted.
    files = _base(tmp_path / "base")
    good = json.loads(files["settings.json"])
    content_bytes = json.dumps({**good, "volume": "CONST"}).encode().replace(b'"CONST"', constant)
    d = _fresh(files)
    try:
        store = _check_bad_file(d, "settings.json", content_bytes, files)
        assert [p.kind for p in store.problems if p.file == "settings"] == [ProblemKind.DAMAGED]
        assert store.load_settings() == Settings()
        [aside] = asides(d, "settings.json")
        assert aside.read_bytes() == content_bytes
    finally:
        shutil.rmtree(d, ignore_errors=True)


def test_huge_and_strange_values_never_crash(tmp_path: Path) -> None:
    files = _base(tmp_path / "base")
    for name in NAMES:
        for content in HUGE:
            d = _fresh(files)
            try:
                _check_bad_file(d, name, content, files)
            finally:
                shutil.rmtree(d, ignore_errors=True)


def test_huge_game_values(tmp_path: Path) -> None:
    files = _base(tmp_path / "base")
    good = saved_game(actions=20).to_dict()
    variants = []
    for path, value in [(("record", "config", "seed"), 10**4000), (("record", "config", "players"), 10**30),
                        (("record", "actions"), ["bid 0"] * 100_000),
                        (("record", "actions"), ["bid " + "9" * 5000]),
                        (("seats",), [{"name": "x" * 10_000, "kind": "human", "level": None}] * 3),
                        (("extra",), {"k": [1] * 1000}), (("created",), "9" * 100),
                        (("created",), "0001-01-01T00:00:00+05:00"),
                        (("updated",), "9999-12-31T23:59:59-05:00")]:
        data = json.loads(json.dumps(good))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        variants.append(json.dumps(data).encode())
    for content in variants:
        d = _fresh(files)
        try:
            store = _check_bad_file(d, GAME, content, files)
            assert store.load_game() is None
        finally:
            shutil.rmtree(d, ignore_errors=True)


# JSON values only: NaN and the infinities are not JSON (a file holding one is damaged as a whole:
# test_non_json_numbers_set_the_whole_file_aside).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _paths(value, prefix=()):
    """Every (path) into a JSON value, for replacing one node."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _paths(v, prefix + (i,))


def _replace(data, path, value):
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


class _Base:
    files: dict[str, bytes] | None = None


def _shared_files() -> dict[str, bytes]:
    if _Base.files is None:
        d = Path(tempfile.mkdtemp(prefix="wizbase"))
        _Base.files = _base(d)
        shutil.rmtree(d, ignore_errors=True)
    return _Base.files


@FUZZ
@given(st.sampled_from(NAMES), st.binary(max_size=300))
def test_random_bytes_never_crash(name: str, content: bytes) -> None:
    files = _shared_files()
    d = _fresh(files)
    try:
        _check_bad_file(d, name, content, files)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@FUZZ
@given(st.sampled_from(NAMES), st.randoms(use_true_random=False), json_values)
def test_one_wrong_value_never_crashes(name: str, rnd: random.Random, value) -> None:
    files = _shared_files()
    text = files[name].splitlines()[0] if name == "history.jsonl" else files[name]
    data = json.loads(text)
    path = rnd.choice(list(_paths(data)))
    content = json.dumps(_replace(data, path, value)).encode() + b"\n"
    d = _fresh(files)
    try:
        store = _check_bad_file(d, name, content, files)
        if name == "settings.json":
            # a bad value resets only itself (the others survive)
            s = store.load_settings()
            if path and path[0] not in ("schema", "last_setup") and len(path) == 1:
                for field in ("language", "volume", "card_look", "window_size"):
                    if field != path[0]:
                        assert getattr(s, field) == getattr(custom_settings(), field)
    finally:
        shutil.rmtree(d, ignore_errors=True)
