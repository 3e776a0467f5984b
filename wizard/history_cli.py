"""``wizard --export-history FILE`` and ``wizard --import-history FILE``: the whole history as
JSON lines (the ``history.jsonl`` format), to move it to another computer or keep a second kind
of backup; an import adds the games not there yet (each one checked, replayed, first)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

from wizard.i18n import _, ngettext

T = TypeVar("T")


def _with_store(data_dir: Path | None, work: Callable[[Any], T],
                failed: str) -> tuple[T | None, str]:
    """``work(store)`` on the data folder, holding its lock; (result, "") or (None, the reason)."""
    from wizard.persistence import DataLock, Store, resolve_data_dir
    folder = resolve_data_dir(data_dir)
    lock = DataLock(folder)
    if not lock.acquire():
        return None, _("Wizard is open on this data folder; close it first.")
    try:
        store = Store(folder)
        result = work(store)
        store.close()
    except Exception as e:
        return None, failed.format(error=e)
    finally:
        lock.release()
    return result, ""


def export_history(data_dir: Path | None, target: Path) -> tuple[int, str]:
    """(exit code, what to tell the person)."""
    n, why = _with_store(data_dir, lambda store: store.export_history(target),
                         _("The history could not be exported: {error}"))
    if n is None:
        return 1, why
    return 0, ngettext("{n} finished game written to {path}.",
                       "{n} finished games written to {path}.", n).format(n=n, path=target)


def _progress(out: TextIO | None) -> Callable[[int], None] | None:
    """A counter of the lines read, rewritten in place every ``EVERY`` lines (on a terminal)."""
    if out is None:
        return None
    last = [0.0]

    def told(n: int) -> None:
        now = time.monotonic()
        if n == 1 or now - last[0] >= 0.5:
            last[0] = now
            out.write("\r" + ngettext("Importing: {n} line read…", "Importing: {n} lines read…",
                                       n).format(n=f"{n:,}") + "  ")
            out.flush()
    return told


def import_history(data_dir: Path | None, source: Path,
                   progress: TextIO | None = None) -> tuple[int, str]:
    """(exit code, what to tell the person); with ``progress``, the lines read so far are counted
    there while the import runs (#34: 10,000 games take a minute)."""
    counter = _progress(progress)
    got, why = _with_store(data_dir, lambda store: store.import_history(source, counter),
                           _("The history could not be imported: {error}"))
    if counter is not None and progress is not None:
        progress.write("\n")
    if got is None:
        return 1, why
    added = ngettext("{n} game added", "{n} games added", got.added).format(n=got.added)
    there = ngettext("{n} already in the history", "{n} already in the history",
                     got.games - got.added).format(n=got.games - got.added)
    text = _("{added}, {there}.").format(added=added, there=there)
    if got.bad or got.newer:
        skipped = got.bad + got.newer
        text += " " + ngettext("{n} line could not be read and was left out.",
                               "{n} lines could not be read and were left out.",
                               skipped).format(n=skipped)
    return 0, text
