"""Every slash-command string in the catalogues is one Discord accepts, in every language.

``test_command_translations`` checks the commands the cogs register today; this checks every
``command.*`` and ``choice.*`` key, so the names for commands the Discord side has not added yet
(``/hearts help``, ``/hearts me``, the server's language option) are valid before it does.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from bot.text import CATALOGUES, LANGUAGES
from bot.text.catalogue import fill
from bot.text.commands import CHOICE_MAX, DESCRIPTION_MAX, command_params, valid_name

NAME = re.compile(r"command\.(?P<parent>.+?)\.(?:option\.)?(?P<own>[^.]+)\.name")


def filled(lang: str, key: str) -> str:
    return fill(CATALOGUES[lang][key], lang, command_params())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_and_option_name_is_valid(lang: str) -> None:
    bad = [
        (key, text)
        for key in CATALOGUES[lang]
        if key.startswith("command.") and key.endswith(".name") and not valid_name(text := filled(lang, key))
    ]
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_description_and_choice_fits(lang: str) -> None:
    for key in CATALOGUES[lang]:
        if key.startswith("command.") and key.endswith(".description"):
            assert 1 <= len(filled(lang, key)) <= DESCRIPTION_MAX, key
        if key.startswith("choice."):
            assert 1 <= len(filled(lang, key)) <= CHOICE_MAX, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_unique_among_their_siblings(lang: str) -> None:
    """Subcommands of one group, options of one command: no two read the same."""
    siblings: dict[tuple[str, bool], list[str]] = defaultdict(list)
    for key in CATALOGUES[lang]:
        match = NAME.fullmatch(key)
        if match and key != "command.hearts.name":
            siblings[match["parent"], ".option." in key].append(filled(lang, key))
    for where, names in siblings.items():
        assert len(names) == len(set(names)), (where, names)
    assert "hilfe" in siblings["hearts", False] or lang != "de"


def test_the_new_commands_have_their_keys() -> None:
    for key in (
        "command.hearts.help.name",
        "command.hearts.me.name",
        "command.hearts.me.option.language.name",
        "command.hearts.me.option.auto_play.name",
        "command.hearts-settings.option.language.name",
    ):
        assert all(key in CATALOGUES[lang] for lang in LANGUAGES), key
