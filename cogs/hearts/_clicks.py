"""What a click does: the handlers behind every control of the game, between Discord and the table
service (the ``ControlHandler`` of ``_controls``).

Each handler answers its interaction exactly once and within Discord's 3-second limit. Anything
that draws an image defers first (a render can wait behind a backlog of many tables dealing at
once); a move gives the service up to ``FAST_ANSWER`` seconds and otherwise defers and answers
later. After a "thinking" defer the answer edits the loading message, never a followup (the path
Discord documents as deprecated). Whatever fails unexpectedly is answered by
``bot.client.answers.answer_error``. A refusal (stale control, not your seat, illegal card, ...)
is answered privately with the catalogue's words and changes nothing. The answer to a card played
or a pass confirmed edits the message that held the control (one REST call), so the controls
disappear and a second click can't happen.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.client.answers import actor_of, answer_refused, defer_private, private_answer
from bot.engine.cards import Card, CardSet, cards_of
from bot.engine.hand import Phase
from bot.engine.moves import Refusal
from bot.tables import PrivateHand, Refused, TableRefusal, TableService, TableSnapshot
from bot.tables.permissions import Actor
from bot.text import t
from bot.text.alt_text import score_sheet_alt
from cogs.hearts import _images as images
from cogs.hearts._controls import LobbyAction, SeatMove, TableAction
from cogs.hearts._presenter import DiscordPresenter
from cogs.hearts._rematch import Rematches
from cogs.hearts._wording import last_trick_line, moon_choice, passed_line, played_line

log = logging.getLogger(__name__)

FAST_ANSWER = 2.0  # seconds to wait for the service before deferring (Discord allows 3)
T = TypeVar("T")


class Clicks:
    """Implements ``_controls.ControlHandler``; also the hand and score sheet of ``/hearts``."""

    def __init__(self, service: TableService, presenter: DiscordPresenter) -> None:
        self.service = service
        self.presenter = presenter
        self.rematches = Rematches(service, presenter)

    # -- plumbing ------------------------------------------------------------------------------

    async def _within_limit(
        self, interaction: discord.Interaction[Any], work: Awaitable[T], thinking: bool
    ) -> T:
        """Run ``work``; if it is slow, defer the interaction so it doesn't expire meanwhile."""
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=FAST_ANSWER)
        if not done and not interaction.response.is_done():
            if thinking:
                await defer_private(interaction)
            else:
                await interaction.response.defer()
        return await task

    async def _update(self, interaction: discord.Interaction[Any], **kwargs: Any) -> None:
        """Edit the message that holds the clicked control (in a DM, its token then carries the
        person's next DMs)."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
        self.presenter.dms.heard(interaction)

    async def _done(self, interaction: discord.Interaction[Any], at: SeatMove, text: str) -> None:
        """Answer a move made with the clicked controls: their message says what was done, and
        loses its buttons (so the presenter has no controls of the seat to take down)."""
        await self._update(interaction, content=text, view=None)
        if interaction.message is not None:
            state = await self.presenter.state(at.table)
            await self.presenter.dms.answered(state, at.seat, interaction.message.id)

    async def _guarded(self, interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
        try:
            await work
        except Refused as exc:
            await answer_refused(interaction, exc)

    async def _of_this_server(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Refuse (no such table) a control of a table that is not this server's: an old message
        whose table number now names another server's table (a database restored or replaced).
        Nothing of that table is shown or changed. A DM's controls (a daily game's) name no server."""
        if interaction.guild_id is None:
            return
        snap = await self.service.table_snapshot(table_id)
        if snap.guild_id != str(interaction.guild_id):
            raise Refused(TableRefusal.NO_SUCH_TABLE)

    async def learn(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self.presenter.learn_name(table_id, interaction.user)

    # -- lobby buttons ---------------------------------------------------------------------------

    async def lobby(
        self, interaction: discord.Interaction[Any], action: LobbyAction | None, table_id: int
    ) -> None:
        await self._guarded(interaction, self._lobby(interaction, action, table_id))

    async def _lobby(
        self, interaction: discord.Interaction[Any], action: LobbyAction | None, table_id: int
    ) -> None:
        if action is None:
            await private_answer(interaction, t("table.stale", await self.presenter.reader(interaction)))
            return
        await self._of_this_server(interaction, table_id)
        # The lobby message is redrawn by the presenter from the service's event: acknowledge only.
        await interaction.response.defer()
        actor = actor_of(interaction)
        if action is LobbyAction.JOIN:
            await self.learn(interaction, table_id)
            await self.service.join(actor, table_id)
        elif action is LobbyAction.LEAVE:
            await self.service.leave(actor, table_id, from_lobby=True)
        elif action is LobbyAction.ADD_COMPUTER:
            await self.service.add_computer(actor, table_id)
        elif action is LobbyAction.START:
            await self.service.start_game(actor, table_id)
        else:
            await self.service.cancel(actor, table_id, from_lobby=True)

    # -- table message buttons ---------------------------------------------------------------------

    async def table_button(
        self, interaction: discord.Interaction[Any], action: TableAction | None, table_id: int
    ) -> None:
        await self._guarded(interaction, self._table_button(interaction, action, table_id))

    async def _table_button(
        self, interaction: discord.Interaction[Any], action: TableAction | None, table_id: int
    ) -> None:
        if action is None or (action is TableAction.ACTIVITY and not self.presenter.activity):
            await private_answer(interaction, t("table.stale", await self.presenter.reader(interaction)))
            return
        await self._of_this_server(interaction, table_id)
        if action is TableAction.SHOW_HAND:
            await self.show_hand(interaction, table_id)
        elif action is TableAction.SCORE_SHEET:
            await self.score_sheet(interaction, table_id)
        elif action is TableAction.REJOIN:
            await self._rejoin(interaction, table_id)
        elif action is TableAction.LAST_TRICK:
            await self.last_trick(interaction, table_id)
        else:
            await self._open_activity(interaction)

    async def _open_activity(self, interaction: discord.Interaction[Any]) -> None:
        """Open the table: Discord opens the Activity in this channel (LAUNCH_ACTIVITY), where the
        page finds the channel's table and the person's seat (cogs.activity)."""
        await interaction.response.launch_activity()

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The ephemeral hand with its controls: the fallback for closed DMs, and a fresh copy for
        anyone whose DM controls have expired."""
        hand = self.service.private_hand(actor_of(interaction), table_id)
        snap = self.service.snapshot(table_id)
        await defer_private(interaction)  # answer first: a render can wait behind a backlog
        payload = await self.presenter.hand_payload(
            hand, snap, locale=await self.presenter.reader(interaction)
        )
        kwargs: dict[str, Any] = {"file": payload.file()}
        if payload.view is not None:
            kwargs["view"] = payload.view
        await private_answer(interaction, payload.content, **kwargs)

    async def score_sheet(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async def build() -> discord.File:
            sheet = await self.service.score_sheet(table_id)
            snap = await self.service.table_snapshot(table_id)
            state = await self.presenter.state(table_id)
            # the table's sheet: public words (the same for everyone who asks), like the table image
            lang = await self.presenter.public(state, snap)
            image = images.score_sheet_image(sheet, state.names, snap.options.rules.target_score, lang)
            png = await self.presenter.render.sheet(image, lang)
            return discord.File(
                io.BytesIO(png), filename="scores.png", description=score_sheet_alt(image, lang)
            )

        await defer_private(interaction)
        await private_answer(interaction, "", file=await build())

    async def last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The hand's last complete trick, privately (in the reader's language): who played what
        and who took it."""
        snap = await self.service.table_snapshot(table_id)
        state = await self.presenter.state(table_id)
        text = last_trick_line(snap, state.names, await self.presenter.reader(interaction))
        await private_answer(interaction, text)

    async def _rejoin(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async def rejoined() -> None:  # a new name is written too: within Discord's 3 s as well
            await self.learn(interaction, table_id)
            await self.service.rejoin(actor_of(interaction), table_id)

        await self._within_limit(interaction, rejoined(), thinking=True)
        await private_answer(interaction, t("reply.done", await self.presenter.reader(interaction)))

    # -- hand controls -----------------------------------------------------------------------------

    async def pass_toggled(
        self, interaction: discord.Interaction[Any], at: SeatMove, card: Card, chosen: CardSet
    ) -> None:
        await self._guarded(interaction, self._pass_toggled(interaction, at, card, chosen))

    async def _pass_toggled(
        self, interaction: discord.Interaction[Any], at: SeatMove, card: Card, chosen: CardSet
    ) -> None:
        """A card tapped while passing: chosen, or put back. The new choice goes into every button
        of the redrawn message and into its hand image (nothing is kept in memory)."""
        await self.service.visit(at.table)  # a DM click on another process's table: loaded fresh
        hand = self._own_hand(interaction, at)
        if hand.phase is not Phase.PASSING or hand.passed is not None:
            raise Refused(Refusal.ALREADY_PASSED)
        if (chosen | 1 << card) & ~hand.cards:
            raise Refused(Refusal.NOT_IN_HAND)
        selected = chosen ^ 1 << card
        if selected.bit_count() > hand.pass_count:
            raise Refused(Refusal.WRONG_PASS_COUNT, count=hand.pass_count)
        snap = self.service.snapshot(at.table)
        await interaction.response.defer()  # acknowledged at once: the new image can wait for a render
        lang = await self.presenter.reader(interaction)
        payload = await self.presenter.hand_payload(hand, snap, selected, locale=lang)
        await self._update(
            interaction, content=payload.content, attachments=[payload.file()], view=payload.view
        )

    async def pass_confirmed(
        self, interaction: discord.Interaction[Any], at: SeatMove, cards: CardSet
    ) -> None:
        async def work() -> None:
            await self._within_limit(
                interaction,
                self.service.pass_cards(actor_of(interaction), at.table, at.move_number, cards),
                thinking=False,
            )
            hand = self.service.private_hand(actor_of(interaction), at.table)
            lang = await self.presenter.reader(interaction)
            await self._done(interaction, at, passed_line(cards, hand.pass_direction, lang))

        with self.presenter.dms.answering(_message_id(interaction)):
            await self._guarded(interaction, work())

    async def play(self, interaction: discord.Interaction[Any], at: SeatMove, card: Card) -> None:
        async def work() -> None:
            await self._within_limit(
                interaction,
                self.service.play_card(actor_of(interaction), at.table, at.move_number, card),
                thinking=False,
            )
            lang = await self.presenter.reader(interaction)
            await self._done(interaction, at, played_line(card, lang))

        with self.presenter.dms.answering(_message_id(interaction)):
            await self._guarded(interaction, work())

    async def play_only_card(self, hand: PrivateHand) -> TableSnapshot:
        """Auto-play: the one card this seat may play, played for its player (their setting).
        Returns the table right after the move, which the DM that says so is worded from."""
        assert hand.player_id is not None and hand.playable.bit_count() == 1
        card = cards_of(hand.playable)[0]
        return await self.service.play_card(Actor(hand.player_id), hand.table_id, hand.move_number, card)

    async def moon(self, interaction: discord.Interaction[Any], at: SeatMove, add_to_others: bool) -> None:
        async def work() -> None:
            await self.service.visit(at.table)
            rules = self.service.snapshot(at.table).options.rules
            await self._within_limit(
                interaction,
                self.service.choose_moon(actor_of(interaction), at.table, at.move_number, add_to_others),
                thinking=False,
            )
            lang = await self.presenter.reader(interaction)
            choice = moon_choice(rules, add_to_others, lang)
            await self._done(interaction, at, t("hand.moon_chosen", lang, choice=choice))

        await self._guarded(interaction, work())

    async def rematch(
        self, interaction: discord.Interaction[Any], table_id: int, confirmed: int, yes: bool
    ) -> None:
        await self._guarded(interaction, self.rematches.answer(interaction, table_id, confirmed, yes))

    def _own_hand(self, interaction: discord.Interaction[Any], at: SeatMove) -> PrivateHand:
        """The clicker's hand at this table, if the control is theirs and current: for a card
        tapped while passing, which only redraws the message (moves themselves are checked by the service)."""
        hand = self.service.private_hand(actor_of(interaction), at.table)
        if hand.seat != at.seat:
            raise Refused(TableRefusal.NOT_SEATED)
        if hand.move_number != at.move_number:
            raise Refused(TableRefusal.STALE, move=at.move_number, current=hand.move_number)
        return hand


def _message_id(interaction: discord.Interaction[Any]) -> int | None:
    """The message that holds the clicked control."""
    return None if interaction.message is None else interaction.message.id
