"""The damage matrix of issue #34: the history database damaged every way the outside tester did.

Cases: a hostile value in every column of every table (the values of ``test_history_rows``); the
journal (``-wal``) and the database cut short at several sizes; a stale ``-shm``; a full temp
folder; mode 0000 on the database and on the data folder (run as the unprivileged user
``nobody`` through ``setpriv``: root reads any file whatever its mode); a missing derived table;
a ``games`` table without its UNIQUE key; a newer schema.

Each case starts as the program does (``Prefs``: the settings, the database checked and opened)
and reads what History, Statistics and Progress read, within ``LIMIT_S`` seconds (an alarm). It
counts crashes (an exception out of the start or a screen's query), hangs, games lost (a game
whose record verifies in some database file of the folder, set-aside copies included, but that
History does not list), games brought back, and what the player is told. Targets: 0 crashes,
0 hangs, 0 games lost, the player told whenever a file was set aside, a row rebuilt or a game is
missing. ``WIZARD_MATRIX_DB=all`` adds the hostile values of ``test_history_rows`` (as in the
closing note); ``WIZARD_MATRIX_DB_PRINT=1`` prints the table.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
import signal  # noqa: E402
import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from test_history_rows import HOSTILE, _write  # noqa: E402

from wizard.bench.history_fuzz import verifying_keys  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence.history.db import DB_NAME, entry_line, line_digest  # noqa: E402
from wizard.persistence.history.seed import games, seed_history  # noqa: E402

GAMES = 12
LIMIT_S = 20.0
NOBODY = 65534


class Hung(BaseException):
    pass


def _alarm(_sig: int, _frame: Any) -> None:
    raise Hung()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``GAMES`` games, the last two only in the journal (as a killed program leaves it), and a
    stale ``-shm`` kept aside for that case."""
    d = tmp_path_factory.mktemp("dbm")
    store = seed_history(d, GAMES - 2)
    db = store.history_db()
    assert db is not None
    with db.cursor() as conn:
        key = conn.execute("SELECT game_key FROM games WHERE id = 2").fetchone()[0]
        conn.execute("INSERT INTO reviews VALUES (?, 1, 'x', '{}')", (key,))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA wal_autocheckpoint=0")
    for entry in games(2, first=GAMES - 1):
        db.add(entry)
    out = tmp_path_factory.mktemp("dbm-copy")
    for p in d.iterdir():
        if p.is_file():
            shutil.copy2(p, out / p.name)
    store.close()
    return out


def _cut(name: str, fraction: float) -> Callable[[Path], None]:
    def damage(d: Path) -> None:
        raw = (d / name).read_bytes()
        (d / name).write_bytes(raw[:int(len(raw) * fraction)])
    return damage


def _drop(table: str) -> Callable[[Path], None]:
    def damage(d: Path) -> None:
        conn = sqlite3.connect(d / DB_NAME)
        conn.execute(f"DROP TABLE {table}")
        conn.commit()
        conn.close()
    return damage


def _no_key(d: Path) -> None:
    conn = sqlite3.connect(d / DB_NAME)
    conn.executescript("""
        BEGIN;
        CREATE TABLE g2(id INTEGER PRIMARY KEY, game_key TEXT NOT NULL, finished TEXT NOT NULL,
                        started TEXT, edition TEXT NOT NULL, players INTEGER NOT NULL,
                        takebacks INTEGER NOT NULL, seed INTEGER NOT NULL);
        INSERT INTO g2 SELECT * FROM games;
        DROP TABLE games;
        ALTER TABLE g2 RENAME TO games;
        COMMIT;""")
    for _ in range(100):
        conn.execute("INSERT INTO games(game_key, finished, started, edition, players, takebacks,"
                     " seed) SELECT game_key, finished, started, edition, players, takebacks, "
                     "seed FROM games WHERE id = 1")
    conn.commit()
    conn.close()


def _newer(d: Path) -> None:
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()


def _stale_shm(d: Path) -> None:
    (d / (DB_NAME + "-shm")).write_bytes(bytes(range(256)) * 128)     # not this journal's index


