"""The shooter's moon choice through Discord: a rigged deal lets alice take every trick."""

from __future__ import annotations

import pytest

from bot.engine import hand as hand_module
from bot.engine.cards import FULL_DECK, cards_of, parse_cards
from bot.engine.rules import RuleSet
from bot.text import t
from playtest.harness import Hearts

ALICE = parse_cards("AC KC QC JC AD KD QD AS KS QS AH KH QH")  # every lead and every follow wins


def rigged_deal(rules: RuleSet, seed: int | str) -> list[int]:
    rest = cards_of(FULL_DECK & ~ALICE)
    return [ALICE] + [sum(1 << c for c in rest[i::3]) for i in range(3)]


async def test_the_shooter_chooses_how_the_moon_counts(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hand_module, "deal", rigged_deal)
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1, moon="shooter_chooses", passing="none")
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(lambda: hearts.latest_with(alice, "moon") is not None, [alice])
    offer = hearts.latest_with(alice, "moon")
    assert offer is not None and t("hand.moon_prompt") in offer.content
    me = t("button.moon_self", points=26)
    assert set(offer.labels) == {t("button.moon_others", points=26), me}
    ix = await hearts.emu.click(alice, offer, label=me)
    await ix.wait_acknowledged()
    chosen = t("hand.moon_chosen", choice=me)
    assert (await hearts.wait_content(offer, chosen)).content == chosen  # (an ack may be a defer)
    scored = await hearts.wait_public("**Hand 1:**")
    assert "alice -26" in scored.content and t("announce.moon", name="alice") in scored.content
    await hearts.emu.wait_until(hearts.game_over, what="the game's end")
