"""The leaderboard image: the asker's row outlined (on the page, or under it after a gap), the
first place gold, the skill's change coloured up or down, names in any script and emoji drawn."""

from __future__ import annotations

import pytest

from bot.render import leaderboard as lb
from bot.render import theme
from bot.render.leaderboard import LeaderboardImage, LeaderboardRowImage
from tests.render.pixels import count_near, decode, mean_luminance

HEADERS = ("#", "player", "points", "games", "wins", "skill")
NAMES = ("Alice", "王小明", "محمد علي", "😀 Zoë 🔥", "राहुल", "さくら")


def rows(mine: int | None = None) -> tuple[LeaderboardRowImage, ...]:
    return tuple(
        LeaderboardRowImage(
            str(i + 1),
            name,
            str(500 - 40 * i),
            "9",
            "3",
            "24.1",
            "▲ 1.2" if i % 2 else "▼ 0.4",
            i % 2 == 1,
            mine=i == mine,
            leader=i == 0,
        )
        for i, name in enumerate(NAMES)
    )


def row_box(i: int) -> tuple[int, int, int, int]:
    top = lb.TITLE_H + lb.HEADER_H + i * lb.ROW_H
    return (lb.PAD, top, lb.WIDTH - lb.PAD, top + lb.ROW_H - 4)


def test_the_askers_row_is_outlined_and_the_leader_gold() -> None:
    im = decode(lb.render(LeaderboardImage("Season 3", "page 1 of 1", HEADERS, rows(mine=2))))
    cyan = [count_near(im, row_box(i), theme.CYAN, 30) for i in range(len(NAMES))]
    assert cyan[2] > 500 and max(cyan[:2] + cyan[3:]) < 50
    assert count_near(im, row_box(0), theme.GOLD, 30) > 300


def test_the_askers_row_under_the_page_when_elsewhere() -> None:
    page = LeaderboardImage("Leaderboard", "page 1 of 6", HEADERS, rows())
    mine = LeaderboardRowImage("57", "me", "40", "2", "0", "10.0", mine=True)
    under = LeaderboardImage(
        "Leaderboard", "page 1 of 6", HEADERS, rows(), me=mine, me_label="me: place 57 of 60"
    )
    plain, marked = decode(lb.render(page)), decode(lb.render(under))
    assert marked.height == plain.height + lb.GAP + lb.ROW_H
    below = (lb.PAD, plain.height - lb.PAD + lb.GAP, lb.WIDTH - lb.PAD, marked.height - lb.PAD)
    assert count_near(marked, below, theme.CYAN, 30) > 500


def test_changes_are_green_up_and_red_down_and_every_name_is_drawn() -> None:
    im = decode(lb.render(LeaderboardImage("Leaderboard", "page 1 of 1", HEADERS, rows())))
    change = [(lb.CHANGE_X, b[1], lb.WIDTH - lb.PAD, b[3]) for b in map(row_box, range(len(NAMES)))]
    assert (
        count_near(im, change[1], lb.UP.colour, 30) > 20
        and count_near(im, change[1], lb.DOWN.colour, 30) == 0
    )
    assert count_near(im, change[0], lb.DOWN.colour, 30) > 20
    names = [(lb.NAME_X, b[1], lb.POINTS_RIGHT - 100, b[3]) for b in map(row_box, range(len(NAMES)))]
    bare = decode(
        lb.render(
            LeaderboardImage(
                "Leaderboard",
                "",
                HEADERS,
                tuple(LeaderboardRowImage(r.place, "", r.points, r.games, r.wins, r.skill) for r in rows()),
            )
        )
    )
    for box in names[1:]:  # text (light) where the name is, in every script
        assert mean_luminance(im, box) > mean_luminance(bare, box) + 3


def test_an_empty_board_still_renders() -> None:
    assert (
        decode(lb.render(LeaderboardImage("Leaderboard", "", HEADERS, (), empty="nobody"))).width == lb.WIDTH
    )


def test_the_line_naming_the_asker_runs_left_to_right_whatever_their_names_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "{name}: place 57 of 80" with an Arabic name was drawn right to left (its first letter's
    direction): the sentence is the bot's, so it runs left to right; the names alone stay as they are."""
    directions: dict[str, object] = {}
    paste = lb.paste_text

    def seen(canvas: object, text: str, *args: object, **kwargs: object) -> object:
        directions[text] = kwargs.get("direction")
        return paste(canvas, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lb, "paste_text", seen)
    label = "محمد علي: place 57 of 60"
    mine = LeaderboardRowImage("57", "محمد علي", "40", "2", "0", "10.0", mine=True)
    lb.render(LeaderboardImage("Leaderboard", "page 1 of 6", HEADERS, rows(), me=mine, me_label=label))
    assert directions[label] == "ltr" and directions["Leaderboard"] == "ltr"
