"""The history database: the statistics and progress queries give what the in-memory functions
give over the same games; a game finished twice ([A, B, A]) is recorded once; pages and whole
games read back; finishing a game is one transaction."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from test_persistence_support import finished_entry

from wizard.engine import Bid, Edition, GameConfig, GameRecord, Options, RoundResult, TakeBack
from wizard.persistence import HistoryEntry, Store
from wizard.persistence.history.db import entry_line
from wizard.persistence.history.reviews import review_id
from wizard.persistence.history.stats import player_names, progress_of, stats_of
from wizard.review.progress import progress
from wizard.review.stats import compute_stats
from wizard.session.seats import SeatSpec

POOL = [SeatSpec("Ana"), SeatSpec("Bo", "ai", "easy"), SeatSpec("Cy", "ai", "hard"),
        SeatSpec("Dee", "ai", "expert"), SeatSpec("Eli"), SeatSpec("Ana", "ai", "normal"),
        SeatSpec("Fay", "ai", "random"), SeatSpec("Gus", "ai", "rulebid")]
TB = (TakeBack(0, 0, (Bid(1),)),)


def toy(k: int, rng: random.Random) -> HistoryEntry:
    """A toy game (score rows only, no actions) with random seats, bids, tricks and take-backs;
    one in seven is a short game (the game-length house rule: as many rounds as it has rows),
    which Statistics and Progress leave out."""
    n = rng.randint(3, 5)
    seats = tuple(rng.sample(POOL, n))
    totals = [0] * n
    rows = []
    for r in range(1, rng.randint(1, 8) + 1):
        bids = tuple(rng.randint(0, r) for _ in range(n))
        tricks = tuple(b if rng.random() < 0.5 else rng.randint(0, r) for b in bids)
        points = tuple(20 + 10 * b if b == t else -10 * abs(b - t)
                       for b, t in zip(bids, tricks, strict=True))
        totals = [a + p for a, p in zip(totals, points, strict=True)]
        rows.append(RoundResult(r, r % n, "R", bids, tricks, points, tuple(totals)))
    edition = rng.choice([Edition.CLASSIC, Edition.MAGIC])
    best = max(totals)
    took = TB if rng.random() < 0.25 else ()
    options = Options(length=len(rows)) if k % 7 == 3 else Options()
    config = GameConfig(players=n, seed=k, edition=edition, options=options)
    return HistoryEntry(GameRecord(config, (), took),
                        seats, datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=k), None,
                        tuple(rows), tuple(totals), tuple(i for i, t in enumerate(totals)
                                                          if t == best))


@pytest.fixture
def filled(tmp_path: Path) -> tuple[Store, list[HistoryEntry]]:
    rng = random.Random(24)
    games = [toy(k, rng) for k in range(1, 81)]
    store = Store(tmp_path)
    for g in games:
        assert store.finish_game(g)
    return store, games


def test_statistics_queries_equal_the_in_memory_figures(filled) -> None:
    """The SQL figures (what the screens show) equal the Python oracle's, short games left out."""
    store, games = filled
    short = [g for g in games if g.config.game_rules.short]
    assert 8 <= len(short) < len(games)
    full = [g for g in games if not g.config.game_rules.short]
    db = store.history_db()
    with db.reader() as conn:
        for tb in (True, False):
            for best in (True, False):
                assert stats_of(conn, takebacks=tb, best_takebacks=best) == \
                    compute_stats(games, takebacks=tb, best_takebacks=best)
        for name in ("Ana", "Bo", "Eli", "Gus", "Nobody"):
            for tb in (True, False):
                for best in (True, False):
                    want = progress(games, name, takebacks=tb, best_takebacks=best)
                    got = progress_of(conn, name, takebacks=tb, best_takebacks=best)
                    assert got == want, (name, tb, best)
                    assert want == progress(full, name, takebacks=tb, best_takebacks=best)
        assert stats_of(conn) == compute_stats(full) != compute_stats(games[:1] + short)
        assert player_names(conn)[:2] in (["Ana", "Eli"], ["Eli", "Ana"])


