"""Which language a reader sees: private text by the person's choice or client, public text by the
server's choice or locale.

Pure functions over the stored settings and the locales Discord sends (``interaction.locale``,
``interaction.guild_locale``), so the Discord layer only passes values through. A stored language
the bot does not speak (a damaged row, a language since removed) counts as "automatic" rather than
failing: the reader then gets their Discord language, or English.
"""

from __future__ import annotations

from bot.tables.options import ServerSettings
from bot.tables.preferences import PlayerPreferences
from bot.text.catalogue import LANGUAGES, language, t
from bot.text.languages import menu_name, own_name


def spoken(code: str | None) -> str | None:
    """``code`` if it is one of the bot's complete languages, else None (automatic)."""
    return code if code in LANGUAGES else None


def private_locale(preferences: PlayerPreferences | None, interaction_locale: str | None) -> str:
    """The language of a person's hand, buttons, DMs and ephemeral answers."""
    chosen = spoken(preferences.language) if preferences is not None else None
    return chosen or language(interaction_locale)


def public_locale(settings: ServerSettings | None, guild_locale: str | None) -> str:
    """The language of a server's table messages, threads, table images and announcements."""
    chosen = spoken(settings.language) if settings is not None else None
    return chosen or language(guild_locale)


def language_setting(code: str | None, locale: str | None, *, server: bool = False) -> str:
    """A language setting as its menu shows it: the language's own name ("Deutsch") or
    "automatic (…)" — for a person's setting, or with ``server`` for a server's."""
    chosen = spoken(code)
    if chosen is not None:
        return menu_name(chosen)
    return t("choice.guild" if server else "choice.client", locale)


def preferences_summary(preferences: PlayerPreferences, locale: str | None) -> str:
    """What ``/hearts me`` shows: the person's language, auto-play and deck."""
    state = t("pref.on" if preferences.auto_play else "pref.off", locale)
    deck = t("choice.four_colour" if preferences.four_colour else "choice.classic", locale)
    return "\n".join(
        (
            t("pref.title", locale),
            t("pref.language.line", locale, language=language_setting(preferences.language, locale)),
            t("pref.auto_play.line", locale, state=state),
            t("pref.deck.line", locale, deck=deck),
        )
    )


def language_saved(code: str | None, discord_locale: str | None, *, server: bool = False) -> str:
    """The confirmation of a language setting, already in the language it sets: the one chosen,
    or for "automatic" the Discord locale (the person's client, or with ``server`` the server's)."""
    prefix = "settings" if server else "pref"
    chosen = spoken(code)
    if chosen is None:
        return t(f"{prefix}.language.saved_automatic", discord_locale)
    return t(f"{prefix}.language.saved", chosen, language=own_name(chosen))
