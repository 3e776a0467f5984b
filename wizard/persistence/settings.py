"""The player's settings (everything on the Settings screen, and the last game setup).

Stored in ``settings.json`` as ``{"schema": 1, "language": ..., ...}``. Loading salvages what it can:
a bad value falls back to its default and is reported (the caller sets the file aside).

>>> s, bad = Settings.from_dict({"schema": 1, "volume": 0.5, "sound": "yes"})
>>> s.volume, s.sound, bad
(0.5, True, ['sound'])
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.migrate import Migrations

SETTINGS_SCHEMA = 1
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
CARD_LOOKS = ("classic", "standard")
TRICK_UNTIL_CLICK = -1        # ``trick_hold_ms``: the finished trick stays until the player clicks
# The interface sizes the screens are drawn and tested at (the Settings screen offers 0.85-1.3;
# a file may hold 0.5-3.0, read as the nearest supported value).
UI_SCALE_MIN, UI_SCALE_MAX = 0.5, 1.3
LANGUAGE_RE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8}){0,2}")
# The internet table's servers (#33): a mailbox server's URL (or "off"), a transit relay's address
MAILBOX_RE = re.compile(r"off|wss?://[^\s/:]+(?::\d{1,5})?(?:/\S*)?")
RELAY_RE = re.compile(r"(?:tcp:(?://)?)?[^\s:/]+:\d{1,5}")


@dataclass(slots=True)
class Settings:
    """Every setting with its default. ``language`` None means: follow the system.

    ``last_setup`` is the setup screen's own JSON object (players, edition, options, seats...);
    it is checked here only to be plain, bounded JSON data: its owner validates its content.
    """

    language: str | None = None
    animation_speed: str = "normal"
    ai_pause_ms: int = 600
    trick_hold_ms: int = 1000     # animations off: how long a finished trick stays before a computer leads
                                  # (TRICK_UNTIL_CLICK: every finished trick stays until a click)
    last_trick_waits: bool = True      # the round's last trick stays until a click (before its result)
    sound: bool = True
    volume: float = 0.8
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    ui_scale: float = 1.0
    card_look: str = "classic"
    colourblind: bool = False
    confirm_play: bool = False
    auto_play_forced: bool = True      # a person's only legal card is played for them
    review_threshold: int = 10         # the review lists a card this many points below Expert's best
    last_setup: dict[str, Any] | None = None
    # Learn to play: {"offered": ["first", "magic"...], "progress": {lesson: step}, "finished": [...]}
    lessons: dict[str, Any] = field(default_factory=dict)
    # The internet codes' servers (#33): None is magic-wormhole's public one; "off": no codes
    net_mailbox: str | None = None
    net_relay: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form, with ``"schema"`` first."""
        return {"schema": SETTINGS_SCHEMA, **asdict(self)}

    @staticmethod
    def from_dict(data: Any) -> tuple[Settings, list[str]]:
        """Settings read from a schema-1 object, and the names of the fields that were bad.

        Missing fields take their default silently; unknown keys are ignored. A value that is
        not an object raises ``Invalid``.
        """
        d = checks.obj(data, "settings")
        defaults = Settings()
        values: dict[str, Any] = {}
        bad: list[str] = []
        for f in fields(Settings):
            if f.name not in d:
                continue
            try:
                values[f.name] = _VALIDATORS[f.name](d[f.name])
            except Invalid:
                bad.append(f.name)
        settings = Settings(**{f.name: values.get(f.name, getattr(defaults, f.name))
                               for f in fields(Settings)})
        return settings, bad

    def validate(self) -> None:
        """Raise ``Invalid`` if any field holds a value that would not load back."""
        for f in fields(Settings):
            _VALIDATORS[f.name](getattr(self, f.name))


def clamp_scale(scale: float) -> float:
    """An interface size as the screens support it: ``UI_SCALE_MIN``..``UI_SCALE_MAX``.

    >>> clamp_scale(3.0), clamp_scale(1.15), clamp_scale(0.1)
    (1.3, 1.15, 0.5)
    """
    return min(UI_SCALE_MAX, max(UI_SCALE_MIN, float(scale)))


