"""The words on and around the one-tap hand controls and the Last trick answer.

Pure functions from engine values (cards, card sets) to the reader's text, so the Discord side
only lays out buttons: a card's label (marked when chosen to pass), the passing line that says how
many cards are still to choose, and who played what in the last trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import Card, CardSet, cards_of
from bot.text.cards import card_list, card_name
from bot.text.catalogue import t


def card_label(card: Card, chosen: bool, locale: str | None) -> str:
    """A card button: ``Q♠`` (``♠Q`` in Japanese), ``✓ Q♠`` once chosen to pass."""
    name = card_name(card, locale)
    return t("button.card_chosen", locale, card=name) if chosen else name


def pass_status(
    chosen: CardSet, count: int, direction: str, locale: str | None, *, cleared: bool = False
) -> str:
    """The line above the passing buttons: what to tap, what is chosen and how many are still
    missing, or — with all ``count`` chosen — what confirming will pass."""
    picked = len(cards_of(chosen))
    if picked >= count:
        return t(
            "hand.pass_ready",
            locale,
            cards=card_list(chosen, locale),
            direction=direction,
            button=t("button.pass_these", locale),
        )
    if picked == 0:
        key = "hand.pass_cleared" if cleared else "hand.pass_tap_prompt"
        return t(key, locale, count=count, direction=direction)
    return "\n".join(
        (
            t("hand.pass_chosen_cards", locale, cards=card_list(chosen, locale)),
            t("hand.pass_choose_more", locale, count=count - picked),
        )
    )


def last_trick_text(
    plays: Sequence[tuple[str, Card]], trick_number: int | None, winner: str | None, locale: str | None
) -> str:
    """The Last trick answer: each player's card in the order played and who took it; before the
    first trick of a hand is taken, says so."""
    if not plays or winner is None or trick_number is None:
        return t("last_trick.none", locale)
    shown = t("list.separator", locale).join(
        t("last_trick.play", locale, name=name, card=card_name(card, locale)) for name, card in plays
    )
    return t("last_trick.answer", locale, trick=trick_number, plays=shown, name=winner)
