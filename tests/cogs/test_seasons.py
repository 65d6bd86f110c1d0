"""Seasons through the emulator, on the service's clock: /hearts-settings turns monthly seasons on
(and says what happens), a season ends with one summary in the chosen channel (the final board as
an image) and the reward role moved from the last season's top three to this one's, an earlier
season is shown as it stood, a season closed while the bot was down goes out once after the
restart (its summary waiting until the bot knows its channels), and a role the bot may not give is
one line to the admins while the season still ends."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.seasons import GRACE, SeasonSummary
from bot.storage.seasons import Season
from bot.tables import ManualClock
from bot.tables.seasons import SeasonKind, period_end
from bot.text import t
from bot.text.moments import timestamp
from cogs.leaderboard._commands import Leaderboard
from cogs.leaderboard._seasons import DiscordSeasonPresenter
from discord_emulator import DiscordEmulator, Message, Permission, User
from discord_emulator.models import Role
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, make_bot
from tests.cogs.test_leaderboard import alt_rows
from tests.storage.targets import RawDatabase

NOV30 = 1_796_079_600.0  # 2026-11-30 23:00 UTC: the month ends in an hour
DEC1 = period_end(SeasonKind.MONTHLY, NOV30)
JAN1 = period_end(SeasonKind.MONTHLY, DEC1)
OVER = "🏆 **Season "  # how every season summary begins (English)


async def start(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> tuple[Hearts, User]:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    owner = emulator.create_user("olga")
    guild = emulator.create_guild("Card club", members=people, owner=owner)
    clock = ManualClock(NOV30)
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people), owner


def seasons_of(h: Hearts) -> Leaderboard:
    """The extension's cog (after a restart, of the freshly imported module: no isinstance)."""
    cog = h.bot.get_cog("Leaderboard")
    assert cog is not None
    return cog  # type: ignore[return-value]


async def game(h: Hearts, host: User, guest: User, n: int) -> None:
    lobby = await h.open_table(host, seats=4, target=10)
    await h.seat(lobby, [guest])
    await h.click(host, lobby, "Start")
    await h.play_until(lambda: len(h.public("Game over")) >= n, [host, guest])
    await h.settle()


async def end_season(h: Hearts, at: float, count: int) -> Message:
    """Move the service's clock past a season's end; its summary (the ``count``-th) comes out.
    The weeks before pass without the bot's periodic timers (each would run thousands of times)."""
    h.clock.set(max(h.clock.now(), at - 10))
    h.clock.advance(at + GRACE - h.clock.now())
    await h.emu.wait_until(lambda: len(h.public(OVER)) >= count, what=f"summary {count}")
    return h.public(OVER)[-1]


def holders(h: Hearts, role: Role) -> set[str]:
    return {m.user.name for m in h.guild.members.values() if role.id in m.role_ids}


