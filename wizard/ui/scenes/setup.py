"""New game: seats, edition, card look, bid visibility, options, first dealer. Remembered."""

from __future__ import annotations

import math
import random
import statistics
from functools import partial
from typing import Any

import pygame

from wizard import messages
from wizard.ai import LEVELS
from wizard.engine import HOUSE_RULES, Edition, GameConfig, Options
from wizard.engine.house import SHOWN
from wizard.i18n import N_, _, ngettext
from wizard.persistence.settings import TRICK_UNTIL_CLICK
from wizard.table import SPEEDS, Seat, Session, clean_name, is_valid_name, secret_seed
from wizard.table.pace import PERSON_DECISION_S, Pacing, estimate_seconds

from .. import text, theme
from ..layout import Box
from ..tooltip import tooltip
from ..widgets import Button, Cycle, TextBox
from .base import Screen, background

DEFAULT_NAMES = [messages.YOU, "Merlin", "Morgana", "Gawain", "Vivian", "Percival"]


def levels() -> tuple[str, ...]:
    """The computer levels on offer (``wizard.ai.LEVEL_TABLE``)."""
    return LEVELS


KINDS = ("human", "remote", "ai")    # a person at this screen, on another computer, a computer


def kind_name(kind: object) -> str:
    """A seat kind's translated name on New game."""
    # TRANSLATORS: New game, a seat played by a person on another computer (a network table)
    return {"human": _("Human"), "remote": _("Network")}.get(str(kind), _("Computer"))


def remote_seats(setup: dict[str, Any]) -> list[int]:
    """The seats played on other computers (the host's waiting screen opens for them)."""
    return [i for i, s in enumerate(setup["seats"]) if s.get("kind") == "remote"]


def default_setup() -> dict[str, Any]:
    """One human against three Normal computer players, classic rules."""
    seats = [{"name": _(DEFAULT_NAMES[0]), "kind": "human", "level": None}]
    seats += [{"name": n, "kind": "ai", "level": "normal"} for n in DEFAULT_NAMES[1:4]]
    return {"seats": seats, "edition": "classic", "look": "classic",
            "options": Options().to_dict(), "first_dealer": None}


def config_of(setup: dict[str, Any], seed: int) -> GameConfig:
    """The game configuration a setup describes (lapsed options, and values not on offer for
    this many players, set back to their default)."""
    n = len(setup["seats"])
    opts = Options.from_dict(dict(setup["options"]))
    offered = {k: v for k, v in opts.as_mapping().items() if v in HOUSE_RULES[k].values(n)}
    opts = Options(**offered)
    cfg = GameConfig(players=n, edition=Edition(setup["edition"]), options=opts,
                     seed=seed, first_dealer=setup.get("first_dealer"))
    lapsed = cfg.conflicts()
    if lapsed:
        cfg = cfg.with_(options=opts.replace(**{k: HOUSE_RULES[k].default for k in lapsed}))
    return cfg


SEED_DIGITS = 10


def SEED_HELP() -> str:  # noqa: N802 (a translated constant)
    """What the seed does (below the rules, and when the seed row is pointed at)."""
    return _("Seed: leave it empty for new deals; the same seed deals the same cards again.")


def name_allowed(typed: str) -> bool:
    """Whether a name being typed follows the one rule for seat names (``session.seats``,
    shared with the remembered setup and the save format).

    Blank is allowed while typing (the seat gets a default name), and so are spaces at the ends,
    which ``clean_name`` trims when the game starts; anything the rule refuses (too long, control
    characters, a run of spaces) cannot be typed.
    """
    name = typed.strip(" ")
    return not name or is_valid_name(name)


def seed_allowed(typed: str) -> bool:
    """A seed is up to ten digits."""
    return typed == "" or (len(typed) <= SEED_DIGITS and typed.isascii() and typed.isdigit())


def remembered(setup: dict[str, Any]) -> dict[str, Any]:
    """What New game keeps for next time: everything but the seed, so the next game deals new
    cards unless the player types a seed again (or asks for the same deals at the game's end)."""
    return {k: v for k, v in setup.items() if k != "seed"}


