"""Plain-words notices about data files the persistence layer could not use as they were."""

from __future__ import annotations

from typing import Any

from wizard.i18n import _, ngettext


def _file_name(kind: str) -> str:
    return {"settings": _("settings"), "game": _("saved game"),
            "history": _("game history"), "review": _("game review")}.get(kind, kind)


SHOWN_DATES = 5       # lost games named one by one; the rest counted


def _dates(lost: tuple[str, ...]) -> str:
    """When each lost game had finished, the first few, then how many more."""
    from datetime import datetime

    from wizard import messages
    shown = []
    for iso in lost[:SHOWN_DATES]:
        try:
            shown.append(messages.when_text(datetime.fromisoformat(iso.replace("Z", "+00:00"))))
        except ValueError:
            shown.append(iso)
    text = "; ".join(shown)
    if len(lost) > SHOWN_DATES:
        more = len(lost) - SHOWN_DATES
        text += " " + ngettext("and {n} more", "and {n} more", more).format(n=more)
    return text


def restored_notice(problem: Any) -> str:
    """What a player is told when the history database was set aside (and a backup put back):
    where it went, which backup, and exactly which finished games were lost."""
    from wizard import messages
    moved = getattr(problem, "moved_to", None) or getattr(problem, "path", "")
    backup = getattr(problem, "restored_from", None)
    since = getattr(problem, "since", None)
    lost = getattr(problem, "lost", None)
    if str(getattr(problem, "kind", "")) == "newer_version":
        first = _("Your game history comes from a newer version of Wizard; it was kept aside as "
                  "{path}.").format(path=moved)
    else:
        first = _("Your game history could not be read; it was kept aside as {path}.").format(
            path=moved)
    if backup is not None and since is not None:
        second = _("Its backup of {date} was put back.").format(date=messages.when_text(since))
        if lost is None:
            third = _("The games finished after that backup may be missing.")
        elif not lost:
            third = _("No finished game was lost.")
        else:
            third = ngettext("The game finished since then is missing: {dates}.",
                             "The {n} games finished since then are missing: {dates}.",
                             len(lost)).format(n=len(lost), dates=_dates(lost))
    else:
        second = _("There was no good backup: the history starts again.")
        third = "" if not lost else ngettext(
            "The copy set aside holds {n} finished game: {dates}.",
            "The copy set aside holds {n} finished games: {dates}.",
            len(lost)).format(n=len(lost), dates=_dates(lost))
    recovered = int(getattr(problem, "recovered", 0) or 0)
    fourth = "" if not recovered else ngettext(
        "{n} game was brought back from the copy set aside.",
        "{n} games were brought back from the copy set aside.", recovered).format(n=recovered)
    return " ".join(x for x in (first, second, third, fourth) if x)


def rows_notice(problem: Any) -> str:
    """What a player is told when rows of the history database were not as Wizard writes them
    (issue #34): how many games were rebuilt from their records, how many could not be read and
    were set aside, and where the copy of the history as it was is kept."""
    rebuilt = int(getattr(problem, "recovered", 0) or 0)
    aside = int(getattr(problem, "count", 0) or 0)
    moved = getattr(problem, "moved_to", None)
    parts = [_("Part of your game history was not as Wizard writes it.")]
    if rebuilt:
        parts.append(ngettext("{n} game was rebuilt from its record.",
                              "{n} games were rebuilt from their records.", rebuilt)
                     .format(n=rebuilt))
    if aside:
        parts.append(ngettext("{n} game could not be read and was set aside.",
                              "{n} games could not be read and were set aside.", aside)
                     .format(n=aside))
    if not rebuilt and not aside:
        parts.append(_("Its totals were worked out again from your games; no game was lost."))
    if moved is not None:
        parts.append(_("A copy of the history as it was is kept as {path}.").format(path=moved))
    return " ".join(parts)


def notice(problem: Any) -> tuple[str, bool]:
    """(sentence, is_serious) for one persistence ``Problem``."""
    kind = str(getattr(problem, "kind", ""))
    if str(getattr(problem, "file", "")) == "history" and (
            getattr(problem, "restored_from", None) is not None
            or getattr(problem, "lost", None) is not None or getattr(problem, "whole", False)):
        return restored_notice(problem), True
    if str(getattr(problem, "file", "")) == "history" \
            and getattr(problem, "recovered", None) is not None:
        return rows_notice(problem), True
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
    if kind == "damaged" and str(getattr(problem, "file", "")) == "history" \
            and str(path).endswith("-wal"):
        return (_("The journal of your game history was damaged; a copy is kept as {path}. The "
                  "games finished just before may be missing.").format(path=moved or path), True)
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
