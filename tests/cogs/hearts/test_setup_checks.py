"""/hearts-settings saves a channel or a role the bot can't use (an admin may fix the permissions
next), but says so at once, naming what the bot is missing and where: a channel allowed for
tables (``/hearts new``'s check), the daily and season summary channels (the summaries' own
check), and the seasons' reward role (Manage Roles, and below the bot's highest role). Before,
members were refused tables everywhere, and the admins heard of it only when a day or a season
closed."""

from __future__ import annotations

from bot.text import t
from discord_emulator import Permission
from playtest.harness import Hearts


def _names(*permissions: str) -> str:
    return ", ".join(t(f"permission.{p}") for p in permissions)


async def test_a_channel_the_bot_may_not_post_in_is_saved_with_a_warning(hearts: Hearts) -> None:
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    closed, news, hall = (emu.create_channel(hearts.guild, n) for n in ("closed", "news", "hall"))
    emu.set_overwrite(closed, emu.bot, deny=Permission.SEND_MESSAGES)  # (Attach Files goes with it)
    answer = await hearts.reply(
        await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=closed)
    )
    missing = t(
        "reply.settings_channel_missing",
        channel=closed.mention,
        permissions=_names("send_messages", "attach_files"),
    )
    assert answer.content.startswith(f"{t('reply.settings_saved')}\n{missing}\n")
    settings = await hearts.bot.service.server_settings(str(hearts.guild.id))
    assert settings.allowed_channels == {str(closed.id)}  # saved all the same

    emu.set_overwrite(news, emu.bot, deny=Permission.ATTACH_FILES)
    emu.set_overwrite(hall, emu.bot, deny=Permission.VIEW_CHANNEL)
    ix = await emu.slash(owner, hearts.general, "hearts-settings", daily_channel=news, season_channel=hall)
    answer = await hearts.reply(ix)
    daily = t("reply.settings_channel_missing", channel=news.mention, permissions=_names("attach_files"))
    everything = _names("view_channel", "send_messages", "attach_files")
    season = t("reply.settings_channel_missing", channel=hall.mention, permissions=everything)
    assert answer.content.startswith(f"{t('reply.settings_saved')}\n{daily}\n{season}\n")
    settings = await hearts.bot.service.server_settings(str(hearts.guild.id))
    assert (settings.daily_channel, settings.season_channel) == (str(news.id), str(hall.id))

    # Where the bot may post, and the same channel named twice: one line, or none.
    emu.set_overwrite(news, emu.bot)
    ix = await emu.slash(
        owner, hearts.general, "hearts-settings", allow_channel=news, daily_channel=hall, season_channel=hall
    )
    answer = await hearts.reply(ix)
    assert answer.content.count("⚠️") == 1 and season in answer.content


async def test_a_reward_role_the_bot_may_not_give_is_saved_with_a_warning(hearts: Hearts) -> None:
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    below = emu.create_role(hearts.guild, "Champions", position=1)  # under the bot's own role
    mine = emu.bot_role(hearts.guild)
    above = emu.create_role(hearts.guild, "Legends", position=mine.position + 1)

    answer = await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", season_role=below))
    permission = t(
        "reply.settings_role_permission", role=f"<@&{below.id}>", permission=t("permission.manage_roles")
    )
    assert answer.content.startswith(f"{t('reply.settings_saved')}\n{permission}\n")
    assert t("reply.settings_role_position", role=f"<@&{below.id}>") not in answer.content

    emu.set_role_permissions(hearts.guild, mine, mine.permissions | Permission.MANAGE_ROLES)
    answer = await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", season_role=above))
    position = t("reply.settings_role_position", role=f"<@&{above.id}>")
    assert answer.content.startswith(f"{t('reply.settings_saved')}\n{position}\n")
    assert (await hearts.bot.service.server_settings(str(hearts.guild.id))).season_role == str(above.id)

    answer = await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", season_role=below))
    assert "⚠️" not in answer.content  # Manage Roles, and below the bot's: nothing to say
