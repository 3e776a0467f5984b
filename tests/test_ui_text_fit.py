"""Every smoke screen in every language: each drawn character has a glyph and no text overflows its box.

The screens are built with the smoke test's own machinery (``wizard.ui.smoke``); while they draw,
``wizard.ui.text.render`` / ``draw`` / ``draw_wrapped`` are wrapped to record what is drawn where.
A problem is one of:

* glyph: a character (not a control character or space) missing from the font of its role;
* off-surface: a line drawn (even partly) outside the surface it is drawn on — for a surface with a
  clip rectangle (a scrolling view), outside the clip rectangle horizontally;
* ellipsis: ``draw(..., max_w=...)`` had to cut a UI string with "…" even at the minimum size
  (player names chosen by the test are excluded: a long name may legitimately be cut);
* min-size: a caller that fits text itself (``fit_size`` then ``render`` and blit, as the table's
  prompt line does) got a size at which the text is still wider than its room;
* wrap-width: a ``draw_wrapped`` line wider than its box (a single word longer than the box);
* overlap: two different lines drawn on the same surface in one frame whose boxes (less 15 % of
  their height at top and bottom, the font's leading) intersect. It is checked on one extra frame
  drawn after the screen is built, where an overlay draws only itself over its cached, dimmed
  background, so the text of the scene underneath does not count.

Beyond the smoke screens, crowded states (3 and 6 players, the last round, the end of a game) are
drawn too, and every reason an action is refused (``messages.rule_text``, with the longest suit and
card names) is checked against the table's prompt line at 1024x640: the table fits it with
``fit_size`` and blits it, with no ellipsis.

Not covered: where text rendered with ``render`` is blitted (only its glyphs and, through
``fit_size``, its width are checked), and text drawn by the card art (``wizard.ui.art``).

Every ``draw_wrapped`` caller passes a box of height 0 and lays out below with the returned height,
so there is no box height to check a paragraph against.
"""

from __future__ import annotations

import tempfile
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from wizard.i18n import set_language
from wizard.ui import fonts, smoke, smoke_tricks, text, theme

LANGS = ("en", "fr", "ca", "de")
SIZES = ((1024, 640), (1920, 1080))
FOUR_K = (3840, 2160)
# States also checked at 4K: the round's results (the last round's, camelot bonuses, hot seat).
FOUR_K_SCREENS = ("round-end-last", "round-end-camelot", "table-hotseat-round-end", "game-end",
                  "round-end-hotseat-6p")
# A code point no font has (plane 16 private use): rendering it gives the font's ".notdef" box.
NO_GLYPH = "\U0010FFFD"
# Names the smoke seats use (wizard.ui.smoke._seats); cutting them with "…" is allowed.
PLAYER_NAMES = frozenset({"Anna", "Bruno", "Carme", "Didier", "Elena", "Ferran"})

# Crowded states beyond the smoke screens: the most players (narrowest columns) and the most rounds.
EXTRA_SCREENS = ("table-play-6p", "scorepad-6p-last", "round-end-6p", "game-end-6p", "table-bidding-3p-last",
                 "table-play-3p-last", "scorepad-3p-last", "game-end-3p", "round-end-hotseat-6p")

# Known problems, one (size, language, screen) each: strict xfail keeps them visible until fixed.
KNOWN: dict[tuple[tuple[int, int], str, str], str] = {}


class Recorder:
    """Collects the problems seen while the wrapped text functions run."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.strings: set[tuple[str, str]] = set()
        self._glyphs: dict[tuple[str, str], bool] = {}
        self.lines: list[tuple[int, str, pygame.Rect]] | None = None   # set to a list to record
        self.in_draw = False    # draw() reports its own cut text as "ellipsis"

    def check_overlaps(self) -> None:
        """Record each pair of different recorded lines whose inked boxes intersect."""
        items = [(sid, s, r.inflate(0, -round(r.h * 0.3))) for sid, s, r in self.lines or []]
        for i, (sid1, s1, r1) in enumerate(items):
            for sid2, s2, r2 in items[i + 1:]:
                if sid1 == sid2 and s1 != s2 and r1.colliderect(r2):
                    self.problems.append(f"overlap: {s1!r} at {tuple(r1)} and {s2!r} at {tuple(r2)}")

    def has_glyph(self, ch: str, role: str) -> bool:
        """Whether the font of ``role`` has a glyph for ``ch`` (cached)."""
        key = (ch, role)
        if key not in self._glyphs:
            # Font.metrics() reports the .notdef box's metrics for a missing glyph in pygame-ce 2.5,
            # so compare pixels with the rendering of a code point that has no glyph.
            f = fonts.font(20, role)
            img, tofu = f.render(ch, True, (255, 255, 255)), f.render(NO_GLYPH, True, (255, 255, 255))
            self._glyphs[key] = (img.get_size() != tofu.get_size()
                                 or pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(tofu, "RGBA"))
        return self._glyphs[key]

    def check_glyphs(self, s: str, role: str) -> None:
        """Record each character of ``s`` that ``role``'s font cannot draw."""
        if (s, role) in self.strings:
            return
        self.strings.add((s, role))
        for ch in set(s):
            if ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf"):
                continue
            if not self.has_glyph(ch, role):
                self.problems.append(f"glyph: U+{ord(ch):04X} {ch!r} missing in {role} font, in {s!r}")


