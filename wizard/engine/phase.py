"""Where a game stands: the ``Phase`` enum, on its own so views and state both use it."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where the game stands. DRAW, DEAL and ROUND_END wait for ``advance(rng)``.

    The values are the lower-case names the bot protocol and the texts use (``Phase.BID.value ==
    "bid"``).
    """

    DRAW = "draw"            # chance: cards are drawn for first dealer
    DEAL = "deal"            # chance: the first round is to be dealt
    TRUMP = "trump"          # the dealer chooses the trump suit
    BID = "bid"
    PLAY = "play"
    ROUND_END = "round_end"  # chance: a round was scored, the next deal is pending
    GAME_OVER = "game_over"
