"""The statistics & history screen: paged list of finished games, score pad, statistics, replay."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import play_to_end  # noqa: E402

from wizard.engine import Edition, GameConfig, GameState, Options  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence import HistoryEntry, Store  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session.seats import SeatSpec
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.history import HistoryScene  # noqa: E402
from wizard.ui.scenes.replay import ReplayScene  # noqa: E402
from wizard.ui.scenes.stats_view import stat_rows  # noqa: E402
from wizard.ui.widgets import Button, label_text  # noqa: E402

NAMES = ["Anna", "Bruno", "Carme", "Didier", "Elena", "Ferran"]
T0 = datetime(2026, 3, 1, 18, 30, tzinfo=UTC)


def random_finished(config: GameConfig, seed: int) -> GameState:
    """A whole game played with random legal actions (deals from ``Random(config.seed)``)."""
    return play_to_end(GameState.new(config), random.Random(config.seed), random.Random(seed))


GAMES: list[tuple[int, Edition, Options]] = [
    (4, Edition.CLASSIC, Options()),
    (3, Edition.MAGIC, Options(no_equal_sum=True)),
    (5, Edition.CAMELOT, Options()),
    (4, Edition.CLASSIC, Options(canadian=True)),
    (6, Edition.CLASSIC, Options()),
    (4, Edition.MAGIC, Options()),
]


def make_history(data_dir: Path, count: int = 6) -> list[HistoryEntry]:
    """``count`` seeded random games written to a store in ``data_dir``, oldest first."""
    store = Store(data_dir)
    out = []
    for i in range(count):
        players, edition, options = GAMES[i % len(GAMES)]
        cfg = GameConfig(players=players, edition=edition, options=options, seed=100 + i)
        state = random_finished(cfg, seed=i)
        seats = [SeatSpec(NAMES[0])] + [SeatSpec(NAMES[k], "ai", "normal") for k in range(1, players)]
        entry = HistoryEntry.from_game(state, seats, finished=T0 + timedelta(days=i))
        assert store.finish_game(entry) if i % 2 else store.append_history(entry)
        out.append(entry)
    return out


pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture(scope="module")
def history_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding eleven finished games."""
    d = tmp_path_factory.mktemp("history")
    make_history(d, 11)
    return d


def open_history(data_dir: Path, size: tuple[int, int] = (1024, 640)) -> tuple[App, HistoryScene]:
    app = make_app(Prefs(data_dir), size=size, speed="off", headless=True, threaded=False, lang="en")
    scene = HistoryScene(app)
    app.push(scene)
    app.frame(0.0)
    return app, scene