async def test_seasons_end_with_one_summary_and_move_the_reward_role(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, owner = await start(emulator, bot_runner, tmp_path)
    alice, bob, carol, dave = h.people
    role = emulator.create_role(h.guild, "Champions", position=1)  # below the bot's own role
    mine = emulator.bot_role(h.guild)
    emulator.set_role_permissions(h.guild, mine, mine.permissions | Permission.MANAGE_ROLES)
    ix = await emulator.slash(
        owner, h.general, "hearts-settings", season="monthly", season_channel=h.general, season_role=role
    )
    said = (await h.reply(ix)).content
    assert t("season.settings.started", number=1, end=timestamp(DEC1)) in said
    assert f"<@&{role.id}>" in said

    await game(h, alice, bob, 1)
    first = await end_season(h, DEC1, 1)
    assert first.channel_id == h.general.id
    assert first.content.startswith(
        t("season.summary.title", number=1, start=timestamp(NOV30), end=timestamp(DEC1), players=2)
    )
    (image,) = first.attachments
    assert image.filename == "season.png" and image.image().width > 0
    assert {r["name"] for r in alt_rows(str(image.description))} == {"alice", "bob"}
    await emulator.wait_until(lambda: holders(h, role) == {"alice", "bob"}, what="the role given")

    await game(h, carol, dave, 2)  # season 2: carol and dave only
    await end_season(h, JAN1, 2)
    await emulator.wait_until(lambda: holders(h, role) == {"carol", "dave"}, what="the role moved")

    # Season 1 as it stood: alice and bob; carol asks and has no row on it.
    board = await emulator.slash(carol, h.general, "leaderboard", season=1)
    await board.wait_acknowledged()
    shown = await board.wait_original()
    assert (
        t("leaderboard.season.closed", number=1, start=timestamp(NOV30), end=timestamp(DEC1)) in shown.content
    )
    (page,) = shown.attachments
    rows = alt_rows(str(page.description))
    assert {r["name"] for r in rows} == {"alice", "bob"} and not any(r["mine"] for r in rows)
    # alice asks: her own row is marked
    board = await emulator.slash(alice, h.general, "leaderboard", season=1)
    await board.wait_acknowledged()
    (page,) = (await board.wait_original()).attachments
    assert [r["name"] for r in alt_rows(str(page.description)) if r["mine"]] == ["alice"]
    # The running season 3 has nobody yet; a season that never was is answered privately.
    now = await emulator.slash(alice, h.general, "leaderboard")
    await now.wait_acknowledged()
    assert t("leaderboard.empty") in (await now.wait_original()).content
    missing = await h.reply(await emulator.slash(alice, h.general, "leaderboard", season=9))
    assert missing.content == t("leaderboard.season.none", number=9)
    assert len(h.public(OVER)) == 2  # one summary per season


async def test_a_season_closed_while_the_bot_was_down_goes_out_once_after_the_restart(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, owner = await start(emulator, bot_runner, tmp_path)
    alice, bob = h.people[:2]
    ix = await emulator.slash(owner, h.general, "hearts-settings", season="monthly", season_channel=h.general)
    await h.reply(ix)
    await game(h, alice, bob, 1)
    await h.restart(bot_runner, downtime=DEC1 + 3600 - h.clock.now())  # down over the change
    await emulator.wait_until(lambda: len(h.public(OVER)) == 1, what="the summary after the restart")
    await h.restart(bot_runner, downtime=60.0)
    await seasons_of(h).seasons.settle()
    assert len(h.public(OVER)) == 1


async def test_a_role_the_bot_may_not_give_is_one_line_to_the_admins(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The invite's seven permissions lack Manage Roles: the summary still goes out, the admins
    are told once (the owner's DM: the server has no system channel), season 2 runs."""
    h, owner = await start(emulator, bot_runner, tmp_path)
    alice, bob = h.people[:2]
    role = emulator.create_role(h.guild, "Champions", position=1)
    ix = await emulator.slash(
        owner, h.general, "hearts-settings", season="monthly", season_channel=h.general, season_role=role
    )
    await h.reply(ix)
    await game(h, alice, bob, 1)
    await end_season(h, DEC1, 1)
    refused = t("season.role.refused", role=f"<@&{role.id}>", permission=t("permission.manage_roles"))
    told = await emulator.wait_for_message(
        lambda m: m.channel_id == emulator.dm_channel(owner).id and m.content == refused,
        what="the line to the admins",
    )
    assert told is not None and holders(h, role) == set()
    await seasons_of(h).seasons.settle()
    running = await seasons_of(h).seasons.running(str(h.guild.id))
    assert running is not None and running.number == 2
    lines = [m for m in emulator.dm_messages(owner) if m.content == refused]
    assert len(lines) == 1


async def test_a_summary_the_bot_may_not_post_is_one_line_to_the_admins(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, owner = await start(emulator, bot_runner, tmp_path)
    alice, bob = h.people[:2]
    ix = await emulator.slash(owner, h.general, "hearts-settings", season="monthly", season_channel=h.general)
    await h.reply(ix)
    await game(h, alice, bob, 1)
    emulator.set_overwrite(h.general, emulator.bot, deny=Permission.ATTACH_FILES)
    h.clock.set(DEC1 - 10)
    h.clock.advance(10 + GRACE)
    told = await emulator.wait_for_message(
        lambda m: m.channel_id == emulator.dm_channel(owner).id and "summary of season 1" in m.content,
        what="the line to the admins",
    )
    assert told.content == t(
        "season.summary.no_permission",
        number=1,
        channel=f"<#{h.general.id}>",
        permissions=t("permission.attach_files"),
    )
    await seasons_of(h).seasons.settle()
    assert h.public(OVER) == []  # not posted, and not twice told
    assert len([m for m in emulator.dm_messages(owner) if "summary of season 1" in m.content]) == 1


async def ranked_game(h: Hearts, table_id: int, at: float, people: list[User]) -> None:
    """A ranked game that ended at ``at``, written as the bot writes one: ``people[0]`` won it (120
    ranking points), the others finished it (100). Before the season's row is opened: its opening
    counts the game if ``at`` is in its window."""
    raw, guild = RawDatabase(f"sqlite:///{h.db}"), str(h.guild.id)
    await raw.execute(
        "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options, ranked) "
        "VALUES (?, ?, ?, 'target', 1, '{}', 1)",
        (table_id, guild, at),
    )
    for place, person in enumerate(people, start=1):
        await raw.execute(
            "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, ranking_points, "
            "hands, hand_points, moons, timeouts, quit, won) VALUES (?, ?, ?, ?, ?, 0, ?, 1, 0, 0, 0, 0, ?)",
            (table_id, guild, str(person.id), place - 1, place, 120 if place == 1 else 100, int(place == 1)),
        )


async def test_stats_give_the_rank_and_ranking_points_of_the_running_seasons_board(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """bob won three games of alice and carol before seasons were on; alice wins one of bob in
    season 1. /leaderboard shows the season: alice first with 120, bob second with 100; /stats
    says the same, under the season's line (it said alice's place and points on the board of every
    game: #2 with 420). carol, without a game in the season, has no place and no points in it;
    the games are every game of theirs."""
    h, owner = await start(emulator, bot_runner, tmp_path)
    alice, bob, carol = h.people[:3]
    for table_id in (1, 2, 3):
        await ranked_game(h, table_id, 0.0, [bob, alice, carol])
    await ranked_game(h, 4, NOV30, [alice, bob])  # at the first instant of season 1
    await h.reply(await emulator.slash(owner, h.general, "hearts-settings", season="monthly"))

    season = t("leaderboard.season.running", number=1, end=timestamp(DEC1))
    for person, rank, points, games in ((alice, "#1", 120, 4), (bob, "#2", 100, 4), (carol, "–", 0, 3)):
        stats = await h.reply(await emulator.slash(person, h.general, "stats"))
        (profile,) = stats.attachments
        said = str(profile.description)
        assert f"rank {rank}, ranking points {points}," in said, said
        assert f"games {games}," in said
        assert stats.content == t("stats.title", name=person.name) + "\n" + season

    ix = await emulator.slash(carol, h.general, "leaderboard")  # (everyone's name seen by now)
    await ix.wait_acknowledged()
    (page,) = (await ix.wait_original()).attachments
    board = [(r["place"], r["name"], r["points"]) for r in alt_rows(str(page.description))]
    assert board == [("1", "alice", "120"), ("2", "bob", "100")]


async def test_a_seasons_summary_shows_its_top_ten_and_how_many_more_not_a_page(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """25 people played in season 1: the summary's image draws the top ten and says how many more
    there are; it is no page of a board (it said "page 1 of 1")."""
    h, owner = await start(emulator, bot_runner, tmp_path)
    people = [emulator.create_user(f"p{n}") for n in range(25)]
    for n, person in enumerate(people, start=1):
        await ranked_game(h, n, NOV30, [person])
    ix = await emulator.slash(owner, h.general, "hearts-settings", season="monthly", season_channel=h.general)
    await h.reply(ix)
    summary = await end_season(h, DEC1, 1)
    assert t("season.summary.title", number=1, start=timestamp(NOV30), end=timestamp(DEC1), players=25) in (
        summary.content
    )
    (image,) = summary.attachments
    alt = str(image.description)
    subtitle = f"{t('leaderboard.order.points')} · {t('reply.list_more', items='…', more=15)}"
    assert alt.startswith(t("leaderboard.alt", subtitle=subtitle, rows="")), alt
    assert len(alt_rows(alt)) == 10
    assert "page" not in alt


class NotReadyYet:
    """A bot still connecting: it knows none of its servers' channels, roles or languages yet, so
    anything asked of it but ``wait_until_ready`` is a bug (the summary would find its channel
    unknown and be dropped, as on Discord where READY comes seconds after a restart's first check)."""

    def __init__(self) -> None:
        self.waiting = asyncio.Event()
        self.ready = asyncio.Event()

    async def wait_until_ready(self) -> None:
        self.waiting.set()
        await self.ready.wait()

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot's {name} was used before it was ready")


async def test_a_summary_waits_until_the_bot_knows_its_channels() -> None:
    season = Season("1", 1, SeasonKind.MONTHLY.value, NOV30, DEC1, DEC1, None)
    summary = SeasonSummary(season, 2, (), (), (), (), (), channel_id="2", role_id="3")
    bot = NotReadyYet()
    posting = asyncio.create_task(DiscordSeasonPresenter(bot).summary(summary))  # type: ignore[arg-type]
    waiting = asyncio.create_task(bot.waiting.wait())
    await asyncio.wait({posting, waiting}, return_when=asyncio.FIRST_COMPLETED)
    assert not posting.done(), posting.exception()  # waiting for READY, nothing asked of the bot
    posting.cancel()
    await asyncio.gather(posting, return_exceptions=True)
