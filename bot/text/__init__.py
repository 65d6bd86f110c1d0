"""Every word a player reads, in one place, keyed by code (players use many languages: a new
language is a new catalogue, not a change to the logic)."""

from bot.text.catalogue import refusal_text

__all__ = ["refusal_text"]
