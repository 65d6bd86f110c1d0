"""Discord's documented rules as the emulator enforces them: each test makes a deliberately wrong
request (or sets up a situation Discord refuses) and checks the refusal, next to the right one."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp
import discord
import pytest

from discord_emulator import (
    ApiError,
    Channel,
    DiscordEmulator,
    EmulatorError,
    Guild,
    InteractionType,
    Permission,
    User,
    route_keys,
)
from discord_emulator.command_validation import validate_commands
from discord_emulator.models import ALL_PERMISSIONS, INVITE_PERMISSIONS
from discord_emulator.permissions import base_permissions
from discord_emulator.validation import ATTACHMENT_SIZE_LIMIT

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


class Api:
    """Raw REST calls as the bot (no discord.py in between, so a wrong request stays wrong)."""

    def __init__(self, emu: DiscordEmulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.session = emu, session

    async def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        files: list[tuple[str, bytes]] | None = None,
    ) -> tuple[int, Any, dict[str, str]]:
        headers = {"Authorization": f"Bot {self.emu.token}"}
        data: Any = None
        if files is not None:
            form = aiohttp.MultipartWriter("form-data")
            payload = form.append(json.dumps(body or {}), {"Content-Type": "application/json"})
            payload.set_content_disposition("form-data", name="payload_json")
            for i, (name, blob) in enumerate(files):
                part = form.append(blob, {"Content-Type": "image/png"})
                extra = {"filename": name} if name else {}
                part.set_content_disposition("form-data", name=f"files[{i}]", **extra)
            data = form
        elif body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        async with self.session.request(method, self.emu.api_base + path, data=data, headers=headers) as r:
            text = await r.text()
            return r.status, json.loads(text) if text else None, dict(r.headers)

    async def send(self, channel: Channel, body: dict[str, Any], **kw: Any) -> tuple[int, Any]:
        status, data, _ = await self.call("POST", f"/channels/{channel.id}/messages", body, **kw)
        return status, data


@pytest.fixture
async def api(emulator: DiscordEmulator) -> Any:
    emulator.rate_limits.enabled = False  # raw bursts here test other rules (rate limits: below)
    async with aiohttp.ClientSession() as session:
        yield Api(emulator, session)


def server(emu: DiscordEmulator) -> tuple[Guild, Channel, User, User]:
    alice, bob = emu.create_user("alice"), emu.create_user("bob")
    guild = emu.create_guild("Club", members=[alice, bob])
    return guild, guild.channel("general"), alice, bob


def code(data: Any) -> int:
    return int(data["code"])


# --- permissions ---------------------------------------------------------------------------------


async def test_the_bot_has_exactly_the_invite_permissions(emulator: DiscordEmulator):
    guild, general, _, _ = server(emulator)
    assert INVITE_PERMISSIONS == 309237763072
    assert base_permissions(guild, emulator.bot.id) == INVITE_PERMISSIONS
    assert emulator.permissions(emulator.bot, general) == INVITE_PERMISSIONS
    assert not emulator.permissions(emulator.bot, general) & (
        Permission.MANAGE_MESSAGES | Permission.MANAGE_THREADS
    )


async def test_overwrites_apply_in_discords_order(emulator: DiscordEmulator):
    guild, general, alice, bob = server(emulator)
    mods = emulator.add_member(guild, emulator.create_user("carol"), permissions=Permission.MANAGE_MESSAGES)
    carol = mods.user
    carol_role = guild.roles[-1]
    send = Permission.SEND_MESSAGES
    emulator.set_overwrite(general, guild, deny=send)  # @everyone may not talk here...
    assert not emulator.permissions(alice, general) & send
    emulator.set_overwrite(general, carol_role, allow=send)  # ...but carol's role may
    assert emulator.permissions(carol, general) & send
    emulator.set_overwrite(general, carol, deny=send)  # and carol herself may not: the member wins
    assert not emulator.permissions(carol, general) & send
    emulator.set_overwrite(general, bob, allow=send)
    assert emulator.permissions(bob, general) & send
    emulator.set_overwrite(general, guild, deny=Permission.VIEW_CHANNEL)  # unseen: nothing at all
    assert emulator.permissions(alice, general) == 0


async def test_administrator_and_owner_ignore_overwrites(emulator: DiscordEmulator):
    guild, general, _alice, _ = server(emulator)
    admin = emulator.add_member(
        guild, emulator.create_user("root"), permissions=Permission.ADMINISTRATOR
    ).user
    emulator.set_overwrite(general, admin, deny=Permission.VIEW_CHANNEL)
    assert emulator.permissions(admin, general) == ALL_PERMISSIONS
    owner = emulator.state.users[guild.owner_id]
    emulator.set_overwrite(general, owner, deny=Permission.VIEW_CHANNEL)
    assert emulator.permissions(owner, general) == ALL_PERMISSIONS


async def test_a_timed_out_member_keeps_only_view_and_history(emulator: DiscordEmulator):
    guild, general, alice, _ = server(emulator)
    emulator.time_out(guild, alice, seconds=60)
    assert emulator.permissions(alice, general) == Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY
    emulator.clock.advance(61)
    assert emulator.permissions(alice, general) & Permission.SEND_MESSAGES


async def test_missing_bits_refuse_each_route_with_50013(emulator: DiscordEmulator, api: Api):
    _guild, general, _, _ = server(emulator)
    bot = emulator.bot
    status, _ = await api.send(general, {"content": "fine"})
    assert status == 200
    cases = [
        (Permission.SEND_MESSAGES, lambda: api.send(general, {"content": "x"})),
        (Permission.ATTACH_FILES, lambda: api.send(general, {"content": "x"}, files=[("a.png", PNG)])),
        (Permission.EMBED_LINKS, lambda: api.send(general, {"embeds": [{"title": "x"}]})),
    ]
    for bit, request in cases:
        emulator.set_overwrite(general, bot, deny=bit)
        status, data = await request()
        assert (status, code(data)) == (403, 50013), bit
        emulator.set_overwrite(general, bot)
        status, data = await request()
        assert status == 200, (bit, data)
    emulator.set_overwrite(general, bot, deny=Permission.READ_MESSAGE_HISTORY)
    status, data, _ = await api.call("GET", f"/channels/{general.id}/messages")
    assert (status, code(data)) == (403, 50013)
    _, message = await api.send(general, {"content": "lobby"})
    path = f"/channels/{general.id}/messages/{message['id']}/threads"
    status, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    assert (status, code(data)) == (403, 50013)  # a thread from a message needs the history
    emulator.set_overwrite(general, bot, deny=Permission.CREATE_PUBLIC_THREADS)
    status, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    assert (status, code(data)) == (403, 50013)
    emulator.set_overwrite(general, bot)
    status, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    assert status == 201


async def thread_from_a_message(emulator: DiscordEmulator, api: Api, channel: Channel) -> Channel:
    _, lobby = await api.send(channel, {"content": "lobby"})
    path = f"/channels/{channel.id}/messages/{lobby['id']}/threads"
    _, made, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    return emulator.state.channels[int(made["id"])]


async def test_a_channel_the_bot_cannot_see_is_403_50001_missing_access(
    emulator: DiscordEmulator, api: Api
) -> None:
    _, general, _, _ = server(emulator)
    thread = await thread_from_a_message(emulator, api, general)
    emulator.set_overwrite(general, emulator.bot, deny=Permission.VIEW_CHANNEL)
    for where in (general, thread):  # a thread is seen through its parent
        status, data = await api.send(where, {"content": "x"})
        assert (status, code(data)) == (403, 50001), where.name
        status, data, _ = await api.call("GET", f"/channels/{where.id}")
        assert (status, code(data)) == (403, 50001)
    emulator.set_overwrite(general, emulator.bot)
    assert (await api.send(thread, {"content": "seen again"}))[0] == 200


async def test_a_deleted_thread_or_channel_is_404_10003_unknown_channel(
    emulator: DiscordEmulator, api: Api
) -> None:
    guild, general, alice, _ = server(emulator)
    thread = await thread_from_a_message(emulator, api, general)
    _, posted = await api.send(thread, {"content": "in the thread"})
    emulator.delete_channel(thread)
    status, data = await api.send(thread, {"content": "x"})
    assert (status, code(data)) == (404, 10003)
    status, data, _ = await api.call(
        "PATCH", f"/channels/{thread.id}/messages/{posted['id']}", {"content": "y"}
    )
    assert (status, code(data)) == (404, 10003)
    assert emulator.state.messages[int(posted["id"])].deleted
    assert (await api.send(general, {"content": "the parent stays"}))[0] == 200
    with pytest.raises(EmulatorError):
        emulator.delete_channel(thread)
    other = emulator.create_channel(guild, "games")
    emulator.delete_channel(other)
    status, data = await api.send(other, {"content": "x"})
    assert (status, code(data)) == (404, 10003)
    with pytest.raises(EmulatorError):
        emulator.post_message(alice, other, "hello?")


async def test_threads_follow_send_messages_in_threads_and_the_parents_overwrites(
    emulator: DiscordEmulator, api: Api
):
    _guild, general, _, _ = server(emulator)
    _, message = await api.send(general, {"content": "lobby"})
    path = f"/channels/{general.id}/messages/{message['id']}/threads"
    _, thread, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 1440})
    thread_channel = emulator.state.channels[int(thread["id"])]
    emulator.set_overwrite(general, emulator.bot, deny=Permission.SEND_MESSAGES)  # no effect in threads
    status, _ = await api.send(thread_channel, {"content": "in the thread"})
    assert status == 200
    emulator.set_overwrite(general, emulator.bot, deny=Permission.SEND_MESSAGES_IN_THREADS)
    status, data = await api.send(thread_channel, {"content": "in the thread"})
    assert (status, code(data)) == (403, 50013)
    status, _ = await api.send(general, {"content": "in the channel"})
    assert status == 200


async def test_a_thread_needs_a_documented_archive_duration(emulator: DiscordEmulator, api: Api):
    _guild, general, _, _ = server(emulator)
    _, message = await api.send(general, {"content": "lobby"})
    path = f"/channels/{general.id}/messages/{message['id']}/threads"
    status, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 2880})
    assert (status, code(data)) == (400, 50035)


# --- threads: archive, unarchive, lock --------------------------------------------------------------


async def test_threads_archive_after_their_duration_and_a_send_unarchives(
    emulator: DiscordEmulator, api: Api
):
    _guild, general, _, _ = server(emulator)
    _, message = await api.send(general, {"content": "lobby"})
    path = f"/channels/{general.id}/messages/{message['id']}/threads"
    _, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    thread = emulator.state.channels[int(data["id"])]
    _, posted = await api.send(thread, {"content": "table"})
    edit = f"/channels/{thread.id}/messages/{posted['id']}"
    emulator.clock.advance(59 * 60)
    status, _, _ = await api.call("PATCH", edit, {"content": "still open"})
    assert status == 200 and not thread.archived  # an edit is not activity, but 59 min < 60
    emulator.clock.advance(2 * 60)
    status, data, _ = await api.call("PATCH", edit, {"content": "archived now"})
    assert (status, code(data)) == (400, 50083) and thread.archived
    status, _ = await api.send(thread, {"content": "a new message"})
    assert status == 200 and not thread.archived
    status, _, _ = await api.call("PATCH", edit, {"content": "editable again"})
    assert status == 200


async def test_a_locked_thread_refuses_messages(emulator: DiscordEmulator, api: Api):
    _guild, general, _, _ = server(emulator)
    _, message = await api.send(general, {"content": "lobby"})
    path = f"/channels/{general.id}/messages/{message['id']}/threads"
    _, data, _ = await api.call("POST", path, {"name": "t", "auto_archive_duration": 60})
    thread = emulator.state.channels[int(data["id"])]
    status, data, _ = await api.call("PATCH", f"/channels/{thread.id}", {"locked": True})
    assert (status, code(data)) == (403, 50013)  # locking needs Manage Threads, not in the invite
    emulator.state.update_thread(thread, {"locked": True})  # a moderator locks it
    status, data = await api.send(thread, {"content": "x"})
    assert (status, code(data)) == (403, 50083)


# --- allowed_mentions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "allowed",
    [
        {"parse": ["users"], "users": ["1"]},
        {"parse": ["roles"], "roles": ["1"]},
        {"parse": ["channels"]},
        {"parse": [], "users": [str(i) for i in range(101)]},
    ],
    ids=["parse users with users", "parse roles with roles", "unknown parse value", "101 users"],
)
async def test_bad_allowed_mentions_are_refused(emulator: DiscordEmulator, api: Api, allowed: dict[str, Any]):
    _, general, _, _ = server(emulator)
    status, data = await api.send(general, {"content": "x", "allowed_mentions": allowed})
    assert (status, code(data)) == (400, 50035)


async def test_allowed_mentions_decide_who_is_notified(emulator: DiscordEmulator, api: Api):
    guild, general, alice, bob = server(emulator)
    text = f"{alice.mention} {bob.mention} @everyone"
    _, data = await api.send(
        general, {"content": text, "allowed_mentions": {"parse": [], "users": [str(bob.id)]}}
    )
    only_bob = emulator.message(int(data["id"]))
    assert only_bob.notified == {bob.id} and not only_bob.mention_everyone
    assert [u["id"] for u in data["mentions"]] == [str(bob.id)]
    _, data = await api.send(general, {"content": text, "allowed_mentions": {"parse": []}})
    assert emulator.message(int(data["id"])).notified == set()
    _, data = await api.send(general, {"content": text})  # no allowed_mentions: everything pings
    everyone = emulator.message(int(data["id"]))
    assert everyone.mention_everyone and {alice.id, bob.id, guild.owner_id} <= everyone.notified


# --- attachments -------------------------------------------------------------------------------------


async def test_only_listed_uploads_are_kept(emulator: DiscordEmulator, api: Api):
    _, general, _, _ = server(emulator)
    body = {"content": "x", "attachments": [{"id": 1, "filename": "b.png"}]}
    status, data = await api.send(general, body, files=[("a.png", PNG), ("b.png", PNG)])
    assert status == 200 and [a["filename"] for a in data["attachments"]] == ["b.png"]


async def test_attachment_limits(emulator: DiscordEmulator, api: Api):
    _, general, _, _ = server(emulator)
    big = PNG + b"\0" * ATTACHMENT_SIZE_LIMIT
    status, data = await api.send(general, {"content": "x"}, files=[("big.png", big)])
    assert (status, code(data)) == (413, 40005)
    status, data = await api.send(general, {"content": "x"}, files=[("", PNG)])
    assert (status, code(data)) == (400, 50035)
    long_alt = {"content": "x", "attachments": [{"id": 0, "filename": "a.png", "description": "d" * 1025}]}
    status, data = await api.send(general, long_alt, files=[("a.png", PNG)])
    assert (status, code(data)) == (400, 50035)


# --- command registration ----------------------------------------------------------------------------


def command(**extra: Any) -> dict[str, Any]:
    return {"name": "game", "description": "A game", "type": 1} | extra


def option(name: str = "o", kind: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "An option", "type": kind} | extra


def sub(name: str = "s", options: list[dict[str, Any]] | None = None, kind: int = 1) -> dict[str, Any]:
    return {"name": name, "description": "A subcommand", "type": kind, "options": options or []}


BAD_COMMANDS = {
    "over 8000 characters": command(
        options=[
            option(f"o{i}", choices=[{"name": "n" * 100, "value": "v" * 100} for _ in range(25)])
            for i in range(2)
        ]
    ),
    "uppercase name": command(name="Game"),
    "name of 33 characters": command(name="g" * 33),
    "empty description": command(description=""),
    "26 options": command(options=[option(f"o{i}") for i in range(26)]),
    "26 choices": command(options=[option(choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)])]),
    "required after optional": command(options=[option("a"), option("b", required=True)]),
    "duplicate option names": command(options=[option("a"), option("a")]),
    "min_value on a string": command(options=[option(min_value=1)]),
    "min_length on an integer": command(options=[option(kind=4, min_length=1)]),
    "min above max": command(options=[option(kind=4, min_value=5, max_value=1)]),
    "choices on a boolean": command(options=[option(kind=5, choices=[{"name": "y", "value": "y"}])]),
    "choice value of the wrong type": command(
        options=[option(kind=4, choices=[{"name": "a", "value": "a"}])]
    ),
    "subcommand in a subcommand": command(options=[sub(options=[sub("inner")])]),
    "options beside subcommands": command(options=[sub(), option()]),
    "option in a group": command(options=[sub(kind=2, options=[option()])]),
    "unknown context": command(contexts=[0, 5]),
    "unknown integration type": command(integration_types=[3]),
    "default permissions on a subcommand": command(options=[sub() | {"default_member_permissions": "32"}]),
    "unknown locale": command(name_localizations={"english": "game"}),
    "localized name with a capital": command(name_localizations={"de": "Spiel"}),
    "localized description of 101 characters": command(description_localizations={"fr": "x" * 101}),
}


@pytest.mark.parametrize("body", BAD_COMMANDS.values(), ids=BAD_COMMANDS.keys())
def test_bad_command_registrations_are_refused(body: dict[str, Any]):
    with pytest.raises(ApiError) as caught:
        validate_commands([body])
    assert (caught.value.status, caught.value.code) == (400, 50035)


def test_a_command_at_the_limits_is_accepted():
    near_limit = command(
        options=[
            option(
                f"o{i}", required=i == 0, choices=[{"name": "n" * 50, "value": "v" * 50} for _ in range(25)]
            )
            for i in range(3)
        ],
        contexts=[0],
        integration_types=[0],
        default_member_permissions="32",
        name_localizations={"de": "spiel", "en-GB": "game", "hi": "सेटिंग्स", "ja": "設定", "th": "ตั้งค่า"},
    )
    validate_commands([near_limit])


async def test_registration_is_refused_over_http_too(emulator: DiscordEmulator, api: Api):
    path = f"/applications/{emulator.application_id}/commands"
    status, data, _ = await api.call("PUT", path, [BAD_COMMANDS["required after optional"]])
    assert (status, code(data)) == (400, 50035)
    status, _, _ = await api.call("PUT", path, [command()])
    assert status == 200


# --- rate limits ---------------------------------------------------------------------------------------


async def test_buckets_answer_with_headers_and_a_real_429_beyond_them(emulator: DiscordEmulator, api: Api):
    _, general, _, _ = server(emulator)
    other = emulator.create_channel(emulator.state.guilds[general.guild_id], "other")  # type: ignore[index]
    emulator.rate_limits.enabled = True
    emulator.rate_limits.scale = 10.0  # 5 messages per 50 s: the window can't pass during the test
    path = f"/channels/{general.id}/messages"
    remaining = []
    for _ in range(5):
        status, _, headers = await api.call("POST", path, {"content": "x"})
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Bucket"]
        assert float(headers["X-RateLimit-Reset-After"]) > 0 and float(headers["X-RateLimit-Reset"]) > 0
        remaining.append(int(headers["X-RateLimit-Remaining"]))
    assert remaining == [4, 3, 2, 1, 0]
    status, data, headers = await api.call("POST", path, {"content": "one too many"})
    assert status == 429 and headers["X-RateLimit-Scope"] == "user" and headers["Via"]
    assert data["global"] is False and 0 < data["retry_after"] <= 50 and data["message"]
    status, _, _ = await api.call("POST", f"/channels/{other.id}/messages", {"content": "x"})
    assert status == 200  # another channel is another bucket
    status, _, _ = await api.call("PATCH", f"{path}/{emulator.messages(general)[0].id}", {"content": "e"})
    assert status == 200  # edits count apart from sends


async def test_the_global_limit_answers_a_global_429(emulator: DiscordEmulator, api: Api):
    guild, _general, _, _ = server(emulator)
    channels = [emulator.create_channel(guild, f"c{i}") for i in range(4)]
    emulator.rate_limits.enabled = True
    emulator.rate_limits.scale = 10.0
    emulator.rate_limits.global_requests = 3
    for channel in channels[:3]:
        status, _ = await api.send(channel, {"content": "x"})
        assert status == 200
    status, data, headers = await api.call("POST", f"/channels/{channels[3].id}/messages", {"content": "x"})
    assert status == 429 and data["global"] is True and headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global"


async def test_the_global_limit_counts_every_connection_of_one_bot(emulator: DiscordEmulator, api: Api):
    guild, _general, _, _ = server(emulator)
    channels = [emulator.create_channel(guild, f"c{i}") for i in range(4)]
    emulator.rate_limits.enabled = True
    emulator.rate_limits.scale = 0.001  # the channels' buckets are no matter here ...
    emulator.rate_limits.global_scale = 10.0  # ... the global window can't pass during the test
    emulator.rate_limits.global_requests = 3
    async with aiohttp.ClientSession() as session:  # another process of the same bot
        other = Api(emulator, session)
        for channel, process in zip(channels[:3], (api, other, other), strict=True):
            status, _ = await process.send(channel, {"content": "x"})
            assert status == 200
        status, data, _ = await api.call("POST", f"/channels/{channels[3].id}/messages", {"content": "x"})
    assert status == 429 and data["global"] is True
    assert emulator.rate_limits.refused_global == 1


async def test_discord_py_waits_for_the_buckets_instead_of_getting_429s(world: Any):
    emu = world.emu
    emu.rate_limits.scale = 0.1  # 5 messages per 0.5 s in a channel
    channel = world.bot.get_partial_messageable(world.general.id)
    mark = emu.mark()
    started = time.perf_counter()
    await asyncio.gather(*(channel.send(f"m{i}") for i in range(12)))
    took = time.perf_counter() - started
    sent = emu.requests.select(route_keys.CREATE_MESSAGE, since=mark)
    assert [r.status for r in sent].count(200) == 12
    assert all(r.status != 429 for r in sent) and emu.rate_limits.refused == 0
    assert took >= 0.9  # twelve messages need three windows of half a second: discord.py waited


async def _hook(
    emu: DiscordEmulator, method: str, path: str, body: Any = None
) -> tuple[int, Any, dict[str, str]]:
    """A call on an interaction webhook, as discord.py makes it: no bot token needed."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, emu.api_base + path, json=body) as r,
    ):
        text = await r.text()
        return r.status, json.loads(text) if text else None, dict(r.headers)


