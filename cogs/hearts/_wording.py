"""Every text of the game's Discord side, built from snapshots and events: names, card lists, rule
summaries, time limits, and the lobby, table, hand and announcement messages. Pure (no Discord call,
no I/O), so it is unit-tested on its own. The names people chose are escaped in message text
(``text_name``), and only there: the pictures take them as they are (``plain_*``).

Words come from the catalogue; this module only decides which entries to combine. The short texts
take the reader's ``locale`` (None: English).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.cards import Card, CardSet
from bot.engine.hand import Phase
from bot.engine.rules import PassDirection, PassRotation, RuleSet, Scoring
from bot.engine.scoring import (
    HandOutcome,
    all_tricks_score,
    moon_score,
    moon_self_score,
    slam_score,
    trick_points,
)
from bot.tables import PrivateHand, SeatInfo, TableOptions, TableSnapshot
from bot.tables.events import GameOver, HandScored, TimedOut
from bot.tables.table import TableStatus
from bot.text import card_list as card_list  # re-exported: the presenter and cogs list cards from here
from bot.text import card_name, t
from bot.text.controls import last_trick_text, pass_status
from bot.text.markdown import text_name as text_name  # re-exported: one escaping, bot.text's

Names = Mapping[str, str]


def plain_player_name(player_id: str, names: Names, locale: str | None = None) -> str:
    """A person's name as they chose it, for the pictures and their alt text (never markdown)."""
    return names.get(player_id) or t("seat.unknown_player", locale, short=player_id[-4:])


def player_name(player_id: str, names: Names, locale: str | None = None) -> str:
    """A person's name in message text, escaped (``text_name``)."""
    chosen = names.get(player_id)
    return text_name(chosen) if chosen else plain_player_name(player_id, names, locale)


def computer_name(seat: int, icon: bool = True, locale: str | None = None) -> str:
    """Computers are told apart by their seat number; messages mark them with an icon (images
    draw their own)."""
    name = t("seat.computer", locale, number=seat + 1)
    return t("seat.computer_icon", locale, name=name) if icon else name


def seat_name(seat: SeatInfo, names: Names, icon: bool = True, locale: str | None = None) -> str:
    """Who sits in a seat, in message text: a person's name escaped (``text_name``)."""
    if seat.kind is None or seat.is_computer or seat.player_id is None:
        return plain_seat_name(seat, names, icon, locale)
    return player_name(seat.player_id, names, locale)


def plain_seat_name(seat: SeatInfo, names: Names, icon: bool = True, locale: str | None = None) -> str:
    """Who sits in a seat, for the pictures and their alt text: a person's name as they chose it."""
    if seat.kind is None:
        return t("seat.empty", locale)
    if seat.is_computer or seat.player_id is None:
        return computer_name(seat.seat, icon, locale)
    return plain_player_name(seat.player_id, names, locale)


def mention(player_id: str) -> str:
    return f"<@{player_id}>"


def direction(d: PassDirection | None, locale: str | None = None) -> str:
    return t(f"direction.{(d or PassDirection.HOLD).value}", locale)


def played_line(card: Card, locale: str | None = None) -> str:
    """What a card played says to its player: the answer to their click, and the DM whose
    controls it was played without (``_presenter``)."""
    return t("hand.played", locale, card=card_name(card, locale))


def passed_line(cards: CardSet, towards: PassDirection | None, locale: str | None = None) -> str:
    """What a pass made says to its player, as ``played_line`` a card; also their hand's DMs
    until the cards are exchanged."""
    return t("hand.passed", locale, cards=card_list(cards, locale), direction=direction(towards, locale))


def timed_out_line(event: TimedOut, locale: str | None = None) -> str:
    """What a timeout says to its person, in the DM that held the turn's controls: the card played
    or the cards passed for them (a pass is theirs alone to know), or that they lost the game."""
    if event.forfeited:
        return t("hand.you_forfeited", locale)
    if event.played is not None:
        return t("hand.you_timed_out_played", locale, card=card_name(event.played, locale))
    if event.passed:
        return t("hand.you_timed_out_passed", locale, cards=card_list(event.passed, locale))
    return t("hand.you_timed_out", locale)  # (a moon's scoring chosen for them)