def _install(monkeypatch: pytest.MonkeyPatch, rec: Recorder) -> None:
    orig_render, orig_draw, orig_wrapped = text.render, text.draw, text.draw_wrapped
    orig_fit = text.fit_size

    def fit_size(s: str, size: int, max_w: float, role: str = "text", min_size: int = 9) -> int:
        got = orig_fit(s, size, max_w, role, min_size)
        if not rec.in_draw and fonts.font(max(1, got), text.face_for(s, role)).size(s)[0] > max_w and s not in PLAYER_NAMES:
            rec.problems.append(f"min-size: {s!r} wider than {max_w:.0f}px even at {got}px ({role})")
        return got

    def render(s: str, size: int, colour: Any = theme.INK, role: str = "text") -> pygame.Surface:
        rec.check_glyphs(s, text.face_for(s, role))
        return orig_render(s, size, colour, role)

    def draw(surf: pygame.Surface, s: str, pos: tuple[float, float], size: int,
             colour: Any = theme.INK, role: str = "text", anchor: str = "topleft",
             max_w: float | None = None, shadow: bool = False) -> pygame.Rect:
        rec.check_glyphs(s, text.face_for(s, role))
        if max_w is not None and s and s not in PLAYER_NAMES:
            fitted = orig_fit(s, size, max_w, role)
            if fonts.font(max(6, int(fitted)), text.face_for(s, role)).size(s)[0] > max_w:
                rec.problems.append(f"ellipsis: {s!r} cut to fit {max_w:.0f}px (size {size}->{fitted}, {role})")
        rec.in_draw = True
        try:
            rect = orig_draw(surf, s, pos, size, colour, role, anchor, max_w, shadow)
        finally:
            rec.in_draw = False
        if rec.lines is not None and s.strip():
            rec.lines.append((id(surf), s, rect.copy()))
        bounds = surf.get_rect()
        clip = surf.get_clip()
        if clip != bounds:   # a scrolling view: lines leave it vertically on purpose
            bad = rect.w > 0 and (rect.left < clip.left or rect.right > clip.right)
        else:
            bad = rect.w > 0 and not bounds.contains(rect)
        if bad and s.strip():
            rec.problems.append(f"off-surface: {s!r} at {tuple(rect)} on {surf.get_size()} surface"
                                f"{'' if clip == bounds else f' clip {tuple(clip)}'}")
        return rect

    def draw_wrapped(surf: pygame.Surface, s: str, box: pygame.Rect, size: int,
                     colour: Any = theme.INK, role: str = "text", line_gap: float = 1.25,
                     align: str = "left") -> int:
        f = fonts.font(max(6, int(size)), text.face_for(s, role))
        for line in text.wrap(s, size, box.w, role):
            if f.size(line)[0] > box.w:
                rec.problems.append(f"wrap-width: {line!r} wider than its {box.w}px box")
        return orig_wrapped(surf, s, box, size, colour, role, line_gap, align)

    monkeypatch.setattr(text, "fit_size", fit_size)
    monkeypatch.setattr(text, "render", render)
    monkeypatch.setattr(text, "draw", draw)
    monkeypatch.setattr(text, "draw_wrapped", draw_wrapped)


@pytest.fixture(scope="module")
def games_dir() -> Iterator[Path]:
    """A folder of finished seeded games and games in progress for the history and Continue
    screens (made once)."""
    from wizard.ui.prefs import Prefs
    with tempfile.TemporaryDirectory(prefix="wizard-fit-history-") as d:
        pygame.init()
        games = Prefs(Path(d))
        games.settings.animation_speed = "off"
        smoke.fill_history(games)
        smoke.fill_games(games)          # three games in progress for the Continue list
        yield Path(d)


@pytest.fixture(scope="module")
def progress_dir() -> Iterator[Path]:
    """A folder with the smoke test's long seeded history (shorter here) for the statistics and
    progress screens (made once)."""
    from wizard.ui.prefs import Prefs
    from wizard.ui.smoke_stats import fill_big_history
    with tempfile.TemporaryDirectory(prefix="wizard-fit-progress-") as d:
        fill_big_history(Prefs(Path(d)), games=60)
        yield Path(d)


