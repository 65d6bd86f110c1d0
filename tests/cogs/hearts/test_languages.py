"""Players see the bot in their own language, through the emulator: a whole game for each language
(fifteen games, a person's client in one language at a server in another) shows no English, the
person's words in theirs and the table's in the server's; a whole game in the pseudo-locale shows no
word that bypassed the catalogues (message texts, embeds, button labels, menus, thread names, alt
text and the words handed to the image renderers); a German player at a Japanese server reads German
privately and Japanese publicly."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.render import Words
from bot.storage import StorageUnavailable
from bot.tables.preferences import load_preferences
from bot.tables.refusals import TableRefusal
from bot.text import CATALOGUES, LANGUAGES, PSEUDO_LOCALE, language, refusal_text, t
from bot.text.help import help_images
from bot.text.locales import language_saved
from bot.text.pseudo import OPEN, unmarked
from cogs.hearts._images import RenderPool
from discord_emulator import DiscordEmulator, InteractionRecord, Message, User
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, bot_clock, discord_presenter, make_bot
from tests.text.discord_locales import ALL_LANGUAGES

FIELD = re.compile(r"\{(\w+)\|((?:[^{}]|\{[^{}|]*\})*)\}|\{[^{}]*\}")


# -- what a person sees ----------------------------------------------------------------------------


def _message_texts(body: dict[str, Any]) -> Iterator[str]:
    """The user-visible strings of a message body (as the bot sent it)."""
    if isinstance(body.get("content"), str):
        yield body["content"]
    for embed in body.get("embeds") or []:
        yield from (embed.get(k) or "" for k in ("title", "description"))
        for f in embed.get("fields") or []:
            yield f.get("name") or ""
            yield f.get("value") or ""
        yield (embed.get("footer") or {}).get("text") or ""
    yield from _component_texts(body.get("components") or [])
    for attachment in body.get("attachments") or []:
        yield attachment.get("description") or ""


def _component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for c in components:
        yield from _component_texts(c.get("components") or [])
        yield from (c.get(k) or "" for k in ("label", "placeholder"))
        for option in c.get("options") or []:
            yield from (option.get(k) or "" for k in ("label", "description"))


def sent_texts(emu: DiscordEmulator) -> list[str]:
    """Every user-visible string in every request the bot made (messages, edits, interaction
    answers, thread names): also the versions later edited away."""
    texts: list[str] = []
    for record in emu.requests:
        body = record.json
        if not isinstance(body, dict) or "/commands" in record.route:
            continue
        if record.route.endswith("/threads") and isinstance(body.get("name"), str):
            texts.append(body["name"])
        texts.extend(_message_texts(body))
        if isinstance(body.get("data"), dict):  # an interaction callback
            texts.extend(_message_texts(body["data"]))
    return [text for text in texts if text]


def stored_attachments(emu: DiscordEmulator) -> list[tuple[Message, Any]]:
    return [(m, a) for m in emu.state.messages.values() for a in m.attachments]


class RecordingRender(RenderPool):
    """The render pool, noting every image value and the words it is drawn with."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[Any, ...]] = []

    async def _run(self, render: Any, *args: Any) -> bytes:
        self.drawn.append(args)
        return await super()._run(render, *args)


def drawn_words(values: tuple[Any, ...]) -> Iterator[str]:
    """Every string in an image value (names, labels) or in its ``Words``."""
    for value in values:
        if isinstance(value, str):
            yield value
        elif isinstance(value, tuple | list):
            yield from drawn_words(tuple(value))
        elif isinstance(value, dict):
            yield from drawn_words(tuple(value.values()))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            if isinstance(value, Words):
                yield from (getattr(value, f.name) for f in dataclasses.fields(value) if f.name != "fill")
            else:
                yield from drawn_words(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))


def english_sentences(lang: str, of: str = "en") -> set[str]:
    """The fixed parts of the English catalogue's sentences (three words or more) that the
    language's catalogue does not also use: any of them in a message is English leaking through.
    ``of``: another language's sentences instead of English (a text in the wrong language)."""
    own = "\n".join(CATALOGUES[language(lang)].values())
    found = set()
    for text in CATALOGUES[language(of)].values():
        for part in FIELD.split(text):
            part = (part or "").strip(" .,:;·()*_\n")
            if part.count(" ") >= 2 and len(part) >= 12 and part not in own:
                found.add(part)
    return found


