"""#35: French and Catalan pronouns agree with the card they stand for.

Each card's grammatical gender, per language (the noun the translation names it by), and the
messages that speak of a card by a pronoun or an agreeing participle: a card's own rules (the
table's tips and the card legend) must agree with that card's gender; a message that may name any
card ({card}) must not refer back to it with a gendered word at all."""

from __future__ import annotations

import re

import pytest

from wizard import rules_text
from wizard.engine import card
from wizard.i18n import _, set_language
from wizard.table import tutorial

# The noun each card is called by, and its gender ("m" / "f").
GENDER: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {"W": ("Magicien", "m"), "J": ("Fou", "m"), "GRAIL": ("Saint Graal", "m"),
           "EXCALIBUR": ("Excalibur (l’épée)", "f"), "MERLIN": ("Merlin", "m"),
           "MORGAN": ("fée Morgane", "f"), "G7": ("le 7 (un nombre)", "m")},
    "ca": {"W": ("Wizard (mag)", "m"), "J": ("Jester (bufó)", "m"), "GRAIL": ("Sant Grial", "m"),
           "EXCALIBUR": ("Excalibur (l’espasa)", "f"), "MERLIN": ("Merlí", "m"),
           "MORGAN": ("Morgana", "f"), "G7": ("el 7 (un nombre)", "m")},
}
# Words that refer back to the card with a gender, at the head of a sentence (a pronoun, a
# participle) or as a clitic: masculine, feminine. ("Cette carte … jouée" agrees with "carte".)
AGREEING: dict[str, tuple[str, str]] = {
    "fr": (r"^(Il|Joué)\b", r"^(Elle|Jouée)\b"),
    "ca": (r"^Jugat\b|-lo\b", r"^Jugada\b|-la\b"),
}
# Messages that may name any card: no word after the card may agree with it.
ANY_CARD = [tutorial.WRONG_CARD, "Only {card} could be played.", "Taken back: {card}. Play again."]
AFTER_CARD = {"fr": r"\b(elle|il)\b|(?<!carte )\b(entourée|entouré|jouée|joué)\b",
              "ca": r"(?<!carta )\b(encerclada|encerclat|jugada|jugat)\b|-(la|lo)\b"}


@pytest.fixture(autouse=True)
def _back_to_english():  # type: ignore[no-untyped-def]
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_each_cards_own_rules_agree_with_its_gender(lang: str) -> None:
    set_language(lang)
    masc, fem = AGREEING[lang]
    wrong: list[str] = []
    for text, (noun, gender) in GENDER[lang].items():
        edition = "camelot" if text in ("GRAIL", "EXCALIBUR", "MERLIN", "MORGAN") else "classic"
        for rule in rules_text.card_rules(card(text), edition):
            other = fem if gender == "m" else masc
            for sentence in re.split(r"(?<=[.!?])\s+", rule):
                if re.search(other, sentence):
                    wrong.append(f"{noun} ({gender}): {sentence}")
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_a_message_for_any_card_has_no_gendered_word_after_it(lang: str) -> None:
    set_language(lang)
    wrong = []
    for msgid in ANY_CARD:
        said = _(msgid)
        assert said != msgid, f"untranslated: {msgid}"
        after = said.split("{card}", 1)[1]
        if re.search(AFTER_CARD[lang], after):
            wrong.append(said)
    assert not wrong, wrong
