"""A minimal discord.py bot for the emulator's own tests (the real Hearts cogs come later).

It uses the features the Hearts bot will: a slash command group with a subcommand group, a message
with buttons and a select menu, a `DynamicItem` button that survives restarts and DMs a PNG (with an
ephemeral fallback when DMs are closed), a deferred response with a followup, a modal, a thread.
Commands that must be late or must fail wait on events the test controls, so no test sleeps.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from .entry_points import PRIMARY_ENTRY_POINT as ENTRY_POINT

CARDS = ["2♣", "Q♠", "A♥", "10♦", "K♣"]


def render_hand(seat: int) -> discord.File:
    """A small PNG whose colour encodes the seat, so a test can check it decoded the right image."""
    image = Image.new("RGB", (40, 20), (seat * 40 % 256, 100, 200))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    buffer.seek(0)
    return discord.File(buffer, filename=f"hand-{seat}.png")


@dataclass
class Gates:
    """Events the test sets to let a waiting command continue (instead of the bot sleeping)."""

    late: asyncio.Event = field(default_factory=asyncio.Event)
    slow: asyncio.Event = field(default_factory=asyncio.Event)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"hand:(?P<table>\d+):(?P<seat>\d+)"
):
    """'Show my hand': state lives in the custom_id, so it works on old messages after a restart."""

    def __init__(self, table: int, seat: int) -> None:
        super().__init__(discord.ui.Button(label="Show my hand", custom_id=f"hand:{table}:{seat}"))
        self.table, self.seat = table, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # type: ignore[no-untyped-def]
        return cls(int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, MinimalBot)
        try:
            await interaction.user.send(
                f"Your hand at table {self.table}", file=render_hand(self.seat), view=HandControls()
            )
        except discord.Forbidden as exc:
            bot.events.append(("dm-refused", exc.code))
            await interaction.response.send_message(
                "Your DMs are closed; here is your hand.", file=render_hand(self.seat), ephemeral=True
            )
            return
        bot.events.append(("dm-sent", interaction.user.id))
        await interaction.response.send_message("Sent to your DMs.", ephemeral=True)


class HandControls(discord.ui.View):
    """Controls sent with the hand in a DM: interactions there come without a server."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ready", custom_id="ready")
    async def ready(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        assert interaction.guild is None and isinstance(interaction.channel, discord.DMChannel)
        await interaction.response.edit_message(content=f"{interaction.user.name} is ready", view=None)


class DealView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(HandButton(table=7, seat=2))

    @discord.ui.button(label="Join", custom_id="join", style=discord.ButtonStyle.success)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} joined")

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6: nothing visible changes yet
        await interaction.edit_original_response(content="Table 7 (refreshed)")  # @original: this message

    @discord.ui.button(label="Close", custom_id="close", style=discord.ButtonStyle.danger)
    async def close(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.delete_original_response()

    @discord.ui.select(
        custom_id="pass",
        min_values=3,
        max_values=3,
        options=[discord.SelectOption(label=c, value=c) for c in CARDS],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content="Passing " + " ".join(select.values))


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Your note", custom_id="note", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Noted: {self.text.value}", ephemeral=True)


class MinimalTree(app_commands.CommandTree[Any]):
    """discord.py 2.7 has no Entry Point commands (type 4): its tree would not find one and log an
    error, so the check before any command answers them, opening the Activity."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("type") == ENTRY_POINT:
            await _launch(interaction)
            return False
        return True


class MinimalBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), tree_cls=MinimalTree
        )
        self.events: list[tuple[str, object]] = []
        self.gates = Gates()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before re-IDENTIFYing after an invalid session; not worth it here."""

    async def setup_hook(self) -> None:
        self.add_dynamic_items(HandButton)
        self.tree.add_command(game)
        more: tuple[Any, ...] = (
            deal,
            slow,
            oldstyle,
            late,
            feedback,
            announce,
            badview,
            admin,
            post,
            edit,
            thread,
            colour,
            play,
        )
        for command in more:
            self.tree.add_command(command)
        await self.tree.sync()