def longest_fixed_part(text: str) -> str:
    """A catalogue text's longest part that no field changes (a plural field's forms are no part:
    ``FIELD.split`` would return them)."""
    return max(FIELD.sub("\0", text).split("\0"), key=len)


# -- driving a game ----------------------------------------------------------------------------


async def world(
    emu: DiscordEmulator,
    runner: BotRunner,
    tmp_path: Path,
    user_locale: str,
    guild_locale: str,
    people: int = 1,
) -> Hearts:
    users = [emu.create_user(name) for name in ("mika", "noor")[:people]]
    guild = emu.create_guild("Card club", members=users)
    # The pseudo-locale is no Discord locale (set_locale refuses it): a test client sends it anyway.
    for user in users:
        user.locale = user_locale
    guild.preferred_locale = guild_locale
    clock = bot_clock(emu)
    bot = make_bot(emu, tmp_path / "hearts.sqlite3", clock)
    await runner.start(bot)
    general = guild.channel("general")
    return Hearts(emu, bot, clock, tmp_path / "hearts.sqlite3", guild, general, users, locale=guild_locale)


async def open_lobby(hearts: Hearts, host: User, **options: Any) -> tuple[Message, Message, int]:
    """``host`` opens a table: the private answer, the lobby message and the table's id."""
    ix = await hearts.emu.slash(host, hearts.general, "hearts new", **options)
    answer = await hearts.reply(ix)
    lobby = await hearts.emu.wait_for_message(
        lambda m: any(c.startswith("hh:lobby:") for c in m.custom_ids), channel=hearts.general, since=ix
    )
    return answer, lobby, int(lobby.custom_ids[0].split(":")[-1])


async def open_with_computers(hearts: Hearts, host: User, **options: Any) -> tuple[Message, int]:
    """``host`` opens a table, fills it with computers and starts: the lobby message and table id."""
    emu = hearts.emu
    _, lobby, table = await open_lobby(hearts, host, **options)
    seats = int(options.get("seats", 4))
    await add_computers(hearts, host, lobby, table, seats - 1)
    start = await emu.click(host, emu.message(lobby.id), custom_id=f"hh:lobby:start:{table}")
    await start.wait_acknowledged()
    return lobby, table


def seated(hearts: Hearts, table: int) -> int:
    """How many of the table's seats are taken (by people or computers)."""
    return sum(s.kind is not None for s in hearts.bot.service.snapshot(table).seats)


async def add_computers(hearts: Hearts, host: User, lobby: Message, table: int, count: int) -> None:
    """``host`` adds ``count`` computers, each one seated before the next click (and so before Start)."""
    first = seated(hearts, table)
    for added in range(1, count + 1):
        await hearts.emu.click(host, hearts.emu.message(lobby.id), custom_id=f"hh:lobby:bot:{table}")
        await hearts.emu.wait_until(
            lambda n=first + added: seated(hearts, table) == n, what="a computer seated"
        )
    await hearts.settle()


def finished(hearts: Hearts) -> bool:
    return any(a.filename == "standings.png" for _, a in stored_attachments(hearts.emu))


async def play_one_hand(hearts: Hearts, host: User) -> int:
    _, table = await open_with_computers(hearts, host, seats=4, hands=1)
    await hearts.play_until(lambda: finished(hearts))
    await hearts.settle()
    await hearts.emu.settle()
    return table


