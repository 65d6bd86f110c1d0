"""Every feature besides the table game in the pseudo-locale, through the emulator: with the
people's and the server's Discord set to ``PSEUDO_LOCALE`` (every catalogue word wrapped in
``⟦…⟧``), the leaderboard and its page buttons, ``/hearts-settings`` turning seasons on, the daily
challenge (its DMs, result, Share, board, a second try, a bad day), a server event (sign-up, Join,
a round, its standings, list and board), a hand review, ``/stats``, the closed day's summary and
the season's summary show no word outside the marks but people's, the server's and the event's
names (messages, embeds, controls, alt text, and the words each of the cogs' pictures is drawn
with): no text that bypassed the catalogues. tests/cogs/hearts/test_languages.py does the same for
a whole table game. (The day's summary is the longest message: in the pseudo-locale its deals do
not all fit, and the ones left out are counted.)"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.daily.days import DAY_SECONDS, closes_at, today
from bot.review.ids import open_review_id
from bot.seasons import GRACE
from bot.tables.seasons import SeasonKind, period_end
from bot.text import PSEUDO_LOCALE, t
from bot.text.moments import image_moment, timestamp
from bot.text.pseudo import OPEN, unmarked
from cogs.daily._presenter import BOARD_IMAGE
from discord_emulator import DiscordEmulator, Message
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, bot_clock, make_bot, settled_start
from tests.cogs.hearts.test_languages import (
    add_computers,
    drawn_words,
    open_lobby,
    seated,
    sent_texts,
    stored_attachments,
)
from tests.cogs.test_daily import daily_cog
from tests.cogs.test_languages_of_features import (
    play_an_event_round,
    play_the_daily,
    public,
    review_the_hand,
)
from tests.cogs.test_leaderboard import won_game
from tests.cogs.test_links import strings
from tests.storage.targets import RawDatabase

XA = PSEUDO_LOCALE
EVENT = "Cup"  # play_an_event_round's event

# The cogs' renderers (module, name): the words each image is drawn with are checked too.
RENDERERS = (
    ("cogs.daily._presenter", "render_board"),
    ("cogs.daily._presenter", "render_result"),
    ("cogs.events._presenter", "render_standings"),
    ("cogs.leaderboard._commands", "render_board"),
    ("cogs.leaderboard._commands", "render_profile"),
    ("cogs.leaderboard._seasons", "render_board"),
    ("cogs.review._cog", "render"),
)


def record_renders(monkeypatch: pytest.MonkeyPatch, drawn: list[tuple[str, Any]]) -> None:
    """Wrap each loaded cog's renderer to note what it draws (``(renderer, value)``)."""
    for module, name in RENDERERS:
        loaded = sys.modules[module]
        original: Callable[..., Any] = getattr(loaded, name)

        def recording(
            *args: Any, _original: Callable[..., Any] = original, _label: str = f"{module}.{name}"
        ) -> Any:
            drawn.append((_label, args))
            return _original(*args)

        monkeypatch.setattr(loaded, name, recording)


def where_sent(emu: DiscordEmulator, text: str) -> str:
    """The route of the first request whose body held ``text`` (for the failure message)."""
    for record in emu.requests:
        if text in strings(record.json):
            return str(record.route)
    return "?"


async def turn_page(h: Hearts, board: Message, label: str) -> None:
    """A click on the leaderboard's page button ``label``; waits for the page it shows."""
    before = h.emu.message(board.id).edit_count

    def turned() -> bool:
        return h.emu.message(board.id).edit_count > before

    await (await h.emu.click(h.people[1], h.emu.message(board.id), label=label)).wait_acknowledged()
    await h.emu.wait_until(turned, what=f"the page of {label}")


async def summary_with(h: Hearts, image: str, what: str) -> Message:
    """The public message in #general with the picture ``image``."""
    return await h.emu.wait_for_message(
        lambda m: not m.ephemeral and any(a.filename == image for a in m.attachments),
        channel=h.general,
        what=what,
    )


async def a_ranked_game(h: Hearts) -> tuple[Message, int]:
    """The two people and two computers play a game of one hand (ranked: two people started it):
    its standings message (with Review hand) and its table."""
    person, friend = h.people
    _, lobby, table = await open_lobby(h, person, seats=4, hands=1)
    await h.emu.click(friend, h.emu.message(lobby.id), custom_id=f"hh:lobby:join:{table}")
    await h.emu.wait_until(lambda: seated(h, table) == 2, what="noor seated")
    await add_computers(h, person, lobby, table, 2)
    start = await h.emu.click(person, h.emu.message(lobby.id), custom_id=f"hh:lobby:start:{table}")
    await start.wait_acknowledged()

    def standings() -> Message | None:
        return next((m for m in public(h.emu) if open_review_id(table, 1) in m.custom_ids), None)

    await h.play_until(lambda: standings() is not None)
    await h.settle()
    await h.emu.settle()
    found = standings()
    assert found is not None
    return found, table


