"""A local Discord emulator (REST + gateway on 127.0.0.1) for end-to-end tests of the real bot.

The real, unmodified discord.py client connects to it; see `DiscordEmulator` for the test API,
`pytest_plugin` for fixtures, and `route_keys` for the route names used by faults and counters.
"""

from __future__ import annotations

from . import route_keys
from .clock import Clock
from .commands import CommandNotAvailable
from .counters import RequestLog, RequestRecord
from .emulator import DiscordEmulator
from .errors import ApiError, Code, EmulatorError, EmulatorFailure, EmulatorTimeout
from .faults import Faults, RouteFault
from .interactions import Callback, InteractionRecord, InteractionType
from .models import Attachment, Channel, ChannelKind, Guild, Member, Message, Permission, Role, User

__all__ = [
    "ApiError",
    "Attachment",
    "Callback",
    "Channel",
    "ChannelKind",
    "Clock",
    "Code",
    "CommandNotAvailable",
    "DiscordEmulator",
    "EmulatorError",
    "EmulatorFailure",
    "EmulatorTimeout",
    "Faults",
    "Guild",
    "InteractionRecord",
    "InteractionType",
    "Member",
    "Message",
    "Permission",
    "RequestLog",
    "RequestRecord",
    "Role",
    "RouteFault",
    "User",
    "route_keys",
]
