"""Everything drawn or written after a hand's last trick reads right: the table picture shows the
13th trick taken (never "Trick 14", never an empty trick), and so do its alt text, the table
message, the Last trick answer and the score sheet, at a moon choice and at the game's end."""

from __future__ import annotations

import pytest

from bot.engine import hand as hand_module
from bot.engine.cards import FULL_DECK, cards_of, parse_cards
from bot.engine.game import Game, Occupant
from bot.engine.hand import Phase
from bot.engine.moves import PlayCard
from bot.engine.rules import MoonScoring, PassRotation, RuleSet
from bot.engine.scoring import HandOutcome, trick_points
from bot.tables import TableOptions, TableStatus
from bot.tables.snapshot import Feat, TableSnapshot, private_hand, score_sheet, table_snapshot
from bot.tables.table import Table
from bot.text import image_words, t
from bot.text.alt_text import hand_alt, score_sheet_alt, table_alt
from bot.text.controls import last_trick_text
from cogs.hearts import _images as images
from cogs.hearts._wording import hand_text, table_text

ALICE = parse_cards("AC KC QC JC AD KD QD AS KS QS AH KH QH")  # takes every trick
NAMES = {"111": "Alice"}


def rigged_deal(rules: RuleSet, seed: int | str) -> list[int]:
    rest = cards_of(FULL_DECK & ~ALICE)
    return [ALICE] + [sum(1 << c for c in rest[i::3]) for i in range(3)]


def rigged_table(monkeypatch: pytest.MonkeyPatch, rules: RuleSet) -> Table:
    """A table whose game has just started on the rigged deal (Alice in seat 0)."""
    monkeypatch.setattr(hand_module, "deal", rigged_deal)
    seats = [Occupant.person("111")] + [Occupant.computer() for _ in range(3)]
    table = Table(1, "1", "2", "111", TableOptions(rules=rules), seed=1, created_at=0.0, lobby=list(seats))
    table.game = Game(rules, 1, list(seats))
    table.status = TableStatus.PLAYING
    return table


def play(game: Game, cards: int = 52) -> None:
    """Up to ``cards`` cards while the hand is played: Alice (seat 0) her highest, so she takes
    every trick, the computers their lowest."""
    for _ in range(cards):
        if game.over or game.hand.phase is not Phase.PLAYING:
            return
        seat = game.hand.waiting_for()[0]
        legal = cards_of(game.hand.legal_plays())
        game.apply(PlayCard(seat, max(legal) if seat == 0 else min(legal)))


def after_the_last_trick(monkeypatch: pytest.MonkeyPatch, rules: RuleSet) -> tuple[Table, TableSnapshot]:
    """A one-hand table played to its last trick."""
    table = rigged_table(monkeypatch, rules)
    assert table.game is not None
    play(table.game)
    if table.game.over:
        table.status = TableStatus.FINISHED
    return table, table_snapshot(table)


ONE_HAND = RuleSet(target_score=None, fixed_hands=1, pass_rotation=PassRotation.NONE)


@pytest.mark.parametrize(
    ("rules", "phase"),
    [
        (ONE_HAND, Phase.SCORED),  # the game's end
        (RuleSet(moon=MoonScoring.SHOOTER_CHOOSES, pass_rotation=PassRotation.NONE), Phase.MOON_CHOICE),
    ],
)
def test_the_table_picture_after_the_last_trick_shows_the_13th_trick_taken(
    monkeypatch: pytest.MonkeyPatch, rules: RuleSet, phase: Phase
) -> None:
    _, snap = after_the_last_trick(monkeypatch, rules)
    assert snap.phase is phase and sum(snap.tricks_won) == 13
    image = images.table_image(snap, NAMES)
    assert image.trick_number == 13
    assert image.winner == 0 and sum(seat.played is not None for seat in image.seats) == 4
    for lang in ("en", "de", "ja"):
        alt = table_alt(image, lang)
        words = image_words(lang)
        assert words.fill(words.trick_number, trick=13) in alt
        assert words.fill(words.trick_number, trick=14) not in alt
        assert t("alt.trick_taken", lang, name="Alice") in alt
        assert t("alt.trick_empty", lang) not in alt


def test_a_trick_in_play_and_a_trick_just_taken_are_numbered_as_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = rigged_table(monkeypatch, ONE_HAND)
    assert table.game is not None
    assert images.table_image(table_snapshot(table), NAMES).trick_number == 1
    play(table.game, 4)  # the first trick, taken by Alice
    taken = images.table_image(table_snapshot(table), NAMES)
    assert (taken.trick_number, taken.winner) == (1, 0)  # the trick on the table is trick 1
    play(table.game, 1)
    assert images.table_image(table_snapshot(table), NAMES).trick_number == 2


def test_the_table_message_and_the_last_trick_answer_after_a_moon(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RuleSet(moon=MoonScoring.SHOOTER_CHOOSES, pass_rotation=PassRotation.NONE)
    _, snap = after_the_last_trick(monkeypatch, rules)
    text = table_text(snap, NAMES)
    assert "Alice shot the moon and chooses the score" in text
    trick = snap.last_trick
    assert trick is not None
    assert t("table.last_trick", "en", name="Alice", points=trick_points(rules, trick.cards)) in text
    answer = last_trick_text([("Alice", trick.cards[0])], images.trick_shown(snap, taken=True), "Alice", "en")
    assert "(trick 13)" in answer


def test_the_hand_messages_at_a_moon_choice_say_who_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RuleSet(moon=MoonScoring.SHOOTER_CHOOSES, pass_rotation=PassRotation.NONE)
    table, snap = after_the_last_trick(monkeypatch, rules)
    shooter = hand_text(private_hand(table, 0), snap, NAMES, "")
    assert t("hand.moon_prompt", "en") in shooter
    other = hand_text(private_hand(table, 1), snap, NAMES, "")
    assert "Alice shot the moon and chooses the score" in other and t("hand.moon_prompt", "en") not in other
    assert hand_alt(images.hand_image(private_hand(table, 1), None), "en") == t("alt.hand_empty", "en")


def test_the_score_sheet_after_the_last_trick_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = after_the_last_trick(monkeypatch, ONE_HAND)
    sheet = score_sheet(table)
    assert sheet.current_hand is None and len(sheet.rows) == 1  # no hand in progress after the end
    image = images.score_sheet_image(sheet, NAMES, None)
    assert len(image.rows) == 1 and image.rows[0].shooter == 0
    alt = score_sheet_alt(image, "en")
    assert "Alice" in alt and "26" in alt


def test_between_hands_the_snapshot_keeps_the_final_trick_and_the_moon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the hand Alice shot the moon in, the next hand's snapshot still has the hand's final
    trick (the Activity shows it taken) and who shot the moon (its hand-end panel says so), until
    the next hand's first trick is taken; the moon stays the last hand's feat."""
    rules = RuleSet(pass_rotation=PassRotation.NONE, target_score=None, fixed_hands=2)
    table = rigged_table(monkeypatch, rules)
    game = table.game
    assert game is not None
    first = game.hand
    play(game)
    snapshot = table_snapshot(table)
    assert snapshot.hand_number == 2 and snapshot.last_trick is None
    assert snapshot.previous_trick == first.tricks[-1] and snapshot.previous_trick.winner == 0
    assert snapshot.last_feat == Feat(1, HandOutcome.MOON, 0)
    play(game, 4)
    snapshot = table_snapshot(table)
    assert snapshot.previous_trick is None and snapshot.last_trick == game.hand.tricks[0]
    assert snapshot.last_feat == Feat(1, HandOutcome.MOON, 0)
