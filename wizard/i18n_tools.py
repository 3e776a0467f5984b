"""Maintainer commands for the translation catalogs (Babel: extract, update, compile, check).

    python -m wizard.i18n_tools update   # extract from wizard/, update the .po files, compile .mo
    python -m wizard.i18n_tools check    # report untranslated, fuzzy, placeholder or typography
                                         # problems and stale files; exit 1 if any
    python -m wizard.i18n_tools compile  # only compile the .po files into .mo

Add ``--tracked`` to read only the files committed to git (ignore work in progress).

Works on a checkout: the catalogs live in ``locales/`` next to the ``wizard`` package.
"""

from __future__ import annotations

import io
import re
import string
import subprocess
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from wizard import __version__

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
MAPPING = LOCALES / "babel.cfg"
TEMPLATE = LOCALES / "wizard.pot"
LANGS = ("fr", "ca", "de")
KEYWORDS: dict[str, object] = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_in": ((2, "c"), 3),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
}
COMMENT_TAGS = ("TRANSLATORS:",)
PO_WIDTH = 100
PROJECT = "wizard"


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return LOCALES / lang / "LC_MESSAGES" / "wizard.po"


def mo_path(lang: str) -> Path:
    """The compiled ``.mo`` file of ``lang``."""
    return LOCALES / lang / "LC_MESSAGES" / "wizard.mo"


def _is_game_dir(path: str) -> bool:
    """Walk only the game package (never .venv, tests, build output)."""
    rel = Path(path).resolve().relative_to(ROOT).parts
    return bool(rel) and rel[0] == "wizard" and not any(p.startswith((".", "_")) for p in rel)


def _tracked_sources() -> list[Path] | None:
    """The Python files of ``wizard/`` committed to git (None when git is unavailable)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", "wizard"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return sorted(ROOT / name for name in out.split("\0") if name.endswith(".py"))


def extract(tracked_only: bool = False) -> Catalog:
    """A template catalog of every message marked in ``wizard/``.

    ``tracked_only`` reads only files committed to git, ignoring work in progress.
    """
    with MAPPING.open(encoding="utf-8") as fp:
        method_map, options_map = parse_mapping_cfg(fp, str(MAPPING))  # type: ignore[no-untyped-call]
    template = Catalog(project=PROJECT, charset="utf-8", fuzzy=False)
    files = _tracked_sources() if tracked_only else None
    if files is None:
        found = extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS,  # type: ignore[arg-type]
            comment_tags=COMMENT_TAGS, strip_comment_tags=True, directory_filter=_is_game_dir)
        for filename, lineno, message, comments, context in found:
            template.add(message, None, [(filename, lineno)], auto_comments=comments,
                         context=context)
        return template
    for path in files:
        if not path.exists():
            continue
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS,  # type: ignore[arg-type]
                comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            template.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return template


def _po_bytes(catalog: Catalog) -> bytes:
    """A catalog as ``.po`` text (no line numbers, so moving code does not churn the files)."""
    buf = io.BytesIO()
    write_po(buf, catalog, width=PO_WIDTH, ignore_obsolete=True, include_lineno=False,
             sort_output=False, omit_header=False)
    return buf.getvalue()


def compile_bytes(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalog (fuzzy entries left out)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def mo_content(data: bytes) -> dict[tuple[object, object], object]:
    """What a ``.mo`` file says (every message and the headers), not how it is laid out: Babel
    versions lay out the same catalog in different bytes (2.18 and 2.19 do)."""
    catalog = read_mo(io.BytesIO(data))
    out: dict[tuple[object, object], object] = {
        (m.id if isinstance(m.id, str) else tuple(m.id), m.context):
            m.string if isinstance(m.string, str) else tuple(m.string or ())
        for m in catalog if m.id}
    out[("", None)] = tuple(catalog.mime_headers)
    return out


def mo_is_current(mo: Path, catalog: Catalog) -> bool:
    """Whether ``mo`` exists and says what ``catalog`` compiles to."""
    return mo.exists() and mo_content(mo.read_bytes()) == mo_content(compile_bytes(catalog))


def _strip_dates(data: bytes) -> bytes:
    """Text without the date headers, to tell real changes from a new timestamp."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", data)


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already holds the same content (dates aside)."""
    if path.exists() and _strip_dates(path.read_bytes()) == _strip_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def load_po(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang`` (an empty one if there is none yet)."""
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain="wizard", project=PROJECT, charset="utf-8", fuzzy=False)
    with path.open("rb") as fp:
        return read_po(fp, locale=lang, domain="wizard")


