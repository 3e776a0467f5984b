"""Translations: the one place that knows about gettext catalogs.

Every player-visible string goes through the functions here. They look up the
*current* catalog at call time, so switching the language with
``set_language`` takes effect at the next redraw without a restart.

>>> set_language("en")
>>> _("Wizard")
'Wizard'
>>> ngettext("{n} trick", "{n} tricks", 2).format(n=2)
'2 tricks'
"""

from __future__ import annotations

import gettext
import importlib
import locale
import logging
import os
import struct
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_TABLE",
    "Language",
    "N_",
    "_",
    "and_list",
    "available_languages",
    "current_language",
    "detect_language",
    "language",
    "locales_path",
    "ngettext",
    "npgettext",
    "on_language_change",
    "pgettext",
    "reload_catalogs",
    "set_language",
    "translated_languages",
]

log = logging.getLogger(__name__)

DOMAIN = "wizard"


@dataclass(frozen=True, slots=True)
class Language:
    """A language the game speaks, declared once in ``LANGUAGE_TABLE``."""

    code: str                 # ISO 639-1: the catalog's folder, the settings' value
    name: str                 # in the language itself (Settings shows it as is)
    english: str              # in English (the catalog's header)
    plural: str               # the catalog's Plural-Forms
    decimal: str              # between a number's units and its decimals
    thousands: str            # between groups of three digits
    aliases: tuple[str, ...] = ()   # names some systems (Windows) use instead of the code


#: Every language the game speaks: the first is the source language (the msgids). Adding a
#: language is its catalog (locales/<code>/LC_MESSAGES/wizard.po) and one line here.
LANGUAGE_TABLE: tuple[Language, ...] = (
    Language("en", "English", "English", "nplurals=2; plural=(n != 1);", ".", ",", ("english",)),
    Language("fr", "Français", "French", "nplurals=2; plural=(n > 1);", ",", "\u00a0",
             ("french", "francais", "français")),
    Language("ca", "Català", "Catalan", "nplurals=2; plural=(n != 1);", ",", ".",
             ("catalan", "catala", "català")),
    Language("de", "Deutsch", "German", "nplurals=2; plural=(n != 1);", ",", ".", ("german", "deutsch")),
)

DEFAULT_LANGUAGE = LANGUAGE_TABLE[0].code

# Code -> the language's name in that language (shown in Settings as is).
LANGUAGES: dict[str, str] = {lang.code: lang.name for lang in LANGUAGE_TABLE}

# Names some systems (Windows) use in locale strings instead of ISO codes.
_LANGUAGE_ALIASES: dict[str, str] = {a: lang.code for lang in LANGUAGE_TABLE for a in lang.aliases}

_current: str = DEFAULT_LANGUAGE
_catalogs: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []


def locales_path() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/wizard.mo`` (checkout, wheel or frozen build)."""
    try:
        resources = importlib.import_module("wizard.resources")
        finder = getattr(resources, "locales_dir", None)
        if callable(finder):
            return Path(finder())
    except ImportError:
        pass
    return Path(__file__).resolve().parent.parent / "locales"


def _load(code: str) -> gettext.NullTranslations:
    """The catalog for ``code``, loaded once; English (the source) is the identity."""
    cached = _catalogs.get(code)
    if cached is not None:
        return cached
    catalog: gettext.NullTranslations
    if code == DEFAULT_LANGUAGE:
        catalog = gettext.NullTranslations()
    else:
        mo = locales_path() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            with mo.open("rb") as fp:
                catalog = gettext.GNUTranslations(fp)
        except (OSError, ValueError, struct.error) as exc:  # damaged or missing: show English
            log.warning("cannot load the %s catalog %s: %s", code, mo, exc)
            catalog = gettext.NullTranslations()
    _catalogs[code] = catalog
    return catalog


def reload_catalogs() -> None:
    """Forget loaded catalogs so the next lookup reads the ``.mo`` files again."""
    _catalogs.clear()


def _(message: str) -> str:
    """``message`` in the current language."""
    return _load(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _load(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, disambiguated by ``context``."""
    return _load(_current).pgettext(context, message)


