"""The words the Activity's page shows, in its reader's language, sent once per socket (``{"op":
"words"}`` after hello, and with ``/api/config`` before it): plain templates from the catalogues
with ``{name}``-style fields the page fills in (none of them uses the plural syntax, which needs
the language's plural rules), every card's names, and the deck the reader chose (``/hearts deck``:
the faces the page asks for, ``_static``'s ``/cards/<deck>/``). Pure: the same catalogues the DMs
use."""

from __future__ import annotations

from typing import Any, Final

from bot.engine.cards import NUM_CARDS
from bot.text import card_full_name, card_name, language
from bot.text.catalogue import template

from ._static import deck_name

KEYS: Final = (
    # the Activity's own
    "activity.connecting",
    "activity.reconnecting",
    "activity.unauthorized",
    "activity.your_turn",
    "activity.your_hand",
    "activity.played",
    "activity.took",
    "activity.watching",
    "activity.close",
    # the table message's and the DM's
    "table.to_play",
    "table.waiting_pass",
    "table.moon_choice",
    "lobby.cancelled",
    "table.table_closed",
    "announce.moon",
    "announce.slam",
    "announce.all_tricks",
    "hand.moon_prompt",
    "hand.pass_choose_more",
    "hand.received",
    "hand.tap_to_play",
    "button.pass_these",
    "button.last_trick",
    "card.separator",
    # the images'
    "image.hand_number",
    "image.trick_number",
    "image.points",
    "image.total",
    "image.hearts_broken",
    "image.final_standings",
)


def words_message(locale: str | None, now: float, four_colour: bool = False) -> dict[str, Any]:
    """The page's words for ``locale`` (a Discord locale, or None: English). ``now`` is the server's
    clock (epoch seconds): the page corrects its countdowns by how far its own clock is off.
    ``four_colour``: the reader chose the four-colour deck (before the socket knows who reads: no)."""
    words = {}
    for key in KEYS:
        found = template(key, locale)
        assert found is not None, key
        words[key] = found[0]
    return {
        "op": "words",
        "lang": language(locale),
        "now": now,
        "deck": deck_name(four_colour),
        "words": words,
        "cards": [card_full_name(c, locale) for c in range(NUM_CARDS)],
        "short": [card_name(c, locale) for c in range(NUM_CARDS)],
    }


def header_locale(accept_language: str) -> str | None:
    """The browser's first language (``Accept-Language: de-DE,de;q=0.9`` → ``de-DE``): the page's
    words before Discord has said who is reading."""
    first = accept_language.split(",")[0].split(";")[0].strip()
    return first or None
