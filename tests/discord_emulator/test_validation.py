"""The emulator refuses what Discord refuses: 400 with code 50035 (Invalid Form Body) and friends."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from discord_emulator import ApiError, DiscordEmulator
from discord_emulator.command_validation import validate_autocomplete_result, validate_commands
from discord_emulator.validation import validate_message
from tests.conftest import World


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def select(custom_id: str = "s", options: int = 3, **extra: Any) -> dict[str, Any]:
    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": opts} | extra


INVALID = {
    "six rows": [row(button(f"b{i}")) for i in range(6)],
    "six buttons in a row": [row(*(button(f"b{i}") for i in range(6)))],
    "custom_id of 101 characters": [row(button("x" * 101))],
    "duplicate custom_id": [row(button("same"), button("same"))],
    "select with 26 options": [row(select(options=26, max_values=1))],
    "select beside a button": [row(select(), button("b"))],
    "min_values above max_values": [row(select(min_values=3, max_values=2))],
    "max_values of 26": [row(select(options=25, max_values=26))],
    "max_values above the option count": [row(select(options=3, max_values=4))],
    "button without custom_id": [row({"type": 2, "style": 1, "label": "b"})],
    "not an action row at the top": [button("b")],
}


@pytest.mark.parametrize("components", INVALID.values(), ids=INVALID.keys())
def test_invalid_components_are_refused_with_50035(components: list[dict[str, Any]]):
    with pytest.raises(ApiError) as caught:
        validate_message({"content": "x", "components": components})
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert "components" in caught.value.errors  # type: ignore[operator]


def test_limits_themselves_are_accepted():
    five_full_rows = [row(*(button(f"b{r}-{i}", label="x" * 80) for i in range(5))) for r in range(5)]
    validate_message({"content": "x" * 2000, "components": five_full_rows})
    validate_message(
        {"components": [row(select(options=25, min_values=0, max_values=25)), row(button("y" * 100))]}
    )


def test_content_over_2000_characters_is_refused():
    with pytest.raises(ApiError) as caught:
        validate_message({"content": "x" * 2001})
    assert caught.value.errors == {
        "content": {
            "_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]
        }
    }


def test_command_sync_is_validated():
    """Also after a list was accepted (and kept as accepted): a list that differs is checked."""
    for _ in range(2):
        validate_commands([{"name": "hearts", "description": "Play Hearts", "type": 1}])
    with pytest.raises(ApiError, match="50035"):
        validate_commands([{"name": "Hearts", "description": "upper case is not allowed", "type": 1}])
    with pytest.raises(ApiError, match="50035"):
        validate_commands([{"name": "hearts", "description": "", "type": 1}])
    with pytest.raises(ApiError, match="50035"):
        validate_commands([{"name": "hearts", "description": "Play Hearts" * 10, "type": 1}])


@pytest.mark.parametrize(
    "command",
    [
        {"nsfw": 0},
        {"nsfw": "false"},
        {"dm_permission": 1},
        {"options": [{"name": "seats", "description": "Seats", "type": 4, "required": "yes"}]},
        {"options": [{"name": "who", "description": "Who", "type": 3, "autocomplete": 1}]},
    ],
)
def test_a_commands_booleans_are_true_or_false(command: dict[str, Any]):
    good = {"name": "hearts", "description": "Play Hearts", "type": 1}
    validate_commands([good | {"nsfw": False, "dm_permission": True}])
    with pytest.raises(ApiError, match="50035") as refused:
        validate_commands([good | command])
    assert "BASE_TYPE_BOOLEAN" in str(refused.value.body)


def test_an_autocomplete_option_has_no_choices_and_takes_text_or_numbers():
    def command(option: dict[str, Any]) -> list[dict[str, Any]]:
        base = {"name": "language", "description": "Your language", "autocomplete": True}
        return [{"name": "me", "description": "Settings", "type": 1, "options": [base | option]}]

    validate_commands(command({"type": 3}))
    with pytest.raises(ApiError, match="50035"):
        validate_commands(command({"type": 3, "choices": [{"name": "English", "value": "en"}]}))
    with pytest.raises(ApiError, match="50035"):
        validate_commands(command({"type": 5}))


def test_an_autocomplete_answer_holds_at_most_25_choices_that_fit_the_option():
    choice = {"name": "English", "value": "en"}
    validate_autocomplete_result({"choices": [choice] * 25}, 3)
    validate_autocomplete_result({"choices": []}, 3)
    for bad, kind in (
        ({"choices": [choice] * 26}, 3),
        ({}, 3),
        ({"choices": [{"name": "", "value": "en"}]}, 3),
        ({"choices": [{"name": "x" * 101, "value": "en"}]}, 3),
        ({"choices": [{"name": "English", "value": "e" * 101}]}, 3),
        ({"choices": [choice]}, 4),  # a string where the option takes an integer
        ({"choices": [choice | {"name_localizations": {"xx": "English"}}]}, 3),
    ):
        with pytest.raises(ApiError, match="50035"):
            validate_autocomplete_result(bad, kind)


async def _post(emu: DiscordEmulator, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bot {emu.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(emu.api_base + path, json=body, headers=headers) as r,
    ):
        assert r.headers["Content-Type"] == "application/json"
        return r.status, await r.json()


async def test_rest_answers_validation_errors_like_discord(emulator: DiscordEmulator):
    guild = emulator.create_guild()
    path = f"/channels/{guild.channel('general').id}/messages"
    status, body = await _post(emulator, path, {"content": "hi", "components": INVALID["six rows"]})
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert body["errors"]["components"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    status, body = await _post(emulator, path, {})
    assert (status, body["code"]) == (400, 50006)
    status, body = await _post(emulator, path, {"content": "fine"})
    assert status == 200 and body["content"] == "fine"


async def test_discord_py_gets_50035_for_a_too_long_custom_id(world: World):
    ix = await world.emu.slash(world.alice, world.general, "badview")
    reply = await ix.wait_original()
    assert reply.content == "rejected"
    [(_, (status, code, text))] = [e for e in world.bot.events if e[0] == "rejected"]
    assert (status, code) == (400, 50035)
    assert "data.components.0.components.0.custom_id" in text
    assert ix.callbacks[0].code == 50035 and ix.callbacks[1].status == 200