def countdown(deadline: float | None, locale: str | None = None) -> str:
    if deadline is None:
        return ""
    return t("countdown", locale, relative=relative_time(deadline))


def relative_time(deadline: float) -> str:
    """Discord renders this as a live "in 12 seconds" in every reader's own language."""
    return f"<t:{int(deadline)}:R>"


def time_limit(seconds: float, locale: str | None = None) -> str:
    """A turn timer as the lobby, the settings and the rules say it. Whole hours read in hours from
    one hour on (the "1 hour" choice is "1 h", not "60 min"); other times from two minutes to two
    hours in minutes, as before, and longer ones in hours with one decimal."""
    if seconds < 120:
        return t("time.seconds", locale, n=int(seconds))
    if seconds < 7200 and seconds % 3600:
        return t("time.minutes", locale, n=int(seconds // 60))
    return t("time.hours", locale, n=round(seconds / 3600, 1) if seconds % 3600 else int(seconds // 3600))


def signed(points: int) -> str:
    """A score change as players write it: +26, −13, 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def moon_choice(rules: RuleSet, add_to_others: bool, locale: str | None = None) -> str:
    """A shooter's choice in words ("Everyone else +26" / "Me −26"), its points from the engine."""
    if add_to_others:
        return t("button.moon_others", locale, points=moon_score(rules).others)
    mine = moon_self_score(rules)
    assert mine is not None, "the shooter chooses only where the rules give a choice"
    return t("button.moon_self", locale, points=-mine.taker)


def rules_summary(rules: RuleSet, locale: str | None = None) -> str:
    parts = [t("rules.players", locale, players=rules.players)]
    if rules.fixed_hands is not None:
        parts.append(t("rules.hands", locale, hands=rules.fixed_hands))
    else:
        parts.append(t("rules.target", locale, target=rules.target_score))
    if rules.black_maria_less:
        parts.append(t("rules.bml", locale))
    if rules.scoring is Scoring.TOURNAMENT:
        parts.append(t("rules.tournament", locale))
    elif moon_self_score(rules) is not None:
        parts.append(t("rules.moon.shooter_chooses", locale))
    all_tricks = all_tricks_score(rules)
    if all_tricks is not None:
        parts.append(t("rules.all_tricks", locale, others=signed(all_tricks.others)))
    if rules.bonus_card is not None:
        parts.append(
            t(
                "rules.omnibus",
                locale,
                card=card_name(rules.bonus_card, locale),
                bonus=signed(rules.bonus_points),
            )
        )
    if rules.queen_counts and not rules.queen_breaks:
        parts.append(t("rules.queen_no_break", locale))
    rotation = {
        PassRotation.LEFT: "rules.pass.left",
        PassRotation.NONE: "rules.pass.none",
        PassRotation.NO_HOLD: "rules.pass.no_hold",
    }.get(rules.pass_rotation)
    if rotation is not None:
        parts.append(t(rotation, locale))
    return ", ".join(parts)


def options_summary(options: TableOptions, locale: str | None = None) -> str:
    level = t("rules.level", locale, level=t(f"level.{options.computer_level.value}", locale))
    return f"{rules_summary(options.rules, locale)}, {level}"


def rules_text(options: TableOptions, locale: str | None = None) -> str:
    """The rules of a table, readable: the standard game plus what this table changes."""
    rules = options.rules
    lines = [
        t("rules.text.title", locale),
        t("rules.text.summary", locale, summary=options_summary(options, locale)),
    ]
    lines.append(
        t(
            "rules.text.deal",
            locale,
            each=rules.cards_per_player,
            removed=card_list(rules.removed, locale) or "—",
        )
    )
    if rules.passing:
        left = rules.pass_rotation is PassRotation.LEFT  # the other rotations do rotate
        passing = "rules.text.passing_left" if left else "rules.text.passing"
        lines.append(t(passing, locale, count=rules.pass_count))
    lines.append(t("rules.text.lead", locale, card=card_name(rules.first_lead, locale)))
    lines.append(t("rules.text.follow", locale))
    lines.append(t("rules.text.first_trick" if rules.queen_counts else "rules.text.first_trick_bml", locale))
    lines.append(t("rules.text.breaking_queen" if rules.queen_breaks else "rules.text.breaking", locale))
    lines.append(t("rules.text.points" if rules.queen_counts else "rules.text.points_bml", locale))
    moon, moon_self = moon_score(rules), moon_self_score(rules)
    if moon_self is not None:
        lines.append(
            t("rules.text.moon_choice", locale, taker=signed(moon_self.taker), others=signed(moon.others))
        )
    else:
        lines.append(t("rules.text.moon", locale, taker=signed(moon.taker), others=signed(moon.others)))
    all_tricks = all_tricks_score(rules)
    if all_tricks is not None:
        lines.append(
            t(
                "rules.text.all_tricks",
                locale,
                taker=signed(all_tricks.taker),
                others=signed(all_tricks.others),
            )
        )
    elif rules.scoring is Scoring.TOURNAMENT and rules.bonus_card is not None:
        # every trick holds the bonus card too: the engine scores a slam, not a moon
        lines.append(t("rules.text.every_trick_slam", locale, card=card_name(rules.bonus_card, locale)))
    elif rules.scoring is Scoring.TOURNAMENT:
        lines.append(t("rules.text.every_trick_moon", locale))
    slam = slam_score(rules)
    if rules.bonus_card is not None and slam is not None:
        lines.append(
            t(
                "rules.text.omnibus",
                locale,
                card=card_name(rules.bonus_card, locale),
                bonus=signed(rules.bonus_points),
                taker=signed(slam.taker),
                others=signed(slam.others),
            )
        )
    lines.append(
        t("rules.text.end_hands", locale, hands=rules.fixed_hands)
        if rules.fixed_hands
        else t("rules.text.end_target", locale, target=rules.target_score)
    )
    lines.append(t("rules.text.timer", locale, limit=time_limit(options.time_limit, locale)))
    lines.append(t("rules.text.book", locale))
    return "\n".join(lines)


def lobby_text(snap: TableSnapshot, names: Names, thread_id: int | None, locale: str | None = None) -> str:
    """The lobby message: the table's options, its seats while open, then where it is played."""
    lines = [
        t("lobby.title", locale, table=snap.table_id),
        t("lobby.host", locale, host=player_name(snap.host_id, names, locale)),
        t("lobby.rules", locale, summary=options_summary(snap.options, locale)),
        t("lobby.time_limit", locale, limit=time_limit(snap.options.time_limit, locale)),
    ]
    if snap.status is TableStatus.LOBBY:
        taken = sum(1 for s in snap.seats if s.kind is not None)
        lines.append(t("lobby.seats", locale, taken=taken, total=len(snap.seats)))
        lines += [
            t("lobby.seat_line", locale, number=s.seat + 1, name=seat_name(s, names, locale=locale))
            for s in snap.seats
        ]
        lines.append(t("lobby.hint", locale))
    elif snap.status is TableStatus.PLAYING:
        where = t("lobby.started_in", locale, thread=f"<#{thread_id}>") if thread_id is not None else ""
        lines.append(t("lobby.started", locale, where=where))
    elif snap.status is TableStatus.CANCELLED:
        lines.append(t("lobby.cancelled", locale))
    else:
        lines.append(t("lobby.finished", locale))
    return "\n".join(lines)


def table_text(snap: TableSnapshot, names: Names, locale: str | None = None) -> str:
    """The table message of a game in progress: the hand (where its cards are passed while they
    are chosen), who is to move and by when, the last trick."""
    if snap.hand_number is None:
        return ""
    if snap.direction is None or snap.options.rules.pass_target(0, snap.hand_number) is None:
        lines = [t("table.hand_title_hold", locale, hand=snap.hand_number)]
    elif snap.phase is Phase.PASSING:
        lines = [
            t("table.hand_title", locale, hand=snap.hand_number, direction=direction(snap.direction, locale))
        ]
    else:  # passed: "passing to the left" would read as if it were still going on
        lines = [t("table.hand_title_played", locale, hand=snap.hand_number)]
    due = countdown(snap.deadline, locale)
    if snap.phase is Phase.PASSING and snap.waiting:
        who = ", ".join(seat_name(snap.seats[s], names, locale=locale) for s in snap.waiting)
        lines.append(t("table.waiting_pass", locale, names=who, countdown=due))
    elif snap.phase is Phase.MOON_CHOICE and snap.waiting:
        lines.append(
            t(
                "table.moon_choice",
                locale,
                name=seat_name(snap.seats[snap.waiting[0]], names, locale=locale),
                countdown=countdown(snap.deadline, locale),
            )
        )
    elif snap.waiting:
        lines.append(
            t(
                "table.to_play",
                locale,
                name=seat_name(snap.seats[snap.waiting[0]], names, locale=locale),
                countdown=countdown(snap.deadline, locale),
            )
        )
    if snap.last_trick is not None:
        pts = trick_points(snap.options.rules, snap.last_trick.cards)
        lines.append(
            t(
                "table.last_trick",
                locale,
                name=seat_name(snap.seats[snap.last_trick.winner], names, locale=locale),
                points=pts,
            )
        )
    if snap.hearts_broken:
        lines.append(t("table.hearts_broken", locale))
    return "\n".join(lines)


def message_link(guild_id: str | None, channel_id: int, message_id: int) -> str:
    """A link that opens a message: a server's channel or thread carries the server's id, a DM
    ``@me`` (a server's id there opens nothing)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def hand_text(
    hand: PrivateHand,
    snap: TableSnapshot,
    names: Names,
    link: str,
    selected: CardSet = 0,
    note: str = "",
    locale: str | None = None,
) -> str:
    """What a person's hand message says: what to do now, the trick so far, a link to the table."""
    lines = [t("hand.header", locale, table=hand.table_id, hand=hand.hand_number)]
    if note:
        lines.append(note)
    towards = direction(hand.pass_direction, locale)
    if hand.phase is Phase.PASSING and hand.your_turn and hand.passed is None:
        lines.append(pass_status(selected, hand.pass_count, towards, locale))
    elif hand.phase is Phase.PASSING and hand.passed is not None:
        lines.append(passed_line(hand.passed, hand.pass_direction, locale))
    if hand.received and hand.phase is not Phase.PASSING and not snap.last_trick:
        lines.append(t("hand.received", locale, cards=card_list(hand.received, locale)))
    # A snapshot of a later hand (the move that ended this one dealt the next) says nothing of it.
    if hand.phase is Phase.PLAYING and snap.hand_number == hand.hand_number:
        if snap.trick and snap.leader is not None:
            n = len(snap.seats)
            seats = [snap.seats[(snap.leader + i) % n] for i in range(len(snap.trick))]
            played = ", ".join(
                f"{seat_name(seat, names, locale=locale)} {card_list(1 << c, locale)}"
                for seat, c in zip(seats, snap.trick, strict=True)
            )
            lines.append(t("hand.trick_so_far", locale, cards=played))
        if hand.your_turn:
            if not snap.trick:
                lines.append(t("hand.you_lead", locale))
            lines.append(t("hand.tap_to_play", locale, countdown=countdown(hand.deadline, locale)))
        elif snap.waiting and snap.waiting[0] != hand.seat:
            # (their own seat: the card played for them took the trick; their controls come next)
            lines.append(
                t("hand.wait", locale, name=seat_name(snap.seats[snap.waiting[0]], names, locale=locale))
            )
    if hand.phase is Phase.MOON_CHOICE and hand.choose_moon:
        lines.append(t("hand.moon_prompt", locale))
    elif hand.phase is Phase.MOON_CHOICE and snap.waiting:  # after the last trick: who decides
        shooter = seat_name(snap.seats[snap.waiting[0]], names, locale=locale)
        lines.append(t("table.moon_choice", locale, name=shooter, countdown=countdown(snap.deadline, locale)))
    if link:
        lines.append(t("hand.jump", locale, link=link))
    return "\n".join(lines)


def last_trick_line(snap: TableSnapshot, names: Names, locale: str | None = None) -> str:
    """The hand's last complete trick: each seat's card in the order played and who took it (the
    Last trick answer, and the DM after a card that completed a trick was played for someone)."""
    trick, seats = snap.last_trick, snap.seats
    if trick is None:
        return last_trick_text((), None, None, locale)
    plays = [
        (seat_name(seats[trick.seat_of(i, len(seats))], names, locale=locale), card)
        for i, card in enumerate(trick.cards)
    ]
    winner = seat_name(seats[trick.winner], names, locale=locale)
    return last_trick_text(plays, sum(snap.tricks_won), winner, locale)


def auto_played_note(
    card: Card, hand: PrivateHand, after: TableSnapshot, names: Names, locale: str | None = None
) -> str:
    """What the DM says when a person's only legal card was played for them, from ``after``, the
    table right after that move: if the card completed the trick, ``after`` shows a new trick, so
    the completed one (with their card) is told here."""
    lines = [t("hand.auto_played", locale, card=card_name(card, locale))]
    done = after.last_trick
    if not after.trick and after.hand_number == hand.hand_number and done and card in done.cards:
        lines.append(last_trick_line(after, names, locale))
    return "\n".join(lines)


def hand_scored_text(event: HandScored, names: Names, locale: str | None = None) -> str:
    """A hand's points and running totals, and who shot the moon (or took every trick)."""
    seats = event.table.seats
    points = " · ".join(
        f"{seat_name(s, names, locale=locale)} {p:+d} ({tot})"
        for s, p, tot in zip(seats, event.score.points, event.totals, strict=True)
    )
    lines = [t("announce.hand_scored", locale, hand=event.hand_number, points=points)]
    shooter = event.score.shooter
    if shooter is not None and event.score.outcome is not HandOutcome.NORMAL:
        key = {
            HandOutcome.MOON: "announce.moon",
            HandOutcome.SLAM: "announce.slam",
            HandOutcome.ALL_TRICKS: "announce.all_tricks",
        }[event.score.outcome]
        lines.append(t(key, locale, name=seat_name(seats[shooter], names, locale=locale)))
    return "\n".join(lines)


def game_over_text(event: GameOver, names: Names, locale: str | None = None) -> str:
    """Who won, and how each person's ranking points changed."""
    winners = [player_name(w.player_id, names, locale) for w in event.result.winners if w.player_id]
    lines = [
        t("announce.game_over", locale, winners=", ".join(winners))
        if winners
        else t("announce.game_over_nobody", locale)
    ]
    for change in event.changes:
        lines.append(
            t(
                "announce.rating_change",
                locale,
                name=player_name(change.player_id, names, locale),
                delta=change.ranking_points,
                total=change.ranking_total,
            )
        )
    return "\n".join(lines)


def game_end_dm_text(event: GameOver, names: Names, link: str, locale: str | None = None) -> str:
    """The game's end as told by DM to each person seated at it: the table's title (not a hand's
    header: a DM headed by one links that hand's table message), the words of its end in the
    table's place (``game_over_text``), and a link to them there."""
    title = t("lobby.title", locale, table=event.table.table_id)
    return "\n".join((title, game_over_text(event, names, locale), t("hand.jump", locale, link=link)))
