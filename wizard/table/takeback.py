"""Taking back the solo person's last decision at the table: the game goes back, and the table
drops everything that belonged to the undone moves (a computer move or a hint being computed,
the animations, the finished trick held on the table, a question, intents kept for later).

Only a game with exactly one person offers it; asked in hot seat, with nothing to take back, or
after the game's end, the table refuses and says why, changing nothing.
"""

from __future__ import annotations

from typing import Protocol

from wizard import messages
from wizard.engine import Action, Bid, Play, TrickWon
from wizard.i18n import _
from wizard.session import TakeBackError, TakeBackRule

from .animation import Animator
from .hint import Advice
from .intents import Intent, Outcome, Refused, TakenBack
from .port import GamePort
from .runner import Job
from .shown import Shown


class TakeBackTable(Protocol):
    """What a take-back changes of the table (``Table`` has it; this module does not import it)."""

    port: GamePort
    animator: Animator
    look: str
    viewer: int | None
    move_job: Job[Action] | None
    hint_job: Job[Advice] | None
    held: tuple[TrickWon, float] | None
    choice: str | None
    kept: list[Intent]
    forced: tuple[int, float] | None
    acted_at: float
    synced: bool
    _round_told: bool
    _game_told: bool

    def _stale(self) -> None: ...


def refusal_text(rule: TakeBackRule) -> str:
    """Why a take-back is refused, as a sentence."""
    if rule is TakeBackRule.NOT_SOLO:
        return _("Take-backs are only for a game with one person against the computer.")
    if rule is TakeBackRule.NOTHING:
        return _("Nothing to take back yet: you have not made a choice.")
    if rule is TakeBackRule.GAME_OVER:
        return _("The game is over: it stays as it was played.")
    if rule is TakeBackRule.ROUND_SCORED:
        return _("That round has been scored: its result is final. A take-back only goes back "
                 "within the round being played.")
    if rule is TakeBackRule.BIDS_SHOWN:
        return _("Bids are hidden in this game: once every bid is made, a bid cannot be taken "
                 "back (it would be made again knowing the others).")
    return _("This game cannot be replayed from its start, so nothing can be taken back.")


def undone_text(action: Action, look: str) -> str:
    """What was taken back (the person's own decision) and what to do now, as a sentence."""
    if isinstance(action, Bid):
        return _("Taken back: your bid of {n}. Bid again.").format(n=action.n)
    if isinstance(action, Play):
        return _("Taken back: {card}. Play again.").format(
            card=messages.card_name(action.card, look))
    return _("Taken back: your choice of trump. Choose again.")


def offered(game: GamePort) -> bool:
    """Whether the table offers a take-back now (a solo game with a decision to take back; with
    hidden bids shown, the button stays, and pressing it says why the bid is kept)."""
    solo = sum(1 for s in game.seats if s.is_human) == 1
    return solo and game.takeback_refusal() in (None, TakeBackRule.BIDS_SHOWN)


def take_back(table: TakeBackTable) -> Outcome:
    """Go back to the person's last decision, or say why not (nothing changes then)."""
    game = table.port
    try:
        done = game.take_back()
    except TakeBackError as err:
        return Refused(err.rule, refusal_text(err.rule), {"takeback": err.rule.value})
    table.move_job = None            # a computer decision under way belongs to the undone moves
    table.hint_job = None            # so does a hint: its answer is never shown
    anim = table.animator
    anim.queue.clear()
    anim.active = None
    anim.tween = None
    table._stale()
    anim.shown = Shown.from_view(game.view(table.viewer), table.viewer)
    table.held = None
    table.choice = None
    table.kept.clear()
    table.forced = None
    table.acted_at = float("-inf")
    table._round_told = table._game_told = False
    table.synced = False
    return TakenBack(done.undone[0], len(done.undone), undone_text(done.undone[0], table.look))
