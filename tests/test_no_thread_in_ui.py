"""The UI starts no thread (#36): background work has one home, ``wizard/background.py``, used by
the layers below the UI (the table's computer players, the service's writer, the store's saves,
queries, reviews). A screen asks them and polls; it never makes a thread, pool or process."""

from __future__ import annotations

import ast
from pathlib import Path

import wizard.background as background

UI = Path(__file__).resolve().parent.parent / "wizard" / "ui"

#: Modules whose import means the file runs work concurrently itself.
CONCURRENT = ("threading", "_thread", "concurrent.futures", "multiprocessing", "wizard.background")
#: Names whose call starts a thread, a pool or a process.
STARTERS = {"Thread", "Timer", "ThreadPoolExecutor", "ProcessPoolExecutor", "Process", "Pool",
            "start_new_thread", "Worker"}


def thread_starts(source: str, package: str = "wizard.ui") -> list[str]:
    """Where ``source`` imports a concurrency module or calls something that starts a thread."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [f"{node.lineno}: import {a.name}" for a in node.names
                    if a.name.startswith(CONCURRENT)]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:          # ``from .. import background`` and the like
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            names = [module + "." + a.name for a in node.names]
            if module.startswith(CONCURRENT) or any(n.startswith(CONCURRENT) for n in names):
                out.append(f"{node.lineno}: from {module} import ...")
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) \
                else ""
            if name in STARTERS:
                out.append(f"{node.lineno}: {name}(...)")
    return out


def test_the_finder_sees_every_way_to_start_a_thread() -> None:
    for src in ("import threading\n",
                "from concurrent.futures import ThreadPoolExecutor\n",
                "import multiprocessing as mp\n",
                "from wizard import background\n",
                "from .. import background\n",
                "pool = ThreadPoolExecutor(max_workers=1)\n",
                "t = threading.Thread(target=print)\n",
                "w = Worker('x')\n"):
        assert thread_starts(src), src
    assert thread_starts("from wizard.service import Prefs\nx = Prefs()\n") == []


def test_the_ui_starts_no_thread() -> None:
    found = {str(f.relative_to(UI)): hits for f in sorted(UI.rglob("*.py"))
             if (hits := thread_starts(f.read_text(encoding="utf-8"),
                                       ".".join(("wizard",) + f.relative_to(UI.parent).parts[:-1])))}
    assert found == {}, f"wizard/ui starts threads: {found}"


def test_the_worker_runs_in_order_and_without_a_thread_when_asked() -> None:
    import threading
    seen: list[tuple[int, str]] = []
    w = background.Worker("wizard-test")
    for i in range(20):
        w.submit(lambda i=i: seen.append((i, threading.current_thread().name)))
    w.flush()
    assert [i for i, _ in seen] == list(range(20))
    assert all(name.startswith("wizard-test") for _, name in seen)
    w.close()
    now = background.Worker("wizard-test", threaded=False)
    fut = now.submit(lambda: threading.current_thread().name)
    assert fut.done() and fut.result() == threading.current_thread().name
    failed = now.submit(lambda: 1 // 0)
    assert isinstance(failed.exception(), ZeroDivisionError)


#: Names whose call makes a thread or a thread pool (a child process is another matter: the
#: review's appraiser, the arena's games and the hostile tests' thrower run in processes of their
#: own, for a crash or a GIL of their own, and stay as they are).
THREAD_MAKERS = {"Thread", "Timer", "ThreadPoolExecutor", "start_new_thread"}
#: Threads still made their own way, with why (none may be added: route it through background).
OWN_THREADS_ALLOWED: dict[str, int] = {}


def test_every_thread_the_game_starts_goes_through_background() -> None:
    """``wizard/background.py`` is the one place that makes a thread (#36): the table's computer
    players, the service's writer, the history import, the network host and joiner, the waker and
    the wormhole's reactor all start theirs with ``background.start`` or a ``Worker``. The
    benchmarks (``wizard/bench``, a developer's tool that drives its own screens) are left out."""
    wizard = UI.parent
    found: dict[str, int] = {}
    for f in sorted(wizard.rglob("*.py")):
        rel = f.relative_to(wizard).as_posix()
        if rel == "background.py" or rel.startswith("bench/"):
            continue
        n = sum(1 for node in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                if isinstance(node, ast.Call) and (
                    node.func.attr if isinstance(node.func, ast.Attribute)
                    else node.func.id if isinstance(node.func, ast.Name) else "") in THREAD_MAKERS)
        if n:
            found[rel] = n
    assert found == OWN_THREADS_ALLOWED


def test_the_network_threads_are_named_and_end_with_their_owner() -> None:
    """The host's and the joiner's loops run on background threads and end when they close."""
    import threading

    from wizard.engine import GameConfig
    from wizard.net.client import RemoteGame
    from wizard.net.host import NetHost
    from wizard.net.joincode import decode
    from wizard.session import Seat, Session

    session = Session.new(GameConfig(3, seed=4), [Seat.human("A"), Seat.human("B"),
                                                   Seat.ai("C", "easy")])
    host = NetHost(session, {1}, bind="127.0.0.1", port=0)
    host.open()
    code = decode(host.join_code())
    joiner = RemoteGame(code.address, code.port, code.secret, "B")
    joiner.connect()
    names = {t.name for t in threading.enumerate()}
    assert {"wizard-net-host", "wizard-net-join"} <= names
    joiner.close()
    host.close()
    alive = {t.name for t in threading.enumerate() if t.is_alive()}
    assert not alive & {"wizard-net-host", "wizard-net-join"}
