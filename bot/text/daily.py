"""The daily challenge's words: result, Share line, board, summary and the /stats line, from the
service's values. Pure (no Discord): unit-tested in every language; the Share line holds no card."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Final

from bot.daily import BoardEntry, DailyResult, DailyStats, DayBoard
from bot.daily.days import closes_at, day_start
from bot.engine.duplicate import Board
from bot.render import daily_board
from bot.render.daily_board import DailyBoardImage, DailyBoardRow, ToPar
from bot.render.daily_result import DailyHandRow, DailyResultImage
from bot.text import t
from bot.text.alt_text import ALT_MAX, fit
from bot.text.cards import card_list
from bot.text.catalogue import fill
from bot.text.limits import MESSAGE_MAX, lines_within
from bot.text.markdown import text_name
from bot.text.moments import image_moment, timestamp

Names = Mapping[str, str]
# Points per hand as symbols for the Share line: none, a few, many, the queen's worth or more.
SYMBOLS: Final = ((0, "🟢"), (4, "🟡"), (12, "🟠"))
WORST: Final = "🔴"


def level(points: int) -> int:
    """Which of the Share line's symbols a hand gets: 0 (🟢) to 3 (🔴); the images draw the same."""
    return next((i for i, (top, _s) in enumerate(SYMBOLS) if points <= top), len(SYMBOLS))


def symbol(points: int) -> str:
    return [*(s for _top, s in SYMBOLS), WORST][level(points)]


def legend() -> tuple[str, ...]:
    """The points each symbol stands for: "0", "1–4", "5–12", "13+"."""
    tops = [top for top, _s in SYMBOLS]
    spans = [str(tops[0])] + [f"{low + 1}–{top}" for low, top in pairwise(tops)]
    return (*spans, f"{tops[-1] + 1}+")


def vs_par(total: int, par: int | None, locale: str) -> str:
    if par is None:
        return t("daily.par.pending", locale)
    diff = total - par
    if diff == 0:
        return t("daily.par.level", locale)
    return t("daily.par.under" if diff < 0 else "daily.par.over", locale, count=abs(diff))


def name_of(player_id: str, names: Names, locale: str) -> str:
    """A person's name as they chose it, for the pictures and their alt text (never markdown)."""
    return names.get(player_id) or t("seat.unknown_player", locale, short=player_id[-4:])


def text_name_of(player_id: str, names: Names, locale: str) -> str:
    """A person's name in message text: escaped (``text_name``), so that it can't pass for the
    bot's own link or restyle the line."""
    chosen = names.get(player_id)
    return text_name(chosen) if chosen else name_of(player_id, names, locale)


def percent(percentile: float) -> str:
    """A percentile as shown: rounded down, so that 100 is only ever the best (or tied with it):
    second of 250 people is 99, not 100 (``percentile`` is exact for whole percents)."""
    return str(math.floor(percentile))


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
            percentile=percent(result.percentile),
        ),
        t("daily.result.streak", locale, streak=result.streak),
        t("daily.result.share_hint", locale),
    ]
    return "\n".join(lines)


def share_line(name: str, result: DailyResult, locale: str) -> str:
    """One spoiler-free line: the day's number, a symbol per hand, the total and par. No card.
    ``name``: the person's, as they chose it (escaped here: the line is message text)."""
    symbols = "".join(symbol(h) for h in result.hands)
    par = vs_par(result.total, result.par, locale)
    return t(
        "daily.share",
        locale,
        name=text_name(name),
        number=result.number,
        symbols=symbols,
        total=result.total,
        par=par,
    )


def board_text(board: DayBoard, names: Names, locale: str, limit: int = MESSAGE_MAX) -> str:
    """The board in words within ``limit`` characters (room for at least its title and one line):
    the title, then the places from the top, as many as fit, and how many more there are (the
    picture sent with it shows the top of the board), so that what a message says after the board
    is never cut off however many people played."""
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
    rows = [
        t(
            "daily.board.row",
            locale,
            place=e.place,
            name=text_name_of(e.player_id, names, locale),
            total=e.total,
            par=vs_par(e.total, board.par, locale),
            percentile=percent(e.percentile),
        )
        for e in board.entries
    ]
    room = limit - len(lines[0]) - 1
    lines += lines_within(rows, room, _more(locale))
    return "\n".join(lines)


