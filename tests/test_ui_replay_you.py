"""The replay's sentences speak to the default "You" of a solo game, and name anyone else."""

from __future__ import annotations

import pytest

from wizard import messages
from wizard.engine import GameConfig, GameRecord
from wizard.i18n import set_language
from wizard.session import Seat, Session
from wizard.ui import smoke
from wizard.ui.replaymodel import build_frames, describe

pytestmark = pytest.mark.usefixtures("english")


def _lines(name: str, lang: str) -> list[str]:
    set_language(lang)
    seats = [Seat.human(name), Seat.ai("Merlin", "easy"), Seat.ai("Vivian", "easy")]
    session = smoke.play_until(Session.new(GameConfig(3, seed=9), seats), lambda s: False)
    names = [s.name for s in seats]
    you = messages.you_seat(names, [0])
    frames = build_frames(GameRecord.of(session.state))
    return [describe(f, names, "classic", you) for f in frames]


@pytest.mark.parametrize(("lang", "you", "bid", "won", "plays"), [
    ("en", "You", "You bid ", "You win the trick: ", "You play "),           # and why (issue #16)
    ("fr", "Moi", "Vous prédisez ", "Vous remportez le pli\u00a0: ", "Vous jouez "),
    ("ca", "Jo", "Predieu ", "Guanyeu la basa: ", "Jugueu "),
])
def test_the_replay_speaks_to_you(lang: str, you: str, bid: str, won: str, plays: str) -> None:
    text = " ".join(_lines(you, lang))
    assert bid in text and won in text and plays in text
    if lang != "en":      # "Moi remporte", "Jo guanya": the default name as a third person
        assert f"{you} " not in text
    assert not any(f"You {verb}" in text for verb in ("bids", "plays", "wins", "deals", "leads"))


def test_a_named_person_is_named_in_the_replay() -> None:
    text = " ".join(_lines("Anna", "en"))
    assert "Anna bids " in text and "Anna plays " in text and "You " not in text


@pytest.mark.parametrize(("lang", "winners", "you", "line"), [
    ("en", (0, 1, 2), 0, "Game over: you, Merlin and Vivian win."),
    ("en", (0, 1), 0, "Game over: you and Merlin win."),
    ("en", (0, 1, 2), None, "Game over: Ana, Merlin and Vivian win."),
    ("fr", (0, 1, 2), 0, "Partie terminée\u00a0: vous, Merlin et Vivian gagnez."),
    ("ca", (0, 1, 2), 0, "Partida acabada: guanyeu vós, Merlin i Vivian."),
    ("ca", (1, 2), 0, "Partida acabada: guanyen Merlin i Vivian."),
])
def test_three_winners_read_as_a_list(lang: str, winners: tuple[int, ...], you: int | None,
                                       line: str) -> None:
    """It read "you and Merlin, Vivian win": the last two joined by the language's "and"."""
    from wizard.engine.events import GameOver
    from wizard.ui.replaymodel import Frame
    set_language(lang)
    state = smoke.play_until(Session.new(GameConfig(3, seed=9), [
        Seat.human("Ana"), Seat.ai("Merlin", "easy"), Seat.ai("Vivian", "easy")]),
        lambda s: False).state
    frame = Frame(1, state, None, None, (GameOver((50, 50, 50), winners),))
    assert describe(frame, ["Ana", "Merlin", "Vivian"], "classic", you) == line