def test_a_game_finished_again_after_another_is_recorded_once(tmp_path: Path) -> None:
    rng = random.Random(5)
    a, b = toy(1, rng), toy(2, rng)
    store = Store(tmp_path)
    for g in (a, b, a):                  # crash before A's save was deleted, B, then A again
        assert store.finish_game(g)
    again = Store(tmp_path)
    assert again.history_count() == 2
    assert [r.key for r in again.history_page(0, 10)] == [review_id(b), review_id(a)]


def test_pages_newest_first_and_whole_games_read_back(filled) -> None:
    store, games = filled
    assert store.history_count() == len(games)
    page = store.history_page(0, 10)
    assert [r.key for r in page] == [review_id(g) for g in reversed(games[-10:])]
    assert [r.totals for r in store.history_page(75, 10)] == \
        [g.totals for g in reversed(games[:5])]
    assert [(r.seats, r.winners, r.takebacks, r.edition) for r in page] == \
        [(g.seats, g.winners, g.takebacks, g.edition) for g in reversed(games[-10:])]


def test_whole_games_read_back_and_export_then_import(tmp_path: Path) -> None:
    games = [finished_entry(seed) for seed in (1, 2, 3)]
    store = Store(tmp_path / "a")
    for g in games:
        store.finish_game(g)
    row = store.history_page(0, 1)[0]
    entry = store.history_entry(row.key)
    assert entry is not None and entry.to_dict() == games[-1].to_dict()
    assert [e.to_dict() for e in store.load_history()] == [g.to_dict() for g in games]
    assert store.export_history(tmp_path / "out.jsonl") == 3
    other = Store(tmp_path / "b")
    other.finish_game(games[1])
    got = other.import_history(tmp_path / "out.jsonl")
    assert (got.games, got.added, got.bad) == (3, 2, 0)
    assert sorted(e.seed for e in other.load_history()) == [1, 2, 3]


