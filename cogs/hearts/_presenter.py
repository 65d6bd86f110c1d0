"""The Discord presenter: turns table events into messages, images and controls.

What goes where:
- the **lobby message** in the channel where the table was opened (seats and lobby buttons);
- the game is played in a **thread** made from the lobby message (several tables can share a
  channel), or in the channel itself where a thread can't be made;
- one **table message per hand** in that thread (the table image, who is to move with a live
  countdown, Show my hand and Score sheet); a new message per hand keeps it editable (Discord limits
  edits of messages older than an hour) and a slow hand gets a fresh one after 50 minutes;
- each person's **hand by DM** with the controls for their move; where DMs are closed, a ping in
  the thread sends them to the ephemeral Show my hand flow (a refused DM is never retried).

Redraws of the table message are coalesced: while one edit is in flight, later events only replace
the snapshot to draw next, so a burst of computer moves costs one edit, not one per card. They are
the bot's background work: under the global rate limit they wait behind the requests players need
(their hand, their controls, a ping; see ``pacing``), and while such requests are queued even a
taken trick waits for the redraw interval (only a new hand's message and the end go out at once).

Over 400 lines: one method per kind of table event, each a few Discord calls (lobby, thread, table
message, hands, announcements); the words (``_wording``), redraw coalescing (``_redraw``), DMs
(``_dms``) and saved state (``_state``) live in their own modules.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Literal

import discord

from bot.client.names import KnownNames
from bot.client.once import UNDELIVERED, posted
from bot.client.pacing import GlobalPacer
from bot.client.permissions import missing_in, permission_names
from bot.client.review import review_view
from bot.client.server import remember_names
from bot.engine.cards import CardSet, cards_of
from bot.engine.hand import Phase
from bot.render.models import HandImage
from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.tables import (
    Clock,
    PlayerPreferences,
    PrivateHand,
    Refused,
    ServerSettings,
    SystemClock,
    TableRefusal,
    TableSnapshot,
)
from bot.tables import events as ev
from bot.tables.background import Background
from bot.tables.preferences import KnownPreferences
from bot.tables.presence import LivePages
from bot.tables.presenter import NotDelivered
from bot.tables.refusals import Behind
from bot.tables.table import TableStatus
from bot.text import private_locale, public_locale, t
from bot.text.alt_text import hand_alt, standings_alt, table_alt
from cogs.hearts import _images as images
from cogs.hearts._controls import hand_view, last_finished_hand, lobby_view, rematch_view, table_view
from cogs.hearts._dms import DirectMessages
from cogs.hearts._places import THREAD_ARCHIVED, Places, may_not_post, place_gone
from cogs.hearts._redraw import Redraws
from cogs.hearts._state import SavedState, Sent, TableMessages
from cogs.hearts._wording import (
    auto_played_note,
    computer_name,
    countdown,
    game_end_dm_text,
    game_over_text,
    hand_scored_text,
    hand_text,
    lobby_text,
    mention,
    message_link,
    passed_line,
    played_line,
    player_name,
    relative_time,
    table_text,
    timed_out_line,
)

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008
TABLE_MESSAGE_MAX_AGE = 50 * 60.0  # edits of messages older than an hour are limited (30046)
OWED_POSTS = (
    ev.TableCreated,
    ev.SeatChanged,
    ev.TableCancelled,
    ev.GameStarted,
    ev.HandScored,
    ev.GameOver,
    ev.TimedOut,
)
"""Events whose posts no other path makes (a lobby, a thread, an announcement, a hand's scores, the
game's end), each made once when offered again: one Discord could not take now (a 5xx, the
network) stays owed (``NotDelivered``) and is offered again. The others are drawn again at the
next redraw (``Redraws``), or their DMs are sent again when the turn is offered again."""
REDRAW_INTERVAL = 6.0  # seconds between redraws of the table message within a trick
NO_PINGS = discord.AllowedMentions.none()
# What the bot needs to play in a thread made from the lobby message (else it plays in the channel).
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads", "read_message_history")
ArchiveDuration = Literal[60, 1440, 4320, 10080]
ARCHIVE_DURATIONS: tuple[ArchiveDuration, ...] = (
    60,
    1440,
    4320,
    10080,
)  # minutes of inactivity Discord allows for a thread
MOVES_WITHOUT_A_POST = 4  # time limits a thread may sit between two of the bot's messages
# Refusals of an auto-play that leave the turn the person's (nothing changed): their controls go out
# (not ``Behind``'s, which carries the busy code: the table moved on in another process).
TURN_STANDS = frozenset({TableRefusal.STORAGE_BUSY, TableRefusal.BUSY})
# A turn's controls Discord did not take are offered again after this many seconds, doubled at
# each failure up to the longest (a short outage costs the person a moment of their turn).
RESEND_FIRST = 1.0
RESEND_LONGEST = 30.0


def archive_duration(time_limit: float) -> ArchiveDuration:
    """The shortest auto-archive duration that outlasts a few full-length moves: a live table's
    thread tidies itself away soon after the game, a slow one isn't archived between moves (and if
    it is, the next post unarchives it)."""
    wanted = time_limit * MOVES_WITHOUT_A_POST / 60
    return next((d for d in ARCHIVE_DURATIONS if d >= wanted), ARCHIVE_DURATIONS[-1])


def only_user(user_id: str) -> discord.AllowedMentions:
    """Mentions that notify exactly this person: no @everyone, no roles, nobody replied to."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(int(user_id))], replied_user=False
    )


@dataclass(frozen=True, slots=True)
class HandPayload:
    content: str
    png: bytes
    view: discord.ui.View | None
    alt: str = ""  # the image's description, in the reader's language

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename="hand.png", description=self.alt or None)


