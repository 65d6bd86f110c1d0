"""What an Activity's server asks Discord: the OAuth2 token endpoint it trades the SDK's
authorization code at, and the Activity instance a page says it runs in."""

from __future__ import annotations

from .. import route_keys as keys
from ..errors import unknown
from .base import ROUTES, Ctx, Reply


@ROUTES.add(keys.OAUTH2_TOKEN, auth=False)
async def exchange_code(ctx: Ctx) -> Reply:
    """The client authenticates with its secret (form fields or HTTP Basic), not the bot token."""
    form = {k: str(v) for k, v in ctx.body.items()}
    return Reply(ctx.activities.exchange(form, ctx.authorization))


@ROUTES.add(keys.GET_ACTIVITY_INSTANCE)
async def activity_instance(ctx: Ctx) -> Reply:
    """With the bot's token: where the instance runs and who is connected to it."""
    if ctx.params["application_id"] != str(ctx.state.application_id):
        raise unknown("Application", 10002)
    return Reply(ctx.activities.instance(ctx.params["instance_id"]).body(ctx.state.application_id))
