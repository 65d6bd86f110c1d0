"""Rematch, from the final standings: the same seats and rules at a new table once every person who
played has confirmed (computers need no asking).

The answers so far live in the standings message's buttons (a bit per seat in their ids) and the
offer's age in the message's id, so a restart loses nothing and no timer is needed: a click after
``REMATCH_WINDOW`` closes the offer (measured on the table service's clock, which a test moves).
Within one run, the latest answers of a table are also kept, so two players clicking at once both
count. The new table goes through the table service's usual
calls (create, join, add a computer, start), so it is announced like any other.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import discord

from bot.client.answers import private_answer
from bot.client.permissions import missing_in, permission_names
from bot.client.review import review_view
from bot.tables import TableService, TableSnapshot, TableStatus
from bot.tables.permissions import Actor
from bot.text import t
from cogs.hearts._controls import last_finished_hand, rematch_view
from cogs.hearts._presenter import DiscordPresenter
from cogs.hearts._wording import countdown, player_name

log = logging.getLogger(__name__)

REMATCH_WINDOW: Final = 30 * 60.0  # seconds the offer stays open after the game ends
NEW_TABLE_WAIT: Final = 10.0  # seconds the notice waits at most for the new table's message, to link it
STATUS_LINES: Final = 2  # lines the offer adds under the standings while it is open


def players(snap: TableSnapshot) -> dict[int, str]:
    """The people of the finished game, by seat: those who must confirm."""
    return {s.seat: s.player_id for s in snap.seats if s.player_id is not None and not s.is_computer}


def expired(message_id: int, now: float) -> bool:
    return now - discord.utils.snowflake_time(message_id).timestamp() > REMATCH_WINDOW


class Rematches:
    def __init__(self, service: TableService, presenter: DiscordPresenter) -> None:
        self.service = service
        self.presenter = presenter
        self._confirmed: dict[int, int] = {}  # table → seats confirmed (this run's latest answers)
        self._locks: dict[int, asyncio.Lock] = {}

    async def answer(
        self, interaction: discord.Interaction[Any], table_id: int, confirmed: int, yes: bool
    ) -> None:
        snap = await self.service.table_snapshot(table_id)
        people = players(snap)
        me = str(interaction.user.id)
        seat = next((s for s, pid in people.items() if pid == me), None)
        mine = await self.presenter.reader(interaction)  # a private answer: the clicker's language
        if snap.status is not TableStatus.FINISHED:  # an offer is made under a finished game only
            await private_answer(interaction, t("table.stale", mine))
            return
        if seat is None:
            await private_answer(interaction, t("rematch.not_player", mine))
            return
        message = interaction.message
        if message is None:
            await private_answer(interaction, t("table.stale", mine))
            return
        state = await self.presenter.state(table_id)
        if state.locale is None:  # not saved (its save lost to a stop): choosing it writes it
            await interaction.response.defer()  # and the writer may be held past Discord's 3 s
        lang = await self.presenter.public(state, snap)  # the standings message: the table's language
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        if lock.locked() and not interaction.response.is_done():
            # another answer may be starting the table (many writes): this one can't wait for it
            await interaction.response.defer()  # unanswered for Discord's 3 s; answered after it
        async with lock:
            seen = self._confirmed.get(table_id)
            if seen == -1:  # already settled in this run (started, declined or expired)
                await private_answer(interaction, t("table.stale", mine))
                return
            # the message as this click saw it: its status lines go with its buttons' answers
            standings = _standings(message.content, confirmed)
            confirmed |= seen or 0  # answers given meanwhile (two presses at once)
            if expired(message.id, self.service.clock.now()):
                await self._close(interaction, snap, standings, t("rematch.expired", lang), lang)
            elif not yes:
                who = player_name(me, state.names, lang)
                await self._close(interaction, snap, standings, t("rematch.declined", lang, name=who), lang)
            elif confirmed >> seat & 1:
                await private_answer(interaction, t("rematch.confirmed", mine))
            elif missing := self._missing(snap):  # not counted: pressed again once it is granted
                text = t("reply.missing_permissions", mine, permissions=permission_names(missing, mine))
                await private_answer(interaction, text)
            else:
                confirmed |= 1 << seat
                self._confirmed[table_id] = confirmed
                waiting = [pid for s, pid in people.items() if not confirmed >> s & 1]
                if waiting:
                    await self._waiting(interaction, snap, standings, confirmed, waiting, lang)
                    return
                if not interaction.response.is_done():
                    await interaction.response.defer()  # a new table takes a few database writes
                try:
                    new = await self._start(snap)
                except Exception:  # refused, or the database failed: answered by the error handler
                    self._confirmed[table_id] = confirmed & ~(1 << seat)  # they may try again
                    raise
                await self._close(interaction, snap, standings, await self._started(new, lang), lang)

    async def _waiting(
        self,
        interaction: discord.Interaction[Any],
        snap: TableSnapshot,
        standings: str,
        confirmed: int,
        waiting: list[str],
        lang: str,
    ) -> None:
        """The offer's status under the standings: public, in the table's language ``lang``."""
        assert interaction.message is not None
        names = (await self.presenter.state(snap.table_id)).names
        first = next(pid for s, pid in players(snap).items() if confirmed >> s & 1)
        ends = discord.utils.snowflake_time(interaction.message.id).timestamp() + REMATCH_WINDOW
        status = (
            t("rematch.asked", lang, name=player_name(first, names, lang), button=t("button.rematch", lang)),
            t(
                "rematch.waiting",
                lang,
                count=len(waiting),
                names=t("list.separator", lang).join(player_name(pid, names, lang) for pid in waiting),
                countdown=countdown(ends, lang),
            ),
        )
        assert len(status) == STATUS_LINES
        await _edit(
            interaction,
            content="\n".join((standings, *status)),
            view=rematch_view(snap.table_id, confirmed, lang, last_finished_hand(snap)),
        )

    async def _close(
        self, interaction: discord.Interaction[Any], snap: TableSnapshot, standings: str, line: str, lang: str
    ) -> None:
        """The offer is over: its buttons go, Review hand stays (for the review extension)."""
        self._confirmed[snap.table_id] = -1
        last = last_finished_hand(snap)
        view = None if last is None else review_view(snap.table_id, last, lang)
        await _edit(interaction, content=f"{standings}\n{line}", view=view)

    async def _started(self, table_id: int, lang: str) -> str:
        """The offer's last line once the new table is started: its number, and a link to its
        table message, in its own thread (the players read this in the old one), as their DMs
        link a table."""
        line = t("rematch.started", lang, table=table_id)
        link = await self.presenter.table_link(self.service.snapshot(table_id), within=NEW_TABLE_WAIT)
        return f"{line}\n{t('hand.jump', lang, link=link)}" if link else line

    def _missing(self, snap: TableSnapshot) -> list[str]:
        """What the bot lacks to post the new table in the old one's channel: ``/hearts new``'s
        check, before any press counts, so a table is never started there without its lobby and
        table message (Discord would refuse them, and the game would be played in DMs only). The
        presses come from the old game's thread: the bot's permissions in the channel count."""
        channel = self.presenter.client.get_channel(int(snap.channel_id))
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return ["view_channel"]  # deleted, or not seen: a channel the bot can't see
        return missing_in(channel)

    async def _start(self, snap: TableSnapshot) -> int:
        """A new table with the same seats and options, started: through the service's own calls,
        as the host and the players would: hosted by the host if they play it, else by the first
        of them (a host who quit the game is not at the new table, and must not run it)."""
        people = [s.player_id for s in snap.seats if s.player_id is not None and not s.is_computer]
        host = Actor(snap.host_id if snap.host_id in people or not people else people[0])
        channel = self.presenter.client.get_channel(int(snap.channel_id))
        parent = str(channel.parent_id) if isinstance(channel, discord.Thread) else None
        table = await self.service.create_table(
            host, snap.guild_id, snap.channel_id, snap.options, parent_channel_id=parent, seat_host=False
        )
        try:
            for seat in snap.seats:
                if seat.player_id is not None and not seat.is_computer:
                    await self.service.join(Actor(seat.player_id), table.table_id, seat.seat)
                else:
                    await self.service.add_computer(host, table.table_id, seat.seat)
            await self.service.start_game(host, table.table_id)
        except Exception:
            await self._abandon(host, table.table_id)
            raise
        return table.table_id

    async def _abandon(self, host: Actor, table_id: int) -> None:
        """A rematch that could not be seated and started is closed: left open, its half-seated
        lobby would stay in the channel with nobody meaning to play at it, and the offer, tried
        again, would open a second one."""
        try:
            await self.service.cancel(host, table_id)
        except Exception as exc:  # the database still failing: the host can cancel it themselves
            log.warning("rematch table %d could not be closed: %s", table_id, exc)


async def _edit(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
    """Edit the standings message the button is on (after a defer, through the interaction)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


def _standings(content: str, confirmed: int) -> str:
    """The standings message's own text, without the offer's status lines (there once anyone has
    confirmed)."""
    return "\n".join(content.split("\n")[:-STATUS_LINES]) if confirmed else content