def seats_of(setup: dict[str, Any]) -> list[Seat]:
    """The seats a setup describes, names by the shared rule (empty names get a default)."""
    out = []
    for i, s in enumerate(setup["seats"]):
        name = clean_name(s.get("name")) or _("Player {number}").format(number=i + 1)
        kind = s.get("kind", "ai")
        person = kind in ("human", "remote")     # a remote seat is a person's, played elsewhere
        out.append(Seat(name, "human" if person else "ai",
                        None if person else s.get("level") or "normal"))
    return out


def repair_names(setup: dict[str, Any]) -> dict[str, Any]:
    """A remembered setup with every seat name put under the shared rule (read, never trusted)."""
    seats = [dict(s, name=clean_name(s.get("name"))) if isinstance(s, dict) else s
             for s in setup.get("seats", [])]
    return {**setup, "seats": seats}


OWN_GAMES = 3     # finished games of a size, measured, from which the person's own time is said
SHORT_S = 90      # a game shorter than this (seconds) is said "under 2 minutes"; to 7.5 minutes,
                  # to the minute; longer, to 5 minutes


def pacing_of(settings: Any) -> Pacing:
    """The table's pace as the settings set it (animation speed, the computer's pause, how long
    a finished trick stays, whether the round's last trick waits for a click)."""
    speed = SPEEDS.get(str(getattr(settings, "animation_speed", "normal")), 1.0)
    hold_ms = getattr(settings, "trick_hold_ms", 1000)
    hold = math.inf if hold_ms == TRICK_UNTIL_CLICK else float(hold_ms) / 1000
    return Pacing(speed, float(getattr(settings, "ai_pause_ms", 600)) / 1000, hold,
                  bool(getattr(settings, "last_trick_waits", True)),
                  bool(getattr(settings, "auto_play_forced", True)))


def game_length(cfg: GameConfig, estimate: float | None, people: int, own: list[float]) -> str:
    """How long a game of ``cfg`` takes, and what the figure is (#35): the median of the
    person's own last games of this size (active play) when there are ``OWN_GAMES`` of them;
    else ``estimate``, the seconds of a game played on the table at the settings in force with
    a stated guess for each of the person's decisions (``wizard.table.pace``; None while it is
    worked out)."""
    rounds = cfg.rounds
    if people and len(own) >= OWN_GAMES:
        median = statistics.median(own)
        if median < SHORT_S:
            return ngettext(
                "{rounds} round: under 2 minutes, the median of your last {games} games of this "
                "size (pauses left out).",
                "{rounds} rounds: under 2 minutes, the median of your last {games} games of this "
                "size (pauses left out).",
                rounds).format(rounds=rounds, games=len(own))
        minutes = round(median / 60)
        return ngettext(
            "{rounds} round: about {minutes} minutes, the median of your last {games} games of "
            "this size (pauses left out).",
            "{rounds} rounds: about {minutes} minutes, the median of your last {games} games of "
            "this size (pauses left out).",
            rounds).format(rounds=rounds, minutes=minutes, games=len(own))
    if estimate is None:
        return ngettext("{rounds} round: working out how long it takes…",
                        "{rounds} rounds: working out how long they take…",
                        rounds).format(rounds=rounds)
    if estimate < SHORT_S:        # a round or two: "about 5 minutes" was ten times too long
        if not people:
            return ngettext("{rounds} round: under 2 minutes at your settings (measured).",
                            "{rounds} rounds: under 2 minutes at your settings (measured).",
                            rounds).format(rounds=rounds)
        return ngettext(
            "{rounds} round: under 2 minutes, roughly: the table's pace at your settings, "
            "measured, and {seconds} s per move of yours, a guess.",
            "{rounds} rounds: under 2 minutes, roughly: the table's pace at your settings, "
            "measured, and {seconds} s per move of yours, a guess.",
            rounds).format(rounds=rounds, seconds=round(PERSON_DECISION_S))
    minutes = round(estimate / 60) if estimate < 450 else 5 * round(estimate / 300)
    if not people:
        return ngettext("{rounds} round: about {minutes} minutes at your settings (measured).",
                        "{rounds} rounds: about {minutes} minutes at your settings (measured).",
                        rounds).format(rounds=rounds, minutes=minutes)
    return ngettext(
        "{rounds} round: about {minutes} minutes, roughly: the table's pace at your settings, "
        "measured, and {seconds} s per move of yours, a guess.",
        "{rounds} rounds: about {minutes} minutes, roughly: the table's pace at your settings, "
        "measured, and {seconds} s per move of yours, a guess.",
        rounds).format(rounds=rounds, minutes=minutes, seconds=round(PERSON_DECISION_S))