@pytest.mark.cost(10)
async def test_every_feature_but_the_table_game_in_the_pseudo_locale_shows_only_catalogue_words(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    person, friend = emulator.create_user("mika"), emulator.create_user("noor")
    owner = emulator.create_user("olga")
    guild = emulator.create_guild("Card club", members=[person, friend], owner=owner)
    # The pseudo-locale is no Discord locale (set_locale refuses it): a test client sends it anyway.
    person.locale = friend.locale = owner.locale = XA
    guild.preferred_locale = XA
    clock = bot_clock(emulator)  # the emulator's fixed start (a Tuesday noon), never the wall clock
    first_day = today(clock.now())
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    await settled_start(bot)
    h = Hearts(emulator, bot, clock, db, guild, guild.channel("general"), [person, friend], locale=XA)
    emu, general = emulator, h.general
    drawn: list[tuple[str, Any]] = []
    record_renders(monkeypatch, drawn)

    # /leaderboard of every game (no seasons yet): twelve ranked players, two pages; Next, Previous
    raw = RawDatabase(f"sqlite:///{db}")
    for n in range(1, 13):  # people the bot never saw: named by the catalogue's "Player …"
        await won_game(raw, 9000 + n, str(guild.id), str(900 + n), 1300 - 100 * n)
    ix = await emu.slash(owner, general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    assert board.content.startswith(OPEN) and t("leaderboard.page", XA, page=1, pages=2) in board.content
    for label in (t("button.next", XA), t("button.previous", XA)):
        await turn_page(h, board, label)

    # /hearts-settings: seasons on (the answer names the season's end), their summaries here
    ix = await emu.slash(
        owner, general, "hearts-settings", season="monthly", season_channel=general, daily_channel=general
    )
    said = (await h.reply(ix)).content
    season_end = period_end(SeasonKind.MONTHLY, clock.now())
    assert t("season.settings.started", XA, number=1, end=timestamp(season_end)) in said

    # The daily challenge: intro, hands and result in the DMs, Share, the day's board, a bad day
    result = await play_the_daily(h, person, XA)
    shared = await h.reply(await emu.click(person, result, label=t("button.daily_share", XA)))
    assert shared.content == t("daily.shared", XA, channel=f"<#{general.id}>")
    day_board = await h.reply(await emu.slash(person, general, "hearts daily board"))
    assert day_board.attachments[0].filename == BOARD_IMAGE
    await h.reply(await emu.slash(person, general, "hearts daily board", day="last tuesday"))
    again = await h.reply(await emu.slash(person, general, "hearts daily play"))  # played already
    assert again.content.startswith(OPEN)

    # A server event: sign-up, Join, round 1 of 1 with three computers, the final standings
    await play_an_event_round(h, person, XA)
    for command in ("hearts-event list", "hearts-event board", "hearts-event standings"):
        await h.reply(await emu.slash(person, general, command))

    # An ordinary game of two people (ranked: the season has a board), and a review of its hand
    standings, table = await a_ranked_game(h)
    await review_the_hand(h, person, standings, table, XA)

    # The running season's board, and one's statistics (with the daily's figures)
    ix = await emu.slash(person, general, "leaderboard")
    await ix.wait_acknowledged()
    await ix.wait_original()
    stats = await h.reply(await emu.slash(person, general, "stats"))
    assert t("daily.stats.name", XA) in stats.content

    # The next day ends: the day's summary in #general (its deals that fit, the others counted)
    await h.settle()
    await daily_cog(h).service.settle()
    clock.advance(2 * DAY_SECONDS)
    day = await summary_with(h, BOARD_IMAGE, "the closed day's summary")
    assert day.content.splitlines()[-1] == t("reply.list_more", XA, items="…", more=1)

    # The month ends: the season's summary in #general
    await daily_cog(h).service.settle()
    clock.set(season_end - 10)  # the weeks between pass without the bot's periodic timers
    clock.advance(10 + GRACE)
    await summary_with(h, "season.png", "the season's summary")
    ix = await emu.slash(person, general, "leaderboard", season=1)  # as it stood at its end
    await ix.wait_acknowledged()
    await ix.wait_original()
    await h.settle()
    await emu.settle()

    # and the day's closing instant, which the board's picture and alt text write as CLDR does
    names = [person.name, friend.name, owner.name, guild.name, EVENT, image_moment(closes_at(first_day), XA)]
    texts = sent_texts(emu)
    assert len(texts) > 1000, len(texts)
    found = {text: unmarked(text, names) for text in texts if unmarked(text, names)}
    assert not found, f"words outside the catalogues' marks in {len(found)} of {len(texts)} texts:\n" + (
        "\n".join(f"{words} in {text!r} ({where_sent(emu, text)})" for text, words in found.items())
    )
    described = [a.description for _, a in stored_attachments(emu)]
    assert described and all(described)
    bare = {d: unmarked(d or "", names) for d in described if unmarked(d or "", names)}
    assert not bare, bare
    # every renderer of the cogs drew, and only marked words (and names)
    assert {name for name, _ in drawn} == {f"{m}.{n}" for m, n in RENDERERS}
    words = {(name, word) for name, args in drawn for word in drawn_words(args) if unmarked(word, names)}
    assert not words, sorted(words)
