"""Application commands: what the bot synced, and slash invocations built from that schema.

A test invokes `"hearts new"` with Python values; the emulator finds the synced command (guild
commands first, then global), walks its subcommand group/subcommand, checks every option the way
Discord's client would (required, choices, ranges, lengths, channel types, who may use it), and
builds the `data` of the interaction with typed options and `resolved` users/channels/roles.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any, cast

from .errors import EmulatorError
from .models import ALL_PERMISSIONS, Channel, ChannelKind, Guild, Role, User
from .permissions import base_permissions
from .snowflakes import SnowflakeFactory

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
CHAT_INPUT = 1
ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: see entry_points.py
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1


# A channel in an interaction's resolved data: a partial channel; a thread's also carries its
# owner and counts (discord.py's AppCommandThread reads them, as Discord sends them).
_RESOLVED_CHANNEL_FIELDS = frozenset(
    {"id", "name", "type", "parent_id", "thread_metadata"}
    | {"owner_id", "member_count", "message_count", "flags"}
)


class CommandNotAvailable(EmulatorError):
    """The user could not invoke this command here (not synced, no permission, wrong context)."""


@dataclass
class SlashInvocation:
    command: dict[str, Any]
    data: dict[str, Any]


class CommandRegistry:
    def __init__(self, ids: SnowflakeFactory, application_id: int) -> None:
        self._ids = ids
        self._application_id = application_id
        self._by_scope: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {None: {}}
        self.sync_count = 0

    def overwrite(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Bulk overwrite, keeping ids of commands that keep their name (like Discord)."""
        old = self._by_scope.get(guild_id, {})
        new: dict[tuple[int, str], dict[str, Any]] = {}
        for body in commands:
            key = (body.get("type", CHAT_INPUT), body["name"])
            previous = old.get(key)
            new[key] = self._stored(body, guild_id, previous["id"] if previous else str(self._ids.next()))
        self._by_scope[guild_id] = new
        self.sync_count += 1
        return list(new.values())

    def add(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        scope = self._by_scope.setdefault(guild_id, {})
        key = (body.get("type", CHAT_INPUT), body["name"])
        previous = scope.get(key)
        scope[key] = self._stored(body, guild_id, previous["id"] if previous else str(self._ids.next()))
        return scope[key]

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        scope = self._by_scope.get(guild_id, {})
        for key, cmd in list(scope.items()):
            if cmd["id"] == command_id:
                del scope[key]
                return True
        return False

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        return list(self._by_scope.get(guild_id, {}).values())

    def _stored(self, body: dict[str, Any], guild_id: int | None, command_id: str) -> dict[str, Any]:
        stored = {
            "type": CHAT_INPUT,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            "integration_types": [0],
            "contexts": None,
        } | body
        stored.update(id=command_id, application_id=str(self._application_id), version=str(self._ids.next()))
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    # --- invocation ---------------------------------------------------------------------------
    def invoke(
        self,
        path: str,
        options: dict[str, Any],
        *,
        user: User,
        channel: Channel,
        guild: Guild | None,
        client_checks: bool = True,
        focused: tuple[str, str] | None = None,
    ) -> SlashInvocation:
        """The interaction data of ``/path`` with ``options``. Without ``client_checks``, the values
        go out as a forged interaction carries them: the choices, ranges and lengths Discord's
        client enforces are not checked (the option types and the command's availability are).
        With ``focused`` (an option's name and the text typed so far), the data of an autocomplete
        interaction: the options filled so far (required ones may still be missing) and the
        focused one, which must have ``autocomplete`` set, with its text as a string."""
        name, *subpath = path.split()
        command = self._find(name, guild)
        if command is None:
            raise CommandNotAvailable(
                f"/{name} is not synced (globally or for this server); synced: {self._names(guild)}"
            )
        _check_context(command, user, guild)
        node, wrap = command, []
        for sub in subpath:
            child = _option(node, sub, {SUB_COMMAND, SUB_COMMAND_GROUP})
            if child is None:
                raise CommandNotAvailable(f"/{path}: {sub!r} is not a subcommand of {node['name']!r}")
            wrap.append(child)
            node = child
        if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
            raise EmulatorError(f"/{path} needs a subcommand: {[o['name'] for o in node['options']]}")
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options = _leaf_options(node, options, resolved, guild, path, client_checks, focused)
        for parent in reversed(wrap):
            leaf_options = [{"type": parent["type"], "name": parent["name"], "options": leaf_options}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": CHAT_INPUT,
            "options": leaf_options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return SlashInvocation(command, data)

    def entry_point(self) -> dict[str, Any] | None:
        """The app's Entry Point command (always global), if it has one."""
        return next((c for (kind, _), c in self._by_scope[None].items() if kind == ENTRY_POINT), None)

    def invoke_entry_point(self, *, user: User, guild: Guild | None) -> SlashInvocation:
        """The interaction data of the app's Entry Point command run from the App Launcher."""
        command = self.entry_point()
        if command is None:
            raise CommandNotAvailable("the app has no Entry Point command (are Activities enabled?)")
        _check_context(command, user, guild)
        return SlashInvocation(command, {"id": command["id"], "name": command["name"], "type": ENTRY_POINT})

    def _find(self, name: str, guild: Guild | None) -> dict[str, Any] | None:
        scopes = [guild.id, None] if guild else [None]
        for scope in scopes:
            found = self._by_scope.get(scope, {}).get((CHAT_INPUT, name))
            if found:
                return found
        return None

    def _names(self, guild: Guild | None) -> builtins.list[str]:
        scopes = [guild.id, None] if guild else [None]
        return sorted(n for s in scopes for (_, n) in self._by_scope.get(s, {}))


def _check_context(command: dict[str, Any], user: User, guild: Guild | None) -> None:
    contexts = command.get("contexts")
    if guild is None:
        allowed_in_dm = (
            BOT_DM_CONTEXT in contexts if contexts is not None else command.get("dm_permission", True)
        )
        if not allowed_in_dm:
            raise CommandNotAvailable(f"/{command['name']} cannot be used in DMs")
        return
    if contexts is not None and GUILD_CONTEXT not in contexts:
        raise CommandNotAvailable(f"/{command['name']} cannot be used in servers")
    required = command.get("default_member_permissions")
    if required is not None:
        have = base_permissions(guild, user.id)
        if int(required) & ~have and have != ALL_PERMISSIONS:
            raise CommandNotAvailable(
                f"{user.name} lacks the permissions for /{command['name']} ({required})"
            )


def _option(node: dict[str, Any], name: str, types: set[int]) -> dict[str, Any] | None:
    for option in node.get("options") or []:
        if option["name"] == name and option.get("type") in types:
            return cast(dict[str, Any], option)
    return None


def _leaf_options(
    node: dict[str, Any],
    values: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    guild: Guild | None,
    path: str,
    client_checks: bool,
    focused: tuple[str, str] | None = None,
) -> list[dict[str, Any]]:
    schema = {o["name"]: o for o in node.get("options") or []}
    unknown = set(values) - set(schema)
    if unknown:
        raise EmulatorError(f"/{path} has no options {sorted(unknown)}; it has {sorted(schema)}")
    missing = [n for n, o in schema.items() if o.get("required") and n not in values]
    if missing and focused is None:
        raise EmulatorError(f"/{path} needs the required options {missing}")
    typing: list[dict[str, Any]] = []
    if focused is not None:
        name, typed = focused
        option = schema.get(name)
        if option is None or not option.get("autocomplete"):
            raise EmulatorError(f"/{path} option {name!r} does not autocomplete: Discord sends nothing")
        typing.append({"name": name, "type": option["type"], "value": typed, "focused": True})
    return typing + [
        {
            "name": name,
            "type": schema[name]["type"],
            "value": _option_value(schema[name], value, resolved, guild, path, client_checks),
        }
        for name, value in values.items()
    ]


def _option_value(
    option: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
    guild: Guild | None,
    path: str,
    client_checks: bool,
) -> Any:
    kind, name = option["type"], option["name"]

    def bad(why: str) -> EmulatorError:
        return EmulatorError(f"/{path} option {name!r}: {why} (got {value!r})")

    if kind in (STRING, INTEGER, NUMBER):
        if kind == STRING and not isinstance(value, str):
            raise bad("must be a string")
        if kind == INTEGER and (isinstance(value, bool) or not isinstance(value, int)):
            raise bad("must be an integer")
        if kind == NUMBER and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise bad("must be a number")
        if not client_checks:
            return value
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise bad(f"must be one of {[c['value'] for c in choices]}")
        if kind == STRING and not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise bad("length out of range")
        if kind != STRING and not option.get("min_value", value) <= value <= option.get("max_value", value):
            raise bad(f"must be within {option.get('min_value')}..{option.get('max_value')}")
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise bad("must be a bool")
        return value
    if kind in (USER, MENTIONABLE) and isinstance(value, User):
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        if guild and value.id in guild.members:
            member = guild.members[value.id].payload(permissions=base_permissions(guild, value.id))
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    if kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if kind == CHANNEL and isinstance(value, Channel):
        allowed = option.get("channel_types")
        if client_checks and allowed and int(value.kind) not in allowed:
            raise bad(f"channel type must be one of {allowed}")
        if value.kind is ChannelKind.DM:
            raise bad("a DM cannot be chosen")
        channel = {k: v for k, v in value.payload().items() if k in _RESOLVED_CHANNEL_FIELDS}
        resolved.setdefault("channels", {})[str(value.id)] = channel | {"permissions": str(ALL_PERMISSIONS)}
        return str(value.id)
    wanted = "an attachment, which is not emulated" if kind == ATTACHMENT else "an emulator model object"
    raise bad(f"option type {kind} takes {wanted}")