def final_board_text(board: DayBoard, deals: Sequence[Board], names: Names, locale: str) -> str:
    """A closed day's board in words with its deals under it (the open board promises them, on
    every server, with a daily channel or none), within one message: the deals in full, the board
    as much of it as leaves room, as in the summary."""
    dealt = deal_lines(deals, locale)
    room = MESSAGE_MAX - len("\n".join(dealt)) - 1
    return "\n".join(
        lines_within([board_text(board, names, locale, room), *dealt], MESSAGE_MAX, _more(locale))
    )


def _more(locale: str) -> Callable[[int], str]:
    """The line that stands for the ``count`` lines left out."""
    return lambda count: t("reply.list_more", locale, items="…", more=count)


def more_line(count: int, locale: str) -> str:
    """What a picture says under its rows for the ``count`` people it leaves out; nothing when it
    leaves nobody out."""
    return _more(locale)(count) if count > 0 else ""


def cut(people: Sequence[str], asker: str | None, rows: int) -> tuple[int, int | None]:
    """What a picture of a long board draws, best first: its first ``shown`` places, and the
    asker's own (its index) apart under them when it is further down; None when it is among them,
    is right under them (then drawn with them: nobody is left out between) or is not on the board.
    The people left out: ``len(people) - shown``, less the asker's row when it is drawn apart."""
    shown = min(rows, len(people))
    mine = people.index(asker) if asker is not None and asker in people else None
    if mine is None or mine < shown:
        return shown, None
    if mine == shown:
        return shown + 1, None
    return shown, mine


def summary_text(board: DayBoard, deals: Sequence[Board], names: Names, locale: str) -> str:
    """A closed day's summary within one message: its title, the board (as much of it as leaves
    room) and the day's deals, which are what the summary is for, in full in every language. Where
    they would not fit beside the title (no language's words are that long; the pseudo-locale's
    marks are), the deals that fit and how many more, rather than a message Discord refuses again
    and again."""
    title = t("daily.summary.title", locale, number=board.number, day=board.day.isoformat())
    dealt = deal_lines(deals, locale)
    room = MESSAGE_MAX - len(title) - len("\n".join(dealt)) - 2
    parts = [title, board_text(board, names, locale, room), *dealt]
    return "\n".join(lines_within(parts, MESSAGE_MAX, _more(locale)))


def deal_lines(deals: Sequence[Board], locale: str) -> list[str]:
    """The closed day's deals, one line each: each hand's four seats as dealt (seat 1 is the
    person's)."""
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
    return lines


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


# == the images: the board of a day, the end of a person's game ==================================


def to_par(diff: int | None, locale: str) -> ToPar:
    """Points against par as the images show them: "+3", "−2", "±0"; a dash while par is worked out."""
    if diff is None:
        return ToPar("–")
    if diff == 0:
        return ToPar("±0")
    number = fill("{n}", locale, {"n": abs(diff)})
    return ToPar(("+" if diff > 0 else "−") + number, 1 if diff > 0 else -1)


def _place(place: int, shared: bool, locale: str) -> str:
    return t("image.shared_place", locale, place=place) if shared else str(place)


def board_image(
    board: DayBoard, names: Names, closes: float | None, locale: str, asker: str | None = None
) -> DailyBoardImage:
    """The board of ``board``'s day: ``closes`` (epoch seconds) while the day is open, None once it
    is closed (the board is final). The top of the board, how many more played, and ``asker``'s
    own row (a private ask; None for the public summary) under it when it is further down."""
    places = [e.place for e in board.entries]
    shown, mine = cut([e.player_id for e in board.entries], asker, daily_board.ROWS)

    def row(e: BoardEntry) -> DailyBoardRow:
        return DailyBoardRow(
            place=_place(e.place, places.count(e.place) > 1, locale),
            name=name_of(e.player_id, names, locale),
            points=str(e.total),
            to_par=to_par(e.to_par, locale),
            hands=tuple(level(h) for h in e.hands),
            percentile=percent(e.percentile),
            leader=e.place == 1,
            mine=e.player_id == asker,
        )

    if closes is None:
        status = t("daily.image.final", locale)
    else:
        status = t("daily.image.open", locale, closes=image_moment(closes, locale))
    par = (
        t("daily.image.par", locale, par=board.par)
        if board.par is not None
        else t("daily.image.par_pending", locale)
    )
    return DailyBoardImage(
        title=t("daily.image.title", locale, number=board.number),
        day=board.day.isoformat(),
        status=status,
        final=closes is None,
        par=par,
        place=t("image.place", locale),
        player=t("image.player", locale),
        points=t("image.points", locale),
        to_par=t("daily.image.to_par", locale),
        hands=t("daily.image.hands", locale),
        percentile=t("daily.image.percentile", locale),
        rows=tuple(row(e) for e in board.entries[:shown]),
        legend=legend(),
        more=more_line(board.players - shown - (mine is not None), locale),
        me=None if mine is None else row(board.entries[mine]),
    )


