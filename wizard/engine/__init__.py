"""The rules of Wizard: cards, actions, state, legal moves, scoring. Standard library only."""

from .actions import Action, Bid, ChooseTrump, Play, bid, play
from .cards import ALL_CARDS, SUITS, Card, CardError, Kind, card, cards
from .config import BidVisibility, GameConfig, Options, PublicConfig
from .dealing import PresetDeals, stacked_pack
from .edition import Edition, EditionRules, Power, Scoring, deck, rules_of
from .errors import (
                     ConfigError,
                     IllegalActionError,
                     IllegalBidError,
                     IllegalPlayError,
                     IllegalTrumpError,
                     Rule,
)
from .events import (
                     BidMade,
                     BidsRevealed,
                     CardDealt,
                     CardDrawn,
                     CardPlayed,
                     DealerChosen,
                     Event,
                     GameOver,
                     RoundScored,
                     RoundStarted,
                     TrickWon,
                     TrumpChosen,
                     TrumpRevealed,
)
from .house import HOUSE_RULES, GameRules, HouseRule, resolve
from .phase import Phase
from .record import GameRecord, RecordError, Step, TakeBack, deal_in, replay, steps
from .scoring import Bonus, BonusKind
from .state import GameState, start
from .trick import TrickNote, Verdict, WinReason, judge
from .view import (
                     PlayerView,
                     RoundResult,
                     TrickRecord,
                     bids_seen,
                     event_for,
                     events_for,
                     public_view,
)

__all__ = [
    "PresetDeals", "stacked_pack",
    "Action", "Bid", "ChooseTrump", "Play", "bid", "play",
    "ALL_CARDS", "SUITS", "Card", "CardError", "Kind", "card", "cards", "deck",
    "Edition", "EditionRules", "Power", "Scoring", "rules_of",
    "BidVisibility", "GameConfig", "GameRules", "HOUSE_RULES", "HouseRule", "Options",
    "PublicConfig", "resolve",
    "ConfigError", "IllegalActionError", "IllegalBidError", "IllegalPlayError",
    "IllegalTrumpError", "Rule",
    "BidMade", "BidsRevealed", "CardDealt", "CardDrawn", "CardPlayed", "DealerChosen", "Event",
    "GameOver", "RoundScored", "RoundStarted", "TrickWon", "TrumpChosen", "TrumpRevealed",
    "Bonus", "BonusKind",
    "GameRecord", "RecordError", "Step", "TakeBack", "GameState", "Phase", "replay", "start",
    "steps", "deal_in",
    "PlayerView", "RoundResult", "TrickRecord", "bids_seen", "event_for", "events_for",
    "public_view",
    "TrickNote", "Verdict", "WinReason", "judge",
]
