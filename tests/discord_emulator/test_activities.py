"""Activities in the emulator: the OAuth2 code exchange, `/users/@me` with a person's bearer token,
the LAUNCH_ACTIVITY answer, and the Entry Point command's rules (Discord's, see entry_points.py)."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from discord_emulator import Callback, CommandNotAvailable, DiscordEmulator, route_keys
from discord_emulator.activities import ACCESS_TOKEN_LIFETIME, CODE_LIFETIME, ActivityLaunch
from discord_emulator.entry_points import APP_HANDLER
from tests.conftest import World


class Http:
    """Plain HTTP, as an Activity's server calls Discord: no discord.py in between."""

    def __init__(self, emu: DiscordEmulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.session = emu, session

    async def exchange(self, code: str, *, secret: str | None = None, basic: bool = False) -> tuple[int, Any]:
        form = {"grant_type": "authorization_code", "code": code}
        credentials = (
            str(self.emu.application_id),
            self.emu.activities.client_secret if secret is None else secret,
        )
        headers = {}
        if basic:
            headers["Authorization"] = "Basic " + base64.b64encode(":".join(credentials).encode()).decode()
        else:
            form |= {"client_id": credentials[0], "client_secret": credentials[1]}
        async with self.session.post(self.emu.api_base + "/oauth2/token", data=form, headers=headers) as r:
            return r.status, await r.json(content_type=None)

    async def me(self, authorization: str) -> tuple[int, Any]:
        headers = {"Authorization": authorization}
        async with self.session.get(self.emu.api_base + "/users/@me", headers=headers) as r:
            return r.status, await r.json(content_type=None)

    async def put_commands(
        self, commands: list[dict[str, Any]], guild_id: int | None = None
    ) -> tuple[int, Any]:
        scope = f"/guilds/{guild_id}" if guild_id else ""
        url = f"{self.emu.api_base}/applications/{self.emu.application_id}{scope}/commands"
        async with self.session.put(
            url, json=commands, headers={"Authorization": f"Bot {self.emu.token}"}
        ) as r:
            return r.status, await r.json(content_type=None)


@pytest.fixture
async def http(emulator: DiscordEmulator) -> AsyncIterator[Http]:
    async with aiohttp.ClientSession() as session:
        yield Http(emulator, session)


CHAT = {"name": "hello", "description": "Say hello", "type": 1}
ENTRY = {"name": "launch", "description": "Open the table", "type": 4, "handler": APP_HANDLER}


async def test_a_code_buys_one_token_that_names_the_person(emulator: DiscordEmulator, http: Http):
    alice = emulator.create_user("alice", locale="de")
    code = emulator.authorize(alice)
    status, token = await http.exchange(code)
    assert status == 200 and token["token_type"] == "Bearer" and token["scope"] == "identify"
    assert token["expires_in"] == ACCESS_TOKEN_LIFETIME
    status, me = await http.me(f"Bearer {token['access_token']}")
    assert status == 200 and me["id"] == str(alice.id) and me["username"] == "alice" and me["locale"] == "de"
    # The bot token still reads the bot.
    status, bot = await http.me(f"Bot {emulator.token}")
    assert status == 200 and bot["id"] == str(emulator.bot.id)
    # A code is good once.
    assert await http.exchange(code) == (
        400,
        {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'},
    )


async def test_wrong_secret_wrong_code_expired_code_and_basic_authentication(
    emulator: DiscordEmulator, http: Http
):
    alice = emulator.create_user("alice")
    code = emulator.authorize(alice)
    status, body = await http.exchange(code, secret="not-the-secret")
    assert (status, body["error"]) == (401, "invalid_client")
    status, body = await http.exchange("no-such-code")
    assert (status, body["error"]) == (400, "invalid_grant")
    late = emulator.authorize(alice)
    emulator.clock.advance(CODE_LIFETIME + 1)
    status, body = await http.exchange(late)
    assert (status, body["error"]) == (400, "invalid_grant")
    # The wrong secret did not spend the first code... but it expired meanwhile too.
    assert (await http.exchange(code))[0] == 400
    status, body = await http.exchange(emulator.authorize(alice), basic=True)
    assert status == 200


async def test_a_bearer_token_is_refused_when_unknown_expired_or_without_identify(
    emulator: DiscordEmulator, http: Http
):
    alice = emulator.create_user("alice")
    assert (await http.me("Bearer made-up"))[0] == 401
    _, token = await http.exchange(emulator.authorize(alice, scopes=("guilds",)))
    assert (await http.me(f"Bearer {token['access_token']}"))[0] == 401
    _, token = await http.exchange(emulator.authorize(alice))
    assert (await http.me(f"Bearer {token['access_token']}"))[0] == 200
    emulator.clock.advance(ACCESS_TOKEN_LIFETIME + 1)
    assert (await http.me(f"Bearer {token['access_token']}"))[0] == 401
    # A bearer token opens only the routes a person may use.
    headers = {"Authorization": f"Bearer {token['access_token']}"}
    async with http.session.get(f"{emulator.api_base}/gateway/bot", headers=headers) as r:
        assert r.status == 401


async def test_launch_activity_needs_activities_enabled(world: World):
    emu, bot = world.emu, world.bot
    refused = await emu.slash(world.alice, world.general, "play")
    await emu.wait_until(lambda: ("launch-refused", (400, 0)) in bot.events, what="the refusal")
    assert refused.response_type is None and refused.callbacks[-1].status == 400
    refused.expect_unanswered = True
    assert emu.activities.launches == []

    emu.enable_activities()
    ix = await emu.slash(world.alice, world.general, "play")
    assert await ix.wait_acknowledged() is Callback.LAUNCH_ACTIVITY
    launch = await emu.wait_for_launch(world.alice, since=ix)
    assert (launch.channel, launch.interaction_id) == (world.general, ix.id)
    await emu.wait_until(lambda: ("launched", launch.instance_id) in bot.events, what="the instance id")
    # One answer per interaction, as for any other callback type.
    assert ix.original is None and len(ix.callbacks) == 1


async def test_enabling_activities_adds_the_default_entry_point_which_a_sync_must_keep(
    emulator: DiscordEmulator, http: Http
):
    emulator.enable_activities()
    status, body = await http.put_commands([CHAT])
    assert (status, body["code"]) == (400, 50240)
    assert "Entry Point command" in body["message"]
    launch = emulator.commands.entry_point()
    assert launch is not None and launch["name"] == "launch" and launch["handler"] == 2
    status, body = await http.put_commands([CHAT, {k: v for k, v in launch.items() if k != "id"}])
    assert status == 200 and [c["type"] for c in body] == [1, 4]
    assert next(c for c in body if c["type"] == 4)["id"] == launch["id"]  # kept, like Discord


@pytest.mark.parametrize(
    ("commands", "where", "embedded"),
    [
        ([CHAT, ENTRY], "guild", True),  # Entry Point commands are global only
        ([CHAT, ENTRY, ENTRY | {"name": "open"}], "global", True),  # one per app
        ([ENTRY | {"options": [{"type": 3, "name": "x", "description": "x"}]}], "global", True),
        ([CHAT | {"handler": 1}], "global", True),  # handler only on an Entry Point command
        ([ENTRY | {"handler": 3}], "global", True),
        ([ENTRY], "global", False),  # handler only for an app with Activities
    ],
)
async def test_entry_point_rules_at_sync(
    emulator: DiscordEmulator, http: Http, commands: list[dict[str, Any]], where: str, embedded: bool
):
    guild = emulator.create_guild("Club")
    if embedded:
        emulator.enable_activities()
        assert (await http.put_commands([CHAT, ENTRY]))[0] == 200  # the valid form of the same
    status, body = await http.put_commands(commands, guild.id if where == "guild" else None)
    assert (status, body["code"]) == (400, 50035), body


async def test_entry_point_from_the_app_launcher(world: World, http: Http):
    emu = world.emu
    with pytest.raises(CommandNotAvailable, match="no Entry Point"):
        await emu.open_from_app_launcher(world.alice, world.general)
    emu.enable_activities()
    launched = await emu.open_from_app_launcher(world.alice, world.general)
    assert isinstance(launched, ActivityLaunch) and launched.interaction_id is None  # Discord did it

    mark = emu.mark()
    commands = [{k: v for k, v in c.items() if k != "id"} for c in emu.commands.list(None)]
    for command in commands:
        if command["type"] == 4:
            command["handler"] = APP_HANDLER
    assert (await http.put_commands(commands))[0] == 200
    await emu.wait_for_request(route_keys.SYNC_GLOBAL_COMMANDS, since=mark)
    ix = await emu.open_from_app_launcher(world.bob, world.general)
    assert not isinstance(ix, ActivityLaunch) and ix.data["type"] == 4
    assert await ix.wait_acknowledged() is Callback.LAUNCH_ACTIVITY
    assert (await emu.wait_for_launch(world.bob, since=ix)).interaction_id == ix.id


async def test_each_bearer_token_has_its_own_rate_limit_buckets(emulator: DiscordEmulator, http: Http):
    """Discord's per-route buckets are per token: many people reading /users/@me at once (an
    Activity opening for a whole table) don't share one bucket; one token alone can exhaust its own."""
    emulator.rate_limits.enabled = False  # the codes first (the token endpoint has its own limit)
    tokens = []
    for i in range(60):
        _, token = await http.exchange(emulator.authorize(emulator.create_user(f"p{i}")))
        tokens.append(token["access_token"])
    emulator.rate_limits.enabled = True
    emulator.rate_limits.scale = 10.0  # windows long enough that none resets during the test
    statuses = [(await http.me(f"Bearer {token}"))[0] for token in tokens]
    assert statuses == [200] * 60  # more people than one bucket's 50
    alone = [(await http.me(f"Bearer {tokens[0]}"))[0] for _ in range(60)]
    assert 429 in alone


async def test_an_activity_instance_says_where_it_runs_and_who_is_in_it(
    emulator: DiscordEmulator, http: Http
):
    """Get Application Activity Instance, with the bot's token: the people who open the Activity
    in one channel share its instance; it ends when the last one leaves."""
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    general = guild.channel("general")
    running = emulator.activities.join(alice, general)
    assert emulator.activities.join(bob, general) is running
    assert emulator.activities.join(bob, emulator.dm_channel(bob)) is not running

    async def get(instance_id: str, *, app: int | None = None, token: str | None = None) -> tuple[int, Any]:
        application = app or emulator.application_id
        url = f"{emulator.api_base}/applications/{application}/activity-instances/{instance_id}"
        headers = {"Authorization": token or f"Bot {emulator.token}"}
        async with http.session.get(url, headers=headers) as r:
            return r.status, await r.json(content_type=None)

    status, body = await get(running.instance_id)
    assert status == 200
    assert body == {
        "application_id": str(emulator.application_id),
        "instance_id": running.instance_id,
        "launch_id": str(running.launch_id),
        "location": {
            "id": f"gc-{guild.id}-{general.id}",
            "kind": "gc",
            "channel_id": str(general.id),
            "guild_id": str(guild.id),
        },
        "users": [str(alice.id), str(bob.id)],
    }
    assert emulator.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == 1
    assert (await get(running.instance_id, app=12345))[0] == 404  # another application's
    assert (await get(running.instance_id, token="Bot wrong"))[0] == 401  # the bot's token only
    emulator.activities.leave(alice, running.instance_id)
    assert (await get(running.instance_id))[1]["users"] == [str(bob.id)]
    emulator.activities.leave(bob, running.instance_id)
    assert (await get(running.instance_id))[0] == 404  # ended
    assert (await get("i-never-was"))[0] == 404
