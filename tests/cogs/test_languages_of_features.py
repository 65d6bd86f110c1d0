"""The daily challenge, an event round and a hand review through the emulator, in three pairs of
six languages that cover every script the bot writes (Latin, Cyrillic, Greek, Thai, Hangul, Han):
a person whose Discord speaks one language at a server that speaks another reads the private text
(the daily challenge's DMs, their hands, the hand review) in theirs and the public text (the
event's sign-up, round, standings) in the server's, with no sentence of English, German or the
other language of the two left in either."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.review.ids import open_review_id
from bot.text import CATALOGUES, language, t
from cogs.daily._presenter import RESULT_IMAGE
from discord_emulator import DiscordEmulator, Message, User
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts
from tests.cogs.hearts.test_languages import (
    _message_texts,
    english_sentences,
    longest_fixed_part,
    open_with_computers,
    sent_texts,
    world,
)
from tests.cogs.test_daily import daily_cog
from tests.cogs.test_events import answer

# The person's language, then the server's: each of the six on one side. Here: which words go to
# whom. Every language's glyphs are drawn by tests/text/test_glyphs.py, the daily's and the events'
# words filled in every language by test_daily_words.py and test_event_words.py, every key in
# every catalogue by test_catalogues.py. Six pairs (each language on both sides) cost twice the CPU.
PAIRS = [("ru", "el"), ("th", "ko"), ("zh-TW", "fr")]


def fixed(key: str, lang: str) -> str:
    """The longest part of a catalogue text that no field changes, in ``lang``."""
    return longest_fixed_part(CATALOGUES[language(lang)][key]).strip()


def texts_of(messages: list[Message]) -> list[str]:
    """What a person sees of ``messages``: content, embeds, buttons and menus, alt text."""
    found: list[str] = []
    for m in messages:
        body = {
            "content": m.content,
            "embeds": m.embeds,
            "components": m.components,
            "attachments": [{"description": a.description} for a in m.attachments],
        }
        found.extend(text for text in _message_texts(body) if text)
    return found


def private(emu: DiscordEmulator, user: User) -> list[Message]:
    return [m for m in emu.dm_messages(user) + emu.ephemeral_messages(user) if not m.deleted]


def public(emu: DiscordEmulator) -> list[Message]:
    shown = emu.state.messages.values()
    return [m for m in shown if m.guild_id is not None and not m.ephemeral and not m.deleted]


def wrong(texts: list[str], reader: str, others: tuple[str, ...]) -> list[str]:
    """The sentences of ``others``' catalogues (not also ``reader``'s) found in ``texts``."""
    everything = "\n".join(texts)
    return sorted(s for other in others for s in english_sentences(reader, of=other) if s in everything)


def daily_result(h: Hearts, user: User) -> Message | None:
    found = [m for m in h.emu.dm_messages(user) if any(a.filename == RESULT_IMAGE for a in m.attachments)]
    return found[0] if found else None


async def play_the_daily(h: Hearts, person: User, lang: str) -> Message:
    started = await h.reply(await h.emu.slash(person, h.general, "hearts daily play"))
    assert started.content == t("daily.started", lang, number=1)
    await h.play_until(lambda: daily_result(h, person) is not None, [person])
    await daily_cog(h).service.settle()
    await h.settle()
    result = daily_result(h, person)
    assert result is not None
    return result


async def play_an_event_round(h: Hearts, person: User, server: str) -> Message:
    """The smallest event (one round of one hand, ``person`` and three computers), organised by
    the server's owner: the event's final standings."""
    emu = h.emu
    owner = emu.state.users[h.guild.owner_id]
    ix = await emu.slash(owner, h.general, "hearts-event new", name="Cup", rounds=1, hands=1, seats=4)
    signup = await h.public_answer(ix)
    await (await emu.click(person, signup, custom_id="hev:join:1")).wait_acknowledged()
    await emu.wait_until(lambda: person.name in emu.message(signup.id).content, what="the entrant listed")
    await answer(h, owner, "hearts-event start", event=1)
    over = fixed("event.standings.final_text", server)
    await h.play_until(lambda: h.public(over), [person])
    await h.settle()
    await emu.settle()
    final = h.public(over)[0]
    assert final.attachments
    return final


async def a_finished_game(h: Hearts, person: User) -> tuple[Message, int]:
    """``person`` and three computers play an ordinary game of one hand: its standings message
    (with Review hand) and its table."""
    _, table = await open_with_computers(h, person, seats=4, hands=1)

    def standings() -> Message | None:
        return next((m for m in public(h.emu) if open_review_id(table, 1) in m.custom_ids), None)

    await h.play_until(lambda: standings() is not None, [person])
    await h.settle()
    await h.emu.settle()
    found = standings()
    assert found is not None
    return found, table


async def review_the_hand(h: Hearts, person: User, standings: Message, table: int, lang: str) -> Message:
    """``person`` presses Review hand 1 under the table's standings, waits for the coach, steps on."""
    emu = h.emu
    shown = await h.reply(await emu.click(person, standings, custom_id=open_review_id(table, 1)))
    assert t("review.intro", lang, table=table, hand=1) in shown.content
    (image,) = shown.attachments
    assert (image.description or "").startswith(t("review.title", lang, table=table, hand=1))
    coached = await h.wait_content(shown, fixed("review.coach.header", lang))
    assert t("review.coach.preparing", lang) not in coached.content
    edits = coached.edit_count
    await h.click(person, coached, t("button.review_next", lang))
    return await emu.wait_until(
        lambda: (m := emu.message(shown.id)).edit_count > edits and m, what="the replay's next step"
    )


