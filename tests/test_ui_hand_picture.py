"""The table's hand painter draws the person's hand from the table's ``Picture`` (its open hand
and the picture each Wizard or Jester shows), not from the table's ``Shown``."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from wizard.engine import Edition, GameConfig, Phase  # noqa: E402
from wizard.session import Session  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.table import TableScene  # noqa: E402
from wizard.ui.smoke import _seats, play_until  # noqa: E402


def _scene() -> tuple[Any, TableScene]:
    app = make_app(size=(1280, 800), speed="off", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    s = play_until(Session.new(GameConfig(4, seed=21, edition=Edition.MAGIC), _seats(1)),
                   lambda s: s.is_human_turn() and s.phase is Phase.PLAY and s.round >= 4)
    t = app.go("table", session=s)
    assert isinstance(t, TableScene)
    return app, t


def _hand_drawn(app: Any, t: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []
    orig = app.painter.blit_hand

    def blit_hand(surf: Any, text: str | None, *a: Any, variant: int = 0, **k: Any) -> Any:
        seen.append((text or "back", variant))
        return orig(surf, text, *a, variant=variant, **k)

    monkeypatch.setattr(app.painter, "blit_hand", blit_hand)
    app.frame(0.0)
    monkeypatch.setattr(app.painter, "blit_hand", orig)
    return seen


def test_the_hand_painter_draws_the_pictures_open_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    app, t = _scene()
    table = t.table
    me = table.viewer
    assert me is not None and me == table.bottom
    pic = table.picture()
    assert pic.hands[me] is not None and list(pic.hands[me]) == table.hand()
    assert len(pic.hands[me]) >= 3
    assert _hand_drawn(app, t, monkeypatch) == [(c.text, v) for c, v in
                                                zip(pic.hands[me], pic.hand_looks[me], strict=True)]
    # a picture with other cards and other looks (the same count, so the places stay): the
    # painter draws what the picture says
    other = tuple(reversed(pic.hands[me]))
    looks = tuple((v + 1) % 4 for v in reversed(pic.hand_looks[me]))
    hands = tuple(other if s == me else h for s, h in enumerate(pic.hands))
    all_looks = tuple(looks if s == me else h for s, h in enumerate(pic.hand_looks))
    changed = dataclasses.replace(pic, hands=hands, hand_looks=all_looks)
    monkeypatch.setattr(table, "picture", lambda: changed)
    assert _hand_drawn(app, t, monkeypatch) == [(c.text, v) for c, v in
                                                zip(other, looks, strict=True)]
    # no open hand in the picture: backs
    hidden = dataclasses.replace(pic, hands=tuple(None if s == me else h
                                                  for s, h in enumerate(pic.hands)))
    monkeypatch.setattr(table, "picture", lambda: hidden)
    drawn = _hand_drawn(app, t, monkeypatch)
    assert drawn and all(text == "back" for text, _v in drawn)
