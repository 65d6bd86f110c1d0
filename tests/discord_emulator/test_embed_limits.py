"""Discord's embed limits (resources/message#embed-object-embed-limits): beyond them 400/50035 with
the offending path, on every route that takes a message."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from discord_emulator import ApiError, DiscordEmulator, InteractionType
from discord_emulator.validation import validate_message


def fields(count: int, value: str = "v") -> list[dict[str, Any]]:
    return [{"name": f"n{i}", "value": value} for i in range(count)]


TOO_MUCH: dict[str, tuple[list[dict[str, Any]], str]] = {
    "title of 257": ([{"title": "t" * 257}], "embeds.0.title"),
    "description of 4097": ([{"description": "d" * 4097}], "embeds.0.description"),
    "26 fields": ([{"fields": fields(26)}], "embeds.0.fields"),
    "field name of 257": ([{"fields": [{"name": "n" * 257, "value": "v"}]}], "embeds.0.fields.0.name"),
    "field value of 1025": ([{"fields": [{"name": "n", "value": "v" * 1025}]}], "embeds.0.fields.0.value"),
    "field without a value": ([{"fields": [{"name": "n"}]}], "embeds.0.fields.0.value"),
    "field with an empty name": ([{"fields": [{"name": "", "value": "v"}]}], "embeds.0.fields.0.name"),
    "footer text of 2049": ([{"footer": {"text": "f" * 2049}}], "embeds.0.footer.text"),
    "footer without text": (
        [{"description": "d", "footer": {"icon_url": "https://x/y.png"}}],
        "embeds.0.footer.text",
    ),
    "author name of 257": ([{"author": {"name": "a" * 257}}], "embeds.0.author.name"),
    "6001 characters in one embed": (
        [
            {
                "title": "t" * 256,
                "description": "d" * 4096,
                "fields": [{"name": "n", "value": "v" * 1024}],
                "author": {"name": "a" * 256},
                "footer": {"text": "f" * 368},
            }
        ],
        "embeds",
    ),
    "6001 characters over two embeds": ([{"description": "d" * 4000}, {"description": "d" * 2001}], "embeds"),
}


def _paths(tree: dict[str, Any], prefix: str = "") -> set[str]:
    found = {prefix} if "_errors" in tree else set()
    for key, sub in tree.items():
        if key != "_errors":
            found |= _paths(sub, f"{prefix}.{key}" if prefix else key)
    return found


@pytest.mark.parametrize(("embeds", "path"), TOO_MUCH.values(), ids=TOO_MUCH.keys())
def test_an_embed_beyond_discords_limits_is_refused_with_50035(
    embeds: list[dict[str, Any]], path: str
) -> None:
    with pytest.raises(ApiError) as caught:
        validate_message({"embeds": embeds})
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert _paths(caught.value.errors or {}) == {path}


def test_embeds_at_the_limits_are_accepted() -> None:
    full = {
        "title": "t" * 256,
        "description": "d" * 1000,
        "fields": fields(25, "v" * 100),  # 25 * (2 or 3 + 100) characters
        "footer": {"text": "f" * 500},
        "author": {"name": "a" * 256},
    }
    validate_message({"embeds": [full]})  # 256 + 1000 + 2565 + 500 + 256 = 4577
    exactly_6000 = [{"description": "d" * 4000}, {"description": "d" * 2000}]
    validate_message({"embeds": exactly_6000})
    validate_message({"embeds": [{"description": "d" * 4096}, {"fields": fields(25)}]})
    validate_message({"embeds": [{"image": {"url": "attachment://hand.png"}}]})  # no text at all


def test_an_interaction_response_carries_the_data_prefix() -> None:
    with pytest.raises(ApiError) as caught:
        validate_message({"embeds": [{"title": "t" * 257}]}, prefix=("data",))
    assert _paths(caught.value.errors or {}) == {"data.embeds.0.title"}


async def _call(
    emu: DiscordEmulator, method: str, path: str, body: dict[str, Any], *, auth: bool = True
) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {emu.token}"} if auth else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, emu.api_base + path, json=body, headers=headers) as r,
    ):
        text = await r.text()
        return r.status, json.loads(text) if text else None


TOO_LONG_FIELD = [{"title": "t", "fields": [{"name": "n", "value": "v" * 1025}]}]
FINE = [{"title": "t", "fields": [{"name": "n", "value": "v" * 1024}]}]


async def test_every_message_route_refuses_embeds_beyond_the_limits(emulator: DiscordEmulator) -> None:
    """Channel message, its edit, the interaction response, a followup and a webhook edit."""
    emulator.rate_limits.enabled = False
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    general = guild.channel("general")

    def refused(status: int, body: Any, path: str) -> bool:
        return (status, body["code"]) == (400, 50035) and path in _paths(body["errors"])

    messages = f"/channels/{general.id}/messages"
    status, body = await _call(emulator, "POST", messages, {"embeds": TOO_LONG_FIELD})
    assert refused(status, body, "embeds.0.fields.0.value")
    status, message = await _call(emulator, "POST", messages, {"embeds": FINE})
    assert status == 200
    status, body = await _call(emulator, "PATCH", f"{messages}/{message['id']}", {"embeds": TOO_LONG_FIELD})
    assert refused(status, body, "embeds.0.fields.0.value")

    ix = emulator.interactions.create(InteractionType.APPLICATION_COMMAND, alice, general, {"name": "help"})
    callback = f"/interactions/{ix.id}/{ix.token}/callback"
    status, body = await _call(
        emulator, "POST", callback, {"type": 4, "data": {"embeds": TOO_LONG_FIELD}}, auth=False
    )
    assert refused(status, body, "data.embeds.0.fields.0.value")
    status, _ = await _call(emulator, "POST", callback, {"type": 4, "data": {"embeds": FINE}}, auth=False)
    assert status == 204

    webhook = f"/webhooks/{emulator.application_id}/{ix.token}"
    status, body = await _call(
        emulator, "POST", f"{webhook}?wait=true", {"embeds": TOO_LONG_FIELD}, auth=False
    )
    assert refused(status, body, "embeds.0.fields.0.value")
    status, followup = await _call(emulator, "POST", f"{webhook}?wait=true", {"embeds": FINE}, auth=False)
    assert status == 200
    for target in ("@original", followup["id"]):
        path = f"{webhook}/messages/{target}"
        status, body = await _call(emulator, "PATCH", path, {"embeds": TOO_LONG_FIELD}, auth=False)
        assert refused(status, body, "embeds.0.fields.0.value")
        status, _ = await _call(emulator, "PATCH", path, {"embeds": FINE}, auth=False)
        assert status == 200
