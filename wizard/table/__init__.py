"""The table without a screen: snapshot, animations on a clock, curtain, intents in, outcomes out.

The table talks to its game only through ``port.GamePort`` and plays the computer seats itself
(``computer.ComputerSeats``). ``Seat`` and ``Session`` (the game in this process, which is a
``GamePort``) are handed on from ``wizard.session`` so that the screen imports only this package;
so are a seat's spec and the rule for a typed name (``SeatSpec``, ``clean_name``,
``is_valid_name``) and the deals' seeds (``deal_rng``, ``secret_seed``).

No pygame here (a test imports this package with pygame blocked). ``wizard.ui`` draws a ``Table``
and turns clicks and keys into its intents.
"""

from wizard.session import Seat, Session, TakeBackError, TakeBackRule
from wizard.session.deals import deal_rng, secret_seed
from wizard.session.seats import SeatSpec, clean_name, is_valid_name

from .animation import DURATIONS, SOUND_OF, Animator
from .clock import SPEEDS, Clock
from .computer import ComputerSeats, Decider, default_ai_factory, play_out, step_ai
from .intents import (
    Accepted,
    AskHint,
    BidIntent,
    CancelChoice,
    ChoiceNeeded,
    CurtainUp,
    GameOver,
    HintReady,
    Ignored,
    Intent,
    Kept,
    MerlinIntent,
    NextRound,
    Outcome,
    PlayIntent,
    Ready,
    Refused,
    RoundOver,
    SkipAnimation,
    TakeBackIntent,
    TakenBack,
    TrumpIntent,
    intent_for,
)
from .port import GamePort
from .runner import Job, Runner
from .shown import Shown
from .table import Table

__all__ = [
    "SeatSpec", "clean_name", "deal_rng", "is_valid_name", "secret_seed",
    "DURATIONS", "SOUND_OF", "SPEEDS", "Accepted", "Animator", "AskHint", "BidIntent",
    "CancelChoice", "ChoiceNeeded", "Clock", "ComputerSeats", "CurtainUp", "Decider", "GameOver",
    "GamePort", "HintReady", "Ignored", "Seat", "Session", "TakeBackError", "TakeBackRule",
    "default_ai_factory", "intent_for", "play_out", "step_ai",
    "Intent", "Job", "Kept", "MerlinIntent", "NextRound", "Outcome", "PlayIntent", "Ready",
    "Refused", "Runner", "RoundOver", "Shown", "SkipAnimation", "Table", "TakeBackIntent",
    "TakenBack", "TrumpIntent",
]
