"""The words of a hand's review: the replay's steps as images to draw (``bot.render.replay``) with
their alt text, and the coach's findings as lines. Pure: the review extension passes the record,
the seats' names and the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import Card, CardSet, cards_of
from bot.render.replay import ReplayFrame, ReplaySeat
from bot.review.coach import MARGIN, CoachReport, Decision, DecisionKind
from bot.review.history import HandRecord, Step, steps
from bot.text.alt_text import fit
from bot.text.cards import card_full_name, card_list, card_name
from bot.text.catalogue import t


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
