"""The trick on screen (issue #16): the Magic mark only on the card acting as a Magic Wizard, the
replay's line for a finished trick. The table logic behind it is tested headless in
``test_table_tricks.py``."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import play_to_end  # noqa: E402

from wizard.engine import Edition, GameConfig, GameRecord, GameState, TrickWon  # noqa: E402
from wizard.table.trickwhy import trick_line  # noqa: E402
from wizard.ui.replaymodel import build_frames, describe  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.smoke_tricks import make_trick_screen  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def _violet(surf: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the Magic mark's violet in a frame around ``rect`` (the card itself left out)."""
    count = 0
    outer = rect.inflate(rect.w // 3, rect.h // 4).clip(surf.get_rect())
    for x in range(outer.x, outer.right, 2):
        for y in range(outer.y, outer.bottom, 2):
            if rect.collidepoint(x, y):
                continue
            r, g, b, *_ = surf.get_at((x, y))
            if b > 150 and r > 110 and g < r - 25 and b > g + 50:
                count += 1
    return count


def test_the_magic_mark_is_on_the_card_acting_as_a_magic_wizard_only() -> None:
    app = make_app(size=(1280, 800), headless=True, threaded=False, speed="off", lang="en")
    make_trick_screen(app, "table-trick-magic")
    t = app.top
    assert not app.painter.magic, "no spark on every 1 of a Magic game"
    app.frame(0.0)
    surf = app.screen
    m = t.table.marks()
    assert m is not None and m.finished and m.magic is not None
    spots = {seat: pygame.Rect(t.lay.trick_spots[t.pos_of(seat)].tuple()) for seat, _c in m.cards}
    marked = {seat: _violet(surf, r) for seat, r in spots.items()}
    assert marked[m.magic] > 200, marked
    assert all(n < 20 for seat, n in marked.items() if seat != m.magic), marked


def test_the_replay_says_why_each_trick_was_won() -> None:
    cfg = GameConfig(3, edition=Edition.CAMELOT, seed=9)
    state, rng = GameState.new(cfg), random.Random(4)
    deal_rng = random.Random(cfg.seed)
    play_to_end(state, deal_rng, rng, until=lambda s: s.round > 3)
    names = ["Anna", "Bruno", "Carme"]
    said = 0
    for frame in build_frames(GameRecord.of(state)):
        for e in frame.events:
            if isinstance(e, TrickWon):
                assert trick_line(e, names, None, rules=cfg.rules) in describe(frame, names)
                said += 1
    assert said >= 5
