"""Permissions computed bit by bit as Discord's documentation ("Permission Overwrites") says.

Base: the @everyone role, OR every role of the member; the owner and Administrator have all. Then
the channel's overwrites in order: @everyone's deny/allow, the member's roles' combined deny/allow,
the member's own deny/allow. A thread uses its parent channel's overwrites. Without View Channel a
member has nothing in the channel. A timed-out member keeps only View Channel and Read Message
History. The routes then ask for the bits an action needs (`require`): 403/50013 where one is missing.
"""

from __future__ import annotations

from .errors import ApiError, Code
from .models import ALL_PERMISSIONS, Channel, ChannelKind, Guild, Permission

MEMBER_OVERWRITE, ROLE_OVERWRITE = 1, 0
TIMED_OUT_KEEPS = Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY


def base_permissions(guild: Guild, user_id: int) -> int:
    """Server-wide: @everyone OR the member's roles; the owner and Administrator have all."""
    member = guild.members.get(user_id)
    if member is None:
        return 0
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    perms = guild.everyone.permissions
    for role in guild.roles:
        if role.id in member.role_ids:
            perms |= role.permissions
    return ALL_PERMISSIONS if perms & Permission.ADMINISTRATOR else perms


def channel_permissions(guild: Guild, user_id: int, channel: Channel, *, now: float) -> int:
    """What `user_id` may do in `channel` (a thread: by its parent's overwrites)."""
    base = base_permissions(guild, user_id)
    if base == ALL_PERMISSIONS:
        return ALL_PERMISSIONS
    source = channel
    if channel.kind.is_thread and channel.parent_id is not None:
        source = next((c for c in guild.channels if c.id == channel.parent_id), channel)
    member = guild.members[user_id]
    perms = base
    overwrites = {(o.type, o.id): o for o in source.overwrites}
    everyone = overwrites.get((ROLE_OVERWRITE, guild.id))
    if everyone is not None:
        perms = perms & ~everyone.deny | everyone.allow
    allow = deny = 0
    for role_id in member.role_ids:
        role_overwrite = overwrites.get((ROLE_OVERWRITE, role_id))
        if role_overwrite is not None:
            allow |= role_overwrite.allow
            deny |= role_overwrite.deny
    perms = perms & ~deny | allow
    own = overwrites.get((MEMBER_OVERWRITE, user_id))
    if own is not None:
        perms = perms & ~own.deny | own.allow
    if member.timed_out_until is not None and member.timed_out_until > now:
        perms &= TIMED_OUT_KEEPS
    if not perms & Permission.VIEW_CHANNEL:
        return 0
    return perms


def send_permission(channel: Channel) -> Permission:
    """In a thread, Send Messages in Threads governs posting; Send Messages has no effect there."""
    return Permission.SEND_MESSAGES_IN_THREADS if channel.kind.is_thread else Permission.SEND_MESSAGES


def require(have: int, needed: int, channel: Channel) -> None:
    """403/50013 unless every bit of `needed` is in `have` (DMs need nothing)."""
    if channel.kind is ChannelKind.DM:
        return
    missing = needed & ~have
    if missing:
        names = ", ".join(p.name or str(p) for p in Permission if p & missing)
        raise ApiError(403, Code.MISSING_PERMISSIONS, f"Missing Permissions ({names})")
