"""The game's messages are built from snapshots alone (``cogs.hearts._wording``): no Discord."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.engine.cards import cards_of, parse_card, parse_cards
from bot.engine.hand import Phase, Trick
from bot.tables import Actor, TableService, TableSnapshot, TableStatus
from bot.tables.events import TimedOut
from bot.text import card_list, card_name, t
from cogs.hearts._wording import auto_played_note, hand_text, lobby_text, table_text, timed_out_line
from tests.tables.helpers import CHANNEL, GUILD, options, rig
from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs

ALICE = Actor("111")
BOB = Actor("222")
NAMES = {"111": "Alice", "222": "Bob"}


async def test_the_lobby_names_the_host_and_every_seat_then_where_the_game_is(tmp_path: Path) -> None:
    r = await rig(tmp_path / "db.sqlite3")
    try:
        snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(players=3), seed=1)
        snap = await r.service.join(BOB, snap.table_id)
        text = lobby_text(snap, NAMES, None)
        assert f"#{snap.table_id}" in text and "Host: Alice" in text
        assert "1. Alice" in text and "2. Bob" in text
        await r.service.add_computer(ALICE, snap.table_id)
        started = await r.service.start_game(ALICE, snap.table_id)
        assert started.status is TableStatus.PLAYING
        assert "<#999>" in lobby_text(started, NAMES, 999)  # the thread's link
        assert "<#999>" not in lobby_text(started, NAMES, None)  # played in the channel itself
    finally:
        await r.close()


async def _started(service: TableService) -> TableSnapshot:
    """Alice, Bob and a computer at a game that has just started (seed 1)."""
    snap = await service.create_table(ALICE, GUILD, CHANNEL, options(players=3), seed=1)
    await service.join(BOB, snap.table_id)
    await service.add_computer(ALICE, snap.table_id)
    return await service.start_game(ALICE, snap.table_id)


async def test_the_table_and_hand_messages_say_who_is_to_move(tmp_path: Path) -> None:
    r = await rig(tmp_path / "db.sqlite3")
    try:
        snap = await _started(r.service)
        table = table_text(snap, NAMES)
        assert str(snap.hand_number) in table.splitlines()[0]
        waiting = [snap.seats[s].player_id for s in snap.waiting]
        assert waiting and all(NAMES[p] in table for p in waiting if p is not None)
        hand = r.service.private_hand(ALICE, snap.table_id)
        text = hand_text(hand, snap, NAMES, "https://discord.com/channels/1/2/3")
        assert f"#{snap.table_id}" in text
        assert (
            text.endswith("https://discord.com/channels/1/2/3")
            or "https://discord.com/channels/1/2/3" in text
        )
    finally:
        await r.close()


async def test_a_card_played_for_someone_that_completes_a_trick_is_told_with_that_trick(
    tmp_path: Path,
) -> None:
    r = await rig(tmp_path / "db.sqlite3")
    try:
        snap = await _started(r.service)
        hand = r.service.private_hand(ALICE, snap.table_id)
        card, *others = cards_of(hand.cards)[:3]
        # Alice (seat 0) played last and took the trick: the table after the move waits for her lead.
        after = replace(
            snap,
            phase=Phase.PLAYING,
            leader=0,
            trick=(),
            last_trick=Trick(leader=1, cards=(others[0], others[1], card), winner=0),
            tricks_won=(1, 0, 0),
            waiting=(0,),
        )
        played = replace(hand, phase=Phase.PLAYING, your_turn=False, playable=0)
        note = auto_played_note(card, played, after, NAMES)
        assert f"Alice {card_name(card)}" in note and "Won by Alice" in note
        text = hand_text(played, after, NAMES, "", note=note)
        assert "Not your turn" not in text  # her controls for the lead come in their own DM
        # The move that ended the hand dealt the next one: nothing of the new hand is told as hers.
        later = replace(after, hand_number=(hand.hand_number or 0) + 1, waiting=(1,))
        assert auto_played_note(card, played, later, NAMES).count("\n") == 0
        assert "Not your turn" not in hand_text(played, later, NAMES, "")
    finally:
        await r.close()


async def test_a_timeout_tells_its_person_what_was_made_for_them(tmp_path: Path) -> None:
    """The DM that held a turn's controls names the card played or the cards passed for the person
    when their time ran out, in their language; the second timeout says the game is lost; a
    timeout that tells neither (a moon's scoring chosen, or kept by an older bot) says a move."""
    r = await rig(tmp_path / "db.sqlite3")
    try:
        snap = await _started(r.service)
        queen, three = parse_card("QS"), parse_cards("3C 8D KS")
        played = TimedOut(snap, 0, "111", False, played=queen)
        passed = TimedOut(snap, 0, "111", False, passed=three)
        assert timed_out_line(played) == t("hand.you_timed_out_played", card=card_name(queen))
        german = t("hand.you_timed_out_played", "de", card=card_name(queen, "de"))
        assert timed_out_line(played, "de") == german
        assert timed_out_line(passed) == t("hand.you_timed_out_passed", cards=card_list(three))
        assert timed_out_line(replace(played, forfeited=True, played=None)) == t("hand.you_forfeited")
        assert timed_out_line(TimedOut(snap, 0, "111", False)) == t("hand.you_timed_out")
    finally:
        await r.close()