async def play_with_every_control(hearts: Hearts) -> tuple[int, Message, Message]:
    """One hand for two people and two computers that shows every control and answer of a game:
    mika has auto-play on (the hand's last card is always played for them, with a note) and asks
    for Last trick mid-hand; noor's DMs are closed (pings in the thread, Show my hand); then noor
    asks for a rematch twice and mika declines. Returns the table, mika's Last trick answer and
    noor's answer to their second Rematch."""
    emu = hearts.emu
    person, friend = hearts.people
    emu.faults.close_dms(friend)
    hearts.no_dm.add(friend.id)
    await hearts.reply(await emu.slash(person, hearts.general, "hearts me", auto_play="on"))
    _, lobby, table = await open_lobby(hearts, person, seats=4, hands=1)
    # A lobby click is acknowledged before the service applies it: wait for the seat itself, or
    # Start could come first and give noor's seat to a computer.
    await emu.click(friend, emu.message(lobby.id), custom_id=f"hh:lobby:join:{table}")
    await emu.wait_until(lambda: seated(hearts, table) == 2, what="noor seated")
    await add_computers(hearts, person, lobby, table, 2)
    start = await emu.click(person, emu.message(lobby.id), custom_id=f"hh:lobby:start:{table}")
    await start.wait_acknowledged()
    await hearts.play_until(lambda: hearts.bot.service.snapshot(table).last_trick is not None)
    await hearts.settle()
    table_message = await hearts.wait_table_message()
    last = await hearts.reply(await emu.click(person, table_message, custom_id=f"hh:tbl:last:{table}"))
    await hearts.play_until(lambda: finished(hearts))
    # The game's end is shown in full (the lobby's game-over line is its last step) before anyone
    # answers the Rematch offer.
    over = t("lobby.finished", hearts.locale)
    await emu.wait_until(lambda: over in emu.message(lobby.id).content, what="the lobby's game-over line")
    await hearts.settle()
    standings = next(m for m, a in stored_attachments(emu) if a.filename == "standings.png")

    async def rematch(user: User, answer: str) -> InteractionRecord:
        now = emu.message(standings.id)
        button = next(c for c in now.custom_ids if c.startswith(f"hh:again:{answer}:"))
        return await emu.click(user, now, custom_id=button)

    async def edited(user: User, answer: str) -> None:
        """A click that updates the offer under the standings (counted before the click)."""
        edits = emu.message(standings.id).edit_count
        await (await rematch(user, answer)).wait_acknowledged()
        await emu.wait_until(lambda: emu.message(standings.id).edit_count > edits, what="the offer edited")

    await edited(friend, "y")
    again = await hearts.reply(await rematch(friend, "y"))  # a second click: a private answer
    await edited(person, "n")
    await hearts.settle()
    await emu.settle()
    closed = emu.message(standings.id).custom_ids
    assert closed and all(c.startswith("hr:open:") for c in closed)  # the offer is closed; Review hand stays
    return table, last, again


# -- the tests -----------------------------------------------------------------------------------


# Discord's locales for the catalogues but English, in pairs: the person's language, then the
# server's. Each language is played once, on one side: the person reads their DMs, their private
# answers, help and rules in theirs, everyone reads the lobby, the table and the standings in the
# server's. A game for each language on both sides costs twice the CPU (33 s), for words
# tests/text checks in every language (every key filled in every catalogue, every control's length
# within Discord's limits).
LOCALES = [{"es": "es-ES", "sv": "sv-SE"}.get(lang, lang) for lang in LANGUAGES if lang != "en"]
PAIRS = list(zip(LOCALES[0::2], LOCALES[1::2], strict=True))


@pytest.mark.parametrize(("lang", "server"), PAIRS, ids=[f"{a}-at-{b}" for a, b in PAIRS])
async def test_a_whole_game_in_each_language_shows_no_english(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, lang: str, server: str
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, lang, server, people=2)
    person, friend = hearts.people
    table, last, again = await play_with_every_control(hearts)
    # Help and the score sheet, too
    await hearts.reply(await emulator.slash(person, hearts.general, "hearts help"))
    await hearts.reply(await emulator.slash(person, hearts.general, "hearts rules"))

    texts = sent_texts(emulator)
    everything = "\n".join(texts)
    leaks = sorted(s for s in english_sentences(lang) & english_sentences(server) if s in everything)
    assert not leaks, f"English in a game of {lang} at {server}: {leaks[:5]}"
    # and what was shown is the person's catalogue, privately: their hand, its controls and
    # answers (pass, Last trick, the auto-play note, Rematch), help and rules
    assert t("hand.header", lang, table=table, hand=1) in everything
    assert t("help.title", lang) in texts
    assert t("rules.text.book", lang) in everything
    assert t("button.pass_these", lang) in texts
    assert last.content.startswith(CATALOGUES[language(lang)]["last_trick.answer"].split("{")[0])
    assert again.content == t("rematch.confirmed", lang)
    assert longest_fixed_part(CATALOGUES[language(lang)]["hand.auto_played"]) in everything
    # and the server's publicly: the lobby, the table's thread, message and pings, the Rematch offer
    assert t("lobby.title", server, table=table) in everything
    assert t("button.show_hand", server) in texts
    assert t("thread.name", server, table=table) in texts
    assert t("button.last_trick", server) in texts
    assert t("button.rematch", server) in texts and t("button.rematch_decline", server) in texts
    assert t("rematch.declined", server, name=person.name) in everything
    assert friend.mention in everything
    for message, attachment in stored_attachments(emulator):
        assert attachment.description, f"{attachment.filename} of {message.id} has no alt text"
        assert len(attachment.description) <= 1024


