"""A member's roles: Add / Remove Guild Member Role, refused as Discord refuses them.

Discord's role hierarchy: a bot may give or take a role only with Manage Roles (or Administrator)
and only a role below its own highest role (403 / 50013 otherwise, also for a role at the same
position); the server's owner is above every role. @everyone is never given or taken."""

from __future__ import annotations

from .. import route_keys as keys
from ..errors import ApiError, Code, unknown
from ..models import ALL_PERMISSIONS, Guild, Member, Permission, Role
from ..permissions import base_permissions
from .base import ROUTES, Ctx, Reply


def _target(ctx: Ctx) -> tuple[Guild, Member, Role]:
    guild = ctx.state.guild(ctx.params["guild_id"])
    user_id, role_id = ctx.params["user_id"], ctx.params["role_id"]
    member = guild.members.get(int(user_id)) if user_id.isdigit() else None
    if member is None:
        raise unknown("Member", Code.UNKNOWN_MEMBER)
    role = next((r for r in guild.roles if str(r.id) == role_id), None)
    if role is None or role is guild.everyone:
        raise unknown("Role", Code.UNKNOWN_ROLE)
    bot = ctx.state.bot.id
    have = base_permissions(guild, bot)
    if not have & Permission.MANAGE_ROLES and have != ALL_PERMISSIONS:
        raise ApiError(403, Code.MISSING_PERMISSIONS, "Missing Permissions (MANAGE_ROLES)")
    if bot != guild.owner_id:
        mine = guild.members[bot].role_ids
        highest = max((r.position for r in guild.roles if r.id in mine), default=0)
        if role.position >= highest:
            raise ApiError(403, Code.MISSING_PERMISSIONS, "Missing Permissions (role hierarchy)")
    return guild, member, role


@ROUTES.add(keys.ADD_MEMBER_ROLE)
async def add_member_role(ctx: Ctx) -> Reply:
    guild, member, role = _target(ctx)
    if role.id not in member.role_ids:
        ctx.state.set_member_roles(guild, member, [*member.role_ids, role.id])
    return Reply.empty()


@ROUTES.add(keys.REMOVE_MEMBER_ROLE)
async def remove_member_role(ctx: Ctx) -> Reply:
    guild, member, role = _target(ctx)
    if role.id in member.role_ids:
        ctx.state.set_member_roles(guild, member, [r for r in member.role_ids if r != role.id])
    return Reply.empty()
