"""The How to play text: every edition and variant covered, well formed, translated."""

from __future__ import annotations

import pytest

from wizard import rules_text
from wizard.engine.config import Edition, Options
from wizard.i18n import set_language

pytestmark = pytest.mark.usefixtures("english")


def test_chapters_cover_every_edition_and_the_variants() -> None:
    keys = [key for key, _title, _sections in rules_text.CHAPTERS]
    assert keys == [e.value for e in Edition] + ["variants"]
    for _key, title, sections in rules_text.CHAPTERS:
        assert title and sections
        for heading, paragraphs in sections:
            assert heading.strip() and paragraphs
            assert all(p.strip() == p and p.endswith((".", ":")) for p in paragraphs), heading


def test_every_variant_has_a_section() -> None:
    titles = {title for title, _paragraphs in rules_text.VARIANTS}
    assert {"Plus or minus one", "Canadian rule", "Hidden bids", "Secret bids",
            "Clairvoyance", "Ancient scroll"} <= titles
    assert len(titles) >= len(Options.__slots__)  # every option (bids counts twice: hidden, secret)


def test_key_facts_are_stated() -> None:
    text = " ".join(p for _t, ps in rules_text.SECTIONS for p in ps)
    for fact in ("20 points, plus 10 points for each trick", "loses 10 points",
                 "20 rounds with 3 players", "Magic Wizard", "even position", "Excalibur",
                 "25 points instead of 20", "40 points with 3 players"):
        assert fact in text, fact


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_rules_are_translated(lang: str) -> None:
    english = rules_text.chapters()
    set_language(lang)
    translated = rules_text.chapters()
    assert len(translated) == len(english)
    for (_k, _title_en, secs_en), (_k2, title, secs) in zip(english, translated, strict=True):
        assert title
        for (h_en, ps_en), (h, ps) in zip(secs_en, secs, strict=True):
            assert h != h_en or h in ("Clairvoyance",), (lang, h)
            for p_en, p in zip(ps_en, ps, strict=True):
                assert p != p_en, (lang, p)


def test_chapter_lookup() -> None:
    title, sections = rules_text.chapter("camelot")
    assert title == "Camelot Edition" and sections
    with pytest.raises(KeyError):
        rules_text.chapter("poker")
