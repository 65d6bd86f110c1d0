"""Shared helpers: a service on a real database (SQLite or PostgreSQL) with a hand-driven clock, and
people who act."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.rules import RuleSet
from bot.storage import Database, StorageUnavailable
from bot.tables import (
    Actor,
    ComputerPool,
    ComputerSettings,
    ManualClock,
    PoolKind,
    RecordingPresenter,
    Refused,
    ServiceSettings,
    TableOptions,
    TableService,
)
from discord_emulator.pytest_plugin import Allowance, ErrorLogCollector

GUILD = "guild-1"
CHANNEL = "chan-1"


@dataclass
class Rig:
    url: str  # the database (tests/storage/plugin.py: db_url)
    clock: ManualClock
    presenter: RecordingPresenter
    db: Database
    service: TableService

    async def close(self) -> None:
        OPEN_RIGS.discard(self)
        await self.service.stop()
        await self.db.close()

    __hash__ = object.__hash__  # one rig is one service: compared by identity


OPEN_RIGS: set[Rig] = set()
"""Rigs not closed yet: a failing test leaves its own open, and :func:`close_forgotten_rigs` closes
them, so that the failure is reported instead of the session hanging on a database thread."""


@pytest.fixture(autouse=True)
def no_unexpected_error_log(error_log: ErrorLogCollector) -> ErrorLogCollector:
    """The services' tests fail on any ERROR log they do not declare (``error_log.allow``), as the
    emulator's tests do. Autouse where it is imported, as the next."""
    return error_log


@pytest.fixture(autouse=True)
async def close_forgotten_rigs() -> AsyncIterator[None]:
    """Close whatever rig a failing test left open (a passing test closes its own): an open rig's
    database thread would keep the test process from ever exiting (``pytest -x`` after a failure,
    the mutants' runs). Autouse where it is imported: every conftest or module that makes rigs."""
    yield
    while OPEN_RIGS:
        await OPEN_RIGS.pop().close()


async def rig(
    url: str,
    clock: ManualClock | None = None,
    *,
    pause: float = 0.0,
    presenter: RecordingPresenter | None = None,
    start: bool = True,
) -> Rig:
    clock = clock or ManualClock()
    presenter = presenter or RecordingPresenter()
    db = await Database.open(url)
    service = TableService(
        db,
        clock=clock,
        computers=ComputerPool(ComputerSettings(kind=PoolKind.INLINE, workers=2)),
        settings=ServiceSettings(computer_pause=pause),
    )
    service.attach(presenter)
    made = Rig(url, clock, presenter, db, service)
    OPEN_RIGS.add(made)
    if start:
        await service.start()
    return made


def options(
    target: int = 100, players: int = 4, time_limit: float = 60.0, rejoin: bool = True
) -> TableOptions:
    return TableOptions(
        rules=RuleSet(players=players, target_score=target), time_limit=time_limit, allow_rejoin=rejoin
    )


async def act_once(service: TableService, table_id: int, actors: dict[str, Actor], rng: random.Random) -> int:
    """Every person who must act now makes a random legal move. Returns how many acted."""
    snap = service.snapshot(table_id)
    acted = 0
    for seat in snap.waiting:
        info = snap.seats[seat]
        if info.is_computer or info.player_id not in actors:
            continue
        actor = actors[info.player_id]
        hand = service.private_hand(actor, table_id)
        if hand.pass_count:
            cards = cardset(rng.sample(cards_of(hand.cards), hand.pass_count))
            await service.pass_cards(actor, table_id, hand.move_number, cards)
        elif hand.choose_moon:
            await service.choose_moon(actor, table_id, hand.move_number, rng.random() < 0.5)
        elif hand.playable:
            card = nth_card(hand.playable, rng.randrange(hand.playable.bit_count()))
            await service.play_card(actor, table_id, hand.move_number, card)
        else:
            continue
        acted += 1
    return acted


async def play_to_end(service: TableService, table_id: int, actors: dict[str, Actor], seed: int = 1) -> None:
    """People act on every turn (computers move by themselves) until the table closes."""
    rng = random.Random(seed)
    for _ in range(5000):
        await service.settle()
        try:
            await act_once(service, table_id, actors, rng)
        except Refused as exc:
            if exc.code.value == "table_closed":
                return
            raise
    raise AssertionError("the game did not end")


def damage_logged(error_log: ErrorLogCollector, what: str, key: str) -> Allowance:
    """Declare the ERROR a damaged row logs (``what`` row ``key`` can't be read); the test checks
    ``seen`` afterwards: logged as an error once, then as a warning at every later start."""
    return error_log.allow(rf"^ERROR bot\.\S+: {what} row {key} can't be read", logger="bot")


@dataclass
class UnreadableSettings:
    """``db.server_settings`` failing as a locked database fails (``settings_unreadable``)."""

    reads: list[str]  # the servers whose settings were asked for, failed or not
    mend: Callable[[], None]  # from now on they are read again


def settings_unreadable(
    monkeypatch: pytest.MonkeyPatch, db: Database, fails: Callable[[int], bool] = lambda n: True
) -> UnreadableSettings:
    """From now on the ``n``-th read of a server's settings (from 0) fails where ``fails(n)``:
    every read, by default, until ``mend``."""
    read, reads = db.server_settings, []

    async def locked(guild_id: str) -> dict[str, Any] | None:
        reads.append(guild_id)
        if fails(len(reads) - 1):
            raise StorageUnavailable("database is locked")
        return await read(guild_id)

    monkeypatch.setattr(db, "server_settings", locked)
    return UnreadableSettings(reads, lambda: monkeypatch.setattr(db, "server_settings", read))
