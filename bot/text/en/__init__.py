"""English: the complete catalogue and the fallback for every other language, one module per topic: ``core`` (the game's messages, rules text, cards,
image words, slash commands), ``play`` (one-tap play, settings, pings, Rematch, Last trick) and
``guide`` (``/hearts help`` and alt text), ``review`` (looking back at a hand). ``MESSAGES`` is all of them: what
``bot.text.catalogue`` loads and the parity tests compare."""

from __future__ import annotations

from bot.text.en import core, daily, events, guide, options, places, play, review, seasons

MESSAGES: dict[str, str] = {
    **core.MESSAGES,
    **play.MESSAGES,
    **guide.MESSAGES,
    **daily.MESSAGES,
    **events.MESSAGES,
    **options.MESSAGES,
    **places.MESSAGES,
    **review.MESSAGES,
    **seasons.MESSAGES,
}
