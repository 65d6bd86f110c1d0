"""The emulated Discord's data and the operations on it, shared by REST routes and the test API.

Every change goes through here so that it is stored, announced on the gateway (MESSAGE_CREATE,
THREAD_CREATE, ...) and counted on the change feed (which wakes the test's waits) in one place.

Longer than 400 lines on purpose: that "one place" is the point; split by object, a change could be
stored without being announced or counted. Validation, permissions, commands and interactions are
already their own modules; what is left here is only the store-announce-count of each change.
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Callable, Sequence
from typing import Any

from .bodies import Upload
from .clock import Clock
from .errors import ApiError, Code, EmulatorError, unknown
from .feed import ChangeFeed
from .models import (
    BOT_PERMISSIONS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    LOADING,
    Attachment,
    Channel,
    ChannelKind,
    Guild,
    Member,
    Message,
    Overwrite,
    Permission,
    Role,
    User,
)
from .permissions import MEMBER_OVERWRITE, ROLE_OVERWRITE, channel_permissions
from .snowflakes import SnowflakeFactory, iso_timestamp
from .validation import MENTION_KINDS, check_files, check_not_empty

# Gateway intents that gate the events the emulator sends.
THREAD_ARCHIVED = 50083
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")
_EVERYONE_MENTION = re.compile(r"@(everyone|here)\b")
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12

# Message flags a bot may set when sending or editing.
_SETTABLE_FLAGS = 1 << 2 | 1 << 12 | 1 << 15  # SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2

Dispatch = Callable[[str, dict[str, Any], int], None]


class EmulatorState:
    def __init__(self, clock: Clock, feed: ChangeFeed, *, bot_name: str = "Hearts") -> None:
        self.clock = clock
        self.feed = feed
        self.ids = SnowflakeFactory(clock)
        self.dispatch: Dispatch = lambda event, data, intent: None
        self.attachment_base = ""  # set by the server once it knows its port
        self.application_id = self.ids.next()
        self.bot = User(self.application_id, bot_name, bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, Channel] = {}  # by the other user's id
        self.attachments: dict[int, Attachment] = {}
        # Called with every message created, edited or deleted: lets a load driver react to what
        # it is waiting for without re-scanning every message on every change.
        self.message_watchers: list[Callable[[Message], None]] = []

    # --- people and places --------------------------------------------------------------------
    def create_user(self, name: str, *, bot: bool = False) -> User:
        user = User(self.ids.next(), name, bot=bot)
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str,
        *,
        owner: User | None = None,
        members: Sequence[User] = (),
        channels: Sequence[str] = ("general",),
        shard: tuple[int, int] | None = None,
        locale: str = "en-US",
    ) -> Guild:
        gid = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        owner = owner or self.create_user(f"{name} owner")  # members stay plain members unless told
        everyone = Role(gid, "@everyone", int(EVERYONE_PERMISSIONS))
        bot_role = Role(self.ids.next(), self.bot.name, int(BOT_PERMISSIONS), position=1)
        guild = Guild(
            gid, name, owner.id, [everyone, bot_role], created_at=self.clock.time(), preferred_locale=locale
        )
        self.guilds[gid] = guild
        self._join(guild, self.bot, [bot_role.id])
        for user in dict.fromkeys([owner, *members]):
            self._join(guild, user, [])
        for position, channel_name in enumerate(channels):
            self._new_guild_channel(guild, channel_name, position)
        joined = self.guild_create_payload(guild)
        del joined["unavailable"]  # a join, not a server coming back: discord.py then fires guild_join
        self.dispatch("GUILD_CREATE", joined, GUILDS)
        self.feed.changed()
        return guild

    def add_member(self, guild: Guild, user: User, *, permissions: int = 0) -> Member:
        """Add `user` to `guild`; `permissions` beyond @everyone's come through a role of their own."""
        role_ids = []
        if permissions:
            role = Role(self.ids.next(), f"{user.name} role", permissions, position=len(guild.roles))
            guild.roles.append(role)
            self.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, GUILDS)
            role_ids.append(role.id)
        member = self._join(guild, user, role_ids)
        data = member.payload() | {"guild_id": str(guild.id)}
        self.dispatch("GUILD_MEMBER_ADD", data, GUILD_MEMBERS)
        self.feed.changed()
        return member

    def _join(self, guild: Guild, user: User, role_ids: list[int]) -> Member:
        if user.id in guild.members:
            raise EmulatorError(f"{user.name} is already in {guild.name}")
        member = Member(user, guild.id, role_ids, self.clock.time())
        guild.members[user.id] = member
        return member

    def permissions_in(self, user: User, channel: Channel) -> int:
        """What `user` may do in `channel`, computed as Discord does (`permissions.py`)."""
        guild = self.guild_of(channel)
        if guild is None:
            return int(
                Permission.VIEW_CHANNEL
                | Permission.SEND_MESSAGES
                | Permission.EMBED_LINKS
                | Permission.ATTACH_FILES
                | Permission.READ_MESSAGE_HISTORY
            )
        return channel_permissions(guild, user.id, channel, now=self.clock.time())

    def set_overwrite(
        self, channel: Channel, target: User | Role | Guild, *, allow: int = 0, deny: int = 0
    ) -> None:
        """A channel permission overwrite for a member, a role, or @everyone (pass the guild)."""
        if channel.kind.is_thread:
            raise EmulatorError("threads have no overwrites of their own: set them on the parent")
        kind = MEMBER_OVERWRITE if isinstance(target, User) else ROLE_OVERWRITE
        channel.overwrites = [o for o in channel.overwrites if (o.type, o.id) != (kind, target.id)]
        if allow or deny:
            channel.overwrites.append(Overwrite(target.id, kind, int(allow), int(deny)))
        self.dispatch("CHANNEL_UPDATE", channel.payload(), GUILDS)
        self.feed.changed()

    def create_role(self, guild: Guild, name: str, *, permissions: int = 0, position: int = 1) -> Role:
        """A new role at ``position``; the roles at or above it move up one (as Discord keeps
        positions distinct)."""
        for other in guild.roles[1:]:
            if other.position >= position:
                other.position += 1
                self.dispatch(
                    "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": other.payload()}, GUILDS
                )
        role = Role(self.ids.next(), name, int(permissions), position=position)
        guild.roles.append(role)
        self.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, GUILDS)
        self.feed.changed()
        return role

    def set_member_roles(self, guild: Guild, member: Member, role_ids: list[int]) -> None:
        member.role_ids = list(role_ids)
        self.dispatch("GUILD_MEMBER_UPDATE", member.payload() | {"guild_id": str(guild.id)}, GUILDS)
        self.feed.changed()

    def set_role_permissions(self, guild: Guild, role: Role, permissions: int) -> None:
        role.permissions = int(permissions)
        self.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()}, GUILDS)
        self.feed.changed()

    def set_nick(self, guild: Guild, user: User, nick: str | None) -> None:
        member = guild.members[user.id]
        member.nick = nick
        # Only to a bot with the members intent (this project's has none), as Discord does.
        self.dispatch("GUILD_MEMBER_UPDATE", member.payload() | {"guild_id": str(guild.id)}, GUILD_MEMBERS)
        self.feed.changed()

    def time_out(self, guild: Guild, user: User, until: float | None) -> None:
        """Time a member out until `until` (emulator clock), or lift it with None."""
        member = guild.members[user.id]
        member.timed_out_until = until
        self.dispatch("GUILD_MEMBER_UPDATE", member.payload() | {"guild_id": str(guild.id)}, GUILDS)
        self.feed.changed()

    # --- threads: auto-archive on the emulator's clock ---------------------------------------
    def refresh_archive(self, channel: Channel) -> None:
        """A thread whose last activity is older than its auto-archive duration becomes archived."""
        if not channel.kind.is_thread or channel.archived:
            return
        idle = self.clock.time() - (channel.last_activity or channel.created_at)
        if idle >= channel.auto_archive_duration * 60:
            channel.archived = True
            self.dispatch("THREAD_UPDATE", channel.payload(), GUILDS)
            self.feed.changed()

    def check_not_archived(self, channel: Channel) -> None:
        """Edits (and component updates) in an archived thread fail until a message unarchives it."""
        self.refresh_archive(channel)
        if channel.kind.is_thread and channel.archived:
            raise ApiError(400, THREAD_ARCHIVED, "Thread is archived")

    def create_channel(self, guild: Guild, name: str) -> Channel:
        channel = self._new_guild_channel(guild, name, len(guild.channels))
        self.dispatch("CHANNEL_CREATE", channel.payload(), GUILDS)
        self.feed.changed()
        return channel

    def _new_guild_channel(self, guild: Guild, name: str, position: int) -> Channel:
        channel = Channel(self.ids.next(), ChannelKind.TEXT, name, guild.id, position=position)
        channel.created_at = self.clock.time()
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and `user` (made on first use, like Discord)."""
        if user.id not in self.dm_channels:
            channel = Channel(self.ids.next(), ChannelKind.DM, recipient=user, created_at=self.clock.time())
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return self.dm_channels[user.id]

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User,
        private: bool = False,
        from_message: Message | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        if parent.kind is not ChannelKind.TEXT or parent.guild_id is None:
            raise ApiError(400, Code.GENERAL, "Cannot create a thread in this channel")
        kind = ChannelKind.PRIVATE_THREAD if private else ChannelKind.PUBLIC_THREAD
        thread_id = from_message.id if from_message else self.ids.next()  # Discord reuses the message id
        if thread_id in self.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = Channel(
            thread_id,
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            created_at=self.clock.time(),
            auto_archive_duration=auto_archive_duration,
            thread_member_ids={owner.id},
            last_activity=self.clock.time(),
        )
        self.guild(parent.guild_id).channels.append(thread)
        self.channels[thread.id] = thread
        self.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True}, GUILDS)
        self.feed.changed()
        return thread

    def delete_channel(self, channel: Channel) -> None:
        """A channel or thread is deleted, with its messages and (a channel's) threads; the bot gets
        THREAD_DELETE or CHANNEL_DELETE. Kept in ``channels`` (flagged) so that what was in it can
        still be inspected by tests; lookups answer 404/10003 as Discord does."""
        guild = self.guild(channel.guild_id) if channel.guild_id is not None else None
        if guild is None:
            raise ApiError(400, Code.GENERAL, "Only a server's channels and threads can be deleted")
        for thread in [c for c in guild.channels if c.parent_id == channel.id and not c.deleted]:
            self.delete_channel(thread)
        channel.deleted = True
        guild.channels.remove(channel)
        for message in self.messages.values():
            if message.channel_id == channel.id:
                message.deleted = True
        if channel.kind.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(guild.id),
                "parent_id": str(channel.parent_id),
                "type": int(channel.kind),
            }
            self.dispatch("THREAD_DELETE", data, GUILDS)
        else:
            self.dispatch("CHANNEL_DELETE", channel.payload(), GUILDS)
        self.feed.changed()

    def update_thread(self, thread: Channel, changes: dict[str, Any]) -> None:
        for key in ("name", "archived", "locked", "auto_archive_duration"):
            if key in changes:
                setattr(thread, key, changes[key])
        if changes.get("archived") is False:
            thread.last_activity = self.clock.time()  # the archive clock starts again
        self.dispatch("THREAD_UPDATE", thread.payload(), GUILDS)
        self.feed.changed()

    # --- lookups (raising Discord's errors) ---------------------------------------------------
    def user(self, user_id: int | str) -> User:
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise unknown("User", Code.UNKNOWN_USER) from None

    def guild(self, guild_id: int | str) -> Guild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise unknown("Guild", Code.UNKNOWN_GUILD) from None

    def channel(self, channel_id: int | str) -> Channel:
        try:
            channel = self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise unknown("Channel", Code.UNKNOWN_CHANNEL) from None
        if channel.deleted:
            raise unknown("Channel", Code.UNKNOWN_CHANNEL)
        return channel

    def message(self, channel_id: int | str, message_id: int | str) -> Message:
        """A live, non-ephemeral message (ephemeral ones are reachable only by interaction token)."""
        channel = self.channel(channel_id)
        message = self.messages.get(int(message_id)) if str(message_id).isdigit() else None
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise unknown("Message", Code.UNKNOWN_MESSAGE)
        return message

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def can_see(self, user: User, channel: Channel) -> bool:
        if channel.deleted:
            return False
        if channel.kind is ChannelKind.DM:
            return channel.recipient is user
        guild = self.guild_of(channel)
        if guild is None or user.id not in guild.members:
            return False
        return channel.kind is not ChannelKind.PRIVATE_THREAD or user.id in channel.thread_member_ids

    # --- messages -----------------------------------------------------------------------------
    def create_message(
        self,
        channel: Channel,
        author: User,
        payload: dict[str, Any],
        uploads: Sequence[Upload] = (),
        *,
        visible_to: int | None = None,
        extra_flags: int = 0,
        type: int = 0,
        interaction_metadata: dict[str, Any] | None = None,
        allow_empty: bool = False,
    ) -> Message:
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            created_at=self.clock.time(),
            type=type,
            visible_to=visible_to,
            interaction_metadata=interaction_metadata,
            application_id=self.application_id if interaction_metadata else None,
            message_reference=payload.get("message_reference"),
        )
        message.flags = extra_flags | (payload.get("flags") or 0) & _SETTABLE_FLAGS
        if visible_to is not None:
            message.flags |= EPHEMERAL
        self._apply(message, payload, uploads, is_edit=False, allow_empty=allow_empty)
        self._mentions(message, channel, payload.get("allowed_mentions"))
        self.messages[message.id] = message
        channel.last_message_id = message.id
        if channel.kind.is_thread:
            channel.message_count += 1
            channel.last_activity = self.clock.time()
        message.seq = self.feed.changed()
        self._watched(message)
        if not message.ephemeral:
            self.dispatch("MESSAGE_CREATE", message.payload(), _message_intent(channel))
        return message

    def _mentions(self, message: Message, channel: Channel, allowed: dict[str, Any] | None) -> None:
        """Who the message pings: what its content mentions, filtered by `allowed_mentions`
        (absent: everything mentioned pings, as on Discord). Only a new message notifies."""
        parse = set(MENTION_KINDS) if allowed is None else set(allowed.get("parse") or [])
        allowed_users = {int(u) for u in (allowed or {}).get("users") or []}
        allowed_roles = {int(r) for r in (allowed or {}).get("roles") or []}
        guild = self.guild_of(channel)
        users = [
            self.users[uid]
            for uid in dict.fromkeys(int(m) for m in _USER_MENTION.findall(message.content))
            if uid in self.users and ("users" in parse or uid in allowed_users)
        ]
        roles = [
            rid
            for rid in dict.fromkeys(int(m) for m in _ROLE_MENTION.findall(message.content))
            if guild is not None
            and any(r.id == rid for r in guild.roles)
            and ("roles" in parse or rid in allowed_roles)
        ]
        everyone = "everyone" in parse and bool(_EVERYONE_MENTION.search(message.content))
        notified = {u.id for u in users}
        if guild is not None:
            for member in guild.members.values():
                if everyone or set(member.role_ids) & set(roles):
                    notified.add(member.user.id)
            notified = {
                uid for uid in notified if uid in guild.members and self.can_see(self.users[uid], channel)
            }
        elif channel.recipient is not None:
            notified &= {channel.recipient.id}
        notified.discard(message.author.id)
        message.mentions, message.mention_role_ids, message.mention_everyone = users, roles, everyone
        message.notified = notified

    def edit_message(
        self,
        message: Message,
        payload: dict[str, Any],
        uploads: Sequence[Upload] = (),
        *,
        finish_loading: bool = False,
    ) -> Message:
        """Apply an edit; `finish_loading` turns a deferred "thinking" message into a real one."""
        self._apply(message, payload, uploads, is_edit=True)
        keep = message.flags & EPHEMERAL | (0 if finish_loading else message.flags & LOADING)
        flags = payload.get("flags") if "flags" in payload else message.flags
        message.flags = keep | (flags or 0) & _SETTABLE_FLAGS
        message.edited_at = self.clock.time()
        message.edit_count += 1
        message.seq = self.feed.changed()
        self._watched(message)
        if not message.ephemeral:
            self.dispatch(
                "MESSAGE_UPDATE", message.payload(), _message_intent(self.channels[message.channel_id])
            )
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        message.seq = self.feed.changed()
        self._watched(message)
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            self.dispatch("MESSAGE_DELETE", data, _message_intent(self.channels[message.channel_id]))

    def _watched(self, message: Message) -> None:
        for watcher in self.message_watchers:
            watcher(message)

    def _apply(
        self,
        message: Message,
        payload: dict[str, Any],
        uploads: Sequence[Upload],
        *,
        is_edit: bool,
        allow_empty: bool = False,
    ) -> None:
        """Set content, embeds, components and attachments from a create or edit body (all or nothing)."""
        content = payload.get("content") or "" if "content" in payload or not is_edit else message.content
        embeds = list(payload.get("embeds") or []) if "embeds" in payload or not is_edit else message.embeds
        components = message.components
        if "components" in payload or not is_edit:
            components = _with_component_ids(payload.get("components") or [])
        attachments = self._attachments(message, payload, uploads, is_edit=is_edit)
        if not allow_empty:
            check_not_empty(content=content, embeds=embeds, components=components, attachments=attachments)
        message.content, message.embeds, message.components = content, embeds, components
        message.attachments = attachments

    def _attachments(
        self, message: Message, payload: dict[str, Any], uploads: Sequence[Upload], *, is_edit: bool
    ) -> list[Attachment]:
        """Discord's rule: `attachments` lists what to keep (by id) and describes new files (id = N)."""
        check_files([len(u.data) for u in uploads])
        by_index = {u.index: u for u in uploads}
        existing = {a.id: a for a in message.attachments}
        if "attachments" not in payload or payload["attachments"] is None:
            kept = list(message.attachments) if is_edit else []
            return kept + [self._store(message, u, None) for u in uploads]
        result: list[Attachment] = []
        used: set[int] = set()
        for entry in payload["attachments"]:
            ident = int(entry["id"])
            if ident in existing:
                result.append(existing[ident])
            elif ident in by_index:
                result.append(self._store(message, by_index[ident], entry))
                used.add(ident)
            else:
                raise ApiError(
                    400,
                    Code.INVALID_FORM_BODY,
                    "Invalid Form Body",
                    {
                        "attachments": {
                            "_errors": [
                                {"code": "ATTACHMENT_NOT_FOUND", "message": f"Unknown attachment {ident}"}
                            ]
                        }
                    },
                )
        return result  # uploads the list leaves out are dropped, as on Discord

    def _store(self, message: Message, upload: Upload, entry: dict[str, Any] | None) -> Attachment:
        filename = (entry or {}).get("filename") or upload.filename
        if not filename:
            raise ApiError(
                400,
                Code.INVALID_FORM_BODY,
                "Invalid Form Body",
                {
                    "files": {
                        "_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "A file needs a filename."}]
                    }
                },
            )
        content_type = upload.content_type
        if content_type == "application/octet-stream":
            content_type = mimetypes.guess_type(filename)[0] or content_type
        attachment = Attachment(
            self.ids.next(),
            filename,
            content_type,
            upload.data,
            description=(entry or {}).get("description"),
        )
        attachment.url = f"{self.attachment_base}/attachments/{message.channel_id}/{attachment.id}/{filename}"
        self.attachments[attachment.id] = attachment
        return attachment

    # --- gateway payloads ---------------------------------------------------------------------
    def bot_guilds(self) -> list[Guild]:
        return [g for g in self.guilds.values() if self.bot.id in g.members]

    def guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        """GUILD_CREATE as Discord sends it without the presences intent: only the bot as member."""
        members = [guild.members[self.bot.id]]
        threads = [c for c in guild.channels if c.kind.is_thread and not c.archived]
        return guild.payload() | {
            "joined_at": iso_timestamp(guild.members[self.bot.id].joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in guild.channels if not c.kind.is_thread],
            "threads": [t.payload() for t in threads],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def _message_intent(channel: Channel) -> int:
    return DIRECT_MESSAGES if channel.kind is ChannelKind.DM else GUILD_MESSAGES


def _with_component_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord numbers every component (`id`) when the bot leaves it out; discord.py reads it back."""
    counter = 0

    def number(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        nonlocal counter
        result = []
        for item in items:
            item = dict(item)
            counter += 1
            item.setdefault("id", counter)
            if "components" in item:
                item["components"] = number(item["components"])
            if isinstance(item.get("accessory"), dict):
                item["accessory"] = number([item["accessory"]])[0]
            result.append(item)
        return result

    return number(components)
