from bot.engine.cards import (
    FULL_DECK,
    QUEEN_OF_SPADES,
    Rank,
    Suit,
    card_code,
    card_name,
    cards_of,
    cardset,
    format_cards,
    make_card,
    nth_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)


def test_every_card_round_trips_through_its_code_and_name() -> None:
    for c in range(52):
        assert parse_card(card_code(c)) == c
        assert parse_card(card_name(c)) == c
    assert len({card_code(c) for c in range(52)}) == 52


def test_encoding_orders_rank_within_suit() -> None:
    qs = make_card(Rank.QUEEN, Suit.SPADES)
    assert qs == QUEEN_OF_SPADES
    assert suit_of(qs) is Suit.SPADES and rank_of(qs) is Rank.QUEEN
    assert parse_card("AS") > parse_card("KS") > parse_card("2S")
    assert card_name(parse_card("10h")) == "10♥"
    assert card_code(parse_card("10♥")) == "TH"


def test_sets_and_nth_card() -> None:
    mask = parse_cards("2C QS AH 5D")
    assert format_cards(mask) == "2C 5D QS AH"
    assert [nth_card(mask, i) for i in range(4)] == cards_of(mask)
    assert cardset(cards_of(FULL_DECK)) == FULL_DECK


def test_bad_card_codes_are_refused() -> None:
    import pytest

    for bad in ["", "1S", "QX", "ZZ", "11H"]:
        with pytest.raises(ValueError):
            parse_card(bad)
