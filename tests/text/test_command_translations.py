"""Slash commands, options and choices in every language, as the tree sends them to Discord.

The tree is built from the bot's real extensions and serialised with the real translator
(``translated_payload``, what the bot's sync sends), so a command, option or choice a cog
adds without a catalogue entry, a name Discord would refuse or a description too long fails here.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import EXTENSIONS, HeartsBot
from bot.client.command_sync import translated_payload
from bot.client.translation import CatalogueTranslator
from bot.config import Settings
from bot.storage.database import Database
from bot.tables import TableService
from bot.text import DEFAULT_LOCALE, LANGUAGES, language
from bot.text.commands import (
    CHOICE_MAX,
    DESCRIPTION_MAX,
    choice_key,
    command_key,
    english,
    localized,
    option_key,
    valid_name,
)
from discord_emulator.command_validation import LOCALES, validate_commands

SPOKEN = {locale for locale in LOCALES if language(locale) != DEFAULT_LOCALE}
"""The Discord locales the commands are localized for: those the bot has a catalogue for, besides
English (``es-ES`` for ``es``, ``sv-SE`` for ``sv``)."""


async def payloads() -> tuple[list[dict[str, Any]], ...]:
    """What the sync sends (twice: worked out, then kept), and discord.py's own payloads."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hearts.sqlite3"
        bot = HeartsBot(Settings(discord_token="-", database_path=path, render_workers=0))
        bot.db = await Database.open(path)  # the parts the extensions use (``setup_hook`` makes them)
        bot.service = TableService(bot.db)
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        await bot.tree.set_translator(CatalogueTranslator())
        translator = bot.tree.translator
        assert translator is not None
        commands = bot.tree.get_commands()
        try:
            return (
                [await translated_payload(bot.tree, c) for c in commands],
                [await translated_payload(bot.tree, c) for c in commands],
                [await c.get_translated_payload(bot.tree, translator) for c in commands],
            )
        finally:
            await bot.close()


def strings(command: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(key, English text, payload part) of every name, description and choice of a command."""
    qualified = f"{prefix} {command['name']}".strip()
    yield command_key(qualified, "name"), command["name"], command
    yield command_key(qualified, "description"), command["description"], command
    for option in command.get("options", []):
        if option["type"] in (1, 2):  # subcommand or subcommand group
            yield from strings(option, qualified)
            continue
        yield option_key(qualified, option["name"], "name"), option["name"], option
        yield option_key(qualified, option["name"], "description"), option["description"], option
        for choice in option.get("choices", []):
            yield choice_key(choice["value"]), choice["name"], choice


@pytest.fixture(scope="module")
def sent() -> tuple[list[dict[str, Any]], ...]:
    import asyncio

    return asyncio.run(payloads())


@pytest.fixture(scope="module")
def tree(sent: tuple[list[dict[str, Any]], ...]) -> list[dict[str, Any]]:
    return sent[0]


def test_the_sync_sends_discord_pys_own_payloads_also_when_kept_from_an_earlier_start(
    sent: tuple[list[dict[str, Any]], ...],
) -> None:
    first, kept, discord_pys = sent
    assert first == kept == discord_pys
    assert len({json.dumps(c, sort_keys=True) for c in first}) == len(first) > 3


def test_the_english_catalogue_says_what_the_cogs_say(tree: list[dict[str, Any]]) -> None:
    """Each command string has its key, with the cogs' English words (a changed or new literal in
    a cog shows here with the key to add to bot/text/po/en.po and every language)."""
    wrong = {key: (text, english(key)) for c in tree for key, text, _ in strings(c) if english(key) != text}
    assert not wrong, f"cogs (left) and bot/text/po/en.po (right) disagree: {wrong}"


def test_discord_accepts_the_commands_in_every_locale(tree: list[dict[str, Any]]) -> None:
    """What the sync sends passes the emulator's registration rules (Discord's): names, lengths,
    locale keys, and 8,000 characters a command counting each field's longest localization."""
    validate_commands(tree)
    assert {lang for lang in LANGUAGES if lang != DEFAULT_LOCALE} <= {language(locale) for locale in SPOKEN}


def test_every_string_is_translated_into_every_language(tree: list[dict[str, Any]]) -> None:
    for command in tree:
        for key, _, part in strings(command):
            field = "name" if key.endswith(".name") or key.startswith("choice.") else "description"
            shown = part.get(f"{field}_localizations") or {}
            assert set(shown) == SPOKEN, (key, sorted(shown))
            for locale, text in shown.items():
                assert text == localized(key, locale)


def test_every_language_reaches_some_discord_locale() -> None:
    """A catalogue no Discord locale maps to would never name a command (``sv`` via ``sv-SE``)."""
    assert {language(locale) for locale in SPOKEN} == set(LANGUAGES) - {DEFAULT_LOCALE}


def test_localized_names_are_valid_discord_names(tree: list[dict[str, Any]]) -> None:
    for command in tree:
        for key, _, part in strings(command):
            for locale, text in (part.get("name_localizations") or {}).items():
                if key.startswith("choice."):
                    assert 1 <= len(text) <= CHOICE_MAX, (key, locale, text)
                else:
                    assert valid_name(text), (key, locale, text)
            for locale, text in (part.get("description_localizations") or {}).items():
                assert 1 <= len(text) <= DESCRIPTION_MAX, (key, locale, len(text), text)


def test_names_are_unique_within_their_command_in_every_language(tree: list[dict[str, Any]]) -> None:
    def check(siblings: list[dict[str, Any]], where: str) -> None:
        for lang in SPOKEN:
            names = [(s.get("name_localizations") or {}).get(lang, s["name"]) for s in siblings]
            assert len(names) == len(set(names)), (where, lang, names)
        for s in siblings:
            if s.get("type") in (None, 1, 2) and s.get("options"):
                check(s["options"], f"{where} {s['name']}")

    check(tree, "/")


def test_a_value_offered_in_several_commands_has_one_english_name(tree: list[dict[str, Any]]) -> None:
    """Choices are keyed by value, so one value must not mean two things."""
    names: dict[str, set[str]] = {}
    for command in tree:
        for key, text, _ in strings(command):
            if key.startswith("choice."):
                names.setdefault(key, set()).add(text)
    assert all(len(n) == 1 for n in names.values()), names


def test_the_name_rule_is_discords() -> None:
    assert valid_name("zeitlimit") and valid_name("fünf_spieler_karten")
    assert valid_name("बेगम_से_पान_खुले") and valid_name("持ち時間") and valid_name("ratu-sekop")
    assert not valid_name("Zeitlimit")  # uppercase
    assert not valid_name("time limit")  # space
    assert not valid_name("")
    assert not valid_name("a" * 33)
    assert not valid_name("x♠")


@pytest.mark.parametrize("locale", ["en-US", "en-GB", "eo", "xx-YY"])
def test_english_and_unknown_locales_get_the_default(locale: str) -> None:
    assert localized("command.hearts.new.description", locale) is None


def test_scores_in_descriptions_come_from_the_engine() -> None:
    assert localized("choice.others_plus", "de") == "die anderen +26"
    assert english("command.hearts.new.option.omnibus.description") == "Omnibus: a diamond that counts −10"