@pytest.mark.parametrize(("lang", "server"), PAIRS, ids=[f"{a}-at-{b}" for a, b in PAIRS])
async def test_the_daily_an_event_round_and_a_review_in_the_readers_and_the_servers_language(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, lang: str, server: str
) -> None:
    h = await world(emulator, bot_runner, tmp_path, lang, server)
    (person,) = h.people
    emulator.set_locale(emulator.state.users[h.guild.owner_id], server)

    # The daily challenge, in the DMs: intro, hands, result and its picture's alt text
    result = await play_the_daily(h, person, lang)
    dms = sent_texts(emulator)  # so far, all the person's: their DMs and the private answer
    assert any(fixed("daily.intro", lang) in text for text in dms)
    assert any(fixed("hand.header", lang) in text for text in dms)
    assert t("button.pass_these", lang) in dms  # edited away since
    assert fixed("daily.result.title", lang) in result.content
    (picture,) = result.attachments
    assert fixed("daily.alt.result", lang) in (picture.description or "")
    assert not wrong(dms, lang, ("en", "de", server)), "the daily's DMs"

    # An event round: public text in the server's language, the person's hand in theirs
    mark = max(m.id for m in emulator.dm_messages(person))
    final = await play_an_event_round(h, person, server)
    shown = texts_of(public(emulator))
    for key in ("event.signup", "event.round.started", "event.standings.final_text"):
        assert any(fixed(key, server) in text for text in shown), key
    assert fixed("event.standings.alt", server) in (final.attachments[0].description or "")
    hands = texts_of([m for m in emulator.dm_messages(person) if m.id > mark])
    sheets = {c for m in public(emulator) for c in m.custom_ids if c.startswith("hh:tbl:sheet:")}
    (table,) = {int(c.split(":")[-1]) for c in sheets}  # the event's one table
    # its header is edited into the game's end later: look at what was sent
    assert t("hand.header", lang, table=table, hand=1) in "\n".join(sent_texts(emulator))
    assert any(fixed("hand.played", lang) in text for text in hands)
    assert not wrong(hands, lang, ("en", "de", server)), "the event's hands"
    assert not wrong(shown, server, ("en", "de", lang)), "the event's public messages"

    # A hand review: steps, coach lines and alt text in the reader's language
    standings, table = await a_finished_game(h, person)
    assert t("button.review_hand", server, hand=1) in standings.labels
    stepped = await review_the_hand(h, person, standings, table, lang)
    assert fixed("review.coach.header", lang) in stepped.content
    assert fixed("review.caption.trick", lang) in (stepped.attachments[0].description or "")
    seen = texts_of([stepped])
    assert not wrong(seen, lang, ("en", "de", server)), "the hand review"

    # And overall: everything privately the person's, nothing of English anywhere (edits too)
    assert not wrong(texts_of(private(emulator, person)), lang, ("en", "de", server)), "private"
    sent = "\n".join(sent_texts(emulator))
    leaks = sorted(s for s in english_sentences(lang) & english_sentences(server) if s in sent)
    assert not leaks, f"English: {leaks[:5]}"
