"""/hearts-settings and /hearts new refuse what they can't do as asked, and change nothing: the
last channel allowed is not disallowed (that opened every other channel), and a target score
with a number of hands is not half taken (the target was dropped)."""

from __future__ import annotations

from bot.tables.refusals import TableRefusal
from bot.text import refusal_text, t
from bot.text.commands import option_name
from playtest.harness import Hearts

LAST_CHANNEL = refusal_text(
    TableRefusal.LAST_CHANNEL, option="allow_channel", all=option_name("all_channels", None)
)


async def test_the_last_channel_allowed_is_not_disallowed(hearts: Hearts) -> None:
    """With only #games allowed, disallowing #games is refused, naming the way out; #games still
    takes tables and #general, refused before, still refuses them."""
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    alice = hearts.people[0]
    games = emu.create_channel(hearts.guild, "games")
    allowed = await hearts.reply(
        await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=games)
    )
    assert t("reply.settings_saved") in allowed.content
    before = await hearts.reply(await emu.slash(alice, hearts.general, "hearts new"))
    assert before.content == refusal_text(TableRefusal.CHANNEL_NOT_ALLOWED)

    ix = await emu.slash(owner, hearts.general, "hearts-settings", disallow_channel=games)
    answer = await hearts.reply(ix)
    assert answer.content == LAST_CHANNEL
    assert "`allow_channel`" in answer.content and "`all_channels`" in answer.content
    assert t("reply.error") not in answer.content

    settings = await hearts.bot.service.server_settings(str(hearts.guild.id))
    assert settings.allowed_channels == {str(games.id)} and not settings.closed_channels
    after = await hearts.reply(await emu.slash(alice, hearts.general, "hearts new"))
    assert after.content == refusal_text(TableRefusal.CHANNEL_NOT_ALLOWED)
    assert hearts.table_message() is None and not hearts.bot.service.tables(str(hearts.guild.id))


async def test_a_channel_is_disallowed_while_another_stays_allowed(hearts: Hearts) -> None:
    """The refusal is for the last one only: with #games and #spam allowed, #spam goes, and
    then #games is the last."""
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    games = emu.create_channel(hearts.guild, "games")
    spam = emu.create_channel(hearts.guild, "spam")
    await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=games))
    await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=spam))
    gone = await hearts.reply(
        await emu.slash(owner, hearts.general, "hearts-settings", disallow_channel=spam)
    )
    assert t("reply.settings_saved") in gone.content and spam.mention not in gone.content
    settings = await hearts.bot.service.server_settings(str(hearts.guild.id))
    assert settings.allowed_channels == {str(games.id)} and not settings.closed_channels
    last = await hearts.reply(
        await emu.slash(owner, hearts.general, "hearts-settings", disallow_channel=games)
    )
    assert last.content == LAST_CHANNEL


async def test_all_channels_allows_tables_everywhere_again(hearts: Hearts) -> None:
    """Once a channel was allowed, no change led back to every channel: with only #games allowed,
    `all_channels:True` forgets it, the answer says every channel, and #general opens a table."""
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    alice = hearts.people[0]
    games = emu.create_channel(hearts.guild, "games")
    await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=games))
    refused = await hearts.reply(await emu.slash(alice, hearts.general, "hearts new"))
    assert refused.content == refusal_text(TableRefusal.CHANNEL_NOT_ALLOWED)

    ix = await emu.slash(owner, hearts.general, "hearts-settings", all_channels=True)
    answer = await hearts.reply(ix)
    assert t("reply.settings_saved") in answer.content and t("reply.error") not in answer.content
    assert t("reply.all_channels") in answer.content and games.mention not in answer.content
    settings = await hearts.bot.service.server_settings(str(hearts.guild.id))
    assert not settings.allowed_channels and not settings.closed_channels
    lobby = await hearts.open_table(alice)
    assert lobby.channel_id == hearts.general.id


async def test_the_last_channel_refusal_names_both_options_in_the_readers_words(hearts: Hearts) -> None:
    """The way out of the refusal is named as the reader's Discord names the options (German)."""
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    games = emu.create_channel(hearts.guild, "games")
    await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=games))
    emu.set_locale(owner, "de")
    ix = await emu.slash(owner, hearts.general, "hearts-settings", disallow_channel=games)
    answer = await hearts.reply(ix)
    german = option_name("all_channels", "de")
    assert german != "all_channels"
    assert answer.content == refusal_text(TableRefusal.LAST_CHANNEL, "de", option="allow_channel", all=german)
    assert "`kanal_erlauben`" in answer.content and f"`{german}`" in answer.content


async def test_a_target_with_a_number_of_hands_is_refused_and_no_table_opens(hearts: Hearts) -> None:
    """`/hearts new hands:3 target:50` opened a table of 3 hands, the 50 gone without a word."""
    alice = hearts.people[0]
    ix = await hearts.emu.slash(alice, hearts.general, "hearts new", hands=3, target=50)
    answer = await hearts.reply(ix)
    assert answer.content == refusal_text(TableRefusal.BAD_RULES, rule="end")
    assert t("rules.invalid.end") in answer.content
    assert not hearts.public("Hearts table #") and hearts.table_message() is None
    assert not hearts.bot.service.tables(str(hearts.guild.id))
    assert not await hearts.bot.db.open_tables()
    # Either one alone opens a table as asked.
    lobby = await hearts.open_table(alice, hands=3)
    assert "3 hands" in lobby.content
