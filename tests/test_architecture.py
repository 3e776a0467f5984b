"""The house keeps its shape (STYLE.md): dependencies point one way, only the UI imports pygame."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

WIZARD = Path(__file__).resolve().parent.parent / "wizard"


def imports_of(path: Path) -> set[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(WIZARD.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                out.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                out.add(node.module)
    return out


def modules(sub: str) -> dict[Path, set[str]]:
    root = WIZARD / sub
    files = [root] if root.suffix == ".py" else sorted(root.rglob("*.py"))
    return {f: imports_of(f) for f in files if f.exists()}


def test_engine_is_standard_library_only() -> None:
    stdlib = set(sys.stdlib_module_names)
    for f, names in modules("engine").items():
        for name in names:
            top = name.split(".")[0]
            assert top in stdlib or name.startswith("wizard.engine"), f"{f.name} imports {name}"



def test_engine_never_builds_or_calls_global_randomness() -> None:
    """Randomness enters the engine only as an ``rng`` argument (STYLE.md habit 2)."""
    for f in sorted((WIZARD / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "random":
                raise AssertionError(f"{f.name}:{node.lineno} calls random.{node.func.attr}()")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                raise AssertionError(f"{f.name}:{node.lineno} imports from random")


def test_dependencies_point_one_way() -> None:
    forbidden = {
        "engine": ("wizard.ai", "wizard.session", "wizard.ui", "wizard.persistence"),
        "ai": ("wizard.session", "wizard.ui", "wizard.persistence"),
        "persistence": ("wizard.ui", "wizard.session", "wizard.ai"),
        "session.py": ("wizard.ui",),
    }
    for sub, bad in forbidden.items():
        for f, names in modules(sub).items():
            for name in names:
                assert not name.startswith(bad), f"{f.relative_to(WIZARD)} imports {name}"


def test_only_the_ui_imports_pygame() -> None:
    for f in sorted(WIZARD.rglob("*.py")):
        if "ui" in f.relative_to(WIZARD).parts[:1]:
            continue
        for name in imports_of(f):
            assert name.split(".")[0] != "pygame", f"{f.relative_to(WIZARD)} imports pygame"