def _language(v: Any) -> str | None:
    return None if v is None else checks.text(v, "language", 16, LANGUAGE_RE)


def _window_size(v: Any) -> list[int]:
    return list(checks.int_list(v, "window size", 2, 200, 16384))


def _last_setup(v: Any) -> dict[str, Any] | None:
    if v is None:
        return None
    return checks.obj(checks.json_data(v, "last setup"), "last setup")


LESSON_NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _lessons(v: Any) -> dict[str, Any]:
    """What Learn to play remembers: lessons offered and finished (names), and the step each
    lesson was left at."""
    d = checks.obj(v, "lessons")
    out: dict[str, Any] = {}
    for key in ("offered", "finished"):
        if key not in d:
            continue
        names = d[key]
        if not isinstance(names, list) or len(names) > 32:
            raise Invalid(f"lessons {key} must be a list of names")
        out[key] = [checks.text(n, f"lessons {key}", 32, LESSON_NAME_RE) for n in names]
    if "progress" in d:
        progress = checks.obj(d["progress"], "lessons progress")
        if len(progress) > 32:
            raise Invalid("lessons progress has too many entries")
        out["progress"] = {checks.text(k, "lesson", 32, LESSON_NAME_RE):
                           checks.integer(n, "lesson step", 0, 10_000)
                           for k, n in progress.items()}
    return out


_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "language": _language,
    "animation_speed": lambda v: checks.choice(v, "animation speed", ANIMATION_SPEEDS),
    "ai_pause_ms": lambda v: checks.integer(v, "computer pause", 0, 10_000),
    "trick_hold_ms": lambda v: checks.integer(v, "finished trick hold", TRICK_UNTIL_CLICK, 10_000),
    "last_trick_waits": lambda v: checks.boolean(v, "last trick waits"),
    "sound": lambda v: checks.boolean(v, "sound"),
    "volume": lambda v: checks.number(v, "volume", 0.0, 1.0),
    "fullscreen": lambda v: checks.boolean(v, "fullscreen"),
    "window_size": _window_size,
    "ui_scale": lambda v: clamp_scale(checks.number(v, "interface scale", 0.5, 3.0)),
    "card_look": lambda v: checks.choice(v, "card look", CARD_LOOKS),
    "colourblind": lambda v: checks.boolean(v, "colour-blind cards"),
    "confirm_play": lambda v: checks.boolean(v, "confirm play"),
    "auto_play_forced": lambda v: checks.boolean(v, "play a forced card"),
    "review_threshold": lambda v: checks.integer(v, "review threshold", 1, 200),
    "last_setup": _last_setup,
    "lessons": _lessons,
    "net_mailbox": lambda v: None if v is None else checks.text(v, "mailbox server", 200,
                                                                 MAILBOX_RE),
    "net_relay": lambda v: None if v is None else checks.text(v, "transit relay", 200, RELAY_RE),
}


LEGACY_ONLY = ("lang", "speed", "width", "height")   # keys only the old format had


def _from_legacy(d: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (no ``"schema"`` key): ``lang``, ``speed``, ``volume`` 0..100, ``width``/``height``.

    Only an object with a key of the old format is old; any other object without a schema (such
    as ``{"volume": 7}``) is foreign: ``Invalid``, so the file is set aside, not converted.
    """
    if not any(k in d for k in LEGACY_ONLY):
        raise Invalid("no schema and not the old settings format")
    out: dict[str, Any] = {}
    renames = {"lang": "language", "speed": "animation_speed", "sound": "sound",
               "fullscreen": "fullscreen", "card_look": "card_look"}
    for old, new in renames.items():
        if old in d:
            out[new] = d[old]
    if "volume" in d:
        vol = d["volume"]
        out["volume"] = vol / 100 if isinstance(vol, int | float) and not isinstance(vol, bool) \
            else vol
    if "width" in d or "height" in d:
        out["window_size"] = [d.get("width", 1280), d.get("height", 800)]
    return out


SETTINGS_MIGRATIONS = Migrations(SETTINGS_SCHEMA, {0: _from_legacy})
