"""The languages are declared once (wizard/i18n.py, LANGUAGE_TABLE): no code file lists them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from wizard import i18n, messages
from wizard.__main__ import parser
from wizard.i18n_tools import LANGS

WIZARD = Path(__file__).resolve().parent.parent / "wizard"
CODES = {lang.code for lang in i18n.LANGUAGE_TABLE}


def test_the_registry_is_where_the_languages_come_from() -> None:
    assert LANGS == tuple(x.code for x in i18n.LANGUAGE_TABLE[1:]) == i18n.translated_languages()
    action = next(a for a in parser()._actions if "--lang" in a.option_strings)
    assert tuple(action.choices) == tuple(i18n.LANGUAGES)  # type: ignore[arg-type]
    assert len(CODES) == len(i18n.LANGUAGE_TABLE) and i18n.DEFAULT_LANGUAGE == "en"


@pytest.mark.parametrize(("code", "decimal", "count"), [("en", "5.0", "10,000"),
                                                        ("fr", "5,0", "10\u00a0000"),
                                                        ("ca", "5,0", "10.000")])
def test_numbers_follow_the_declared_format(code: str, decimal: str, count: str) -> None:
    i18n.set_language(code)
    try:
        assert (messages.decimal_text(5.0), messages.count_text(10_000)) == (decimal, count)
    finally:
        i18n.set_language("en")


def test_no_second_code_file_names_a_list_of_languages() -> None:
    found = []
    for path in sorted(WIZARD.rglob("*.py")):
        if path == WIZARD / "i18n.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            items: list[ast.expr | None] = []
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                items = list(node.elts)
            elif isinstance(node, ast.Dict):
                items = list(node.keys)
            codes = {x.value for x in items if isinstance(x, ast.Constant)} & CODES
            if len(codes) > 1:
                found.append(f"{path.relative_to(WIZARD)}:{node.lineno} {sorted(codes)}")
    assert found == []
