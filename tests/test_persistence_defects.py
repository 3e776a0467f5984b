"""The defects found by outside testing (issue #17): each test failed on the code before its fix."""

from __future__ import annotations

import errno
import io
import json
import logging
import os
from pathlib import Path

import pytest
from test_persistence_support import asides, finished_entry

from wizard.persistence import DataLock, FileKind, ProblemKind, Settings, Store, setup_logging
from wizard.persistence.files import lock as lock_module
from wizard.persistence.files.atomic import dump_json

HUGE = "1" + "0" * 400

# ---- D1: an overflowing number ------------------------------------------------------------


@pytest.mark.parametrize("field", ["volume", "ui_scale"])
def test_d1_an_overflowing_number_falls_back_and_everything_else_loads(tmp_path: Path,
                                                                       field: str) -> None:
    raw = ('{"schema": 1, "language": "fr", "' + field + '": ' + HUGE + '}').encode()
    (tmp_path / "settings.json").write_bytes(raw)
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.language == "fr" and getattr(settings, field) == getattr(Settings(), field)
    [aside] = asides(tmp_path, "settings.json")
    assert aside.read_bytes() == raw


# ---- D2 / D3: the one-window lock ---------------------------------------------------------


def _two_windows(folder: Path) -> tuple[bool, bool]:
    first, second = DataLock(folder), DataLock(folder)
    try:
        return first.acquire(), second.acquire()
    finally:
        first.release()
        second.release()


def test_d2_a_directory_at_the_lock_is_set_aside_and_the_lock_holds(tmp_path: Path) -> None:
    (tmp_path / "wizard.lock").mkdir()
    (tmp_path / "wizard.lock" / "inside").write_bytes(b"kept")
    assert _two_windows(tmp_path) == (True, False)
    [aside] = asides(tmp_path, "wizard.lock", "foreign")
    assert (aside / "inside").read_bytes() == b"kept"


