"""The Activity's page, served as built: ``GET /`` (``index.html``, never cached: it names the
assets of the build in use) and ``GET /assets/*`` (content-hashed names, so cached for good), from
``static/``, which ``make web`` builds from ``web/activity`` and the package ships; and the card
faces the page shows (``GET /cards/<id>.png``), the project's card art scaled once per process."""

from __future__ import annotations

import asyncio
import io
from functools import lru_cache
from pathlib import Path
from typing import Final

from aiohttp import web

from bot.engine.cards import NUM_CARDS
from bot.render import sprites

STATIC: Final = Path(__file__).resolve().parent / "static"
ASSETS: Final = STATIC / "assets"
CARD_WIDTH: Final = 120  # px: sharp at the page's largest card (about 80 CSS px) on a 1.5x screen
NO_CACHE: Final = "no-cache"
FOREVER: Final = "public, max-age=31536000, immutable"
A_DAY: Final = "public, max-age=86400"


def add_static_routes(app: web.Application) -> None:
    app.router.add_get("/", _index)
    app.router.add_get("/assets/{name}", _asset)
    app.router.add_get("/cards/{card:[0-9][0-9]?}.png", _card)


async def _index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": NO_CACHE})


async def _asset(request: web.Request) -> web.FileResponse:
    name = request.match_info["name"]
    if name not in asset_names():
        raise web.HTTPNotFound()
    return web.FileResponse(ASSETS / name, headers={"Cache-Control": FOREVER})


@lru_cache(maxsize=1)
def asset_names() -> frozenset[str]:
    """The built assets, the only names ``/assets/`` serves. A name from the URL is looked up here,
    never made into a path: the router decodes ``%2F`` into it, and ``assets / "/etc/passwd"`` is
    ``/etc/passwd``."""
    return frozenset(p.name for p in ASSETS.iterdir() if p.is_file() and not p.name.startswith("."))


async def _card(request: web.Request) -> web.Response:
    card = int(request.match_info["card"])
    if card >= NUM_CARDS:
        raise web.HTTPNotFound()
    body = await asyncio.to_thread(card_png, card)
    return web.Response(body=body, content_type="image/png", headers={"Cache-Control": A_DAY})


@lru_cache(maxsize=NUM_CARDS)
def card_png(card: int) -> bytes:
    """The face of ``card`` as the DMs' images draw it, as a PNG."""
    out = io.BytesIO()
    sprites.face(card, CARD_WIDTH).save(out, format="PNG", optimize=True)
    return out.getvalue()
