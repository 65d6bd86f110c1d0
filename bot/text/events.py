"""Server events' words: the sign-up message, a round's start, the standings (text, image words and
alt text), the list and the refusals, from the service's values. Pure (no Discord): unit-tested in
every language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.events import Entrant, Event, EventRefused, EventStatus, Standing
from bot.events.board import BoardLine
from bot.render import event_standings
from bot.render.event_standings import EventStandingsImage, EventStandingsRow
from bot.text import t
from bot.text.alt_text import ALT_MAX, fit
from bot.text.catalogue import fill
from bot.text.daily import cut, more_line, name_of, text_name_of
from bot.text.limits import MESSAGE_MAX, in_messages, lines_within
from bot.text.markdown import text_name

Names = Mapping[str, str]


def number(value: float | Fraction, locale: str, decimals: int = 1) -> str:
    """A number with the language's decimal sign; whole numbers without decimals."""
    if value == int(value):
        return fill("{n}", locale, {"n": int(value)})
    return fill(f"{{n:.{decimals}f}}", locale, {"n": float(value)})


def signup_text(
    event: Event, entrants: Sequence[Entrant], names: Names, locale: str, limit: int = MESSAGE_MAX
) -> str:
    """The sign-up message within ``limit`` characters: an event takes hundreds of entrants, and an
    edit past Discord's limit is refused (every later Join would be recorded but not shown), so the
    entrants' line names as many as fit and says how many more there are."""
    table = event.options.table
    head = t(
        "event.signup",
        locale,
        name=text_name(event.name),
        event=event.event_id,
        rounds=event.options.rounds,
        hands=event.options.hands,
        seats=table.seats,
        seconds=int(table.time_limit),
        hours=int(event.options.deadline // 3600),
    )
    lines = [head]
    if event.status is EventStatus.SIGNUP and event.options.starts_at is not None:
        lines.append(t("event.signup.starts", locale, when=f"<t:{int(event.options.starts_at)}:R>"))
    if event.status is EventStatus.RUNNING:
        lines.append(t("event.signup.running", locale, round=event.round, rounds=event.options.rounds))
    elif event.status is EventStatus.FINISHED:
        lines.append(t("event.signup.finished", locale))
    elif event.status is EventStatus.PAUSED:
        lines.append(t("event.signup.paused", locale, round=event.round, rounds=event.options.rounds))
    elif event.status is EventStatus.CANCELLED:
        lines.append(t("event.signup.cancelled", locale))
    playing = [text_name_of(e.player_id, names, locale) for e in entrants if e.playing]
    room = limit - sum(len(line) + 1 for line in lines)
    lines.insert(1, _entrants_line(playing, locale, room))
    return "\n".join(lines)


def _entrants_line(playing: Sequence[str], locale: str, room: int) -> str:
    """ "Entrants (N): a, b and M more" in at most ``room`` characters: the most names that fit
    (found by halving: each name shown lengthens the line more than the shrinking count shortens
    it)."""

    def line(shown: int) -> str:
        listed = ", ".join(playing[:shown])
        if shown < len(playing):
            listed = t("reply.list_more", locale, items=listed, more=len(playing) - shown)
        return t("event.signup.entrants", locale, count=len(playing), names=listed)

    if not playing:
        return t("event.signup.entrants", locale, count=0, names=t("event.signup.nobody", locale))
    low, high = 0, len(playing)
    while low < high:
        middle = (low + high + 1) // 2
        if len(line(middle)) <= room:
            low = middle
        else:
            high = middle - 1
    return line(low)


def round_text(
    event: Event, rnd: int, tables: Sequence[tuple[int, Sequence[str]]], closes: str, locale: str
) -> str:
    """A round's start: each table with its people (``tables``: each table's number and its
    people's mentions). A table is named by its number, as its thread, the standings and the
    review list name it (a round's own count would say "Table 1" again in every round)."""
    lines = [
        t(
            "event.round.started",
            locale,
            round=rnd,
            rounds=event.options.rounds,
            name=text_name(event.name),
            count=len(tables),
            closes=closes,
        )
    ]
    lines += [t("event.round.table", locale, table=n, people=", ".join(p)) for n, p in tables]
    return "\n".join(lines)


def round_table_marks(table_ids: Sequence[int], locale: str) -> list[str]:
    """What names each of a round's tables in its announcement whatever its people (who may have
    withdrawn since): each table's line up to its people. A table's number is never another
    round's, so an announcement that holds them all is this round's."""
    return [t("event.round.table", locale, table=n, people="\0").split("\0")[0] for n in table_ids]


def standings_text(event: Event, rnd: int, final: bool, locale: str) -> str:
    if final:
        return t("event.standings.final_text", locale, name=text_name(event.name))
    return t(
        "event.standings.round_text",
        locale,
        name=text_name(event.name),
        round=rnd,
        rounds=event.options.rounds,
    )


def table_name(table_id: int, locale: str) -> str:
    """An event table's name in the standings and the review list: its number, as in its thread's
    name and the round's announcement."""
    return t("event.table", locale, table=table_id)


def review_texts(tables: Sequence[Sequence[int]], locale: str, limit: int = MESSAGE_MAX) -> list[str]:
    """How to look back at the event's games, with each round's table numbers: as few messages
    as hold the lines (one round per line) within Discord's ``limit`` characters."""
    lines = [t("event.standings.review", locale)] + [
        t(
            "event.standings.review_round",
            locale,
            round=i,
            tables=", ".join(table_name(n, locale) for n in ids),
        )
        for i, ids in enumerate(tables, start=1)
        if ids
    ]
    return in_messages(lines, limit)


def _place(s: Standing, locale: str) -> str:
    if s.place is None:
        return "–"
    return t("image.shared_place", locale, place=s.place) if s.shared else str(s.place)


def standings_image(
    event: Event,
    rnd: int,
    rows: Sequence[Standing],
    final: bool,
    names: Names,
    tags: Mapping[str, str],
    locale: str,
    tables: Mapping[str, int] | None = None,
    asker: str | None = None,
) -> EventStandingsImage:
    """``tags``: the removed/withdrew word of an entrant who left (their results stay);
    ``tables``: the table each person played at in round ``rnd``. The top of the standings, how
    many more there are, and ``asker``'s own row (a private ask; None for the thread's post) under
    them when it is further down."""
    tables = tables or {}
    shown, mine = cut([s.person for s in rows], asker, event_standings.ROWS)

    def row(s: Standing) -> EventStandingsRow:
        return EventStandingsRow(
            place=_place(s, locale),
            name=name_of(s.person, names, locale),
            percentage="–" if s.percentage is None else number(s.percentage, locale),
            matchpoints=number(s.matchpoints, locale),
            rounds=s.rounds,
            points=number(s.total, locale) if s.rounds else "–",
            table=table_name(tables[s.person], locale) if s.person in tables else "–",
            leader=s.place == 1,
            tag=tags.get(s.person),
            mine=s.person == asker,
        )

    subtitle = (
        t("event.standings.final", locale)
        if final
        else t("event.standings.after", locale, round=rnd, rounds=event.options.rounds)
    )
    return EventStandingsImage(
        title=t("event.standings.title", locale, name=event.name),
        subtitle=subtitle,
        place=t("event.standings.place", locale),
        player=t("event.standings.player", locale),
        percentage=t("event.standings.percentage", locale),
        matchpoints=t("event.standings.matchpoints", locale),
        rounds=t("event.standings.rounds", locale),
        points=t("event.standings.points", locale),
        table=t("event.standings.table", locale),
        tiebreak=t("event.standings.tiebreak", locale),
        rows=tuple(row(s) for s in rows[:shown]),
        more=more_line(len(rows) - shown - (mine is not None), locale),
        me=None if mine is None else row(rows[mine]),
    )


def standings_alt(image: EventStandingsImage, name: str, locale: str, entrants: int) -> str:
    """The standings in words, within Discord's limit: the places the picture shows from the top
    (percentage and points taken, the tie-break), as many as fit, how many more of the
    ``entrants`` there are, the asker's own row when the picture draws it apart, then how ties are
    broken."""

    def said(r: EventStandingsRow) -> str:
        return t(
            "event.standings.alt_row",
            locale,
            place=r.place,
            name=r.name,
            percentage=r.percentage,
            points=r.points,
        )

    mine = [] if image.me is None else [said(image.me)]

    def text(named: int) -> str:
        listed = "; ".join(said(r) for r in image.rows[:named])
        more = entrants - named - len(mine)
        if more > 0:
            listed = t("reply.list_more", locale, items=listed or "…", more=more)
        rows = "; ".join([listed, *mine] if listed else mine)
        return t("event.standings.alt", locale, name=name, rows=rows)

    named = len(image.rows)
    while named > 0 and len(text(named)) + 1 + len(image.tiebreak) > ALT_MAX:
        named -= 1
    return fit([text(named), image.tiebreak])


def entrant_tags(entrants: Sequence[Entrant], locale: str) -> dict[str, str]:
    words = {"removed": "event.standings.removed", "withdrew": "event.standings.withdrew"}
    return {e.player_id: t(words[e.status], locale) for e in entrants if e.status in words}


def list_text(events: Sequence[tuple[Event, int]], locale: str, limit: int = MESSAGE_MAX) -> str:
    """``events``: each with its number of entrants, newest first; as many whole lines as fit in
    ``limit`` characters (an event's name takes up to 80)."""
    if not events:
        return t("event.list.empty", locale)
    lines = [
        t(
            "event.list.line",
            locale,
            event=e.event_id,
            name=text_name(e.name),
            status=t(f"event.status.{e.status.value}", locale, round=e.round, rounds=e.options.rounds),
            count=count,
        )
        for e, count in events
    ]
    return "\n".join(lines_within(lines, limit))


def board_text(lines: Sequence[BoardLine], events: int, names: Names, locale: str, shown: int = 20) -> str:
    """The events board: the first ``shown`` lines, places shared by equal points."""
    if not lines:
        return t("event.board.empty", locale)
    rows = [t("event.board.title", locale, count=events)]
    for line in lines[:shown]:
        place = 1 + sum(1 for other in lines if other.points > line.points)
        rows.append(
            t(
                "event.board.line",
                locale,
                place=place,
                name=text_name_of(line.person, names, locale),
                points=line.points,
                events=line.events,
                wins=line.wins,
            )
        )
    return "\n".join(rows)


def refusal_text(refused: EventRefused, locale: str) -> str:
    return t(f"event.refused.{refused.code.value}", locale, **refused.details)
