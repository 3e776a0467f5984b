"""The computer levels are declared once (ai/levels.py); the rest is generated from it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from wizard import messages
from wizard.__main__ import parser
from wizard.ai import BASELINES, LEVEL_TABLE, LEVELS, level_names, make_ai
from wizard.i18n import set_language

WIZARD = Path(__file__).resolve().parent.parent / "wizard"


def test_every_level_is_made_labelled_and_offered_as_declared() -> None:
    set_language("en")
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert BASELINES == ("random", "rulebid")
    for name, level in LEVEL_TABLE.items():
        assert make_ai(name).decide is not None
        assert messages.level_name(name) == level.label
    assert messages.level_name("rulebid") == "Beginner" and messages.level_name(None) == "Normal"
    with pytest.raises(ValueError, match="unknown AI level"):
        make_ai("grandmaster")


def test_the_command_line_offers_every_level() -> None:
    # it used to list them by hand, without rulebid
    action = next(a for a in parser()._actions if "--level" in a.option_strings)
    assert tuple(action.choices) == level_names()  # type: ignore[arg-type]


@pytest.mark.parametrize("path", ["ai/__init__.py", "ui/board/plates.py", "ui/scenes/setup.py",
                                  "persistence/history/stats.py", "review/progress.py",
                                  "__main__.py", "messages.py"])
def test_no_second_list_of_levels(path: str) -> None:
    names = set(LEVEL_TABLE)
    tree = ast.parse((WIZARD / path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            found = {x.value for x in items if isinstance(x, ast.Constant)} & names
            assert len(found) < 2, f"{path}:{node.lineno} lists levels by hand: {sorted(found)}"
