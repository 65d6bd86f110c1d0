"""OAuth2: the token endpoint an Activity's server trades the SDK's authorization code at."""

from __future__ import annotations

from .. import route_keys as keys
from .base import ROUTES, Ctx, Reply


@ROUTES.add(keys.OAUTH2_TOKEN, auth=False)
async def exchange_code(ctx: Ctx) -> Reply:
    """The client authenticates with its secret (form fields or HTTP Basic), not the bot token."""
    form = {k: str(v) for k, v in ctx.body.items()}
    return Reply(ctx.activities.exchange(form, ctx.authorization))
