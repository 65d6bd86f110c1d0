"""Slash commands in the reader's language: the command tree's translator.

Set on the tree by the app (``HeartsBot.setup_hook``) before the commands sync: it serves every
extension's commands.
discord.py wraps every command name, description, option and choice of the cogs in a
``locale_str`` and asks this translator for each Discord locale; the key of each string comes from
where it sits (``bot.text.commands``), so the cogs keep their English literals unchanged.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.text.commands import choice_key, command_key, localized, option_key

_NAMES = (Where.command_name, Where.group_name, Where.parameter_name, Where.choice_name)
_COMMANDS = (app_commands.Command, app_commands.Group, app_commands.ContextMenu)


def translation_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of a string of the command tree, or None for one the bot does not
    translate (``other``)."""
    where, data = context.location, context.data
    if where is Where.other:
        return None
    field = "name" if where in _NAMES else "description"
    if isinstance(data, _COMMANDS):
        return command_key(data.qualified_name, field)
    if isinstance(data, app_commands.Parameter):
        return option_key(data.command.qualified_name, data.name, field)
    if isinstance(data, app_commands.Choice):
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
