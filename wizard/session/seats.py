"""Who sits at a seat: a name, and a human or a computer level."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

from wizard import checks
from wizard.checks import Invalid

NAME_MAX = 40
LEVEL_RE = re.compile(r"[a-z][a-z0-9_]{0,23}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPACES = re.compile(r"\s+")
_SURROGATES = re.compile("[\ud800-\udfff]")
# format characters kept in a name: the zero-width joiner and non-joiner, which emoji sequences
# and scripts such as Persian and the Indic ones need; every other (bidirectional overrides and
# isolates, marks such as U+200E, the BOM, the soft hyphen, tags...) is dropped
_KEPT_FORMAT = frozenset("\u200c\u200d")


def _no_format(text: str) -> str:
    """``text`` without the format characters (Unicode category Cf) a name does not keep."""
    return "".join(c for c in text if c in _KEPT_FORMAT or unicodedata.category(c) != "Cf")


def visible(ch: str) -> bool:
    """Whether one character draws something by itself: a letter, digit, punctuation, symbol or
    spacing mark. Not: spaces, controls, format characters (U+200B, U+200D, U+2060, the BOM, the
    soft hyphen, LRM...), combining marks alone (U+FE0F), surrogates, unassigned code points."""
    cat = unicodedata.category(ch)
    return cat[0] in "LNPS" or cat == "Mc"


def clean_name(raw: Any) -> str:
    r"""A seat name as the one rule allows it, or "" if no visible character is left.

    The rule, shared by the setup screen, the remembered setup and the save format: lone
    surrogates and format characters (bidirectional controls such as U+202E, U+200E, the BOM,
    the soft hyphen; not the zero-width joiner and non-joiner) are dropped, control characters
    and runs of white space become one space, the
    ends are trimmed, the name is cut to ``NAME_MAX`` characters, and it must hold at least one
    visible character (a name of only zero-width characters is no name).

    >>> clean_name("  Ana\tBo "), len(clean_name("A" * 99)), clean_name("\x00")
    ('Ana Bo', 40, '')
    >>> clean_name("\u200b\u200d\u2060\ufeff\xad\u200e\ufe0f"), clean_name("Jo\u200dan")
    ('', 'Jo\u200dan')
    >>> clean_name("Ann\u202eeve"), clean_name("a \u2066 b")
    ('Anneve', 'a b')
    """
    if not isinstance(raw, str):
        return ""
    name = _SPACES.sub(" ", _CONTROL.sub(" ", _no_format(_SURROGATES.sub("", raw))))
    name = name.strip()[:NAME_MAX].strip()
    return name if any(visible(c) for c in name) else ""


def is_valid_name(name: Any) -> bool:
    """Whether ``name`` already follows the rule (what the save format accepts). A name kept
    before format characters were dropped (issue #33) still loads: it is checked without them."""
    if not isinstance(name, str) or name == "":
        return False
    return clean_name(name) == name or _legacy_clean(name) == name


def _legacy_clean(raw: str) -> str:
    """The rule before format characters were dropped: only a name kept then passes it."""
    name = _SPACES.sub(" ", _CONTROL.sub(" ", _SURROGATES.sub("", raw))).strip()[:NAME_MAX].strip()
    return name if any(visible(c) for c in name) else ""

SeatKind = Literal["human", "ai"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat: ``kind`` "human" (``level`` None) or "ai" with a level such as "expert".

    The one seat type of the game: the session plays with it (``wizard.session.Seat`` is this
    class), the saves and the history store it.

    >>> SeatSpec.human("Ana"), SeatSpec.ai("Merlin", "expert").is_human
    (SeatSpec(name='Ana', kind='human', level=None), False)
    """

    name: str
    kind: SeatKind = "human"
    level: str | None = None

    def __post_init__(self) -> None:
        _check_seat(self.name, self.kind, self.level)

    @property
    def is_human(self) -> bool:
        """True for a human seat."""
        return self.kind == "human"

    @staticmethod
    def human(name: str) -> SeatSpec:
        """A person's seat."""
        return SeatSpec(name, "human", None)

    @staticmethod
    def ai(name: str, level: str = "normal") -> SeatSpec:
        """A computer seat at ``level``."""
        return SeatSpec(name, "ai", level)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"name": ..., "kind": ..., "level": ...}``."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @staticmethod
    def from_dict(data: Any) -> SeatSpec:
        """Read and validate the JSON form (``Invalid`` if wrong)."""
        d = checks.obj(data, "seat")
        name: Any = d.get("name")
        kind: Any = d.get("kind")
        level: Any = d.get("level")
        _check_seat(name, kind, level)
        return SeatSpec(name, kind, level)


def _check_seat(name: Any, kind: Any, level: Any) -> None:
    checks.text(name, "seat name", NAME_MAX)
    if not name.strip() or _CONTROL.search(name):
        raise Invalid("a seat name must be printable and not blank")
    if not is_valid_name(name):
        raise Invalid("a seat name has a visible character, no spaces at its ends and no runs "
                      "of spaces")
    checks.choice(kind, "seat kind", ("human", "ai"))
    if kind == "human":
        if level is not None:
            raise Invalid("a human seat has no level")
    else:
        checks.text(level, "computer level", 24, LEVEL_RE)


def seats_from_list(data: Any, players: int) -> tuple[SeatSpec, ...]:
    """A list of exactly ``players`` seats."""
    if not isinstance(data, list) or len(data) != players:
        raise Invalid(f"seats must be a list of {players} seats")
    return tuple(SeatSpec.from_dict(s) for s in data)
