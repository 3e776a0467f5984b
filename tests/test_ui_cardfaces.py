"""Card faces on the table: Wizard/Jester letters follow the language; the four Wizards differ."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.i18n import set_language  # noqa: E402
from wizard.ui.cardpaint import CardPainter, labels_for, variants  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_french_wizard_and_jester_carry_m_and_f() -> None:
    """The corners follow the names: Magicien M, Fou F; Catalan Jester JE (its rulebook's W / JE)."""
    assert labels_for("fr") == {"W": "M", "J": "F"}
    assert labels_for("en") == {} and labels_for("ca") == {"J": "JE"}
    pygame.init()
    en, fr, ca = CardPainter(language="en"), CardPainter(language="fr"), CardPainter(language="ca")
    for code in ("W", "J"):
        assert not same(en.face(code, 120), fr.face(code, 120)), code
    assert same(en.face("W", 120), ca.face("W", 120))
    assert not same(en.face("J", 120), ca.face("J", 120))
    assert same(en.face("R7", 120), fr.face("R7", 120))      # suited cards do not change


def test_a_live_language_switch_relabels_the_cards() -> None:
    app = make_app(size=(1024, 640), speed="off", headless=True, threaded=False, lang="en")
    try:
        english = app.painter.face("W", 100).copy()
        set_language("fr")
        assert app.painter.labels == {"W": "M", "J": "F"}
        assert not same(app.painter.face("W", 100), english)
        set_language("en")
        assert same(app.painter.face("W", 100), english)
    finally:
        app._unlisten()


def test_each_wizard_of_a_hand_has_its_own_picture() -> None:
    assert variants(["J", "J", "B3", "R5", "W", "W", "W"]) == [0, 1, 0, 0, 0, 1, 2]
    assert variants(["W", "R5", "W", "J", "W"]) == [0, 0, 1, 0, 2]
    pygame.init()
    painter = CardPainter(language="en")
    faces = [painter.face("W", 120, v) for v in range(4)]
    for i in range(4):
        for j in range(i + 1, 4):
            assert not same(faces[i], faces[j]), (i, j)
    assert not same(painter.face("J", 120, 0), painter.face("J", 120, 1))
    assert painter.face("R5", 120, 3) is painter.face("R5", 120, 0)   # only W and J vary


def test_the_magic_edition_marks_reach_the_art() -> None:
    pygame.init()
    assert CardPainter(magic=True).art.magic is True
    assert not same(CardPainter(magic=True).face("B1", 120), CardPainter(magic=False).face("B1", 120))


def test_two_wizards_in_a_hand_are_drawn_as_two_different_wizards() -> None:
    from wizard.engine import GameConfig, Phase
    from wizard.session import Seat, Session
    from wizard.ui.scenes.table import TableScene
    from wizard.ui.smoke import play_until

    def two_wizards(s: Session) -> bool:
        return (s.is_human_turn() and s.state.phase is Phase.BID
                and sum(c.text == "W" for c in s.state.hands[0]) >= 2)

    app = make_app(size=(1280, 800), speed="off", headless=True, threaded=False, lang="en")
    app.settings.ai_pause_ms = 0
    try:
        for seed in range(60):
            seats = [Seat.human("H")] + [Seat.ai(f"A{i}", "random") for i in range(1, 3)]
            s = play_until(Session.new(GameConfig(3, seed=seed), seats), two_wizards)
            if two_wizards(s):
                break
        else:
            pytest.fail("no seed gives the human two Wizards")
        drawn: list[tuple[str, int]] = []
        real = app.painter.blit_hand

        def spy(surf, code, rect, angle, dim, role, variant=0):  # type: ignore[no-untyped-def]
            if role == "hand:0":
                drawn.append((code, variant))
            real(surf, code, rect, angle, dim, role, variant)

        app.painter.blit_hand = spy  # type: ignore[method-assign]
        app.replace(TableScene(app, s))
        app.frame(0.0)
        drawn.clear()
        app.dirty = True
        app.frame(0.0)
        wizards = [v for code, v in drawn if code == "W"]
        assert len(wizards) >= 2 and len(set(wizards)) == len(wizards), drawn
    finally:
        app._unlisten()