def _bot(interaction: discord.Interaction) -> MinimalBot:
    assert isinstance(interaction.client, MinimalBot)
    return interaction.client


game = app_commands.Group(name="game", description="Games")
table = app_commands.Group(name="table", description="Tables", parent=game)


@table.command(name="open", description="Open a table")
@app_commands.describe(seats="How many seats")
async def table_open(
    interaction: discord.Interaction, seats: app_commands.Range[int, 3, 7], rated: bool = False
) -> None:
    await interaction.response.send_message(f"Table with {seats} seats, rated={rated}")


@app_commands.command(description="Deal: a message with buttons and a select menu")
@app_commands.guild_only()
async def deal(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Table 7", view=DealView())


@app_commands.command(description="Defer, then edit the answer in when the test says so")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await _bot(interaction).gates.slow.wait()
    try:
        await interaction.edit_original_response(content="done", attachments=[render_hand(1)])
    except discord.HTTPException as exc:
        _bot(interaction).events.append(("followup-failed", (exc.status, exc.code)))


@app_commands.command(description="Defer, then answer with a followup (the deprecated path)")
async def oldstyle(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.followup.send("done")


@app_commands.command(description="Answer only when the test says so")
async def late(interaction: discord.Interaction) -> None:
    await _bot(interaction).gates.late.wait()
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as exc:
        _bot(interaction).events.append(("late-refused", exc.code))


@app_commands.command(description="Open a modal")
async def feedback(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback())


@app_commands.command(description="Post in the channel (may lack permission)")
async def announce(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    try:
        await interaction.channel.send("Announcement")
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"I may not post here ({exc.code})", ephemeral=True)
        return
    await interaction.response.send_message("Posted", ephemeral=True)


@app_commands.command(description="Send a view whose custom_id is too long")
async def badview(interaction: discord.Interaction) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
    try:
        await interaction.response.send_message("bad", view=view)
    except discord.HTTPException as exc:
        _bot(interaction).events.append(("rejected", (exc.status, exc.code, exc.text)))
        await interaction.response.send_message("rejected", ephemeral=True)


@app_commands.command(description="Managers only")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("settings", ephemeral=True)


@app_commands.command(description="Post a table message with channel.send")
async def post(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    message = await interaction.channel.send("Table", view=DealView())
    _bot(interaction).events.append(("posted", message.id))
    await interaction.response.send_message("ok", ephemeral=True)


@app_commands.command(description="Edit the message posted by /post")
async def edit(interaction: discord.Interaction, message_id: str) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    try:
        await interaction.channel.get_partial_message(int(message_id)).edit(content="Table (edited)")
    except discord.NotFound as exc:
        await interaction.response.send_message(f"gone ({exc.code})", ephemeral=True)
        return
    await interaction.response.send_message("edited", ephemeral=True)


@app_commands.command(description="Open a thread for a table and post in it")
async def thread(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"Table {name}")
    message = await interaction.original_response()
    created = await message.create_thread(name=name)
    await created.send("Seats: 4", view=DealView())


COLOURS = ("red", "green", "blue", "yellow", "purple", "orange", "black", "white")


@app_commands.command(description="Pick a colour: typing its name suggests the colours that match")
async def colour(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"Colour {name}", ephemeral=True)


@colour.autocomplete("name")
async def colour_suggestions(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c.title(), value=c) for c in COLOURS if typed.lower() in c]


@app_commands.command(description="Open the Activity (LAUNCH_ACTIVITY)")
async def play(interaction: discord.Interaction) -> None:
    await _launch(interaction)


async def _launch(interaction: discord.Interaction) -> None:
    try:
        answer = await interaction.response.launch_activity()
    except discord.HTTPException as exc:
        _bot(interaction).events.append(("launch-refused", (exc.status, exc.code)))
    else:
        _bot(interaction).events.append(("launched", answer.activity_id))
