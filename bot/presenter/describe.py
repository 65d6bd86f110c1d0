"""Short texts built from snapshots: names, card lists, rule summaries, time limits.

Words come from the catalogue; this module only decides which entries to combine.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.cards import CardSet, card_name, cards_of
from bot.engine.rules import PassDirection, PassRotation, RuleSet, Scoring
from bot.engine.scoring import all_tricks_score, moon_score, moon_self_score, slam_score
from bot.tables import SeatInfo, TableOptions
from bot.text import t

Names = Mapping[str, str]


def player_name(player_id: str, names: Names) -> str:
    return names.get(player_id) or t("seat.unknown_player", short=player_id[-4:])


def computer_name(seat: int, icon: bool = True) -> str:
    """Computers are told apart by their seat number; messages mark them with an icon (images
    draw their own)."""
    name = t("seat.computer", number=seat + 1)
    return t("seat.computer_icon", name=name) if icon else name


def seat_name(seat: SeatInfo, names: Names, icon: bool = True) -> str:
    if seat.kind is None:
        return t("seat.empty")
    if seat.is_computer or seat.player_id is None:
        return computer_name(seat.seat, icon)
    return player_name(seat.player_id, names)


def mention(player_id: str) -> str:
    return f"<@{player_id}>"


def card_list(cards: CardSet) -> str:
    return " ".join(card_name(c) for c in cards_of(cards))


def direction(d: PassDirection | None) -> str:
    return t(f"direction.{(d or PassDirection.HOLD).value}")


def countdown(deadline: float | None) -> str:
    if deadline is None:
        return ""
    return t("countdown", relative=relative_time(deadline))


def relative_time(deadline: float) -> str:
    """Discord renders this as a live "in 12 seconds" in every reader's own language."""
    return f"<t:{int(deadline)}:R>"


def time_limit(seconds: float) -> str:
    if seconds < 120:
        return t("time.seconds", n=int(seconds))
    if seconds < 7200:
        return t("time.minutes", n=int(seconds // 60))
    return t("time.hours", n=round(seconds / 3600, 1) if seconds % 3600 else int(seconds // 3600))


def signed(points: int) -> str:
    """A score change as players write it: +26, −13, 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def rules_summary(rules: RuleSet) -> str:
    parts = [t("rules.players", players=rules.players)]
    if rules.fixed_hands is not None:
        parts.append(t("rules.hands", hands=rules.fixed_hands))
    else:
        parts.append(t("rules.target", target=rules.target_score))
    if rules.black_maria_less:
        parts.append(t("rules.bml"))
    if rules.scoring is Scoring.TOURNAMENT:
        parts.append(t("rules.tournament"))
    elif moon_self_score(rules) is not None:
        parts.append(t("rules.moon.shooter_chooses"))
    all_tricks = all_tricks_score(rules)
    if all_tricks is not None:
        parts.append(t("rules.all_tricks", others=signed(all_tricks.others)))
    if rules.bonus_card is not None:
        parts.append(t("rules.omnibus", card=card_name(rules.bonus_card), bonus=signed(rules.bonus_points)))
    if rules.queen_counts and not rules.queen_breaks:
        parts.append(t("rules.queen_no_break"))
    rotation = {
        PassRotation.LEFT: "rules.pass.left",
        PassRotation.NONE: "rules.pass.none",
        PassRotation.NO_HOLD: "rules.pass.no_hold",
    }.get(rules.pass_rotation)
    if rotation is not None:
        parts.append(t(rotation))
    return ", ".join(parts)


def options_summary(options: TableOptions) -> str:
    level = t("rules.level", level=t(f"level.{options.computer_level.value}"))
    return f"{rules_summary(options.rules)}, {level}"


def rules_text(options: TableOptions) -> str:
    """The rules of a table, readable: the standard game plus what this table changes."""
    rules = options.rules
    lines = [t("rules.text.title"), t("rules.text.summary", summary=options_summary(options))]
    lines.append(t("rules.text.deal", each=rules.cards_per_player, removed=card_list(rules.removed) or "—"))
    if rules.passing:
        lines.append(t("rules.text.passing", count=rules.pass_count))
    lines.append(t("rules.text.lead", card=card_name(rules.first_lead)))
    lines.append(t("rules.text.follow"))
    lines.append(t("rules.text.first_trick" if rules.queen_counts else "rules.text.first_trick_bml"))
    lines.append(t("rules.text.breaking_queen" if rules.queen_breaks else "rules.text.breaking"))
    lines.append(t("rules.text.points" if rules.queen_counts else "rules.text.points_bml"))
    moon, moon_self = moon_score(rules), moon_self_score(rules)
    if moon_self is not None:
        lines.append(t("rules.text.moon_choice", taker=signed(moon_self.taker), others=signed(moon.others)))
    else:
        lines.append(t("rules.text.moon", taker=signed(moon.taker), others=signed(moon.others)))
    all_tricks = all_tricks_score(rules)
    if all_tricks is not None:
        lines.append(
            t("rules.text.all_tricks", taker=signed(all_tricks.taker), others=signed(all_tricks.others))
        )
    elif rules.scoring is Scoring.TOURNAMENT:
        lines.append(t("rules.text.every_trick_moon"))
    slam = slam_score(rules)
    if rules.bonus_card is not None and slam is not None:
        lines.append(
            t(
                "rules.text.omnibus",
                card=card_name(rules.bonus_card),
                bonus=signed(rules.bonus_points),
                taker=signed(slam.taker),
                others=signed(slam.others),
            )
        )
    lines.append(
        t("rules.text.end_hands", hands=rules.fixed_hands)
        if rules.fixed_hands
        else t("rules.text.end_target", target=rules.target_score)
    )
    lines.append(t("rules.text.timer", limit=time_limit(options.time_limit)))
    lines.append(t("rules.text.book"))
    return "\n".join(lines)