async def test_interaction_webhooks_share_a_webhook_bucket_but_not_the_global_limit(
    emulator: DiscordEmulator,
) -> None:
    """ "Interactions webhooks share the same rate limit properties as normal webhooks": 5 per 2 s
    per webhook id + token, with the headers; exempt from the global limit only."""
    _, general, alice, _ = server(emulator)
    emulator.rate_limits.enabled = True
    emulator.rate_limits.scale = 10.0  # 5 per 20 s: the window can't pass during the test
    emulator.rate_limits.global_requests = 3
    first, second = (
        emulator.interactions.create(InteractionType.APPLICATION_COMMAND, alice, general, {"name": "x"})
        for _ in range(2)
    )
    for ix in (first, second):  # the callback itself is in no bucket and not in the global count
        status, _, headers = await _hook(
            emulator, "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 5}
        )
        assert status == 204 and "X-RateLimit-Limit" not in headers
    hook = f"/webhooks/{emulator.application_id}/{first.token}"
    calls = [
        ("PATCH", f"{hook}/messages/@original", {"content": "done"}),
        ("GET", f"{hook}/messages/@original", None),
        ("POST", f"{hook}?wait=true", {"content": "f1"}),
        ("POST", f"{hook}?wait=true", {"content": "f2"}),
        ("PATCH", f"{hook}/messages/@original", {"content": "edited"}),
    ]
    remaining = []
    for method, path, body in calls:  # 5 calls: beyond the global 3, which does not count them
        status, _, headers = await _hook(emulator, method, path, body)
        assert status == 200 and headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Bucket"]
        remaining.append(int(headers["X-RateLimit-Remaining"]))
    assert remaining == [4, 3, 2, 1, 0]  # one bucket for every route of the webhook
    status, data, headers = await _hook(emulator, "POST", f"{hook}?wait=true", {"content": "f3"})
    assert status == 429 and data["global"] is False and 0 < data["retry_after"] <= 20
    assert headers["X-RateLimit-Scope"] == "user" and headers["Via"]
    status, _, _ = await _hook(emulator, "DELETE", f"{hook}/messages/@original")
    assert status == 429
    other = f"/webhooks/{emulator.application_id}/{second.token}/messages/@original"
    status, _, headers = await _hook(emulator, "PATCH", other, {"content": "done"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"  # another token, another bucket
    assert emulator.rate_limits.refused_global == 0


async def test_discord_py_waits_for_an_interaction_webhooks_bucket(world: Any) -> None:
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "deal")
    await ix.wait_original()
    emu.rate_limits.scale = 0.1  # 5 per 0.2 s on the interaction's webhook
    mark = emu.mark()
    started = time.perf_counter()
    async with aiohttp.ClientSession() as session:
        webhook = discord.Webhook.partial(emu.application_id, ix.token, session=session)
        sent = await asyncio.gather(*(webhook.send(f"f{i}", wait=True) for i in range(12)))
    took = time.perf_counter() - started
    assert len({m.id for m in sent}) == 12
    calls = emu.requests.select(route_keys.CREATE_FOLLOWUP, since=mark)
    assert [r.status for r in calls] == [200] * 12 and emu.rate_limits.refused == 0
    assert took >= 0.35  # twelve followups need three windows of 0.2 s: discord.py waited


# --- roles ---------------------------------------------------------------------------------------


async def test_a_role_is_given_only_with_manage_roles_and_below_the_bots_highest(
    emulator: DiscordEmulator, api: Api
):
    """Add / Remove Guild Member Role: 403/50013 without Manage Roles (the invite does not ask
    for it), and for a role at or above the bot's highest; unknown members and roles are 404."""
    guild, _, alice, _ = server(emulator)
    below = emulator.create_role(guild, "champions", position=1)  # under the bot's role
    above = emulator.create_role(guild, "moderators", position=len(guild.roles))
    mine = emulator.bot_role(guild)
    assert below.position < mine.position < above.position
    path = f"/guilds/{guild.id}/members/{alice.id}/roles/"
    status, data, _ = await api.call("PUT", path + str(below.id))
    assert (status, code(data)) == (403, 50013)  # the invite's seven permissions lack Manage Roles
    emulator.set_role_permissions(guild, mine, mine.permissions | Permission.MANAGE_ROLES)
    status, _, _ = await api.call("PUT", path + str(below.id))
    assert status == 204 and below.id in guild.members[alice.id].role_ids
    status, data, _ = await api.call("PUT", path + str(above.id))
    assert (status, code(data)) == (403, 50013)  # above the bot's own role
    status, data, _ = await api.call("PUT", path + str(mine.id))
    assert (status, code(data)) == (403, 50013)  # at the same position: refused too
    status, data, _ = await api.call("PUT", path + str(guild.everyone.id))
    assert (status, code(data)) == (404, 10011)
    status, data, _ = await api.call("PUT", f"/guilds/{guild.id}/members/1/roles/{below.id}")
    assert (status, code(data)) == (404, 10007)
    status, _, _ = await api.call("DELETE", path + str(below.id))
    assert status == 204 and below.id not in guild.members[alice.id].role_ids
