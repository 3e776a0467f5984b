"""The finished trick on the table: what is shown and marked, the line saying why, and the hold
that keeps it there with animations off. A part of ``Table`` (its base class), kept apart so the
controller stays small."""

from __future__ import annotations

import math

from wizard.engine import Phase, TrickWon, Verdict

from . import trickwhy
from .animation import Animator
from .clock import Clock
from .facts import Facts
from .shown import Shown

UNTIL_CLICK = math.inf     # a hold that ends only when the person clicks or presses a key


class TrickShow(Facts):
    """``Table``'s finished-trick part; ``Table`` provides the state it reads."""

    animator: Animator
    clock: Clock
    look: str
    viewer: int | None
    hot_seat: bool
    trick_hold: float                        # seconds (animations off) before the game moves on;
                                             # UNTIL_CLICK: every finished trick waits for the person
    last_trick_waits: bool                   # the round's last trick waits for the person
    auto_forced: bool                        # a person's only legal card plays itself
    held: tuple[TrickWon, float] | None      # the finished trick on the table, since when

    @property
    def shown(self) -> Shown:
        """The table as the viewer sees it now."""
        return self.animator.shown

    @property
    def speed(self) -> float:
        """Animation speed factor (0: no animation)."""
        return self.animator.speed

    @property
    def you(self) -> int | None:
        """The seat addressed in the second person; ``Table`` says which."""
        return None

    def trick_on_show(self) -> TrickWon | None:
        """The finished trick on the table now (sliding in or lying there), with its why."""
        e = self.animator.active
        if isinstance(e, TrickWon):
            return e
        return self.shown.won if self.shown.held else None

    def trick_line(self) -> str:
        """One line saying who won the trick on show and why ("" when none is shown)."""
        won = self.trick_on_show()
        last = self.phase in (Phase.ROUND_END, Phase.GAME_OVER) and not any(self.shown.hand_counts)
        return "" if won is None else trickwhy.trick_line(won, self.names, self.you, self.look,
                                                          rules=self.config.rules, last=last)

    def last_trick_line(self) -> str:
        """Who won the round's last finished trick and why (the last-trick view), or ""."""
        won, last = self.shown.won, self.shown.last_trick
        if won is None or last is None or won.cards != last.cards:
            return ""
        last = self.phase in (Phase.ROUND_END, Phase.GAME_OVER)
        return trickwhy.trick_line(won, self.names, self.you, self.look, rules=self.config.rules,
                                   last=last)

    def standing(self) -> Verdict | None:
        """The engine's verdict on the trick being played: the card winning it so far."""
        edition, scroll = self.edition_rules()
        return trickwhy.standing(self.shown.trick, self.shown.trump, edition, scroll)

    def marks(self) -> trickwhy.TrickMarks | None:
        """The trick on show with what to mark on it: its leader, the card winning (so far), the
        Magic Wizard; None when no trick is on show."""
        won = self.trick_on_show()
        return trickwhy.marks(won, None if won is not None else self.standing(), self.shown.trick,
                              self.config.rules)

    def _holding(self) -> bool:
        """Animations off: a finished trick is still held on the table before the game moves on
        (only with a person at the table: computer-only games run at full speed)."""
        won = self.shown.won if self.shown.held else None
        if won is None:
            self.held = None
            return False
        if self.held is None or self.held[0] is not won:
            self.held = (won, self.clock.now)
        return self._hold_left()

    def _hold_left(self) -> bool:
        """The hold of the finished trick on the table is not over (see ``_holding``)."""
        held = self.held
        return (held is not None and self.shown.held and held[0] is self.shown.won
                and bool(self.humans)                               # a person is there to read it
                and self.clock.now - held[1] < self.hold_time())

    def hold_time(self) -> float:
        """How long the finished trick on the table stays before the game moves on (seconds;
        ``UNTIL_CLICK``: until the person clicks or presses a key; 0: no hold).

        The round's last trick waits for the person with ``last_trick_waits``; otherwise it is
        held ``trick_hold`` with animations on too, so that it is seen before the round's result
        covers the table. Other tricks are held with animations off, or with animations on when
        the person chose "until I click" (the trick's animation does not end the hold)."""
        last = self.phase in (Phase.ROUND_END, Phase.GAME_OVER)
        if last and self.last_trick_waits:
            return UNTIL_CLICK
        if last or self.speed <= 0 or self.trick_hold == UNTIL_CLICK:
            return self.trick_hold
        return 0.0

    def waiting_for_click(self) -> bool:
        """The game waits for the person to click or press a key: the finished trick stays on
        the table until then (nothing moves meanwhile)."""
        return (self.hold_time() == UNTIL_CLICK and self.animator.drained and self._hold_left()
                and self._waits_for_hold())

    def hold_age(self) -> float:
        """Seconds the finished trick has lain on the table (0 when none is held)."""
        held = self.held
        return 0.0 if held is None else max(0.0, self.clock.now - held[1])

    def release_hold(self) -> bool:
        """The person clicked or pressed a key: the finished trick's hold ends (True if one did)."""
        if self.held is None or not self._hold_left():
            return False
        self.held = (self.held[0], float("-inf"))
        return True

    def _waits_for_hold(self) -> bool:
        """What comes next waits for the hold: a computer's lead, the round end, the curtain, or
        a card the person is forced to play, which would play itself."""
        phase = self.phase
        return (self.is_ai_turn() or phase in (Phase.ROUND_END, Phase.GAME_OVER)
                or (self.hot_seat and self.current != self.viewer)
                or (self.auto_forced and phase is Phase.PLAY and self.is_human_turn()
                    and len(self.legal_now()) == 1))

