"""Discord's locales and the catalogue each should be read in once issue 32's catalogues exist:
the specification the locale tests check ``bot.text.language`` against (also before every
catalogue has landed, by standing in empty catalogues for the missing ones)."""

from __future__ import annotations

from discord_emulator.command_validation import LOCALES

CATALOGUE_OF: dict[str, str] = {
    **{locale: locale for locale in LOCALES},
    "en-US": "en",
    "en-GB": "en",  # British English shares English
    "es-ES": "es",  # "es" serves Spain; Latin America has its own words (es-419)
    "sv-SE": "sv",
}
"""Every Discord locale → its catalogue's code in ``LANGUAGES``."""
ALL_LANGUAGES: tuple[str, ...] = tuple(sorted(set(CATALOGUE_OF.values())))
"""The languages of issue 32: 31 (the issue counts 30, but its list, the 5 catalogues there were
and the 26 being translated make 31; only en-GB and en-US share one)."""
assert len(LOCALES) == 32 and len(ALL_LANGUAGES) == 31