async def test_a_whole_game_in_the_pseudo_locale_shows_only_catalogue_words(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, PSEUDO_LOCALE, PSEUDO_LOCALE, people=2)
    person, friend = hearts.people
    render = RecordingRender()
    discord_presenter(hearts.bot).render = render
    _, last, again = await play_with_every_control(hearts)
    for command in ("hearts help", "hearts rules", "hearts me", "hearts scores"):
        await hearts.reply(await emulator.slash(person, hearts.general, command))
    await hearts.settle()

    names = [person.name, friend.name, "Card club"]
    texts = sent_texts(emulator)
    assert len(texts) > 50
    # the tap-era controls and answers were seen (and so checked below)
    assert t("button.pass_these", PSEUDO_LOCALE) in texts and last.content.startswith(OPEN)
    assert again.content == t("rematch.confirmed", PSEUDO_LOCALE)
    assert any(friend.mention in text for text in texts)
    unmarked_texts = {text: unmarked(text, names) for text in texts if unmarked(text, names)}
    assert not unmarked_texts, unmarked_texts
    drawn = [word for args in render.drawn for word in drawn_words(args)]
    assert any("⟦" in word for word in drawn)
    bare = {word: unmarked(word, names) for word in drawn if unmarked(word, names)}
    assert not bare, bare
    described = [a.description for _, a in stored_attachments(emulator)]
    assert described and all(d and not unmarked(d, names) for d in described)


async def test_a_german_player_at_a_japanese_server_reads_german_privately_japanese_publicly(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, "de", "ja")
    (person,) = hearts.people
    emu = hearts.emu
    answer, lobby, table = await open_lobby(hearts, person, seats=4)
    assert answer.content == t("reply.table_created", "de", table=table)
    assert lobby.content.startswith(t("lobby.title", "ja", table=table))
    assert t("button.join", "ja") in lobby.labels
    await add_computers(hearts, person, lobby, table, 3)
    start = await emu.click(person, emu.message(lobby.id), custom_id=f"hh:lobby:start:{table}")
    await start.wait_acknowledged()
    dm = await emu.wait_for_dm(person, lambda m: bool(m.custom_ids))
    assert dm.content.startswith(t("hand.header", "de", table=table, hand=1))
    assert dm.attachments[0].description
    table_message = await hearts.wait_table_message()
    assert t("button.show_hand", "ja") in table_message.labels
    assert t("thread.name", "ja", table=table) in [c.name for c in hearts.guild.channels]
    # Show my hand (private, from the public table message) answers in German
    shown = await hearts.reply(await emu.click(person, table_message, custom_id=f"hh:tbl:hand:{table}"))
    assert shown.content.startswith(t("hand.header", "de", table=table, hand=1))
    # A refusal, too: /hearts join where the table has started
    refused = await hearts.reply(await emu.slash(person, hearts.general, "hearts join"))
    # The leaderboard is public (Japanese), one's statistics private (German)
    board = await emu.slash(person, hearts.general, "leaderboard")
    await board.wait_acknowledged()
    shown = await board.wait_original()
    assert not shown.ephemeral
    assert shown.content.startswith(t("leaderboard.title", "ja", order=t("leaderboard.order.points", "ja")))
    stats = await hearts.reply(await emu.slash(person, hearts.general, "stats"))
    assert stats.content == t("stats.none", "de", name=person.name)
    german = [FIELD.split(v)[0] for k, v in CATALOGUES["de"].items() if k.startswith(("table.", "refusal."))]
    assert any(start and refused.content.startswith(start) for start in german), refused.content


