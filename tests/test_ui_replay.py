"""The replay of a finished game: every step equals the engine's state, stepping both ways."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import play_to_end  # noqa: E402
from test_ui_history import click, make_history  # noqa: E402

from wizard.engine import Bid, GameRecord, GameState, Phase  # noqa: E402
from wizard.engine.fields import GameFields  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.persistence import HistoryEntry  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.replay import (  # noqa: E402
    STEP_MIN,
    ReplayScene,
    hand_step,
    replay_layout,
)
from wizard.ui.widgets import Button, label_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture(scope="module")
def entries(tmp_path_factory: pytest.TempPathFactory) -> list[HistoryEntry]:
    """Three finished games: 4 players classic, 3 players magic, 5 players camelot."""
    d = tmp_path_factory.mktemp("replay")
    make_history(d, 3)
    return Prefs(d).history()


def snapshot(state: GameState) -> tuple[object, ...]:
    """Every public field of a state (hands, trick, bids, tricks, totals, history...)."""
    out = []
    for name in GameFields.__slots__:
        if name.startswith("_"):
            continue
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out.append((name, value))
    return tuple(out)


def engine_state(entry: HistoryEntry, actions: int, dealt: bool) -> GameState:
    """The engine's own state after ``actions`` actions (and the next deal, if ``dealt``)."""
    rng = random.Random(entry.seed)
    state = GameRecord(entry.config, entry.record.actions[:actions]).rebuild(rng)
    if dealt and state.is_chance:
        state.advance(rng)
    return state


def open_replay(entry: HistoryEntry, size: tuple[int, int] = (1280, 800)) -> tuple[App, ReplayScene]:
    app = make_app(size=size, speed="off", headless=True, threaded=False, lang="en")
    scene = ReplayScene(app, entry)
    app.push(scene)
    app.frame(0.0)
    return app, scene


def press(app: App, k: int, mod: int = 0, draw: bool = True) -> None:
    e = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    if draw:
        app.frame(0.0, [e])
    else:
        app.handle(e)


def shown_faces(app: App) -> dict[str, list[str]]:
    """Draw a frame and return the card faces painted, by role."""
    app.painter.faces_log.clear()
    app.frame(0.0)
    out: dict[str, list[str]] = {}
    for code, role in app.painter.faces_log:
        out.setdefault(role, []).append(code)
    return out


def check_shown(app: App, sc: ReplayScene, entry: HistoryEntry) -> None:
    """The step shown is the engine's state, and the picture shows its hands and trick."""
    frame = sc.model.frame  # type: ignore[union-attr]
    assert snapshot(frame.state) == snapshot(engine_state(entry, frame.index, frame.is_deal))
    faces = shown_faces(app)
    for seat, hand in enumerate(frame.state.hands):
        assert sorted(faces.get(f"replay:{seat}", [])) == sorted(c.text for c in hand)
    assert faces.get("trick", []) == [c.text for _s, c in frame.trick]


def test_forward_to_the_end_and_back_to_the_start(entries: list[HistoryEntry]) -> None:
    for entry in entries:
        app, sc = open_replay(entry)
        m = sc.model
        assert m is not None
        n_actions = len(entry.record.actions)
        assert m.pos == 0 and m.frame.is_deal and m.frame.state.round == 1
        seen = []
        while True:
            frame = m.frame
            seen.append(frame.index)
            if m.pos % 37 == 0 or m.pos == m.last:
                check_shown(app, sc, entry)
            else:
                assert snapshot(frame.state) == snapshot(
                    engine_state(entry, frame.index, frame.is_deal)) if m.pos % 7 == 0 else True
            if m.pos == m.last:
                break
            press(app, pygame.K_RIGHT, draw=False)
        assert m.frame.state.is_terminal and m.frame.index == n_actions
        assert tuple(m.frame.state.history) == entry.rounds
        # one step per action plus one per deal
        assert len(seen) == n_actions + entry.config.rounds
        press(app, pygame.K_RIGHT)
        assert m.pos == m.last                     # stays at the end
        while m.pos > 0:
            before = m.pos
            press(app, pygame.K_LEFT, draw=False)
            assert m.pos == before - 1
            if m.pos % 41 == 0:
                check_shown(app, sc, entry)
        check_shown(app, sc, entry)
        press(app, pygame.K_LEFT)
        assert m.pos == 0


def test_every_step_matches_the_engine(entries: list[HistoryEntry]) -> None:
    entry = entries[1]                       # 3 players, 20 rounds
    app, sc = open_replay(entry)
    m = sc.model
    assert m is not None
    for pos in range(0, m.last + 1, 5):
        m.go(pos)
        f = m.frame
        assert snapshot(f.state) == snapshot(engine_state(entry, f.index, f.is_deal))


