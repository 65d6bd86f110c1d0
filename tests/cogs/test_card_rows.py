"""The hand's card buttons fit Discord's limits for every hand: each size a player count deals (up
to 17 cards with 3 players), every suit distribution, with the controls' own buttons."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest

from bot.engine.cards import CardSet, cards_of, suit_of
from bot.engine.hand import Phase
from bot.engine.rules import PassDirection, RuleSet
from bot.tables import PrivateHand
from bot.text import card_name, t
from cogs.hearts._card_rows import MAX_ROWS, ROW_WIDTH, card_rows, extra_rows
from cogs.hearts._controls import hand_view

MAX_HAND = 17  # 52 cards (one removed) between 3 players


def distributions(size: int) -> Iterator[tuple[int, ...]]:
    """Every way ``size`` cards fall into four suits of 13."""
    for counts in product(range(14), repeat=3):
        last = size - sum(counts)
        if 0 <= last <= 13:
            yield (*counts, last)


def hand_of(counts: tuple[int, ...]) -> CardSet:
    return sum(1 << (suit * 13 + rank) for suit, n in enumerate(counts) for rank in range(n))


def test_every_distribution_fits_with_up_to_five_more_buttons() -> None:
    checked = 0
    for size in range(MAX_HAND + 1):
        for counts in distributions(size):
            cards = cards_of(hand_of(counts))
            for extras in range(6):
                if size > (MAX_ROWS - extra_rows(extras)) * ROW_WIDTH:
                    continue
                rows = card_rows(cards, extras)
                assert [c for row in rows for c in row] == cards  # every card once, in hand order
                assert len(rows) + extra_rows(extras) <= MAX_ROWS
                assert all(1 <= len(row) <= ROW_WIDTH for row in rows)
                separate = sum(-(-n // ROW_WIDTH) for n in counts)
                if separate + extra_rows(extras) <= MAX_ROWS:  # room enough: one suit per row
                    assert all(len({suit_of(c) for c in row}) == 1 for row in rows)
                checked += 1
    assert checked > 20_000


def test_too_many_buttons_are_refused() -> None:
    with pytest.raises(ValueError):
        card_rows(list(range(21)), extras=1)


def _hand(cards: CardSet, phase: Phase, playable: CardSet = 0) -> PrivateHand:
    return PrivateHand(
        table_id=10**9, seat=2, player_id="1", move_number=10**6, deadline=None, hand_number=1, phase=phase,
        cards=cards, your_turn=True, playable=playable, pass_count=3 if phase is Phase.PASSING else 0,
        pass_direction=PassDirection.LEFT, pass_target=0, passed=None, received=0, choose_moon=False,
    )  # fmt: skip


@pytest.mark.parametrize("size", [8, 10, 13, MAX_HAND])
async def test_every_hand_view_is_one_button_per_card_within_discords_limits(size: int) -> None:
    rules = RuleSet()
    for counts in distributions(size):
        cards = hand_of(counts)
        playable = 1 << cards_of(cards)[-1]
        for view in (
            hand_view(_hand(cards, Phase.PASSING), rules, selected=playable),
            hand_view(_hand(cards, Phase.PLAYING, playable), rules),
        ):
            assert view is not None
            rows = view.to_components()
            assert len(rows) <= MAX_ROWS and all(len(r["components"]) <= ROW_WIDTH for r in rows)
            ids = [b["custom_id"] for r in rows for b in r["components"]]
            assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
            cards_shown = [i for i in ids if i.startswith(("hh:card:", "hh:pick:"))]
            assert len(cards_shown) == size
            enabled = [b for r in rows for b in r["components"] if not b.get("disabled")]
            if ids[0].startswith("hh:card:"):
                assert [b["custom_id"].split(":")[5] for b in enabled] == [str(cards_of(playable)[0])]


@pytest.mark.parametrize("lang", ["de", "ja", "hi"])
async def test_the_card_buttons_and_pass_button_are_in_the_readers_language(lang: str) -> None:
    cards = hand_of((4, 3, 3, 3))
    chosen = 1 << cards_of(cards)[0]
    for view, phase in (
        (hand_view(_hand(cards, Phase.PASSING), RuleSet(), chosen, lang), Phase.PASSING),
        (hand_view(_hand(cards, Phase.PLAYING, cards), RuleSet(), locale=lang), Phase.PLAYING),
    ):
        assert view is not None
        buttons = [b for r in view.to_components() for b in r["components"]]
        labels = {
            b["custom_id"].split(":")[5]: b["label"]
            for b in buttons
            if b["custom_id"].startswith(("hh:card:", "hh:pick:"))
        }
        for card in cards_of(cards):
            name = card_name(card, lang)
            chosen_now = phase is Phase.PASSING and chosen >> card & 1
            assert labels[str(card)] == (t("button.card_chosen", lang, card=name) if chosen_now else name)
        if phase is Phase.PASSING:
            assert buttons[-1]["label"] == t("button.pass_these", lang) and buttons[-1]["disabled"]
