"""Schema versions and the migration steps that bring an older file up to date."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wizard.checks import Invalid

Step = Callable[[dict[str, Any]], dict[str, Any]]


class NewerVersion(Exception):
    """The data was written by a newer program (``found`` > ``current``): leave it alone."""

    def __init__(self, found: int, current: int) -> None:
        super().__init__(f"schema {found} is newer than {current}")
        self.found = found
        self.current = current


class Migrations:
    """The current schema of one file kind and the steps ``n -> n + 1`` from older ones.

    A file without a ``"schema"`` key is version 0 (written before versions were kept).

    >>> m = Migrations(2, {0: lambda d: {**d, "b": 1}, 1: lambda d: {**d, "c": 2}})
    >>> m.upgrade({"a": 0})
    ({'a': 0, 'b': 1, 'schema': 2, 'c': 2}, 0)
    """

    def __init__(self, current: int, steps: Mapping[int, Step]) -> None:
        self.current = current
        self.steps = dict(steps)

    def version_of(self, data: dict[str, Any]) -> int:
        """The schema a loaded object declares (0 if none); ``Invalid`` if it is not a version."""
        version = data.get("schema", 0)
        if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 10**6:
            raise Invalid(f"schema must be a version number, not {version!r}")
        return version

    def upgrade(self, data: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """``(data at the current schema, the version it had)``; ``NewerVersion`` if it is newer.

        A version with no way up is ``Invalid`` (damaged).
        """
        found = self.version_of(data)
        if found > self.current:
            raise NewerVersion(found, self.current)
        version = found
        while version < self.current:
            step = self.steps.get(version)
            if step is None:
                raise Invalid(f"no migration from schema {version}")
            data = step(dict(data))
            version += 1
            data["schema"] = version
        return data, found
