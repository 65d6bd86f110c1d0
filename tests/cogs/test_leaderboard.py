"""The server's leaderboard and a member's statistics after two games."""

from __future__ import annotations

import re

from bot.text import t
from playtest.harness import Hearts


async def test_the_leaderboard_and_stats_after_two_games(hearts: Hearts) -> None:
    alice, bob, carol = hearts.people[:3]
    emu = hearts.emu

    empty = await emu.slash(carol, hearts.general, "leaderboard")
    await empty.wait_acknowledged()
    assert t("leaderboard.empty") in (await empty.wait_original()).content

    for game in (1, 2):
        lobby = await hearts.open_table(alice, seats=4, target=10)
        await hearts.seat(lobby, [bob])
        await hearts.click(alice, lobby, "Start")
        await hearts.play_until(lambda n=game: len(hearts.public("Game over")) >= n, [alice, bob])
        await hearts.wait_content(lobby, t("lobby.finished"))
        assert "ranking points" in hearts.public("Game over")[-1].content

    ix = await emu.slash(carol, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    assert not board.ephemeral  # the leaderboard is for everyone in the channel
    lines = board.content.splitlines()
    assert lines[0] == t("leaderboard.title", order=t("leaderboard.order.points"))
    rows = {m["name"]: m for line in lines[1:] if (m := _row(line))}
    assert set(rows) == {"alice", "bob"}  # people only; computers are not ranked
    assert all(row["games"] == "2" for row in rows.values())
    assert sorted(int(row["rank"]) for row in rows.values()) == [1, 2]
    first = min(rows.values(), key=lambda r: int(r["rank"]))
    assert all(int(first["points"]) >= int(r["points"]) for r in rows.values())

    stats = await hearts.reply(await emu.slash(carol, hearts.general, "stats", member=bob))
    assert stats.content == t("stats.title", name="bob")
    (profile,) = stats.attachments  # the profile image, described in words
    assert profile.filename == "profile.png" and profile.image().width > 0
    said = str(profile.description)
    assert f"ranking points {rows['bob']['points']}" in said
    assert "games 2," in said and f"rank #{rows['bob']['rank']}" in said
    (played,) = await hearts.bot.db.rows(
        "SELECT SUM(hands) FROM game_players WHERE player_id = ?", (str(bob.id),)
    )
    assert f"hands {played[0]}," in said  # every hand of both games, replayed from the logs
    assert "Q♠ taken" in said and "accuracy –" in said  # no review yet

    mine = await hearts.reply(await emu.slash(carol, hearts.general, "stats"))
    assert mine.content == t("stats.none", name="carol")


def _row(line: str) -> dict[str, str] | None:
    match = re.match(
        r"(?P<rank>\d+)\. (?P<name>\S+) · (?P<points>-?\d+) pts? · (?P<games>\d+) games? · "
        r"(?P<wins>\d+) wins?",
        line,
    )
    return match.groupdict() if match else None
