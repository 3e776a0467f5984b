"""Issue #34: values in the history database that the program did not write (S1, S2, S10).

Each case writes one hostile value with SQL into a closed history of six games, then starts as the
program does and opens History (every row, each game's score pad), Statistics, Progress and a
game's review. Nothing may stop the program; the game whose row was bad is set aside (its bytes
kept in a copy of the database) or, since its record still verifies, rebuilt from that record;
the player is told; the other games are all shown.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from wizard.i18n import set_language  # noqa: E402
from wizard.persistence.history.db import DB_NAME  # noqa: E402
from wizard.persistence.history.seed import seed_history  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.history import HistoryScene  # noqa: E402

GAMES = 6

# (table, column, SQL value): the eight and more, a value of every column the screens read
HOSTILE = [
    ("games", "finished", "'2026-1q-28T12:00:00Z'"),
    ("games", "id", "-1"),             # the row loses its record and seats: found by them
    ("games", "id", "1000"),
    ("games", "started", "'yesterday'"),
    ("games", "edition", "'zzz'"),
    ("games", "edition", "CAST(x'fffe41' AS TEXT)"),
    ("games", "takebacks", "'NaN'"),
    ("games", "players", "99"),
    ("games", "seed", "'x'"),
    ("games", "game_key", "CAST(x'c328' AS TEXT)"),
    ("seats", "kind", "'robot'"),
    ("seats", "level", "'Bad Level!'"),
    ("seats", "name", "'\u200b'"),
    ("seats", "name", "'" + "A" * 41 + "'"),
    ("seats", "name", "CAST(x'fffe41' AS TEXT)"),
    ("seats", "total", "'NaN'"),
    ("seats", "won", "7"),
    ("seats", "rounds", "-3"),
    ("seats", "hits", "1e400"),
    ("rounds", "bid", "'NaN'"),
    ("records", "digest", "CAST(x'fffe' AS TEXT)"),
    ("records", "line", "x'00'"),
    ("reviews", "doc", "CAST(x'fffe41' AS TEXT)"),
    ("stat_lines", "games", "'NaN'"),
    ("stat_lines", "name", "CAST(x'fffe41' AS TEXT)"),
    ("tally", "win_best", "'NaN'"),
    ("tally_sizes", "n", "'NaN'"),
    ("tally_levels", "level", "CAST(x'fffe41' AS TEXT)"),
    ("tally_sizes", "name", "'Zed'"),     # a good name, but no game's: Progress stopped
    ("names", "name", "CAST(x'ff' AS TEXT)"),
    ("names", "seats", "'x'"),
    ("meta", "value", "'x'"),
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("rows")
    store = seed_history(d, GAMES)
    db = store.history_db()
    assert db is not None
    with db.cursor() as conn:       # a stored review, so the reviews table has a row
        key = conn.execute("SELECT game_key FROM games WHERE id = 2").fetchone()[0]
        conn.execute("INSERT INTO reviews VALUES (?, 1, 'x', '{}')", (key,))
    store.close()
    return d


def _write(d: Path, table: str, column: str, value: str) -> None:
    conn = sqlite3.connect(d / DB_NAME)
    try:
        where = {"games": "id = 3", "seats": "game = 3 AND seat = 1", "rounds": "game = 3",
                 "records": "game = 3", "meta": "key = 'created_at'",
                 "reviews": "true", "tally_levels": "name = 'Anna' AND took = 0 AND level = "
                 "(SELECT MIN(level) FROM tally_levels WHERE name = 'Anna' AND took = 0)"}.get(
                     table, "name = 'Anna'")
        conn.execute(f"UPDATE {table} SET {column} = {value} WHERE {where}")
        conn.commit()
    finally:
        conn.close()


def open_everything(d: Path) -> tuple[Prefs, int]:
    """Start, then open History (each game's score pad), Statistics, Progress and a review; the
    number of games History lists."""
    prefs = Prefs(d)
    app = make_app(prefs, size=(1024, 640), speed="off", headless=True, threaded=False,
                   lang="en")
    scene = HistoryScene(app)
    app.push(scene)
    app.frame(0.0)
    shown = len(scene.entries)
    for i in range(shown):
        scene.select(i)
        app.frame(0.0)
        entry = scene.entries.whole(i)
        if entry is not None:            # what the review screen reads first: the stored review
            prefs.load_review(entry)
    app.open("stats_progress")
    app.frame(0.0)
    for name in prefs.player_names():
        prefs.progress_of(name)
    prefs.stats()
    return prefs, shown


@pytest.mark.parametrize("table,column,value", HOSTILE,
                         ids=[f"{t}.{c}={v[:12]}" for t, c, v in HOSTILE])
def test_a_hostile_value_in_the_database_never_stops_the_program(
        base: Path, tmp_path: Path, table: str, column: str, value: str) -> None:
    set_language("en")
    d = tmp_path / "data"
    shutil.copytree(base, d)
    _write(d, table, column, value)
    before = {p.name: p.read_bytes() for p in d.iterdir() if p.is_file()}
    prefs, shown = open_everything(d)
    # the game whose row was bad verifies from its record: rebuilt, nothing lost; only a bad
    # record loses its game, and then that game's bytes are kept in a set-aside copy
    bad_record = table == "records" and column == "digest"   # seen at start: no digest
    assert shown == GAMES - bad_record
    if table in ("games", "seats", "records"):      # (rounds: read only when the tallies are
        assert prefs.store.problems, "the player is told"   # rebuilt; then checked, see below)
    if bad_record:
        kept = [p for p in d.iterdir() if p.name.startswith(DB_NAME + ".damaged")]
        assert kept and any(before[DB_NAME] == p.read_bytes() for p in kept) or any(
            _holds(p) for p in kept)
    # a second start finds nothing more to say about the rows
    again = Prefs(d)
    assert again.history_count() == shown
    assert not [p for p in again.problems if "row" in p.detail]


def _holds(p: Path) -> bool:
    conn = sqlite3.connect(f"{p.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM records WHERE game = 3").fetchone()[0] == 1
    finally:
        conn.close()


def test_the_player_is_told_what_was_rebuilt_and_what_was_set_aside(base: Path,
                                                                     tmp_path: Path) -> None:
    from wizard.ui.notices import notice
    d = tmp_path / "data"
    shutil.copytree(base, d)
    _write(d, "games", "finished", "'2026-1q-28T12:00:00Z'")          # record verifies
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("UPDATE records SET digest = 'x' WHERE game = 5")     # record does not
    conn.execute("UPDATE games SET edition = 'zzz' WHERE id = 5")
    conn.commit()
    conn.close()
    prefs = Prefs(d)
    assert prefs.history_count() == GAMES - 1
    [problem] = [p for p in prefs.problems if p.recovered is not None]
    assert problem.recovered == 1 and problem.count == 1 and problem.moved_to is not None
    assert problem.moved_to.exists()
    texts = {}
    for lang in ("en", "fr", "ca"):
        set_language(lang)
        texts[lang], serious = notice(problem)
        assert serious and str(problem.moved_to) in texts[lang]
    set_language("en")
    assert "1 game was rebuilt from its record" in texts["en"]
    assert "1 game could not be read and was set aside" in texts["en"]
    assert len(set(texts.values())) == 3


def test_a_bad_round_row_is_rebuilt_when_the_tallies_are(base: Path, tmp_path: Path) -> None:
    """The ``rounds`` rows are read only by the tallies' SQL: with a bad tally as well, the
    tallies are rebuilt from them, so the bad round row's game is first rebuilt from its record."""
    d = tmp_path / "data"
    shutil.copytree(base, d)
    conn = sqlite3.connect(d / DB_NAME)
    conn.execute("UPDATE rounds SET round = 99999999999999 WHERE game = 3 AND seat = 0 AND "
                 "round = 1")
    conn.commit()
    conn.close()
    _write(d, "tally", "win_best", "'NaN'")
    prefs, shown = open_everything(d)
    assert shown == GAMES
    [problem] = [p for p in prefs.problems if p.recovered is not None]
    assert problem.recovered == 1
    conn = sqlite3.connect(d / DB_NAME)
    assert conn.execute("SELECT MAX(round) FROM tally_sizes").fetchone()[0] <= 60
    conn.close()
