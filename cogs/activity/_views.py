"""What one socket is sent: the table as its reader's seat may see it, as JSON. Pure, from the
same service snapshot and private hand the DMs are drawn from, so both faces show one table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import cards_of
from bot.engine.rules import RuleSet
from bot.engine.scoring import moon_score, moon_self_score
from bot.tables.snapshot import PrivateHand, SeatInfo, TableSnapshot
from bot.text import t


def seat_label(seat: SeatInfo, names: Mapping[str, str], locale: str | None) -> str:
    if seat.kind is None:
        return t("seat.empty", locale)
    if seat.is_computer or seat.player_id is None:
        return t("seat.computer", locale, number=seat.seat + 1)
    return names.get(seat.player_id) or t("seat.unknown_player", locale, short=seat.player_id[-4:])


@dataclass(frozen=True)
class TableViews:
    """A table at one moment as every socket watching it is sent it. It is read once per change
    of the table (not once per socket); its public part is encoded once per language and each
    seated person's own part (their hand) once, spliced after it; spectators of one language
    share one text."""

    snapshot: TableSnapshot
    hands: Mapping[str, PrivateHand]  # the seated people's own hands, by their id
    names: Mapping[str, str]
    _public: dict[str | None, str] = field(default_factory=dict, compare=False)
    _texts: dict[tuple[str | None, str | None], str] = field(default_factory=dict, compare=False)

    def text(self, player_id: str, locale: str | None) -> str:
        """The JSON this reader is sent: their hand if they have a seat, else the spectators'."""
        hand = self.hands.get(player_id)
        key = (None if hand is None else player_id, locale)
        text = self._texts.get(key)
        if text is None:
            public = self._public.get(locale)
            if public is None:  # the object without its closing brace: a reader's part follows
                public = self._public[locale] = _encode(public_view(self.snapshot, self.names, locale))[:-1]
            own = reader_view(hand, self.snapshot.options.rules, locale)
            text = self._texts[key] = f"{public},{_encode(own)[1:]}"
        return text


def _encode(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"))


def seat_of(snapshot: TableSnapshot, player_id: str) -> int | None:
    """The reader's seat, or None for a spectator."""
    return next((s.seat for s in snapshot.seats if s.player_id == player_id and not s.is_computer), None)


def public_view(snapshot: TableSnapshot, names: Mapping[str, str], locale: str | None) -> dict[str, Any]:
    """The table as everyone sees it (a view is this and ``reader_view``). Cards are the engine's
    card ids (0-51); ``deadline`` is epoch seconds (the live countdown); ``bonus_card`` is the
    Omnibus card (the 10♦ or J♦) the page's faces mark, as the DMs' do. A closed table (finished,
    cancelled) waits for nobody: a game cancelled mid-hand keeps its hand's seats to act, which
    the page would show as whose turn it is, with a countdown."""

    def at(values: tuple[int, ...], seat: int) -> int:
        return values[seat] if seat < len(values) else 0

    last = snapshot.last_trick or snapshot.previous_trick  # a hand's final trick, seen at its end
    is_open = snapshot.status.open
    feat = snapshot.last_feat
    return {
        "op": "view",
        "table": snapshot.table_id,
        "status": snapshot.status.value,
        "move": snapshot.move_number,
        "hand_number": snapshot.hand_number,
        "phase": snapshot.phase.value if snapshot.phase is not None else None,
        "deadline": snapshot.deadline if is_open else None,
        "waiting": list(snapshot.waiting) if is_open else [],
        "leader": snapshot.leader,
        "trick": list(snapshot.trick),
        "last_trick": None
        if last is None
        else {"leader": last.leader, "cards": list(last.cards), "winner": last.winner},
        "hearts_broken": snapshot.hearts_broken,
        "bonus_card": snapshot.options.rules.bonus_card,
        "feat": None
        if feat is None
        else {"hand": feat.hand_number, "outcome": feat.outcome.value, "seat": feat.seat},
        "seats": [
            {
                "seat": s.seat,
                "name": seat_label(s, names, locale),
                "computer": s.is_computer,
                "total": at(snapshot.totals, s.seat),
                "points": at(snapshot.points_taken, s.seat),
                "cards_left": at(snapshot.cards_left, s.seat),
            }
            for s in snapshot.seats
        ],
    }


def _moon(rules: RuleSet, locale: str | None) -> dict[str, str]:
    """The shooter's two choices as their buttons say them, the points from the table's rules."""
    mine = moon_self_score(rules)
    return {
        "shoot": t("button.moon_self", locale, points=-mine.taker if mine is not None else 0),
        "add": t("button.moon_others", locale, points=moon_score(rules).others),
    }


def reader_view(hand: PrivateHand | None, rules: RuleSet, locale: str | None) -> dict[str, Any]:
    """The reader's own part of a view: their seat and hand (spectators: None), and the moon's two
    choices when they are the one to choose."""
    return {
        "you": None if hand is None else hand.seat,
        "hand": None if hand is None else _hand(hand),
        "moon": _moon(rules, locale) if hand is not None and hand.choose_moon else None,
    }


def _hand(hand: PrivateHand) -> dict[str, Any]:
    return {
        "cards": cards_of(hand.cards),
        "playable": cards_of(hand.playable),
        "your_turn": hand.your_turn,
        "pass_count": hand.pass_count,
        "pass_target": hand.pass_target,
        "passed": None if hand.passed is None else cards_of(hand.passed),
        "received": cards_of(hand.received),
        "choose_moon": hand.choose_moon,
    }