class SetupScene(Screen):
    """The New game screen."""

    title = N_("New game")

    def __init__(self, app: Any, edition: str | None = None) -> None:
        super().__init__(app)
        last = getattr(app.settings, "last_setup", None)
        self.setup: dict[str, Any] = default_setup()
        if isinstance(last, dict):
            try:
                last = repair_names(last)
                seats_of(last)
                config_of(last, 0)
                self.setup = {**self.setup, **remembered(last)}
            except Exception:
                pass
        if edition is not None and edition in {e.value for e in Edition}:
            self.setup["edition"] = edition     # opened from a lesson: that lesson's edition
        self.labels: list[tuple[pygame.Rect, str, str]] = []   # (rect, label, reason)
        self.rules_offset = 0.0        # the rules column's scroll (it scrolls when taller than the window)
        self.pointer: tuple[int, int] | None = None    # where the mouse was last seen (for the wheel)
        self.own_times: dict[tuple[int, int], list[float]] = {}   # the person's measured games

    def build(self, width: int, height: int) -> None:
        """Seat rows on the left, rules on the right, Back / Start at the bottom."""
        u = self.unit
        s = self.setup
        self.labels = []
        self.rule_widgets: list[Any] = []
        self.rule_labels: list[tuple[pygame.Rect, str, str]] = []
        self.rule_help: list[tuple[pygame.Rect, Any, str, list[str]]] = []   # row, widget, title, lines
        row_h = 44 * u                 # grows with the interface size; the rules scroll if need be
        gap = row_h * 0.25
        top = 110 * u
        lx, lw = width * 0.05, width * 0.43
        self.labels.append((pygame.Rect(lx, top - 34 * u, lw, 28 * u), _("Players"), ""))
        for i, seat in enumerate(s["seats"]):
            y = top + i * (row_h + gap)
            name_w, kind_w = lw * 0.37, lw * 0.32
            self.widgets.append(TextBox((lx, y, name_w, row_h), seat["name"],
                                        partial(self._set_seat, i, "name"), accept=name_allowed))
            kind = Cycle((lx + name_w + 8 * u, y, kind_w, row_h), list(KINDS), seat["kind"],
                         kind_name,
                         partial(self._set_seat, i, "kind", rebuild=True))
            self.widgets.append(kind)
            lv = seat.get("level") or "normal"
            human = seat["kind"] != "ai"
            self.widgets.append(Cycle((lx + name_w + kind_w + 16 * u, y, lw - name_w - kind_w - 16 * u, row_h),
                                      list(levels()), lv,
                                      (lambda v: "—") if human else (lambda v: messages.level_name(str(v))),
                                      partial(self._set_seat, i, "level"),
                                      enabled=seat["kind"] == "ai"))
        y = top + 6 * (row_h + gap)
        n = len(s["seats"])
        self.widgets.append(Button((lx, y, lw * 0.48, row_h), _("Add a player"), self._add,
                                   enabled=n < 6))
        self.widgets.append(Button((lx + lw * 0.52, y, lw * 0.48, row_h), _("Remove a player"),
                                   self._remove, enabled=n > 3))
        self.length_at = (lx, y + row_h + gap * 2, lw)    # how long the game will be, under them
        # the rules column
        rx, rw = width * 0.52, width * 0.43
        cfg = self._config()
        lapsed = {}
        for key, rule in HOUSE_RULES.items():    # would this rule apply here if it were set?
            value = True if rule.is_switch else getattr(cfg.options, key)
            if value != rule.default:
                trial = cfg.options.replace(**{key: value})
                lapsed.update(GameConfig(players=n, edition=cfg.edition, options=trial).conflicts())
        rows: list[tuple[str, Any, str]] = []
        label_w = rw * 0.42
        ctl_x, ctl_w = rx + label_w, rw - label_w

        by = height - 24 * u - 56 * u
        self.rules_view = pygame.Rect(rx - 4 * u, top - 2 * u, rw + 8 * u, by - 14 * u - top)

        def add(label: str, widget: Any, reason: str = "", explained: str = "") -> None:
            yy = top + self.rules_offset + len(rows) * (row_h + gap)
            widget.rect = pygame.Rect(ctl_x, yy, ctl_w, row_h)
            self.widgets.append(widget)
            self.rule_widgets.append(widget)
            self.rule_labels.append((pygame.Rect(rx, yy, label_w - 10 * u, row_h), label, reason))
            self.labels.append(self.rule_labels[-1])
            self.rule_help.append((pygame.Rect(rx, yy, rw, row_h), widget, label,
                                   [line for line in (explained, reason) if line]))
            rows.append((label, widget, reason))

        self.labels.append((pygame.Rect(rx, top - 34 * u, rw, 28 * u), _("Rules"), ""))
        add(_("Edition"), Cycle((0, 0, 1, 1), [e.value for e in Edition], s["edition"],
                                lambda v: messages.edition_name(str(v)),
                                lambda v: self._set("edition", v)),
            explained=messages.edition_description(s["edition"]))
        look = s.get("look", "classic")
        add(_("Cards"), Cycle((0, 0, 1, 1), ["classic", "standard"], look,
                              lambda v: messages.look_name(str(v)), lambda v: self._set("look", v)),
            explained=messages.look_description(look))
        for key in SHOWN:                            # a row for each house rule
            rule = HOUSE_RULES[key]
            reason = messages.conflict_text(lapsed[key]) if key in lapsed else ""
            value = rule.write(rule.default if reason else getattr(cfg.options, key))
            add(messages.option_name(key),
                Cycle((0, 0, 1, 1), [rule.write(v) for v in rule.values(n)], value,
                      partial(messages.option_value_text, key), partial(self._set_opt, key),
                      enabled=not reason), reason,
                explained=messages.option_value_description(key, rule.read(value)))
        names = [x["name"] or "?" for x in s["seats"]]
        fd = s.get("first_dealer")
        add(_("First dealer"), Cycle((0, 0, 1, 1), [None, *range(n)], fd if fd is None or fd < n else None,
                                     lambda v: _("Draw cards") if v is None else names[int(v)],  # type: ignore[call-overload]
                                     lambda v: self._set("first_dealer", v)),
            explained=_("Who deals the first round: drawn by the cards (the highest deals), or "
                        "the player chosen here."))
        add(_("Seed"), TextBox((0, 0, 1, 1), str(s.get("seed") or ""), self._set_seed,
                               accept=seed_allowed), explained=SEED_HELP())
        # what the edition and the bids mean: in the free left column, under the game's length,
        # so that the rules column holds only its rows (#35: it overflowed in French)
        lx0, ly0, lw0 = self.length_at
        self.length_lines = text.wrap(self.length_text(), int(16 * u), lw0)
        self.help_top = ly0 + len(self.length_lines) * int(16 * u * 1.3) + 8 * u
        self.help_rect = pygame.Rect(lx0, self.help_top, lw0, 0)
        self.rules_h = len(rows) * (row_h + gap)
        self.row_pitch = row_h + gap
        bw = 220 * u
        self.widgets.append(Button((width / 2 - bw - 10 * u, by, bw, 56 * u), _("Back"), self.back))
        self.widgets.append(Button((width / 2 + 10 * u, by, bw, 56 * u), _("Start"), self.start,
                                   primary=True, keys=(pygame.K_RETURN,)))

    def length_text(self) -> str:
        """How long the game will be, and what the figure rests on (``game_length``)."""
        cfg = self._config()
        people = sum(1 for seat in self.setup["seats"] if seat.get("kind") != "ai")
        key = (cfg.players, cfg.rounds)
        if key not in self.own_times:      # read once per size while the screen is open
            times = getattr(self.app.prefs, "played_times", None)
            self.own_times[key] = list(times(*key)) if times is not None else []
        estimate = None
        self.length_waits = False
        if people == 0 or len(self.own_times[key]) < OWN_GAMES:
            estimate = self._estimate(cfg, people)
            self.length_waits = estimate is None
        return game_length(cfg, estimate, people, self.own_times[key])

    def _estimate(self, cfg: GameConfig, people: int) -> float | None:
        """The measured length of a game of ``cfg`` at the settings in force (worked out off the
        loop by the application service; None until then)."""
        args = (cfg.players, cfg.edition, cfg.options, pacing_of(self.app.settings), people)
        figure = getattr(self.app.prefs, "figure", None)
        if figure is None:
            return estimate_seconds(*args)
        return figure(("game length", *args), partial(estimate_seconds, *args))

    def update(self, dt: float) -> None:
        """Show the game's length once it has been worked out (off the loop)."""
        super().update(dt)
        if getattr(self, "length_waits", False):
            people = sum(1 for seat in self.setup["seats"] if seat.get("kind") != "ai")
            if self._estimate(self._config(), people) is not None:
                self.layout(*self.size)
                self.app.dirty = True

    def busy(self) -> bool:
        """Frames are needed while the game's length is worked out."""
        return bool(getattr(self, "length_waits", False)) or super().busy()

    def _help_lines(self) -> list[str]:
        options = self._config().options
        return [messages.edition_description(self.setup["edition"]),
                *(messages.option_value_description(key, getattr(options, key))
                  for key in SHOWN if not HOUSE_RULES[key].is_switch),
                SEED_HELP()]

    def _help_height(self) -> float:
        size = int(15 * self.unit)
        return sum(len(text.wrap(line, size, self.help_rect.w)) * int(size * 1.25) + 4 * self.unit
                   for line in self._help_lines())

    def _scroll_range(self) -> tuple[float, float]:
        return (min(0.0, self.rules_view.h - self.rules_h - 6 * self.unit), 0.0)

    def scroll_rules(self, offset: float) -> None:
        """Move the rules column (the wheel over it, or the keyboard reaching a row out of view)."""
        lo, hi = self._scroll_range()
        offset = max(min(lo, self.rules_offset), min(max(hi, self.rules_offset), offset))
        if offset != self.rules_offset:
            self.rules_offset = offset
            self.layout(*self.size)

    def handle(self, event: pygame.event.Event) -> None:
        """The wheel over the rules scrolls them; a click outside their band reaches no rule."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rules_view.collidepoint(self.pointer or pygame.mouse.get_pos()):
                self.scroll_rules(self.rules_offset + event.y * self.row_pitch)
            return
        pos = getattr(event, "pos", None)
        if event.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE):
            before = self.help_target()
            self.pointer = pos
            if self._key(self.help_target()) != self._key(before):
                self.app.dirty = True
        if pos is not None and not self.rules_view.collidepoint(pos):
            for w in self.rule_widgets:     # out of sight: only forget a hover or a press
                if event.type == pygame.MOUSEBUTTONDOWN and isinstance(w, TextBox):
                    w.handle(event)          # a click elsewhere ends editing the seed
                w.hover = w.pressed = False
            for w in [w for w in self.widgets if w not in self.rule_widgets]:
                if w.handle(event):  # type: ignore[attr-defined]
                    self.app.dirty = True
                    if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                        break
            return
        super().handle(event)
        items = self.focusable()
        if self.kb_focus is not None and self.kb_focus < len(items) and items[self.kb_focus] in self.rule_widgets:
            r = items[self.kb_focus].rect
            view = self.rules_view
            if r.top < view.top:
                self.scroll_rules(self.rules_offset + view.top - r.top)
            elif r.bottom > view.bottom:
                self.scroll_rules(self.rules_offset - (r.bottom - view.bottom))

    def draw(self, surf: pygame.Surface) -> None:
        """Background, title, the seats, the rules clipped to their band (a scroll bar if they
        overflow), Back and Start."""
        surf.blit(background(surf.get_size()), (0, 0))
        self.draw_title(surf)
        self.draw_body(surf)
        for w in self.widgets:
            if w not in self.rule_widgets:
                w.draw(surf, self.unit)  # type: ignore[attr-defined]
        view = self.rules_view
        surf.set_clip(view)
        try:
            self._draw_rules(surf)
            for w in self.rule_widgets:
                if w.rect.colliderect(view):
                    w.draw(surf, self.unit)
        finally:
            surf.set_clip(None)
        self._draw_help(surf)
        lo, _hi = self._scroll_range()
        if lo < 0:
            u = self.unit
            track = pygame.Rect(view.right + 4 * u, view.y + 4 * u, max(4, round(6 * u)), view.h - 8 * u)
            thumb_h = max(track.h * view.h / (view.h - lo), 24 * u)
            done = max(0.0, min(1.0, self.rules_offset / lo))
            thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * done, track.w, thumb_h)
            pygame.draw.rect(surf, theme.PANEL, track, border_radius=track.w // 2)
            pygame.draw.rect(surf, theme.PANEL_EDGE, thumb, border_radius=track.w // 2)

    def help_target(self) -> tuple[pygame.Rect, str, list[str]] | None:
        """The rule row explained now: the one chosen with the keyboard, else the one under the
        pointer (a greyed option too, with its reason): (row, title, lines)."""
        items = self.focusable()
        chosen = items[self.kb_focus] if self.kb_focus is not None and self.kb_focus < len(items) \
            else None
        for row, widget, title, lines in self.rule_help:
            if widget is chosen and lines:
                return row, title, lines
        if self.pointer is None or not self.rules_view.collidepoint(self.pointer):
            return None
        for row, _widget, title, lines in self.rule_help:
            if row.collidepoint(self.pointer) and lines:
                return row, title, lines
        return None

    @staticmethod
    def _key(target: tuple[pygame.Rect, str, list[str]] | None) -> object:
        return None if target is None else (target[1], tuple(target[2]))

    def _draw_help(self, surf: pygame.Surface) -> None:
        """The explanation of the row pointed at or chosen, as the table's badge tooltip does."""
        target = self.help_target()
        if target is None:
            return
        row, title, lines = target
        row = row.clip(self.rules_view)
        if row.h > 0:                 # never over the screen's title (nor the column headings)
            heading = Box(0, 0, surf.get_width(), self.rules_view.y - 2 * self.unit)
            others = tuple(Box(*r.clip(self.rules_view)) for r, _w, _t, _l in self.rule_help
                           if r != target[0] and r.clip(self.rules_view).h > 0)
            # beside the rules, over the players' column, rather than over the other rules'
            # names (a new player read "Ancient scroll"'s help over three rows above it)
            tooltip(surf, row, title, lines, self.unit, avoid=(heading, *others))

    def _config(self) -> GameConfig:
        return config_of(self.setup, 0)

    def _set_seed(self, value: str) -> None:
        digits = "".join(ch for ch in value if ch.isdigit())
        self.setup["seed"] = int(digits) if digits else None

    def _set(self, key: str, value: Any) -> None:
        self.setup[key] = value
        self.layout(*self.size)

    def _set_opt(self, key: str, value: Any) -> None:
        self.setup["options"] = {**self.setup["options"], key: value}
        self.layout(*self.size)

    def _set_seat(self, i: int, key: str, value: Any, rebuild: bool = False) -> None:
        self.setup["seats"][i][key] = value
        if key == "kind" and value == "ai" and not self.setup["seats"][i].get("level"):
            self.setup["seats"][i]["level"] = "normal"
        if rebuild:
            self.layout(*self.size)

    def _add(self) -> None:
        seats = self.setup["seats"]
        if len(seats) < 6:
            used = {s["name"] for s in seats}
            name = next((n for n in DEFAULT_NAMES[1:] if n not in used), f"P{len(seats) + 1}")
            seats.append({"name": name, "kind": "ai", "level": "normal"})
            self.layout(*self.size)

    def _remove(self) -> None:
        seats = self.setup["seats"]
        if len(seats) > 3:
            seats.pop()
            fd = self.setup.get("first_dealer")
            if fd is not None and fd >= len(seats):
                self.setup["first_dealer"] = None
            self.layout(*self.size)

    def draw_body(self, surf: pygame.Surface) -> None:
        """The column headings and the seats' labels (the rules draw clipped: ``_draw_rules``),
        and how many rounds the game will have and how long it usually takes."""
        self._draw_labels(surf, [lab for lab in self.labels if lab not in self.rule_labels])
        x, y, w = self.length_at
        size = int(16 * self.unit)
        for line in self.length_lines:
            text.draw(surf, line, (x, y), size, theme.INK)
            y += int(size * 1.3)
        self._draw_help_text(surf)

    def _draw_rules(self, surf: pygame.Surface) -> None:
        """The rules' labels and the reasons of greyed-out options."""
        view = self.rules_view
        self._draw_labels(surf, [lab for lab in self.rule_labels if lab[0].colliderect(view)])

    def _draw_help_text(self, surf: pygame.Surface) -> None:
        """What the edition and the bids mean, and the seed, under the game's length."""
        u = self.unit
        size = int(15 * u)
        step = int(size * 1.25)
        y: float = self.help_top
        bottom = self.size[1] - 24 * u - 56 * u - 8 * u       # above Back and Start
        for para in self._help_lines():
            for line in text.wrap(para, size, self.help_rect.w):
                if y + step <= bottom:
                    text.draw(surf, line, (self.help_rect.x, y), size, theme.INK_DIM)
                y += step
            y += 4 * u

    def _draw_labels(self, surf: pygame.Surface, labels: list[tuple[pygame.Rect, str, str]]) -> None:
        u = self.unit
        for rect, label, reason in labels:
            if rect.h < 30 * u and not reason:
                text.draw(surf, label, rect.topleft, int(22 * u), theme.ACCENT, "title")
                continue
            colour = theme.INK_DIM if reason else theme.INK
            if reason:
                text.draw(surf, label, (rect.x, rect.centery - 9 * u), int(17 * u), colour,
                          "bold", anchor="midleft", max_w=rect.w)
                text.draw(surf, reason, (rect.x, rect.centery + 11 * u), int(13 * u), theme.BAD,
                          anchor="midleft", max_w=rect.w)
            else:
                text.draw(surf, label, (rect.x, rect.centery), int(17 * u), colour, "bold",
                          anchor="midleft", max_w=rect.w)

    def start(self) -> None:
        """Remember the setup, start the game on the table (the first game of Magic or Camelot
        Edition offers its lesson first)."""
        from .learn import offer_edition_lesson
        self.app.settings.last_setup = remembered(self.setup)   # kept if the lesson comes first
        if self.setup.get("look") and self.setup["look"] != self.app.settings.card_look:
            self.app.settings.card_look = self.setup["look"]
            self.app.refresh_painter()
        self.app.prefs.save_settings()
        if offer_edition_lesson(self.app, str(self.setup.get("edition", "classic")), self._start):
            return
        self._start()

    def _start(self) -> None:
        remote = remote_seats(self.setup)
        seed = self.setup.get("seed") or random.SystemRandom().randrange(1, 2**31)
        if remote:          # a network game: deals no seat can foretell from its cards (#33 N3)
            seed = secret_seed()
        session = Session.new(config_of(self.setup, seed), seats_of(self.setup),
                              on_save=self.app.prefs.save_game)
        if remote:
            self.app.go("net_host_waiting", session=session, seats=remote)
            return
        self.app.go("table", session=session)
