"""Forged interactions: option values Discord's client never offers (outside the choices, past the
ranges, a language the bot does not speak) reach the bot all the same. The table service checks
every one: a private refusal that names the option and what it allows, in the reader's language;
nothing is opened or saved; never "Something went wrong"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.preferences import load_preferences
from bot.text import LANGUAGES, TableRefusal, refusal_text, t
from discord_emulator import EmulatorError
from playtest.harness import Hearts

TARGETS = [
    ("seats", 8, TableRefusal.OPTION_OUT_OF_RANGE, {"min": 3, "max": 7}),
    ("target", 10**30, TableRefusal.OPTION_OUT_OF_RANGE, {"min": 10, "max": 1000}),
    ("hands", 1_000_000, TableRefusal.OPTION_OUT_OF_RANGE, {"min": 1, "max": 100}),
    ("hands", 0, TableRefusal.OPTION_OUT_OF_RANGE, {"min": 1, "max": 100}),
    ("time_limit", 10**30, TableRefusal.BAD_TIME_LIMIT, {"min": 15.0, "max": 86400.0}),
    ("time_limit", 1, TableRefusal.BAD_TIME_LIMIT, {"min": 15.0, "max": 86400.0}),
    ("computers", "godlike", TableRefusal.OPTION_NOT_OFFERED, {"allowed": ("easy", "normal", "hard")}),
    ("moon", "xx", TableRefusal.OPTION_NOT_OFFERED, {"allowed": ("others_plus", "shooter_chooses")}),
    ("omnibus", "QD", TableRefusal.OPTION_NOT_OFFERED, {"allowed": ("off", "10D", "JD")}),
    ("passing", "up", TableRefusal.OPTION_NOT_OFFERED, {"allowed": ("standard", "no_hold", "left", "none")}),
    (
        "five_player_removal",
        "2D 2C",
        TableRefusal.OPTION_NOT_OFFERED,
        {"allowed": ("TWO_CLUBS", "TWO_SPADES")},
    ),
]


async def refusal(hearts: Hearts, ix: Any) -> str:
    """The private answer, asserted to be no failure report."""
    answer = await hearts.reply(ix)
    assert t("reply.error") not in answer.content
    return answer.content


@pytest.mark.parametrize(("option", "value", "code", "params"), TARGETS)
async def test_a_forged_new_table_option_is_refused_and_nothing_is_opened(
    hearts: Hearts, option: str, value: object, code: TableRefusal, params: dict[str, Any]
) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    with pytest.raises(EmulatorError):  # Discord's client would never send it
        await emu.slash(alice, hearts.general, "hearts new", **{option: value})
    ix = await emu.forged_slash(alice, hearts.general, "hearts new", **{option: value})
    shown = params if code is TableRefusal.BAD_TIME_LIMIT else {"option": option, **params}
    assert await refusal(hearts, ix) == refusal_text(code, "en", **shown)
    assert not hearts.public("Hearts table #")
    assert not hearts.bot.service.tables(str(hearts.guild.id))
    assert not await hearts.bot.db.open_tables()


async def test_the_refusal_is_in_the_readers_language_and_names_the_option_as_their_discord_does(
    hearts: Hearts,
) -> None:
    alice = hearts.people[0]
    hearts.emu.set_locale(alice, "de")
    ix = await hearts.emu.forged_slash(alice, hearts.general, "hearts new", target=10**30)
    text = await refusal(hearts, ix)
    assert text == "`ziel` muss eine ganze Zahl von 10 bis 1000 sein. Es wurde nichts geändert."
    ix = await hearts.emu.forged_slash(alice, hearts.general, "hearts new", moon="xx")
    text = await refusal(hearts, ix)
    assert text.startswith("`durchmarsch` erlaubt nur einen dieser Werte:") and "`die anderen +26`" in text
    assert not await hearts.bot.db.open_tables()


async def test_forged_personal_settings_are_refused_and_nothing_is_saved(hearts: Hearts) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    languages = ("client", *LANGUAGES)
    ix = await emu.forged_slash(alice, hearts.general, "hearts me", language="xx")
    assert await refusal(hearts, ix) == refusal_text(
        TableRefusal.OPTION_NOT_OFFERED, "en", option="language", allowed=languages
    )
    ix = await emu.forged_slash(alice, hearts.general, "hearts me", language="de", auto_play="maybe")
    assert await refusal(hearts, ix) == refusal_text(
        TableRefusal.OPTION_NOT_OFFERED, "en", option="auto_play", allowed=("on", "off")
    )
    ix = await emu.forged_slash(alice, hearts.general, "hearts deck", style="rainbow")
    assert await refusal(hearts, ix) == refusal_text(
        TableRefusal.OPTION_NOT_OFFERED, "en", option="style", allowed=("classic", "four_colour")
    )
    assert await hearts.bot.db.player_preferences(str(alice.id)) is None  # nothing saved, not even "de"
    prefs = await load_preferences(hearts.bot.db, str(alice.id))
    assert prefs.language is None and not prefs.four_colour


async def test_forged_server_settings_are_refused_and_nothing_is_saved(hearts: Hearts) -> None:
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    guild = str(hearts.guild.id)
    cases: list[tuple[dict[str, Any], str]] = [
        (
            {"language": "xx"},
            refusal_text(
                TableRefusal.OPTION_NOT_OFFERED,
                "en",
                option="language",
                allowed=("guild", *LANGUAGES),
            ),
        ),
        (
            {"target": 10**30, "language": "de"},
            refusal_text(TableRefusal.OPTION_OUT_OF_RANGE, "en", option="target", min=10, max=1000),
        ),
        (
            {"seats": 0},
            refusal_text(TableRefusal.OPTION_OUT_OF_RANGE, "en", option="seats", min=3, max=7),
        ),
        (
            {"computers": "godlike"},
            refusal_text(
                TableRefusal.OPTION_NOT_OFFERED, "en", option="computers", allowed=("easy", "normal", "hard")
            ),
        ),
        (
            {"time_limit": 10**30},
            refusal_text(TableRefusal.BAD_TIME_LIMIT, "en", min=15.0, max=86400.0),
        ),
    ]
    for options, expected in cases:
        ix = await emu.forged_slash(owner, hearts.general, "hearts-settings", **options)
        assert await refusal(hearts, ix) == expected, options
    assert await hearts.bot.db.server_settings(guild) is None


async def test_a_forged_leaderboard_order_is_refused(hearts: Hearts) -> None:
    carol = hearts.people[0]
    ix = await hearts.emu.forged_slash(carol, hearts.general, "leaderboard", order="xx")
    assert await refusal(hearts, ix) == refusal_text(
        TableRefusal.OPTION_NOT_OFFERED, "en", option="order", allowed=("points", "skill")
    )


async def test_a_member_or_channel_option_that_is_neither_is_refused(hearts: Hearts) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    stranger = emu.create_user("stranger")  # not a member: an id pasted, or a forged interaction
    ix = await emu.slash(alice, hearts.general, "stats", member=stranger)
    assert await refusal(hearts, ix) == t("reply.option_member", option="member")
    owner = emu.state.users[hearts.guild.owner_id]
    lobby = await hearts.open_table(alice, seats=4)
    await hearts.click(alice, lobby, "Start")
    thread = emu.state.channels[(await hearts.wait_table_message()).channel_id]
    with pytest.raises(EmulatorError):  # Discord's client offers only text channels
        await emu.slash(owner, hearts.general, "hearts-settings", allow_channel=thread)
    ix = await emu.forged_slash(owner, hearts.general, "hearts-settings", allow_channel=thread)
    assert await refusal(hearts, ix) == t("reply.option_channel", option="allow_channel")
    assert await hearts.bot.db.server_settings(str(hearts.guild.id)) is None
