"""What the emulated Discord holds: users, servers, channels, messages, attachments.

Each model knows how to render itself as the JSON payload Discord would send, and offers small
read helpers for tests (a message's components by custom_id, an attachment's bytes and image).

Longer than 400 lines on purpose: one small class per Discord object, which refer to each other
(a message to its channel, a channel to its guild, a member to its roles); apart, they would import
each other in a circle.
"""

from __future__ import annotations

import enum
import functools
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .snowflakes import iso_timestamp

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (`type` 0) or a member (`type` 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, object]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


class ChannelKind(enum.IntEnum):
    """Discord channel types the emulator models."""

    TEXT = 0
    DM = 1
    CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12

    @property
    def is_thread(self) -> bool:
        return self in (ChannelKind.PUBLIC_THREAD, ChannelKind.PRIVATE_THREAD)


class Permission(enum.IntFlag):
    """The permission bits the emulator computes with (a subset of Discord's)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    MODERATE_MEMBERS = 1 << 40


ALL_PERMISSIONS = (1 << 53) - 1
# What the README's invite link asks for (permissions=309237763072): the bot's role has exactly this.
INVITE_PERMISSIONS = (
    Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.CREATE_PUBLIC_THREADS
    | Permission.SEND_MESSAGES_IN_THREADS
)
assert INVITE_PERMISSIONS == 309237763072
# @everyone of a test server: members can see and talk (the emulator lets anyone in the server use
# commands). No bit beyond the invite's, so the bot's permissions are exactly what its invite asked.
EVERYONE_PERMISSIONS = (
    Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = INVITE_PERMISSIONS


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The user's client language, sent as every interaction's ``locale`` (``set_locale``)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int]
    joined_at: float
    timed_out_until: float | None = None  # emulator clock; a timeout leaves View Channel and history
    nick: str | None = None  # the member's nickname on this server (``set_nick``)

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso_timestamp(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": (
                iso_timestamp(self.timed_out_until) if self.timed_out_until is not None else None
            ),
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Channel:
    id: int
    kind: ChannelKind
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    recipient: User | None = None  # DMs: the other person
    owner_id: int | None = None  # threads: who made it
    created_at: float = 0.0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    message_count: int = 0
    thread_member_ids: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    last_activity: float = 0.0  # threads: emulator time of the last message (auto-archive)
    deleted: bool = False  # deleted by a moderator: every route answers 404/10003 for it

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        base: dict[str, Any] = {
            "id": str(self.id),
            "type": int(self.kind),
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.kind is ChannelKind.DM:
            assert self.recipient is not None
            base["recipients"] = [self.recipient.payload()]
            return base
        base.update(
            guild_id=str(self.guild_id),
            name=self.name,
            parent_id=str(self.parent_id) if self.parent_id else None,
            rate_limit_per_user=0,
            nsfw=False,
        )
        if self.kind.is_thread:
            base.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.thread_member_ids),
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso_timestamp(self.last_activity or self.created_at),
                    "create_timestamp": iso_timestamp(self.created_at),
                    "invitable": self.kind is ChannelKind.PUBLIC_THREAD,
                },
            )
        else:
            base.update(
                position=self.position,
                permission_overwrites=[o.payload() for o in self.overwrites],
                topic=None,
            )
        return base


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role]
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    created_at: float = 0.0
    preferred_locale: str = "en-US"
    """The server's language: its ``preferred_locale`` and every interaction's ``guild_locale``."""

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def channel(self, name: str) -> Channel:
        """The channel or thread called `name` (test helper)."""
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise KeyError(f"no channel {name!r} in server {self.name!r}")

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels if c.kind is ChannelKind.TEXT]

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    content_type: str
    data: bytes
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Any:
        """The attachment decoded with Pillow (raises if it is not an image)."""
        from PIL import Image

        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            data["description"] = self.description
        if self.content_type.startswith("image/") and self.dimensions is not None:
            data.update(width=self.dimensions[0], height=self.dimensions[1])
        return data

    @functools.cached_property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height from the image's header, read once: every message payload carries them,
        and decoding the pixels each time made the emulator a large part of a load test's CPU."""
        from PIL import Image

        try:
            with Image.open(io.BytesIO(self.data)) as image:
                return image.size
        except Exception:  # not an image: Discord then omits the size
            return None


@dataclass(eq=False)
class Message:
    """A message as stored; `visible_to` is set for ephemeral messages (only that user sees it)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: float
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_at: float | None = None
    visible_to: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    application_id: int | None = None
    message_reference: dict[str, Any] | None = None
    deleted: bool = False
    edit_count: int = 0
    mentions: list[User] = field(default_factory=list)  # mentioned and allowed to ping
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    notified: set[int] = field(default_factory=set)  # ids of the people this message pinged
    seq: int = 0  # emulator event counter at the last create/edit (for waits "since")

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still "thinking"."""
        return bool(self.flags & LOADING)

    def visible_for(self, user_id: int | None) -> bool:
        return self.visible_to is None or self.visible_to == user_id

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (action rows and their children, v2 containers too)."""
        yield from _walk(self.components)

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise KeyError(f"no component with custom_id {custom_id!r} on message {self.id}: {self.custom_ids}")

    def find_component(self, *, label: str | None = None, type: int | None = None) -> dict[str, Any]:
        """The first component with this label and/or type (test helper)."""
        for comp in self.iter_components():
            if (label is None or comp.get("label") == label) and (type is None or comp.get("type") == type):
                return comp
        raise KeyError(f"no component label={label!r} type={type!r} on message {self.id}: {self.labels}")

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    @property
    def labels(self) -> list[str]:
        return [c["label"] for c in self.iter_components() if "label" in c]

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso_timestamp(self.created_at),
            "edited_timestamp": iso_timestamp(self.edited_at) if self.edited_at else None,
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_role_ids],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _walk(comp.get("components", []))
        if isinstance(comp.get("component"), dict):  # a modal Label wraps one component
            yield from _walk([comp["component"]])
        if isinstance(comp.get("accessory"), dict):  # a v2 Section's button/thumbnail
            yield from _walk([comp["accessory"]])