def test_finishing_a_game_is_one_transaction(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.finish_game(toy(1, random.Random(1)))
    db = store.history_db()
    statements: list[str] = []
    with db.cursor() as conn:
        conn.set_trace_callback(statements.append)
    store.finish_game(toy(2, random.Random(2)))
    with db.cursor() as conn:
        conn.set_trace_callback(None)
    begins = [s for s in statements if s.startswith("BEGIN")]
    commits = [s for s in statements if s == "COMMIT"]
    assert len(begins) == 1 and len(commits) == 1
    writes = [s for s in statements if s.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    first, last = statements.index(begins[0]), statements.index("COMMIT")
    assert writes and all(first < statements.index(w) < last for w in writes)


def _steps(conn, fn) -> tuple[int, set[str]]:  # type: ignore[no-untyped-def]
    """(SQLite virtual-machine steps, in hundreds, and the tables read) of ``fn()``."""
    steps = [0]
    tables: set[str] = set()

    def count() -> int:
        steps[0] += 1
        return 0

    def reads(action: int, table: str | None, *_: object) -> int:
        import sqlite3
        if action == sqlite3.SQLITE_READ and table:
            tables.add(table)
        return sqlite3.SQLITE_OK

    conn.set_progress_handler(count, 100)
    conn.set_authorizer(reads)
    try:
        fn()
    finally:
        conn.set_progress_handler(None, 100)
        conn.set_authorizer(None)
    return steps[0], tables


def test_progress_and_statistics_read_a_few_rows_whatever_the_length_of_the_history(tmp_path: Path) -> None:
    rng = random.Random(7)
    store = Store(tmp_path)
    games = [toy(k, rng) for k in range(1, 401)]
    db = store.history_db()
    assert db is not None
    db.add_many([(g, entry_line(g)) for g in games[:40]])
    with db.reader() as conn:
        small, tables = _steps(conn, lambda: progress_of(conn, "Ana", takebacks=False))
        assert progress_of(conn, "Ana") == progress(games[:40], "Ana")
    db.add_many([(g, entry_line(g)) for g in games[40:]])
    with db.reader() as conn:
        large, _ = _steps(conn, lambda: progress_of(conn, "Ana", takebacks=False))
        names, name_tables = _steps(conn, lambda: player_names(conn))
        _, stat_tables = _steps(conn, lambda: stats_of(conn))
        assert progress_of(conn, "Ana", takebacks=False) == progress(games, "Ana",
                                                                     takebacks=False)
    assert "rounds" not in tables and "seats" not in name_tables | stat_tables
    assert large < 2 * small + 5, (small, large)      # ten times the games: not ten times the work


def test_a_schema_1_database_gets_the_tally_tables_when_opened(tmp_path: Path) -> None:
    import sqlite3

    from wizard.persistence.history.backups import examine
    from wizard.persistence.history.db import DB_NAME, DB_SCHEMA
    rng = random.Random(11)
    games = [toy(k, rng) for k in range(1, 61)]
    store = Store(tmp_path)
    for g in games[:50]:
        assert store.finish_game(g)
    store.close()
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)    # as schema 1 made it
    for table in ("names", "tally", "tally_sizes", "tally_levels", "stat_lines"):
        conn.execute(f"DROP TABLE {table}")
    conn.execute("PRAGMA user_version=1")
    conn.close()
    assert examine(tmp_path / DB_NAME).ok
    again = Store(tmp_path)
    for g in games[50:]:
        assert again.finish_game(g)
    db = again.history_db()
    assert db is not None and not again.problems
    with db.reader() as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == DB_SCHEMA == 2
        for name in ("Ana", "Eli", "Cy"):
            for tb in (True, False):
                assert progress_of(conn, name, takebacks=tb) == \
                    progress(games, name, takebacks=tb), (name, tb)
        for tb in (True, False):
            for best in (True, False):
                assert stats_of(conn, takebacks=tb, best_takebacks=best) == \
                    compute_stats(games, takebacks=tb, best_takebacks=best)
        assert player_names(conn)[:2] in (["Ana", "Eli"], ["Eli", "Ana"])


def test_a_finished_games_save_is_removed_only_once_its_record_is_synced(tmp_path: Path) -> None:
    from test_persistence_support import saved_game
    store = Store(tmp_path)
    first, second = (replace(saved_game(seed=s), game_id=f"g{s}") for s in (3, 4))
    assert store.save_game(first) and store.save_game(second)
    db = store.history_db()
    assert db is not None
    with db.cursor() as conn:          # commits do not wait for the disk; a checkpoint does
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1
    with db.reader() as view:          # a screen's query holds an older view of the journal
        view.execute("BEGIN")
        view.execute("SELECT COUNT(*) FROM games").fetchone()
        assert store.finish_game(finished_entry(1), first.game_id)
        assert store.game_path(first.game_id).exists()           # not yet synced: kept
        assert store.game_ids() == [second.game_id]              # but not offered to continue
        view.execute("COMMIT")
    assert store.finish_game(finished_entry(2), second.game_id)  # this checkpoint syncs both
    assert not store.game_path(first.game_id).exists()
    assert not store.game_path(second.game_id).exists()
    assert store.history_count() == 2 and store.game_ids() == []


def test_closing_removes_the_saves_still_waiting_for_a_sync(tmp_path: Path) -> None:
    from test_persistence_support import saved_game
    store = Store(tmp_path)
    game = saved_game(seed=5)
    assert store.save_game(game)
    db = store.history_db()
    assert db is not None
    with db.reader() as view:
        view.execute("BEGIN")
        view.execute("SELECT COUNT(*) FROM games").fetchone()
        assert store.finish_game(finished_entry(3), game.game_id)
        view.execute("COMMIT")
    assert store.game_path(game.game_id).exists()
    store.close()
    assert not store.game_path(game.game_id).exists()
    assert Store(tmp_path).history_count() == 1


def test_a_store_let_go_without_closing_frees_its_database(tmp_path: Path) -> None:
    """The ``Store``'s parts (``History``, ``Reviews``) hold no reference back to it: a store
    dropped without ``close()`` is freed at once, its database with it, so the next store on the
    folder checks the files again (the damage matrix's starts rely on it)."""
    from wizard.persistence.history.db import open_here
    store = Store(tmp_path)
    assert store.finish_game(finished_entry(3))
    path = store.history_db().path
    assert open_here(path)
    del store
    assert not open_here(path)
