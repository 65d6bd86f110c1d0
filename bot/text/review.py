"""The words of a hand's review: the replay's steps as images to draw (``bot.render.replay``) with
their alt text, the coach's findings as lines, and the ``/stats`` profile image (with the coach's
accuracy) and its alt text. Pure: the extensions pass the values, the names and the language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import Card, CardSet, cards_of
from bot.render.profile import ProfileFigure, ProfileImage, ProfileSection
from bot.render.replay import ReplayFrame, ReplaySeat
from bot.review.coach import MARGIN, CoachReport, Decision, DecisionKind
from bot.review.history import HandRecord, Step, steps
from bot.review.profile import Profile
from bot.review.service import ReviewRefused
from bot.storage.leaderboard import PlayerStats
from bot.text.alt_text import fit
from bot.text.cards import card_full_name, card_list, card_name
from bot.text.catalogue import fill, language, t
from bot.text.markdown import text_name
from bot.text.moments import timestamp

NO_VALUE = "–"


def refusal(refused: ReviewRefused, locale: str | None = None) -> str:
    """Why a hand can't be shown, in words; a time (``closes``) as Discord shows it in the reader's
    own time zone, an event's ``name`` (its organiser's words) as plain text."""
    params = dict(refused.params)
    if "closes" in params:
        params["closes"] = timestamp(params["closes"], "R")
    if "name" in params:
        params["name"] = text_name(params["name"])
    return t(f"review.problem.{refused.problem.value}", locale, **params)


def replay_frames(record: HandRecord, names: Sequence[str], locale: str | None = None) -> list[ReplayFrame]:
    """One frame per step of the hand: as dealt (the passes raised), then after each trick."""
    return [_frame(record, step, names, locale) for step in steps(record)]


def _frame(record: HandRecord, step: Step, names: Sequence[str], locale: str | None) -> ReplayFrame:
    rules = record.rules
    n = record.players
    title = t("review.title", locale, table=record.table_id, hand=record.hand_number)
    trick = step.trick
    played: list[Card | None] = [None] * n
    notes = [""] * n
    marked: list[CardSet] = [0] * n
    if trick is None:
        if rules.pass_target(0, record.hand_number) is None:
            caption = t("review.caption.dealt_hold", locale)
        else:
            direction = t(f"direction.{rules.pass_direction(record.hand_number).value}", locale)
            caption = t("review.caption.dealt_pass", locale, direction=direction)
            for seat in range(n):
                marked[seat] = record.passed[seat] or 0
                target = rules.pass_target(seat, record.hand_number)
                if target is not None:
                    notes[seat] = t("review.note.passed_to", locale, name=names[target])
    else:
        for i, card in enumerate(trick.cards):
            played[trick.seat_of(i, n)] = card
        caption = t(
            "review.caption.trick",
            locale,
            trick=step.number,
            leader=names[trick.leader],
            winner=names[trick.winner],
            points=step.trick_points,
        )
    seats = tuple(
        ReplaySeat(
            name=names[seat],
            held=step.held[seat],
            points=step.taken_points[seat],
            is_computer=record.seats[seat].is_computer,
            marked=marked[seat],
            played=played[seat],
            note=notes[seat],
        )
        for seat in range(n)
    )
    return ReplayFrame(
        seats=seats,
        title=title,
        caption=caption,
        leader=None if trick is None else trick.leader,
        winner=None if trick is None else trick.winner,
        bonus_card=rules.bonus_card,
    )


def frame_alt(frame: ReplayFrame, locale: str | None = None) -> str:
    """What one step shows, in words: the caption, then each seat's cards (full names)."""
    sentences = [f"{frame.title}. {frame.caption}."]
    for seat in frame.seats:
        cards = ", ".join(card_full_name(c, locale) for c in cards_of(seat.held)) or t("review.none", locale)
        line = t("review.alt.seat", locale, name=seat.name, points=seat.points, cards=cards)
        if seat.played is not None:
            line += "; " + t("review.alt.played", locale, card=card_full_name(seat.played, locale))
        if seat.marked:
            line += "; " + t("review.alt.passed", locale, cards=card_list(seat.marked, locale))
        sentences.append(line + ".")
    return fit(sentences)


