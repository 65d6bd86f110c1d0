"""English: the complete catalogue and the fallback for every other language."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Refusals from the rules engine (bot.engine.moves.Refusal)
    "refusal.wrong_phase": "That can't be done right now.",
    "refusal.not_your_turn": "It's not your turn yet.",
    "refusal.not_in_hand": "That card isn't in your hand.",
    "refusal.must_lead_first_card": "The first trick must be led with the {card}.",
    "refusal.must_follow_suit": "You must follow suit: play a {suit} card.",
    "refusal.hearts_not_broken": "Hearts aren't broken yet: lead another suit.",
    "refusal.no_points_on_first_trick": "No hearts and no Q♠ on the first trick.",
    "refusal.wrong_pass_count": "Choose exactly {count} cards to pass.",
    "refusal.already_passed": "You've already chosen your cards to pass.",
    "refusal.no_such_seat": "There is no such seat at this table.",
    "refusal.game_over": "This game is over.",
    # Invalid table options (bot.engine.rules.InvalidRules.code)
    "rules.invalid.players": "A table has 3 to 7 seats.",
    "rules.invalid.end": "Choose either a target score or a number of hands.",
    "rules.invalid.target": "The target score must be at least 1.",
    "rules.invalid.hands": "Play at least one hand.",
    "rules.invalid.pass_count": "That many cards can't be passed with this many players.",
    "rules.invalid.bml_passing": "Black-Maria-less is played without passing.",
    "rules.invalid.bml_omnibus": "Omnibus and Black-Maria-less can't be combined.",
    "rules.invalid.bml_tournament": "Tournament scoring needs the Q♠ as a point card.",
    "rules.invalid.tournament_moon": "Tournament scoring fixes the moon score: no shooter's choice.",
    "rules.invalid.unknown_option": "Unknown table option.",
    "rules.invalid.bad_value": "That option value isn't allowed.",
    # Suits (for refusal messages)
    "suit.0": "♣ club",
    "suit.1": "♦ diamond",
    "suit.2": "♠ spade",
    "suit.3": "♥ heart",
}
