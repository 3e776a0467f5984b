"""The table without a screen: snapshot, animations on a clock, curtain, intents in, outcomes out.

No pygame here (a test imports this package with pygame blocked). ``wizard.ui`` draws a ``Table``
and turns clicks and keys into its intents.
"""

from .animation import DURATIONS, SOUND_OF, Animator
from .clock import SPEEDS, Clock
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
)
from .runner import Job, Runner
from .shown import Shown
from .table import Table

__all__ = [
    "DURATIONS", "SOUND_OF", "SPEEDS", "Accepted", "Animator", "AskHint", "BidIntent",
    "CancelChoice", "ChoiceNeeded", "Clock", "CurtainUp", "GameOver", "HintReady", "Ignored",
    "Intent", "Job", "Kept", "MerlinIntent", "NextRound", "Outcome", "PlayIntent", "Ready",
    "Refused", "Runner", "RoundOver", "Shown", "SkipAnimation", "Table", "TakeBackIntent",
    "TakenBack", "TrumpIntent",
]
