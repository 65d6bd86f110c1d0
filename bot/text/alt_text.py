"""Alt text for every image the bot sends: the same information as the picture, in words.

Discord reads an attachment's ``description`` to screen-reader users and caps it at 1024
characters. Each function here takes the very value a renderer draws (``bot.render.models``) and
says what it shows in the reader's language, most important first (what you hold and may play;
the scores and whose turn it is), so that ``fit`` can end a long description early — with "…" —
instead of cutting a word or a card in half. Cards are said in full ("queen of spades",
``Pik-Dame``), which screen readers pronounce better than ``Q♠``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.cards import Card, CardSet, Suit, cards_of, suit_of
from bot.engine.rules import OMNIBUS_BONUS
from bot.render.models import FinalStandings, HandImage, ScoreSheetImage, Shot, StandingRow, TableImage
from bot.render.score_sheet import leaders
from bot.text.cards import card_full_name, rank_label, suit_name
from bot.text.catalogue import t
from bot.text.images import image_words

ALT_MAX = 1024
"""Discord's limit for an attachment's description."""
ELLIPSIS = "…"
_SHOT_WORDS = {Shot.MOON: "moon", Shot.ALL_TRICKS: "all_tricks", Shot.SLAM: "slam"}


def fit(sentences: Iterable[str], limit: int = ALT_MAX) -> str:
    """Whole sentences, in order, as many as fit in ``limit`` characters; " …" marks the rest."""
    shown: list[str] = []
    length = 0
    pending = list(sentences)
    for i, sentence in enumerate(pending):
        added = len(sentence) + (1 if shown else 0)
        room = limit if i == len(pending) - 1 else limit - len(ELLIPSIS) - 1
        if length + added > room:
            if not shown:  # one sentence longer than the limit: cut it, visibly
                return sentence[: limit - len(ELLIPSIS)] + ELLIPSIS
            return " ".join([*shown, ELLIPSIS])
        shown.append(sentence)
        length += added
    return " ".join(shown)


def _listed(items: Iterable[str], locale: str | None) -> str:
    return t("list.separator", locale).join(items)


def _cards(cards: CardSet | Iterable[Card], locale: str | None) -> str:
    shown = cards_of(cards) if isinstance(cards, int) else list(cards)
    return _listed((card_full_name(c, locale) for c in shown), locale)


def _sentence(text: str, locale: str | None) -> str:
    return t("alt.sentence", locale, text=text)


def _by_suit(cards: CardSet, locale: str | None) -> str:
    """``clubs: 3, 8, K; diamonds: 2, 9``: the hand as it is drawn, suit by suit, low to high."""
    groups: dict[Suit, list[str]] = {}
    for card in cards_of(cards):
        groups.setdefault(suit_of(card), []).append(rank_label(card, locale))
    return t("alt.separator", locale).join(
        t("alt.suit", locale, suit=suit_name(suit, locale), cards=_listed(ranks, locale))
        for suit, ranks in groups.items()
    )


def hand_alt(hand: HandImage, locale: str | None = None) -> str:
    """A private hand: the cards by suit, then which may be played, chosen, just received."""
    cards = cards_of(hand.cards)
    if not cards:
        return t("alt.hand_empty", locale)
    sentences = [
        t("alt.hand", locale, count=len(cards)),
        _sentence(_by_suit(hand.cards, locale), locale),
    ]
    if hand.playable is not None:
        playable = hand.playable & hand.cards
        if playable == hand.cards:
            sentences.append(t("alt.playable_all", locale))
        elif playable:
            sentences.append(t("alt.playable", locale, cards=_cards(playable, locale)))
        else:
            sentences.append(t("alt.playable_none", locale))
    if hand.selected & hand.cards:
        sentences.append(t("alt.chosen", locale, cards=_cards(hand.selected & hand.cards, locale)))
    if hand.received & hand.cards:
        sentences.append(t("alt.received", locale, cards=_cards(hand.received & hand.cards, locale)))
    if hand.bonus_card is not None and hand.cards >> hand.bonus_card & 1:
        sentences.append(
            t("alt.bonus", locale, card=card_full_name(hand.bonus_card, locale), bonus=OMNIBUS_BONUS)
        )
    return fit(sentences)


def table_alt(table: TableImage, locale: str | None = None) -> str:
    """The table: hand and trick, hearts, whose turn it is (or who takes the completed trick),
    then each seat in turn order with its scores and its card in the trick."""
    words = image_words(locale)
    n = len(table.seats)
    sentences = [t("alt.table", locale, count=n)]
    status = []
    if table.hand_number is not None:
        status.append(words.fill(words.hand_number, hand=table.hand_number))
    if table.trick_number is not None:
        status.append(words.fill(words.trick_number, trick=table.trick_number))
    status.append(words.hearts_broken if table.hearts_broken else words.hearts_not_broken)
    sentences.append(_sentence(" · ".join(status), locale))
    if table.winner is not None and 0 <= table.winner < n:
        sentences.append(t("alt.trick_taken", locale, name=table.seats[table.winner].name))
    elif table.to_move is not None and 0 <= table.to_move < n:
        sentences.append(t("alt.to_move", locale, name=table.seats[table.to_move].name))
    sentences.extend(_seat(table, i, locale) for i in range(n))
    if not any(seat.played is not None for seat in table.seats):
        sentences.append(t("alt.trick_empty", locale))
    return fit(sentences)


def _seat(table: TableImage, i: int, locale: str | None) -> str:
    seat = table.seats[i]
    parts = [t("alt.seat", locale, name=seat.name, score=seat.score)]
    if seat.is_computer:
        parts.append(t("alt.seat_computer", locale))
    if seat.hand_points is not None:
        parts.append(t("alt.seat_hand_points", locale, points=seat.hand_points))
    if seat.cards_left is not None:
        parts.append(t("alt.seat_cards_left", locale, count=seat.cards_left))
    if seat.played is not None:
        key = "alt.seat_led" if i == table.leader else "alt.seat_played"
        parts.append(t(key, locale, card=card_full_name(seat.played, locale)))
    if i == table.to_move:
        parts.append(t("alt.seat_to_move", locale))
    return _sentence(_listed(parts, locale), locale)


def _scores(names: Sequence[str], points: Sequence[int], locale: str | None) -> str:
    scores = (t("alt.sheet_score", locale, name=n, points=p) for n, p in zip(names, points, strict=False))
    return _listed(scores, locale)


def score_sheet_alt(sheet: ScoreSheetImage, locale: str | None = None) -> str:
    """The score sheet: totals and leaders first, then the hands, the latest ones kept when the
    whole game does not fit."""
    words = image_words(locale)
    names = [p.name for p in sheet.players]
    title = words.score_sheet
    if sheet.target is not None:
        title = f"{title} · {words.fill(words.game_to, target=sheet.target)}"
    head = [t("alt.sheet", locale, title=title, players=len(names))]
    if not sheet.rows:
        return fit([*head, _sentence(words.no_hands_yet, locale)])
    head.append(t("alt.sheet_totals", locale, totals=_scores(names, sheet.rows[-1].totals, locale)))
    leading = [names[i] for i in sorted(leaders(sheet)) if 0 <= i < len(names)]
    if leading:
        head.append(t("alt.sheet_leaders", locale, names=_listed(leading, locale)))
    rows = []
    for number, row in enumerate(sheet.rows, start=1):
        text = _scores(names, row.points, locale)
        if row.shooter is not None and 0 <= row.shooter < len(names):
            shot = getattr(words, _SHOT_WORDS[row.shot])
            text = _listed([text, t("alt.sheet_shot", locale, shot=shot, name=names[row.shooter])], locale)
        rows.append(t("alt.sheet_row", locale, hand=number, points=text))
    # Keep the latest hands that fit, and say how many earlier ones are left out.
    for skipped in range(len(rows) + 1):
        note = [t("alt.earlier_hands", locale, count=skipped)] if skipped else []
        text = " ".join([*head, *note, *rows[skipped:]])
        if len(text) <= ALT_MAX:
            return text
    return fit(head)


def _standing(row: StandingRow, locale: str | None) -> str:
    words = image_words(locale)
    if row.place is None:
        parts = [t("alt.standings_unranked", locale, name=row.name, total=row.total)]
    else:
        parts = [t("alt.standings_row", locale, place=row.place, name=row.name, total=row.total)]
        if row.shared:
            parts.append(t("alt.standings_shared", locale))
    if row.quit:
        parts.append(words.quit)
    if row.ranking_points is not None:
        parts.append(t("alt.standings_ranking", locale, delta=row.ranking_points))
    return _sentence(_listed(parts, locale), locale)


def standings_alt(standings: FinalStandings, locale: str | None = None) -> str:
    """The final standings, best first."""
    words = image_words(locale)
    title = words.final_standings
    if standings.hands_played is not None:
        title = f"{title} · {words.fill(words.hands_played, count=standings.hands_played)}"
    return fit([_sentence(title, locale), *(_standing(row, locale) for row in standings.rows)])


def example_alt(description: str, locale: str | None = None) -> str:
    """An image in ``/hearts help``: marked as an example, so nobody takes it for their own game."""
    return fit([t("alt.example", locale, text=description)])