def _schema_flip(d: Path) -> None:
    """One bit of the schema's text (the fuzz's last lost cases): ``games.id`` is no longer the
    key and reads NULL in every row; ``quick_check`` and ``integrity_check`` still pass."""
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = bytearray((d / DB_NAME).read_bytes())
    at = raw.index(b"id INTEGER PRIMARY KEY,") + 16
    raw[at] ^= 0x01                                      # R (0x52) -> S (0x53)
    (d / DB_NAME).write_bytes(bytes(raw))


def _backup_then(damage: Callable[[Path], None]) -> Callable[[Path], None]:
    def both(d: Path) -> None:
        from wizard.persistence import Store
        store = Store(d)
        assert store.backup_now() is not None          # a backup of all 12 games
        store.close()
        for name in (DB_NAME + "-wal", DB_NAME + "-shm"):
            (d / name).unlink(missing_ok=True)
        damage(d)
    return both


def _hostile(table: str, column: str, value: str) -> Callable[[Path], None]:
    return lambda d: _write(d, table, column, value)


ALL = os.environ.get("WIZARD_MATRIX_DB") == "all"     # the hostile values too (tests/
                                                       # test_history_rows runs them anyway)
CASES: list[tuple[str, Callable[[Path], None], str]] = [
    *[(f"hostile {t}.{c}={v[:14]}", _hostile(t, c, v), "") for t, c, v in HOSTILE if ALL],
    *[(f"-wal cut to {int(f * 100)} %", _cut(DB_NAME + "-wal", f), "") for f in
      (0.1, 0.25, 0.5, 0.75, 0.99)],
    *[(f"database cut to {int(f * 100)} %", _cut(DB_NAME, f), "") for f in
      (0.1, 0.5, 0.8, 0.9, 0.95, 0.99)],
    ("database cut to 50 %, with a backup", _backup_then(_cut(DB_NAME, 0.5)), ""),
    ("database cut to 0 bytes", _cut(DB_NAME, 0.0), ""),
    ("stale -shm", _stale_shm, ""),
    ("full temp folder", lambda d: None, "tmpfull"),
    ("mode 0000 on the database (as nobody)", lambda d: None, "file0000"),
    ("mode 0000 on the data folder (as nobody)", lambda d: None, "folder0000"),
    ("derived table stat_lines missing", _drop("stat_lines"), ""),
    ("derived table tally missing", _drop("tally"), ""),
    ("derived table names missing", _drop("names"), ""),
    ("games without its UNIQUE key", _no_key, ""),
    ("schema text flipped: PRIMASY KEY", _schema_flip, ""),
    ("newer schema", _newer, ""),
]

CHILD = r"""
import json, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
from pathlib import Path
from wizard.service import Prefs
from wizard.ui.notices import notice
d = Path(sys.argv[1])
prefs = Prefs(d)
listed = prefs.history_count()
prefs.history_page(0, 40); prefs.stats(); [prefs.progress_of(n) for n in prefs.player_names()]
print(json.dumps({"listed": listed, "told": [notice(p)[0] for p in prefs.problems]}))
prefs.close()
"""


def _start(d: Path) -> tuple[int, set[str], list[str], int]:
    """Start on ``d`` and read every history screen's data; (listed, listed digests, notices,
    games brought back)."""
    from wizard.service import Prefs
    from wizard.ui.notices import notice
    prefs = Prefs(d)
    shown = prefs.history_count()
    digests = set()
    for row in prefs.history_page(0, 100):
        entry = prefs.history_entry(row.key)
        if entry is not None:
            digests.add(line_digest(entry_line(entry)))
    prefs.stats()
    for name in prefs.player_names():
        prefs.progress_of(name)
    told = [notice(p)[0] for p in prefs.problems]
    back = sum(int(getattr(p, "recovered", 0) or 0) for p in prefs.problems)
    prefs.close()
    return shown, digests, told, back


