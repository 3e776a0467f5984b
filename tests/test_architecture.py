"""The house keeps its shape (docs/STYLE.md, "The house"): dependencies point one way, only the
UI imports pygame."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

WIZARD = Path(__file__).resolve().parent.parent / "wizard"


def imported(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names taken from it) for every import in a file, anywhere in it (relative
    imports resolved; ``import a.b`` gives ``("a.b", [])``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(WIZARD.parent).with_suffix("").parts[:-1])
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                out.append((".".join(base + ([node.module] if node.module else [])),
                            [a.name for a in node.names]))
            elif node.module:
                out.append((node.module, [a.name for a in node.names]))
    return out


def imports_of(path: Path) -> set[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    return {module for module, _names in imported(path)}


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
    """Randomness enters the engine only as an ``rng`` argument (docs/STYLE.md habit 2)."""
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
        "persistence": ("wizard.ui", "wizard.ai", "wizard.table", "wizard.net"),
        # the session holds a game's seats and deals; what is kept sits above it (#36)
        "session": ("wizard.ui", "wizard.table", "wizard.persistence", "wizard.review",
                    "wizard.net", "wizard.ai"),
        "checks.py": ("wizard.",),
        # the network table (#27) sits above the table and below the UI: engine <- ai <- session
        # <- table <- net <- ui (no pygame there, and nothing under it reaches up to it)
        "net": ("wizard.ui",),
        "table": ("wizard.net",),
        # the application service (settings, games, history, lifecycle) sits under the UI (#36)
        "service.py": ("wizard.ui", "wizard.net"),
    }
    for sub, bad in forbidden.items():
        for f, names in modules(sub).items():
            for name in names:
                assert not name.startswith(bad), f"{f.relative_to(WIZARD)} imports {name}"


def wizard_imports(sub: str) -> dict[Path, set[str]]:
    """The program's modules each file under ``sub`` imports (``from wizard import checks``
    counts as ``wizard.checks``)."""
    root = WIZARD / sub
    files = [root] if root.suffix == ".py" else sorted(root.rglob("*.py"))
    out: dict[Path, set[str]] = {}
    for f in files:
        names: set[str] = set()
        for module, taken in imported(f):
            if module == "wizard":
                names |= {f"wizard.{n}" for n in taken} or {"wizard"}
            elif module.startswith("wizard."):
                names.add(module)
        out[f] = names
    return out


#: What is kept (#36, "one shape for what is kept") sits above the rules, the session's seats
#: and deals and the review's figures, and under everything that plays, shows or reviews a game:
#: from the rest of the program it imports only these.
PERSISTENCE_MAY_IMPORT = ("wizard.persistence", "wizard.engine", "wizard.checks",
                          "wizard.background", "wizard.session.seats", "wizard.session.deals",
                          "wizard.review.decisions", "wizard.review.stats",
                          "wizard.review.progress")
#: The review's figures and data: the engine and the value checks only (a list of games is
#: named only under TYPE_CHECKING).
REVIEW_DATA = ("decisions.py", "stats.py", "progress.py")


def test_what_is_kept_imports_only_what_lies_under_it() -> None:
    for f, names in wizard_imports("persistence").items():
        for name in names:
            assert name.startswith(PERSISTENCE_MAY_IMPORT) or name == "wizard", \
                f"{f.relative_to(WIZARD)} imports {name}"
    for f, names in wizard_imports("review").items():
        if f.name in REVIEW_DATA:
            for name in names - {"wizard.persistence.history.entry"}:
                assert name.startswith(("wizard.engine", "wizard.checks", "wizard.review.")), \
                    f"{f.relative_to(WIZARD)} imports {name}"


def test_what_is_kept_is_one_shape() -> None:
    """#36: file primitives and the lock in ``files/``, the finished games in ``history/``, the
    settings and the games in progress beside the ``Store``; no mixin (the ``Store`` holds its
    ``History`` and ``Reviews``), and the seats, deals and review data in their own layers."""
    root = WIZARD / "persistence"
    assert {p.name for p in root.iterdir() if p.is_dir() and p.name != "__pycache__"} == \
        {"files", "history"}
    for name in ("seats.py", "deals.py", "review.py", "stats.py", "progress.py", "checks.py"):
        assert not (root / name).exists(), name
    for f in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name in ("Store", "History", "Reviews",
                                                                "OldFormat"):
                assert node.bases == [], f"{f.relative_to(WIZARD)}: {node.name} has bases"


#: Who may call the Python figures (``compute_stats``, ``progress``, ``review_losses``): the
#: program works them out once, in SQL (``wizard.persistence.history.stats``); the Python copies
#: are the tests' oracle, and the benchmark times them as what earlier versions did.
PYTHON_FIGURES = {"compute_stats", "progress", "review_losses"}
PYTHON_FIGURES_ALLOWED = {"bench/history.py": "the benchmark's 'earlier versions' column"}


def test_the_statistics_are_worked_out_once_in_sql() -> None:
    found = []
    for f in sorted(WIZARD.rglob("*.py")):
        rel = f.relative_to(WIZARD).as_posix()
        if rel in ("review/stats.py", "review/progress.py") or rel in PYTHON_FIGURES_ALLOWED:
            continue
        for module, names in imported(f):
            if module.startswith(("wizard.review", "wizard.persistence")):
                found += [f"{rel}: {n}" for n in names if n in PYTHON_FIGURES]
    assert found == []

#: Where pygame may be imported: the screens, and the benchmarks, which sit above every layer and
#: drive the screens headless to time them (``wizard/bench``, #36).
PYGAME_HOMES = ("ui", "bench")


def test_only_the_ui_imports_pygame() -> None:
    for f in sorted(WIZARD.rglob("*.py")):
        if f.relative_to(WIZARD).parts[0] in PYGAME_HOMES:
            continue
        for name in imports_of(f):
            assert name.split(".")[0] != "pygame", f"{f.relative_to(WIZARD)} imports pygame"


def test_the_benchmarks_sit_on_top_and_nothing_imports_them() -> None:
    """The benchmarks are one package, ``wizard/bench`` (#36), above every layer: they may import
    anything (the ui benches drive the screens), and no module of the game imports them, so the
    executable leaves them out (``build.spec``) and a bench never runs in a player's game."""
    found = [f"{f.relative_to(WIZARD)} imports {name}" for f in sorted(WIZARD.rglob("*.py"))
             if f.relative_to(WIZARD).parts[0] != "bench"
             for name in imports_of(f) if name == "wizard.bench" or name.startswith("wizard.bench.")]
    assert found == []
    benches = {f.stem for f in (WIZARD / "bench").glob("*.py")}
    assert {"ai", "calibration", "coach", "coach_truth", "net", "persistence", "review", "ui",
            "history", "history_fuzz"} <= benches
    # no bench left behind in a layer's package
    strays = [f.relative_to(WIZARD).as_posix() for f in WIZARD.rglob("*bench*.py")
              if f.relative_to(WIZARD).parts[0] != "bench"]
    assert strays == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(WIZARD.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(skip: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Module -> the wizard modules it imports anywhere (top level, under TYPE_CHECKING, in a
    function). ``from pkg import sub`` counts as importing ``pkg.sub``, not ``pkg/__init__``."""
    files = {_module_name(p): p for p in WIZARD.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        if name.startswith(skip):
            continue
        out: set[str] = set()
        for mod, names in imported(path):
            out.update({f"{mod}.{n}" if f"{mod}.{n}" in files else mod for n in names} or {mod})
        graph[name] = {m for m in out if m in files and m != name and not m.startswith(skip)}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected components of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_anywhere() -> None:
    """No cycles, not even under TYPE_CHECKING or inside a function (docs/STYLE.md, "The house"):
    scenes open each other by name (``wizard.ui.routes``), painters read the table scene through a
    Protocol."""
    graph = import_graph()
    assert "wizard.engine.cards" in graph and "wizard.ui.scenes.table" in graph
    assert "wizard.ui.scenes.table" in graph["wizard.ui.routes"]
    assert cycles(graph) == []


def test_the_table_screen_is_small() -> None:
    """The table screen draws and routes; the table's logic lives in wizard/table. (There is no
    cap on a file's length any more (#36): a module is split by meaning, not by a number.)"""
    screen = sum(len(f.read_text(encoding="utf-8").splitlines())
                 for f in (WIZARD / "ui" / "scenes").glob("table*.py"))
    assert screen <= 700, f"wizard/ui/scenes/table*.py hold {screen} lines"


def test_the_ui_never_reaches_into_the_game_state_nor_runs_computer_players() -> None:
    """The session answers what the screen needs; the table package runs the computer seats."""
    for f in sorted((WIZARD / "ui").rglob("*.py")):
        src = f.read_text(encoding="utf-8")
        rel = f.relative_to(WIZARD)
        assert "session.state" not in src, f"{rel} touches session.state"
        assert "Thread" not in src and "threading" not in src, f"{rel} makes a thread"
        assert "default_ai_factory" not in src and "make_ai" not in src, f"{rel} makes an AI player"


def test_the_table_package_comes_between_the_session_and_the_ui() -> None:
    for f, names in modules("table").items():
        for name in names:
            assert not name.startswith(("wizard.ui", "wizard.persistence")), \
                f"{f.relative_to(WIZARD)} imports {name}"
    for sub in ("engine", "ai", "session", "persistence"):
        for f, names in modules(sub).items():
            assert not any(n.startswith("wizard.table") for n in names), f"{f.name} imports the table"
            assert not any(n.startswith("wizard.net") for n in names), f"{f.name} imports the net"


def test_the_screen_asks_only_the_table() -> None:
    """No ``.session`` anywhere in ``wizard/ui`` (neither an attribute nor an import of
    ``wizard.session``): the screen reads and does everything through ``wizard.table``."""
    import re
    found = [f"{f.relative_to(WIZARD)}:{i}" for f in sorted((WIZARD / "ui").rglob("*.py"))
             for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\.session\b", line)]
    assert found == []


def test_the_table_talks_to_its_game_through_the_port() -> None:
    """``Table`` and its parts know the game only as ``port.GamePort``: none of them takes a
    ``Session`` (the lessons and the game-length measure build their games, and the package hands
    ``Session`` on to the UI)."""
    for f in sorted((WIZARD / "table").glob("*.py")):
        if f.name in ("tutorial.py", "pace.py", "__init__.py"):
            continue
        for module, names in imported(f):
            assert not (module == "wizard.session" and "Session" in names), \
                f"{f.relative_to(WIZARD)} imports Session"
    src = (WIZARD / "table" / "table.py").read_text(encoding="utf-8")
    assert "def __init__(self, port: GamePort" in src


def test_the_replay_is_drawn_by_the_table_painters() -> None:
    """The replay draws the table's picture with ``wizard.ui.board`` (no drawing code of its own)
    and stays small."""
    path = WIZARD / "ui" / "scenes" / "replay.py"
    names = imports_of(path)
    assert any(n.startswith("wizard.ui.board") for n in names), names
    assert "wizard.table.picture" in names
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 250


# ---- editions are data (issue #25) -------------------------------------------------------------

EDITION_NAMES = {"classic", "magic", "camelot"}
EDITION_MEMBERS = {"CLASSIC", "MAGIC", "CAMELOT"}        # Edition.X, and the simulator's F.X
SPECIAL_KINDS = {"GRAIL", "EXCALIBUR", "MERLIN", "MORGAN"}  # Kind.X of the special cards
#: Modules whose job is a card's own name or picture: they may tell the special cards apart
#: ("art and text stay per card"); an edition test is still one there.
CARD_TEXT_AND_ART = ("messages.py", "ui/art/")
#: The edition tests left outside wizard/engine/, by file: how many, and why. "port half": left to
#: the engineer of the table's port, with the question to the edition that replaces each.
EDITION_TESTS_ALLOWED: dict[str, tuple[int, str]] = {
    # none left: the port half asks the edition (rules.power(card) is Power.WIZARD_OR_JESTER /
    # EVEN_WINS / VOIDS, card.declared, rules_of(edition).ranks / .specials / has_power(MAGIC),
    # key in {e.value for e in Edition})
}


def _is_edition_term(node: ast.AST, card_kinds: bool) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in EDITION_NAMES
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.attr in EDITION_MEMBERS and node.value.id in ("Edition", "F", "simulator"):
            return True
        return card_kinds and node.attr in SPECIAL_KINDS and node.value.id == "Kind"
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_edition_term(e, card_kinds) for e in node.elts)
    return False


def edition_tests(source: str, card_kinds: bool = True) -> list[str]:
    """The comparisons in ``source`` that test which edition is played (or, with ``card_kinds``,
    which special card a card is); a card *look* named "classic" is not an edition."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            terms = [node.left, *node.comparators]
            if any(_is_edition_term(t, card_kinds) for t in terms) and \
                    not any("look" in ast.unparse(t) for t in terms):
                out.append(f"{node.lineno}: {ast.unparse(node)}")
    return out


def test_the_edition_test_finder_sees_edition_and_card_tests() -> None:
    src = ('a = edition == "camelot"\nb = cfg.edition is Edition.MAGIC\nc = ed == F.CAMELOT\n'
           'd = c.kind is Kind.MORGAN\ne = look == "classic"\nf = c.kind is Kind.WIZARD\n'
           'g = key in ("classic", "magic")\n')
    assert [t.split(":")[0] for t in edition_tests(src)] == ["1", "2", "3", "4", "7"]
    assert len(edition_tests(src, card_kinds=False)) == 4


def test_outside_the_engine_code_asks_the_edition_instead_of_testing_it() -> None:
    """docs/STYLE.md, "The house": a rule has one home; outside wizard/engine/ code asks the edition
    what a card does (engine/edition.py) rather than testing which edition is played."""
    found: dict[str, list[str]] = {}
    for f in sorted(WIZARD.rglob("*.py")):
        rel = f.relative_to(WIZARD).as_posix()
        if rel.startswith("engine/"):
            continue
        tests = edition_tests(f.read_text(encoding="utf-8"),
                              card_kinds=not rel.startswith(CARD_TEXT_AND_ART))
        if tests:
            found[rel] = tests
    counts = {rel: len(tests) for rel, tests in found.items()}
    allowed = {rel: n for rel, (n, _why) in EDITION_TESTS_ALLOWED.items()}
    assert counts == allowed, "\n".join(f"{rel}: {t}" for rel, ts in found.items() for t in ts)


# The painters draw the table's ``Picture`` (issue #25): what is shown, what moves, the bid
# buttons, the top bar's figures, the piles, the hint, the last trick, all decided once in
# ``Table.picture()``. They read neither the running snapshot (``Shown``, ``.shown``), nor the
# animation (``.animator``), nor the table itself (``.table``): only the picture and the screen's
# own state (layout, pointer, selection, drag). Each exception is listed here with its reason;
# there is none.
PAINTERS = ("ui/board", "ui/scenes/table_draw.py")
PAINTER_READS = {"shown": "the running snapshot", "animator": "the running animation",
                 "table": "the table behind the picture"}
PAINTER_READS_ALLOWED: dict[str, tuple[set[str], str]] = {}


def painter_reads(root: Path) -> dict[str, set[str]]:
    """What each painter under ``root`` (a ``wizard`` folder) reads that the picture should say:
    ``Shown`` imported or named, an attribute in ``PAINTER_READS`` read."""
    found: dict[str, set[str]] = {}
    for sub in PAINTERS:
        base = root / sub
        for f in [base] if base.suffix == ".py" else sorted(base.rglob("*.py")):
            tree = ast.parse(f.read_text(encoding="utf-8"))
            reads: set[str] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr in PAINTER_READS:
                    reads.add(f".{node.attr}")
                elif isinstance(node, ast.Name) and node.id == "Shown":
                    reads.add("Shown")
                elif isinstance(node, ast.ImportFrom) and (
                        (node.module or "").endswith("shown")
                        or any(a.name == "Shown" for a in node.names)):
                    reads.add("import Shown")
            if reads:
                found[f.relative_to(root).as_posix()] = reads
    return found


def test_the_painter_reader_finds_reads_of_the_live_table(tmp_path: Path) -> None:
    board = tmp_path / "ui" / "board"
    board.mkdir(parents=True)
    (tmp_path / "ui" / "scenes").mkdir()
    (tmp_path / "ui" / "scenes" / "table_draw.py").write_text("x = sc.picture()\n")
    (board / "a.py").write_text("from wizard.table import Shown\nx = sc.shown.trick\n"
                                "y = sc.table.animator.active\nz: Shown\n")
    (board / "b.py").write_text("def f(picture):\n    return picture.trick\n")
    assert painter_reads(tmp_path) == {"ui/board/a.py": {"import Shown", "Shown", ".shown",
                                                         ".table", ".animator"}}


def test_the_painters_draw_the_picture_not_the_live_table() -> None:
    found = painter_reads(WIZARD)
    allowed = {rel: reads for rel, (reads, _why) in PAINTER_READS_ALLOWED.items()}
    assert found == allowed, "\n".join(
        f"{rel} reads {', '.join(sorted(r))}: draw it from the Picture instead"
        for rel, r in found.items())
