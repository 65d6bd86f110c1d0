"""The rules of Hearts (RULES.md sections 1–3): pure, deterministic from a seed, fast.

No I/O, no asyncio, no discord imports. Everything else in the bot builds on this package.
"""

from bot.engine.cards import Card, CardSet, Rank, Suit
from bot.engine.game import (
    CardPlayed,
    EndReason,
    Game,
    GameEnded,
    GameEvent,
    GameResult,
    HandScored,
    HandStarted,
    Occupant,
    PassChosen,
    PassesExchanged,
    QuitReason,
    SeatKind,
    SheetRow,
    Standing,
    TrickTaken,
)
from bot.engine.hand import Hand, Phase, PlayResult, Trick, deal
from bot.engine.moves import ChooseMoon, IllegalMove, Move, PassCards, PlayCard, Refusal
from bot.engine.rules import (
    FivePlayerRemoval,
    InvalidRules,
    MoonScoring,
    Omnibus,
    PassDirection,
    PassRotation,
    RuleSet,
    Scoring,
)
from bot.engine.scoring import HandOutcome, HandScore
from bot.engine.tricks import legal_cards, winning_index
from bot.engine.view import SeatView, seat_view

__all__ = [
    "Card",
    "CardPlayed",
    "CardSet",
    "ChooseMoon",
    "EndReason",
    "FivePlayerRemoval",
    "Game",
    "GameEnded",
    "GameEvent",
    "GameResult",
    "Hand",
    "HandOutcome",
    "HandScore",
    "HandScored",
    "HandStarted",
    "IllegalMove",
    "InvalidRules",
    "MoonScoring",
    "Move",
    "Occupant",
    "Omnibus",
    "PassCards",
    "PassChosen",
    "PassDirection",
    "PassRotation",
    "PassesExchanged",
    "Phase",
    "PlayCard",
    "PlayResult",
    "QuitReason",
    "Rank",
    "Refusal",
    "RuleSet",
    "Scoring",
    "SeatKind",
    "SeatView",
    "SheetRow",
    "Standing",
    "Suit",
    "Trick",
    "TrickTaken",
    "deal",
    "legal_cards",
    "seat_view",
    "winning_index",
]
