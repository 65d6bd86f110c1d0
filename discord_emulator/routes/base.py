"""A small router for the REST API: route keys to handlers, with the request context they get."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bodies import Upload

if TYPE_CHECKING:
    from ..activities import Activities
    from ..commands import CommandRegistry
    from ..faults import Faults
    from ..gateway import Gateway
    from ..interactions import Interactions
    from ..state import EmulatorState


@dataclass
class Reply:
    """A handler's answer: JSON (`body`), or nothing (204)."""

    body: Any = None
    status: int = 200

    @classmethod
    def empty(cls) -> Reply:
        return cls(None, 204)


@dataclass
class Ctx:
    """What a handler needs: the emulator's parts, path parameters, query and body."""

    state: EmulatorState
    interactions: Interactions
    commands: CommandRegistry
    faults: Faults
    gateway: Gateway
    gateway_url: str
    activities: Activities
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    uploads: tuple[Upload, ...] = field(default_factory=tuple)
    authorization: str = ""  # the request's Authorization header

    @property
    def body(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}


Handler = Callable[[Ctx], Awaitable[Reply]]


@dataclass(frozen=True)
class RouteSpec:
    key: str
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool
    literal_segments: int
    bearer: bool = False


class Router:
    def __init__(self) -> None:
        self.routes: list[RouteSpec] = []

    def add(self, key: str, *, auth: bool = True, bearer: bool = False) -> Callable[[Handler], Handler]:
        """Register a handler for `key` ("METHOD /path/{param}"); `auth=False` for token routes,
        `bearer=True` where a person's OAuth2 bearer token may stand for the bot token."""
        method, template = key.split(" ", 1)
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
        literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))

        def register(handler: Handler) -> Handler:
            self.routes.append(
                RouteSpec(key, method, re.compile(f"^{regex}$"), handler, auth, literal, bearer)
            )
            self.routes.sort(key=lambda r: -r.literal_segments)  # "/users/@me" before "/users/{id}"
            return handler

        return register

    def match(self, method: str, path: str) -> tuple[RouteSpec, dict[str, str]] | None:
        for spec in self.routes:
            if spec.method == method and (found := spec.pattern.match(path)):
                return spec, found.groupdict()
        return None


ROUTES = Router()
