"""The smoke test's progress screen (``stats-progress``): a seeded history of one person's games
against each computer level, a few of them with take-backs.

The computer seats play at the quick levels (Random, Beginner, Easy, Normal), so the smoke test
stays quick; Anna plays her first games as the Easy player would and the later ones as the
Normal player would (the session's hint), so her figures move over time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wizard.engine import GameConfig
from wizard.table import ComputerSeats, Seat, Session, step_ai

if TYPE_CHECKING:
    from wizard.service import Prefs

    from .app import App

STATS_SCREENS = ("stats", "stats-progress")
BIG_SCREENS = ("history", "stats", "stats-progress")   # drawn from the long seeded history
BIG_GAMES_VAR = "WIZARD_SMOKE_HISTORY"   # its number of games (10000 for docs/data-folder.md's run)
BIG_GAMES = 300
PROGRESS_GAMES = 14
LEVELS = ("random", "rulebid", "easy", "normal")
NAMES = ("Bruno", "Carme", "Didier", "Elena", "Ferran")


def progress_session(k: int) -> Session:
    """Game ``k`` of the seeded history, finished; games 2, 7 and 12 have a take-back."""
    players = 3 + k % 4
    seats = [Seat.human("Anna")] + [Seat.ai(NAMES[i], LEVELS[(k + i) % len(LEVELS)])
                                    for i in range(players - 1)]
    session = Session.new(GameConfig(players, seed=500 + k), seats)
    anna = "easy" if k < PROGRESS_GAMES // 2 else "normal"
    took = k % 5 != 2
    session.start()
    while not session.finished:
        if session.needs_advance:
            session.advance()
        elif session.is_ai_turn():
            step_ai(session)
        else:
            if not took and session.round >= 3 and session.takeback_refusal() is None:
                session.take_back()        # she undoes her last choice once, then plays on
                took = True
                continue
            seat = session.current
            assert seat is not None
            ComputerSeats().play_for(session, seat, anna)      # her play, at a computer level's skill
    return session


def fill_progress_history(prefs: Prefs) -> None:
    """Put the seeded games into ``prefs``' history (oldest first)."""
    for k in range(PROGRESS_GAMES):
        prefs.finish_game(progress_session(k))
    prefs.flush()


def big_games() -> int:
    """How many games the long seeded history holds (``WIZARD_SMOKE_HISTORY``, else 300)."""
    import os
    return int(os.environ.get(BIG_GAMES_VAR, "") or BIG_GAMES)


def fill_big_history(prefs: Prefs, games: int | None = None) -> None:
    """The long history: ``games`` quick real games (Anna and the computer at every level, three
    editions), then Anna's seeded games with take-backs (the newest)."""
    from pathlib import Path

    from wizard.persistence.history.seed import seed_history
    folder = getattr(prefs.store, "data_dir", None)
    if folder is None:
        raise RuntimeError("the long history needs a data folder")
    seed_history(Path(folder), big_games() if games is None else games)
    fill_progress_history(prefs)


def make_stats_screen(a: App, name: str) -> None:
    """The statistics of one edition after scrolling the list (``stats``), or the progress
    screen opened from the history screen, as a person would."""
    from .scenes.history import HistoryScene
    from .scenes.progress import ProgressScene
    a.go("menu")
    history = a.open("history")
    assert isinstance(history, HistoryScene)
    if not history.entries or not history.stats_job.wait():
        raise RuntimeError(f"{name}: the history shows no game or no statistics")
    if name == "stats":
        history.layout(*history.size)
        history._filter("magic")()
        import pygame
        for key in (pygame.K_PAGEDOWN,) * 3:
            a.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        if history.page != min(3, history.pages - 1):
            raise RuntimeError(f"{name}: the list did not scroll (page {history.page + 1})")
        return
    history.progress()
    shown = a.top
    if not isinstance(shown, ProgressScene) or shown.data is None or not shown.data.games:
        raise RuntimeError(f"{name}: the progress screen shows no game")
    if not shown.data.takeback_games:
        raise RuntimeError(f"{name}: the seeded history has no game with take-backs")


IMPORT_SCREENS = ("importing",)     # the first start after an update, its import half-way
IMPORT_GAMES = 10_000
IMPORT_SHOWN = 4_200
_IMPORT_FOLDER: list[Any] = []      # the earlier version's folder, made once per run
_IMPORT_JOB: list[Any] = []         # its import stopped half-way, run once per process


def make_import_screen(a: App, name: str) -> None:
    """The import of an earlier version's ``history.jsonl`` of 10,000 lines, stopped at 4,200
    (a real import, so the picture is the count the player sees at that point). To stay quick,
    the file holds ten real games, each many times over (one is imported once, the copies are
    read and found there), with the earlier version's cache of replayed lines. The import runs
    once in a process; later pictures (other languages, sizes, apps) show the same stopped job."""
    import tempfile
    from pathlib import Path

    from wizard.persistence.history.db import entry_line
    from wizard.persistence.history.seed import games
    from wizard.persistence.history.verified import VerifiedCache, line_digest
    from wizard.service import Prefs

    from .scenes.importing import ImportScene
    if not _IMPORT_FOLDER:
        tmp = tempfile.TemporaryDirectory(prefix="wizard-smoke-import-")
        source = Path(tmp.name) / "source"
        source.mkdir()
        cache = VerifiedCache(source, "history.checked.json")
        lines = [entry_line(g) for g in games(10)]
        cache.digests = {line_digest(line) for line in lines}     # save() keeps only these
        cache.save(set(cache.digests))
        data = b"".join(line + b"\n" for line in lines) * (IMPORT_GAMES // len(lines))
        (source / "history.jsonl").write_bytes(data)
        _IMPORT_FOLDER.append(tmp)
    if _IMPORT_JOB:
        a.go("importing", job=_IMPORT_JOB[0], then=lambda: None)
        if not isinstance(a.top, ImportScene):
            raise RuntimeError(f"{name}: the import screen did not open")
        return
    import shutil
    base = Path(_IMPORT_FOLDER[0].name)
    folder = base / f"start-{len(list(base.iterdir()))}"       # a fresh copy for each picture
    shutil.copytree(base / "source", folder)
    prefs = Prefs(folder, import_later=True)
    if not prefs.import_pending:
        raise RuntimeError(f"{name}: the earlier history is not waiting to be imported")
    job = prefs.start_import(threaded=False, stop_at=IMPORT_SHOWN)
    if job.read != IMPORT_SHOWN or job.total != IMPORT_GAMES or job.finished:
        raise RuntimeError(f"{name}: the import did not stop half-way ({job.read} of {job.total})")
    a.go("importing", job=job, then=lambda: None)     # the picture stays on the count
    if not isinstance(a.top, ImportScene):
        raise RuntimeError(f"{name}: the import screen did not open")
    prefs.close()
    _IMPORT_JOB.append(job)