def _set_headers(catalog: Catalog, lang: str) -> None:
    """Project headers of a catalog (the template when ``lang`` is empty)."""
    name = {"fr": "French", "ca": "Catalan", "de": "German", "": "English"}[lang]
    catalog.header_comment = (f"# {name} messages for the Wizard card game.\n"
                              "# Update with: python -m wizard.i18n_tools update\n#")
    catalog.project = PROJECT
    catalog.version = __version__
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "the Wizard game authors"
    if lang:
        catalog.language_team = f"{name} <{lang}@li.org>"
        catalog.last_translator = "Wizard translators"
        catalog.revision_date = datetime.now(UTC)


def _update(tracked_only: bool) -> list[str]:
    """Extract, refresh the template and both ``.po`` files, compile the ``.mo`` files."""
    changed: list[str] = []
    template = extract(tracked_only)
    _set_headers(template, "")
    if _write_if_changed(TEMPLATE, _po_bytes(template)):
        changed.append(str(TEMPLATE.relative_to(ROOT)))
    for lang in LANGS:
        catalog = load_po(lang)
        catalog.update(template, no_fuzzy_matching=False, update_creation_date=False)
        catalog.fuzzy = False
        catalog.project = PROJECT
        _set_headers(catalog, lang)
        catalog.obsolete.clear()
        if _write_if_changed(po_path(lang), _po_bytes(catalog)):
            changed.append(str(po_path(lang).relative_to(ROOT)))
        with po_path(lang).open("rb") as fp:
            written = read_po(fp, locale=lang, domain="wizard")
        if _write_if_changed(mo_path(lang), compile_bytes(written)):
            changed.append(str(mo_path(lang).relative_to(ROOT)))
    return changed


def compile_all() -> list[str]:
    """Compile each ``.po`` into its ``.mo``; returns the files that changed."""
    changed = []
    for lang in LANGS:
        if _write_if_changed(mo_path(lang), compile_bytes(load_po(lang))):
            changed.append(str(mo_path(lang).relative_to(ROOT)))
    return changed


