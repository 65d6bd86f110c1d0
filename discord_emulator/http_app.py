"""The aiohttp application: REST under /api/v10, the gateway at /gateway, attachments, and a loud 404.

Each REST request is recorded (route, timing, status), checked for the bot token where Discord
wants it, offered to the injected faults, then handled. A request to an endpoint the emulator does
not implement is answered 404 *and* reported as a failure, which ends the test's next wait and
fails it at teardown: there are no silent gaps.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from aiohttp import web

from .activities import Activities
from .bodies import read_body
from .clock import Clock
from .commands import CommandRegistry
from .counters import RequestLog, RequestRecord
from .errors import ApiError
from .faults import Faults
from .feed import ChangeFeed
from .gateway import Gateway
from .interactions import Interactions
from .ratelimits import RateLimits
from .routes import ROUTES, Ctx, Reply
from .state import EmulatorState


class DiscordEmulator(Protocol):
    """The parts of the emulator the HTTP application serves (``emulator.DiscordEmulator`` has
    them): a protocol, so that this module and the emulator that builds it don't import each other."""

    token: str
    clock: Clock
    feed: ChangeFeed
    state: EmulatorState
    faults: Faults
    rate_limits: RateLimits
    requests: RequestLog
    commands: CommandRegistry
    interactions: Interactions
    gateway: Gateway
    activities: Activities

    @property
    def gateway_url(self) -> str: ...


log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with `Content-Type: application/json` exactly: discord.py reads anything else as text."""
    all_headers = {"Content-Type": "application/json"} | (headers or {})
    return web.Response(body=json.dumps(body).encode(), status=status, headers=all_headers)


def build_app(emulator: DiscordEmulator) -> web.Application:
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_route("*", API_PREFIX + "/{tail:.*}", _api_handler(emulator))
    app.router.add_get("/gateway", emulator.gateway.handle)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", _attachment_handler(emulator))
    app.router.add_route("*", "/{tail:.*}", _unknown_handler(emulator))
    return app


def _api_handler(emu: DiscordEmulator) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        path = request.path[len(API_PREFIX) :]
        record = RequestRecord(
            method=request.method,
            route=f"{request.method} {path}",
            path=path,
            query=dict(request.query),
            started=time.perf_counter(),
            wall_time=emu.clock.time(),
        )
        record.seq = emu.feed.changed()
        emu.requests.records.append(record)
        try:
            response = await _dispatch(emu, request, record, path)
        finally:
            record.finished = time.perf_counter()
            emu.feed.changed()
        return response

    return handle


async def _dispatch(
    emu: DiscordEmulator, request: web.Request, record: RequestRecord, path: str
) -> web.Response:
    found = ROUTES.match(request.method, path)
    if found is None:
        description = f"the bot called an endpoint the emulator does not implement: {request.method} {path}"
        log.error(description)
        emu.feed.fail(description)
        return _finish(record, json_response({"message": "404: Not Found", "code": 0}, 404), code=0)
    spec, params = found
    record.route = spec.key
    try:
        authorization = request.headers.get("Authorization", "")
        as_person = spec.bearer and authorization.startswith("Bearer ")
        if spec.auth and not as_person and authorization != f"Bot {emu.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        body = await read_body(request)
        record.json = body.json
        record.files = [u.filename for u in body.uploads]
        fault = emu.faults.take(record)
        if fault is not None:
            record.fault = fault.name
            return _finish(
                record, json_response(fault.body, fault.status, fault.headers), code=fault.body.get("code")
            )
        verdict = emu.rate_limits.check(spec.key, params, request.headers.get("Authorization", ""))
        rate_headers = verdict.headers if verdict is not None else {}
        if verdict is not None and verdict.refusal is not None:
            return _finish(record, json_response(verdict.refusal, 429, rate_headers))
        ctx = Ctx(
            state=emu.state,
            interactions=emu.interactions,
            commands=emu.commands,
            faults=emu.faults,
            gateway=emu.gateway,
            gateway_url=emu.gateway_url,
            params=params,
            query=record.query,
            json=body.json,
            uploads=body.uploads,
            activities=emu.activities,
            authorization=authorization,
        )
        reply: Reply = await spec.handler(ctx)
    except ApiError as exc:
        return _finish(record, json_response(exc.body(), exc.status), code=exc.code)
    if reply.status == 204:
        return _finish(record, web.Response(status=204, headers=rate_headers))
    return _finish(record, json_response(reply.body, reply.status, rate_headers))


def _finish(record: RequestRecord, response: web.Response, *, code: int | None = None) -> web.Response:
    record.status = response.status
    record.code = code
    return response


def _attachment_handler(emu: DiscordEmulator) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        attachment = emu.state.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404, text="attachment not found")
        return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})

    return handle


def _unknown_handler(emu: DiscordEmulator) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        description = f"request outside the emulated API: {request.method} {request.path}"
        log.error(description)
        emu.feed.fail(description)
        return web.Response(status=404, text=description)

    return handle
