"""The leaderboard's words: its image (the page, the reader's row), the alt text, the seasons'
lines in ``/hearts-settings`` and a closed season's summary. Pure (no Discord): the caller passes
the board, the names it knows and the language."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from bot.render.leaderboard import LeaderboardImage, LeaderboardRowImage
from bot.seasons import MIN_GAMES, SeasonSummary
from bot.storage.leaderboard import Board, BoardRow, Order
from bot.storage.seasons import Season
from bot.tables.options import ServerSettings
from bot.tables.seasons import SeasonKind
from bot.text import t
from bot.text.daily import more_line, name_of, text_name_of
from bot.text.events import number
from bot.text.moments import timestamp

Names = Mapping[str, str]
ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def season_line(season: Season, locale: str, *, days: bool = False) -> str:
    """``Season 3 · until …`` while it runs, ``Season 2 · … to … · final`` once closed. With
    ``days``, the first and last day it counts (``2026-07-01 to 2026-07-31``) instead of the
    instants: short enough for the image's title, where both instants did not fit."""
    start, end = (_day(season.starts_at), _day(season.ends_at - 1)) if days else (None, None)
    if season.closed_at is None:
        return t(
            "leaderboard.season.running", locale, number=season.number, end=end or timestamp(season.ends_at)
        )
    return t(
        "leaderboard.season.closed",
        locale,
        number=season.number,
        start=start or timestamp(season.starts_at),
        end=end or timestamp(season.ends_at),
    )


def _day(at: float) -> str:
    """The UTC day of an instant, ``2026-07-31`` (a season's end is the next period's first
    instant: its last day is the day of the second before)."""
    return dt.datetime.fromtimestamp(at, dt.UTC).date().isoformat()


def _change(row: BoardRow, locale: str) -> tuple[str | None, bool | None]:
    """The marker of what the last game did to the skill: ▲/▼ and the amount, or nothing."""
    if row.change is None or abs(row.change) < 0.05:
        return None, None
    return ("▲ " if row.change > 0 else "▼ ") + number(round(abs(row.change), 1), locale), row.change > 0


def _row_image(row: BoardRow, names: Names, reader: str | None, locale: str) -> LeaderboardRowImage:
    change, rising = _change(row, locale)
    return LeaderboardRowImage(
        place=t("image.shared_place", locale, place=row.place) if row.shared else str(row.place),
        name=name_of(row.player_id, names, locale),
        points=str(row.ranking_points),
        games=str(row.games),
        wins=str(row.wins),
        skill=number(round(row.skill, 1), locale),
        change=change,
        rising=rising,
        mine=row.player_id == reader,
        leader=row.place == 1,
    )


def board_image(
    board: Board, page: int, pages: int, season: Season | None, names: Names, reader: str | None, locale: str
) -> LeaderboardImage:
    """A page of the board as the image shows it: the reader's row marked, and under the page
    when it is elsewhere on the board."""
    order = t(f"leaderboard.order.{board.order.value}", locale)
    subtitle = t("leaderboard.image.subtitle", locale, order=order, page=page + 1, pages=pages)
    return _image(board, subtitle, season, names, reader, locale)


def summary_image(summary: SeasonSummary, names: Names, locale: str) -> LeaderboardImage:
    """A closed season's final board as its summary shows it: its top places, no page of the
    board (there are no pages to turn), and how many more people it holds."""
    top = Board(Order.POINTS, summary.top, summary.players, 0, None)
    parts = (t("leaderboard.order.points", locale), more_line(summary.players - len(summary.top), locale))
    return _image(top, " · ".join(p for p in parts if p), summary.season, names, None, locale)


