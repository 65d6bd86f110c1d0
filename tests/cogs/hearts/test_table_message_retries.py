"""A table message's drawing that fails for a reason that may pass (a 5xx) is tried again on the
table service's clock (``_redraw``), a few times: the game's last drawing, which takes the controls
off, has no later drawing to make up for it."""

from __future__ import annotations

from cogs.hearts._redraw import RETRIES, RETRY_FIRST
from discord_emulator import route_keys
from discord_emulator.faults import RouteFault
from playtest.harness import Hearts

OVER = "This game is over."


def the_end_fails(hearts: Hearts, times: int) -> RouteFault:
    """The next ``times`` edits of the table message to the game's end are answered 503 (which
    discord.py does not retry itself)."""
    return hearts.emu.faults.server_error(
        route_keys.EDIT_MESSAGE,
        status=503,
        times=times,
        where=lambda r: isinstance(r.json, dict) and r.json.get("content") == OVER,
    )


async def finish_a_game(hearts: Hearts) -> None:
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice])
    await hearts.settle()


async def test_the_games_last_table_drawing_refused_by_a_5xx_is_tried_again(hearts: Hearts) -> None:
    """Discord refuses the end's drawings for a while: the message shows the game going on until
    the try again on the clock, once Discord takes them again. (The end may be drawn once or, when
    a newer snapshot of it came while the first was refused, twice at once, both refused: the wait
    doubles with each failure in a row, so the test waits as long as its failures make it. With
    one failure allowed, the second drawing had shown the end before the clock moved, and the test
    failed on a loaded machine.)"""
    failed = the_end_fails(hearts, 100)
    await finish_a_game(hearts)
    table = hearts.table_message()
    assert table is not None and failed.hits
    assert "Show my hand" in table.labels  # not yet: the try again waits on the clock
    failed.times = len(failed.hits)  # Discord takes them again
    hearts.clock.advance(RETRY_FIRST * 2 ** (len(failed.hits) - 1))
    await hearts.settle()
    table = hearts.table_message()
    assert table is not None and table.content == OVER
    assert not [c for c in table.custom_ids if not c.startswith("hh:tbl:sheet:")]  # the Score sheet only


async def test_a_drawing_that_keeps_failing_is_tried_again_a_few_times_only(hearts: Hearts) -> None:
    failed = the_end_fails(hearts, RETRIES + 5)
    await finish_a_game(hearts)
    for _ in range(RETRIES + 3):  # each try again is armed when the one before has failed
        hearts.clock.advance(RETRY_FIRST * 2**RETRIES)
        await hearts.settle()
    assert len(failed.hits) == 1 + RETRIES
