from __future__ import annotations

from bot.engine.moves import Refusal
from bot.tables import TableRefusal
from bot.text import has, refusal_key, refusal_text


def test_every_refusal_code_has_words() -> None:
    for code in [*Refusal, *TableRefusal]:
        assert has(refusal_key(code)), code


def test_parameters_are_named_for_people() -> None:
    assert refusal_text(Refusal.MUST_LEAD_FIRST_CARD, card=0) == "The first trick must be led with the 2♣."
    assert refusal_text(Refusal.MUST_FOLLOW_SUIT, suit=3) == "You must follow suit (♥)."
    assert "15" in refusal_text(TableRefusal.BAD_TIME_LIMIT, min=15.0, max=86400.0)
