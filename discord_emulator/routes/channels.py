"""Channels, messages (JSON or multipart with files), threads, and the server lookups a bot makes."""

from __future__ import annotations

from typing import Any

from .. import route_keys as keys
from ..errors import ApiError, Code, unknown
from ..models import Channel, ChannelKind, Message, Permission, User
from ..permissions import require, send_permission
from ..snowflakes import iso_timestamp
from ..state import THREAD_ARCHIVED
from ..validation import validate_message
from .base import ROUTES, Ctx, Reply


def _for_bot(ctx: Ctx, channel_id: str, needed: int) -> Channel:
    """A channel where the bot holds every bit of `needed` (computed as Discord does, with the
    test's blunt `faults.deny_permissions` on top): else 403/50013; 403/50001 Missing Access where
    the bot can't see the channel at all (Discord doesn't say which permission is missing then)."""
    channel = ctx.state.channel(channel_id)
    ctx.faults.check_channel_allowed(channel.id)
    if channel.parent_id is not None:
        ctx.faults.check_channel_allowed(channel.parent_id)
    have = ctx.state.permissions_in(ctx.state.bot, channel)
    if channel.kind is not ChannelKind.DM and not have & Permission.VIEW_CHANNEL:
        raise ApiError(403, Code.MISSING_ACCESS, "Missing Access")
    require(have, needed, channel)
    return channel


def _content_bits(ctx: Ctx) -> int:
    """Attach Files for uploads, Embed Links for embeds."""
    bits = 0
    if ctx.uploads:
        bits |= Permission.ATTACH_FILES
    if ctx.body.get("embeds"):
        bits |= Permission.EMBED_LINKS
    return bits


def _check_lock(ctx: Ctx, channel: Channel) -> None:
    """A locked thread takes messages only from those who may manage threads. Discord answers the
    others as it answers for an archived one, 403 with 50083 "Thread is archived" (reported in
    discord/discord-api-docs#6884 and #7707), not with the documented 160005 "Thread is locked"."""
    if channel.kind.is_thread and channel.locked:
        have = ctx.state.permissions_in(ctx.state.bot, channel)
        if not have & Permission.MANAGE_THREADS:
            raise ApiError(403, THREAD_ARCHIVED, "Thread is archived")


@ROUTES.add(keys.GET_CHANNEL)
async def get_channel(ctx: Ctx) -> Reply:
    return Reply(_for_bot(ctx, ctx.params["channel_id"], 0).payload())


@ROUTES.add(keys.EDIT_CHANNEL)
async def edit_channel(ctx: Ctx) -> Reply:
    channel = _for_bot(ctx, ctx.params["channel_id"], 0)
    if not channel.kind.is_thread:
        raise ApiError(400, Code.GENERAL, "emulator: only threads can be edited (archive, lock, rename)")
    if "locked" in ctx.body or channel.owner_id != ctx.state.bot.id:
        require(ctx.state.permissions_in(ctx.state.bot, channel), Permission.MANAGE_THREADS, channel)
    if "auto_archive_duration" in ctx.body:
        _check_archive_duration(ctx.body["auto_archive_duration"])
    ctx.state.update_thread(channel, ctx.body)
    return Reply(channel.payload())


@ROUTES.add(keys.GET_MESSAGES)
async def get_messages(ctx: Ctx) -> Reply:
    channel = _for_bot(ctx, ctx.params["channel_id"], Permission.READ_MESSAGE_HISTORY)
    limit = min(int(ctx.query.get("limit", 50)), 100)
    before = int(ctx.query.get("before", 1 << 63))
    after = int(ctx.query.get("after", 0))
    visible = [
        m
        for m in ctx.state.messages.values()
        if m.channel_id == channel.id and not m.deleted and not m.ephemeral and after < m.id < before
    ]
    visible.sort(key=lambda m: m.id, reverse="after" not in ctx.query)
    return Reply([m.payload() for m in visible[:limit]])


@ROUTES.add(keys.CREATE_MESSAGE)
async def create_message(ctx: Ctx) -> Reply:
    channel = ctx.state.channel(ctx.params["channel_id"])
    channel = _for_bot(ctx, ctx.params["channel_id"], send_permission(channel) | _content_bits(ctx))
    if channel.kind is ChannelKind.DM:
        assert channel.recipient is not None
        ctx.faults.check_dm_open(channel.recipient.id)
    validate_message(ctx.body)
    if channel.kind.is_thread:
        ctx.state.refresh_archive(channel)
        _check_lock(ctx, channel)
        if channel.archived:  # a message unarchives the thread (unless it is locked)
            ctx.state.update_thread(channel, {"archived": False})
    message = ctx.state.create_message(channel, ctx.state.bot, ctx.body, ctx.uploads, type=_type(ctx.body))
    return Reply(message.payload())


def _type(body: dict[str, Any]) -> int:
    return 19 if body.get("message_reference") else 0


@ROUTES.add(keys.GET_MESSAGE)
async def get_message(ctx: Ctx) -> Reply:
    channel = _for_bot(ctx, ctx.params["channel_id"], Permission.READ_MESSAGE_HISTORY)
    return Reply(ctx.state.message(channel.id, ctx.params["message_id"]).payload())


@ROUTES.add(keys.EDIT_MESSAGE)
async def edit_message(ctx: Ctx) -> Reply:
    channel = _for_bot(ctx, ctx.params["channel_id"], _content_bits(ctx))
    message = ctx.state.message(channel.id, ctx.params["message_id"])
    if message.author is not ctx.state.bot:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    validate_message(ctx.body, is_edit=True)
    ctx.state.check_not_archived(channel)
    _check_lock(ctx, channel)
    return Reply(ctx.state.edit_message(message, ctx.body, ctx.uploads).payload())