async def test_hearts_me_shows_and_changes_the_persons_settings(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, "de", "de")
    (person,) = hearts.people
    emu = hearts.emu
    shown = await hearts.reply(await emu.slash(person, hearts.general, "hearts me"))
    assert t("pref.title", "de") in shown.content
    assert t("choice.client", "de") in shown.content

    saved = await hearts.reply(
        await emu.slash(person, hearts.general, "hearts me", language="ja", auto_play="on")
    )
    assert language_saved("ja", "de") in saved.content
    assert t("pref.auto_play.saved_on", "ja") in saved.content
    prefs = await load_preferences(hearts.bot.db, str(person.id))
    assert (prefs.language, prefs.auto_play) == ("ja", True)
    rules = await hearts.reply(await emu.slash(person, hearts.general, "hearts rules"))
    assert t("rules.text.book", "ja") in rules.content

    # The deck style keeps the language and auto-play (it used to reset them)
    deck = await hearts.reply(await emu.slash(person, hearts.general, "hearts deck", style="four_colour"))
    assert deck.content == t("reply.deck_four", "ja")
    assert deck.attachments[0].description
    prefs = await load_preferences(hearts.bot.db, str(person.id))
    assert (prefs.language, prefs.auto_play, prefs.four_colour) == ("ja", True, True)

    back = await hearts.reply(await emu.slash(person, hearts.general, "hearts me", language="client"))
    assert language_saved(None, "de") in back.content
    assert (await load_preferences(hearts.bot.db, str(person.id))).language is None


async def test_the_server_language_setting_decides_the_tables_language(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, "de", "ja")
    (person,) = hearts.people
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    emu.set_locale(owner, "hi")
    saved = await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", language="id"))
    assert language_saved("id", "ja", server=True) in saved.content
    assert t("reply.settings_saved", "hi") in saved.content
    assert (await hearts.bot.service.server_settings(str(hearts.guild.id))).language == "id"
    _, lobby, table = await open_lobby(hearts, person, seats=4)
    assert lobby.content.startswith(t("lobby.title", "id", table=table))

    # Back to automatic: the server's Discord language again, for new tables
    await hearts.reply(await emu.slash(owner, hearts.general, "hearts-settings", language="guild"))
    assert (await hearts.bot.service.server_settings(str(hearts.guild.id))).language is None
    _, lobby, after = await open_lobby(hearts, owner, seats=4)
    assert after != table and lobby.content.startswith(t("lobby.title", "ja", table=after))  # the server's


