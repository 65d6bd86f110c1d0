"""``/hearts help``: a first-timer's guide in the reader's language, with a sample hand and table.

Pure values, so the Discord side only copies them into an embed and two attachments. The scores
the guide quotes (cards passed, the Q♠, shooting the moon, leaving) come from the engine's standard
rules, the button names from the catalogue (the guide names exactly what the buttons say), and the
slash commands it mentions by their localized names.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import SPADES, parse_card, parse_cards
from bot.engine.rules import QUEEN_POINTS, RuleSet
from bot.engine.scoring import moon_score
from bot.engine.standings import QUIT_PENALTY
from bot.render.models import HandImage, TableImage, TableSeat
from bot.render.texts import Words
from bot.text.alt_text import example_alt, hand_alt, table_alt
from bot.text.catalogue import t
from bot.text.commands import command_key
from bot.text.images import image_words

HELP_SECTIONS = ("passing", "playing", "points", "moon", "buttons", "more")
"""The guide's embed fields, in reading order (``help.<section>.name`` / ``.value``)."""
RULES_BOOK = "`docs/RULES.md`"
"""Where the full rules are when the caller has no link to give (the rules text says the same)."""


@dataclass(frozen=True, slots=True)
class HelpPage:
    """An embed's worth: title, description and (name, value) fields."""

    title: str
    description: str
    fields: tuple[tuple[str, str], ...]
    footer: str


@dataclass(frozen=True, slots=True)
class HelpImages:
    """The renderers' inputs for the guide's two pictures, their words and their alt text."""

    hand: HandImage
    table: TableImage
    words: Words
    hand_alt: str
    table_alt: str


def slash_command(path: str, locale: str | None) -> str:
    """``/hearts rules`` as the reader's client shows it (``/hearts regeln``)."""
    parts = path.split(" ")
    names = [t(command_key(" ".join(parts[: i + 1]), "name"), locale) for i in range(len(parts))]
    return "/" + " ".join(names)


def help_page(locale: str | None = None, rules_link: str = RULES_BOOK) -> HelpPage:
    rules = RuleSet()
    params = {
        "pass_count": rules.pass_count,
        "queen": QUEEN_POINTS,
        "moon": moon_score(rules).others,
        "penalty": QUIT_PENALTY,
        "pass_button": t("button.pass_these", locale),
        "join": t("button.join", locale),
        "start": t("button.start", locale),
        "show_hand": t("button.show_hand", locale),
        "last_trick": t("button.last_trick", locale),
        "score_sheet": t("button.score_sheet", locale),
        "rules_command": slash_command("hearts rules", locale),
        "me_command": slash_command("hearts me", locale),
        "rules_link": rules_link,
    }
    fields = tuple(
        (t(f"help.{section}.name", locale), t(f"help.{section}.value", locale, **params))
        for section in HELP_SECTIONS
    )
    return HelpPage(
        title=t("help.title", locale),
        description=t("help.intro", locale),
        fields=fields,
        footer=t("help.images", locale),
    )


SAMPLE_HAND = parse_cards("3C 8C KC 9D QD 2S 7S JS QS 8H")
SAMPLE_SCORES = (12, 30, 8, 21)
SAMPLE_TRICK = (None, parse_card("9S"), parse_card("KS"), parse_card("5S"))
"""The second player led the 9♠, the others followed; the reader, last to play, must follow spades."""


def help_images(locale: str | None = None) -> HelpImages:
    """A hand following spades (the other suits greyed) and the table around it, mid-trick.

    The four players have short first names of the reader's language (``help.sample_player.<n>``),
    so the example reads like a table of friends and every name fits its plate."""
    seats = tuple(
        TableSeat(
            t(f"help.sample_player.{n}", locale),
            score=score,
            hand_points=0,
            played=card,
            cards_left=10 if card is None else 9,
        )
        for n, score, card in zip((1, 2, 3, 4), SAMPLE_SCORES, SAMPLE_TRICK, strict=True)
    )
    table = TableImage(seats=seats, leader=1, to_move=0, hand_number=3, trick_number=4)
    hand = HandImage(cards=SAMPLE_HAND, playable=SAMPLE_HAND & SPADES)
    return HelpImages(
        hand=hand,
        table=table,
        words=image_words(locale),
        hand_alt=example_alt(hand_alt(hand, locale), locale),
        table_alt=example_alt(table_alt(table, locale), locale),
    )
