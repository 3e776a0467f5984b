"""Sentences about the default "You" of a solo game speak to it in the second person; any other
name reads as a name (en, fr, ca). No pygame."""

from __future__ import annotations

import random

import pytest

from wizard.engine import Edition, GameConfig, GameState, TrickWon, card
from wizard.i18n import set_language
from wizard.session import Seat, Session
from wizard.table import Accepted, BidIntent, PlayIntent, Table

pytestmark = pytest.mark.usefixtures("english")


def first_round(name: str) -> Table:
    """Round 1 of three players; the person (seat 0, first to bid and lead) holds a Wizard."""
    cfg = GameConfig(3, edition=Edition.CLASSIC, seed=2)
    state = GameState.at_deal(cfg, 1, 2, [[card("W")], [card("B5")], [card("G7")]], card("R9"))
    seats = [Seat.human(name), Seat.ai("Merlin", "random"), Seat.ai("Vivian", "random")]
    return Table(Session(state, seats, rng=random.Random(2)), threaded=False, speed=1.0,
                 ai_pause=0.0, auto_forced=False)     # the person plays the Wizard here


def until_my_turn(table: Table) -> None:
    for _ in range(200):
        if table.my_turn():
            return
        table.tick(0.05)
    raise AssertionError("never the person's turn")


def prompts(name: str, lang: str) -> tuple[str, str]:
    """The bid prompt and the play prompt the person sees."""
    set_language(lang)
    table = first_round(name)
    until_my_turn(table)
    bid = table.prompt()
    assert isinstance(table.submit(BidIntent(1)), Accepted)
    until_my_turn(table)
    play = table.prompt()
    assert bid[1] == play[1] == "accent"
    return bid[0], play[0]


@pytest.mark.parametrize(("lang", "you", "bid", "play"), [
    ("en", "You", "Your bid: how many tricks will you take?", "Play a card."),
    ("fr", "Moi", "Votre prédiction\u00a0: combien de plis allez-vous remporter\u202f?",
     "Jouez une carte."),
    ("ca", "Jo", "La vostra predicció: quantes bases guanyareu?", "Jugueu una carta."),
])
def test_the_default_you_is_asked_without_a_name(lang: str, you: str, bid: str, play: str) -> None:
    assert first_round(you).you == 0
    assert prompts(you, lang) == (bid, play)


@pytest.mark.parametrize(("lang", "bid", "play"), [
    ("en", "Anna, your bid: how many tricks will you take?", "Anna, play a card."),
    ("fr", "Anna, votre prédiction\u00a0: combien de plis allez-vous remporter\u202f?",
     "Anna, jouez une carte."),
    ("ca", "Anna, la vostra predicció: quantes bases guanyareu?", "Anna, jugueu una carta."),
])
def test_a_named_person_is_named(lang: str, bid: str, play: str) -> None:
    assert first_round("Anna").you is None
    assert prompts("Anna", lang) == (bid, play)


# The line said when a trick is won is the table's trick line (who won and why, issue #16), which
# takes ``Table.you`` too; the prompt says nothing over it.
@pytest.mark.parametrize(("lang", "name", "won"), [
    ("en", "You", "You win the trick: the first Wizard played."),
    ("fr", "Moi", "Vous remportez le pli\u00a0: le premier Magicien joué."),
    ("ca", "Jo", "Guanyeu la basa: el primer Wizard jugat."),
    ("en", "Anna", "Anna wins the trick: the first Wizard played."),
    ("fr", "Anna", "Anna remporte le pli\u00a0: le premier Magicien joué."),
    ("ca", "Anna", "Anna guanya la basa: el primer Wizard jugat.")])
def test_the_trick_won_line(lang: str, name: str, won: str) -> None:
    set_language(lang)
    table = first_round(name)
    until_my_turn(table)
    table.submit(BidIntent(1))
    until_my_turn(table)
    assert isinstance(table.submit(PlayIntent(card("W"))), Accepted)
    lines = set()
    for _ in range(400):
        table.tick(0.02)
        if isinstance(table.animator.active, TrickWon):
            lines.add(table.trick_line())
            assert table.prompt()[0] == ""
    assert lines == {won}
