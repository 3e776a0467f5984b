"""Mutations of every file kind through the Store API (issue #23): lone surrogates, zero-width
names, oversized numbers and interface sizes, random values and bytes. No exception may escape
the Store, and no damaged byte may be lost.

The default run is small; ``WIZARD_FUZZ3=40000`` runs that many mutations (the figure in the
closing note of #23 comes from that run, with ``-s`` to print the counts).

Since the history moved into SQLite (#24), ``history.jsonl``, its cache ``history.checked.json``
and ``reviews/`` are an earlier version's files, imported into ``history.sqlite3`` by the start:
the folder is built as after an update (settings, a game in progress, and those three), so each
mutation goes through the import. An imported file is renamed, never rewritten: its bytes are
looked for anywhere in the folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_persistence_support import custom_settings, finished_entry, saved_game

from wizard.persistence import DataLock, SavedGame, Store, load_review
from wizard.persistence.files.atomic import dump_json

MUTATIONS = int(os.environ.get("WIZARD_FUZZ3", "60"))
KINDS = ("settings.json", "games/g1.json", "history.jsonl", "history.checked.json", "review")
DERIVED = ("history.checked.json",)          # a cache: rebuilt by design
IMPORTED = ("history.jsonl", "reviews/")      # renamed aside by the one-time import
ZERO_WIDTH = "\u200b\u200d\u2060\ufeff\u00ad\u200e\ufe0f"
NUMBERS = (2.25, 3.0, 1e308, -1, 0, 10**30, 0.5, 1.3, 99999, float(2**63))


def _base(folder: Path) -> tuple[dict[str, bytes], Any]:
    from test_review import quick

    from wizard.persistence.history.db import line_digest
    from wizard.persistence.history.history import CACHE_NAME
    from wizard.persistence.history.reviews import review_id
    from wizard.persistence.history.verified import VerifiedCache
    from wizard.review import review_game
    store = Store(folder)
    store.save_settings(custom_settings())
    store.save_game(saved_game(actions=30))
    store.close()
    entry = finished_entry(2)                # an earlier version's history, cache and review
    line = dump_json(entry.to_dict())
    (folder / "history.jsonl").write_bytes(line)
    cache = VerifiedCache(folder, CACHE_NAME)
    cache.digests = {line_digest(line.rstrip(b"\n"))}
    cache.save(set(cache.digests))
    review = review_game(entry, quick)
    assert review is not None
    (folder / "reviews").mkdir()
    (folder / "reviews" / f"{review_id(entry)}.json").write_bytes(dump_json(review.to_dict()))
    files = {p.relative_to(folder).as_posix(): p.read_bytes()
             for p in folder.rglob("*") if p.is_file()}
    assert "history.sqlite3" not in files
    return files, entry


def _strings(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], bool]]:
    """(path, is_key) of every string value and key, lists cut to their first three items."""
    out: list[tuple[tuple[Any, ...], bool]] = []
    if isinstance(value, str):
        out.append((path, False))
    elif isinstance(value, dict):
        for k, v in value.items():
            out.append((path + (k,), True))
            out += _strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _strings(v, path + (i,))
    return out


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _nodes(v, path + (i,))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any, key: bool = False) -> Any:
    if not path:
        return value
    target = data
    for p in path[:-1]:
        target = target[p]
    if key:
        target[value] = target.pop(path[-1])
    else:
        target[path[-1]] = value
    return data


def _text(rng: random.Random, old: str) -> str:
    lone = chr(rng.choice((0xD800, 0xDBFF, 0xDC00, 0xDFFF, rng.randrange(0xD800, 0xE000))))
    where = rng.randrange(len(old) + 1)
    return rng.choice((
        old[:where] + lone + old[where:],
        lone,
        "".join(rng.choice(ZERO_WIDTH) for _ in range(rng.randrange(1, 6))),
        old[:where] + rng.choice(ZERO_WIDTH) + old[where:],
        "x" * rng.choice((41, 100, 10_001)),
    ))


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(8 if depth < 3 else 5)
    if pick == 0:
        return rng.choice((None, True, False))
    if pick == 1:
        return rng.choice(NUMBERS + (rng.randrange(-10**6, 10**6),))
    if pick == 2:
        return rng.uniform(-1e6, 1e6)
    if pick in (3, 4):
        return _text(rng, rng.choice(("", "Ana", "classic", "bid 0", "R13", "expert")))
    if pick in (5, 6):
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_text(rng, "k"): _random_json(rng, depth + 1) for _ in range(rng.randrange(3))}


def _json_doc(raw: bytes, lines: bool) -> tuple[Any, bool]:
    """The JSON of a file (a history: a list of its lines) and whether it is lines."""
    text = raw.decode("utf-8")
    if lines:
        return [json.loads(line) for line in text.splitlines() if line.strip()], True
    return json.loads(text), False


def mutate(rng: random.Random, raw: bytes, lines: bool = False) -> tuple[bytes, str]:
    """One mutation of ``raw``; (the new bytes, the kind of mutation)."""
    how = rng.choice(("text", "text", "text", "value", "number", "bytes", "escape"))
    if how == "bytes":
        b = bytearray(raw)
        for _ in range(rng.randrange(1, 4)):
            op = rng.randrange(3)
            i = rng.randrange(len(b) + 1)
            if op == 0 and b:
                b[min(i, len(b) - 1)] ^= 1 << rng.randrange(8)
            elif op == 1:
                b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5)))
            else:
                del b[i:i + rng.randrange(1, 20)]
        return bytes(b), how
    if how == "escape":                       # a lone surrogate escape inside a JSON string
        quotes = [i for i, c in enumerate(raw) if c == ord('"')]
        i = rng.choice(quotes) + 1 if quotes else 0
        esc = rng.choice((b"\\ud800", b"\\udfff", b"\\udbff", b"\\udc00\\ud800"))
        return raw[:i] + esc + raw[i:], how
    doc, lines = _json_doc(raw, lines)
    target_index = rng.randrange(len(doc)) if lines else None
    target = doc[target_index] if lines else doc
    if how == "text":
        found = _strings(target)
        if found:
            path, key = rng.choice(found)
            old = path[-1] if key else _get(target, path)
            target = _set(target, path, _text(rng, str(old)), key)
    elif how == "number":
        paths = [p for p in _nodes(target) if p and p[-1] in ("ui_scale", "volume", "step", "seed",
                                                                "rounds", "players", "window_size")]
        path = rng.choice(paths) if paths else rng.choice(_nodes(target))
        target = _set(target, path, rng.choice(NUMBERS))
    else:
        target = _set(target, rng.choice(_nodes(target)), _random_json(rng))
    if lines:
        assert target_index is not None
        doc[target_index] = target
        body = "".join(json.dumps(d, ensure_ascii=rng.random() < 0.5) + "\n" for d in doc)
    else:
        body = json.dumps(target, ensure_ascii=rng.random() < 0.5)
    return body.encode("utf-8", "surrogatepass"), how


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def _kept(folder: Path, name: str, content: bytes) -> bool:
    """Whether ``content`` (or, for the history, each of its lines) is still somewhere."""
    everything = [p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    if content in everything:
        return True
    if name == "history.jsonl":
        lines = {line for b in everything for line in b.splitlines()}
        return {line for line in content.splitlines() if line.strip()} <= lines
    return False


def _through_the_store(d: Path, name: str, entry: Any, extra: Any) -> str | None:
    """What a session does with the mutated file through the Store API (a start reads it, play
    writes it again); the escaping exception, if any."""
    lock = DataLock(d)
    try:
        lock.acquire()
        store = Store(d)
        settings = store.load_settings()
        if name == "settings.json":
            store.save_settings(settings)
        elif name.startswith("games/"):
            store.summaries()
            for g in store.list_games():
                store.save_game(SavedGame(g.record, g.seats, g.created, game_id=g.game_id))
            store.finish_game(extra, "g1")
        elif name.startswith("reviews/"):
            review = load_review(store, entry)
            if review is not None:
                store.save_review(review)
        else:
            for e in store.load_history():
                load_review(store, e)
            store.finish_game(extra, None)
            store.load_history()
        store.close()
        return None
    except Exception as e:                   # noqa: BLE001  (counted: an escape)
        return f"{type(e).__name__}: {e}"
    finally:
        lock.release()


def _fill(d: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_bytes(data)


def _empty(d: Path) -> None:
    """Remove everything in ``d`` (a plain walk: much cheaper than ``rmtree`` per case)."""
    for top, dirs, names in os.walk(d, topdown=False):
        for n in names:
            os.unlink(os.path.join(top, n))
        for n in dirs:
            path = os.path.join(top, n)
            if os.path.islink(path):
                os.unlink(path)
            else:
                os.rmdir(path)


def test_mutations_of_every_file_kind_never_escape_the_store(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(tempfile.mkdtemp(prefix="wizfuzz3-"))
    try:
        base = root / "base"
        files, entry = _base(base)
        review = next(n for n in files if n.startswith("reviews/"))
        rng = random.Random(int(os.environ.get("WIZARD_FUZZ3_SEED", "23")))
        extra = finished_entry(3)
        escapes: list[str] = []
        lost: list[str] = []
        kinds: Counter[str] = Counter()
        t0 = time.monotonic()
        d = root / "d"
        d.mkdir()
        for k in range(MUTATIONS):
            name = KINDS[k % len(KINDS)]
            name = review if name == "review" else name
            content, how = mutate(rng, files[name], name == "history.jsonl")
            kinds[f"{name.split('/')[0]}:{how}"] += 1
            _empty(d)
            _fill(d, files)
            (d / name).write_bytes(content)
            # a start reads everything: nothing may be lost by it
            store = Store(d)
            try:
                store.load_settings()
                store.list_games()
                store.load_history()
                load_review(store, entry)
            except Exception as e:       # noqa: BLE001
                escapes.append(f"{name} {how} (read): {type(e).__name__}: {e}")
            finally:
                store.close()
            if name not in DERIVED and not _kept(d, name, content):
                lost.append(f"{name} {how}: {content[:120]!r}")
            for other, data in files.items():
                if other == name or other in DERIVED:
                    continue
                if other.startswith(IMPORTED):
                    if not _kept(d, other, data):
                        lost.append(f"{other} lost while {name} was mutated ({how})")
                elif (d / other).read_bytes() != data:
                    lost.append(f"{other} changed while {name} was mutated ({how})")
            why = _through_the_store(d, name, entry, extra)
            if why is not None:
                escapes.append(f"{name} {how}: {why}")
        seconds = time.monotonic() - t0
        with capsys.disabled():
            print(f"\nfuzz: {MUTATIONS} mutations in {seconds:.0f} s, {len(escapes)} escapes, "
                  f"{len(lost)} lost; by file and mutation: {dict(sorted(kinds.items()))}")
        assert escapes == [], escapes[:5]
        assert lost == [], lost[:5]
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_mutation_is_what_it_says() -> None:
    rng = random.Random(4)
    raw = dump_json({"schema": 1, "name": "Ana", "n": 3})
    seen = set()
    for _ in range(200):
        out, how = mutate(rng, raw)
        seen.add(how)
        assert out != raw or how == "value"
    assert seen == {"text", "value", "number", "bytes", "escape"}