def test_steps_by_trick_and_by_round(entries: list[HistoryEntry]) -> None:
    entry = entries[0]
    app, sc = open_replay(entry)
    m = sc.model
    assert m is not None
    press(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)         # the end of the bidding
    assert isinstance(m.frame.action, Bid) and m.frame.state.phase is Phase.PLAY
    press(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)         # round 1 has one trick
    assert m.frame.won is not None and m.frame.state.phase is Phase.ROUND_END
    assert len(m.frame.trick) == entry.config.players
    check_shown(app, sc, entry)
    press(app, pygame.K_DOWN)                             # next deal
    assert m.frame.is_deal and m.frame.state.round == 2
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEDOWN)
    assert m.frame.is_deal and m.frame.state.round == 4
    for _ in range(6):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_PAGEUP)                           # back to this round's deal
    assert m.frame.is_deal and m.frame.state.round == 4
    press(app, pygame.K_PAGEUP)
    assert m.frame.is_deal and m.frame.state.round == 3
    tricks = 0
    while m.frame.state.round == 3 and m.pos < m.last:
        press(app, pygame.K_DOWN, draw=False)
        tricks += m.frame.won is not None
    assert tricks == 3 and m.frame.state.round == 4 and m.frame.is_deal
    press(app, pygame.K_END)
    assert m.pos == m.last
    press(app, pygame.K_UP)
    assert m.frame.won is not None and m.pos < m.last
    press(app, pygame.K_HOME)
    assert m.pos == 0
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert m.pos == 3
    app.frame(0.0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert m.pos == 2


def test_buttons_and_round_strip(entries: list[HistoryEntry]) -> None:
    entry = entries[2]                       # 5 players, camelot
    app, sc = open_replay(entry, (1024, 640))
    m = sc.model
    assert m is not None

    def btn(label: str) -> Button:
        return next(w for w in sc.widgets if isinstance(w, Button) and label_text(w.label) == label)

    assert not btn("◀ Step").enabled and btn("Step ▶").enabled
    click(app, btn("Step ▶").rect.center)
    assert m.pos == 1
    click(app, btn("Trick ▶").rect.center)
    assert m.frame.state.phase is Phase.PLAY and not m.frame.trick   # bids done
    click(app, btn("Trick ▶").rect.center)
    assert m.frame.state.phase is Phase.ROUND_END       # one trick in round 1
    click(app, btn("Round ▶").rect.center)
    assert m.frame.is_deal and m.frame.state.round == 2
    click(app, btn("7").rect.center)
    assert m.frame.is_deal and m.frame.state.round == 7 and btn("7").selected
    check_shown(app, sc, entry)
    click(app, btn("◀ Round").rect.center)
    assert m.frame.state.round == 6
    click(app, btn("Scores (Tab)").rect.center)
    assert sc.show_pad
    press(app, pygame.K_RIGHT)                            # still steps with the pad open
    assert m.frame.state.round == 6 and m.pos > 0
    press(app, pygame.K_TAB)
    assert not sc.show_pad
    press(app, pygame.K_ESCAPE)
    assert app.top is not sc


def test_a_broken_record_is_reported_not_fatal(entries: list[HistoryEntry]) -> None:
    entry = entries[0]
    bad = GameRecord(entry.config, (Bid(99),))
    broken = HistoryEntry(bad, entry.seats, entry.finished, entry.started, entry.rounds,
                          entry.totals, entry.winners)
    app, sc = open_replay(broken)
    assert sc.model is None and sc.error
    press(app, pygame.K_RIGHT)


@pytest.mark.parametrize("players,rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_layout_fits(players: int, rounds: int, size: tuple[int, int]) -> None:
    lay = replay_layout(*size, players, rounds)
    win = lay.top_bar.__class__(0, 0, *size)
    solid = lay.solid()
    for b in solid:
        assert b.inside(win)
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            assert not a.overlaps(b)
    for i, a in enumerate(lay.trick_spots):
        assert a.inside(lay.trick_area)
        for b in lay.trick_spots[i + 1:]:
            assert not a.overlaps(b)
    for b in (*lay.buttons, lay.caption, lay.rounds_strip, lay.trump):
        assert b.inside(lay.dock)
    cw = lay.card[0]
    assert cw >= 36 * lay.unit
    for zone in lay.zones:      # a full hand shows each card's index
        assert hand_step(zone, cw, rounds, 8 * lay.unit) >= STEP_MIN * cw * 0.99


def test_draws_in_every_language(entries: list[HistoryEntry]) -> None:
    app, sc = open_replay(entries[0], (1024, 640))
    try:
        for lang in ("fr", "ca", "en"):
            set_language(lang)
            for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB, pygame.K_TAB):
                press(app, k)
    finally:
        set_language("en")
    assert sc.model is not None and sc.model.pos > 0


@pytest.mark.parametrize("players,rounds", [(3, 20), (6, 10)])
def test_layout_fits_with_the_largest_interface_size(players: int, rounds: int) -> None:
    lay = replay_layout(1024, 640, players, rounds, ui_scale=1.3)
    solid = lay.solid()
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            assert not a.overlaps(b)
    assert lay.card[0] >= 30


def test_play_steps_on_by_itself_until_paused(entries: list[HistoryEntry]) -> None:
    entry = entries[0]
    app, sc = open_replay(entry)
    m = sc.model
    assert m is not None
    app.settings.ai_pause_ms = 500

    def btn(label: str) -> Button:
        return next(w for w in sc.widgets if isinstance(w, Button) and label_text(w.label) == label)

    click(app, btn("Play").rect.center)
    assert sc.playing and app.busy() and btn("Pause").selected
    app.frame(0.4)
    assert m.pos == 0                       # a deal stays on screen twice the pause
    app.frame(0.7)
    assert m.pos == 1
    app.frame(0.55)
    assert m.pos == 2
    press(app, pygame.K_SPACE)
    assert not sc.playing
    app.frame(5.0)
    assert m.pos == 2
    press(app, pygame.K_SPACE)
    press(app, pygame.K_RIGHT)              # stepping by hand pauses
    assert not sc.playing and m.pos == 3
    press(app, pygame.K_END)
    for _ in range(3):
        app.frame(2.0)
    assert m.pos == m.last
    click(app, btn("Play").rect.center)      # from the end: again from the start
    assert sc.playing and m.pos == 0
    press(app, pygame.K_END)
    sc.playing = True
    app.frame(2.0)
    assert not sc.playing and m.pos == m.last


def test_the_replay_model_and_layout_are_pure() -> None:
    """Steps and boxes need no pygame: they load and run in a process without it."""
    import subprocess
    import sys
    code = ("import sys, random\n"
            "from wizard.engine import GameConfig, GameState, GameRecord\n"
            "from wizard.ui.replaymodel import ReplayModel\n"
            "from wizard.ui.replaylayout import replay_layout\n"
            "cfg = GameConfig(3, seed=4)\n"
            "s = GameState.new(cfg); rng = random.Random(4)\n"
            "while not s.is_terminal:\n"
            "    s.advance(rng) if s.is_chance else s.apply(s.legal_actions()[0])\n"
            "m = ReplayModel(GameRecord.of(s))\n"
            "m.next_round(); m.next_trick(); m.step(1)\n"
            "assert 0 < m.pos < m.last and m.round_of() == 2\n"
            "assert replay_layout(1280, 800, 3, 20).zones\n"
            "print('pygame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("players,seed", [(3, 4), (4, 7), (6, 9)])
def test_every_wizard_keeps_its_own_picture_from_hand_to_trick(players: int, seed: int) -> None:
    from wizard.engine import GameConfig, Play
    from wizard.ui.replaymodel import VARIED, Pictures, build_frames
    cfg = GameConfig(players=players, seed=seed)
    rng = random.Random(seed)
    deal_rng = random.Random(cfg.seed)
    g = play_to_end(GameState.new(cfg), deal_rng, rng)
    frames = build_frames(GameRecord.of(g))
    checked = 0
    for prev, f in zip(frames, frames[1:], strict=False):
        st = f.state
        pics = Pictures(st)
        looks: dict[str, list[int]] = {code: [] for code in VARIED}
        for seat, hand in enumerate(st.hands):
            for c, v in zip(hand, pics.hand(seat, hand), strict=True):
                if c.text in VARIED:
                    looks[c.text].append(v)
        if st.turned is not None and st.turned.text in VARIED:
            looks[st.turned.text].append(pics.turned(st.turned))
        played = [pc for t in st.tricks_played for pc in t.cards] + list(zip(st.trick_seats, st.trick, strict=True))
        for code in VARIED:
            n_played = sum(1 for _s, c in played if c.text == code)
            assert len(set(looks[code])) == len(looks[code]) <= 4 - n_played, (f.index, code)
        if isinstance(f.action, Play) and f.action.card.text in VARIED and not f.is_deal:
            seat, code = f.seat, f.action.card.text
            assert seat is not None
            before = Pictures(prev.state).hand(seat, prev.state.hands[seat])
            had = {v for c, v in zip(prev.state.hands[seat], before, strict=True) if c.text == code}
            left = {v for c, v in zip(st.hands[seat], pics.hand(seat, st.hands[seat]), strict=True)
                    if c.text == code}
            on_trick = pics.trick(f.trick)[[s for s, _c in f.trick].index(seat)]
            assert had - left == {on_trick}, (f.index, seat, code)
            checked += 1
    assert checked > 5
