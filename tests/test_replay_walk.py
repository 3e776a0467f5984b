"""The replay walks a record with the engine's one iterator (``wizard.engine.steps``): its frames
are the ones the old hand-written walk made (kept here as the reference), over whole games of every
edition and an unfinished one, and no code outside ``wizard/engine`` re-implements the walk."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import play_to_end

from wizard.engine import Edition, GameConfig, GameRecord, GameState, Phase, steps
from wizard.engine.fields import GameFields
from wizard.ui.replaymodel import Frame, build_frames

WIZARD = Path(__file__).resolve().parent.parent / "wizard"


def _reference_frames(record: GameRecord) -> list[Frame]:
    """The replay's walk as it was written before it used ``steps`` (the oracle)."""
    rng = random.Random(record.config.seed)
    state = GameState.new(record.config)
    frames: list[Frame] = []

    def deal() -> None:
        events: list[Any] = []
        while state.is_chance:
            events += state.advance(rng)
        frames.append(Frame(len(state.actions), state.clone(), None, None, tuple(events)))

    for action in record.actions:
        if state.is_chance:
            deal()
        seat = state.current
        events = state.apply(action)
        frames.append(Frame(len(state.actions), state.clone(), action, seat, tuple(events)))
    if state.phase in (Phase.DRAW, Phase.DEAL):
        deal()
    return frames


def _fields(state: GameState) -> tuple[Any, ...]:
    return tuple(repr(getattr(state, name)) for name in GameFields.__slots__)


def _played(edition: Edition, players: int, seed: int, stop: int | None = None) -> GameRecord:
    cfg = GameConfig(players, edition=edition, seed=seed)
    deal, pick = random.Random(seed), random.Random(seed + 1)
    g = play_to_end(GameState.new(cfg), deal, pick,
                    until=None if stop is None else lambda g: len(g.actions) >= stop)
    return GameRecord.of(g)


def _same(record: GameRecord) -> int:
    got, want = build_frames(record), _reference_frames(record)
    assert len(got) == len(want)
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert (a.index, a.action, a.seat, a.events) == (b.index, b.action, b.seat, b.events), k
        assert _fields(a.state) == _fields(b.state), k
        assert a.state is not b.state
    return len(got)


@pytest.mark.parametrize("edition", list(Edition))
def test_the_replays_frames_are_the_reference_walks_over_a_whole_game(edition: Edition) -> None:
    record = _played(edition, 3 if edition is not Edition.CLASSIC else 6, seed=41)
    assert record.config.edition is edition
    n = _same(record)
    assert n > len(record.actions)                    # the deals are steps too


def test_an_unfinished_game_is_replayed_as_before() -> None:
    whole = _played(Edition.CLASSIC, 4, seed=7)
    ends = [f.index for f in _reference_frames(whole) if f.is_deal]   # the rounds' first moves
    assert len(ends) > 3
    for k in (0, 1, 5, ends[2] - 2, ends[2] - 1, ends[2], len(whole.actions) - 1):
        record = GameRecord(whole.config, whole.actions[:k], ())
        assert _same(record) >= 1                     # even no action at all: the first deal


def test_the_frames_are_snapshots_that_later_steps_do_not_change() -> None:
    record = _played(Edition.MAGIC, 4, seed=3)
    frames = build_frames(record)
    assert [_fields(f.state) for f in frames] == [_fields(f.state) for f in build_frames(record)]
    assert len({id(f.state) for f in frames}) == len(frames)


def _walks_by_hand(path: Path) -> list[str]:
    """Calls in a file that move a game along itself: ``.apply(``, ``.advance(`` or ``.undo(``
    on anything (the walk through a record is ``wizard.engine.steps``'s alone)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("apply", "advance", "undo"):
            out.append(f"{path.relative_to(WIZARD.parent)}:{node.lineno} .{node.func.attr}(")
    return out


def test_the_walk_finder_sees_a_walk() -> None:
    tmp = WIZARD.parent / "tests" / "test_replay_walk.py"
    assert any(".apply(" in w for w in _walks_by_hand(tmp))
    assert any(".advance(" in w for w in _walks_by_hand(tmp))


def test_the_replay_and_the_review_do_not_walk_a_record_themselves() -> None:
    files = [WIZARD / "ui" / "replaymodel.py", *sorted((WIZARD / "review").rglob("*.py"))]
    assert files[0].exists()
    assert [w for f in files for w in _walks_by_hand(f)] == []


def test_snapshots_change_nothing_the_other_users_of_steps_get() -> None:
    record = _played(Edition.CAMELOT, 5, seed=19)
    cfg = record.config

    def walk(snapshots: bool) -> list[tuple[Any, ...]]:
        out = []
        for s in steps(GameState.new(cfg), record.actions, random.Random(cfg.seed),
                       snapshots=snapshots):
            out.append((s.index, s.seat, s.action, s.dealt, _fields(s.state)))
        return out

    assert walk(True) == walk(False)
    kept = list(steps(GameState.new(cfg), record.actions, random.Random(cfg.seed), snapshots=True))
    plain = list(steps(GameState.new(cfg), record.actions, random.Random(cfg.seed)))
    assert [s.events for s in kept] == [s.events for s in plain]
    assert all(s.before is None and s.after is None for s in plain)
    assert [s.before is not None for s in kept] == [bool(s.dealt) for s in kept]
    assert all(s.after is not None and len(s.after.actions) == s.index + 1 for s in kept)
    assert len({id(s.after) for s in kept}) == len(kept)
