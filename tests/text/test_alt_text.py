"""Alt text: the information of each image in words, in every language, within Discord's 1024."""

from __future__ import annotations

import pytest

from bot.engine.cards import FULL_DECK, HEARTS, SPADES, TEN_OF_DIAMONDS, cards_of, parse_card, parse_cards
from bot.render.models import (
    FinalStandings,
    HandImage,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    Shot,
    StandingRow,
    TableImage,
    TableSeat,
)
from bot.text import LANGUAGES, PSEUDO_LOCALE, card_full_name, suit_name, t
from bot.text.alt_text import ALT_MAX, fit, hand_alt, score_sheet_alt, standings_alt, table_alt
from bot.text.pseudo import unmarked

HAND = parse_cards("3C 8C KC 2D 9D TD QD 5S 9S JS QS 4H 8H")
NAMES = ("Alice", "Bot Bernard", "王小明", "😀 Zoë")
TABLE = TableImage(
    seats=(
        TableSeat("Alice", score=23, hand_points=0, played=parse_card("9S"), cards_left=9),
        TableSeat(
            "Bot Bernard", is_computer=True, score=41, hand_points=5, played=parse_card("KS"), cards_left=9
        ),
        TableSeat("王小明", score=12, hand_points=13, cards_left=10),
        TableSeat("😀 Zoë", score=57, hand_points=1, played=parse_card("5S"), cards_left=9),
    ),
    leader=3,
    to_move=2,
    hearts_broken=True,
    hand_number=4,
    trick_number=4,
)


def sheet(hands: int, names: tuple[str, ...] = NAMES) -> ScoreSheetImage:
    rows, totals = [], (0,) * len(names)
    for i in range(hands):
        points = tuple((i * 7 + j * 5) % 14 for j in range(len(names)))
        totals = tuple(a + b for a, b in zip(totals, points, strict=True))
        rows.append(ScoreRow(points, totals, shooter=2 if i == 1 else None, shot=Shot.MOON))
    return ScoreSheetImage(players=tuple(ScorePlayer(n) for n in names), rows=tuple(rows), target=100)


STANDINGS = FinalStandings(
    rows=(
        StandingRow(1, "王小明", 40, 130, shared=True),
        StandingRow(1, "Alice", 40, 130, shared=True),
        StandingRow(3, "😀 Zoë", 101, 100),
        StandingRow(4, "Dmitri", 77, -100, quit=True),
        StandingRow(None, "Bot Bernard", 62, None, is_computer=True),
    ),
    hands_played=6,
)

