"""Japanese, one module per topic: ``core`` (the game's messages, rules text, cards,
image words, slash commands), ``play`` (one-tap play, settings, pings, Rematch, Last trick) and
``guide`` (``/hearts help`` and alt text). ``MESSAGES`` is all of them: what
``bot.text.catalogue`` loads and the parity tests compare."""

from __future__ import annotations

from bot.text.ja import core, daily, events, guide, options, places, play, review, seasons

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