def animation_alt(record: HandRecord, count: int, locale: str | None = None) -> str:
    return t("review.alt.animation", locale, table=record.table_id, hand=record.hand_number, count=count)


def points_line(record: HandRecord, names: Sequence[str], locale: str | None = None) -> str:
    """The hand's score per seat (moons and slams included: the engine scored it)."""
    parts = ", ".join(f"{name} {points}" for name, points in zip(names, record.points, strict=True))
    return t("review.points", locale, points=parts)


def coach_lines(report: CoachReport, locale: str | None = None) -> list[str]:
    """The coach's summary and its costliest decisions, one line each."""
    accuracy = report.accuracy
    if accuracy is None:
        return [t("review.coach.no_choices", locale)]
    lines = [
        t(
            "review.coach.header",
            locale,
            accuracy=round(accuracy * 100),
            count=len(report.decisions),
            lost=round(report.lost, 1),
        )
    ]
    costly = report.costliest()
    if not costly:
        lines.append(t("review.coach.clean", locale, margin=MARGIN))
    lines.extend(decision_line(d, locale) for d in costly)
    return lines


def decision_line(decision: Decision, locale: str | None = None) -> str:
    loss = round(decision.loss, 1)
    if decision.kind is DecisionKind.PASS:
        chosen, best = card_list(decision.chosen, locale), card_list(decision.best, locale)
        line = t("review.coach.pass", locale, chosen=chosen, best=best, loss=loss)
    else:
        chosen = card_name(decision.chosen.bit_length() - 1, locale)
        best = card_name(decision.best.bit_length() - 1, locale)
        line = t("review.coach.card", locale, trick=decision.trick, chosen=chosen, best=best, loss=loss)
    if decision.pattern is not None:
        reason = t(f"review.pattern.{decision.pattern.value}", locale)
        line += " " + t("review.coach.why", locale, reason=reason)
    return "• " + line


def profile_image(name: str, stats: PlayerStats, profile: Profile, locale: str | None = None) -> ProfileImage:
    """The ``/stats`` profile: the server's figures, the hands', the coach's. Another block of
    figures is one more ``ProfileSection`` in the tuple."""
    lang = language(locale)
    hands = profile.hands
    accuracy = profile.accuracy

    def figure(key: str, value: str) -> ProfileFigure:
        return ProfileFigure(value, t(f"profile.{key}", locale))

    def number(value: float | None, digits: int = 0) -> str:
        if value is None:
            return NO_VALUE
        return fill("{value:." + str(digits) + "f}", lang, {"value": value})

    queen_share = hands.queens / hands.hands if hands.hands else None
    queens = str(hands.queens) if queen_share is None else f"{hands.queens} ({number(queen_share * 100)}%)"
    share = accuracy.share
    return ProfileImage(
        name=name,
        sections=(
            ProfileSection(
                t("profile.section.games", locale),
                (
                    figure("games", str(stats.games)),
                    figure("wins", str(stats.wins)),
                    figure("rank", NO_VALUE if stats.rank is None else f"#{stats.rank}"),
                    figure("ranking_points", str(stats.ranking_points)),
                    figure("skill", number(stats.skill, 1)),
                    figure("points_per_hand", number(stats.avg_points_per_hand, 2)),
                ),
            ),
            ProfileSection(
                t("profile.section.hands", locale, count=hands.games),
                (
                    figure("hands", str(hands.hands)),
                    figure("moons_shot", str(hands.moons_shot)),
                    figure("moons_conceded", str(hands.moons_conceded)),
                    figure("queens", queens),
                ),
            ),
            ProfileSection(
                t("profile.section.coach", locale, count=accuracy.reviews),
                (
                    figure("accuracy", NO_VALUE if share is None else f"{number(share * 100)}%"),
                    figure("decisions", str(accuracy.decisions)),
                ),
            ),
        ),
    )


def profile_alt(image: ProfileImage, locale: str | None = None) -> str:
    """The profile in words: every section with its figures."""
    sentences = [t("profile.alt", locale, name=image.name)]
    for section in image.sections:
        figures = ", ".join(f"{f.label} {f.value}" for f in section.figures)
        sentences.append(t("profile.alt.section", locale, title=section.title, figures=figures))
    return fit(sentences)
