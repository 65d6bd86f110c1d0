"""People's preferences as a bot process keeps them (``KnownPreferences``), and a server's
settings, on a real database: a change is applied to what is stored, so no change is lost to
another made at the same time (in this process or in another), nor saved over stored values the
database can't read now."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from bot.storage import StorageUnavailable
from bot.tables import Actor, ManualClock, Refused, TableRefusal
from bot.tables.preferences import KnownPreferences, PlayerPreferences, load_preferences
from bot.tables.requests import PreferencesRequest, SettingsRequest
from tests.tables.helpers import Rig, rig


@pytest.fixture
async def r(db_url: str) -> Rig:
    the = await rig(db_url, ManualClock())
    yield the  # type: ignore[misc]
    await the.close()


def asked(r: Rig, **request: str) -> Callable[[PlayerPreferences], PlayerPreferences]:
    return lambda stored: r.service.preferences_with(stored, PreferencesRequest(**request))


async def test_two_changes_at_once_both_hold(r: Rig) -> None:
    """/hearts me auto_play:on and /hearts deck four_colour at the same moment."""
    known = KnownPreferences(r.db)
    await known.of("p")
    await asyncio.gather(
        known.change("p", asked(r, auto_play="on")), known.change("p", asked(r, deck="four_colour"))
    )
    stored = await load_preferences(r.db, "p")
    assert stored == await known.of("p") == PlayerPreferences(auto_play=True, four_colour=True)


async def test_a_change_in_one_process_is_kept_by_a_change_in_another(r: Rig) -> None:
    """Process two read the person's preferences before process one changed them (a DM it
    drew): its own change later starts from what is stored, not from what it kept."""
    one, two = KnownPreferences(r.db), KnownPreferences(r.db)
    await two.of("p")
    await one.change("p", asked(r, auto_play="on"))
    await two.change("p", asked(r, deck="four_colour"))
    assert await load_preferences(r.db, "p") == PlayerPreferences(auto_play=True, four_colour=True)


async def test_a_read_under_way_during_a_change_does_not_undo_it(
    r: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn's DM reads the person's preferences (slowly) while /hearts me changes them: the old
    ones it read are not kept over the change (they were, until a restart)."""
    known = KnownPreferences(r.db)
    read = r.db.player_preferences
    reading, release = asyncio.Event(), asyncio.Event()

    async def slow(player_id: str) -> dict[str, Any] | None:
        found = await read(player_id)
        reading.set()
        await release.wait()
        return found

    monkeypatch.setattr(r.db, "player_preferences", slow)
    first = asyncio.create_task(known.of("p"))
    await reading.wait()
    monkeypatch.setattr(r.db, "player_preferences", read)
    await known.change("p", asked(r, deck="four_colour"))
    release.set()
    await first
    assert await known.of("p") == PlayerPreferences(four_colour=True)


async def test_preferences_the_database_cannot_read_are_not_kept_nor_saved_over(
    r: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    known = KnownPreferences(r.db)
    await known.change("p", asked(r, auto_play="on"))
    later = KnownPreferences(r.db)  # a process that has not read them yet

    async def unreadable(*_: Any) -> None:
        raise StorageUnavailable("database is locked")

    with monkeypatch.context() as m:
        m.setattr(r.db, "player_preferences", unreadable)
        assert await later.of("p") == PlayerPreferences()  # the defaults serve for now ...
        with pytest.raises(Refused) as refused:
            await later.change("p", asked(r, deck="four_colour"))
        assert refused.value.code is TableRefusal.STORAGE_BUSY
    assert await later.of("p") == PlayerPreferences(auto_play=True)  # ... but were not kept
    assert await load_preferences(r.db, "p") == PlayerPreferences(auto_play=True)  # nor saved


async def test_server_settings_the_database_cannot_read_are_not_saved_over(
    r: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change of a server's settings starts from what is stored: while it can't be read, the
    change is refused (busy), not applied to the defaults and saved over the stored settings."""
    manager = Actor("m", is_moderator=True, manages_server=True)
    await r.service.change_server_settings(manager, "g", "c", SettingsRequest(event_role="42"))

    async def unreadable(*_: Any) -> None:
        raise StorageUnavailable("database is locked")

    with monkeypatch.context() as m:
        m.setattr(r.db, "server_settings", unreadable)
        with pytest.raises(Refused) as refused:
            await r.service.change_server_settings(manager, "g", "c", SettingsRequest(season="off"))
        assert refused.value.code is TableRefusal.STORAGE_BUSY
    assert (await r.service.server_settings("g")).event_role == "42"
