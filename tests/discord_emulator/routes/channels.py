"""Channels, messages (JSON or multipart with files), threads, and the server lookups a bot makes."""

from __future__ import annotations

from typing import Any

from .. import route_keys as keys
from ..errors import ApiError, Code, unknown
from ..models import Channel, ChannelKind, Message, User
from ..validation import validate_message
from .base import ROUTES, Ctx, Reply


def _writable(ctx: Ctx, channel_id: str) -> Channel:
    """A channel the bot may write to: permission faults, closed DMs and locked threads refuse."""
    channel = ctx.state.channel(channel_id)
    ctx.faults.check_channel_allowed(channel.id)
    if channel.parent_id is not None:
        ctx.faults.check_channel_allowed(channel.parent_id)
    if channel.kind.is_thread and channel.locked:
        raise ApiError(403, 50083, "Thread is locked")
    return channel


@ROUTES.add(keys.GET_CHANNEL)
async def get_channel(ctx: Ctx) -> Reply:
    return Reply(ctx.state.channel(ctx.params["channel_id"]).payload())


@ROUTES.add(keys.EDIT_CHANNEL)
async def edit_channel(ctx: Ctx) -> Reply:
    channel = _writable(ctx, ctx.params["channel_id"])
    if not channel.kind.is_thread:
        raise ApiError(400, Code.GENERAL, "emulator: only threads can be edited (archive, lock, rename)")
    ctx.state.update_thread(channel, ctx.body)
    return Reply(channel.payload())


@ROUTES.add(keys.GET_MESSAGES)
async def get_messages(ctx: Ctx) -> Reply:
    channel = ctx.state.channel(ctx.params["channel_id"])
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
    channel = _writable(ctx, ctx.params["channel_id"])
    if channel.kind is ChannelKind.DM:
        assert channel.recipient is not None
        ctx.faults.check_dm_open(channel.recipient.id)
    validate_message(ctx.body)
    message = ctx.state.create_message(channel, ctx.state.bot, ctx.body, ctx.uploads, type=_type(ctx.body))
    return Reply(message.payload())


def _type(body: dict[str, Any]) -> int:
    return 19 if body.get("message_reference") else 0


@ROUTES.add(keys.GET_MESSAGE)
async def get_message(ctx: Ctx) -> Reply:
    return Reply(ctx.state.message(ctx.params["channel_id"], ctx.params["message_id"]).payload())


@ROUTES.add(keys.EDIT_MESSAGE)
async def edit_message(ctx: Ctx) -> Reply:
    channel = _writable(ctx, ctx.params["channel_id"])
    message = ctx.state.message(channel.id, ctx.params["message_id"])
    if message.author is not ctx.state.bot:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    validate_message(ctx.body, is_edit=True)
    return Reply(ctx.state.edit_message(message, ctx.body, ctx.uploads).payload())


@ROUTES.add(keys.DELETE_MESSAGE)
async def delete_message(ctx: Ctx) -> Reply:
    channel = _writable(ctx, ctx.params["channel_id"])
    ctx.state.delete_message(ctx.state.message(channel.id, ctx.params["message_id"]))
    return Reply.empty()


@ROUTES.add(keys.TYPING)
async def typing(ctx: Ctx) -> Reply:
    _writable(ctx, ctx.params["channel_id"])
    return Reply.empty()


@ROUTES.add(keys.CREATE_THREAD)
async def create_thread(ctx: Ctx) -> Reply:
    parent = _writable(ctx, ctx.params["channel_id"])
    private = ctx.body.get("type", ChannelKind.PRIVATE_THREAD) == ChannelKind.PRIVATE_THREAD
    return Reply(_thread(ctx, parent, private=private, from_message=None).payload(), status=201)


@ROUTES.add(keys.CREATE_THREAD_FROM_MESSAGE)
async def create_thread_from_message(ctx: Ctx) -> Reply:
    parent = _writable(ctx, ctx.params["channel_id"])
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
        auto_archive_duration=ctx.body.get("auto_archive_duration") or 1440,
    )


def _thread_and_user(ctx: Ctx) -> tuple[Channel, User]:
    thread = _writable(ctx, ctx.params["channel_id"])
    if not thread.kind.is_thread:
        raise unknown("Channel", Code.UNKNOWN_CHANNEL)
    raw = ctx.params["user_id"]
    return thread, ctx.state.bot if raw == "@me" else ctx.state.user(raw)


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
