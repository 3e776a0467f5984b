"""Translations: catalogs complete and correct, live language switch, detection, UI messages."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Message

from wizard import i18n, messages
from wizard import i18n_tools as tools
from wizard.engine.cards import ALL_CARDS, Kind
from wizard.engine.config import BidVisibility, Edition
from wizard.engine.errors import IllegalPlayError, Rule
from wizard.engine.house import HOUSE_RULES
from wizard.engine.state import Phase
from wizard.i18n import (
    N_,
    _,
    available_languages,
    current_language,
    detect_language,
    ngettext,
    npgettext,
    on_language_change,
    pgettext,
    set_language,
)

LANGS = tools.LANGS


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test starts and ends in English with fresh catalogs."""
    i18n.reload_catalogs()
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    """The messages of the committed code (work in progress of others is not yet due)."""
    return tools.extract(tracked_only=True)


@pytest.fixture(scope="module")
def catalogs():  # type: ignore[no-untyped-def]
    """The .po catalogs by language."""
    return {lang: tools.load_po(lang) for lang in LANGS}


def _ids(catalog) -> set[tuple[object, str | None]]:  # type: ignore[no-untyped-def]
    return {(m.id, m.context) for m in catalog if m.id}


# ---- the catalogs -----------------------------------------------------------------------------

def test_template_is_up_to_date_with_the_code(template) -> None:  # type: ignore[no-untyped-def]
    with tools.TEMPLATE.open("rb") as fp:
        pot = tools.read_po(fp)
    missing = _ids(template) - _ids(pot)
    assert not missing, f"run `python -m wizard.i18n_tools update`; not in wizard.pot: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_msgid_of_the_code_is_in_the_catalog(lang, template, catalogs) -> None:  # type: ignore[no-untyped-def]
    missing = sorted(str(k) for k in _ids(template) - _ids(catalogs[lang]))
    assert not missing, f"{lang}: missing msgids (run update, then translate): {missing[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_fully_translated_without_fuzzy(lang, catalogs) -> None:  # type: ignore[no-untyped-def]
    bad = [str(m.id) for m in catalogs[lang] if m.id and (
        m.fuzzy or not all(tools._forms(m.string)))]
    assert not bad, f"{lang}: untranslated or fuzzy: {bad[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_the_english(lang, catalogs) -> None:  # type: ignore[no-untyped-def]
    bad = [f"{m.id!r}: {p}" for m in catalogs[lang] if m.id for p in tools.placeholder_problems(m)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_header(lang, catalogs) -> None:  # type: ignore[no-untyped-def]
    assert catalogs[lang].plural_forms == i18n.language(lang).plural
    for m in catalogs[lang]:
        if m.id and m.pluralizable:
            assert len(tools._forms(m.string)) == catalogs[lang].num_plurals, m.id


@pytest.mark.parametrize("lang", LANGS)
def test_mo_file_matches_the_po(lang, catalogs) -> None:  # type: ignore[no-untyped-def]
    mo = tools.mo_path(lang)
    assert mo.exists(), f"{mo} missing: run update"
    assert tools.mo_is_current(mo, catalogs[lang]), f"{mo} is stale: run update"
    with mo.open("rb") as fp:
        translations = gettext.GNUTranslations(fp)
    assert translations.info()["language"] == lang


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_compiles_without_warnings(lang, catalogs) -> None:  # type: ignore[no-untyped-def]
    errors = [f"{m.id!r}: {e}" for m in catalogs[lang] for e in m.check(catalogs[lang])]
    assert not errors, errors
    if shutil.which("msgfmt") is None:
        return
    run = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(tools.po_path(lang))],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr


