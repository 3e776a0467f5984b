"""``wizard --export-history FILE`` and ``wizard --import-history FILE``: the whole history as
JSON lines (the ``history.jsonl`` format), to move it to another computer or keep a second kind
of backup; an import adds the games not there yet (each one checked, replayed, first)."""

from __future__ import annotations

from pathlib import Path

from wizard.i18n import _, ngettext


def export_history(data_dir: Path | None, target: Path) -> tuple[int, str]:
    """(exit code, what to tell the person)."""
    from wizard.persistence import DataLock, Store, resolve_data_dir
    folder = resolve_data_dir(data_dir)
    lock = DataLock(folder)
    if not lock.acquire():
        return 1, _("Wizard is open on this data folder; close it first.")
    try:
        store = Store(folder)
        n = store.export_history(target)
        store.close()
    except Exception as e:
        return 1, _("The history could not be exported: {error}").format(error=e)
    finally:
        lock.release()
    return 0, ngettext("{n} finished game written to {path}.",
                       "{n} finished games written to {path}.", n).format(n=n, path=target)


def import_history(data_dir: Path | None, source: Path) -> tuple[int, str]:
    """(exit code, what to tell the person)."""
    from wizard.persistence import DataLock, Store, resolve_data_dir
    folder = resolve_data_dir(data_dir)
    lock = DataLock(folder)
    if not lock.acquire():
        return 1, _("Wizard is open on this data folder; close it first.")
    try:
        store = Store(folder)
        got = store.import_history(source)
        store.close()
    except Exception as e:
        return 1, _("The history could not be imported: {error}").format(error=e)
    finally:
        lock.release()
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
