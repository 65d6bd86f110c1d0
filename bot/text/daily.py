"""The daily challenge's words: result, Share line, board, summary and the /stats line, from the
service's values. Pure (no Discord): unit-tested in every language; the Share line holds no card."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Final

from bot.daily import DailyResult, DailyStats, DayBoard
from bot.daily.days import closes_at, day_start
from bot.engine.duplicate import Board
from bot.text import t
from bot.text.cards import card_list

Names = Mapping[str, str]
# Points per hand as symbols for the Share line: none, a few, many, the queen's worth or more.
SYMBOLS: Final = ((0, "🟢"), (4, "🟡"), (12, "🟠"))
WORST: Final = "🔴"


def timestamp(at: float, style: str = "f") -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(at)}:{style}>"


def symbol(points: int) -> str:
    return next((s for top, s in SYMBOLS if points <= top), WORST)


def vs_par(total: int, par: int | None, locale: str) -> str:
    if par is None:
        return t("daily.par.pending", locale)
    diff = total - par
    if diff == 0:
        return t("daily.par.level", locale)
    return t("daily.par.under" if diff < 0 else "daily.par.over", locale, count=abs(diff))


def name_of(player_id: str, names: Names, locale: str) -> str:
    return names.get(player_id) or t("seat.unknown_player", locale, short=player_id[-4:])


def intro_text(number: int, day: dt.date, locale: str) -> str:
    return t("daily.intro", locale, number=number, day=day.isoformat(), closes=timestamp(closes_at(day), "F"))


def earlier_text(number: int, day: dt.date, today: int, locale: str) -> str:
    """One daily game at a time: the earlier ``day``'s attempt ``number`` is unfinished, and
    closes when the following day ends; today's is ``today``."""
    closes = timestamp(closes_at(day), "R")
    return t("daily.earlier", locale, number=number, day=day.isoformat(), closes=closes, today=today)


def played_text(number: int, day: dt.date, locale: str) -> str:
    nxt = day_start(day + dt.timedelta(days=1))
    return t("daily.played", locale, number=number, next=timestamp(nxt, "R"))


def result_text(result: DailyResult, locale: str) -> str:
    lines = [
        t(
            "daily.result.title",
            locale,
            number=result.number,
            total=result.total,
            par=vs_par(result.total, result.par, locale),
        ),
        t("daily.result.hands", locale, hands=" · ".join(str(h) for h in result.hands)),
        t(
            "daily.result.place",
            locale,
            place=result.place,
            players=result.players,
            percentile=f"{result.percentile:.0f}",
        ),
        t("daily.result.streak", locale, streak=result.streak),
        t("daily.result.share_hint", locale),
    ]
    return "\n".join(lines)


def share_line(name: str, result: DailyResult, locale: str) -> str:
    """One spoiler-free line: the day's number, a symbol per hand, the total and par. No card."""
    symbols = "".join(symbol(h) for h in result.hands)
    par = vs_par(result.total, result.par, locale)
    return t(
        "daily.share", locale, name=name, number=result.number, symbols=symbols, total=result.total, par=par
    )


def board_text(board: DayBoard, names: Names, locale: str) -> str:
    par = (
        t("daily.par.value", locale, par=board.par)
        if board.par is not None
        else t("daily.par.pending", locale)
    )
    lines = [
        t(
            "daily.board.title",
            locale,
            number=board.number,
            day=board.day.isoformat(),
            players=board.players,
            everyone=board.everyone,
            par=par,
        )
    ]
    for e in board.entries:
        lines.append(
            t(
                "daily.board.row",
                locale,
                place=e.place,
                name=name_of(e.player_id, names, locale),
                total=e.total,
                par=vs_par(e.total, board.par, locale),
                percentile=f"{e.percentile:.0f}",
            )
        )
    return "\n".join(lines)


def deals_text(deals: Sequence[Board], locale: str) -> str:
    """The closed day's deals: each hand's four seats as dealt (seat 1 is the person's)."""
    lines = []
    for deal in deals:
        seats = " · ".join(
            t(
                "daily.summary.seat",
                locale,
                seat=t("daily.summary.your_seat", locale)
                if seat == 0
                else t("seat.computer", locale, number=seat + 1),
                cards=card_list(cards, locale),
            )
            for seat, cards in enumerate(deal.hands)
        )
        direction = t(f"direction.{deal.direction.value}", locale)
        lines.append(t("daily.summary.deal", locale, hand=deal.number, direction=direction, seats=seats))
    return "\n".join(lines)


def stats_text(stats: DailyStats, locale: str) -> str:
    """The daily figures for /stats (one line under its name)."""
    if stats.days == 0:
        return t("daily.stats.none", locale)
    average = "–" if stats.average_to_par is None else f"{stats.average_to_par:+.1f}"
    return t(
        "daily.stats.value",
        locale,
        days=stats.days,
        best=stats.best,
        current=stats.current_streak,
        longest=stats.longest_streak,
        average=average,
    )