@dataclass
class Rig:
    """A headless App with its own prefs, and prefs over the shared history games and over the
    progress screen's history."""

    app: Any
    prefs: Any
    games: Any
    progress: Any


@pytest.fixture(scope="module")
def rig(request: pytest.FixtureRequest, games_dir: Path, progress_dir: Path,
        tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    """A headless App of one window size (the parameter), made once per size."""
    from wizard.ui.prefs import Prefs
    from wizard.ui.routes import make_app
    prefs = Prefs(tmp_path_factory.mktemp("fit-prefs"))
    prefs.settings.animation_speed = "off"
    a = make_app(prefs, size=request.param, headless=True, threaded=False, speed="off", lang="en")
    games = Prefs(games_dir)
    games.settings = prefs.settings
    progress = Prefs(progress_dir)
    progress.settings = prefs.settings
    yield Rig(a, prefs, games, progress)
    a._unlisten()
    a.scenes.clear()
    set_language("en")


def _make_extra(a: Any, name: str) -> None:
    """Put the app in the state of extra screen ``name`` (see ``EXTRA_SCREENS``)."""
    from wizard.engine import GameConfig, Options, Phase
    from wizard.session import Session
    from wizard.ui.scenes.table import TableScene

    players = int(next(part[0] for part in name.split("-") if part[:1].isdigit()))
    if name == "table-clairvoyance-6p":       # the last round: five other hands of ten cards
        cfg = GameConfig(6, seed=13, options=Options(clairvoyance=True))
        s = smoke.play_until(Session.new(cfg, smoke._seats(1, 6)),
                             lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round == 10)
        a.go("table", session=s, keep_history=False)
        a.frame(0.0)
        return
    session = Session.new(GameConfig(players, seed=40 + players), smoke._seats(1, players))
    if name == "round-end-hotseat-6p":      # six people, camelot: a line each and bonus notes
        from wizard.engine import Edition
        session = Session.new(GameConfig(6, edition=Edition.CAMELOT, seed=1), smoke._seats(6, 6))
    last = 60 // players
    phase = Phase.BID if name.startswith("table-bidding") else Phase.PLAY

    def stop(s: Session) -> bool:
        if name == "round-end-hotseat-6p":
            return s.phase is Phase.ROUND_END and sum(1 for b in s.results[-1].bonuses if b) >= 2
        if name.startswith("round-end"):
            return s.phase is Phase.ROUND_END and s.round >= 5
        if name.startswith("game-end"):
            return False        # play the whole game
        at = s.round == last if name.endswith("-last") else s.round >= 4
        return (s.is_human_turn() and s.phase is phase and at
                and (not name.startswith("table-play") or len(s.view(0).trick) >= 1))

    smoke.play_until(session, stop)
    if not (session.finished if name.startswith("game-end") else stop(session)):
        raise RuntimeError(f"{name}: the seeded game did not reach the wanted state")
    t = a.go("table", session=session, keep_history=False)   # round end / game end open by themselves
    assert isinstance(t, TableScene)
    if name.startswith("game-end"):
        a.frame(0.0)
        smoke.close_last_round(a)        # the last round's result comes before the game's
    if name.startswith("scorepad"):
        a.frame(0.0)
        t.open_score_pad()
    a.frame(0.0)


# The card legend, the clairvoyance hands and a tooltip: checked at the smallest size and at 4K.
LARGE_SCREENS = ("table-clairvoyance-3p", "table-clairvoyance-6p", "table-tooltip", "card-legend",
                 "card-legend-camelot", *smoke_tricks.TRICK_SCREENS)   # and the finished tricks
EXTRA_SCREENS += ("table-clairvoyance-6p",)


def _cases() -> Iterator[Any]:
    for lang in LANGS:
        for name in smoke.SCREENS + EXTRA_SCREENS:
            if name in LARGE_SCREENS:
                sizes: tuple[tuple[int, int], ...] = ((1024, 640), (3840, 2160))
            else:
                sizes = SIZES + ((FOUR_K,) if name in FOUR_K_SCREENS else ())
            for size in sizes:
                reason = KNOWN.get((size, lang, name))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                yield pytest.param(lang, name, size, marks=marks, id=f"{lang}-{name}-{size[0]}x{size[1]}")


@pytest.mark.parametrize(("lang", "screen", "rig"), list(_cases()), indirect=["rig"])
def test_screen_text_fits(rig: Rig, lang: str, screen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Building and drawing ``screen`` in ``lang`` draws no missing glyph and no overflowing text."""
    app = rig.app
    size = app.screen.get_size()
    prefs, games = rig.prefs, rig.games
    set_language(lang)
    rec = Recorder()
    _install(monkeypatch, rec)
    base = screen.removesuffix(smoke.SCALED)
    app.prefs = games if base in smoke.HISTORY_SCREENS else \
        rig.progress if base in smoke.STATS_SCREENS else prefs
    try:
        if screen in EXTRA_SCREENS:
            _make_extra(app, screen)
        else:
            smoke._make(app, screen)
        rec.lines = []
        app.frame(0.0)
        rec.check_overlaps()
    finally:
        app.prefs = prefs
    assert rec.strings, "the screen drew no text at all"
    problems = sorted(set(rec.problems))
    assert not problems, f"{lang} {screen} {size}:\n  " + "\n  ".join(problems)


def test_recorder_catches_each_kind_of_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: a missing glyph, an off-surface line, an ellipsis, a too-wide word, an overlap."""
    pygame.init()
    rec = Recorder()
    _install(monkeypatch, rec)
    surf = pygame.Surface((200, 100))
    text.draw(surf, "Wizard", (10, 10), 16)
    assert rec.problems == []
    text.draw(surf, "\u4e2d", (10, 10), 16)                         # a CJK ideograph: not in DejaVu Sans
    text.draw(surf, "Wizard", (190, 10), 16)                         # runs past the right edge
    text.draw(surf, "A sentence far too long for its box", (0, 40), 16, max_w=60)
    text.draw_wrapped(surf, "Antidisestablishmentarianism", pygame.Rect(0, 60, 50, 0), 16)
    text.fit_size("Another sentence far too long", 16, 40)
    rec.lines = []
    text.draw(surf, "Jester", (10, 70), 16)
    text.draw(surf, "Trump", (20, 72), 16)
    rec.check_overlaps()
    kinds = sorted({p.split(":")[0] for p in rec.problems})
    assert kinds == ["ellipsis", "glyph", "min-size", "off-surface", "overlap", "wrap-width"], rec.problems


def _refusal(rule: Any, look: str, players: int) -> str:
    """The reason ``rule`` refuses an action, with the longest suit and card names of ``look``."""
    from wizard import messages
    from wizard.engine import ALL_CARDS, SUITS
    names = ["Anna", "Bruno", "Carme", "Didier", "Elena", "Ferran"][:players]
    suit = max(SUITS, key=lambda k: len(messages.suit_name(k, look)))
    card = max(ALL_CARDS, key=lambda c: len(messages.card_name(c, look)))
    rounds = 60 // players
    details = {"max": rounds, "round": rounds, "bid": rounds - 1, "forbidden": rounds - 1,
               "suit": suit, "card": card, "expected": players - 1}
    return messages.rule_text(rule, details, look, names)


def _rules() -> list[str]:
    from wizard.engine.errors import Rule
    return [r.name for r in Rule]


KNOWN_REFUSALS: dict[tuple[str, str], str] = {}


def _refusal_cases() -> Iterator[Any]:
    for lang in LANGS:
        for rule in _rules():
            reason = KNOWN_REFUSALS.get((lang, rule))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(lang, rule, marks=marks, id=f"{lang}-{rule}")


@pytest.mark.parametrize(("lang", "rule"), list(_refusal_cases()))
def test_refusal_reason_fits_the_prompt_line(lang: str, rule: str) -> None:
    """A refusal reason fits the table's prompt line at 1024x640, for 3..6 players and both looks.

    The table shrinks it to one line, or wraps it on two (``prompt_lines``); a reason that needs
    more, or a tiny size, would spill over the hand and the side plates.
    """
    from wizard import messages
    from wizard.engine.errors import Rule
    from wizard.ui.board.dialogs import prompt_lines
    from wizard.ui.layout import table_layout
    pygame.init()
    set_language(lang)
    try:
        too_wide = []
        for players in range(3, 7):
            lay = table_layout(1024, 640, players)
            room = lay.prompt.w - 30 * lay.unit
            for look in messages.LOOKS:
                msg = _refusal(Rule[rule], look, players)
                got, lines = prompt_lines(msg, room, lay.unit)
                width = max(fonts.font(got, "bold").size(line)[0] for line in lines)
                if width > room or len(lines) > 2 or got < 10:
                    too_wide.append(f"{players} players, {look}: {msg!r} needs {len(lines)} lines, "
                                    f"{width}px wide at {got}px, room {room:.0f}px")
        assert not too_wide, "\n".join(too_wide)
    finally:
        set_language("en")

