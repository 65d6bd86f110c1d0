"""The Activity's page, served as built: ``GET /`` (``index.html``, never cached: it names the
assets of the build in use) and ``GET /assets/*`` (content-hashed names, so cached for good), from
``static/``, which ``make web`` builds from ``web/activity`` and the package ships; and the card
faces the page shows, the project's card art scaled once per process, as the reader's DMs' images
draw them: ``GET /cards/<deck>/<id>.png`` in the deck they chose (``classic``, ``four_colour``:
``/hearts deck``, which the words message names) and ``GET /cards/<deck>/bonus/<id>.png`` marked as
an Omnibus table's bonus card (the 10♦ and J♦ only). ``GET /cards/<id>.png`` is the classic face:
a page loaded before the decks were served still asks for it."""

from __future__ import annotations

import asyncio
import io
from functools import lru_cache
from pathlib import Path
from typing import Final

from aiohttp import web

from bot.engine.cards import NUM_CARDS
from bot.render import sprites
from bot.render.card_art import BONUS_CARDS

STATIC: Final = Path(__file__).resolve().parent / "static"
ASSETS: Final = STATIC / "assets"
CARD_WIDTH: Final = 120  # px: sharp at the page's largest card (about 80 CSS px) on a 1.5x screen
NO_CACHE: Final = "no-cache"
FOREVER: Final = "public, max-age=31536000, immutable"
A_DAY: Final = "public, max-age=86400"
CLASSIC: Final = "classic"
FOUR_COLOUR: Final = "four_colour"  # bot.tables.requests.DECKS's names, as /hearts deck offers them
CARD_ID: Final = "{card:[0-9][0-9]?}"
DECK: Final = f"{{deck:{CLASSIC}|{FOUR_COLOUR}}}"


def add_static_routes(app: web.Application) -> None:
    app.router.add_get("/", _index)
    app.router.add_get("/assets/{name}", _asset)
    app.router.add_get(f"/cards/{CARD_ID}.png", _card)
    app.router.add_get(f"/cards/{DECK}/{CARD_ID}.png", _card)
    app.router.add_get(f"/cards/{DECK}/bonus/{CARD_ID}.png", _bonus_card)


def deck_name(four_colour: bool) -> str:
    """The deck's name in the faces' URLs (``/cards/<deck>/``)."""
    return FOUR_COLOUR if four_colour else CLASSIC


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
    return await _face(request, bonus=False)


async def _bonus_card(request: web.Request) -> web.Response:
    return await _face(request, bonus=True)


async def _face(request: web.Request, bonus: bool) -> web.Response:
    card = int(request.match_info["card"])
    if card >= NUM_CARDS or (bonus and card not in BONUS_CARDS):
        raise web.HTTPNotFound()
    four_colour = request.match_info.get("deck", CLASSIC) == FOUR_COLOUR
    body = await asyncio.to_thread(card_png, card, four_colour, bonus)
    return web.Response(body=body, content_type="image/png", headers={"Cache-Control": A_DAY})


@lru_cache(maxsize=2 * (NUM_CARDS + len(BONUS_CARDS)))
def card_png(card: int, four_colour: bool = False, bonus: bool = False) -> bytes:
    """The face of ``card`` as the DMs' images draw it (in the four-colour deck, marked as the
    table's bonus card), as a PNG."""
    out = io.BytesIO()
    sprites.face(card, CARD_WIDTH, four_colour, bonus).save(out, format="PNG", optimize=True)
    return out.getvalue()