def board_alt(
    board: DayBoard, names: Names, image: DailyBoardImage, locale: str, asker: str | None = None
) -> str:
    """The board in words, within Discord's limit: the day, open or final, par, then the people
    the picture shows from the top (as many as fit), how many more played, and the asker's own row
    when the picture draws it apart (``asker``: as given to ``board_image``)."""
    head = t(
        "daily.alt.board",
        locale,
        number=board.number,
        day=image.day,
        status=image.status,
        par=image.par,
    )

    def sentence(e: BoardEntry, row: DailyBoardRow) -> str:
        return t(
            "daily.alt.board_row",
            locale,
            place=row.place,
            name=row.name,
            total=e.total,
            par=vs_par(e.total, board.par, locale),
            hands=", ".join(str(h) for h in e.hands),
            percentile=row.percentile,
        )

    rows = [sentence(e, row) for e, row in zip(board.entries, image.rows, strict=False)]
    me = image.me
    mine = [] if me is None else [sentence(e, me) for e in board.entries if e.player_id == asker]

    def sentences(named: int) -> list[str]:
        more = more_line(board.players - named - len(mine), locale)
        return [head, *rows[:named], *([t("alt.sentence", locale, text=more)] if more else []), *mine]

    named = len(rows)
    while named > 0 and len(" ".join(sentences(named))) > ALT_MAX:
        named -= 1
    return fit(sentences(named))


def result_line(result: DailyResult, locale: str) -> str:
    """The result in one line: the total against par (the day is measured against par)."""
    return t("daily.end.line", locale, total=result.total, par=vs_par(result.total, result.par, locale))


def result_image(result: DailyResult, locale: str) -> DailyResultImage:
    """The end of the person's game: each hand's points beside par's, the total, the result line."""
    par = result.par_by_hand
    rows = [
        DailyHandRow(
            label=t("image.hand_number", locale, hand=i),
            points=str(points),
            par="–" if par is None else str(par[i - 1]),
            to_par=to_par(None if par is None else points - par[i - 1], locale),
            level=level(points),
        )
        for i, points in enumerate(result.hands, start=1)
    ]
    rows.append(
        DailyHandRow(
            label=t("image.total", locale),
            points=str(result.total),
            par="–" if result.par is None else str(result.par),
            to_par=to_par(result.to_par, locale),
        )
    )
    return DailyResultImage(
        title=t("daily.image.title", locale, number=result.number),
        day=result.day.isoformat(),
        hand=t("image.hand", locale),
        you=t("daily.image.you", locale),
        par=t("daily.image.par_column", locale),
        to_par=t("daily.image.to_par", locale),
        rows=tuple(rows),
        result=result_line(result, locale),
        legend=legend(),
    )


def result_alt(result: DailyResult, locale: str) -> str:
    """The end of the game in words: each hand's points against par's, then the result line."""
    par = result.par_by_hand
    hands = [
        t("daily.alt.result_hand", locale, hand=i, points=points, par=par[i - 1])
        if par is not None
        else t("daily.alt.result_hand_no_par", locale, hand=i, points=points)
        for i, points in enumerate(result.hands, start=1)
    ]
    head = t("daily.alt.result", locale, number=result.number, day=result.day.isoformat())
    return fit([head, *hands, t("alt.sentence", locale, text=result_line(result, locale))])