def _as_nobody(d: Path, lock_down: Path) -> dict[str, Any]:
    """The start as the user ``nobody`` with ``lock_down`` at mode 0000 (owned by root)."""
    os.chown(d, NOBODY, NOBODY)
    for p in d.iterdir():
        os.chown(p, NOBODY, NOBODY)
    os.chown(lock_down, 0, 0)
    os.chmod(lock_down, 0)
    try:
        out = subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                              "--clear-groups", sys.executable, "-c", CHILD, str(d)],
                             capture_output=True, text=True, timeout=LIMIT_S,
                             env={**os.environ, "HOME": str(d.parent)})
    finally:
        os.chmod(lock_down, 0o755 if lock_down.is_dir() else 0o644)
    if out.returncode != 0:
        return {"crash": out.stderr.strip().splitlines()[-1:], "listed": 0, "told": []}
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_case(base: Path, work: Path, name: str, damage: Callable[[Path], None],
             how: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    d = work / "data"
    if how in ("file0000", "folder0000"):     # a folder ``nobody`` can reach (pytest's is 0700)
        reach = Path(tempfile.mkdtemp(prefix="wizard-dbm-"))
        os.chmod(reach, 0o755)
        d = reach / "data"
    shutil.copytree(base, d)
    damage(d)
    row: dict[str, Any] = {"case": name, "crash": "", "hang": False, "told": []}
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT_S)
    try:
        if how in ("file0000", "folder0000"):
            if shutil.which("setpriv") is None:
                pytest.skip("setpriv is not installed")
            got = _as_nobody(d, d / DB_NAME if how == "file0000" else d)
            row["crash"] = " ".join(got.get("crash", []))
            row["told"] = got["told"]
            row["while_locked"] = got["listed"]
            for p in [d, *d.iterdir()]:              # the permission fixed: as root again
                os.chown(p, 0, 0)
            shown, digests, told, back = _start(d)
            row["told"] += told
        else:
            if how == "tmpfull":
                full = work / "tmp-full"
                full.write_bytes(b"")
                monkeypatch.setattr(tempfile, "tempdir", str(full))
                monkeypatch.setenv("TMPDIR", str(full))
            shown, digests, told, back = _start(d)
            row["told"] = told
            monkeypatch.undo()
    except Hung:
        row["hang"] = True
        shown, digests, back = 0, set(), 0
    except Exception as e:           # a crash: the player would see the program stop
        row["crash"] = f"{type(e).__name__}: {e}"
        shown, digests, back = 0, set(), 0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    verifying = verifying_keys(d)
    row.update(listed=shown, lost=len(verifying - digests), recovered=back,
               asides=sorted(p.name.split(".", 2)[-1][:16] for p in d.iterdir()
                             if "damaged" in p.name or "newer" in p.name or "torn" in p.name
                             or "foreign" in p.name))
    if how in ("file0000", "folder0000"):
        shutil.rmtree(d.parent, ignore_errors=True)
    return row


def test_the_database_damage_matrix_of_issue_34(base: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    set_language("en")
    rows = []
    for i, (name, damage, how) in enumerate(CASES):
        rows.append(run_case(base, tmp_path / f"c{i}", name, damage, how, monkeypatch))
    with capsys.disabled():
        if os.environ.get("WIZARD_MATRIX_DB_PRINT"):
            for r in rows:
                told = " | ".join(t[:220] for t in r["told"]) or "-"
                print(f"{r['case']:<44} crash={r['crash'] or 0} hang={int(r['hang'])} "
                      f"listed={r['listed']} lost={r['lost']} back={r['recovered']} "
                      f"told: {told}")
                if "while_locked" in r:
                    print(f"{'':<44} (while it could not be read: {r['while_locked']} listed)")
            print(f"cases {len(rows)}, crashes {sum(bool(r['crash']) for r in rows)}, hangs "
                  f"{sum(r['hang'] for r in rows)}, games lost {sum(r['lost'] for r in rows)}, "
                  f"brought back {sum(r['recovered'] for r in rows)}")
    assert [r["case"] for r in rows if r["crash"]] == []
    assert [r["case"] for r in rows if r["hang"]] == []
    assert [(r["case"], r["lost"]) for r in rows if r["lost"]] == []
    for r in rows:              # the player is told whenever a game is missing or a file moved
        if r["listed"] < GAMES or r["asides"]:
            assert r["told"], r
        if r.get("while_locked", GAMES) < GAMES:     # a history that could not be read for a
            assert any("game history" in t for t in r["told"]), r    # while is said, not just
                                                                       # the settings (#34)