def fields(text: str) -> list[str]:
    """The named ``{placeholders}`` of a format string, sorted (``ValueError`` if malformed)."""
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def _forms(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _label(msg: Message) -> str:
    ident = msg.id if isinstance(msg.id, str) else msg.id[0]
    ctx = f"[{msg.context}] " if msg.context else ""
    return f"{ctx}{ident[:70]!r}"


def placeholder_problems(msg: Message) -> list[str]:
    """Translations whose ``{placeholders}`` do not match the English source."""
    sources = _forms(msg.id)
    try:
        wanted = [fields(s) for s in sources]
    except ValueError:
        return []  # the source is not a format string; nothing to compare
    union = sorted(set().union(*map(set, wanted)))
    out = []
    forms = _forms(msg.string)
    seen: set[str] = set()
    for i, text in enumerate(forms):
        if not text:
            continue
        try:
            got = fields(text)
        except ValueError as exc:
            out.append(f"malformed placeholder in form {i}: {exc}")
            continue
        seen.update(got)
        if len(sources) == 1 and got != wanted[0]:
            out.append(f"placeholders {got} instead of {wanted[0]}")
        elif len(sources) > 1 and not set(got) <= set(union):
            out.append(f"form {i} has unknown placeholders {sorted(set(got) - set(union))}")
    if len(sources) > 1 and forms and all(forms) and sorted(seen) != union:
        out.append(f"plural forms use {sorted(seen)} instead of {union}")
    return out


_FR_BAD_SPACE = re.compile(r"[ \t](?=[:;!?»])|«[ \t]")
_CA_BAD_DOT = re.compile(r"(?<=l)[.\u2022\u2219\u22c5](?=l)", re.IGNORECASE)
_DE_BAD_QUOTE = re.compile(r"[\"«»\u201d]")


def typography_problems(lang: str, text: str) -> list[str]:
    """Typographic faults: French plain spaces before ``: ; ! ? »`` or after ``«``; Catalan l.l;
    German quotes other than „…“."""
    out = []
    if lang == "fr":
        for m in _FR_BAD_SPACE.finditer(text):
            out.append(f"plain space at {m.start()} near {text[max(0, m.start() - 8):m.end() + 8]!r}"
                       " (use U+202F or U+00A0)")
    if lang == "ca":
        for m in _CA_BAD_DOT.finditer(text):
            out.append(f"'l{m.group()}l' at {m.start()} should be 'l·l' (U+00B7)")
    if lang == "de":
        for m in _DE_BAD_QUOTE.finditer(text):
            out.append(f"{m.group()!r} at {m.start()}: German quotes are „…“ (U+201E, U+201C)")
        if text.count("\u201e") != text.count("\u201c"):
            out.append("unbalanced „…“ quotes")
    return out


def catalog_problems(lang: str, catalog: Catalog, template: Catalog | None = None) -> list[str]:
    """Everything wrong with one language's catalog, one line per problem."""
    out = []
    nplurals = catalog.num_plurals
    for msg in catalog:
        if not msg.id:
            continue
        where = f"{lang}: {_label(msg)}"
        forms = _forms(msg.string)
        if msg.fuzzy:
            out.append(f"{where}: fuzzy")
        if not forms or not all(forms):
            out.append(f"{where}: untranslated")
        elif msg.pluralizable and len(forms) != nplurals:
            out.append(f"{where}: {len(forms)} plural forms, expected {nplurals}")
        out += [f"{where}: {p}" for p in placeholder_problems(msg)]
        for text in forms:
            out += [f"{where}: {p}" for p in typography_problems(lang, text)]
    if template is not None:
        for msg in template:
            if msg.id and catalog.get(msg.id, msg.context) is None:
                out.append(f"{lang}: {_label(msg)}: missing from the catalog (run update)")
    return out


def stale_entries(lang: str, catalog: Catalog, template: Catalog) -> list[str]:
    """Catalog entries no longer in the code: harmless, dropped by the next update."""
    return [f"{lang}: {_label(m)}: no longer in the code" for m in catalog
            if m.id and template.get(m.id, m.context) is None]


def _ids(catalog: Iterable[Message]) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def check(tracked_only: bool = False, notes: list[str] | None = None) -> list[str]:
    """All problems: msgids missing from the template or catalogs, untranslated, fuzzy,
    placeholder or typography faults, stale ``.mo``. Harmless findings go to ``notes``."""
    out = []
    template = extract(tracked_only)
    if not TEMPLATE.exists():
        out.append("locales/wizard.pot: missing (run update)")
    else:
        with TEMPLATE.open("rb") as fp:
            pot = _ids(read_po(fp))
        if _ids(template) - pot:
            out.append("locales/wizard.pot: lacks messages of the code (run update)")
        if notes is not None and pot - _ids(template):
            notes.append("locales/wizard.pot: holds messages no longer in the code")
    expected = {"fr": "nplurals=2; plural=(n > 1);", "ca": "nplurals=2; plural=(n != 1);",
                "de": "nplurals=2; plural=(n != 1);"}
    for lang in LANGS:
        if not po_path(lang).exists():
            out.append(f"{lang}: no catalog at {po_path(lang).relative_to(ROOT)} (run update)")
            continue
        catalog = load_po(lang)
        if catalog.plural_forms != expected[lang]:
            out.append(f"{lang}: Plural-Forms is {catalog.plural_forms!r}, "
                       f"expected {expected[lang]!r}")
        out += catalog_problems(lang, catalog, template)
        if notes is not None:
            notes += stale_entries(lang, catalog, template)
        mo = mo_path(lang)
        if not mo_is_current(mo, catalog):
            out.append(f"{lang}: {mo.relative_to(ROOT)} is stale or missing (run update)")
    return out


def update(tracked_only: bool = False) -> list[str]:
    """Extract (optionally from committed files only), refresh the .pot and .po, compile .mo."""
    return _update(tracked_only)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: ``update``, ``compile`` or ``check`` [``--tracked``]."""
    args = list(sys.argv[1:] if argv is None else argv)
    tracked = "--tracked" in args
    args = [a for a in args if a != "--tracked"]
    if args == ["update"]:
        changed = update(tracked)
        print("\n".join(f"wrote {p}" for p in changed) or "catalogs already up to date")
        for lang in LANGS:
            catalog = load_po(lang)
            total = sum(1 for m in catalog if m.id)
            done = sum(1 for m in catalog if m.id and all(_forms(m.string)) and not m.fuzzy)
            print(f"{lang}: {done}/{total} translated")
        return 0
    if args == ["compile"]:
        print("\n".join(f"wrote {p}" for p in compile_all()) or ".mo files already up to date")
        return 0
    if args == ["check"]:
        notes: list[str] = []
        problems = check(tracked, notes)
        for line in notes:
            print(f"note: {line}")
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s)" if problems else "catalogs OK")
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