def test_d2_a_read_only_lock_file_still_excludes_a_second_window(tmp_path: Path,
                                                                 monkeypatch) -> None:
    (tmp_path / "wizard.lock").write_bytes(b"123\n")
    real_os_open, real_open = os.open, open

    def ro_os_open(path, flags, *a, **k):              # as for a user who may not write it
        if str(path).endswith("wizard.lock") and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_os_open(path, flags, *a, **k)

    def ro_open(path, mode="r", *a, **k):
        if str(path).endswith("wizard.lock") and set(mode) & set("wa+"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr(os, "open", ro_os_open)
    monkeypatch.setattr(lock_module, "open", ro_open, raising=False)
    assert _two_windows(tmp_path) == (True, False)


def test_d2_a_full_disk_while_writing_the_pid_keeps_the_lock(tmp_path: Path, monkeypatch) -> None:
    real_open = open

    class Full(io.BufferedRandom):
        def write(self, b):                            # noqa: ANN001
            raise OSError(errno.ENOSPC, "No space left on device")

    def full_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        if str(path).endswith("wizard.lock"):
            f.write = Full.write.__get__(f)            # type: ignore[method-assign]
        return f

    def full_pid(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(lock_module, "open", full_open, raising=False)
    monkeypatch.setattr(lock_module, "_write_pid", full_pid, raising=False)
    assert _two_windows(tmp_path) == (True, False)


def test_d3_a_symlink_at_the_lock_never_overwrites_its_target(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_bytes(b"precious")
    data = tmp_path / "data"
    data.mkdir()
    (data / "wizard.lock").symlink_to(target)
    assert _two_windows(data) == (True, False)
    assert target.read_bytes() == b"precious"
    [link] = asides(data, "wizard.lock", "foreign")
    assert link.is_symlink()


def test_d3_a_symlink_at_the_log_never_overwrites_its_target(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_bytes(b"precious")
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "wizard.log").symlink_to(target)
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert setup_logging(logs) is not None
        logging.getLogger("wizard.test").warning("hello")
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
    assert target.read_bytes() == b"precious"
    assert "hello" in (logs / "wizard.log").read_text()


# ---- D4: a foreign history.jsonl ----------------------------------------------------------


@pytest.mark.parametrize("what", ["directory", "symlink"])
def test_d4_a_foreign_history_is_set_aside_and_games_reach_history(tmp_path: Path,
                                                                   what: str) -> None:
    outside = tmp_path / "outside.jsonl"
    outside.write_bytes(b"not mine\n")
    data = tmp_path / "data"
    data.mkdir()
    if what == "directory":
        (data / "history.jsonl").mkdir()
    else:
        (data / "history.jsonl").symlink_to(outside)
    store = Store(data)
    store.load_history()
    assert store.append_history(finished_entry(1))
    assert len(Store(data).load_history()) == 1
    assert outside.read_bytes() == b"not mine\n"
    assert len(asides(data, "history.jsonl", "unreadable")) == 1


# ---- M1 / M2: a damaged history -----------------------------------------------------------


def _history_with_one_bad_line(folder: Path) -> bytes:
    raw = (dump_json(finished_entry(1).to_dict()) + b'{"schema": 1, "broken\n'
           + dump_json(finished_entry(2).to_dict()))
    (folder / "history.jsonl").write_bytes(raw)
    return raw


def test_m1_a_damaged_history_is_kept_byte_identical(tmp_path: Path) -> None:
    raw = _history_with_one_bad_line(tmp_path)
    store = Store(tmp_path)
    assert len(store.load_history()) == 2
    [original] = asides(tmp_path, "history.jsonl", "migrated")     # the whole file, as it was
    assert original.read_bytes() == raw
    # the bad line is kept once, in that original (#34 S11: no second copy in a .damaged file)
    assert b'{"schema": 1, "broken\n' in original.read_bytes()
    assert not asides(tmp_path, "history.jsonl")
    assert not (tmp_path / "history.jsonl").exists()


def test_s11_an_interrupted_import_keeps_one_copy_of_the_bad_lines(tmp_path: Path) -> None:
    """Issue #34 S11: each interrupted import wrote another .damaged file of the same lines."""
    import threading
    raw = _history_with_one_bad_line(tmp_path) + b"".join(
        dump_json(finished_entry(k).to_dict()) for k in (3, 4))
    (tmp_path / "history.jsonl").write_bytes(raw)
    for _ in range(3):                         # stopped after the bad line, three times
        store = Store(tmp_path)
        assert store.history_db(create=False, import_files=False) is not None
        stop = threading.Event()
        assert not store.run_import(progress=lambda n, s=stop: s.set() if n >= 3 else None,
                                    stop=stop)
        store.close()
    store = Store(tmp_path)
    assert len(store.load_history()) == 4
    holding = [p for p in tmp_path.iterdir() if p.is_file()
               and b'{"schema": 1, "broken' in p.read_bytes()]
    assert len(holding) == 1 and holding[0].read_bytes() == raw


def test_m2_the_message_says_what_was_kept_and_what_was_set_aside(tmp_path: Path) -> None:
    from wizard.i18n import set_language
    from wizard.ui.notices import notice
    _history_with_one_bad_line(tmp_path)
    store = Store(tmp_path)
    store.load_history()
    [problem] = [p for p in store.problems if p.kind is ProblemKind.DAMAGED]
    set_language("en")
    text, _serious = notice(problem)
    assert "starts without it" not in text
    assert "2 games" in text and "1 " in text and str(problem.moved_to) in text


# ---- M4: a full disk and the log ----------------------------------------------------------


def test_m4_a_log_that_cannot_be_written_is_said_once(tmp_path: Path, monkeypatch,
                                                      capsys) -> None:
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        setup_logging(tmp_path)
        handler = next(h for h in root.handlers if h not in before)

        def full(*_a: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(handler, "emit", full)
        monkeypatch.setattr(handler, "stream", None, raising=False)
        monkeypatch.setattr(type(handler), "emit", type(handler).emit)   # the class's own emit
        monkeypatch.delattr(handler, "emit")
        monkeypatch.setattr(handler, "shouldRollover", lambda r: False)
        monkeypatch.setattr(handler, "_open", lambda: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, "No space left on device")))
        for i in range(20):
            logging.getLogger("wizard.test").warning("line %d", i)
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
    err = capsys.readouterr().err
    assert "Logging error" not in err
    assert err.count("\n") <= 1 and "log" in err.lower()


# ---- M5: a big damaged history ------------------------------------------------------------


def test_m5_a_big_damaged_history_bounds_the_warnings(tmp_path: Path, caplog) -> None:
    good = dump_json(finished_entry(1).to_dict())
    junk = b"".join(b'{"schema": 1, "x": %d, "broken\n' % i for i in range(20_000))
    (tmp_path / "history.jsonl").write_bytes(good + junk)
    store = Store(tmp_path)
    with caplog.at_level(logging.INFO):
        assert len(store.load_history()) == 1
    assert len(caplog.records) <= 25
    [problem] = [p for p in store.problems if p.kind is ProblemKind.DAMAGED]
    assert problem.kind is ProblemKind.DAMAGED and problem.count == 20_000
    assert problem.file is FileKind.HISTORY


# ---- M6: a foreign settings object --------------------------------------------------------


@pytest.mark.parametrize("raw", [b'{"volume": 7}', b'{"colour": "red"}', b'{}'])
def test_m6_a_foreign_settings_object_is_set_aside_not_converted(tmp_path: Path,
                                                                  raw: bytes) -> None:
    (tmp_path / "settings.json").write_bytes(raw)
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert [p.kind for p in store.problems] == [ProblemKind.DAMAGED]
    [aside] = asides(tmp_path, "settings.json")
    assert aside.read_bytes() == raw
    assert not (tmp_path / "settings.json").exists() \
        or json.loads((tmp_path / "settings.json").read_text())["schema"] == 1





def test_d2_no_lock_file_at_all_still_excludes_a_second_window(tmp_path: Path,
                                                                monkeypatch) -> None:
    """A folder where no lock file can be made (read-only): the folder itself is locked."""
    def refuse(path: Path) -> tuple[int, bool]:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    monkeypatch.setattr(lock_module, "_open_lock", refuse, raising=False)
    real_open = open

    def ro_open(path, mode="r", *a, **k):
        if str(path).endswith("wizard.lock") and set(mode) & set("wa+"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr(lock_module, "open", ro_open, raising=False)
    if os.name == "posix":
        assert _two_windows(tmp_path) == (True, False)