@ROUTES.add(keys.DELETE_MESSAGE)
async def delete_message(ctx: Ctx) -> Reply:
    channel = _for_bot(ctx, ctx.params["channel_id"], 0)
    message = ctx.state.message(channel.id, ctx.params["message_id"])
    if message.author is not ctx.state.bot:
        require(ctx.state.permissions_in(ctx.state.bot, channel), Permission.MANAGE_MESSAGES, channel)
    ctx.state.check_not_archived(channel)
    ctx.state.delete_message(message)
    return Reply.empty()


@ROUTES.add(keys.TYPING)
async def typing(ctx: Ctx) -> Reply:
    channel = ctx.state.channel(ctx.params["channel_id"])
    _for_bot(ctx, ctx.params["channel_id"], send_permission(channel))
    return Reply.empty()


@ROUTES.add(keys.CREATE_THREAD)
async def create_thread(ctx: Ctx) -> Reply:
    private = ctx.body.get("type", ChannelKind.PRIVATE_THREAD) == ChannelKind.PRIVATE_THREAD
    needed = Permission.CREATE_PRIVATE_THREADS if private else Permission.CREATE_PUBLIC_THREADS
    parent = _for_bot(ctx, ctx.params["channel_id"], needed)
    return Reply(_thread(ctx, parent, private=private, from_message=None).payload(), status=201)


@ROUTES.add(keys.CREATE_THREAD_FROM_MESSAGE)
async def create_thread_from_message(ctx: Ctx) -> Reply:
    needed = Permission.CREATE_PUBLIC_THREADS | Permission.READ_MESSAGE_HISTORY
    parent = _for_bot(ctx, ctx.params["channel_id"], needed)
    message = ctx.state.message(parent.id, ctx.params["message_id"])
    return Reply(_thread(ctx, parent, private=False, from_message=message).payload(), status=201)


def _thread(ctx: Ctx, parent: Channel, *, private: bool, from_message: Message | None) -> Channel:
    name = ctx.body.get("name") or ""
    if not 1 <= len(name) <= 100:
        raise ApiError(
            400,
            Code.INVALID_FORM_BODY,
            "Invalid Form Body",
            {
                "name": {
                    "_errors": [
                        {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}
                    ]
                }
            },
        )
    return ctx.state.create_thread(
        parent,
        name,
        owner=ctx.state.bot,
        private=private,
        from_message=from_message,
        auto_archive_duration=_check_archive_duration(ctx.body.get("auto_archive_duration") or 1440),
    )


ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


def _check_archive_duration(value: Any) -> int:
    if value not in ARCHIVE_DURATIONS:
        raise ApiError(
            400,
            Code.INVALID_FORM_BODY,
            "Invalid Form Body",
            {
                "auto_archive_duration": {
                    "_errors": [
                        {"code": "BASE_TYPE_CHOICES", "message": f"Value must be one of {ARCHIVE_DURATIONS}."}
                    ]
                }
            },
        )
    return int(value)


def _thread_and_user(ctx: Ctx) -> tuple[Channel, User]:
    thread = _for_bot(ctx, ctx.params["channel_id"], 0)
    if not thread.kind.is_thread:
        raise unknown("Channel", Code.UNKNOWN_CHANNEL)
    raw = ctx.params["user_id"]
    return thread, ctx.state.bot if raw == "@me" else ctx.state.user(raw)


@ROUTES.add(keys.GET_THREAD_MEMBER)
async def get_thread_member(ctx: Ctx) -> Reply:
    """A member of the thread (404/10007 Unknown Member for anyone else, as Discord answers), with
    their server member when ``with_member`` is true. The emulator keeps no join times: the
    thread's creation stands in."""
    thread, user = _thread_and_user(ctx)
    if user.id not in thread.thread_member_ids:
        raise unknown("Member", Code.UNKNOWN_MEMBER)
    data: dict[str, Any] = {
        "id": str(thread.id),
        "user_id": str(user.id),
        "join_timestamp": iso_timestamp(thread.created_at),
        "flags": 0,
    }
    guild = ctx.state.guild_of(thread)
    member = None if guild is None else guild.members.get(user.id)
    if ctx.query.get("with_member") == "true" and member is not None:
        data["member"] = member.payload()
    return Reply(data)


@ROUTES.add(keys.ADD_THREAD_MEMBER)
async def add_thread_member(ctx: Ctx) -> Reply:
    thread, user = _thread_and_user(ctx)
    thread.thread_member_ids.add(user.id)
    return Reply.empty()


@ROUTES.add(keys.REMOVE_THREAD_MEMBER)
async def remove_thread_member(ctx: Ctx) -> Reply:
    thread, user = _thread_and_user(ctx)
    thread.thread_member_ids.discard(user.id)
    return Reply.empty()


@ROUTES.add(keys.GET_GUILD)
async def get_guild(ctx: Ctx) -> Reply:
    guild = ctx.state.guild(ctx.params["guild_id"])
    return Reply(guild.payload() | {"approximate_member_count": len(guild.members)})


@ROUTES.add(keys.GET_GUILD_CHANNELS)
async def get_guild_channels(ctx: Ctx) -> Reply:
    guild = ctx.state.guild(ctx.params["guild_id"])
    return Reply([c.payload() for c in guild.channels if not c.kind.is_thread])


@ROUTES.add(keys.GET_MEMBER)
async def get_member(ctx: Ctx) -> Reply:
    guild = ctx.state.guild(ctx.params["guild_id"])
    member = guild.members.get(int(ctx.params["user_id"])) if ctx.params["user_id"].isdigit() else None
    if member is None:
        raise unknown("Member", Code.UNKNOWN_MEMBER)
    return Reply(member.payload())
