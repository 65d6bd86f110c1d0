"""`DiscordEmulator`: the server, and the test API that plays the part of Discord's users.

    async with DiscordEmulator() as emu:
        alice = emu.create_user("alice")
        guild = emu.create_guild("Club", members=[alice])
        ...start the bot with emu.api_base / emu.gateway_url / emu.token...
        ix = await emu.slash(alice, guild.channel("general"), "hearts new", seats=4)
        await ix.wait_acknowledged()
        table = await ix.wait_original()
        click = await emu.click(alice, table, label="Join")

Everything a test awaits is bounded by a timeout and wakes on the emulator's own events; nothing
polls or sleeps.

Longer than 400 lines on purpose: the class is the test API, one short method per thing a user
does (slash, click, select, submit, ...) or a test reads; the work is done in the modules it calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from aiohttp import web

from .activities import Activities, ActivityLaunch
from .clock import Clock
from .command_validation import LOCALES
from .commands import CommandRegistry
from .counters import RequestLog, RequestRecord
from .entry_points import DEFAULT_ENTRY_POINT, DISCORD_LAUNCH_ACTIVITY
from .errors import EmulatorError, EmulatorTimeout
from .faults import Faults
from .feed import WAIT_TIMEOUT, ChangeFeed, Since, mark_of
from .gateway import GUILDS_PER_SHARD, Gateway, Session
from .http_app import API_PREFIX, build_app
from .interactions import RESPONSE_DEADLINE, InteractionRecord, Interactions, InteractionType
from .models import Channel, ChannelKind, Guild, Member, Message, Role, User
from .permissions import base_permissions
from .ratelimits import RateLimits
from .state import EmulatorState

T = TypeVar("T")
DEFAULT_TIMEOUT = WAIT_TIMEOUT
TEST_RATE_LIMIT_SCALE = 0.01  # Discord's limits with windows 100x shorter: every rule, millisecond waits
BUTTON = 2
SELECT_TYPES = {3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}


class DiscordEmulator:
    def __init__(
        self,
        *,
        token: str = "emulator-bot-token",
        bot_name: str = "Hearts",
        clock: Clock | None = None,
        rate_limit_scale: float = TEST_RATE_LIMIT_SCALE,
        guilds_per_shard: int = GUILDS_PER_SHARD,
    ) -> None:
        """`clock` decides "now" for deadlines, ids and timestamps (default: a fixed instant, advanceable).
        `rate_limit_scale` shrinks Discord's rate-limit windows (1.0: Discord's own).
        `guilds_per_shard`: more servers on one gateway session are refused with 4011 (Discord: 2,500)."""
        self.token = token
        self.clock = clock or Clock()
        self.feed = ChangeFeed()
        self.state = EmulatorState(self.clock, self.feed, bot_name=bot_name)
        self.faults = Faults()
        self.rate_limits = RateLimits(scale=rate_limit_scale)
        self.requests = RequestLog()
        self.commands = CommandRegistry(self.state.ids, self.state.application_id)
        self.activities = Activities(self.clock, self.feed, self.state.application_id)
        self.interactions = Interactions(self.state, self.faults, self.feed, self.activities)
        self.gateway = Gateway(self.state, self.feed, token, lambda: self.gateway_url)
        self.gateway.guilds_per_shard = guilds_per_shard
        self.state.dispatch = self.gateway.dispatch
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle ----------------------------------------------------------------------------
    async def start(self) -> DiscordEmulator:
        """Listen on an ephemeral port of 127.0.0.1."""
        self._runner = web.AppRunner(build_app(self), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        self.state.attachment_base = self.base_url
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """For `DISCORD_API_BASE` / `discord.http.Route.BASE`."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """For `DISCORD_GATEWAY_URL` / `DiscordWebSocket.DEFAULT_GATEWAY`."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """The environment that points `python -m bot` here."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    @property
    def bot(self) -> User:
        return self.state.bot

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def failures(self) -> list[str]:
        return self.feed.failures

    def fail(self, description: str) -> None:
        """Report a failure from outside (e.g. an ERROR log): ends every wait, fails the test."""
        self.feed.fail(description)

    # --- people and places --------------------------------------------------------------------
    def create_user(self, name: str, *, locale: str = "en-US") -> User:
        """A user whose client is set to ``locale`` (a Discord locale: ``de``, ``ja``, ``en-US``)."""
        user = self.state.create_user(name)
        self.set_locale(user, locale)
        return user

    def set_locale(self, who: User | Guild, locale: str) -> None:
        """A user's client language (an interaction's ``locale``) or a server's ``preferred_locale``
        (an interaction's ``guild_locale``). Only Discord's locales: Discord sends no other."""
        if locale not in LOCALES:
            raise ValueError(f"{locale!r} is not one of Discord's locales")
        if isinstance(who, Guild):
            who.preferred_locale = locale
        else:
            who.locale = locale

    def create_guild(
        self,
        name: str = "Test server",
        *,
        members: Sequence[User] = (),
        owner: User | None = None,
        channels: Sequence[str] = ("general",),
        shard: tuple[int, int] | None = None,
        locale: str = "en-US",
    ) -> Guild:
        """A server with the bot, `members`, text `channels`, and an owner (a separate user unless
        `owner` is given: the owner has every permission). `shard=(shard_id, shard_count)`: an id
        that Discord's formula puts on that shard. `locale`: its ``preferred_locale``."""
        if locale not in LOCALES:
            raise ValueError(f"{locale!r} is not one of Discord's locales")
        return self.state.create_guild(
            name, owner=owner, members=members, channels=channels, shard=shard, locale=locale
        )

    def add_member(self, guild: Guild, user: User, *, permissions: int = 0) -> Member:
        return self.state.add_member(guild, user, permissions=permissions)

    def set_nick(self, guild: Guild, user: User, nick: str | None) -> None:
        """A member's nickname on ``guild`` (None: none): their interactions there carry it, and
        a bot with the members intent gets GUILD_MEMBER_UPDATE."""
        self.state.set_nick(guild, user, nick)

    def create_channel(self, guild: Guild, name: str) -> Channel:
        return self.state.create_channel(guild, name)

    def dm_channel(self, user: User) -> Channel:
        return self.state.dm_channel(user)

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel or a thread (a channel's threads go with it): the bot gets
        CHANNEL_DELETE or THREAD_DELETE, then 404/10003 Unknown Channel for anything sent there."""
        if channel.deleted:
            raise EmulatorError(f"channel {channel.id} is already deleted")
        self.state.delete_channel(channel)

    def set_overwrite(
        self, channel: Channel, target: User | Role | Guild, *, allow: int = 0, deny: int = 0
    ) -> None:
        """A moderator sets a channel overwrite for a member, a role or @everyone (the guild); the
        bot gets CHANNEL_UPDATE. `allow=deny=0` removes it."""
        self.state.set_overwrite(channel, target, allow=allow, deny=deny)

    def set_role_permissions(self, guild: Guild, role: Role, permissions: int) -> None:
        self.state.set_role_permissions(guild, role, permissions)

    def create_role(self, guild: Guild, name: str, *, permissions: int = 0, position: int = 1) -> Role:
        """A moderator creates a role at ``position`` (1: just above @everyone, below the bot's)."""
        return self.state.create_role(guild, name, permissions=permissions, position=position)

    def bot_role(self, guild: Guild) -> Role:
        """The role the bot got when it joined (its permissions are the invite's)."""
        mine = guild.members[self.state.bot.id].role_ids
        return next(r for r in guild.roles if r.id in mine)

    def time_out(self, guild: Guild, user: User, *, seconds: float | None) -> None:
        """Time a member out for `seconds` of the emulator's clock (None lifts it)."""
        until = None if seconds is None else self.clock.time() + seconds
        self.state.time_out(guild, user, until)

    def permissions(self, user: User, channel: Channel) -> int:
        """What `user` may do in `channel`, computed as Discord does."""
        return self.state.permissions_in(user, channel)

    def post_message(self, user: User, channel: Channel, content: str) -> Message:
        """A user writes in a channel (the bot gets MESSAGE_CREATE)."""
        if not self.state.can_see(user, channel):
            raise EmulatorError(f"{user.name} cannot see channel {channel.name or channel.id}")
        return self.state.create_message(channel, user, {"content": content})

    def delete_message(self, message: Message) -> None:
        """Someone (a moderator, the user) deletes a message: the bot then gets 404/10008 for it."""
        if message.deleted:
            raise EmulatorError(f"message {message.id} is already deleted")
        self.state.delete_message(message)

    # --- reading ------------------------------------------------------------------------------
    def messages(
        self, channel: Channel, *, viewer: User | None = None, include_deleted: bool = False
    ) -> list[Message]:
        """A channel's messages, oldest first, as `viewer` sees them (no viewer: public ones only)."""
        viewer_id = viewer.id if viewer else None
        return [
            m
            for m in self.state.messages.values()
            if m.channel_id == channel.id and m.visible_for(viewer_id) and (include_deleted or not m.deleted)
        ]

    def dm_messages(self, user: User) -> list[Message]:
        """Everything in the DM between the bot and `user`."""
        channel = self.state.dm_channels.get(user.id)
        return [] if channel is None else self.messages(channel, viewer=user)

    def ephemeral_messages(self, user: User) -> list[Message]:
        """Every ephemeral message shown to `user`, in any channel."""
        return [m for m in self.state.messages.values() if m.visible_to == user.id and not m.deleted]

    def message(self, message_id: int) -> Message:
        return self.state.messages[message_id]

    def mark(self) -> int:
        """A point in time for `since=` arguments: only what happens after it counts."""
        return self.feed.counter

    # --- acting as users ----------------------------------------------------------------------
    async def slash(self, user: User, channel: Channel, command: str, **options: Any) -> InteractionRecord:
        """`user` runs `/command` (e.g. "hearts new" for a subcommand) with typed `options`."""
        return self._slash(user, channel, command, options, client_checks=True)

    async def forged_slash(
        self, user: User, channel: Channel, command: str, **options: Any
    ) -> InteractionRecord:
        """`user` sends `/command` as a forger would, with values Discord's client never offers
        (outside the choices, past the ranges and lengths): only the option types are checked, so
        a test can see what the bot does with what reaches it all the same."""
        return self._slash(user, channel, command, options, client_checks=False)

    async def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, typed: str, **options: Any
    ) -> InteractionRecord:
        """`user` types `typed` into the option `focused` of `/command` (the other `options` filled
        so far): Discord asks the bot for suggestions (an autocomplete interaction, answered with
        callback type 8; `InteractionRecord.suggestions` reads them)."""
        guild = self.state.guild_of(channel)
        invocation = self.commands.invoke(
            command, options, user=user, channel=channel, guild=guild, focused=(focused, typed)
        )
        return self._send(
            self.interactions.create(InteractionType.AUTOCOMPLETE, user, channel, invocation.data)
        )

    def _slash(
        self, user: User, channel: Channel, command: str, options: dict[str, Any], *, client_checks: bool
    ) -> InteractionRecord:
        guild = self.state.guild_of(channel)
        invocation = self.commands.invoke(
            command, options, user=user, channel=channel, guild=guild, client_checks=client_checks
        )
        record = self.interactions.create(InteractionType.APPLICATION_COMMAND, user, channel, invocation.data)
        return self._send(record)

    async def click(
        self, user: User, message: Message, custom_id: str | None = None, *, label: str | None = None
    ) -> InteractionRecord:
        """`user` clicks a button on `message`, found by `custom_id` or by `label`."""
        if (custom_id is None) == (label is None):
            raise EmulatorError("click() needs exactly one of custom_id or label")
        button = self._component(user, message, custom_id, label, {BUTTON})
        if button.get("style") in (5, 6):
            raise EmulatorError(
                f"button {button.get('label')!r} is a link/premium button: it makes no interaction"
            )
        data = {"custom_id": button["custom_id"], "component_type": BUTTON, "id": button.get("id")}
        return self._send(self._component_interaction(user, message, data))

    async def select(
        self, user: User, message: Message, custom_id: str, values: Sequence[Any]
    ) -> InteractionRecord:
        """`user` picks `values` in a select menu (option values; Users/Channels/Roles for typed selects)."""
        menu = self._component(user, message, custom_id, None, set(SELECT_TYPES))
        count = len(values)
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= count <= high:
            raise EmulatorError(f"select {custom_id!r} takes {low}..{high} values, not {count}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": menu["type"], "id": menu.get("id")}
        if menu["type"] == 3:
            offered = [o["value"] for o in menu.get("options", [])]
            bad = [v for v in values if v not in offered]
            if bad:
                raise EmulatorError(f"select {custom_id!r} offers {offered}, not {bad}")
            data["values"] = list(values)
        else:
            data["values"] = [str(v.id) for v in values]
            data["resolved"] = _resolved(values, self.state.guild_of(self.state.channels[message.channel_id]))
        return self._send(self._component_interaction(user, message, data))

    async def submit_modal(
        self, user: User, opener: InteractionRecord, values: dict[str, Any]
    ) -> InteractionRecord:
        """`user` fills in and submits the modal the bot showed in answer to `opener`."""
        modal = opener.modal
        if modal is None:
            raise EmulatorError(f"the bot did not answer {opener} with a modal")
        if user is not opener.user:
            raise EmulatorError("only the user who opened a modal can submit it")
        components = [_submitted(row, values) for row in modal.get("components", [])]
        leftovers = set(values) - {c.get("custom_id") for c in _leaves(modal.get("components", []))}
        if leftovers:
            raise EmulatorError(f"the modal has no inputs {sorted(leftovers)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        source = opener.source_message
        record = self.interactions.create(
            InteractionType.MODAL_SUBMIT, user, opener.channel, data, source_message=source
        )
        return self._send(record)

    def _component(
        self, user: User, message: Message, custom_id: str | None, label: str | None, kinds: set[int]
    ) -> dict[str, Any]:
        if message.deleted:
            raise EmulatorError(f"message {message.id} was deleted: nobody can click on it")
        if not message.visible_for(user.id):
            raise EmulatorError(f"{user.name} cannot see ephemeral message {message.id}")
        for comp in message.iter_components():
            if comp.get("type") in kinds and (
                (custom_id is not None and comp.get("custom_id") == custom_id)
                or (label is not None and comp.get("label") == label)
            ):
                if comp.get("disabled"):
                    raise EmulatorError(f"component {custom_id or label!r} is disabled")
                return comp
        wanted = custom_id or label
        raise EmulatorError(
            f"no enabled component {wanted!r} on message {message.id}; it has {message.custom_ids}"
        )

    def _component_interaction(self, user: User, message: Message, data: dict[str, Any]) -> InteractionRecord:
        channel = self.state.channels[message.channel_id]
        return self.interactions.create(
            InteractionType.MESSAGE_COMPONENT, user, channel, data, source_message=message
        )

    def _send(self, record: InteractionRecord) -> InteractionRecord:
        payload = self.interactions.payload(record)
        record.seq = self.feed.changed()
        record.dispatched_at = time.perf_counter()
        self.gateway.dispatch_interaction(payload)
        return record

    # --- Activities ---------------------------------------------------------------------------
    def enable_activities(self) -> None:
        """The Developer Portal's "Enable Activities": the app gets the EMBEDDED flag and, as on
        Discord, a default Entry Point command ("launch", Discord opens the Activity itself)."""
        self.activities.enabled = True
        if self.commands.entry_point() is None:
            self.commands.add(None, dict(DEFAULT_ENTRY_POINT))

    def authorize(self, user: User, scopes: Sequence[str] = ("identify",)) -> str:
        """The authorization code the SDK's `authorize` command gives the Activity `user` opened."""
        return self.activities.authorize(user, scopes)

    async def open_from_app_launcher(
        self, user: User, channel: Channel
    ) -> InteractionRecord | ActivityLaunch:
        """`user` runs the app's Entry Point command in `channel`: with the DISCORD_LAUNCH_ACTIVITY
        handler Discord opens the Activity itself (the launch is returned); with APP_HANDLER the
        bot gets the command interaction and answers it (e.g. with LAUNCH_ACTIVITY)."""
        invocation = self.commands.invoke_entry_point(user=user, guild=self.state.guild_of(channel))
        if invocation.command.get("handler", DISCORD_LAUNCH_ACTIVITY) == DISCORD_LAUNCH_ACTIVITY:
            return self.activities.launch(user, channel, None)
        record = self.interactions.create(InteractionType.APPLICATION_COMMAND, user, channel, invocation.data)
        return self._send(record)

    async def wait_for_launch(
        self, user: User, *, since: Since = 0, timeout: float = DEFAULT_TIMEOUT
    ) -> ActivityLaunch:
        """The next Activity opened for `user` after `since`."""
        after = mark_of(since)

        def check() -> ActivityLaunch | None:
            found = [la for la in self.activities.launches if la.user is user and la.seq > after]
            return found[0] if found else None

        return await self.wait_until(check, timeout=timeout, what=f"an Activity launched for {user.name}")

    # --- waiting ------------------------------------------------------------------------------
    async def wait_until(
        self, check: Callable[[], T | Literal[False] | None], *, timeout: float = DEFAULT_TIMEOUT, what: str
    ) -> T:
        """Wait for `check()` to return something truthy (re-checked on every emulator event)."""
        return await self.feed.wait_until(check, timeout=timeout, what=what, context=self._context)

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        *,
        channel: Channel | None = None,
        viewer: User | None = None,
        since: Since = 0,
        timeout: float = DEFAULT_TIMEOUT,
        what: str = "a message",
    ) -> Message:
        """The first message created or edited after `since` that matches (visible to `viewer`)."""
        mark = mark_of(since)
        viewer_id = viewer.id if viewer else None

        def check() -> Message | None:
            for m in self.state.messages.values():
                if (
                    m.seq > mark
                    and not m.deleted
                    and (channel is None or m.channel_id == channel.id)
                    and (viewer is None or m.visible_for(viewer_id))
                    and (predicate is None or predicate(m))
                ):
                    return m
            return None

        return await self.wait_until(check, timeout=timeout, what=what)

    async def wait_for_dm(
        self,
        user: User,
        predicate: Callable[[Message], bool] | None = None,
        *,
        since: Since = 0,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Message:
        """The first DM to `user` created or edited after `since` that matches."""

        def in_dm(m: Message) -> bool:
            channel = self.state.channels[m.channel_id]
            return (
                channel.kind is ChannelKind.DM
                and channel.recipient is user
                and (predicate is None or predicate(m))
            )

        return await self.wait_for_message(in_dm, since=since, timeout=timeout, what=f"a DM to {user.name}")

    async def wait_for_request(
        self,
        route: str | None = None,
        *,
        predicate: Callable[[RequestRecord], bool] | None = None,
        since: Since = 0,
        timeout: float = DEFAULT_TIMEOUT,
        finished: bool = True,
    ) -> RequestRecord:
        """The first REST request after `since` on `route` matching `predicate` (answered, by default)."""
        mark = mark_of(since)

        def check() -> RequestRecord | None:
            for r in self.requests.select(route, since=mark, where=predicate):
                if not finished or r.status is not None:
                    return r
            return None

        return await self.wait_until(check, timeout=timeout, what=f"a request {route or ''}".rstrip())

    async def wait_for_ready(self, *, timeout: float = DEFAULT_TIMEOUT, count: int = 1) -> Session:
        """Wait until `count` sessions have been sent READY; returns the newest."""
        await self.wait_until(
            lambda: self.gateway.identify_count >= count,
            timeout=timeout,
            what=f"{count} gateway IDENTIFY/READY",
        )
        return list(self.gateway.sessions.values())[-1]

    async def wait_for_resume(self, *, timeout: float = DEFAULT_TIMEOUT, count: int = 1) -> Session:
        """Wait until sessions have RESUMEd `count` times in total."""

        def resumed() -> Session | None:
            sessions = list(self.gateway.sessions.values())
            if sum(s.resumes for s in sessions) >= count:
                return max(sessions, key=lambda s: s.resumes)
            return None

        return await self.wait_until(resumed, timeout=timeout, what=f"{count} gateway RESUME(s)")

    async def settle(self, *, timeout: float = 15.0) -> list[InteractionRecord]:
        """Wait until no request is in flight and every interaction got an answer (or is past its
        3-second deadline); returns the ones never answered at all. Used before stopping a bot so it
        is not cut off in the middle of a response (which would log errors that are not the test's).
        """
        deadline = RESPONSE_DEADLINE

        def pending() -> list[InteractionRecord]:
            now = self.clock.time()
            return [r for r in unanswered() if not r.invalidated and now - r.created_at <= deadline]

        def unanswered() -> list[InteractionRecord]:
            return [
                r for r in self.interactions.by_id.values() if not r.callbacks and not r.expect_unanswered
            ]

        def quiet() -> bool:
            return not pending() and all(r.status is not None for r in self.requests.records)

        with contextlib.suppress(EmulatorTimeout):
            await self.feed.wait_until(quiet, timeout=timeout, what="the bot to settle")
        return unanswered()

    def _context(self) -> str:
        return "recent requests:\n" + self.requests.tail()


def _resolved(values: Sequence[Any], guild: Guild | None) -> dict[str, Any]:
    resolved: dict[str, dict[str, Any]] = {}
    for value in values:
        if isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild and value.id in guild.members:
                member = guild.members[value.id].payload(permissions=base_permissions(guild, value.id))
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
        elif isinstance(value, Channel):
            resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {"permissions": "0"}
        elif isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        else:
            raise EmulatorError(f"cannot choose {value!r} in a typed select menu")
    return resolved


def _leaves(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for comp in components:
        if comp.get("type") == 1:
            found.extend(_leaves(comp.get("components", [])))
        elif comp.get("type") == 18:
            found.extend(_leaves([comp["component"]]))
        elif "custom_id" in comp:
            found.append(comp)
    return found


def _submitted(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """What Discord sends back for one modal component, with the user's input filled in."""
    kind = component.get("type")
    if kind == 1:
        return {"type": 1, "components": [_submitted(c, values) for c in component.get("components", [])]}
    if kind == 18:
        return {
            "type": 18,
            "id": component.get("id"),
            "component": _submitted(component["component"], values),
        }
    custom_id = component.get("custom_id")
    if custom_id is None:
        return {"type": kind, "id": component.get("id")}
    value = values.get(custom_id, "")
    if kind == 4:
        required = component.get("required", True)
        if required and not value:
            raise EmulatorError(f"modal input {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise EmulatorError(f"modal input {custom_id!r} takes {low}..{high} characters")
        return {"type": 4, "custom_id": custom_id, "value": value}
    chosen = value if isinstance(value, list) else [value] if value else []
    return {"type": kind, "custom_id": custom_id, "values": chosen}
