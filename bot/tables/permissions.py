"""Who may do what at a table. The Discord layer builds the ``Actor`` from the interaction (the user
id, and whether their server permissions make them a moderator, e.g. Manage Server)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables.options import ServerSettings
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.table import Table


@dataclass(frozen=True, slots=True)
class Actor:
    user_id: str
    is_moderator: bool = False
    # Manage Server exactly (``is_moderator`` also counts Manage Channels), and the person's role
    # ids on the server: who may organise server events (bot.events).
    manages_server: bool = False
    roles: frozenset[str] = frozenset()


def require_manager(actor: Actor, table: Table) -> None:
    """Start, cancel and change a table: the host or a moderator. A host who quit the game under
    way (a computer plays their seat) no longer runs it: the people still playing would lose their
    game to someone who left it. Taking the seat back gives the role back."""
    if actor.is_moderator:
        return
    if actor.user_id != table.host_id or (table.game is not None and table.seat_of(actor.user_id) is None):
        raise Refused(TableRefusal.NOT_HOST)


def require_server_manager(actor: Actor) -> None:
    """The server's settings: Manage Server (as the command's default permission says; an admin
    may open the command to others, and the roles it sets give rights of their own)."""
    if not actor.manages_server:
        raise Refused(TableRefusal.NOT_MANAGER)


def may_organise_events(actor: Actor, settings: ServerSettings) -> bool:
    """Server events are opened and run by people with Manage Server or the server's event role."""
    return actor.manages_server or (settings.event_role is not None and settings.event_role in actor.roles)


def require_seat(actor: Actor, table: Table) -> int:
    """The seat the actor sits in; only they may act for it."""
    seat = table.seat_of(actor.user_id)
    if seat is None:
        raise Refused(TableRefusal.NOT_SEATED)
    return seat