EVERY_IMAGE = {
    "hand": lambda lang: hand_alt(
        HandImage(
            HAND,
            playable=HAND & SPADES,
            selected=parse_cards("QS"),
            received=parse_cards("KC"),
            bonus_card=TEN_OF_DIAMONDS,
        ),
        lang,
    ),
    "table": lambda lang: table_alt(TABLE, lang),
    "sheet": lambda lang: score_sheet_alt(sheet(6), lang),
    "standings": lambda lang: standings_alt(STANDINGS, lang),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hand_says_every_card_by_suit_and_what_may_be_played(lang: str) -> None:
    text = hand_alt(HandImage(HAND, playable=HAND & SPADES, bonus_card=TEN_OF_DIAMONDS), lang)
    assert t("alt.hand", lang, count=13) in text
    for suit in (0, 1, 2, 3):
        assert suit_name(suit, lang) in text
    for card in cards_of(HAND & SPADES):
        assert card_full_name(card, lang) in text  # the playable ones, in full
    assert card_full_name(TEN_OF_DIAMONDS, lang) in text and "−10" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hand_says_what_is_chosen_received_or_not_playable(lang: str) -> None:
    chosen = hand_alt(HandImage(HAND, selected=parse_cards("QS 4H")), lang)
    assert (
        t(
            "alt.chosen",
            lang,
            cards=t("list.separator", lang).join(
                card_full_name(c, lang) for c in cards_of(parse_cards("QS 4H"))
            ),
        )
        in chosen
    )
    received = hand_alt(HandImage(HAND, received=parse_cards("KC")), lang)
    assert card_full_name(parse_card("KC"), lang) in received
    assert t("alt.playable_all", lang) in hand_alt(HandImage(HAND, playable=HAND), lang)
    assert t("alt.playable_none", lang) in hand_alt(HandImage(HAND, playable=0), lang)
    assert hand_alt(HandImage(0), lang) == t("alt.hand_empty", lang)
    plain = hand_alt(HandImage(HAND), lang)
    assert t("alt.playable_all", lang) not in plain and card_full_name(parse_card("QS"), lang) not in plain


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_says_scores_the_trick_and_whose_turn(lang: str) -> None:
    text = table_alt(TABLE, lang)
    for seat in TABLE.seats:
        assert t("alt.seat", lang, name=seat.name, score=seat.score) in text
    assert t("alt.seat_led", lang, card=card_full_name(parse_card("5S"), lang)) in text
    assert t("alt.seat_played", lang, card=card_full_name(parse_card("KS"), lang)) in text
    assert t("alt.to_move", lang, name="王小明") in text
    assert t("image.hearts_broken", lang) in text
    taken = table_alt(TableImage(seats=TABLE.seats, leader=3, winner=1), lang)
    assert t("alt.trick_taken", lang, name="Bot Bernard") in taken
    empty = table_alt(TableImage(seats=tuple(TableSeat(n) for n in NAMES)), lang)
    assert t("alt.trick_empty", lang) in empty and t("image.hearts_not_broken", lang) in empty


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheet_gives_totals_leaders_and_every_hand(lang: str) -> None:
    text = score_sheet_alt(sheet(3), lang)
    totals = sheet(3).rows[-1].totals
    for name, total in zip(NAMES, totals, strict=True):
        assert t("alt.sheet_score", lang, name=name, points=total) in text
    for hand in (1, 2, 3):
        assert t("alt.sheet_row", lang, hand=hand, points="").rstrip(". 。।")[:-1] in text
    assert t("image.moon", lang) in text
    assert t("image.no_hands_yet", lang) in score_sheet_alt(sheet(0), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_game_keeps_the_latest_hands_and_says_how_many_are_left_out(lang: str) -> None:
    seven = tuple(f"Player with a long name {i}" for i in range(7))
    text = score_sheet_alt(sheet(40, seven), lang)
    assert len(text) <= ALT_MAX
    assert t("alt.sheet_row", lang, hand=40, points="")[:6] in text
    assert t("alt.sheet_totals", lang, totals="")[:4] in text
    skipped = [n for n in range(1, 40) if f" {t('alt.earlier_hands', lang, count=n)}" in text]
    assert len(skipped) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_standings_give_places_totals_and_ranking_points(lang: str) -> None:
    text = standings_alt(STANDINGS, lang)
    assert t("alt.standings_row", lang, place=3, name="😀 Zoë", total=101) in text
    assert t("alt.standings_unranked", lang, name="Bot Bernard", total=62) in text
    assert t("alt.standings_ranking", lang, delta=-100) in text
    assert t("alt.standings_shared", lang) in text and t("image.quit", lang) in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("image", sorted(EVERY_IMAGE))
def test_every_alt_text_fits_discord(lang: str, image: str) -> None:
    text = EVERY_IMAGE[image](lang)
    assert 0 < len(text) <= ALT_MAX and "{" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_biggest_images_still_fit(lang: str) -> None:
    long = "𝓛𝓸𝓷𝓰 𝓷𝓪𝓶𝓮 " * 3
    seven = TableImage(
        seats=tuple(
            TableSeat(f"{long}{i}", is_computer=i % 2 == 1, score=99, hand_points=26, played=c, cards_left=7)
            for i, c in enumerate(cards_of(HEARTS)[:7])
        ),
        leader=0,
        winner=3,
        hand_number=12,
        trick_number=7,
    )
    assert len(table_alt(seven, lang)) <= ALT_MAX
    assert (
        len(hand_alt(HandImage(FULL_DECK, playable=HEARTS, selected=SPADES, received=HEARTS), lang))
        <= ALT_MAX
    )
    many = FinalStandings(tuple(StandingRow(i + 1, f"{long}{i}", 100 + i, -100) for i in range(7)), 30)
    assert len(standings_alt(many, lang)) <= ALT_MAX


@pytest.mark.parametrize("image", sorted(EVERY_IMAGE))
def test_no_word_of_the_alt_text_bypasses_the_catalogue(image: str) -> None:
    """In the pseudo-locale every word is marked, names aside."""
    text = EVERY_IMAGE[image](PSEUDO_LOCALE)
    assert unmarked(text, allowed=[*NAMES, "Dmitri"]) == [], text


def test_fit_ends_at_a_whole_sentence() -> None:
    assert fit(["One.", "Two."], limit=9) == "One. Two."
    assert fit(["One.", "Two.", "Three."], limit=12) == "One. Two. …"
    assert fit(["x" * 20], limit=10) == "x" * 9 + "…"
    assert fit([]) == ""
    assert all(len(fit(["word"] * n, limit=50)) <= 50 for n in range(30))