def pgettext_in(language: str, context: str, message: str) -> str:
    """``message`` in ``language`` (not necessarily the current one), disambiguated by ``context``."""
    return _load(language).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Plural lookup disambiguated by ``context``."""
    return _load(_current).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction and return it untranslated (translate it later with ``_``)."""
    return message


def every_translation(message: str) -> set[str]:
    """``message`` in every language the game speaks (for recognising a translated default)."""
    return {message} | {_load(code).gettext(message) for code in LANGUAGES}


def available_languages() -> list[tuple[str, str]]:
    """``(code, name in its own language)`` for every language the game speaks."""
    return list(LANGUAGES.items())


def current_language() -> str:
    """The code of the language in use."""
    return _current


def language(code: str | None = None) -> Language:
    """The declared ``Language`` of ``code`` (the one in use by default); ``KeyError`` if none."""
    wanted = _current if code is None else code
    for lang in LANGUAGE_TABLE:
        if lang.code == wanted:
            return lang
    raise KeyError(wanted)


def translated_languages() -> tuple[str, ...]:
    """The codes of the languages with a catalog (all but the source language)."""
    return tuple(lang.code for lang in LANGUAGE_TABLE[1:])


def set_language(code: str) -> None:
    """Switch every later lookup to ``code`` (a code of ``LANGUAGE_TABLE``) and tell the listeners."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {sorted(LANGUAGES)}")
    _load(code)
    changed = code != _current
    _current = code
    if changed:
        for callback in list(_listeners):
            try:
                callback(code)
            except Exception:  # one broken listener must not stop the others
                log.exception("language-change listener %r failed", callback)


def on_language_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(code)`` after each language switch; returns a function that unregisters it."""
    _listeners.append(callback)

    def unregister() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return unregister


def _match(value: str) -> str | None:
    """The supported language a locale name such as ``fr_FR.UTF-8`` or ``Catalan_Spain`` means."""
    name = value.strip().split(".")[0].split("@")[0]
    if not name or name.upper() in ("C", "POSIX"):
        return None
    head = name.replace("-", "_").split("_")[0].lower()
    if head in LANGUAGES:
        return head
    return _LANGUAGE_ALIASES.get(head)


def _system_locale_names() -> list[str]:
    """Locale names the operating system reports outside the environment variables."""
    names: list[str] = []
    if sys.platform == "win32":  # the Windows display language, e.g. 0x040c -> fr_FR
        try:
            import ctypes

            langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            names.append(locale.windows_locale.get(langid, ""))
        except (AttributeError, OSError):
            pass
    elif sys.platform == "darwin":  # apps opened from the Finder get no LANG
        try:
            out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                                 text=True, timeout=2, check=False).stdout
            names += [w.strip(' "\t,()') for w in out.split() if w.strip(' "\t,()')]
        except (OSError, subprocess.SubprocessError):
            pass
    for category in ("LC_MESSAGES", "LC_CTYPE"):
        try:
            name = locale.getlocale(getattr(locale, category))[0]
        except (AttributeError, ValueError, TypeError):
            name = None
        if name:
            names.append(name)
    return [n for n in names if n]


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's preferred language if the game speaks it, else English.

    Reads LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES and LANG; the first
    variable naming a real locale decides. Without them (a double-clicked app), asks
    the system: Windows display language, macOS AppleLanguages, ``locale.getlocale()``.
    ``environ`` replaces ``os.environ`` and skips the system query (for tests).
    """
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        entries = [e for e in value.split(":") if e.strip()] if key == "LANGUAGE" else [value]
        for code in (_match(e) for e in entries):
            if code is not None:
                return code
        real = [e for e in entries if e.strip() and e.split(".")[0].upper() not in ("C", "POSIX")]
        if real:
            return DEFAULT_LANGUAGE  # a real locale we do not speak
    if environ is None:
        names = _system_locale_names()
        if names:
            return _match(names[0]) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def and_list(items: Sequence[str]) -> str:
    """Items as a sentence says them: "A", "A and B", "A, B and C" (the language's "and")."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the last two items of a list of names or numbers ("Morgana and Gawain";
    # {first} may itself be a comma-separated list: "Anna, Morgana and Gawain")
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
