"""The REST endpoints, one module per area; importing this package registers them all on ROUTES."""

from __future__ import annotations

from . import channels, commands, interactions, oauth2, roles, users
from .base import ROUTES, Ctx, Reply, Router

__all__ = [
    "ROUTES",
    "Ctx",
    "Reply",
    "Router",
    "channels",
    "commands",
    "interactions",
    "oauth2",
    "roles",
    "users",
]
