"""Interaction callbacks and the interaction webhook (followups, `@original`). No Authorization."""

from __future__ import annotations

from .. import route_keys as keys
from .base import ROUTES, Ctx, Reply


@ROUTES.add(keys.INTERACTION_CALLBACK, auth=False)
async def callback(ctx: Ctx) -> Reply:
    _, response = ctx.interactions.callback(
        ctx.params["webhook_id"], ctx.params["webhook_token"], ctx.body, ctx.uploads
    )
    if ctx.query.get("with_response") in ("1", "true", "True"):
        return Reply(response)
    return Reply.empty()


@ROUTES.add(keys.CREATE_FOLLOWUP, auth=False)
async def followup(ctx: Ctx) -> Reply:
    record = ctx.interactions.by_webhook(ctx.params["webhook_id"], ctx.params["webhook_token"])
    message = ctx.interactions.followup(record, ctx.body, ctx.uploads)
    if ctx.query.get("wait") in ("1", "true", "True"):
        return Reply(message.payload())
    return Reply.empty()


@ROUTES.add(keys.GET_WEBHOOK_MESSAGE, auth=False)
async def get_message(ctx: Ctx) -> Reply:
    record = ctx.interactions.by_webhook(ctx.params["webhook_id"], ctx.params["webhook_token"])
    return Reply(ctx.interactions.webhook_message(record, ctx.params["message_id"]).payload())


@ROUTES.add(keys.EDIT_WEBHOOK_MESSAGE, auth=False)
async def edit_message(ctx: Ctx) -> Reply:
    interactions = ctx.interactions
    record = interactions.by_webhook(ctx.params["webhook_id"], ctx.params["webhook_token"])
    message = interactions.webhook_message(record, ctx.params["message_id"])
    return Reply(interactions.edit_webhook_message(record, message, ctx.body, ctx.uploads).payload())


@ROUTES.add(keys.DELETE_WEBHOOK_MESSAGE, auth=False)
async def delete_message(ctx: Ctx) -> Reply:
    record = ctx.interactions.by_webhook(ctx.params["webhook_id"], ctx.params["webhook_token"])
    ctx.state.delete_message(ctx.interactions.webhook_message(record, ctx.params["message_id"]))
    return Reply.empty()
