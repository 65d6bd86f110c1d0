"""The server's leaderboard and a member's statistics after two games; its page buttons."""

from __future__ import annotations

import importlib
import re

import pytest

from bot.text import t
from discord_emulator import Message
from discord_emulator.pytest_plugin import ErrorLogCollector
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts
from tests.storage.targets import RawDatabase


async def test_the_leaderboard_and_stats_after_two_games(hearts: Hearts) -> None:
    alice, bob, carol = hearts.people[:3]
    emu = hearts.emu

    empty = await emu.slash(carol, hearts.general, "leaderboard")
    await empty.wait_acknowledged()
    assert t("leaderboard.empty") in (await empty.wait_original()).content

    for game in (1, 2):
        lobby = await hearts.open_table(alice, seats=4, target=10)
        await hearts.seat(lobby, [bob])
        await hearts.click(alice, lobby, "Start")
        await hearts.play_until(lambda n=game: len(hearts.public("Game over")) >= n, [alice, bob])
        await hearts.wait_content(lobby, t("lobby.finished"))
        assert "ranking points" in hearts.public("Game over")[-1].content

    ix = await emu.slash(carol, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    assert not board.ephemeral  # the leaderboard is for everyone in the channel
    assert board.content.splitlines()[0] == t("leaderboard.title", order=t("leaderboard.order.points"))
    (image,) = board.attachments  # the board as an image, described in words
    assert image.filename == "leaderboard.png" and image.image().width > 0
    # /stats gives the place the board shows (shared by a tie: "=1")
    rows = {m["name"]: {**m, "rank": m["place"].lstrip("=")} for m in alt_rows(str(image.description))}
    assert set(rows) == {"alice", "bob"}  # people only; computers are not ranked
    assert all(row["games"] == "2" for row in rows.values())
    assert sorted(int(row["place"].lstrip("=")) for row in rows.values()) in ([1, 2], [1, 1])
    first = min(rows.values(), key=lambda r: int(r["place"].lstrip("=")))
    assert all(signed(first["points"]) >= signed(r["points"]) for r in rows.values())
    assert "(marked)" not in str(image.description)  # carol has no row to mark

    stats = await hearts.reply(await emu.slash(carol, hearts.general, "stats", member=bob))
    assert stats.content == t("stats.title", name="bob")
    (profile,) = stats.attachments  # the profile image, described in words
    assert profile.filename == "profile.png" and profile.image().width > 0
    said = str(profile.description)
    assert f"ranking points {rows['bob']['points']}" in said
    assert "games 2," in said and f"rank #{rows['bob']['rank']}" in said
    (played,) = await hearts.bot.db.rows(
        "SELECT SUM(hands) FROM game_players WHERE player_id = ?", (str(bob.id),)
    )
    assert f"hands {played[0]}," in said  # every hand of both games, replayed from the logs
    assert "Q♠ taken" in said and "accuracy –" in said  # no review yet

    mine = await hearts.reply(await emu.slash(carol, hearts.general, "stats"))
    assert mine.content == t("stats.none", name="carol")


ALT_ROW = re.compile(
    # Numbers as the bot writes them: a negative one with the minus sign (U+2212), as the skill may be.
    r"(?:(?<=: )|(?<=; ))(?P<place>=?\d+)\. (?P<name>[^:;]+): "
    r"(?P<points>[-−]?\d+) ranking points?, (?P<games>\d+) games?, "
    r"(?P<wins>\d+) wins?, skill (?P<skill>[\d.,−-]+)(?P<change> \((?!marked)[^)]*\))?(?P<mine> \(marked\))?"
)


def signed(number: str) -> int:
    """A whole number as the bot writes it: a negative one with the minus sign (U+2212)."""
    return int(number.replace("\u2212", "-"))


async def won_game(raw: RawDatabase, table_id: int, guild: str, player: str, points: int) -> None:
    """A ranked game ``player`` won with ``points`` ranking points (its other people left out: the
    boards count the game's ranked flag, not its rows)."""
    await raw.execute(
        "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options, ranked) "
        "VALUES (?, ?, 0, 'target', 1, '{}', 1)",
        (table_id, guild),
    )
    await raw.execute(
        "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, ranking_points, "
        "hands, hand_points, moons, timeouts, quit, won) VALUES (?, ?, ?, 0, 1, 0, ?, 1, 0, 0, 0, 0, 1)",
        (table_id, guild, player, points),
    )


def alt_rows(alt: str) -> list[dict[str, str]]:
    """The rows an image's alt text names, in order (the reader's own row under the page first)."""
    return [m.groupdict() for m in ALT_ROW.finditer(alt)]


async def test_the_page_buttons_lead_from_page_to_page(hearts: Hearts) -> None:
    """Twelve ranked players: two pages; Next shows ranks 11 and 12 and is then disabled, Previous
    leads back; the buttons edit the message they are on, for whoever clicks."""
    carol = hearts.people[2]
    emu = hearts.emu
    raw = RawDatabase(f"sqlite:///{hearts.db}")
    guild = str(hearts.guild.id)
    for n in range(1, 13):  # player n has 1300 - 100n ranking points: rank n
        await won_game(raw, n, guild, str(900 + n), 1300 - 100 * n)
    ix = await emu.slash(carol, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    assert _ranks(board) == list(range(1, 11))
    assert t("leaderboard.page", page=1, pages=2) in board.content
    assert _disabled(board) == {PREVIOUS: True, NEXT: False}

    for label, ranks, page in ((NEXT, [11, 12], 2), (PREVIOUS, list(range(1, 11)), 1)):
        before = emu.message(board.id).edit_count
        click = await emu.click(carol, emu.message(board.id), label=label)
        await click.wait_acknowledged()
        await emu.wait_until(lambda before=before: emu.message(board.id).edit_count > before, what="the page")
        shown = emu.message(board.id)
        assert _ranks(shown) == ranks
        assert t("leaderboard.page", page=page, pages=2) in shown.content
        assert _disabled(shown) == {PREVIOUS: page == 1, NEXT: page == 2}


PREVIOUS, NEXT = t("button.previous"), t("button.next")


def _ranks(message: Message) -> list[int]:
    (image,) = message.attachments
    return [int(row["place"]) for row in alt_rows(str(image.description))]


def _disabled(message: Message) -> dict[str, bool]:
    return {c["label"]: bool(c.get("disabled")) for c in message.iter_components() if "label" in c}


async def test_the_askers_own_row_is_marked_and_under_the_page_when_elsewhere(hearts: Hearts) -> None:
    """Twelve ranked players, carol 12th: her /leaderboard shows the first ten and, under them,
    her own row ("carol: place 12 of 12"), marked; on page 2 her row is among the page's, marked,
    and not repeated; dave, who has no row, sees the page alone (a shorter image)."""
    carol, dave = hearts.people[2], hearts.people[3]
    emu = hearts.emu
    raw = RawDatabase(f"sqlite:///{hearts.db}")
    guild = str(hearts.guild.id)
    ids = [str(900 + n) for n in range(1, 12)] + [str(carol.id)]
    for n, player in enumerate(ids, start=1):
        await won_game(raw, n, guild, player, 1300 - 100 * n)
    mine = await emu.slash(carol, hearts.general, "leaderboard")
    await mine.wait_acknowledged()
    board = await mine.wait_original()
    (image,) = board.attachments
    alt = str(image.description)
    assert alt.index(t("leaderboard.you", name="carol", place=12, players=12)) < alt.index("; 1. ")
    rows = alt_rows(alt)
    assert [(r["place"], r["name"], bool(r["mine"])) for r in rows[:1]] == [("12", "carol", True)]
    assert [int(r["place"]) for r in rows[1:]] == list(range(1, 11))
    assert not any(r["mine"] for r in rows[1:])

    theirs = await emu.slash(dave, hearts.general, "leaderboard")
    await theirs.wait_acknowledged()
    (plain,) = (await theirs.wait_original()).attachments
    assert "place 12 of 12" not in str(plain.description)
    assert plain.image().height < image.image().height  # no row under the page

    before = emu.message(board.id).edit_count
    click = await emu.click(carol, emu.message(board.id), label=NEXT)
    await click.wait_acknowledged()
    await emu.wait_until(lambda: emu.message(board.id).edit_count > before, what="page 2")
    (second,) = emu.message(board.id).attachments
    rows = alt_rows(str(second.description))
    assert [(r["place"], r["name"], bool(r["mine"])) for r in rows] == [
        ("11", "Player 911", False),
        ("12", "carol", True),
    ]


async def test_names_learnt_before_a_restart_name_people_on_the_board_after_it(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """The bot has no members intent: bob's name is known from his interactions. Learnt before a
    restart, it still names his row after it, though he has not been seen since: his nickname on
    this server, not his own name; someone never seen is named by the end of their id."""
    bob, carol = hearts.people[1:3]
    emu = hearts.emu
    raw = RawDatabase(f"sqlite:///{hearts.db}")
    for n, player in enumerate((str(bob.id), "4321"), start=1):
        await won_game(raw, n, str(hearts.guild.id), player, 100 - n)
    emu.set_nick(hearts.guild, bob, "Bobby")
    await hearts.reply(await emu.slash(bob, hearts.general, "stats"))  # bob is seen
    await hearts.restart(bot_runner)
    ix = await emu.slash(carol, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    (image,) = (await ix.wait_original()).attachments
    names = [row["name"] for row in alt_rows(str(image.description))]
    assert names == ["Bobby", t("seat.unknown_player", short="4321")]


async def test_a_dropped_nickname_stops_naming_its_member_after_a_restart(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """bob is "Bobby" on the server, then drops the nickname: his next interaction there says
    so. He then renames himself "Robert", seen on another server: after a restart the board
    names him by his own name as it is now."""
    bob, carol = hearts.people[1:3]
    emu = hearts.emu
    raw = RawDatabase(f"sqlite:///{hearts.db}")
    await won_game(raw, 1, str(hearts.guild.id), str(bob.id), 99)
    emu.set_nick(hearts.guild, bob, "Bobby")
    await hearts.reply(await emu.slash(bob, hearts.general, "stats"))
    emu.set_nick(hearts.guild, bob, None)
    await hearts.reply(await emu.slash(bob, hearts.general, "stats"))
    bob.name = "Robert"
    elsewhere = emu.create_guild("Elsewhere", members=[bob])
    await hearts.reply(await emu.slash(bob, elsewhere.channel("general"), "stats"))
    await hearts.restart(bot_runner)
    ix = await emu.slash(carol, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    (image,) = (await ix.wait_original()).attachments
    assert [row["name"] for row in alt_rows(str(image.description))] == ["Robert"]


async def test_a_season_that_never_was_is_answered_in_the_askers_language(hearts: Hearts) -> None:
    """The answer is private: in the asker's language (their client's German), not the server's."""
    alice = hearts.people[0]
    hearts.emu.set_locale(alice, "de")
    said = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "leaderboard", season=9))
    assert said.content == t("leaderboard.season.none", "de", number=9)
    assert said.content != t("leaderboard.season.none", number=9)


async def test_a_failure_after_the_boards_public_loading_message_is_told_privately(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch, error_log: ErrorLogCollector
) -> None:
    """/leaderboard answers in public (its loading message, then the board): what goes wrong after
    it is told to the asker alone, and the loading message taken back (it was put in the channel,
    for everyone, in the asker's language)."""
    allowance = error_log.allow(r"interaction .* failed.*RuntimeError: board on fire", logger="bot")

    async def broken(*_: object, **__: object) -> None:
        raise RuntimeError("board on fire")

    # (the module as the bot loaded it: loading an extension again imports it again)
    monkeypatch.setattr(importlib.import_module("cogs.leaderboard._commands"), "leaderboard_message", broken)
    ix = await hearts.emu.slash(hearts.people[0], hearts.general, "leaderboard")
    answer = await hearts.reply(ix)
    assert answer.content == t("reply.error") and allowance.seen == 1
    assert ix.original is not None and ix.original.deleted
    assert not [m for m in hearts.emu.messages(hearts.general) if t("reply.error") in m.content]