def test_french_typography(catalogs) -> None:  # type: ignore[no-untyped-def]
    bad = [f"{m.id!r}: {p}" for m in catalogs["fr"] if m.id
           for s in tools._forms(m.string) for p in tools.typography_problems("fr", s)]
    assert not bad, "\n".join(bad)
    # The checker itself catches what it must.
    assert tools.typography_problems("fr", "Atout : cœur")
    assert tools.typography_problems("fr", "« Bloc de Vérité »")
    assert tools.typography_problems("fr", "Qui gagne ?")
    assert not tools.typography_problems("fr", "Atout\u00a0: cœur\u202f; «\u202fBloc\u202f» ?")[1:]


def test_german_says_ansage_for_a_bid_everywhere(catalogs) -> None:  # type: ignore[no-untyped-def]
    """Play-test (#33): the menu's subtitle said "Vorhersagen" where every other German line says
    "Ansage(n)"/"ansagen" (the rulebook's word for a bid)."""
    bad = [m.id for m in catalogs["de"] if m.id
           for s in tools._forms(m.string) if "vorhersag" in s.lower()]
    assert not bad, bad


def test_catalan_middle_dot(catalogs) -> None:  # type: ignore[no-untyped-def]
    bad = [f"{m.id!r}: {p}" for m in catalogs["ca"] if m.id
           for s in tools._forms(m.string) for p in tools.typography_problems("ca", s)]
    assert not bad, "\n".join(bad)
    assert tools.typography_problems("ca", "anul.la")
    assert not tools.typography_problems("ca", "anul\u00b7la")


def test_placeholder_checker_catches_mistakes() -> None:
    assert tools.placeholder_problems(Message("Round {round}", "Manche {manche}"))
    assert tools.placeholder_problems(Message("{a} and {b}", "{a}"))
    assert not tools.placeholder_problems(Message("{a} and {b}", "{b} et {a}"))
    plural = Message(("{n} trick", "{n} tricks"), ("{n} pli", "{n} plis"))
    assert not tools.placeholder_problems(plural)
    assert tools.placeholder_problems(Message(("{n} trick", "{n} tricks"), ("{n} pli", "{x} plis")))


def test_check_command_reports_clean_catalogs() -> None:
    assert tools.check(tracked_only=True) == []


# ---- the runtime ----------------------------------------------------------------------------

def test_languages_and_names() -> None:
    assert available_languages() == [(x.code, x.name) for x in i18n.LANGUAGE_TABLE]
    assert available_languages()[0] == ("en", "English")        # the source language first
    assert dict(available_languages())["fr"] == "Français"
    with pytest.raises(ValueError):
        set_language("xx")
    assert current_language() == "en"


def test_set_language_switches_live_and_calls_listeners() -> None:
    seen: list[str] = []
    unregister = on_language_change(seen.append)
    try:
        assert _("Trump: {suit}") == "Trump: {suit}"
        set_language("fr")
        assert current_language() == "fr"
        assert _("Trump: {suit}") == "Atout\u00a0: {suit}"
        assert pgettext("card", "Wizard") == "Magicien"
        set_language("ca")
        assert pgettext("card", "Wizard") == "Wizard"
        assert _("Secret bids") == "Predicció tancada"
        set_language("ca")  # no change: no call
        assert seen == ["fr", "ca"]
    finally:
        unregister()
    set_language("fr")
    assert seen == ["fr", "ca"]


def test_plural_lookups_follow_the_language_rules() -> None:
    assert ngettext("{n} trick", "{n} tricks", 1) == "{n} trick"
    assert ngettext("{n} trick", "{n} tricks", 0) == "{n} tricks"
    assert npgettext("ctx", "{n} trick", "{n} tricks", 2) == "{n} tricks"
    set_language("fr")
    # Unknown msgids fall back to English, with English plural rules... from the French catalog.
    assert ngettext("{n} zzz", "{n} zzzs", 1) == "{n} zzz"
    assert N_("untouched") == "untouched"


