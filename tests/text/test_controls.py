"""The words of the one-tap controls and the Last trick answer, in every language."""

from __future__ import annotations

import pytest

from bot.engine.cards import parse_card, parse_cards
from bot.text import LANGUAGES, PSEUDO_LOCALE, card_name, t
from bot.text.controls import card_label, last_trick_text, pass_status
from bot.text.pseudo import unmarked

QS = parse_card("QS")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_button_is_the_cards_name_marked_when_chosen(lang: str) -> None:
    assert card_label(QS, False, lang) == card_name(QS, lang)
    assert card_label(QS, True, lang) == t("button.card_chosen", lang, card=card_name(QS, lang))
    assert card_label(QS, True, lang) != card_label(QS, False, lang)
    assert len(card_label(QS, True, lang)) <= 80  # Discord's button label limit


def test_japanese_card_buttons_put_the_suit_first() -> None:
    assert card_label(QS, False, "ja") == "♠Q"
    assert card_label(QS, False, "de") == "D♠"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_passing_says_what_to_tap_how_many_more_and_what_confirming_does(lang: str) -> None:
    left = t("direction.left", lang)
    assert pass_status(0, 3, left, lang) == t("hand.pass_tap_prompt", lang, count=3, direction=left)
    assert pass_status(0, 3, left, lang, cleared=True) == t("hand.pass_cleared", lang, count=3)
    one = pass_status(parse_cards("QS"), 3, left, lang)
    assert t("hand.pass_choose_more", lang, count=2) in one and card_name(QS, lang) in one
    ready = pass_status(parse_cards("QS KS AS"), 3, left, lang)
    assert f"**{t('button.pass_these', lang)}**" in ready
    assert all(card_name(parse_card(c), lang) in ready for c in ("QS", "KS", "AS"))


def test_english_passing_reads_right() -> None:
    assert pass_status(parse_cards("QS KS"), 3, "to the left", "en") == "Chosen: Q♠ K♠\nChoose 1 more."
    assert pass_status(0, 1, "across", "en") == (
        "Tap 1 card to pass across; tap a chosen card again to put it back."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_trick_names_each_card_and_the_winner(lang: str) -> None:
    plays = [("Alice", parse_card("9S")), ("Bob", parse_card("KS")), ("Chandra", QS)]
    text = last_trick_text(plays, 4, "Bob", lang)
    shown = [t("last_trick.play", lang, name=name, card=card_name(card, lang)) for name, card in plays]
    assert text == t(
        "last_trick.answer", lang, trick=4, plays=t("list.separator", lang).join(shown), name="Bob"
    )
    assert last_trick_text(plays, 4, "Chandra", lang) != text  # the winner is the one named
    assert last_trick_text([], None, None, lang) == t("last_trick.none", lang)


def test_no_control_word_bypasses_the_catalogue() -> None:
    shown = [
        pass_status(parse_cards("QS"), 3, t("direction.left", PSEUDO_LOCALE), PSEUDO_LOCALE),
        pass_status(parse_cards("QS KS AS"), 3, t("direction.left", PSEUDO_LOCALE), PSEUDO_LOCALE),
        last_trick_text([("Alice", QS)], 1, "Alice", PSEUDO_LOCALE),
        card_label(QS, True, PSEUDO_LOCALE),
    ]
    assert all(unmarked(text, allowed=["Alice"]) == [] for text in shown), shown
