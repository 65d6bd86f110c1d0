"""Words in images come from one translatable mapping."""

from __future__ import annotations

import pytest

from bot.render import score_sheet, table
from bot.render.models import ScorePlayer, ScoreSheetImage, TableImage, TableSeat
from bot.render.texts import ENGLISH, Words


def test_a_translation_replaces_only_the_given_words() -> None:
    german = Words.from_mapping({"total": "Gesamt", "hand": "Runde"})
    assert (german.total, german.hand, german.place) == ("Gesamt", "Runde", ENGLISH.place)


def test_unknown_keys_are_a_mistake() -> None:
    with pytest.raises(KeyError):
        Words.from_mapping({"totl": "Gesamt"})


def test_renderers_draw_the_words_they_are_given() -> None:
    sheet = ScoreSheetImage(tuple(ScorePlayer(n) for n in "ABC"), ())
    japanese = Words.from_mapping({"score_sheet": "スコア表", "no_hands_yet": "まだありません"})
    assert score_sheet.render(sheet, japanese) != score_sheet.render(sheet)
    img = TableImage(tuple(TableSeat(n) for n in "ABCD"), hearts_broken=True)
    assert table.render(img, Words.from_mapping({"hearts_broken": "♥ gebrochen"})) != table.render(img)
