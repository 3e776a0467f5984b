"""A counted house-rule value is a plural msgid pair that the catalogs extract as one plural."""

from __future__ import annotations

from wizard import i18n_tools
from wizard.engine.house import N_plural


def test_n_plural_marks_one_plural_message() -> None:
    assert N_plural("{n} round", "{n} rounds") == ("{n} round", "{n} rounds")
    assert i18n_tools.KEYWORDS["N_plural"] == (1, 2)
    import io

    from babel.messages.extract import extract_python
    code = b'x = N_plural("{n} thing", "{n} things")\n'
    found = list(extract_python(io.BytesIO(code), i18n_tools.KEYWORDS, [], {}))
    assert [m[2] for m in found] == [("{n} thing", "{n} things")]
