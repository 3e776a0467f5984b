"""Small validators for loaded JSON values: each returns the value or raises ``Invalid``."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any


class Invalid(ValueError):
    """A loaded value breaks the file's schema."""


_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8: no lone surrogate (JSON's ``"\\ud800"`` reads
    as one, and no file of ours can hold it).

    >>> encodable("Merlin"), encodable("Mer" + chr(0xD800) + "lin")
    (True, False)
    """
    return _SURROGATE.search(value) is None


def obj(value: Any, what: str) -> dict[str, Any]:
    """A JSON object."""
    if not isinstance(value, dict):
        raise Invalid(f"{what} must be an object")
    return value


def boolean(value: Any, what: str) -> bool:
    """A real ``true``/``false`` (not 0/1)."""
    if not isinstance(value, bool):
        raise Invalid(f"{what} must be true or false")
    return value


def integer(value: Any, what: str, lo: int, hi: int) -> int:
    """An integer (not a bool) within ``lo..hi``."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise Invalid(f"{what} must be an integer {lo}..{hi}")
    return value


def number(value: Any, what: str, lo: float, hi: float) -> float:
    """A finite number within ``lo..hi``, as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Invalid(f"{what} must be a number")
    try:
        x = float(value)
    except OverflowError:             # an integer of hundreds of digits
        raise Invalid(f"{what} must be a number {lo}..{hi}") from None
    if not math.isfinite(x) or not lo <= x <= hi:
        raise Invalid(f"{what} must be a number {lo}..{hi}")
    return x


def text(value: Any, what: str, max_len: int, pattern: re.Pattern[str] | None = None) -> str:
    """A string of at most ``max_len`` characters, matching ``pattern`` if given."""
    if not isinstance(value, str) or len(value) > max_len:
        raise Invalid(f"{what} must be a string of at most {max_len} characters")
    if not encodable(value):
        raise Invalid(f"{what} holds a lone surrogate (not text)")
    if pattern is not None and not pattern.fullmatch(value):
        raise Invalid(f"{what} has an unexpected form")
    return value


def choice(value: Any, what: str, options: Sequence[str]) -> str:
    """One of ``options``."""
    if not isinstance(value, str) or value not in options:
        raise Invalid(f"{what} must be one of {', '.join(options)}")
    return value


def int_list(value: Any, what: str, length: int, lo: int, hi: int) -> tuple[int, ...]:
    """A list of exactly ``length`` integers within ``lo..hi``."""
    if not isinstance(value, list | tuple) or len(value) != length:
        raise Invalid(f"{what} must be a list of {length} integers")
    return tuple(integer(v, what, lo, hi) for v in value)


def timestamp(value: Any, what: str) -> datetime:
    """An ISO 8601 date-time; one without a zone is taken as UTC."""
    if not isinstance(value, str) or len(value) > 40:
        raise Invalid(f"{what} must be an ISO date-time")
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        year = when.astimezone(UTC).year
    except (ValueError, OverflowError):
        raise Invalid(f"{what} must be an ISO date-time") from None
    if not 1970 <= year <= 9998:
        raise Invalid(f"{what} is out of range")
    return when


def iso(when: datetime) -> str:
    """The stored form of a date-time: ISO 8601 in UTC, seconds precision."""
    return when.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


def json_data(value: Any, what: str, depth: int = 8, budget: list[int] | None = None) -> Any:
    """Plain JSON data (objects with string keys, lists, scalars) of bounded depth and size."""
    if budget is None:
        budget = [10_000]
    budget[0] -= 1
    if budget[0] < 0 or depth < 0:
        raise Invalid(f"{what} is too large or too deeply nested")
    if value is None or isinstance(value, bool | str):
        if isinstance(value, str) and len(value) > 10_000:
            raise Invalid(f"{what} holds a string that is too long")
        if isinstance(value, str) and not encodable(value):
            raise Invalid(f"{what} holds a lone surrogate (not text)")
        return value
    if isinstance(value, int):
        if abs(value) > 2**63:
            raise Invalid(f"{what} holds a number that is too large")
        return value
    if isinstance(value, float):
        return number(value, what, -1e300, 1e300)
    if isinstance(value, list | tuple):
        return [json_data(v, what, depth - 1, budget) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str) or not encodable(k):
                raise Invalid(f"{what} has a key that is not a plain string")
            out[k] = json_data(v, what, depth - 1, budget)
        return out
    raise Invalid(f"{what} holds a value that is not JSON data")
