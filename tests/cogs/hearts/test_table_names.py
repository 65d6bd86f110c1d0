"""A table's names of people seen elsewhere (``DiscordPresenter._names_for``): looked up in the
saved names once per table and run, not at every event the table shows."""

from __future__ import annotations

from types import SimpleNamespace

from bot.client.names import KnownNames
from bot.storage import Database
from bot.storage import names as stored
from cogs.hearts._presenter import DiscordPresenter
from cogs.hearts._state import TableMessages
from tests.client.test_names import Counting


async def test_someone_never_named_is_looked_up_once_per_table(db_url: str) -> None:
    """bob's name was saved by an earlier run; carol's never was. Three events of the table read
    the saved names once: bob is named, carol is not asked again."""
    db = await Database.open(db_url)
    try:
        await stored.remember_name(db, "10", "2", "Bobby", 1.0)
        kept: dict[str, str] = {}

        async def keep(state: TableMessages, pid: str, name: str) -> None:
            state.names[pid] = name
            kept[pid] = name

        presenter = SimpleNamespace(known_names=KnownNames(db), _keep_name=keep)
        snap = SimpleNamespace(
            guild_id="10", host_id="2", seats=[SimpleNamespace(player_id="2"), SimpleNamespace(player_id="3")]
        )
        state = TableMessages(7)
        reads = Counting(db)
        for _ in range(3):
            await DiscordPresenter._names_for(presenter, state, snap)  # type: ignore[arg-type]
        assert kept == {"2": "Bobby"}
        assert reads.calls == 1
    finally:
        await db.close()
