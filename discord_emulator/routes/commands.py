"""Application command sync, global and per server."""

from __future__ import annotations

from typing import Any

from .. import route_keys as keys
from ..command_validation import validate_commands
from ..entry_points import validate_entry_points
from ..errors import Code, unknown
from .base import ROUTES, Ctx, Reply


def _scope(ctx: Ctx) -> int | None:
    if ctx.params["application_id"] != str(ctx.state.application_id):
        raise unknown("Application", 10002)
    guild_id = ctx.params.get("guild_id")
    return None if guild_id is None else ctx.state.guild(guild_id).id


@ROUTES.add(keys.GET_GLOBAL_COMMANDS)
@ROUTES.add(keys.GET_GUILD_COMMANDS)
async def list_commands(ctx: Ctx) -> Reply:
    return Reply(ctx.commands.list(_scope(ctx)))


@ROUTES.add(keys.SYNC_GLOBAL_COMMANDS)
@ROUTES.add(keys.SYNC_GUILD_COMMANDS)
async def overwrite_commands(ctx: Ctx) -> Reply:
    scope = _scope(ctx)
    commands = ctx.json or []
    validate_commands(commands)
    _check_entry_points(ctx, scope, commands, bulk=True)
    return Reply(ctx.commands.overwrite(scope, commands))


@ROUTES.add(keys.CREATE_GLOBAL_COMMAND)
@ROUTES.add(keys.CREATE_GUILD_COMMAND)
async def create_command(ctx: Ctx) -> Reply:
    scope = _scope(ctx)
    validate_commands([ctx.body])
    _check_entry_points(ctx, scope, [ctx.body], bulk=False)
    return Reply(ctx.commands.add(scope, ctx.body), status=201)


@ROUTES.add(keys.DELETE_GLOBAL_COMMAND)
@ROUTES.add(keys.DELETE_GUILD_COMMAND)
async def delete_command(ctx: Ctx) -> Reply:
    if not ctx.commands.delete(_scope(ctx), ctx.params["command_id"]):
        raise unknown("application command", Code.UNKNOWN_COMMAND)
    return Reply.empty()


def _check_entry_points(ctx: Ctx, scope: int | None, commands: list[dict[str, Any]], *, bulk: bool) -> None:
    validate_entry_points(
        commands,
        guild_scope=scope is not None,
        embedded=ctx.activities.enabled,
        existing=ctx.commands.list(scope),
        bulk=bulk,
    )
