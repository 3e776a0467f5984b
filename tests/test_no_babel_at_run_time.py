"""Babel is a test dependency (#36): the game starts, loads every catalog and plays without it, and
no module of the game imports the catalog tools (``wizard.i18n_tools``, a developer's command)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIZARD = ROOT / "wizard"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYTHONPATH": str(ROOT)}
#: The catalog tools: a developer's command (``python -m wizard.i18n_tools update|compile|check``).
DEV_ONLY = ("babel", "wizard.i18n_tools")

# The real program's start (``wizard.__main__.main``) with Babel and the catalog tools made
# unimportable (a None in sys.modules makes ``import`` raise ImportError): every catalog is loaded,
# then an autoplayed game runs for 40 frames of the main loop and the window is closed.
START = """
import sys
for name in {dev_only!r}:
    sys.modules[name] = None
from wizard.i18n import LANGUAGES, set_language
for lang in LANGUAGES:
    set_language(lang)
import wizard.ui.app as app_module
real_run = app_module.App.run
seen = []
def run(self, after_frame=None):
    def after(app):
        seen.append(type(app.top).__name__)
        if len(seen) >= 40:
            app.quit()
    return real_run(self, after)
app_module.App.run = run
from wizard.__main__ import main
code = main(["--autoplay", "--speed", "off", "--players", "3", "--seed", "3", "--level", "easy",
             "--size", "1024x640", "--data-dir", sys.argv[1], "--lang", "de"])
loaded = sorted(m for m in sys.modules if sys.modules[m] is not None
                and (m.split(".")[0] == "babel" or m.startswith("wizard.i18n_tools")))
print(code, "TableScene" in seen, len(seen), loaded, sorted(LANGUAGES))
"""


def test_the_game_starts_and_plays_without_babel(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", START.format(dev_only=DEV_ONLY), str(tmp_path)],
                         capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    code, table, frames, loaded, languages = out.stdout.strip().splitlines()[-1].split(" ", 4)
    assert (code, table, frames, loaded) == ("0", "True", "40", "[]")
    assert "de" in languages and "fr" in languages


def test_no_module_of_the_game_imports_babel_or_the_catalog_tools() -> None:
    """Not even inside a function (a lazy import would break the executable, which leaves both
    out: ``build.spec``)."""
    found = []
    for f in sorted(WIZARD.rglob("*.py")):
        if f == WIZARD / "i18n_tools.py":
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if isinstance(node, ast.ImportFrom) and node.module == "wizard":
                names += [f"wizard.{a.name}" for a in node.names]
            found += [f"{f.relative_to(ROOT)}:{node.lineno} imports {n}" for n in names
                      if n.split(".")[0] == "babel" or n.startswith("wizard.i18n_tools")]
    assert found == []
