"""Discord's rules for an app's Entry Point command (type 4, PRIMARY_ENTRY_POINT), checked when
the bot writes its commands.

From Discord's docs (Application Commands: command structure and "Entry Point Commands";
Activities: "Setting Up an Entry Point Command"):

- Entry Point commands can only be global, and an app has at most one.
- `options` exist only on CHAT_INPUT commands, so an Entry Point command has none.
- `handler` (1 APP_HANDLER: the app answers, e.g. with LAUNCH_ACTIVITY; 2 DISCORD_LAUNCH_ACTIVITY:
  Discord opens the Activity itself) exists only on an Entry Point command, and only for an app
  with the EMBEDDED flag (Activities enabled).
- Enabling Activities creates a default Entry Point command ("launch", handler 2), and a bulk
  overwrite that leaves the app's Entry Point command out is refused with 400 / 50240 "You cannot
  remove this app's Entry Point command in a bulk update operation..." (the whole request fails:
  a bot that syncs its commands must carry the Entry Point command along).
"""

from __future__ import annotations

from typing import Any

from .errors import ApiError, FieldErrors

PRIMARY_ENTRY_POINT = 4
APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2
HANDLERS = frozenset({APP_HANDLER, DISCORD_LAUNCH_ACTIVITY})
CANNOT_REMOVE_ENTRY_POINT = 50240
DEFAULT_ENTRY_POINT: dict[str, Any] = {
    "type": PRIMARY_ENTRY_POINT,
    "name": "launch",
    "description": "Launch an Activity",
    "handler": DISCORD_LAUNCH_ACTIVITY,
    "integration_types": [0, 1],
    "contexts": [0, 1, 2],
}


def is_entry_point(command: dict[str, Any]) -> bool:
    return bool(command.get("type") == PRIMARY_ENTRY_POINT)


def validate_entry_points(
    commands: list[dict[str, Any]],
    *,
    guild_scope: bool,
    embedded: bool,
    existing: list[dict[str, Any]],
    bulk: bool,
) -> None:
    """Raise Discord's error for `commands` written to a scope holding `existing` commands.
    `bulk`: a bulk overwrite (the list replaces `existing`), else one command created."""
    errors = FieldErrors()
    entry_points = [i for i, cmd in enumerate(commands) if is_entry_point(cmd)]
    for i, cmd in enumerate(commands):
        if is_entry_point(cmd):
            if guild_scope:
                errors.add((i, "type"), "ENTRY_POINT_GUILD_SCOPE", "Entry Point commands can only be global.")
            if cmd.get("options"):
                errors.add((i, "options"), "UNKNOWN_FIELD", "Only CHAT_INPUT commands have options.")
        if "handler" in cmd:
            if not is_entry_point(cmd):
                errors.add((i, "handler"), "UNKNOWN_FIELD", "handler exists only on Entry Point commands.")
            elif not embedded:
                errors.add(
                    (i, "handler"),
                    "APPLICATION_NOT_EMBEDDED",
                    "handler needs an app with Activities enabled.",
                )
            elif cmd["handler"] not in HANDLERS:
                errors.add((i, "handler"), "BASE_TYPE_CHOICES", f"Value must be one of {sorted(HANDLERS)}.")
    others = [] if bulk else [c for c in existing if is_entry_point(c) and c["name"] != _name(commands)]
    if len(entry_points) + len(others) > 1:
        errors.add(
            (entry_points[-1], "type"), "ENTRY_POINT_LIMIT", "An app can only have one Entry Point command."
        )
    errors.raise_if_any()
    if bulk and not entry_points and any(is_entry_point(c) for c in existing):
        raise ApiError(
            400,
            CANNOT_REMOVE_ENTRY_POINT,
            "You cannot remove this app's Entry Point command in a bulk update operation. Please "
            "include the Entry Point command in your update request or delete it separately.",
        )


def _name(commands: list[dict[str, Any]]) -> str | None:
    return commands[0].get("name") if len(commands) == 1 else None
