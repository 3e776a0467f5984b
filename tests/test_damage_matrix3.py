"""The damaged-file matrix of issue #23: named pipes, hard links, a link at every folder the
program writes into, and a lone surrogate, a zero-width name and an oversized interface size in
every text field of every file kind.

Each case starts the program as a start does (the one-window lock, the log, the settings, the main
menu and Continue drawn, the history, the reviews), then plays on (saves a game, finishes one,
takes a screenshot, saves the settings), within ``START_S`` seconds (a hang is caught with an
alarm sent to the main thread). Figures: crashes, hangs, files lost (every byte of every data file, damaged or not, is still
in the folder once the menu is reached), writes outside the data folder — all must be 0.

By default every object and folder case runs, and every 40th text-field case; ``WIZARD_MATRIX3=all``
runs them all, and ``-s`` prints the figures.

Since the history moved into SQLite (#24), the folder holds ``history.sqlite3`` (two finished
games and a review) and, as after an update, an earlier version's ``history.jsonl``, its cache
``history.checked.json`` and ``reviews/`` (one more game and its review), which each start imports:
the matrix damages both. The database is rewritten by design; what it must keep is its games, so
each case also counts the finished games a start reads against those the damage left.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import logging  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import stat  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from test_persistence_support import finished_entry, populate, saved_game  # noqa: E402

from wizard.persistence import DataLock, SavedGame, Store, setup_logging  # noqa: E402
from wizard.persistence.files.atomic import dump_json  # noqa: E402

START_S = 10.0
ALL = os.environ.get("WIZARD_MATRIX3") == "all"
FILES = ("settings.json", "games/g1.json", "games/g2.json", "history.sqlite3", "history.jsonl",
         "history.checked.json", "wizard.lock", "game.json", "REVIEW", "logs/wizard.log")
FOLDERS = ("games", "reviews", "logs", "screenshots")
TEXT_KINDS = ("settings.json", "games/g1.json", "history.jsonl", "history.checked.json", "REVIEW",
              "game.json")
DERIVED = ("wizard.lock", "history.checked.json", "logs/wizard.log",   # rewritten by design
           "history.sqlite3", "history.sqlite3-wal", "history.sqlite3-shm")   # (games counted)
SURROGATE, ZERO_WIDTH, BIG_SCALE = "\ud800", "\u200b\u200d\u2060\ufeff", 3.0


class Hung(BaseException):
    """The start did not reach the menu within ``START_S`` (a ``BaseException``: the program's
    own ``except Exception`` must not swallow it and go on waiting)."""


def _build(d: Path) -> None:
    from test_review import quick

    from wizard.persistence.history.db import line_digest
    from wizard.persistence.history.history import CACHE_NAME
    from wizard.persistence.history.reviews import review_id
    from wizard.persistence.history.verified import VerifiedCache
    from wizard.review import review_game
    populate(d, history=0)
    store = Store(d)
    for i, gid in enumerate(("g1", "g2")):
        g = saved_game(actions=20 + 10 * i, seed=3 + i)
        store.save_game(SavedGame(g.record, g.seats, game_id=gid))
    entry = finished_entry(2)
    store.append_history(finished_entry(1))
    store.append_history(entry)
    store.load_history()
    review = review_game(entry, quick)
    assert review is not None and store.save_review(review)
    store.close()                                   # the database checkpointed, no journal
    # an earlier version's files, imported at each start: one more game, its cache and review
    old = finished_entry(3)
    line = dump_json(old.to_dict())
    (d / "history.jsonl").write_bytes(line)
    cache = VerifiedCache(d, CACHE_NAME)
    cache.digests = {line_digest(line.rstrip(b"\n"))}
    cache.save(set(cache.digests))
    old_review = review_game(old, quick)
    assert old_review is not None
    (d / "reviews").mkdir()
    (d / "reviews" / f"{review_id(old)}.json").write_bytes(dump_json(old_review.to_dict()))
    lock = DataLock(d)
    lock.acquire()
    lock.release()
    legacy = saved_game(actions=15, seed=9)
    (d / "game.json").write_bytes(dump_json(SavedGame(legacy.record, legacy.seats).to_dict()))
    (d / "logs").mkdir()
    (d / "logs" / "wizard.log").write_text("an earlier line\n")
    (d / "screenshots").mkdir()
    (d / "screenshots" / "earlier.png").write_bytes(b"\x89PNG earlier")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("matrix3") / "data"
    d.mkdir()
    _build(d)
    return d


def _review(d: Path) -> str:
    return "reviews/" + next(p.name for p in (d / "reviews").iterdir())


def _cases() -> list[tuple[str, str, Any]]:
    """(what, where, how): objects at each file, links at each folder, values in text fields."""
    cases: list[tuple[str, str, Any]] = [(what, f, None) for f in FILES for what in ("fifo", "hardlink")]
    cases += [("folder-link", f, None) for f in FOLDERS]
    cases += [("ui_scale", "settings.json", v) for v in (2.25, BIG_SCALE, 1e308)]
    return cases


def _text_cases(base_dir: Path) -> list[tuple[str, str, Any]]:
    out = []
    for kind in TEXT_KINDS:
        name = _review(base_dir) if kind == "REVIEW" else kind
        raw = (base_dir / name).read_bytes()
        doc = json.loads(raw.splitlines()[-1] if name.endswith(".jsonl") else raw)
        for path, is_key in _strings(doc):
            for value in (SURROGATE, ZERO_WIDTH, BIG_SCALE):
                if is_key and not isinstance(value, str):
                    continue
                out.append(("text", kind, (path, is_key, value)))
    return out if ALL else out[::40]


def _strings(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], bool]]:
    if isinstance(value, str):
        yield path, False
    elif isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,), True
            yield from _strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _strings(v, path + (i,))


def _put(doc: Any, path: tuple[Any, ...], is_key: bool, value: Any) -> Any:
    target = doc
    for p in path[:-1]:
        target = target[p]
    if is_key:
        old = path[-1]
        target[(old[:1] + value + old[1:]) if value == SURROGATE else value] = target.pop(old)
    elif isinstance(value, str) and value == SURROGATE:
        old = target[path[-1]]
        target[path[-1]] = old[:2] + value + old[2:]
    else:
        target[path[-1]] = value
    return doc


def _damage(d: Path, outside: Path, what: str, where: str, how: Any) -> bytes | None:
    """Damage the copy ``d``; the bytes now at the damaged file (None for objects and links)."""
    name = _review(d) if where == "REVIEW" else where
    path = d / name
    if what == "fifo":
        path.unlink(missing_ok=True)
        os.mkfifo(path)
        return None
    if what == "hardlink":
        target = outside / f"linked-{path.name}"
        target.write_bytes(path.read_bytes() if path.exists() else b"outside, never written")
        path.unlink(missing_ok=True)
        os.link(target, path)
        return None
    if what == "folder-link":
        target = outside / f"folder-{name}"
        shutil.copytree(path, target)
        shutil.rmtree(path)
        path.symlink_to(target, target_is_directory=True)
        return None
    raw = path.read_bytes()
    if what == "ui_scale":
        doc = json.loads(raw)
        doc["ui_scale"] = how
        bad = json.dumps(doc).encode()
    else:
        field, is_key, value = how
        if name.endswith(".jsonl"):
            lines = raw.splitlines()
            doc = _put(json.loads(lines[-1]), field, is_key, value)
            bad = b"\n".join(lines[:-1] + [json.dumps(doc).encode()]) + b"\n"
        else:
            bad = json.dumps(_put(json.loads(raw), field, is_key, value)).encode()
    path.write_bytes(bad)
    return bad


def _alarm(_sig: int, _frame: Any) -> None:
    raise Hung(f"no menu within {START_S:g} s")


def _start_and_play(d: Path, started: list[list[bytes]], games_read: list[int]) -> None:
    """A start (lock, log, settings, menu, Continue, history, reviews), then some play, headless.

    What the folder holds once the menu is reached is appended to ``started`` (nothing may be
    lost by a start; playing on may rewrite the settings and the games, as a player's play does).
    """
    from wizard.i18n import set_language
    from wizard.service import Prefs
    from wizard.ui.routes import make_app
    root = logging.getLogger()
    handlers = list(root.handlers)
    lock = DataLock(d)
    prefs = None
    try:
        lock.acquire()
        setup_logging(d / "logs")
        set_language("en")
        prefs = Prefs(d)
        app = make_app(prefs, size=(1024, 640), headless=True, threaded=False, speed="off", lang="en")
        app.go("menu")
        app.frame(0.0)
        if prefs.games():
            app.go("continue_list")
            app.frame(0.0)
        history = prefs.history()
        for e in history:
            prefs.load_review(e)
        prefs.flush()
        started.append(_everything(d)[0])
        games_read.append(len(history))
        logging.getLogger("wizard.matrix").warning("a line for the log")
        store = Store(d)
        game = saved_game(actions=30, seed=21)
        store.save_game(SavedGame(game.record, game.seats, game_id="new"))
        store.finish_game(finished_entry(5), "new")
        for g in store.list_games()[:1]:
            store.save_game(SavedGame(g.record, g.seats, g.created, game_id=g.game_id))
        app.screenshot()
        prefs.save_settings()
        prefs.flush()
    finally:
        if prefs is not None:
            prefs.close()
        lock.release()
        for h in root.handlers[:]:
            if h not in handlers:
                root.removeHandler(h)
                h.close()


def _snapshot(folder: Path) -> dict[str, bytes]:
    out = {}
    for p in folder.rglob("*"):
        st = os.lstat(p)
        if stat.S_ISREG(st.st_mode):
            out[p.relative_to(folder).as_posix()] = p.read_bytes()
    return out


def _everything(d: Path) -> tuple[list[bytes], int]:
    """The bytes of every plain file in ``d``, and how many named pipes it holds."""
    files, pipes = [], 0
    for p in d.rglob("*"):
        st = os.lstat(p)
        if stat.S_ISREG(st.st_mode):
            files.append(p.read_bytes())
        elif stat.S_ISFIFO(st.st_mode):
            pipes += 1
    return files, pipes


def run_case(base_dir: Path, work: Path, case: tuple[str, str, Any]) -> dict[str, Any]:
    """One case: its figures (crash text, hang, seconds, lost files, writes outside)."""
    what, where, how = case
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    d, outside = work / "data", work / "outside"
    shutil.copytree(base_dir, d, symlinks=True)
    outside.mkdir()
    before_files = _snapshot(d)
    bad = _damage(d, outside, what, where, how)
    outside_before = _snapshot(outside)
    result: dict[str, Any] = {"case": f"{what} {where} {how!r}"[:160], "crash": None, "hang": False,
                              "lost": [], "outside": []}
    previous = signal.signal(signal.SIGALRM, _alarm)
    # SIGALRM sent to the main thread itself: a process-wide alarm may be taken by another thread
    # (SDL's), which would leave a blocked open() in the main thread waiting forever
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(START_S, signal.pthread_kill, (main, signal.SIGALRM))
    timer.daemon = True
    timer.start()
    t0 = time.monotonic()
    started: list[list[bytes]] = []
    games_read: list[int] = []
    try:
        _start_and_play(d, started, games_read)
    except Hung:
        result["hang"] = True
    except Exception as e:                  # noqa: BLE001  (counted: a crash)
        result["crash"] = f"{type(e).__name__}: {e}"
    finally:
        timer.cancel()
        signal.signal(signal.SIGALRM, previous)
    result["seconds"] = time.monotonic() - t0
    _, pipes = _everything(d)
    files = started[0] if started else _everything(d)[0]    # once the menu was reached
    name = _review(base_dir) if where == "REVIEW" else where
    for rel, data in before_files.items():          # every data file's bytes are still there
        if rel in DERIVED or rel == name and (bad is not None or what == "fifo") \
                or rel.startswith("screenshots"):
            continue                                   # replaced by the damage itself
        if what == "folder-link" and rel.startswith(where + "/"):
            continue                                   # they are in the folder set aside (below)
        if data not in files and not (rel == "history.jsonl" and _lines_kept(data, files)):
            result["lost"].append(rel)
    if bad is not None and name not in DERIVED and bad not in files \
            and not (name.endswith(".jsonl") and _lines_kept(bad, files)):
        result["lost"].append(f"{name} (damaged)")
    if what == "fifo" and pipes != 1:
        result["lost"].append(f"the pipe at {name}")
    if games_read and games_read[0] < _games_left(what, where):
        result["lost"].append(f"finished games: {games_read[0]} read, {_games_left(what, where)} left")
    if _snapshot(outside) != outside_before:
        result["outside"].append(where)
    if what == "folder-link":            # the link itself is kept: set aside, or left unused
        link = [p for p in d.iterdir() if p.name.split(".")[0] == where and p.is_symlink()]
        if not link:
            result["lost"].append(f"the link at {where}/ was not kept")
    return result


def _games_left(what: str, where: str) -> int:
    """The finished games a start must still read after this damage: 2 in the database, 1 in the
    earlier version's history.jsonl; a pipe in place of a file leaves none of its games (there is
    no backup yet), a text damage in history.jsonl sets its one line aside."""
    if where == "history.sqlite3" and what == "fifo":
        return 1
    if where == "history.jsonl" and what in ("fifo", "text"):
        return 2
    return 3


def _lines_kept(content: bytes, files: list[bytes]) -> bool:
    lines = {line for b in files for line in b.splitlines()}
    return {line for line in content.splitlines() if line.strip()} <= lines


def test_the_matrix_of_issue_23(base: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = _cases() + _text_cases(base)
    results = [run_case(base, tmp_path / "case", c) for c in cases]
    crashes = [r for r in results if r["crash"]]
    hangs = [r for r in results if r["hang"]]
    lost = [r for r in results if r["lost"]]
    outside = [r for r in results if r["outside"]]
    slowest = max(r["seconds"] for r in results)
    with capsys.disabled():
        print(f"\nmatrix #23: {len(results)} starts, {len(crashes)} crashes, {len(hangs)} hangs, "
              f"{len(lost)} with files lost, {len(outside)} with writes outside the data folder; "
              f"slowest start and play {slowest:.2f} s")
    assert crashes == [], crashes[:3]
    assert hangs == [], hangs[:3]
    assert lost == [], "\n".join(f"{r['case']}: {r['lost']}" for r in lost)
    assert outside == [], outside[:3]