def _image(
    board: Board, subtitle: str, season: Season | None, names: Names, reader: str | None, locale: str
) -> LeaderboardImage:
    on_page = any(r.player_id == reader for r in board.rows)
    me = board.me if board.me is not None and not on_page else None
    return LeaderboardImage(
        title=t("leaderboard.image.title", locale)
        if season is None
        else season_line(season, locale, days=True),
        subtitle=subtitle,
        headers=(
            t("leaderboard.header.place", locale),
            t("leaderboard.header.player", locale),
            t("leaderboard.header.points", locale),
            t("leaderboard.header.games", locale),
            t("leaderboard.header.wins", locale),
            t("leaderboard.header.skill", locale),
        ),
        rows=tuple(_row_image(r, names, reader, locale) for r in board.rows),
        me=None if me is None else _row_image(me, names, reader, locale),
        me_label=""
        if me is None
        else t(
            "leaderboard.you",
            locale,
            name=name_of(me.player_id, names, locale),
            place=me.place,
            players=board.total_players,
        ),
        empty=t("leaderboard.empty", locale),
    )


def _alt_row(row: LeaderboardRowImage, locale: str) -> str:
    change = t("leaderboard.alt.change", locale, change=row.change) if row.change else ""
    text = t(
        "leaderboard.alt.row",
        locale,
        place=row.place,
        name=row.name,
        points=int(row.points),
        games=int(row.games),
        wins=int(row.wins),
        skill=row.skill,
        change=change,
    )
    return text + (t("leaderboard.alt.mine", locale) if row.mine else "")


def board_alt(image: LeaderboardImage, locale: str) -> str:
    """The page in words, within Discord's 1,024 characters: the reader's row first when it is
    under the page (so it is never cut off), then the page's rows."""
    you = f"{image.me_label}: {_alt_row(image.me, locale)}; " if image.me else ""
    rows = "; ".join(_alt_row(r, locale) for r in image.rows) or image.empty
    return (t("leaderboard.alt", locale, subtitle=image.subtitle, rows=you + rows))[:ALT_LIMIT]


# == /hearts-settings =========================================================================


def settings_line(settings: ServerSettings, locale: str) -> str:
    none = t("season.settings.none", locale)
    return t(
        "season.settings.line",
        locale,
        kind=t(f"choice.{settings.season.value}", locale),
        channel=f"<#{settings.season_channel}>" if settings.season_channel else none,
        role=f"<@&{settings.season_role}>" if settings.season_role else none,
    )


def change_line(
    before: SeasonKind, after: SeasonKind, was: Season | None, now: Season | None, locale: str
) -> str | None:
    """What a change of the kind did to the running season (``was``: before the change, ``now``:
    the running one after it); None when the kind did not change."""
    if before is after:
        return (
            None
            if now is None
            else t("season.settings.running", locale, number=now.number, end=timestamp(now.ends_at))
        )
    if after is SeasonKind.OFF:
        return None if was is None else t("season.settings.ended", locale, number=was.number)
    if now is None:
        return None
    if was is None:
        return t("season.settings.started", locale, number=now.number, end=timestamp(now.ends_at))
    return t(
        "season.settings.reshaped",
        locale,
        number=now.number,
        start=timestamp(now.starts_at),
        end=timestamp(now.ends_at),
    )


# == a closed season's summary ================================================================


def summary_text(summary: SeasonSummary, names: Names, locale: str) -> str:
    s = summary.season
    lines = [
        t(
            "season.summary.title",
            locale,
            number=s.number,
            start=timestamp(s.starts_at),
            end=timestamp(s.ends_at),
            players=summary.players,
        )
    ]
    if summary.most_games:
        entries = ", ".join(
            t(
                "season.summary.games_entry",
                locale,
                name=text_name_of(r.player_id, names, locale),
                games=r.games,
            )
            for r in summary.most_games
        )
        lines.append(t("season.summary.most_games", locale, entries=entries))
    if summary.best_per_hand:
        entries = ", ".join(
            t(
                "season.summary.per_hand_entry",
                locale,
                name=text_name_of(r.player_id, names, locale),
                value=number(round(r.points_per_hand or 0.0, 2), locale, 2),
            )
            for r in summary.best_per_hand
        )
        lines.append(t("season.summary.best_per_hand", locale, min=MIN_GAMES, entries=entries))
    if summary.role_id is not None and summary.winners:
        winners = ", ".join(text_name_of(p, names, locale) for p in summary.winners)
        lines.append(t("season.summary.reward", locale, role=f"<@&{summary.role_id}>", names=winners))
    return "\n".join(lines)
