"""Event news on Discord: the sign-up message (kept up to date, with Join and Leave while sign-up
is open), the event's own thread made from it (each round's tables with their people, the
standings image after each round), and the two buttons. A button's ``custom_id`` carries the event
number, so a click is handled after a restart."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any, Final

import discord

from bot.client import HeartsClient
from bot.client.answers import to_cog
from bot.client.once import UNDELIVERED, posted, posted_where
from bot.client.server import names_in, server_language
from bot.events import Event, EventService, Standing
from bot.render.event_standings import render as render_standings
from bot.storage import StorageUnavailable
from bot.tables.presenter import NotDelivered
from bot.tables.refusals import Refused
from bot.text import t
from bot.text.events import (
    entrant_tags,
    review_texts,
    round_table_marks,
    round_text,
    signup_text,
    standings_alt,
    standings_image,
    standings_text,
)
from bot.text.limits import in_messages

log = logging.getLogger(__name__)

COG_NAME: Final = "Events"
JOIN_TEMPLATE: Final = r"hev:(?P<action>join|leave):(?P<event>[0-9]{1,12})"
NO_PINGS = discord.AllowedMentions.none()
MENTION_PEOPLE = discord.AllowedMentions(everyone=False, roles=False, users=True)
THREAD_DAYS: Final = 10080  # the thread's auto-archive: a week, the longest round


def button_id(action: str, event_id: int) -> str:
    return f"hev:{action}:{event_id}"


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=JOIN_TEMPLATE):
    """Join or Leave an event in sign-up (the cog's ``signup_click`` does it)."""

    def __init__(self, action: str, event_id: int, label: str | None = None) -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or action, style=style, custom_id=button_id(action, event_id))
        )
        self.action = action
        self.event_id = event_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SignupButton:
        return cls(match["action"], int(match["event"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await to_cog(interaction, COG_NAME, "signup_click", self.action, self.event_id)


def signup_view(event: Event, locale: str) -> discord.ui.View | None:
    if not event.open_for_entry:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton("join", event.event_id, t("button.event_join", locale)))
    view.add_item(SignupButton("leave", event.event_id, t("button.event_leave", locale)))
    return view


class DiscordEventPresenter:
    def __init__(self, bot: HeartsClient, service: EventService) -> None:
        self.bot = bot
        self.service = service

    async def signup_content(self, event: Event, locale: str) -> str:
        entrants = await self.service.entrants(event.event_id)
        names = await names_in(self.bot, event.guild_id, [e.player_id for e in entrants])
        return signup_text(event, entrants, names, locale)

    async def refresh_signup(self, event: Event) -> None:
        """Bring the sign-up message up to date (its buttons go once the event has started). It
        follows a change already written: a failure here (Discord's, or the database's as the
        entrants are read) is logged, never answered as the change's own."""
        if event.message_id is None:
            return
        locale = await server_language(self.bot, event.guild_id)
        try:
            channel = await self._channel(event.channel_id)
            if channel is None:
                return
            await channel.get_partial_message(int(event.message_id)).edit(
                content=await self.signup_content(event, locale),
                view=signup_view(event, locale),
                allowed_mentions=NO_PINGS,
            )
        except (discord.HTTPException, StorageUnavailable) as exc:
            log.warning("could not update the sign-up message of event %d: %s", event.event_id, exc)

    async def _channel(self, channel_id: str) -> discord.TextChannel | discord.Thread | None:
        """A text channel or thread: the one the gateway told of, else Discord's (an archived
        thread is not among those told of); None if it is gone or can't be seen."""
        found = self.bot.get_channel(int(channel_id))
        if found is None:
            try:
                found = await self.bot.fetch_channel(int(channel_id))
            except (discord.NotFound, discord.Forbidden):
                return None
        return found if isinstance(found, discord.TextChannel | discord.Thread) else None

    async def _thread(self, event: Event) -> discord.abc.Messageable | None:
        """The event's thread (made from the sign-up message the first time; the thread the event
        was made in, if it was), else its channel."""
        if event.thread_id is not None:
            found = await self._channel(event.thread_id)
            if isinstance(found, discord.Thread):
                return found
        channel = await self._channel(event.channel_id)
        if channel is None or isinstance(channel, discord.Thread):
            return channel
        if event.message_id is not None:
            try:
                thread = await channel.get_partial_message(int(event.message_id)).create_thread(
                    name=event.name[:100], auto_archive_duration=THREAD_DAYS
                )
                await self.service.set_thread(event.event_id, str(thread.id))
                return thread
            except discord.HTTPException as exc:
                log.warning("no thread for event %d (%s): posting in its channel", event.event_id, exc)
        return channel

    async def ready(self) -> None:
        """Connected: the channels and threads are known (``get_channel`` finds none before)."""
        await self.bot.wait_until_ready()

    async def round_started(
        self, event: Event, rnd: int, table_ids: list[int], *, again: bool = False
    ) -> bool:
        """The round's tables and their people, pinged, in the event's thread (``again``: not if
        it is there already); as ``standings`` says whether it was shown or may be later."""
        try:
            return await self._round_started(event, rnd, table_ids, again)
        except UNDELIVERED as exc:
            raise NotDelivered(repr(exc)) from exc

    async def _round_started(self, event: Event, rnd: int, table_ids: list[int], again: bool) -> bool:
        await self.ready()  # a round seated at the bot's start, before it is connected
        fresh = await self.service.event(event.guild_id, event.event_id)
        await self.refresh_signup(fresh)
        where = await self._thread(fresh)
        if where is None:
            return False
        locale = await server_language(self.bot, event.guild_id)
        tables = []
        for table_id in table_ids:
            try:
                snap = await self.bot.service.table_snapshot(table_id)
            except Refused:  # (can't be read: the server's admins were told; no one is pinged to it)
                continue
            people = [f"<@{s.player_id}>" for s in snap.seats if s.player_id and not s.is_computer]
            tables.append((table_id, people))
        at = await self.service.closes_at(fresh, rnd)  # from its seating, maybe before a restart
        assert at is not None  # a round is announced once it is seated
        closes = f"<t:{int(at)}:R>"
        # Its lines: the round's, then one per table (a table's people hold no line break)
        lines = round_text(fresh, rnd, tables, closes, locale).split("\n")
        head, rows = lines[: len(lines) - len(tables)], lines[len(lines) - len(tables) :]
        marks = round_table_marks([n for n, _people in tables], locale)  # (its deadline may move)
        if again:
            shown = await self._marks_posted(where, marks)
            if shown:  # posted before, maybe not whole (a stop, a failure between its messages)
                head, rows = [], [row for row, mark in zip(rows, marks, strict=True) if mark not in shown]
        try:
            for text in in_messages(head + rows):
                await where.send(text, allowed_mentions=MENTION_PEOPLE)
        except UNDELIVERED:
            raise  # (may pass: ``round_started``; offered ``again``, the rest posted then)
        except discord.HTTPException as exc:
            log.warning("could not announce round %d of event %d: %s", rnd, event.event_id, exc)
            return False
        return True

    async def _marks_posted(self, where: discord.abc.Messageable, marks: list[str]) -> set[str]:
        """Which of a round's tables (their ``round_table_marks``) the bot's last messages in
        ``where`` announce: the announcement of a large round is several messages. None with no
        table to name (none of its tables could be read): it is posted then."""
        found: set[str] = set()

        def holds_the_rest(message: discord.Message) -> bool:
            found.update(mark for mark in marks if mark in message.content)
            return len(found) == len(marks)

        if marks:
            await posted_where(self.bot, where, holds_the_rest)
        return found

    async def standings_file(
        self,
        event: Event,
        rnd: int,
        rows: list[Standing],
        final: bool,
        locale: str,
        asker: str | None = None,
    ) -> discord.File:
        """The standings image, rendered off the event loop, with its alt text: the top of the
        standings and how many more, and ``asker``'s own row (a private ask) when it is further
        down."""
        entrants = await self.service.entrants(event.event_id)
        names = await names_in(self.bot, event.guild_id, [s.person for s in rows])
        tags = entrant_tags(entrants, locale)
        tables = await self.service.seated(event.event_id, rnd)
        image = standings_image(event, rnd, rows, final, names, tags, locale, tables, asker)
        png = await asyncio.to_thread(render_standings, image)
        alt = standings_alt(image, event.name, locale, len(rows))
        return discord.File(io.BytesIO(png), filename="standings.png", description=alt)

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        """Post the standings in the event's thread (``again``: owed since a restart or a failed
        try, so not if the thread's last messages hold them already); False if they could not be
        (no thread or channel to post in, or Discord refused them for good), so that they stay
        owed; ``NotDelivered`` if they may be a little later (Discord's 5xx, the network, at any
        step: the thread's history, the post, the sign-up message's refresh)."""
        try:
            return await self._standings(event, rnd, rows, final, again)
        except UNDELIVERED as exc:
            raise NotDelivered(repr(exc)) from exc

    async def _standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, again: bool
    ) -> bool:
        await self.ready()  # owed at the bot's start, before it is connected
        fresh = await self.service.event(event.guild_id, event.event_id)
        where = await self._thread(fresh)
        if where is None:
            return False
        locale = await server_language(self.bot, event.guild_id)
        text = standings_text(event, rnd, final, locale)
        if not (again and await posted(self.bot, where, text)):
            try:
                file = await self.standings_file(event, rnd, rows, final, locale)
                await where.send(text, file=file, allowed_mentions=NO_PINGS)
            except UNDELIVERED:
                raise  # (may pass: ``standings``)
            except discord.HTTPException as exc:
                log.warning("could not post the standings of event %d: %s", event.event_id, exc)
                return False
        if final:
            fresh = await self.service.event(event.guild_id, event.event_id)
            await self._post(where, review_texts(await self.service.table_ids(fresh), locale), event, again)
            await self.refresh_signup(fresh)
        return True

    async def _post(
        self, where: discord.abc.Messageable, texts: list[str], event: Event, again: bool
    ) -> None:
        for text in texts:
            if again and await posted(self.bot, where, text):
                continue
            try:
                await where.send(text, allowed_mentions=NO_PINGS)
            except (discord.HTTPException, *UNDELIVERED) as exc:
                log.warning("could not post to the thread of event %d: %s", event.event_id, exc)
