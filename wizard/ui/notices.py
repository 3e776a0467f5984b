"""Plain-words notices about data files the persistence layer could not use as they were."""

from __future__ import annotations

from typing import Any

from wizard.i18n import _, ngettext


def _file_name(kind: str) -> str:
    return {"settings": _("settings"), "game": _("saved game"),
            "history": _("game history"), "review": _("game review")}.get(kind, kind)


def notice(problem: Any) -> tuple[str, bool]:
    """(sentence, is_serious) for one persistence ``Problem``."""
    kind = str(getattr(problem, "kind", ""))
    what = _file_name(str(getattr(problem, "file", "")))
    moved = getattr(problem, "moved_to", None)
    path = getattr(problem, "path", "")
    kept = getattr(problem, "kept", None)
    if kind == "damaged" and kept is not None and moved is not None:
        count = int(getattr(problem, "count", 1))
        kept_text = ngettext("{n} game was kept", "{n} games were kept", kept).format(n=kept)
        aside_text = ngettext("{n} unreadable entry was set aside", "{n} unreadable entries were "
                              "set aside", count).format(n=count)
        return (_("Your game history was partly damaged: {kept}; {aside}. A copy of the whole "
                  "file is kept as {path}.").format(kept=kept_text, aside=aside_text, path=moved),
                True)
    if kind == "damaged" and str(getattr(problem, "file", "")) == "review":
        return (_("A stored game review could not be read. It was kept aside as {path}; the "
                  "review is worked out again.").format(path=moved or path), True)
    if kind == "damaged":
        if moved is not None:
            return (_("Your {what} could not be read. It was kept aside as {path}; the game "
                      "starts without it.").format(what=what, path=moved), True)
        return _("Your {what} could not be read; the game starts without it.").format(what=what), True
    if kind == "newer_version":
        return (_("Your {what} comes from a newer version of Wizard; it was left untouched.")
                .format(what=what), True)
    if kind == "unreadable" and moved is not None:
        return (_("Your {what} was not a plain file ({path}); it was set aside as {moved}, "
                  "untouched, and the game starts without it.")
                .format(what=what, path=path, moved=moved), True)
    if kind == "unreadable":
        return (_("Your {what} could not be opened ({path}); it was left untouched.")
                .format(what=what, path=path), True)
    if kind == "write_failed":
        return (_("Your {what} could not be saved as {path} (the folder may be read-only, or the "
                  "disk full).").format(what=what, path=path), True)
    if kind == "migrated":
        return (_("Your {what} was converted from an older version; the original was kept.")
                .format(what=what), False)
    return _("There was a problem with your {what}.").format(what=what), True
