"""A page of a server's leaderboard: place, name, ranking points, games, wins and skill of each
row, a small marker for what the person's last game did to their skill, the reader's own row outlined, and,
when the reader is not on the page, their row under it after a gap. Every word comes in with the
model (the caller takes them from the catalogues); names in any script and emoji are drawn by the
font stack like every other image."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render import png, theme
from bot.render.fonts import TextStyle, paste_text
from bot.render.panels import paste_panel

WIDTH = 960
PAD = 14
LINE = WIDTH - 2 * (PAD + 4)  # the width of the title's and the subtitle's lines
TITLE_H = 86  # the title, and the order and page on a line of their own under it
HEADER_H = 36
ROW_H = 44
GAP = 34  # between the page and the reader's own row under it
PLACE_X = PAD + 14
NAME_X = PAD + 96
POINTS_RIGHT = WIDTH - PAD - 440
GAMES_RIGHT = WIDTH - PAD - 330
WINS_RIGHT = WIDTH - PAD - 230
SKILL_RIGHT = WIDTH - PAD - 110
CHANGE_X = SKILL_RIGHT + 12  # the skill's change in the last game, right of the skill

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
LABEL = TextStyle(17, theme.MUTED, bold=True)
CELL = TextStyle(22, theme.TEXT, bold=True)
UP = TextStyle(15, (96, 214, 128), bold=True)
DOWN = TextStyle(15, theme.RED_MARK, bold=True)
SAME = TextStyle(15, theme.MUTED, bold=True)
MINE_FILL = theme.mix(theme.PANEL, theme.CYAN, 0.25)
LEADER_FILL = theme.mix(theme.PANEL, theme.GOLD, 0.22)


@dataclass(frozen=True, slots=True)
class LeaderboardRowImage:
    place: str  # "1", "=3"
    name: str
    points: str
    games: str
    wins: str
    skill: str
    change: str | None = None  # "▲ 1.2", "▼ 0.4": the skill's change in the last game
    rising: bool | None = None  # the marker's colour: up, down, or neither
    mine: bool = False  # the reader's own row: outlined
    leader: bool = False  # a first place: gold


@dataclass(frozen=True, slots=True)
class LeaderboardImage:
    title: str
    subtitle: str  # the order and the season, the page
    headers: tuple[str, str, str, str, str, str]  # place, player, points, games, wins, skill
    rows: tuple[LeaderboardRowImage, ...]
    me: LeaderboardRowImage | None = None  # the reader's row when it is not on the page
    me_label: str = ""  # "you: 57th", over that row
    empty: str = ""  # shown when the board has nobody


def _row(canvas: Image.Image, row: LeaderboardRowImage, top: int) -> None:
    box = (PAD, top, WIDTH - PAD, top + ROW_H - 4)
    fill = MINE_FILL if row.mine else LEADER_FILL if row.leader else theme.PANEL
    border = theme.CYAN if row.mine else theme.GOLD if row.leader else None
    paste_panel(canvas, box, fill, border, border=3 if row.mine else 2 if row.leader else 0)
    mid = (box[1] + box[3]) / 2
    paste_text(canvas, row.place, CELL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 6)
    paste_text(canvas, row.name, CELL, NAME_X, mid, max_width=POINTS_RIGHT - 100 - NAME_X)
    paste_text(canvas, row.points, CELL, POINTS_RIGHT, mid, "right")
    paste_text(canvas, row.games, CELL, GAMES_RIGHT, mid, "right")
    paste_text(canvas, row.wins, CELL, WINS_RIGHT, mid, "right")
    paste_text(canvas, row.skill, CELL, SKILL_RIGHT, mid, "right")
    if row.change is not None:
        style = SAME if row.rising is None else UP if row.rising else DOWN
        paste_text(canvas, row.change, style, CHANGE_X, mid, max_width=WIDTH - PAD - 6 - CHANGE_X)


def draw(model: LeaderboardImage) -> Image.Image:
    top = TITLE_H + HEADER_H
    height = top + max(1, len(model.rows)) * ROW_H + PAD
    if model.me is not None:
        height += GAP + ROW_H
    canvas = Image.new("RGB", (WIDTH, height), theme.FELT)
    # Two lines: a season's title with its days does not leave room for the order and page beside
    # it in most languages.
    # (catalogue sentences, a name or a season in them: left to right whatever the name's script)
    paste_text(canvas, model.title, TITLE, PAD + 4, TITLE_H * 0.34, max_width=LINE, direction="ltr")
    paste_text(canvas, model.subtitle, SUBTITLE, PAD + 4, TITLE_H * 0.76, max_width=LINE, direction="ltr")
    mid = TITLE_H + HEADER_H / 2
    place, player, points, games, wins, skill = model.headers
    paste_text(canvas, place, LABEL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 4)
    paste_text(canvas, player, LABEL, NAME_X, mid)
    paste_text(canvas, points, LABEL, POINTS_RIGHT, mid, "right")
    paste_text(canvas, games, LABEL, GAMES_RIGHT, mid, "right")
    paste_text(canvas, wins, LABEL, WINS_RIGHT, mid, "right")
    paste_text(canvas, skill, LABEL, SKILL_RIGHT, mid, "right")
    if not model.rows:
        paste_text(canvas, model.empty, CELL, WIDTH / 2, top + ROW_H / 2, "centre", max_width=WIDTH - 4 * PAD)
    for i, row in enumerate(model.rows):
        _row(canvas, row, top + i * ROW_H)
    if model.me is not None:
        below = top + max(1, len(model.rows)) * ROW_H
        label_y, width = below + GAP / 2, WIDTH - 2 * PAD
        paste_text(canvas, model.me_label, SUBTITLE, PAD + 4, label_y, max_width=width, direction="ltr")
        _row(canvas, model.me, below + GAP)
    return canvas


def render(model: LeaderboardImage) -> bytes:
    """PNG bytes of the page: a pure function of its input."""
    return png.encode(draw(model))
