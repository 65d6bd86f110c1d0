"""Which language private and public text is in, and the stored settings that choose it."""

from __future__ import annotations

import pytest

from bot.tables.options import ServerSettings, TableOptions
from bot.tables.preferences import PlayerPreferences
from bot.text import LANGUAGES, t
from bot.text.locales import (
    language_saved,
    language_setting,
    preferences_summary,
    private_locale,
    public_locale,
    spoken,
)


@pytest.mark.parametrize(
    ("chosen", "client", "expected"),
    [
        (None, "de", "de"),
        (None, "en-GB", "en"),
        (None, "eo", "en"),  # a locale the bot does not speak reads English
        (None, None, "en"),
        ("ja", "de", "ja"),  # the person's choice wins over their client
        ("hi", None, "hi"),
        ("eo", "id", "id"),  # a stored language the bot does not speak counts as automatic
    ],
)
def test_private_text_follows_the_persons_choice_then_their_client(
    chosen: str | None, client: str | None, expected: str
) -> None:
    assert private_locale(PlayerPreferences(language=chosen), client) == expected


def test_no_preferences_read_as_automatic() -> None:
    assert private_locale(None, "ja") == "ja"
    assert public_locale(None, "id") == "id"


@pytest.mark.parametrize(
    ("chosen", "guild", "expected"),
    [
        (None, "de", "de"),
        (None, "es-ES", "es"),
        (None, "eo", "en"),
        ("hi", "de", "hi"),
        ("xx", "ja", "ja"),
        (None, None, "en"),
    ],
)
def test_public_text_follows_the_servers_choice_then_its_locale(
    chosen: str | None, guild: str | None, expected: str
) -> None:
    assert public_locale(ServerSettings(language=chosen), guild) == expected


def test_spoken_languages_only() -> None:
    assert [spoken(code) for code in LANGUAGES] == list(LANGUAGES)
    assert spoken("eo") is None and spoken(None) is None and spoken("en-XA") is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_language_setting_reads_as_its_menu_shows_it(lang: str) -> None:
    assert language_setting("de", lang) == "Deutsch"
    assert language_setting("ja", lang) == "日本語"
    assert language_setting(None, lang) == t("choice.client", lang)
    assert language_setting(None, lang, server=True) == t("choice.guild", lang)
    assert language_setting("eo", lang, server=True) == t("choice.guild", lang)
    assert t("choice.client", lang) != t("choice.guild", lang)


def test_player_preferences_round_trip_and_read_old_rows() -> None:
    prefs = PlayerPreferences(four_colour=True, language="hi", auto_play=True)
    assert PlayerPreferences.from_json(prefs.to_json()) == prefs
    # a row written before language and auto-play existed
    assert PlayerPreferences.from_json({"four_colour": True}) == PlayerPreferences(four_colour=True)
    assert PlayerPreferences().language is None and PlayerPreferences().auto_play is False


@pytest.mark.parametrize(
    "row",
    [
        None,
        {},
        [],
        {"language": 5, "auto_play": "yes", "four_colour": 1},
        {"language": "Deutsch!", "auto_play": None},
        {"language": "", "extra": {"x": 1}},
        {"language": "x" * 100},
    ],
)
def test_damaged_preferences_read_as_the_defaults(row: object) -> None:
    assert PlayerPreferences.from_json(row) == PlayerPreferences()  # type: ignore[arg-type]


def test_server_settings_keep_rows_written_before_the_language_existed() -> None:
    old = {"defaults": TableOptions().to_json(), "allowed_channels": ["1", "2"]}
    settings = ServerSettings.from_json(old)
    assert settings.language is None and settings.allowed_channels == frozenset({"1", "2"})
    assert settings.to_json() == old  # no new key written while nothing is chosen
    chosen = ServerSettings(language="id")
    assert ServerSettings.from_json(chosen.to_json()) == chosen


@pytest.mark.parametrize("value", [3, "", "日本語", "de DE", ["de"], {"x": 1}])
def test_a_damaged_server_language_reads_as_automatic(value: object) -> None:
    row = {"defaults": TableOptions().to_json(), "language": value}
    assert ServerSettings.from_json(row).language is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_preferences_summary_shows_every_setting(lang: str) -> None:
    shown = preferences_summary(PlayerPreferences(four_colour=True, language="ja", auto_play=True), lang)
    assert shown.splitlines() == [
        t("pref.title", lang),
        t("pref.language.line", lang, language="日本語"),
        t("pref.auto_play.line", lang, state=t("pref.on", lang)),
        t("pref.deck.line", lang, deck=t("choice.four_colour", lang)),
    ]
    default = preferences_summary(PlayerPreferences(), lang)
    assert t("choice.client", lang) in default and t("pref.off", lang) in default
    assert t("choice.classic", lang) in default


def test_a_language_is_confirmed_in_that_language() -> None:
    assert language_saved("de", "ja") == "Ab jetzt schreibe ich dir auf Deutsch."
    assert language_saved(None, "ja") == t("pref.language.saved_automatic", "ja")
    assert language_saved("hi", "en", server=True) == t("settings.language.saved", "hi", language="हिन्दी")
    assert language_saved("eo", "id", server=True) == t("settings.language.saved_automatic", "id")