def test_a_broken_listener_does_not_stop_the_others() -> None:
    seen: list[str] = []

    def broken(code: str) -> None:
        raise RuntimeError("boom")

    undo = [on_language_change(broken), on_language_change(seen.append)]
    try:
        set_language("fr")
    finally:
        for u in undo:
            u()
    assert seen == ["fr"]


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "ca_ES"}, "ca"),
    ({"LANG": "ca_ES.UTF-8@valencia"}, "ca"),
    ({"LANG": "nl_NL"}, "en"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "nl_NL"}, "fr"),
    ({"LC_ALL": "C", "LANG": "ca_ES.UTF-8"}, "ca"),
    ({"LANGUAGE": "nl:fr", "LANG": "nl_NL"}, "fr"),
    ({"LC_MESSAGES": "French_France.1252"}, "fr"),
    ({}, "en"),
])
def test_detect_language(env: dict[str, str], expected: str) -> None:
    assert detect_language(env) == expected


def test_detect_language_reads_the_process_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "ca_ES.UTF-8")
    assert detect_language() == "ca"
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert detect_language() == "en"


def test_missing_catalog_falls_back_to_english(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(i18n, "locales_path", lambda: tmp_path)
    i18n.reload_catalogs()
    set_language("fr")
    assert _("No trump") == "No trump"


# ---- UI messages --------------------------------------------------------------------------

DETAILS = {"suit": "R", "card": "G7", "bid": 2, "forbidden": 2, "round": 5, "max": 3,
           "seat": 0, "expected": 1, "phase": "bid", "action": "x"}


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_every_rule_has_a_translated_sentence(lang: str) -> None:
    assert set(messages.RULE_TEXTS) == set(Rule), "a Rule without text in wizard/ui/messages.py"
    set_language(lang)
    for rule in Rule:
        text = messages.rule_text(rule, DETAILS, names=["Anna", "Ben", "Clara"])
        assert text and "{" not in text, (rule, text)
        if lang != "en":
            assert text != messages.RULE_TEXTS[rule], f"{rule} is not translated in {lang}"


def test_refusal_names_the_translated_suit() -> None:
    error = IllegalPlayError(Rule.MUST_FOLLOW_SUIT, "must follow suit R", card="G7", suit="R")
    assert messages.refusal(error) == "You must follow suit: dwarves (red)."
    assert messages.refusal(error, look="standard") == "You must follow suit: hearts."
    set_language("fr")
    assert messages.refusal(error) == "Vous devez fournir la couleur demandée\u00a0: nains (rouge)."
    set_language("ca")
    assert messages.refusal(error, look="standard") == "Heu de seguir el coll de sortida: cors."
    turn = messages.rule_text(Rule.NOT_YOUR_TURN, {"seat": 0, "expected": 2}, names=["A", "B", "Cé"])
    assert turn == "Ara li toca a Cé."


def test_card_names_in_each_language() -> None:
    assert messages.card_name("G7") == "the 7 of elves"
    assert messages.card_name("R11", "standard") == "the queen of hearts"
    assert messages.card_name("W") == "a Wizard"
    set_language("fr")
    assert messages.card_name("G7") == "le 7 des elfes"
    assert messages.card_name("Y13", "standard") == "l\u2019as de carreau"
    assert messages.special_name(Kind.JESTER) == "Fou"
    assert messages.special_letter(Kind.WIZARD) == "M"
    assert messages.rank_label(11, "standard") == "D"
    set_language("ca")
    assert messages.card_name("B1") == "l\u20191 dels humans"
    assert messages.card_name("B11") == "l\u201911 dels humans"
    assert messages.card_name("MERLIN:J") == "Merlí com a Jester"
    assert messages.special_letter(Kind.JESTER) == "JE"


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_every_card_and_concept_has_a_name(lang: str) -> None:
    set_language(lang)
    for look in messages.LOOKS:
        for c in ALL_CARDS:
            assert messages.card_name(c, look).strip()
        for suit in "BGRY":
            assert messages.suit_name(suit, look)
            assert messages.trump_text(suit, look) != messages.trump_text(None, look)
        assert [messages.rank_label(r, look) for r in range(1, 14)]
        assert messages.look_name(look) and messages.look_description(look)
    for kind in Kind:
        assert messages.special_name(kind) if kind is not Kind.NUMBER else True
    for edition in Edition:
        assert messages.edition_name(edition) and messages.edition_description(edition)
    for visibility in BidVisibility:
        assert messages.bid_visibility_name(visibility)
        assert messages.bid_visibility_description(visibility)
    for rule in HOUSE_RULES.values():
        for lapse in rule.lapses:
            assert messages.conflict_text(lapse.reason)
    for phase in Phase:
        assert messages.phase_name(phase)
    for name, rule in HOUSE_RULES.items():
        assert messages.option_name(name) and messages.option_description(name)
        for value in rule.values(4):
            assert messages.option_value_text(name, value)


def test_message_tables_cover_the_engine_enums() -> None:
    assert set(messages.EDITION_NAMES) == set(Edition) == set(messages.EDITION_DESCRIPTIONS)
    assert set(messages.PHASE_NAMES) == set(Phase)
    assert {c.value for c in HOUSE_RULES["bids"].choices} == set(BidVisibility)


def test_plurals_follow_each_language() -> None:
    assert [messages.tricks_text(n) for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    set_language("fr")
    assert [messages.tricks_text(n) for n in (0, 1, 2)] == ["0 pli", "1 pli", "2 plis"]
    assert messages.points_text(-20) == "-20 points"
    assert messages.round_text(5, 15) == "Manche 5 / 15"
    set_language("ca")
    assert [messages.tricks_text(n) for n in (0, 1, 2)] == ["0 bases", "1 basa", "2 bases"]
    assert messages.bids_against_tricks(4, 1) == "Prediccions: 4 per a 1 basa"


def test_catalogs_ship_with_the_game() -> None:
    import tomllib

    from wizard import resources

    assert i18n.locales_path() == resources.locales_dir()
    for lang in LANGS:
        assert (i18n.locales_path() / lang / "LC_MESSAGES" / "wizard.mo").is_file()
    pyproject = tomllib.loads((tools.ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include.get("locales") == "wizard/_data/locales"


def test_dates_are_written_in_the_players_language_and_time_zone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import time
    from datetime import UTC, datetime, timedelta, timezone

    from wizard.messages import when_text
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        moment = datetime(2026, 4, 3, 21, 7, tzinfo=UTC)
        expected = {"en": "3 Apr 2026, 21:07", "fr": "3 avr. 2026 à 21:07",
                    "ca": "3 d’abr. de 2026, 21:07"}
        for lang, text in expected.items():
            set_language(lang)
            assert when_text(moment) == text
        set_language("en")
        # a zone-less moment is UTC, as the files store it; another zone is converted
        assert when_text(moment.replace(tzinfo=None)) == expected["en"]
        assert when_text(moment.astimezone(timezone(timedelta(hours=5)))) == expected["en"]
        monkeypatch.setenv("TZ", "Europe/Paris")
        time.tzset()
        assert when_text(moment) == "3 Apr 2026, 23:07"   # summer time in Paris
        months = set()
        for m in range(1, 13):
            set_language("fr")
            months.add(when_text(datetime(2026, m, 15, 12, tzinfo=UTC)).split()[1])
        assert len(months) == 12 and "août" in months
    finally:
        monkeypatch.undo()
        time.tzset()
        set_language("en")


def test_a_mo_file_is_stale_when_a_translation_changed_not_when_only_its_layout_did(
        tmp_path, catalogs) -> None:  # type: ignore[no-untyped-def]
    catalog = catalogs["fr"]
    mo = tmp_path / "wizard.mo"
    mo.write_bytes(tools.compile_bytes(catalog))
    assert tools.mo_is_current(mo, catalog)
    msg = next(m for m in catalog if m.id and isinstance(m.id, str) and m.string)
    old = msg.string
    msg.string = old + " (changed)"
    try:
        assert not tools.mo_is_current(mo, catalog)
    finally:
        msg.string = old
    assert not tools.mo_is_current(tmp_path / "missing.mo", catalog)