def click(app: App, pos: tuple[int, int]) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def key(app: App, k: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def button(scene: HistoryScene, label: str) -> Button:
    found = [w for w in scene.widgets if isinstance(w, Button) and label_text(w.label) == label]
    assert found, f"no button {label!r}"
    return found[0]


def test_games_newest_first_and_paged(history_dir: Path) -> None:
    app, sc = open_history(history_dir)
    assert len(sc.entries) == 11
    dates = [e.finished for e in sc.entries]
    assert dates == sorted(dates, reverse=True)
    assert 1 < sc.per_page < 11 and sc.pages == -(-11 // sc.per_page)
    assert [i for _r, i in sc.row_rects] == list(range(sc.per_page))
    assert not button(sc, "◀ Newer").enabled
    click(app, button(sc, "Older ▶").rect.center)
    assert sc.page == 1
    assert [i for _r, i in sc.row_rects][0] == sc.per_page
    key(app, pygame.K_PAGEUP)
    assert sc.page == 0
    for _ in range(sc.pages + 2):
        key(app, pygame.K_PAGEDOWN)
    assert sc.page == sc.pages - 1
    assert not button(sc, "Older ▶").enabled
    assert len(sc.row_rects) == 11 - sc.per_page * (sc.pages - 1)


def test_a_game_shows_its_score_pad_and_opens_its_replay(history_dir: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    app, sc = open_history(history_dir)
    drawn: list[tuple[list[str], list[object]]] = []
    import wizard.ui.scenes.history as history
    real = history.draw_pad
    monkeypatch.setattr(history, "draw_pad", lambda surf, rect, names, rows, *a, **k: (
        drawn.append((names, rows)), real(surf, rect, names, rows, *a, **k)))
    rect, index = sc.row_rects[2]
    click(app, rect.center)
    assert sc.selected == index == 2
    entry = sc.entries.whole(2)
    assert drawn[-1] == ([s.name for s in entry.seats], list(entry.rounds))
    key(app, pygame.K_DOWN)
    assert sc.selected == 3
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReplayScene)
    assert app.top.entry is sc.entries.whole(3)
    key(app, pygame.K_ESCAPE)
    assert app.top is sc and sc.selected == 3
    key(app, pygame.K_ESCAPE)            # closes the pad, back to the statistics
    assert app.top is sc and sc.selected is None
    key(app, pygame.K_ESCAPE)
    assert app.top is not sc


def test_statistics_overall_and_by_edition(history_dir: Path) -> None:
    app, sc = open_history(history_dir)
    rows = {name: line for name, _h, line in stat_rows(sc.stats, None)}
    assert rows["Anna"].games == 11                   # Anna sat in every game
    wins = sum(1 for e in sc.entries if 0 in e.winners)
    assert rows["Anna"].wins == wins
    assert rows["Anna"].best_score == max(e.totals[0] for e in sc.entries)
    click(app, button(sc, "Camelot Edition").rect.center)
    assert sc.edition == "camelot"
    camelot = [e for e in sc.entries if e.edition == "camelot"]
    rows = {name: line for name, _h, line in stat_rows(sc.stats, "camelot")}
    assert rows["Anna"].games == len(camelot) >= 1
    assert set(rows) == {s.name for e in camelot for s in e.seats}
    assert button(sc, "Camelot Edition").selected


def test_empty_history(tmp_path: Path) -> None:
    app, sc = open_history(tmp_path)
    assert len(sc.entries) == 0 and sc.row_rects == [] and sc.pages == 1
    labels = {label_text(w.label) for w in sc.widgets if isinstance(w, Button)}
    assert labels == {"Back"}            # no pager, no edition filter without games
    key(app, pygame.K_DOWN)              # nothing to select: no crash
    assert sc.selected is None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_draws_in_every_language(history_dir: Path, size: tuple[int, int]) -> None:
    app, sc = open_history(history_dir, size)
    try:
        for lang in ("fr", "ca", "en"):
            set_language(lang)
            app.frame(0.0)
            key(app, pygame.K_DOWN)
            key(app, pygame.K_ESCAPE)
        for r, _i in sc.row_rects:
            assert sc.list_rect().contains(r)
        assert not sc.list_rect().colliderect(sc.side_rect())
    finally:
        set_language("en")


def test_a_wide_score_pad_takes_the_whole_width(history_dir: Path) -> None:
    app, sc = open_history(history_dir)
    six = next(i for i, e in enumerate(sc.entries) if len(e.seats) == 6)
    four = next(i for i, e in enumerate(sc.entries) if len(e.seats) == 4)
    sc.select(four)
    app.frame(0.0)
    assert not sc.wide and sc.row_rects
    sc.select(six)
    app.frame(0.0)
    assert sc.wide and sc.row_rects == []
    assert sc.side_rect().w > app.screen.get_width() * 0.9
    click(app, button(sc, "◀ All games").rect.center)
    assert sc.selected is None and not sc.wide and sc.row_rects


def test_from_the_list_to_the_replay_and_back(history_dir: Path) -> None:
    app, sc = open_history(history_dir)
    click(app, button(sc, "Older ▶").rect.center)
    rect, index = sc.row_rects[0]
    click(app, rect.center)
    click(app, button(sc, "Replay (Enter)").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.model is not None
    entry = sc.entries.whole(index)
    key(app, pygame.K_END)
    final = replay.model.frame.state
    assert final.is_terminal and final.totals == list(entry.totals)
    assert final.history == entry.replay().history
    key(app, pygame.K_HOME)
    first = replay.model.frame.state
    assert first.round == 1 and first.hands == entry.state_after(0).hands
    key(app, pygame.K_ESCAPE)
    assert app.top is sc and sc.selected == index and sc.page == 1


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_statistics_column_titles_keep_every_word(lang: str) -> None:
    """A title too long for two lines at full size shrinks; no word is ever dropped."""
    from wizard.ui.scenes.stats_view import COLUMNS, _header_lines
    pygame.font.init()
    set_language(lang)
    try:
        for unit in (0.8, 1.0, 1.6):
            width = 1230 * 0.45 * unit               # the statistics panel at 1024..1920 wide
            for label, frac, _value in COLUMNS:
                lines, size = _header_lines(label(), int(14 * unit), width * frac - 4 * unit)
                assert 1 <= len(lines) <= 2 and size >= int(14 * unit) * 3 // 4
                assert " ".join(lines) == label().replace("\n", " ")
    finally:
        set_language("en")


def test_only_short_games_say_why_the_statistics_and_progress_are_empty(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-test: with only short games (game length) History listed them, and Statistics said
    "No games in this edition yet" and Progress "No finished game yet", as if nothing counted
    had been played. Both now say that shorter games are listed but not counted."""
    from wizard.ui import text
    from wizard.ui.scenes.progress import ProgressScene
    store = Store(tmp_path)
    cfg = GameConfig(players=4, seed=7, options=Options(length=3))
    seats = [SeatSpec(NAMES[0])] + [SeatSpec(NAMES[k], "ai", "normal") for k in range(1, 4)]
    entry = HistoryEntry.from_game(random_finished(cfg, seed=1), seats, finished=T0)
    assert entry.config.game_rules.short and store.finish_game(entry)
    store.close()
    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    app, sc = open_history(tmp_path)
    assert len(sc.entries) == 1 and stat_rows(sc.stats, None) == []
    app.frame(0.0)
    assert "shorter games are listed but not counted" in " ".join(drawn), drawn
    drawn.clear()
    scene = app.open("stats_progress")
    assert isinstance(scene, ProgressScene)
    app.frame(0.0)
    app.frame(0.0)
    assert "shorter games are listed in the history but not counted here" in " ".join(drawn), drawn