async def test_a_tables_language_is_not_chosen_while_the_servers_settings_cant_be_read(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The server chose Indonesian; its settings can't be read as a new table is first shown (the
    database locked): the lobby is shown in the server's Discord language for now, but that is not
    kept for the game: at its next change the table's language is chosen, the server's."""
    hearts = await world(emulator, bot_runner, tmp_path, "de", "ja")
    (person,) = hearts.people
    owner = emulator.state.users[hearts.guild.owner_id]
    await hearts.reply(await emulator.slash(owner, hearts.general, "hearts-settings", language="id"))
    presenter = discord_presenter(hearts.bot)
    read, failed = presenter._server_settings, []

    async def locked(guild_id: str) -> Any:
        failed.append(guild_id)
        raise StorageUnavailable("database is locked")

    presenter._server_settings = locked
    _, lobby, table = await open_lobby(hearts, person, seats=4)
    assert failed and lobby.content.startswith(t("lobby.title", "ja", table=table))
    presenter._server_settings = read  # mended
    await add_computers(hearts, person, lobby, table, 1)
    title = t("lobby.title", "id", table=table)
    await emulator.wait_until(
        lambda: emulator.message(lobby.id).content.startswith(title), what="the lobby in its language"
    )


async def test_hearts_help_is_the_guide_with_two_described_pictures(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    hearts = await world(emulator, bot_runner, tmp_path, "hi", "en-US")
    (person,) = hearts.people
    shown = await hearts.reply(await emulator.slash(person, hearts.general, "hearts help"))
    assert shown.embeds[0]["title"] == t("help.title", "hi")
    pictures = help_images("hi")
    assert [a.description for a in shown.attachments] == [pictures.hand_alt, pictures.table_alt]
    assert all(a.image().size[0] > 0 for a in shown.attachments)


async def test_dms_after_a_restart_still_use_the_client_language_last_seen(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """A DM sent from an event (no interaction to read the locale from) after a restart: the
    person's client language is remembered with the table."""
    hearts = await world(emulator, bot_runner, tmp_path, "ja", "en-US")
    (person,) = hearts.people
    _, table = await open_with_computers(hearts, person, seats=4)
    await emulator.wait_for_dm(person, lambda m: bool(m.custom_ids))
    await hearts.settle()
    await hearts.restart(bot_runner)
    presenter = discord_presenter(hearts.bot)
    assert str(person.id) not in presenter.known_locales  # nothing seen since the restart
    state = await presenter.state(table)
    assert await presenter.private(str(person.id), state) == "ja"
    assert await presenter.public(state, hearts.bot.service.snapshot(table)) == "en"


async def test_the_language_options_suggest_a_language_by_any_of_its_names(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More languages than an option's 25 choices: the language options of /hearts me and
    /hearts-settings autocomplete, by a language's own name, its English name, its name in the
    reader's language or its code, in the reader's Discord language."""
    hearts = await world(emulator, bot_runner, tmp_path, "de", "de")
    (person,) = hearts.people
    emu = hearts.emu

    async def suggested(typed: str, command: str = "hearts me", who: User = person) -> list[dict[str, Any]]:
        return await (await emu.autocomplete(who, hearts.general, command, "language", typed)).suggestions()

    everything = await suggested("")
    assert everything[0] == {"name": t("choice.client", "de"), "value": "client"}
    assert everything[1] == {"name": "Deutsch", "value": "de"}  # the reader's own language next
    assert len(everything) == min(25, 1 + len(LANGUAGES))
    assert {c["value"] for c in everything} <= {"client", *LANGUAGES}
    assert await suggested("jap") == [{"name": "日本語 — Japanisch", "value": "ja"}]
    for typed in ("jap", "Japanisch", "日本", "JA ", "japanese"):
        assert [c["value"] for c in await suggested(typed)] == ["ja"], typed
    assert [c["value"] for c in await suggested("hindi")] == ["hi"]
    assert await suggested("klingon") == []

    owner = emu.state.users[hearts.guild.owner_id]
    emu.set_locale(owner, "ja")
    server = await suggested("", "hearts-settings", owner)
    assert server[0] == {"name": t("choice.guild", "ja"), "value": "guild"}

    # Beyond Discord's 25 choices: every language of issue 32 (named by CLDR before its catalogue exists)
    monkeypatch.setattr("bot.text.languages.LANGUAGES", ALL_LANGUAGES)
    everything = await suggested("")
    assert len(everything) == 25 and everything[0]["value"] == "client"
    assert [c["value"] for c in await suggested("thai")] == ["th"]
    assert [c["value"] for c in await suggested("ไทย")] == ["th"]
    assert [c["value"] for c in await suggested("Polnisch")] == ["pl"]
    assert [c["value"] for c in await suggested("espa")] == ["es", "es-419"]
    assert {c["value"] for c in await suggested("chin")} == {"zh-CN", "zh-TW"}
    assert [c["value"] for c in await suggested("pt-br")] == ["pt-BR"]

    # What is finally sent is checked as ever: a typed name that was not picked changes nothing
    ix = await emu.slash(person, hearts.general, "hearts me", language="Deutsch")
    assert (await hearts.reply(ix)).content == refusal_text(
        TableRefusal.OPTION_NOT_OFFERED, "de", option="language", allowed=("client", *LANGUAGES)
    )
    assert (await load_preferences(hearts.bot.db, str(person.id))).language is None
