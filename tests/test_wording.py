"""Wording in French and Catalan: one word for a bid, no nested parentheses, corners that match names.

The terms come from the rulebooks in /work/shared/seeds: French "prédiction" (the glossary of the
French rules), Catalan "predicció"; the card corners carry the first letter(s) of the card's name.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from wizard import i18n, messages
from wizard import i18n_tools as tools
from wizard.engine.cards import SUITS, Kind
from wizard.i18n import pgettext, set_language
from wizard.ui.cardpaint import labels_for

# Words for "bid" that the catalogs once mixed with the rulebooks' term.
OTHER_BID_WORDS = {"fr": re.compile(r"\bpari(s)?\b", re.IGNORECASE),
                   "ca": re.compile(r"\b(oferta|ofertes|aposta|apostes)\b", re.IGNORECASE)}
BID_WORD = {"fr": "prédiction", "ca": "predicció"}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    i18n.reload_catalogs()
    set_language("en")
    yield
    set_language("en")


def _strings(lang: str) -> Iterator[tuple[str, str]]:
    for msg in tools.load_po(lang):
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strs = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for s in strs:
            yield ids[0], s


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_one_word_for_a_bid(lang: str) -> None:
    mixed = [(i, s) for i, s in _strings(lang) if OTHER_BID_WORDS[lang].search(s)]
    assert not mixed, mixed
    set_language(lang)
    assert i18n._("bid") == BID_WORD[lang]                 # the plates' and score pad's label
    assert i18n._("Bids").lower().startswith(BID_WORD[lang][:-1])   # the setup row: the same word


def _depth(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_no_sentence_nests_parentheses_around_a_suit_name(lang: str) -> None:
    """A suit name carries its colour in parentheses ("elves (green)"): no sentence puts it in more."""
    set_language(lang)
    nested = []
    for msgid, _translated in _strings("fr" if lang == "en" else lang):
        if "{suit}" not in msgid:
            continue
        template = i18n._(msgid)
        names = {f for _t, f, _s, _c in string.Formatter().parse(template) if f}
        for look in messages.LOOKS:
            for suit in SUITS:
                values = {n: "X" for n in names} | {"suit": messages.suit_name(suit, look)}
                line = template.format(**values)
                if _depth(line) > 1:
                    nested.append(line)
    assert not nested, nested


@pytest.mark.parametrize("lang", ["en", "fr", "ca"])
def test_corner_letters_match_the_card_names(lang: str) -> None:
    """The letter on a Wizard or a Jester begins that card's name in the same language."""
    set_language(lang)
    for kind, source in ((Kind.WIZARD, "Wizard"), (Kind.JESTER, "Jester")):
        letter = messages.special_letter(kind)
        assert pgettext("card", source).upper().startswith(letter), (lang, letter)
        assert messages.special_letter(kind, lang) == letter
    set_language("en")
    expected = {code: messages.special_letter(kind, lang)
                for code, kind in (("W", Kind.WIZARD), ("J", Kind.JESTER))}
    assert labels_for(lang) == {c: v for c, v in expected.items() if v != c}   # the art prints them
