"""``/hearts help``: fits a Discord embed in every language, says what the buttons say, and its
pictures are the renderers' inputs with the language's words and alt text."""

from __future__ import annotations

import pytest

from bot.engine.cards import SUIT_MASKS, cards_of, cardset, suit_of
from bot.engine.rules import QUEEN_POINTS, RuleSet
from bot.engine.scoring import moon_score
from bot.engine.standings import QUIT_PENALTY
from bot.render import render_hand, render_table
from bot.text import LANGUAGES, PSEUDO_LOCALE, image_words, t
from bot.text.alt_text import ALT_MAX
from bot.text.help import help_images, help_page, slash_command
from bot.text.pseudo import unmarked

# Discord's embed limits
TITLE, DESCRIPTION, FIELD_NAME, FIELD_VALUE, FOOTER, TOTAL = 256, 4096, 256, 1024, 2048, 6000


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_the_guide_fits_an_embed(lang: str) -> None:
    page = help_page(lang, rules_link="https://example.test/" + "r" * 80)
    assert 0 < len(page.title) <= TITLE and 0 < len(page.description) <= DESCRIPTION
    assert 0 < len(page.footer) <= FOOTER
    for name, value in page.fields:
        assert 0 < len(name) <= FIELD_NAME and 0 < len(value) <= FIELD_VALUE, (name, len(value))
    total = (
        len(page.title)
        + len(page.description)
        + len(page.footer)
        + sum(len(n) + len(v) for n, v in page.fields)
    )
    assert total <= TOTAL
    assert "{" not in "".join(v for _, v in page.fields)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_names_the_buttons_commands_and_scores_as_the_bot_shows_them(lang: str) -> None:
    text = "\n".join(v for _, v in help_page(lang).fields)
    for button in ("pass_these", "join", "start", "show_hand", "last_trick", "score_sheet"):
        assert f"**{t(f'button.{button}', lang)}**" in text, button
    assert f"`{slash_command('hearts rules', lang)}`" in text
    assert f"`{slash_command('hearts me', lang)}`" in text
    assert str(QUEEN_POINTS) in text and str(moon_score(RuleSet()).others) in text
    assert "docs/RULES.md" in text


def _buttons(lang: str) -> str:
    return dict(help_page(lang).fields)[t("help.buttons.name", lang)]


def test_the_guide_says_a_second_timeout_loses_the_seat_like_leaving() -> None:
    # RULES.md §3 and `/hearts rules`: the second timeout of a game hands the seat to a computer
    # and counts as leaving (−100 ranking points in a ranked game).
    assert (
        "If time runs out, a random card is played for you; a second timeout in the same game hands "
        "your seat to a computer and counts as leaving (−100 ranking points in a ranked game)."
    ) in _buttons("en")
    german = _buttons("de")
    assert "beim zweiten Mal im selben Spiel übernimmt ein Computer deinen Platz" in german
    assert "als Verlassen (−100 Ranglistenpunkte in einem gewerteten Spiel)" in german


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_quotes_the_engines_penalty_for_leaving(lang: str) -> None:
    assert QUIT_PENALTY < 0 and f"−{-QUIT_PENALTY}" in _buttons(lang)


def test_commands_are_named_in_the_readers_language() -> None:
    assert slash_command("hearts rules", "en") == "/hearts rules"
    assert slash_command("hearts rules", "de") == "/hearts regeln"
    assert slash_command("hearts help", "ja") == "/hearts ヘルプ"


def test_no_word_of_the_guide_bypasses_the_catalogue() -> None:
    page = help_page(PSEUDO_LOCALE)
    shown = "\n".join([page.title, page.description, page.footer, *(f"{n}\n{v}" for n, v in page.fields)])
    assert unmarked(shown, allowed=["hearts", "docs/RULES.md"]) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sample_pictures_render_in_the_language_with_alt_text(lang: str) -> None:
    images = help_images(lang)
    assert images.words == image_words(lang)
    names = [seat.name for seat in images.table.seats]
    assert names == [t(f"help.sample_player.{n}", lang) for n in (1, 2, 3, 4)]
    assert len(set(names)) == 4
    # the reader must follow the suit led: exactly the cards of that suit are playable
    led = images.table.seats[images.table.leader or 0].played
    assert led is not None and images.table.to_move == 0
    assert images.hand.playable == images.hand.cards & SUIT_MASKS[suit_of(led)] != 0
    trick = cardset(s.played for s in images.table.seats if s.played is not None)
    assert not images.hand.cards & trick
    for alt in (images.hand_alt, images.table_alt):
        assert 0 < len(alt) <= ALT_MAX and alt.startswith(t("alt.example", lang, text="")[:3])
    assert render_hand(images.hand).startswith(b"\x89PNG")
    assert render_table(images.table, images.words).startswith(b"\x89PNG")
    assert len(cards_of(images.hand.cards)) == 10


def test_the_sample_pictures_have_no_word_outside_the_catalogue() -> None:
    images = help_images(PSEUDO_LOCALE)
    assert all(seat.name.startswith("⟦") for seat in images.table.seats)
    assert unmarked(images.hand_alt) == [] and unmarked(images.table_alt) == []


def test_the_guide_breaks_hearts_as_the_default_table_does() -> None:
    """By default the Q♠ breaks hearts too (RULES.md 1): the guide must not say only a heart does."""
    assert RuleSet().queen_breaks
    points = dict(help_page().fields)[t("help.points.name")]
    assert "You can't lead hearts until a heart or the Q♠ has been played" in points