class DiscordPresenter:
    """Implements the table service's ``Presenter`` protocol for Discord."""

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        saved: SavedState,
        render: images.RenderPool | None = None,
        redraw_interval: float = REDRAW_INTERVAL,
        pacer: GlobalPacer | None = None,
        known_names: KnownNames | None = None,
        server_settings: Callable[[str], Awaitable[ServerSettings]] | None = None,
        clock: Clock | None = None,
        activity: bool = False,
        live: LivePages | None = None,
        known_preferences: KnownPreferences | None = None,
    ) -> None:
        """``activity``: the table as an Activity is set up (``Settings.activity``), so table
        messages carry Open the table. ``live``: who has a table open in the Activity (the table
        service's), whose hands and turns are not sent by DM meanwhile (a turn's warning is: the page
        is in view of the browser, which is not always in view of the person)."""
        self.client = client
        self.activity = activity
        self.live = live
        self.db = db
        self.saved = saved
        self.render = render or images.RenderPool()
        self._states: dict[int, TableMessages] = {}
        self._tasks = Background("presenter task")
        # the time that decides redraws and a table message's age: the table service's clock
        self.clock: Clock = clock or SystemClock()
        self.redraws = Redraws(
            self._draw_current, self._hand_shown, redraw_interval, pacer, self._tasks, self.clock
        )
        # a DM's carrier (the person's last click) expires on the clock of the REST calls
        self.dms = DirectMessages(
            client, saved, self._tasks, self._tell_table, pacer.clock if pacer is not None else self.clock
        )
        self.places = Places(client, saved)
        # display names as last seen, across tables (shared with the other extensions by the client)
        self.known_names = KnownNames(db) if known_names is None else known_names
        # people's preferences as kept: the table service's, which hears other processes' changes
        self.known_preferences = known_preferences or KnownPreferences(db)
        # Discord's locales as last seen in interactions: a person's client, a server's
        self.known_locales: dict[str, str] = {}
        self.guild_locales: dict[str, str] = {}
        self._server_settings = server_settings
        # Plays a seat's only legal card for it (set by the cog: the presenter doesn't move for
        # anyone itself); None: no auto-play.
        self.play_only_card: Callable[[PrivateHand], Awaitable[TableSnapshot]] | None = None
        # Offers a person's turn again if it is still theirs (the table service's ``offer_turn``,
        # set by the cog): for controls Discord did not take. None: not offered again.
        self.offer_turn: Callable[[int, str], None] | None = None
        self._drawing: dict[int, asyncio.Event] = {}  # tables whose first drawing is awaited
        self._closed = False

    # -- state ------------------------------------------------------------------------------

    async def state(self, table_id: int) -> TableMessages:
        state = self._states.get(table_id)
        if state is None:
            saved = await self.saved.remembered(table_id)
            state = self._states.setdefault(table_id, TableMessages.from_saved(table_id, saved))
            self.dms.known(state)
        return state

    def tables_played_in(self, channel_id: int) -> list[int]:
        """Tables (open or finished) whose lobby or game was in this channel, as far as this run of
        the bot has seen them: finished tables leave the service's list of open ones."""
        return [s.table_id for s in self._states.values() if channel_id in (s.lobby_channel, s.play_channel)]

    async def last_table_played_in(self, guild_id: str, channel_id: int, parent_id: int | None) -> int | None:
        """The newest table whose lobby or game was in this channel (a thread of ``parent_id``, or
        the channel itself): as this run has seen them, else as the database remembers them (after
        a restart, a finished table is known only there). None if none."""
        seen = self.tables_played_in(channel_id)
        if seen:
            return max(seen)
        parent = str(parent_id) if parent_id is not None else None
        return await self.db.last_table_played_in(guild_id, str(channel_id), parent)

    async def _save(self, state: TableMessages, key: str, value: int | str | None) -> None:
        if key in ("lobby_channel", "lobby_message", "play_channel", "table_message", "table_hand"):
            setattr(state, key, value)
        await self.saved.remember(state.table_id, key, None if value is None else str(value))

    async def learn_name(self, table_id: int | None, user: discord.abc.User) -> None:
        """Remember a player's names (``remember_names``), and the name they go by here for this
        table's images and messages, if given."""
        remember_names(self.known_names, user)
        if table_id is not None:
            await self._keep_name(await self.state(table_id), str(user.id), user.display_name)

    async def _keep_name(self, state: TableMessages, user_id: str, name: str) -> None:
        if state.names.get(user_id) != name:
            state.names[user_id] = name
            await self.saved.remember(state.table_id, f"name:{user_id}", name)

    async def _names_for(self, state: TableMessages, snap: TableSnapshot) -> None:
        """Save with the table the names of people seen elsewhere (e.g. the host, before the table
        existed), so that its messages can name them after a restart too. Each person is looked
        up once per table and run, not at every event (someone never named would cost a read of
        the database each time)."""
        people = {snap.host_id, *(s.player_id for s in snap.seats if s.player_id)}
        missing = [pid for pid in people if pid not in state.names and pid not in state.names_asked]
        state.names_asked.update(missing)
        if missing:
            for pid, name in (await self.known_names.lookup(missing, snap.guild_id)).items():
                await self._keep_name(state, pid, name)

    # -- languages -------------------------------------------------------------------------

    def learn_locales(
        self, user_id: str, locale: str | None, guild_id: str | None, guild_locale: str | None
    ) -> None:
        """Remember the locales an interaction carried (saved with a table when it next shows)."""
        if locale:
            self.known_locales[user_id] = locale
        if guild_id and guild_locale:
            self.guild_locales[guild_id] = guild_locale

    async def _locales_for(self, state: TableMessages, snap: TableSnapshot) -> None:
        """Save with the table its players' client locales, as ``_names_for`` saves their names."""
        for pid in {s.player_id for s in snap.seats if s.player_id}:
            seen = self.known_locales.get(pid)
            if seen is not None and state.locales.get(pid) != seen:
                state.locales[pid] = seen
                await self.saved.remember(state.table_id, f"loc:{pid}", seen)

    async def public(self, state: TableMessages, snap: TableSnapshot) -> str:
        """The language of a table's public text: the server's setting, else its Discord locale;
        chosen when the table is first shown and kept with it (a game doesn't switch midway), once
        the settings could be read (``server_settings``: the table service's
        ``chosen_server_settings``)."""
        if state.locale is None:
            if snap.options.daily:  # a daily attempt is private: its one person's language
                state.locale = await self.private(snap.host_id, state)
            else:
                guild = self._guild_language(snap.guild_id)
                try:
                    settings = await self._server_settings(snap.guild_id) if self._server_settings else None
                except StorageUnavailable as exc:  # not chosen, not kept: the next event chooses it
                    log.warning("language of table %d not chosen yet: %s", state.table_id, exc)
                    return public_locale(None, guild)
                state.locale = public_locale(settings, guild)
            await self.saved.remember(state.table_id, "locale", state.locale)
        return state.locale

    def _guild_language(self, guild_id: str | None) -> str:
        """A server's language where no table (and so no saved choice) is at hand, nor its settings
        (a broken table, a damaged row): its Discord locale."""
        if guild_id is None:
            return public_locale(None, None)
        seen = self.guild_locales.get(guild_id)
        guild = self.client.get_guild(int(guild_id)) if guild_id.isdigit() else None
        if seen is None and guild is not None:
            seen = guild.preferred_locale.value
        return public_locale(None, seen)

    async def private(self, player_id: str | None, state: TableMessages | None = None) -> str:
        """The language of a person's private text outside an interaction (DMs): their choice, else
        their client's locale as last seen (also with the table, after a restart)."""
        if player_id is None:
            return private_locale(None, None)
        seen = self.known_locales.get(player_id)
        if seen is None and state is not None:
            seen = state.locales.get(player_id)
        return private_locale(await self.preferences(player_id), seen)

    async def reader(self, interaction: discord.Interaction[Any]) -> str:
        """The language to answer an interaction in: the person's choice, else their client's."""
        user = str(interaction.user.id)
        return private_locale(await self.preferences(user), interaction.locale.value)

    async def preferences(self, player_id: str) -> PlayerPreferences:
        return await self.known_preferences.of(player_id)

    # -- the Presenter protocol -------------------------------------------------------------

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        """Show one event; returns once it is on Discord (the end of a game or of a table: with the
        table message redrawn, no controls left). ``again``: owed from before a restart, so each
        post is made only if the bot's last messages there don't already say it; edits are made
        as usual (they show the same again). ``NotDelivered``: an event of ``OWED_POSTS`` that
        Discord could not take just now (a 5xx, the network): the service offers it again."""
        try:
            await self._refusals_logged(self._present(event, again), type(event).__name__, passing=True)
        except UNDELIVERED as exc:
            if not isinstance(event, OWED_POSTS):
                raise
            raise NotDelivered(f"{type(event).__name__}: {exc}") from exc

    @staticmethod
    async def _refusals_logged(work: Awaitable[None], what: str, *, passing: bool = False) -> None:
        """What Discord refuses of an event's presenting (or of work run apart from it: an
        auto-played card) is logged, never a failure: a DM refused and the ping standing for it
        refused too (DMs closed, and the bot lost its permissions in the channel) is no bug.
        ``passing``: Discord's passing failures (``UNDELIVERED``) are the caller's."""
        try:
            await work
        except UNDELIVERED:
            if passing:
                raise
            log.warning("Discord could not take an update for %s now", what, exc_info=True)
        except discord.HTTPException as exc:
            log.warning("Discord refused an update for %s: %s", what, exc)

    async def _present(self, event: ev.TableEvent, again: bool = False) -> None:
        if isinstance(event, ev.TableBroken):
            await self._broken(event)
            return
        if isinstance(event, ev.DataDamaged):
            await self._damaged(event)
            return
        snap = event.table
        state = await self.state(snap.table_id)
        await self._names_for(state, snap)
        await self._locales_for(state, snap)
        lang = await self.public(state, snap)
        match event:
            case ev.TableCreated():
                self.dms.prepare(snap)
                # A daily attempt has no lobby: it starts at once, in the person's DMs.
                if not snap.options.daily and state.lobby_message is None:
                    await self._post_lobby(state, snap, once=again)
                elif not snap.options.daily:  # offered again: the lobby message went out before
                    await self._edit_lobby(state, snap)
            case ev.SeatChanged() | ev.TableCancelled():
                self.dms.prepare(snap)
                if isinstance(event, ev.TableCancelled):
                    self._redraw(snap)
                    await self.redraws.drawn(snap.table_id)
                    await self._unping_all(state, snap)
                if isinstance(event, ev.SeatChanged) and snap.status is TableStatus.PLAYING:
                    # Seats FILLED at the start come before GameStarted: no drawing yet, or the
                    # table message could go out before the thread exists (in the channel).
                    if event.change is not ev.SeatChange.FILLED:
                        await self._seat_news(state, event, again)
                        self._redraw(snap)
                else:
                    await self._edit_lobby(state, snap)
            case ev.GameStarted():
                if state.play_channel is None:  # (offered again: the thread may be there)
                    await self._open_thread(state, snap)
                await self._edit_lobby(state, snap)  # once, with the thread's link
            case ev.HandDealt() | ev.CardsPassed():
                self._redraw(snap)
                if isinstance(event, ev.HandDealt):
                    # The hand's table message first: the deal's DMs link to it ("Table: ..."),
                    # not to the hand before's (nor, at the first hand, to nothing).
                    await self.redraws.drawn(snap.table_id)
                # every seat's DM at once: each goes to its own channel (its own rate-limit bucket)
                await asyncio.gather(*(self._send_hand(state, snap, hand, again) for hand in event.hands))
            case ev.TurnStarted():
                if not event.offered:  # (offered again: the table is as it was drawn)
                    self._redraw(snap, urgent=False)
                for hand in event.hands:
                    if state.controls_sent.get(hand.seat) == hand.move_number:
                        continue  # sent with the deal or the passed cards
                    if not event.offered and state.send_failed(hand.seat, hand.move_number):
                        # Their send failed: sent again when the service offers the turn, as it
                        # does only while the turn is theirs. This turn was queued before, and the
                        # person may have played it since (with controls Discord took after all).
                        continue
                    await self._send_hand(state, snap, hand)
            case ev.PassChosen() | ev.CardPlayed():
                self._redraw(snap, urgent=False)
                await self._moved(state, event)
            case ev.TrickWon() | ev.TableRestored():
                self._redraw(snap)
            case ev.HandScored():
                await self.places.again(state)  # (a place lost may be back: tried once a hand)
                await self._announce(state, hand_scored_text(event, state.names, lang), once=again)
            case ev.GameOver():
                self._redraw(snap)
                await self._game_over(state, event, again)
                await self.redraws.drawn(snap.table_id)
            case ev.TimeoutWarning():
                await self._warn(state, event)
            case ev.TimedOut():  # the move was made for them, or a computer has the seat
                said = partial(timed_out_line, event)
                await self._controls_told(state, snap, event.seat, event.player_id, said)
                await self._unping(state, event.player_id)  # its turn is over
                name = player_name(event.player_id, state.names, lang)
                key = "announce.forfeit" if event.forfeited else "announce.timeout"
                await self._announce(state, t(key, lang, name=name), once=again)
                self._redraw(snap)

    # -- lobby --------------------------------------------------------------------------------

    async def _post_lobby(self, state: TableMessages, snap: TableSnapshot, *, once: bool = False) -> None:
        """Post the lobby message (``once``: unless the bot's last messages hold it already: the
        bot stopped before remembering it)."""
        channel = self.client.get_partial_messageable(int(snap.channel_id))
        lang = await self.public(state, snap)
        thread = state.play_channel if self._in_thread(state) else None
        kwargs: dict[str, Any] = {
            "content": lobby_text(snap, state.names, thread, lang),
            "allowed_mentions": NO_PINGS,
        }
        view = lobby_view(snap, lang)
        if view is not None:
            kwargs["view"] = view
        message = (
            await posted(self.client, channel, kwargs["content"]) if once else None
        ) or await channel.send(**kwargs)
        await self._save(state, "lobby_channel", int(snap.channel_id))
        await self._save(state, "lobby_message", message.id)

    async def _edit_lobby(self, state: TableMessages, snap: TableSnapshot) -> None:
        if state.lobby_message is None or state.lobby_channel is None:
            return
        channel = self.client.get_partial_messageable(state.lobby_channel)
        lang = await self.public(state, snap)
        thread = state.play_channel if self._in_thread(state) else None
        try:
            await channel.get_partial_message(state.lobby_message).edit(
                content=lobby_text(snap, state.names, thread, lang),
                view=lobby_view(snap, lang),
                allowed_mentions=NO_PINGS,
            )
        except discord.HTTPException as exc:
            if place_gone(exc):
                return  # the lobby's channel itself is gone: nothing left to edit
            if not isinstance(exc, discord.NotFound):
                raise
            # Someone deleted the lobby message: post a new one so the table stays usable.
            await self._post_lobby(state, snap)

    async def _open_thread(self, state: TableMessages, snap: TableSnapshot) -> None:
        """Play in a thread made from the lobby message; fall back to the channel itself where the
        bot may not make one or may not post in it (and say so there, in one line). Where it may
        not post its pictures in the channel either (a permission taken since ``/hearts new``
        checked them), the table has no place (``_places``), and the host is told what is missing
        as ``/hearts new`` tells it: else every drawing would be refused, and the game's end, sent
        by DM, would blame a channel deleted or out of reach."""
        play = state.lobby_channel or int(snap.channel_id)
        lang = await self.public(state, snap)
        channel = self.client.get_channel(play)
        lacking = (
            missing_in(channel) if isinstance(channel, discord.abc.GuildChannel | discord.Thread) else []
        )
        if lacking:
            await self._no_place(state, snap, play, lacking)
            return
        missing: list[str] = []
        if isinstance(channel, discord.TextChannel) and state.lobby_message is not None:
            perms = channel.permissions_for(channel.guild.me)
            missing = [name for name in THREAD_PERMISSIONS if not getattr(perms, name)]
            if not missing:
                try:
                    thread = await channel.get_partial_message(state.lobby_message).create_thread(
                        name=t("thread.name", lang, table=snap.table_id),
                        auto_archive_duration=archive_duration(snap.options.time_limit),
                    )
                    play = thread.id
                except discord.HTTPException as exc:
                    log.info("table %s plays in the channel: no thread (%s)", snap.table_id, exc)
        await self._save(state, "play_channel", play)
        if missing:
            names = permission_names(missing, lang)
            await self._announce(state, t("announce.no_thread", lang, permissions=names, table=snap.table_id))

    async def _no_place(
        self, state: TableMessages, snap: TableSnapshot, play: int, missing: list[str]
    ) -> None:
        """The game has no place where the bot may post (``_open_thread``): the host is told by DM
        which permissions it lacks, in their language, and the game goes on in DMs."""
        log.info("table %s has no place to play in: missing %s", snap.table_id, missing)
        await self._save(state, "play_channel", play)  # (offered again: not opened twice)
        await self.places.nowhere(state)
        lang = await self.private(snap.host_id, state)
        text = t("reply.missing_permissions", lang, permissions=permission_names(missing, lang))
        await self.dms.send(state, snap.host_id, content=text)

    def _in_thread(self, state: TableMessages) -> bool:
        return state.play_channel is not None and state.play_channel != state.lobby_channel

    # -- the table message ------------------------------------------------------------------------

    def _redraw(self, snap: TableSnapshot, *, urgent: bool = True) -> None:
        self.redraws.request(snap, urgent=urgent)

    async def _draw_current(self, table_id: int, snap: TableSnapshot) -> None:
        try:
            await self._draw_table(await self.state(table_id), snap)
        finally:  # drawn, or never to be (no permission there, no place left): ``table_link``
            if (awaited := self._drawing.pop(table_id, None)) is not None:
                awaited.set()

    async def _hand_shown(self, table_id: int) -> int | None:
        return (await self.state(table_id)).table_hand

    async def close(self) -> None:
        """At shutdown: drop pending redraws and sends rather than wait for them (a restored
        table is redrawn at the next start) and stop the render workers."""
        self._closed = True  # nothing offered again from now: a restart sends what is not noted
        self.redraws.close()  # nor a failed drawing tried again
        await self._tasks.cancel()
        await self.saved.close()
        self.render.close()
        await self.render.wait_closed(1.0)

    @property
    def idle(self) -> bool:
        """No redraw or background send running: what ``settle`` waits for."""
        return self._tasks.idle

    async def settle(self) -> None:
        """Wait until every redraw and background send has finished (tests, shutdown)."""
        await self._tasks.settle()

    async def _draw_table(self, state: TableMessages, snap: TableSnapshot) -> None:
        if snap.hand_number is None or snap.status is TableStatus.LOBBY or state.homeless:
            return
        if state.table_hand is not None and snap.hand_number < state.table_hand:
            return  # an older hand's picture: the new hand's message is already there
        over = snap.status is not TableStatus.PLAYING
        lang = await self.public(state, snap)
        image = images.table_image(snap, state.names, locale=lang)
        png = await self.render.table(image, lang)
        alt = table_alt(image, lang)
        if over and state.table_message is None:
            return  # (also where the game moved meanwhile: a ping's post found its place gone)
        if over:
            content = t("lobby.cancelled" if snap.status is TableStatus.CANCELLED else "lobby.finished", lang)
        else:
            content = table_text(snap, state.names, lang)
        file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        view = table_view(snap, lang, activity=self.activity)
        channel = self.client.get_partial_messageable(self._play_channel(state, snap))
        fresh = not over and (
            state.table_message is None
            or state.table_hand != snap.hand_number
            or _age(state.table_message, self.clock.now()) > TABLE_MESSAGE_MAX_AGE
        )
        if not fresh:
            assert state.table_message is not None
            try:
                await channel.get_partial_message(state.table_message).edit(
                    content=content, attachments=[file], view=view, allowed_mentions=NO_PINGS
                )
                return
            except discord.HTTPException as exc:
                # Deleted (10008), or in a thread archived for inactivity (50083): a new message
                # unarchives the thread, so the table goes on (a locked one refuses it: then the
                # post moves on). The thread gone, or the bot's posts refused there: a new message
                # where the game went (``_places``), not an edit and a post refused at every redraw.
                if exc.code not in (UNKNOWN_MESSAGE, THREAD_ARCHIVED):
                    if not may_not_post(exc):
                        raise
                    await self.places.moved(state, channel.id)
                if over:
                    return
                file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        replaced, replaced_hand = (state.table_message, state.table_hand) if fresh else (None, None)
        message = await self.places.send(
            state, content=content, file=file, view=view, allowed_mentions=NO_PINGS
        )
        if message is None:
            return  # no place is left to draw the table in
        await self._save(state, "table_message", message.id)
        await self._save(state, "table_hand", snap.hand_number)
        if replaced is not None and message.channel.id == channel.id:
            reviewed = _reviewed_hand(replaced_hand, snap.hand_number)
            kept = None if reviewed is None else review_view(snap.table_id, reviewed, lang)
            await self._retire(channel, replaced, lang, kept)

    async def _retire(
        self, channel: discord.PartialMessageable, message_id: int, lang: str, view: discord.ui.View | None
    ) -> None:
        """A table message a newer one replaced (a new hand's, or its hourly refresh) says so and
        loses its controls (they stayed live, under a countdown long past) but Review hand
        (``view``); its picture stays."""
        try:
            await channel.get_partial_message(message_id).edit(
                content=t("table.continued", lang), view=view, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException as exc:  # (deleted, or the thread archived: nothing to say)
            log.info("an earlier table message %d not retired: %s", message_id, exc)

    def _play_channel(self, state: TableMessages, snap: TableSnapshot) -> int:
        return state.play_channel or state.lobby_channel or int(snap.channel_id)

    # -- private hands ----------------------------------------------------------------------------

    async def hand_payload(
        self,
        hand: PrivateHand,
        snap: TableSnapshot,
        selected: CardSet = 0,
        note: str = "",
        locale: str | None = None,
    ) -> HandPayload:
        """A person's hand: the image, what to do now, and the controls for it, in ``locale`` (for
        an interaction's answer) or else the person's language (``private``)."""
        rules = snap.options.rules
        four_colour = hand.player_id is not None and (await self.preferences(hand.player_id)).four_colour
        if locale is None:
            locale = await self.private(hand.player_id, await self.state(hand.table_id))
        image: HandImage = images.hand_image(hand, rules.bonus_card, selected, four_colour)
        png = await self.render.hand(image)
        content = await self.hand_text(hand, snap, selected, note, locale)
        return HandPayload(
            content, png, self.hand_controls(hand, snap, selected, locale), hand_alt(image, locale)
        )

    def hand_controls(
        self, hand: PrivateHand, snap: TableSnapshot, selected: CardSet = 0, locale: str | None = None
    ) -> discord.ui.View | None:
        return hand_view(hand, snap.options.rules, selected, locale)

    async def hand_text(
        self,
        hand: PrivateHand,
        snap: TableSnapshot,
        selected: CardSet = 0,
        note: str = "",
        locale: str | None = None,
    ) -> str:
        """What a person's hand message says (``_wording.hand_text``), with the table's names and link."""
        state = await self.state(hand.table_id)
        if locale is None:
            locale = await self.private(hand.player_id, state)
        return hand_text(hand, snap, state.names, self._table_link(state, snap), selected, note, locale)

    async def table_link(self, snap: TableSnapshot, *, within: float) -> str:
        """A link to the table's message; if there is none yet, its first drawing is awaited (a
        rematch's notice links the new table, whose events are being shown meanwhile), for at most
        ``within`` seconds of the clock: "" if none is there then (the drawing failed: the bot
        may not post there; or Discord is slow)."""
        state = await self.state(snap.table_id)
        if state.table_message is None:
            drawn = self._drawing.setdefault(snap.table_id, asyncio.Event())
            timer = self.clock.call_at(self.clock.now() + within, drawn.set)
            try:
                await drawn.wait()
            finally:
                timer.cancel()
                if self._drawing.get(snap.table_id) is drawn:
                    del self._drawing[snap.table_id]
        return self._table_link(state, snap)

    def _table_link(self, state: TableMessages, snap: TableSnapshot) -> str:
        if state.table_message is None:
            return ""
        # A daily attempt is played in its person's DM: Discord links a DM message with "@me".
        guild = None if snap.options.daily else snap.guild_id
        return message_link(guild, self._play_channel(state, snap), state.table_message)

    async def _send_hand(
        self, state: TableMessages, snap: TableSnapshot, hand: PrivateHand, again: bool = False
    ) -> None:
        if hand.player_id is None:
            return
        if hand.your_turn:
            state.controls_sent[hand.seat] = hand.move_number
            if await self._auto_plays(hand):
                # Played and told before the table's next event is shown: the move's events, and
                # with them the seat's next controls, are queued behind this one. So the DM that
                # says so comes first, and what it takes down (the controls of the turn played for
                # them) can't be the next turn's. A task of its own, waited for but not awaited:
                # the service's bound on showing an event must never cancel a move half made, and
                # a failure is the task's to log.
                work = self._refusals_logged(self._auto_play(state, snap, hand), "an auto-play")
                await asyncio.wait({self._tasks.spawn(work)})
                return
        await self._deliver_hand(state, snap, hand, once=again)

    async def _auto_plays(self, hand: PrivateHand) -> bool:
        """Whether this turn is played for the person: they asked for it (auto-play), and exactly
        one card is legal (never while passing or choosing how a moon counts)."""
        return (
            self.play_only_card is not None
            and hand.phase is Phase.PLAYING
            and hand.playable.bit_count() == 1
            and hand.player_id is not None
            and (await self.preferences(hand.player_id)).auto_play
        )

    async def _auto_play(self, state: TableMessages, snap: TableSnapshot, hand: PrivateHand) -> None:
        """Play the only card, then send the hand as it is now, saying so (it may be the hand's
        first sight of the cards received). The DM is worded from the table right after the move
        (``snap`` is from before it: it would show the trick without the card and the person
        still to play). If the service refuses while the turn stays theirs (a busy disk, the
        service stopping), the person gets their controls as usual; if the turn is past (they
        played it from the Activity first, its time ran out, they left), none: they would be out
        of date at once, and the table's next events bring whatever comes next."""
        assert self.play_only_card is not None
        try:
            after_move = await self.play_only_card(hand)
        except Refused as exc:
            if isinstance(exc, Behind) or exc.code not in TURN_STANDS:
                log.info("auto-play at table %d refused (%s): the turn is past", hand.table_id, exc)
                return
            log.info("auto-play at table %d refused (%s): controls sent", hand.table_id, exc)
            await self._deliver_hand(state, snap, hand)
            return
        lang = await self.private(hand.player_id, state)
        note = auto_played_note(cards_of(hand.playable)[0], hand, after_move, state.names, lang)
        after = replace(hand, cards=hand.cards & ~hand.playable, playable=0, your_turn=False)
        await self._deliver_hand(state, after_move, after, note)

    async def _deliver_hand(
        self,
        state: TableMessages,
        snap: TableSnapshot,
        hand: PrivateHand,
        note: str = "",
        *,
        once: bool = False,
    ) -> None:
        """A person's hand by DM (``_hand_by_dm``). Their turn's controls are noted as sent only
        once Discord took them: where it did not, for a reason that may pass (``UNDELIVERED``, or
        the service stopped waiting), they are ``_undelivered`` and their turn offered again."""
        if not hand.your_turn:
            await self._hand_by_dm(state, snap, hand, note, once=once)
            return
        try:
            await self._hand_by_dm(state, snap, hand, note, once=once)
        except asyncio.CancelledError:
            self._undelivered(state, hand)
            raise
        except UNDELIVERED as exc:
            log.warning("controls of seat %d at table %d not sent: %r", hand.seat, hand.table_id, exc)
            self._undelivered(state, hand)

    async def _hand_by_dm(
        self, state: TableMessages, snap: TableSnapshot, hand: PrivateHand, note: str, *, once: bool
    ) -> None:
        """A person's hand by DM (with their controls, if it is their turn), or where DMs are
        closed a ping that sends them to Show my hand. ``once``: not if the DM is there already.
        Not while the person has the table open in the Activity, which shows them the same: their
        controls are then not noted as sent, and the service offers the turn again when the page
        closes (checked and noted before anything is awaited, so a page closing meanwhile is
        either seen here or finds the controls sent). A ping of theirs from an earlier turn is
        taken down at their turn, as the ping it would have had would replace it."""
        assert hand.player_id is not None
        if self.live is not None and self.live.watching(hand.table_id, hand.player_id):
            if state.controls_sent.get(hand.seat) == hand.move_number:
                del state.controls_sent[hand.seat]
            if hand.your_turn and hand.player_id in state.pings:
                await self._unping(state, hand.player_id)
            return
        if hand.player_id in state.no_dm:
            if hand.your_turn:
                # a ping is public, in the thread: the table's language (as its Show my hand button)
                lang = await self.public(state, snap)
                key = {Phase.PASSING: "ping.pass", Phase.MOON_CHOICE: "ping.moon"}.get(
                    hand.phase, "ping.turn"
                )
                text = t(
                    key,
                    lang,
                    mention=mention(hand.player_id),
                    table=snap.table_id,
                    countdown=countdown(hand.deadline, lang),
                    button=t("button.show_hand", lang),
                )
                await self._ping(state, hand.player_id, text)
                await self._controls_sent(state, hand)
            return
        there = hand.your_turn and (
            await self.dms.sent_before_restart(state, hand) or await self._taken_after_all(state, hand)
        )
        if there:
            await self._controls_sent(state, hand)
            await self.dms.controls_now(state, hand.seat, there)
            return
        payload = await self.hand_payload(hand, snap, note=note)
        kwargs: dict[str, Any] = {"content": payload.content, "file": payload.file()}
        if payload.view is not None:
            kwargs["view"] = payload.view
        sent = await self.dms.send(state, hand.player_id, once=once, **kwargs)
        if sent is not None:
            if hand.your_turn:
                await self._controls_sent(state, hand)
                await self.dms.controls_now(state, hand.seat, sent)
            elif state.controls_sent.get(hand.seat, hand.move_number) <= hand.move_number:
                # (not the controls of a later turn, sent meanwhile: an auto-play's DM whose wait
                # the presenter's time limit cut short)
                await self.dms.controls_now(state, hand.seat, None)

    async def _controls_sent(self, state: TableMessages, hand: PrivateHand) -> None:
        """Remembered once Discord took them, so that a restart resends only the controls that
        never went out."""
        state.unsent.pop(hand.seat, None)
        await self.saved.remember(state.table_id, f"ctl:{hand.seat}", str(hand.move_number))

    async def _taken_after_all(self, state: TableMessages, hand: PrivateHand) -> Sent | None:
        """Where controls whose send failed are in the person's DMs all the same (Discord took the
        request, and its answer was lost or no longer awaited): not sent twice."""
        if not state.send_failed(hand.seat, hand.move_number):
            return None
        return await self.dms.holds_controls(state, hand)

    def _undelivered(self, state: TableMessages, hand: PrivateHand) -> None:
        """A turn's controls Discord did not take: not noted as sent (a restart sends them), and
        the turn offered again after a wait that doubles while the sends fail. The service offers
        it only while it is theirs, so the retries end with the turn (a timeout, if nothing got
        through): the table never waits on a send that failed."""
        if state.controls_sent.get(hand.seat) == hand.move_number:
            del state.controls_sent[hand.seat]
        move, failed = state.unsent.get(hand.seat, (hand.move_number, 0))
        failed = failed + 1 if move == hand.move_number else 1
        state.unsent[hand.seat] = (hand.move_number, failed)
        offer, player_id = self.offer_turn, hand.player_id
        if offer is None or player_id is None or self._closed:
            return
        delay = min(RESEND_FIRST * 2 ** (failed - 1), RESEND_LONGEST)
        table_id = hand.table_id
        self.clock.call_at(self.clock.now() + delay, lambda: offer(table_id, player_id))

    async def _warn(self, state: TableMessages, event: ev.TimeoutWarning) -> None:
        rel = relative_time(event.deadline)
        for seat in event.seats:
            pid = event.table.seats[seat].player_id
            if pid is None:
                continue  # (sent to a person in the Activity too: their page may not be seen)
            if pid in state.no_dm:  # a ping, public in the thread: the table's language
                lang = await self.public(state, event.table)
                await self._ping(state, pid, t("hand.warning_ping", lang, mention=mention(pid), relative=rel))
            else:
                lang = await self.private(pid, state)
                await self.dms.send(
                    state, pid, content=t("hand.warning", lang, table=event.table.table_id, relative=rel)
                )

    # -- announcements -------------------------------------------------------------------------

    async def _tell_table(self, state: TableMessages, text: str, ping: str) -> None:
        await self._ping(state, ping, text)

    async def _ping(self, state: TableMessages, player_id: str, text: str) -> None:
        """A message in the table's channel that notifies one person (only people who can't get DMs
        are pinged): their previous ping is deleted first, so each has at most one at a time."""
        await self._unping(state, player_id)
        message = await self._announce(state, text, ping=player_id)
        if message is not None:
            state.pings[player_id] = message.id
            await self.saved.remember(state.table_id, f"ping:{player_id}", str(message.id))

    async def _unping_all(self, state: TableMessages, snap: TableSnapshot) -> None:
        """The game is over or cancelled: nobody has a turn to be pinged for, nor controls (a DM
        whose controls were live says so: ``_controls_gone``)."""
        for player_id in list(state.pings):
            await self._unping(state, player_id)
        key = "lobby.cancelled" if snap.status is TableStatus.CANCELLED else "lobby.finished"
        for seat in list(state.live_controls):
            person = snap.seats[seat].player_id if seat < len(snap.seats) else None
            await self._controls_gone(state, snap, seat, person, key)

    async def _controls_gone(
        self, state: TableMessages, snap: TableSnapshot, seat: int, person: str | None, key: str
    ) -> None:
        """The seat's controls are gone from the DM that held them (the game's end or cancel, a
        timeout, a quit), and that DM says why (``key``): ``_controls_told``."""
        await self._controls_told(state, snap, seat, person, lambda lang: t(key, lang))

    async def _controls_told(
        self,
        state: TableMessages,
        snap: TableSnapshot,
        seat: int,
        person: str | None,
        said: Callable[[str], str],
    ) -> None:
        """The seat's controls are gone from the DM that held them, and that DM says why or what
        was done (``said`` in a language), in ``person``'s language, under its header, in place of
        whose turn it was: its "tap a card" and countdown would otherwise stay for good, without a
        button."""
        if seat not in state.live_controls:
            return
        lang = await self.private(person, state)
        header = t("hand.header", lang, table=snap.table_id, hand=snap.hand_number or 1)
        await self.dms.controls_now(state, seat, None, why=f"{header}\n{said(lang)}")

    async def _moved(self, state: TableMessages, event: ev.PassChosen | ev.CardPlayed) -> None:
        """A seat's move is made (by its person, anywhere, or for them by the timer): the turn its
        person was pinged for is over, and the ping goes. Made elsewhere than the DM holding the
        seat's controls (the table's Show my hand, ``/hearts hand``, the Activity), that DM loses
        its buttons now, not at the person's next DM (a trick or the others' passes away, saying
        "Your turn" until then), and says what was done, as a click in it would have. A click in
        that DM is answered by its own edit (``DirectMessages.answering``): no second one."""
        snap = event.table
        person = snap.seats[event.seat].player_id
        if person is None:  # a computer's move
            return
        await self._unping(state, person)
        if not self.dms.unanswered(state, event.seat):
            return
        said = _move_words(event)
        if said is not None:
            await self._controls_told(state, snap, event.seat, person, said)

    async def _unping(self, state: TableMessages, player_id: str) -> None:
        message_id = state.pings.pop(player_id, None)
        channel_id = state.play_channel or state.lobby_channel
        if message_id is None or channel_id is None:
            return
        try:
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
        except discord.HTTPException as exc:  # already deleted (by a moderator), or the thread is gone
            log.info("ping %s of table %d not deleted: %s", message_id, state.table_id, exc)
        await self.saved.remember(state.table_id, f"ping:{player_id}", None)

    async def _announce(
        self, state: TableMessages, text: str, ping: str | None = None, *, once: bool = False, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the table's place (``_places``: the next one where it is gone). ``once``: not if
        the bot's last messages there say it already (an event offered again after a restart)."""
        mentions = only_user(ping) if ping else NO_PINGS
        return await self.places.send(state, once=once, content=text, allowed_mentions=mentions, **kwargs)

    async def _seat_news(self, state: TableMessages, event: ev.SeatChanged, again: bool) -> None:
        lang = await self.public(state, event.table)
        name = (
            player_name(event.player_id, state.names, lang)
            if event.player_id
            else computer_name(event.seat, locale=lang)
        )
        if event.change is ev.SeatChange.QUIT:  # a computer plays the seat now
            await self._controls_gone(state, event.table, event.seat, event.player_id, "hand.you_left")
            if event.player_id is not None:  # (always: a person quits) no turn of theirs is left
                await self._unping(state, event.player_id)
            # Nor noted as sent: a person who takes the seat back before the computer has moved
            # is offered the same move again, and must get its controls.
            state.controls_sent.pop(event.seat, None)
            await self.saved.remember(state.table_id, f"ctl:{event.seat}", None)
            await self._announce(state, t("announce.quit", lang, name=name), once=again)
        elif event.change is ev.SeatChange.REJOINED:
            await self._announce(state, t("announce.rejoined", lang, name=name), once=again)

    async def _game_over(self, state: TableMessages, event: ev.GameOver, again: bool) -> None:
        if event.table.options.daily:
            # A daily game names no winner (RULES.md §3a): its end, each hand against par with
            # the result line, is the daily extension's, sent once the result is recorded.
            await self._unping_all(state, event.table)
            return
        lang = await self.public(state, event.table)
        text, file = await self._game_end(state, event, lang)
        # one attempt per day, and an event seats its next round itself: no rematch
        rematch = not event.table.options.daily and event.table.options.event_id is None
        extra: dict[str, Any] = {}
        if rematch and any(s.player_id is not None and not s.is_computer for s in event.table.seats):
            extra["view"] = rematch_view(event.table.table_id, 0, lang, last_finished_hand(event.table))
        try:
            shown = await self._announce(state, text, once=again, file=file, **extra)
        except discord.Forbidden as exc:  # the bot may no longer post there: the players are told by DM
            log.warning("table %d: the game's end not posted (%s): sent by DM", event.table.table_id, exc)
            shown = None
        if shown is None:
            await self._game_end_by_dm(state, event, again)
        await self._edit_lobby(state, event.table)
        await self._unping_all(state, event.table)
        if shown is not None:  # after the thread's post: a DM never holds it up
            await self._game_end_told(state, event, shown, again)

    async def _game_end(
        self, state: TableMessages, event: ev.GameOver, lang: str
    ) -> tuple[str, discord.File]:
        """Who won and the final standings' picture, in ``lang``."""
        hands = event.table.hand_number or 0
        image = images.standings_image(event.result, state.names, hands, lang)
        png = await self.render.standings(image, lang)
        alt = standings_alt(image, lang)
        return game_over_text(event, state.names, lang), discord.File(
            io.BytesIO(png), filename="standings.png", description=alt
        )

    async def _game_end_by_dm(self, state: TableMessages, event: ev.GameOver, again: bool) -> None:
        """No channel is left for the table (``_places``): each person who played gets its end by
        DM, in their own language, so that a game never ends unseen."""
        seats = event.table.seats
        people = {s.player_id for s in seats if s.player_id and not s.is_computer}
        people |= {s.left_player for s in seats if s.left_player}
        for player_id in sorted(people):
            lang = await self.private(player_id, state)
            text, file = await self._game_end(state, event, lang)
            why = t("announce.end_by_dm", lang, table=event.table.table_id)
            await self.dms.send(state, player_id, once=again, content=f"{why}\n{text}", file=file)

    async def _game_end_told(
        self, state: TableMessages, event: ev.GameOver, shown: discord.Message, again: bool
    ) -> None:
        """Each person seated at the end whose DMs are open gets one DM saying the game is over, in
        their own language, with a link to the final standings in the table's place: someone who
        plays only in their DMs would otherwise never learn of it. Not those who left it (a
        computer has their seat), nor those whose Activity page shows it (their DMs are held back
        while it is in view, as their turns are). ``again``: not if their last DMs say it already
        (a restart)."""
        snap = event.table
        people = sorted({s.player_id for s in snap.seats if s.player_id and not s.is_computer})
        link = message_link(snap.guild_id, shown.channel.id, shown.id)
        for player_id in people:
            if player_id in state.no_dm or (
                self.live is not None and self.live.watching(snap.table_id, player_id)
            ):
                continue
            lang = await self.private(player_id, state)
            text = game_end_dm_text(event, state.names, link, lang)
            await self.dms.send(state, player_id, once=again, content=text, allowed_mentions=NO_PINGS)

    async def _broken(self, event: ev.TableBroken) -> None:
        if event.channel_id is None:
            return
        lang = self._guild_language(event.guild_id)
        await self.client.get_partial_messageable(int(event.channel_id)).send(
            content=t("announce.broken", lang, table=event.table_id), allowed_mentions=NO_PINGS
        )

    async def _damaged(self, event: ev.DataDamaged) -> None:
        """Told once per damaged row (the service remembers): where it was noticed, else in the
        server's system channel (where Discord posts its own notices to admins)."""
        channel_id = event.channel_id
        if channel_id is None and event.guild_id is not None:
            guild = self.client.get_guild(int(event.guild_id))
            if guild is not None and guild.system_channel is not None:
                channel_id = str(guild.system_channel.id)
        if channel_id is None:
            return  # logged by the service
        key = "announce.settings_damaged" if event.what == "server_settings" else "announce.damaged"
        lang = self._guild_language(event.guild_id)
        await self.client.get_partial_messageable(int(channel_id)).send(
            content=t(key, lang, what=event.what, key=event.key), allowed_mentions=NO_PINGS
        )

    # -- helpers -------------------------------------------------------------------------------


def _age(message_id: int, now: float) -> float:
    """Seconds from a message's posting (its id encodes the time) to ``now``."""
    return now - discord.utils.snowflake_time(message_id).timestamp()


def _reviewed_hand(replaced: int | None, hand: int) -> int | None:
    """The hand whose Review hand a replaced table message keeps: the hand it showed, when a new
    hand's message replaced it (that hand is over), else (its hourly refresh) the one before it."""
    if replaced is None:
        return None
    return replaced if replaced < hand else (replaced - 1 or None)


def _move_words(event: ev.PassChosen | ev.CardPlayed) -> Callable[[str], str] | None:
    """What a click's answer says of this move, in a given language (None: a pass kept in the
    outbox by an older bot, whose cards it does not tell)."""
    if isinstance(event, ev.CardPlayed):
        card = event.card
        return lambda lang: played_line(card, lang)
    if not event.cards:
        return None
    passed, towards = event.cards, event.table.direction
    return lambda lang: passed_line(passed, towards, lang)
