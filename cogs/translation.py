"""Slash commands in the reader's language: the command tree's translator.

Set on the tree in ``HeartsBot.setup_hook`` before the commands sync (it is not an extension).
discord.py wraps every command name, description, option and choice of the cogs in a
``locale_str`` and asks this translator for each Discord locale; the key of each string comes from
where it sits (``bot.text.commands``), so the cogs keep their English literals unchanged.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.text.commands import choice_key, command_key, localized, option_key


def translation_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of a string of the command tree, or None for one the bot does not
    translate (``other``)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return command_key(data.qualified_name, "name")
    if where in (Where.command_description, Where.group_description):
        return command_key(data.qualified_name, "description")
    if where is Where.parameter_name:
        return option_key(data.command.qualified_name, data.name, "name")
    if where is Where.parameter_description:
        return option_key(data.command.qualified_name, data.name, "description")
    if where is Where.choice_name:
        return choice_key(data.value)
    return None


class CatalogueTranslator(app_commands.Translator):
    """Names and descriptions from ``bot.text``; None (Discord shows the English default) for
    English and for the locales the bot does not speak."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = translation_key(context)
        return None if key is None else localized(key, locale.value)
