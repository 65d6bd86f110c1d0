"""Direct messages: each person's DM channel (opened once, ahead of the deal, and remembered with
the table), and the fallback where DMs are closed: a refused DM is remembered, the table is told
(a ping sends the person to the ephemeral Show my hand flow) and it is never retried.

A DM to someone who clicked in their DM lately goes as a followup of that click (``heard``): the
same message in the same channel, but through the interaction's webhook, which Discord exempts from
the bot's global limit, where a channel message counts. A click's token lives 15 minutes; it is used
for ``CARRIED_FOR`` of them, and a followup that fails is sent as an ordinary DM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord

from bot.client.once import posted
from bot.tables import Clock, PrivateHand, TableSnapshot
from bot.tables.background import Background
from bot.text import t
from cogs.hearts._controls import SeatMove, seat_move_of
from cogs.hearts._state import SavedState, Sent, TableMessages
from cogs.hearts._wording import mention

log = logging.getLogger(__name__)

DM_HISTORY_LOOK = 20  # a person's last DMs searched for controls sent just before a restart
CARRIED_FOR = 14 * 60.0  # seconds a click in a DM carries the person's next DMs (its token: 15 min)


class DirectMessages:
    """``tell_table(state, text, ping)`` posts in the table's channel, notifying ``ping``."""

    def __init__(
        self,
        client: discord.Client,
        saved: SavedState,
        tasks: Background,
        tell_table: Callable[[TableMessages, str, str], Awaitable[None]],
        clock: Clock,
    ) -> None:
        self.client = client
        self.saved = saved
        self._tasks = tasks
        self._tell_table = tell_table
        self.clock = clock
        self._channels: dict[str, int] = {}
        self._opening: dict[str, asyncio.Task[int]] = {}
        self._carriers: dict[str, tuple[discord.Interaction[Any], float]] = {}  # person → click, until
        self._answering: Counter[int] = Counter()  # messages whose click's move is under way
        self.carried = 0  # DMs sent as followups (benchmarks)

    def heard(self, interaction: discord.Interaction[Any]) -> None:
        """A click in a person's DM, answered: its token may carry their next DMs."""
        if interaction.guild_id is None and interaction.response.is_done():
            until = interaction.created_at.timestamp() + CARRIED_FOR
            self._carriers.pop(str(interaction.user.id), None)
            self._carriers[str(interaction.user.id)] = (interaction, until)  # the newest last
            now = self.clock.now()
            stale = []  # the oldest first: forget who stopped playing
            for person, (_click, expires) in self._carriers.items():
                if expires > now:
                    break
                stale.append(person)
            for person in stale:
                del self._carriers[person]

    def _carrier(self, player_id: str) -> discord.Interaction[Any] | None:
        carrier = self._carriers.get(player_id)
        if carrier is None:
            return None
        if self.clock.now() >= carrier[1]:
            del self._carriers[player_id]
            return None
        return carrier[0]

    def known(self, state: TableMessages) -> None:
        """Adopt the DM channels a table remembered (no reopening after a restart)."""
        for player_id, channel_id in state.dm_channels.items():
            self._channels.setdefault(player_id, channel_id)

    async def sent_before_restart(self, state: TableMessages, hand: PrivateHand) -> Sent | None:
        """Where these controls went if they already went out before a restart: the bot was
        stopped between sending them and recording it. Looked up once per seat after a restart,
        in the last messages of the person's DM channel (a control of this table, seat and move)."""
        if not state.restored or hand.seat in state.history_seen:
            return None
        state.history_seen.add(hand.seat)
        return await self.holds_controls(state, hand)

    async def holds_controls(self, state: TableMessages, hand: PrivateHand) -> Sent | None:
        """The person's last DM that holds these controls (this table, seat and move), if any."""
        channel_id = None if hand.player_id is None else state.dm_channels.get(hand.player_id)
        me = self.client.user
        if channel_id is None or me is None:  # never DMed from this table
            return None
        wanted = SeatMove(state.table_id, hand.seat, hand.move_number)
        dm = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        try:
            async for message in dm.history(limit=DM_HISTORY_LOOK):
                if message.author.id == me.id and any(
                    seat_move_of(getattr(item, "custom_id", None) or "") == wanted
                    for row in message.components
                    for item in getattr(row, "children", (row,))
                ):
                    return Sent(channel_id, message.id)
        except discord.HTTPException as exc:
            log.warning("DM history of %s not read (controls are sent): %s", hand.player_id, exc)
        return None

    async def send(
        self, state: TableMessages, player_id: str, *, once: bool = False, **kwargs: Any
    ) -> Sent | None:
        """Send a DM (as a followup of the person's last click there, if it can): where it is, or
        None on a refusal (DMs closed: remembered, the table told, never retried). ``once``: not if
        the person's last DMs already hold it (an event offered again after a restart, when no
        click can carry it)."""
        carrier = None if once else self._carrier(player_id)
        if carrier is not None:
            if carrier.channel_id is not None:  # the click's DM: where the followup goes
                # Remembered before the send, as for a channel message: a send whose answer is
                # lost after Discord took it is looked for there (``holds_controls``).
                await self._dm_channel_is(state, player_id, carrier.channel_id)
            try:
                message = await carrier.followup.send(wait=True, **kwargs)
            except discord.HTTPException as exc:
                self._carriers.pop(player_id, None)
                log.info("a DM to %s not carried by their last click (sent apart): %s", player_id, exc)
                _rewind(kwargs)
            else:
                self.carried += 1
                await self._dm_channel_is(state, player_id, message.channel.id)
                return Sent(message.channel.id, message.id)
        try:
            channel_id = await self.channel(player_id)
            await self._dm_channel_is(state, player_id, channel_id)
            dm = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            there = await posted(self.client, dm, kwargs.get("content", "")) if once else None
            return Sent(channel_id, (there or await dm.send(**kwargs)).id)
        except discord.Forbidden:
            state.no_dm.add(player_id)
            await self.saved.remember(state.table_id, f"nodm:{player_id}", "1")
            await self._tell_table(
                state, t("hand.no_dm", state.locale, mention=mention(player_id)), player_id
            )
            return None

    async def _dm_channel_is(self, state: TableMessages, player_id: str, channel_id: int) -> None:
        """The person's DM channel, remembered with the table (where ``holds_controls`` and a
        restart look for what was sent there) and here (not opened again)."""
        self._channels.setdefault(player_id, channel_id)
        if state.dm_channels.get(player_id) != channel_id:
            state.dm_channels[player_id] = channel_id
            await self.saved.remember(state.table_id, f"dm:{player_id}", str(channel_id))

    async def controls_now(
        self, state: TableMessages, seat: int, sent: Sent | None, *, why: str | None = None
    ) -> None:
        """The seat's controls are now in ``sent`` (None: in none of its DMs). The DM that held
        them before, if no click there answered them (the turn timed out, was played elsewhere,
        or the game ended), loses its buttons: an old DM never looks live. ``why``: why they are
        gone (the game's end, a timeout, a quit), said in place of its words (whose turn it was),
        its picture kept."""
        old = state.live_controls.get(seat)
        if old == sent:
            return
        await self._live(state, seat, sent)
        if old is None:
            return
        dm = self.client.get_partial_messageable(old.channel_id, type=discord.ChannelType.private)
        changes: dict[str, Any] = {"view": None} if why is None else {"view": None, "content": why}
        try:
            await dm.get_partial_message(old.message_id).edit(**changes)
        except discord.HTTPException as exc:  # deleted, or DMs closed: nothing left to look live
            log.info("old controls of seat %d at table %d kept their buttons: %s", seat, state.table_id, exc)

    @contextlib.contextmanager
    def answering(self, message_id: int | None) -> Iterator[None]:
        """While a click's move is made and answered (``_clicks``): the message that held its
        controls is the click's answer's to edit (one edit), not the move's event's, which may be
        shown first. Counted: a double click's second, refused, must not end the first's."""
        if message_id is not None:
            self._answering[message_id] += 1
        try:
            yield
        finally:
            if message_id is not None:
                self._answering -= Counter({message_id: 1})

    def unanswered(self, state: TableMessages, seat: int) -> bool:
        """Whether the seat has live controls in a DM and no click there is making its move: a move
        of the seat's made now was made elsewhere (Show my hand, ``/hearts hand``, the Activity)."""
        live = state.live_controls.get(seat)
        return live is not None and live.message_id not in self._answering

    async def answered(self, state: TableMessages, seat: int, message_id: int) -> None:
        """A click on the seat's controls in their DM took the buttons off (its answer edits it)."""
        live = state.live_controls.get(seat)
        if live is not None and live.message_id == message_id:
            await self._live(state, seat, None)

    async def _live(self, state: TableMessages, seat: int, sent: Sent | None) -> None:
        if sent is None:
            state.live_controls.pop(seat, None)
        else:
            state.live_controls[seat] = sent
        await self.saved.remember(state.table_id, f"live:{seat}", None if sent is None else sent.saved())

    def prepare(self, snap: TableSnapshot) -> None:
        """Open the DM channels of the people seated in a lobby now, in the background.

        Opening a DM is one REST route for every user (one discord.py rate-limit bucket, so one
        request at a time): left to the deal, a hundred tables starting together queued their
        first hands behind four hundred of them for longer than the presenter's time limit."""
        for seat in snap.seats:
            pid = seat.player_id
            if pid is not None and pid not in self._channels and pid not in self._opening:
                self._tasks.spawn(self.channel(pid, quiet=True))

    async def channel(self, player_id: str, *, quiet: bool = False) -> int:
        """The id of the DM channel with a person: opened once, shared by concurrent senders."""
        known = self._channels.get(player_id)
        if known is not None:
            return known
        opening = self._opening.get(player_id)
        if opening is None:
            opening = self._opening[player_id] = asyncio.ensure_future(self._open(player_id))
            opening.add_done_callback(lambda _: self._opening.pop(player_id, None))
        try:
            return await asyncio.shield(opening)  # a sender that gives up doesn't cancel the others' wait
        except discord.HTTPException as exc:
            if not quiet:
                raise
            log.info("DM channel with %s not opened ahead: %s", player_id, exc)
            return 0

    async def _open(self, player_id: str) -> int:
        channel = await self.client.create_dm(discord.Object(int(player_id)))
        self._channels[player_id] = channel.id
        return channel.id


def _rewind(kwargs: dict[str, Any]) -> None:
    """A file already read by a failed send is read again from its start."""
    file = kwargs.get("file")
    if isinstance(file, discord.File):
        file.reset()
