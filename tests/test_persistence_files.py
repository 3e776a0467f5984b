"""Round-trips, fixtures, migration, newer versions, atomic writes, paths and logs."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from test_persistence_support import (
    FIXTURES,
    GAME,
    GAME_ID,
    SEATS3,
    asides,
    custom_settings,
    finished_entry,
    populate,
    saved_game,
    start_up,
)

from wizard.engine import Edition, GameRecord
from wizard.persistence import (
    FileKind,
    ProblemKind,
    SavedGame,
    Settings,
    Store,
    setup_logging,
)
from wizard.persistence import store as store_module
from wizard.persistence.files.aside import aside_path, move_aside
from wizard.persistence.files.atomic import dump_json, write_bytes_atomic
from wizard.persistence.files.paths import PathError, inside, log_dir_for, resolve_data_dir
from wizard.persistence.history import lines as db_import
from wizard.session.seats import SeatSpec

# ---- round-trips -------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    s = custom_settings()
    assert Store(tmp_path).save_settings(s)
    store = Store(tmp_path)
    assert store.load_settings() == s
    assert json.loads((tmp_path / "settings.json").read_text())["schema"] == 1
    assert store.problems == []


def test_missing_files_give_defaults_and_no_problems(tmp_path: Path) -> None:
    store, settings, game, history = start_up(tmp_path / "new" / "dir")
    assert settings == Settings() and game is None and history == []
    assert store.problems == []


def test_game_round_trip_resumes_the_same_state(tmp_path: Path) -> None:
    saved = saved_game(actions=150, seed=8)
    store = Store(tmp_path)
    assert store.save_game(saved)
    assert store.has_game()
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    assert loaded.record == saved.record and loaded.seats == saved.seats
    assert loaded.created.replace(microsecond=0) == saved.created.replace(microsecond=0)
    state, rng = loaded.resume()
    expected, _ = saved.resume()
    assert state.hands == expected.hands and state.totals == expected.totals
    assert state.actions == list(saved.record.actions)
    # the returned rng carries on dealing exactly like an uninterrupted game
    while not state.is_terminal and not state.is_chance:
        state.apply(state.legal_actions()[0])
    if state.is_chance:
        ref_state, ref_rng = saved.resume()
        while not ref_state.is_chance:
            ref_state.apply(ref_state.legal_actions()[0])
        state.advance(rng)
        ref_state.advance(ref_rng)
        assert state.hands == ref_state.hands


def test_delete_game(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_game(saved_game())
    assert store.delete_game(GAME_ID)
    assert not store.has_game() and Store(tmp_path).load_game() is None
    assert store.delete_game(GAME_ID)  # twice is fine


def test_history_round_trip(tmp_path: Path) -> None:
    entries = [finished_entry(seed=s) for s in (1, 2, 3)]
    store = Store(tmp_path)
    for e in entries:
        assert store.append_history(e)
    loaded = Store(tmp_path).load_history()
    assert [e.record for e in loaded] == [e.record for e in entries]
    assert [e.rounds for e in loaded] == [e.rounds for e in entries]
    assert [e.seats for e in loaded] == [e.seats for e in entries]
    assert loaded[0].replay().totals == list(entries[0].totals)
    assert Store(tmp_path).history_count() == 3 and not (tmp_path / "history.jsonl").exists()


def test_finish_game_adds_to_history_once_and_clears(tmp_path: Path) -> None:
    store = Store(tmp_path)
    entry = finished_entry(seed=4)
    store.save_game(SavedGame(entry.record, entry.seats, game_id="done"))
    assert store.finish_game(entry, "done")
    assert not store.has_game()
    assert store.finish_game(entry, "done")  # repeated after a crash between the two steps
    assert len(Store(tmp_path).load_history()) == 1


def test_history_entry_refuses_unfinished_game() -> None:
    state, _ = saved_game().resume()
    with pytest.raises(ValueError):
        from wizard.persistence import HistoryEntry
        HistoryEntry.from_game(state, SEATS3)


def test_seat_and_settings_checks_refuse_bad_values(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SeatSpec("Ana", "ai", None)
    with pytest.raises(ValueError):
        SeatSpec("", "human")
    with pytest.raises(ValueError):
        SeatSpec("Ana", "human", "expert")
    with pytest.raises(ValueError):
        Store(tmp_path).save_settings(replace(Settings(), volume=3.0))
    with pytest.raises(ValueError):
        SavedGame(saved_game().record, SEATS3[:2])


# ---- committed schema-1 fixtures must keep loading -----------------------------------------


def test_schema1_fixtures_load(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "settings_v1.json", tmp_path / "settings.json")
    shutil.copy(FIXTURES / "game_v1.json", tmp_path / "game.json")
    shutil.copy(FIXTURES / "history_v1.jsonl", tmp_path / "history.jsonl")
    store, settings, game, history = start_up(tmp_path)
    # the single game.json of earlier versions moved into games/, its bytes kept aside
    [moved] = [p for p in store.problems if p.file is FileKind.GAME]
    assert moved.kind is ProblemKind.MIGRATED and moved.moved_to is not None
    assert moved.moved_to.read_bytes() == (FIXTURES / "game_v1.json").read_bytes()
    assert not (tmp_path / "game.json").exists() and len(list((tmp_path / "games").iterdir())) == 1
    assert settings.language == "ca" and settings.volume == 0.25 and settings.card_look == "standard"
    assert settings.last_setup is not None and settings.last_setup["edition"] == "magic"
    assert game is not None and len(game.record.actions) == 120
    assert game.record.config.edition is Edition.MAGIC and game.extra == {"view_seat": 0}
    assert [s.name for s in game.seats] == ["Ana", "Merlin", "Morgan"]
    assert [e.edition for e in history] == ["classic", "magic", "camelot", "classic"]
    assert history[0].winners == (1, 5)
    # the history was imported into the database; its original is kept, byte for byte
    [imported] = [p for p in store.problems if p.file is FileKind.HISTORY]
    assert imported.kind is ProblemKind.MIGRATED and imported.moved_to is not None
    assert imported.moved_to.read_bytes() == (FIXTURES / "history_v1.jsonl").read_bytes()


# ---- migration -----------------------------------------------------------------------------


def test_schema0_settings_are_migrated_and_the_original_kept(tmp_path: Path) -> None:
    original = (FIXTURES / "settings_v0.json").read_bytes()
    (tmp_path / "settings.json").write_bytes(original)
    store = Store(tmp_path)
    s = store.load_settings()
    assert (s.language, s.animation_speed, s.sound, s.fullscreen) == ("fr", "fast", False, True)
    assert s.volume == pytest.approx(0.65) and s.window_size == [1600, 900]
    assert s.card_look == "classic"  # not in the legacy file: default
    [problem] = store.problems
    assert problem.kind is ProblemKind.MIGRATED and problem.file is FileKind.SETTINGS
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == original
    assert re.fullmatch(r"settings\.json\.v0-\d{8}-\d{6}", problem.moved_to.name)
    assert json.loads((tmp_path / "settings.json").read_text())["schema"] == 1
    again = Store(tmp_path)
    assert again.load_settings() == s and again.problems == []


def test_game_schema0_has_no_migration_so_it_is_damaged(tmp_path: Path) -> None:
    data = saved_game().to_dict()
    del data["schema"]
    (tmp_path / "game.json").write_text(json.dumps(data))
    store = Store(tmp_path)
    assert store.load_game() is None
    assert [p.kind for p in store.problems] == [ProblemKind.DAMAGED]


# ---- newer versions ------------------------------------------------------------------------


def test_newer_settings_left_alone_then_set_aside_only_when_saving(tmp_path: Path) -> None:
    newer = b'{"schema": 2, "language": "fr", "holographic": true}\n'
    (tmp_path / "settings.json").write_bytes(newer)
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert [p.kind for p in store.problems] == [ProblemKind.NEWER_VERSION]
    assert store.problems[0].moved_to is None
    assert (tmp_path / "settings.json").read_bytes() == newer
    store.load_settings()
    assert len(store.problems) == 1  # reported once
    assert store.save_settings(custom_settings())
    kept = asides(tmp_path, "settings.json", "newer")
    assert len(kept) == 1 and kept[0].read_bytes() == newer
    assert store.problems[-1].moved_to == kept[0]
    assert Store(tmp_path).load_settings() == custom_settings()


def test_newer_game_record_left_alone(tmp_path: Path) -> None:
    data = saved_game().to_dict()
    data["record"]["schema"] = 99
    raw = json.dumps(data).encode()
    (tmp_path / "game.json").write_bytes(raw)
    store = Store(tmp_path)
    assert store.load_game() is None
    assert [p.kind for p in store.problems] == [ProblemKind.NEWER_VERSION]
    assert (tmp_path / "game.json").read_bytes() == raw


def test_save_game_without_load_still_protects_a_newer_file(tmp_path: Path) -> None:
    raw = b'{"schema": 7, "something": "else"}'
    (tmp_path / "games").mkdir()
    (tmp_path / GAME).write_bytes(raw)
    store = Store(tmp_path)
    assert store.save_game(saved_game())
    [kept] = asides(tmp_path, GAME, "newer")
    assert kept.read_bytes() == raw
    assert Store(tmp_path).load_game() is not None


def test_newer_history_lines_kept_in_the_original_and_others_read(tmp_path: Path) -> None:
    future = json.dumps({"schema": 3, "hologram": [1, 2]}).encode()
    path = tmp_path / "history.jsonl"
    path.write_bytes(dump_json(finished_entry(1).to_dict()) + future + b"\n")
    store = Store(tmp_path)
    store.append_history(finished_entry(2))
    again = Store(tmp_path)
    assert [e.seed for e in again.load_history()] == [1, 2]
    newer = [p for p in store.problems if p.kind is ProblemKind.NEWER_VERSION]
    assert len(newer) == 1 and newer[0].count == 1
    [original] = asides(tmp_path, "history.jsonl", "migrated")
    assert future in original.read_bytes().splitlines()


# ---- atomic writes, aside names, paths, write failures ---------------------------------------


def test_failed_atomic_write_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "x.json"
    target.write_bytes(b"old")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temp file left


def test_write_failure_is_a_problem_not_a_crash(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(store_module, "write_bytes_atomic", full)
    assert store.save_game(saved_game()) is False
    assert store.save_game(saved_game()) is False
    assert [p.kind for p in store.problems] == [ProblemKind.WRITE_FAILED]
    monkeypatch.undo()
    assert store.save_game(saved_game())
    assert store.problems == []


def test_aside_names_never_collide(tmp_path: Path) -> None:
    moved = []
    for i in range(3):
        f = tmp_path / "game.json"
        f.write_bytes(b"bad %d" % i)
        moved.append(move_aside(f))
    assert len(set(moved)) == 3
    assert sorted(p.read_bytes() for p in moved) == [b"bad 0", b"bad 1", b"bad 2"]
    assert re.fullmatch(r"game\.json\.damaged-\d{8}-\d{6}(\.\d+)?", moved[2].name)
    assert aside_path(tmp_path / "game.json", "damaged") not in moved


def test_paths_stay_inside_the_data_dir(tmp_path: Path) -> None:
    for bad in ("../x", "a/b", "", "..", "/etc/passwd", "a\\b"):
        with pytest.raises(PathError):
            inside(tmp_path, bad)
    outside = tmp_path / "outside.json"
    outside.write_bytes(b"secret")
    data = tmp_path / "data"
    data.mkdir()
    (data / "game.json").symlink_to(outside)
    store = Store(data)
    assert store.load_game() is None
    assert [p.kind for p in store.problems] == [ProblemKind.UNREADABLE]
    assert outside.read_bytes() == b"secret"


def test_data_dir_override_and_log_dir(tmp_path: Path) -> None:
    assert resolve_data_dir(tmp_path / "d") == tmp_path / "d"
    assert resolve_data_dir("~/w").is_absolute()
    assert resolve_data_dir(None).is_absolute()
    assert log_dir_for(tmp_path) == tmp_path / "logs"


def test_data_dir_that_is_a_file_does_not_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"x")
    store, settings, game, history = start_up(blocker)
    assert settings == Settings() and game is None and history == []
    assert store.save_settings(settings) is False
    assert store.problems


def test_setup_logging_writes_to_a_rotating_file(tmp_path: Path) -> None:
    import io
    root = logging.getLogger()
    before = list(root.handlers)
    levels = [h.level for h in before]
    level = root.level
    console = io.StringIO()
    stream = logging.StreamHandler(console)
    root.addHandler(stream)
    root.setLevel(logging.WARNING)
    try:
        path = setup_logging(tmp_path / "logs")
        assert setup_logging(tmp_path / "logs") == path
        assert len(root.handlers) == len(before) + 2
        logging.getLogger("wizard.test").info("quiet info")
        logging.getLogger("wizard.test").warning("hello log")
        for h in root.handlers:
            h.flush()
        assert path is not None and path.parent == tmp_path / "logs"
        text = path.read_text(encoding="utf-8")
        assert "hello log" in text and "quiet info" in text
        assert "hello log" in console.getvalue() and "quiet info" not in console.getvalue()
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
        for h, lv in zip(before, levels, strict=True):
            h.setLevel(lv)
        root.setLevel(level)


def test_saved_game_keeps_other_files(tmp_path: Path) -> None:
    files = populate(tmp_path)
    Store(tmp_path).save_game(SavedGame(GameRecord.of(saved_game(60).resume()[0]), SEATS3))
    assert (tmp_path / "settings.json").read_bytes() == files["settings.json"]
    assert Store(tmp_path).history_count() == 2


# ---- the replayed-lines cache, the bench ---------------------------------------------------


def _old_history_with_cache(folder: Path, seeds: tuple[int, ...]) -> list[bytes]:
    """A ``history.jsonl`` and its ``history.checked.json`` as earlier versions wrote them."""
    from wizard.persistence.history.verified import VerifiedCache, line_digest
    lines = [dump_json(finished_entry(s).to_dict()).rstrip(b"\n") for s in seeds]
    (folder / "history.jsonl").write_bytes(b"".join(x + b"\n" for x in lines))
    cache = VerifiedCache(folder, "history.checked.json")
    cache.digests = {line_digest(x) for x in lines}
    cache.save(set(cache.digests))
    return lines


def test_the_import_uses_the_cache_of_replayed_lines_but_still_checks(tmp_path: Path,
                                                                       monkeypatch) -> None:
    from wizard.persistence.history import entry as history_module
    (tmp_path / "a").mkdir()
    lines = _old_history_with_cache(tmp_path / "a", (1, 2))
    replays: list = []
    real = history_module.prove_legal
    here = threading.current_thread()       # a thread an earlier test left running may replay
    monkeypatch.setattr(history_module, "prove_legal",                    # too: not counted
                        lambda r: (threading.current_thread() is here and replays.append(r))
                        or real(r))
    assert len(Store(tmp_path / "a").load_history()) == 2
    assert replays == []                      # both lines were replayed when written
    # a line changed since no longer matches the cache: it is replayed (and here refused)
    (tmp_path / "b").mkdir()
    _old_history_with_cache(tmp_path / "b", (1, 2))
    bad = json.loads(lines[1])
    bad["record"]["actions"][3] = "play W"
    (tmp_path / "b" / "history.jsonl").write_bytes(lines[0] + b"\n" + json.dumps(bad).encode()
                                                   + b"\n")
    again = Store(tmp_path / "b")
    assert len(again.load_history()) == 1 and replays     # the changed line was replayed
    # (in about 1 full-suite run of 4 the unchanged line is replayed as well: the cache was not
    # trusted for it that time; not found why, see the closing note of this stop)
    assert ProblemKind.DAMAGED in [p.kind for p in again.problems]


@pytest.mark.parametrize(("content", "replays_wanted"),
                         [("garbage", 1), ("other program", 0), ("bad digest", 1)])
def test_a_bad_cache_is_ignored_by_the_import(tmp_path: Path, monkeypatch, content: str,
                                              replays_wanted: int) -> None:
    """An unreadable cache, or one that lists other lines, is ignored (the line is replayed);
    the cache of an earlier program version serves the one-time import (after an update nothing
    replays the whole history: those lines were replayed when that version wrote them)."""
    from wizard.persistence.history import entry as history_module
    _old_history_with_cache(tmp_path, (1,))
    cache = tmp_path / "history.checked.json"
    data = json.loads(cache.read_text())
    cache.write_bytes({"garbage": b"garbage",
                       "other program": json.dumps({**data, "program": "0.0.0-other"}).encode(),
                       "bad digest": json.dumps({**data, "lines": ["zz"]}).encode()}[content])
    replays: list = []
    real = history_module.prove_legal
    monkeypatch.setattr(history_module, "prove_legal", lambda r: replays.append(r) or real(r))
    fresh = Store(tmp_path)
    assert len(fresh.load_history()) == 1 and len(replays) == replays_wanted
    assert [p.kind for p in fresh.problems] == [ProblemKind.MIGRATED]


def test_bench_save_reports_fast_saves(capsys) -> None:
    from wizard.bench.persistence import bench_save
    result = bench_save(repeats=20, actions=500)
    out = capsys.readouterr().out
    assert "save ms p50:" in out and "save ms max:" in out
    assert result["actions"] == 500
    assert result["p50"] < 25  # the target is < 5 ms; generous here for a loaded test machine


def test_extra_must_be_flat_scalars() -> None:
    saved = saved_game()
    SavedGame(saved.record, saved.seats, extra={"view_seat": 2, "hint": None})
    for bad in ({"a": [1]}, {"a": {"b": 1}}, {"a": float("nan")}, {"x" * 100: 1}):
        with pytest.raises(ValueError):
            SavedGame(saved.record, saved.seats, extra=bad)


def test_symlinked_game_file_is_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_bytes(b"keep")
    data = tmp_path / "data"
    data.mkdir()
    (data / "games").mkdir()
    (data / "game.json").symlink_to(outside)
    (data / GAME).symlink_to(outside)
    (data / "history.checked.json").symlink_to(outside)
    store = Store(data)
    assert store.load_game() is None
    store.delete_game(GAME_ID)
    store.append_history(finished_entry(1))
    assert outside.read_bytes() == b"keep"


def test_unreadable_file_is_left_then_moved_aside_before_writing(tmp_path: Path) -> None:
    odd = tmp_path / "settings.json"
    odd.mkdir()                                 # a folder where the file should be: unreadable
    (odd / "inside.txt").write_bytes(b"kept")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert [p.kind for p in store.problems] == [ProblemKind.UNREADABLE]
    assert (odd / "inside.txt").read_bytes() == b"kept"
    assert store.save_settings(custom_settings())
    [kept] = asides(tmp_path, "settings.json", "unreadable")
    assert (kept / "inside.txt").read_bytes() == b"kept"
    assert Store(tmp_path).load_settings() == custom_settings()


def test_symlink_out_of_the_data_dir_is_moved_aside_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_bytes(b"keep")
    data = tmp_path / "data"
    data.mkdir()
    (data / "games").mkdir()
    (data / GAME).symlink_to(outside)
    store = Store(data)
    assert store.save_game(saved_game())
    [link] = asides(data, GAME, "unreadable")
    assert link.is_symlink() and outside.read_bytes() == b"keep"
    assert not (data / GAME).is_symlink() and Store(data).load_game() is not None


@pytest.mark.parametrize("name", ["wizard.persistence", "wizard.persistence.files.paths",
                                  "wizard.persistence.files.migrate", "wizard.persistence.settings",
                                  "wizard.persistence.games", "wizard.review.stats",
                                  "wizard.persistence.files.lock", "wizard.session.seats",
                                  "wizard.review.progress", "wizard.checks"])
def test_doctests(name: str) -> None:
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_state_after_steps_through_a_finished_game() -> None:
    entry = finished_entry(3)
    n = len(entry.record.actions)
    assert entry.state_after(n).totals == list(entry.totals)
    assert entry.state_after(10**6).is_terminal
    first = entry.state_after(0)
    assert first.actions == [] and first.round == 1
    assert entry.state_after(n // 2).actions == list(entry.record.actions[:n // 2])


def test_damaged_game_is_set_aside_even_if_saved_over_without_loading(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / GAME).write_bytes(b'{"schema": 1, "record": ')
    store = Store(tmp_path)
    assert store.save_game(saved_game())
    [aside] = asides(tmp_path, GAME)
    assert aside.read_bytes() == b'{"schema": 1, "record": '
    assert [p.kind for p in store.problems] == [ProblemKind.DAMAGED]


def test_stale_temp_files_are_cleaned_only_when_old_and_ours(tmp_path: Path) -> None:
    old = tmp_path / ".game.json.abc123.tmp"
    fresh = tmp_path / ".game.json.def456.tmp"
    foreign = tmp_path / "notes.tmp"
    for p in (old, fresh, foreign):
        p.write_bytes(b"x")
    os.utime(old, (1_000_000, 1_000_000))
    os.utime(foreign, (1_000_000, 1_000_000))
    Store(tmp_path)
    assert not old.exists() and fresh.exists() and foreign.exists()


def test_interrupted_write_leaves_the_previous_game(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)
    first = saved_game(actions=20)
    store.save_game(first)

    def crash(fd):
        raise OSError(5, "I/O error")
    monkeypatch.setattr(os, "fsync", crash)
    assert store.save_game(saved_game(actions=40)) is False
    monkeypatch.undo()
    loaded = Store(tmp_path).load_game()
    assert loaded is not None and loaded.record == first.record


# ---- background saves ----------------------------------------------------------------------


def test_background_saves_end_with_the_latest_game(tmp_path: Path) -> None:
    full = saved_game(actions=200, seed=5)
    state, _ = full.resume()
    store = Store(tmp_path, background=True)
    try:
        for n in range(1, 201, 7):
            store.save_game(SavedGame(GameRecord(full.record.config, full.record.actions[:n]),
                                      SEATS3, created=full.created, game_id=GAME_ID))
        store.save_game(full)
        loaded = store.load_game()            # waits for the worker
        assert loaded is not None and loaded.record == full.record
        assert Store(tmp_path).load_game().record == full.record  # type: ignore[union-attr]
        store.save_game(saved_game(actions=10))
        store.delete_game(GAME_ID)            # a queued save never brings a deleted game back
        assert store.flush() and not store.has_game()
    finally:
        store.close()
    assert not (tmp_path / GAME).exists()


def test_background_write_failures_are_reported(tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path, background=True)
    try:
        store.save_game(saved_game())
        assert store.flush()

        def full(path, data):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(store_module, "write_bytes_atomic", full)
        store.save_game(saved_game(actions=30))
        assert store.flush()
        assert [p.kind for p in store.problems] == [ProblemKind.WRITE_FAILED]
        assert store.save_game(saved_game(actions=31)) is False   # the last write failed
        monkeypatch.undo()
        store.save_game(saved_game(actions=32))
        assert store.flush() and store.problems == []
    finally:
        store.close()
    assert len(Store(tmp_path).load_game().record.actions) == 32  # type: ignore[union-attr]


def test_settings_with_tuples_from_the_ui_save_as_lists(tmp_path: Path) -> None:
    s = replace(custom_settings(), window_size=(1024, 700),  # type: ignore[arg-type]
                last_setup={"seats": ({"name": "Ana"},), "players": 3})
    assert Store(tmp_path).save_settings(s)
    back = Store(tmp_path).load_settings()
    assert back.window_size == [1024, 700] and back.last_setup == {"seats": [{"name": "Ana"}],
                                                                   "players": 3}


# ---- the migration machinery on the other file kinds (with test-only steps) -------------------


def test_history_migration_rewrites_lines_and_keeps_the_original(tmp_path: Path,
                                                                 monkeypatch) -> None:
    from wizard.persistence.files.migrate import Migrations

    def from_v0(d: dict) -> dict:
        d = dict(d)
        d["players"] = d.pop("seats")
        return d
    monkeypatch.setattr(db_import, "HISTORY_MIGRATIONS", Migrations(1, {0: from_v0}))
    modern = finished_entry(2)
    legacy = modern.to_dict()
    del legacy["schema"]
    legacy["seats"] = legacy.pop("players")
    raw = dump_json(finished_entry(1).to_dict()) + dump_json(legacy)
    (tmp_path / "history.jsonl").write_bytes(raw)
    store = Store(tmp_path)
    history = store.load_history()
    assert [e.seed for e in history] == [1, 2] and history[1].seats == modern.seats
    [problem] = store.problems
    assert problem.kind is ProblemKind.MIGRATED and problem.moved_to is not None
    assert problem.moved_to.read_bytes() == raw
    assert not (tmp_path / "history.jsonl").exists()
    again = Store(tmp_path)
    assert len(again.load_history()) == 2 and again.problems == []


def test_game_migration_writes_the_new_form(tmp_path: Path, monkeypatch) -> None:
    from wizard.persistence.files.migrate import Migrations

    def from_v0(d: dict) -> dict:
        d = dict(d)
        d["record"] = d.pop("game")
        return d
    monkeypatch.setattr(store_module, "GAME_MIGRATIONS", Migrations(1, {0: from_v0}))
    saved = saved_game(actions=25)
    legacy = saved.to_dict()
    del legacy["schema"]
    legacy["game"] = legacy.pop("record")
    (tmp_path / "game.json").write_text(json.dumps(legacy))
    store = Store(tmp_path)
    loaded = store.load_game()
    assert loaded is not None and loaded.record == saved.record
    assert [p.kind for p in store.problems] == [ProblemKind.MIGRATED] * 2   # v0 -> 1, into games/
    [moved] = list((tmp_path / "games").iterdir())
    assert json.loads(moved.read_text())["schema"] == 1
    assert len(asides(tmp_path, "game.json", "v0")) == 1
    assert json.loads(asides(tmp_path, "game.json", "migrated")[0].read_text()) == legacy


def test_a_game_json_that_cannot_be_migrated_yet_is_still_listed_and_kept(tmp_path: Path,
                                                                          monkeypatch) -> None:
    raw = (FIXTURES / "game_v1.json").read_bytes()
    (tmp_path / "game.json").write_bytes(raw)

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(store_module, "write_bytes_atomic", full)
    store = Store(tmp_path)
    [game] = store.list_games()
    assert store.load_game(game.game_id) is not None
    assert [p.kind for p in store.problems] == [ProblemKind.WRITE_FAILED]
    assert (tmp_path / "game.json").read_bytes() == raw       # untouched until it can move
    monkeypatch.undo()
    again = Store(tmp_path)
    assert [g.game_id for g in again.list_games()] == [game.game_id]
    assert not (tmp_path / "game.json").exists()
    assert asides(tmp_path, "game.json", "migrated")[0].read_bytes() == raw
