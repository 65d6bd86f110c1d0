"""Errors: the ones the emulator answers the bot with, and the ones it raises in a test.

`ApiError` becomes an HTTP error reply shaped like Discord's (`{"code", "message", "errors"}`), so
discord.py raises the same `Forbidden`/`NotFound`/`HTTPException` it would against Discord.
The other classes are raised to the test itself: misuse of the test API, a failed wait, or a
failure that happened elsewhere (an unimplemented endpoint, an ERROR logged by the bot).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Code:
    """Discord's JSON error codes used by the emulator."""

    GENERAL = 0
    UNKNOWN_CHANNEL = 10003
    UNKNOWN_GUILD = 10004
    UNKNOWN_MEMBER = 10007
    UNKNOWN_MESSAGE = 10008
    UNKNOWN_ROLE = 10011
    UNKNOWN_USER = 10013
    UNKNOWN_WEBHOOK = 10015
    UNKNOWN_INTERACTION = 10062
    UNKNOWN_COMMAND = 10063
    OLD_MESSAGE_EDIT_LIMIT = 30046
    REQUEST_TOO_LARGE = 40005
    ALREADY_ACKNOWLEDGED = 40060
    MISSING_ACCESS = 50001
    EMPTY_MESSAGE = 50006
    CANNOT_DM_USER = 50007
    MISSING_PERMISSIONS = 50013
    INVALID_WEBHOOK_TOKEN = 50027
    INVALID_FORM_BODY = 50035


@dataclass
class ApiError(Exception):
    """An error reply to the bot: HTTP status, Discord code, message, optional field errors."""

    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        super().__init__(f"{self.status} {self.code}: {self.message}")

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown(what: str, code: int) -> ApiError:
    """A 404 for a missing resource (`Unknown Message`, `Unknown Channel`, ...)."""
    return ApiError(404, code, f"Unknown {what}")


@dataclass
class FieldErrors:
    """Collects Discord-style nested field errors (`errors.components.0.custom_id._errors`)."""

    tree: dict[str, Any] = field(default_factory=dict)

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def raise_if_any(self) -> None:
        if self.tree:
            raise ApiError(400, Code.INVALID_FORM_BODY, "Invalid Form Body", self.tree)


class EmulatorError(Exception):
    """The test asked for something a real Discord user could not do (or misused the API)."""


class EmulatorTimeout(AssertionError):
    """A wait ended without the expected event; the message says what was awaited and what happened."""


class EmulatorFailure(AssertionError):
    """Something went wrong outside the test's own code: an unimplemented endpoint, an ERROR log."""
