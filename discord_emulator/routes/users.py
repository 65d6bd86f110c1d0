"""Login and identity: the bot user, the application, the gateway URL, users, DM channels."""

from __future__ import annotations

from .. import route_keys as keys
from ..errors import ApiError, Code
from .base import ROUTES, Ctx, Reply


@ROUTES.add(keys.GET_ME, bearer=True)
async def get_me(ctx: Ctx) -> Reply:
    """The bot with the bot token; with a person's OAuth2 bearer token, that person."""
    if ctx.authorization.startswith("Bearer "):
        person = ctx.activities.user_for_bearer(ctx.authorization)
        return Reply(person.payload() | {"mfa_enabled": False, "locale": person.locale})
    return Reply(
        ctx.state.bot.payload() | {"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}
    )


@ROUTES.add(keys.GET_USER)
async def get_user(ctx: Ctx) -> Reply:
    return Reply(ctx.state.user(ctx.params["user_id"]).payload())


@ROUTES.add(keys.GET_APPLICATION)
@ROUTES.add(keys.GET_APPLICATION_ALT)
async def get_application(ctx: Ctx) -> Reply:
    state = ctx.state
    return Reply(
        {
            "id": str(state.application_id),
            "name": state.bot.name,
            "description": "Emulated application",
            "icon": None,
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": state.bot.payload(),
            "owner": state.bot.payload() | {"bot": False, "username": "owner"},
            "team": None,
            "verify_key": "0" * 64,
            "flags": ctx.activities.application_flags,
            "tags": [],
            "integration_types_config": {"0": {}},
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(state.bot_guilds()),
        }
    )


@ROUTES.add(keys.GET_GATEWAY)
async def get_gateway(ctx: Ctx) -> Reply:
    return Reply({"url": ctx.gateway_url})


@ROUTES.add(keys.GET_GATEWAY_BOT)
async def get_gateway_bot(ctx: Ctx) -> Reply:
    """`shards`: the recommended count for the bot's servers; `max_concurrency` 1 (Discord's for
    bots in fewer than 150,000 servers: one IDENTIFY per 5 seconds)."""
    limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
    shards = ctx.gateway.recommended_shards()
    return Reply({"url": ctx.gateway_url, "shards": shards, "session_start_limit": limit})


@ROUTES.add(keys.CREATE_DM)
async def create_dm(ctx: Ctx) -> Reply:
    user = ctx.state.user(ctx.body.get("recipient_id", ""))
    if user.bot:
        raise ApiError(400, Code.CANNOT_DM_USER, "Cannot send messages to this user")
    return Reply(ctx.state.dm_channel(user).payload())
