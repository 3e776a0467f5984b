"""What a network table keeps in the data folder (the joiner's seat tokens, the host's open
tables) survives what a data folder may hold: garbage, a huge file, a folder, a link; each is set
aside (never deleted) and said, and the file is written anew."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wizard.net.keep import MAX_BYTES, MAX_ENTRIES, TOKENS_FILE, joiner_tokens, table_key, token_of


def _aside(folder: Path, tag: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f"{TOKENS_FILE}.{tag}-")]


def test_a_token_is_kept_per_table_and_read_back(tmp_path: Path) -> None:
    key = table_key("127.0.0.1", 36523, 99)
    assert joiner_tokens(tmp_path).put(key, {"token": "abc", "name": "Núria"})
    assert token_of(joiner_tokens(tmp_path).get(key)) == "abc"
    assert joiner_tokens(tmp_path).get(table_key("127.0.0.1", 36523, 98)) is None


@pytest.mark.parametrize("content", [b"\xff\xfe garbage", b"[1, 2, 3]", b'{"k": 5}', b"{" * 5000,
                                     b" " * (MAX_BYTES + 1)])
def test_a_damaged_file_is_set_aside_and_written_anew(tmp_path: Path, content: bytes) -> None:
    (tmp_path / TOKENS_FILE).write_bytes(content)
    kept = joiner_tokens(tmp_path)
    assert kept.read() == {}
    assert kept.problem == "damaged" and kept.aside is not None
    assert kept.aside.read_bytes() == content                 # set aside whole, never deleted
    assert kept.put("k", {"token": "t"})
    assert token_of(joiner_tokens(tmp_path).get("k")) == "t"


def test_a_folder_or_a_link_where_the_file_goes_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / TOKENS_FILE).mkdir()
    (tmp_path / TOKENS_FILE / "inside").write_text("x")
    kept = joiner_tokens(tmp_path)
    assert kept.put("k", {"token": "t"})
    assert kept.problem == "foreign" and len(_aside(tmp_path, "foreign")) == 1
    assert (_aside(tmp_path, "foreign")[0] / "inside").read_text() == "x"
    os.remove(tmp_path / TOKENS_FILE)
    target = tmp_path / "elsewhere.json"
    target.write_text('{"k": {"token": "not ours"}}')
    (tmp_path / TOKENS_FILE).symlink_to(target)
    assert joiner_tokens(tmp_path).get("k") is None
    assert target.read_text() == '{"k": {"token": "not ours"}}'   # the link's target untouched


def test_only_the_newest_tables_are_kept_and_a_bad_token_is_none(tmp_path: Path) -> None:
    kept = joiner_tokens(tmp_path)
    for i in range(MAX_ENTRIES + 5):
        kept.put(f"t{i}", {"token": f"x{i}"})
    data = kept.read()
    assert len(data) == MAX_ENTRIES and "t0" not in data and f"t{MAX_ENTRIES + 4}" in data
    assert token_of({"token": 5}) is None and token_of({"token": "y" * 65}) is None
    assert token_of(None) is None
