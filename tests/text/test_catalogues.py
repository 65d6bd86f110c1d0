"""Every language has every key, with the same placeholders, and plurals its grammar can fill.

When someone adds a key to English (``bot/text/po/en.po``),
``test_every_language_has_exactly_the_english_keys`` lists it for every language that still lacks
it: adding the translations is then mechanical.
"""

from __future__ import annotations

import re

import pytest

from bot.text import CATALOGUES, LANGUAGES, PSEUDO_LOCALE, t
from bot.text.catalogue import ENGLISH, plural_categories
from bot.text.po.check import shape
from bot.text.pseudo import CLOSE, OPEN, accent
from tests.text.discord_locales import ALL_LANGUAGES, CATALOGUE_OF

TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_language_has_exactly_the_english_keys(lang: str) -> None:
    keys, english = set(CATALOGUES[lang]), set(ENGLISH)
    missing = "".join(f"\n    {key!r}: {ENGLISH[key]!r}," for key in ENGLISH if key not in keys)
    assert not missing, f"{lang}.po lacks (English given, to translate):{missing}"
    assert not keys - english, f"{lang} has keys English does not: {sorted(keys - english)}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_translation_is_empty(lang: str) -> None:
    assert not [key for key, text in CATALOGUES[lang].items() if not text]


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_placeholders_match_english(lang: str) -> None:
    wrong = {
        key: (sorted(shape(text).fields), sorted(shape(ENGLISH[key]).fields))
        for key, text in CATALOGUES[lang].items()
        if key in ENGLISH and shape(text).fields != shape(ENGLISH[key]).fields
    }
    assert not wrong, f"{lang}: placeholders differ from English (theirs, English): {wrong}"


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_every_plural_lists_one_form_per_plural_category_of_the_language(lang: str) -> None:
    categories = len(plural_categories(lang))
    wrong = {
        key: shape(text).plural_forms
        for key, text in CATALOGUES[lang].items()
        if any(n != categories for n in shape(text).plural_forms)
    }
    assert not wrong, f"{lang} has {categories} plural form(s) per plural: {wrong}"


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
@pytest.mark.parametrize("number", [0, 1, 2, 5, 11, 21, 22, -1, 1.5])
def test_every_template_fills_for_any_number(lang: str, number: float) -> None:
    for key, text in CATALOGUES[lang].items():
        params = dict.fromkeys(shape(text).fields, number)
        filled = t(key, lang, **params)
        assert "{" not in filled.replace("{{", ""), (lang, key, filled)


def test_the_plural_categories_are_cldr_s() -> None:
    assert plural_categories("en") == plural_categories("de") == ("one", "other")
    assert plural_categories("hi") == ("one", "other")
    assert plural_categories("ja") == plural_categories("id") == ("other",)


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Choose exactly 1 card to pass.", "Choose exactly 2 cards to pass."),
        ("de", "Wähle genau 1 Karte zum Weitergeben.", "Wähle genau 2 Karten zum Weitergeben."),
        ("hi", "पास करने के लिए ठीक 1 पत्ता चुनें।", "पास करने के लिए ठीक 2 पत्ते चुनें।"),
        ("id", "Pilih tepat 1 kartu untuk dioper.", "Pilih tepat 2 kartu untuk dioper."),
        ("ja", "パスするカードをちょうど1枚選んでください。", "パスするカードをちょうど2枚選んでください。"),
        ("es", "Elige exactamente 1 carta para pasar.", "Elige exactamente 2 cartas para pasar."),
        ("fr", "Choisis exactement 1 carte à passer.", "Choisis exactement 2 cartes à passer."),
        ("tr", "Vermek için tam 1 kart seç.", "Vermek için tam 2 kart seç."),
        ("it", "Scegli esattamente 1 carta da passare.", "Scegli esattamente 2 carte da passare."),
        ("vi", "Hãy chọn đúng 1 lá để chuyển.", "Hãy chọn đúng 2 lá để chuyển."),
        ("cs", "Vyber přesně 1 kartu k poslání.", "Vyber přesně 2 karty k poslání."),
        ("hu", "Válassz ki pontosan 1 lapot az átadáshoz.", "Válassz ki pontosan 2 lapot az átadáshoz."),
        ("fi", "Valitse tasan 1 kortti annettavaksi.", "Valitse tasan 2 korttia annettavaksi."),
        ("hr", "Odaberi točno 1 kartu za dodavanje.", "Odaberi točno 2 karte za dodavanje."),
    ],
)
def test_passing_one_card_reads_right_in_every_language(lang: str, one: str, two: str) -> None:
    """RULES.md 2a.9, in every language."""
    assert t("refusal.wrong_pass_count", lang, count=1) == one
    assert t("refusal.wrong_pass_count", lang, count=2) == two


def test_hindi_counts_zero_as_one() -> None:
    assert t("rules.hands", "hi", hands=0) == "0 बाज़ी"
    assert t("rules.hands", "hi", hands=2) == "2 बाज़ियाँ"


def test_french_counts_zero_and_one_as_one() -> None:
    assert plural_categories("fr") == ("one", "many", "other")
    assert [t("rules.hands", "fr", hands=n) for n in (0, 1, 2, 21)] == [
        "0 donne",
        "1 donne",
        "2 donnes",
        "21 donnes",
    ]
    assert (
        t("announce.rating_change", "fr", name="A", delta=-1, total=7)
        == "A : −1 point de classement (maintenant 7)"
    )


def test_numbers_are_written_by_the_locale() -> None:
    assert t("time.hours", "de", n=1.5) == "1,5 h"
    assert t("time.hours", "en", n=1.5) == "1.5 h"
    assert t("leaderboard.page", "id", page=1, pages=1234) == "Halaman 1 dari 1234"  # no grouping
    assert t("announce.rating_change", "de", name="A", delta=5, total=7) == "A: +5 Ranglistenpunkte (jetzt 7)"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("de", "de"),
        ("id", "id"),
        ("hi", "hi"),
        ("ja", "ja"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de_AT", "de"),
        ("pt-BR", "pt-BR"),
        ("pt-PT", "pt-BR"),  # the language for another region
        ("eo", "en"),  # no catalogue: English
        (None, "en"),
        ("", "en"),
        (PSEUDO_LOCALE, PSEUDO_LOCALE),
    ],
)
def test_discord_locales_choose_a_language(locale: str | None, lang: str) -> None:
    from bot.text import language

    assert language(locale) == lang


@pytest.mark.parametrize("locale", sorted(CATALOGUE_OF))
def test_every_discord_locale_reads_its_catalogue_once_all_exist(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All 32 of Discord's locales, with issue 32's catalogues (empty ones stand in for those not
    here yet): en-GB and en-US read English, es-ES Spanish, sv-SE Swedish, es-419, pt-BR, zh-CN
    and zh-TW their own; a Babel-style spelling and any case the same."""
    from bot.text import catalogue

    monkeypatch.setattr(catalogue, "CATALOGUES", {code: CATALOGUES.get(code, {}) for code in ALL_LANGUAGES})
    monkeypatch.setattr(catalogue, "LANGUAGES", ALL_LANGUAGES)
    wanted = CATALOGUE_OF[locale]
    assert catalogue.language(locale) == wanted
    assert catalogue.language(locale.replace("-", "_").lower()) == wanted
    assert catalogue.language("pt-PT") == "pt-BR"  # a language's other region rather than English
    assert catalogue.language("fr-CA") == "fr"


@pytest.mark.parametrize("locale", sorted(CATALOGUE_OF))
def test_a_discord_locale_reads_its_catalogue_if_the_bot_has_it_else_english(locale: str) -> None:
    from bot.text import language

    assert language(locale) == (CATALOGUE_OF[locale] if CATALOGUE_OF[locale] in LANGUAGES else "en")


# Words that stay as they are in a translation: names, symbols, the bot's file names.
SAME_AS_ENGLISH = re.compile(r"^[\W\d_]*$|^(?:\{\w+\}|[\W\d])*$")
KEEPS_ENGLISH = {
    "command.hearts.name",  # the group keeps its name: people type /hearts in every language
    "card.short",
    "card.separator",
    "rank.short.J",
    "rank.short.Q",
    "rank.short.K",
    "rank.short.A",
    "seat.computer",  # "Computer 1" in German too
    "seat.computer_icon",
    "lobby.started_in",  # " in {thread}" in German too
    "rules.omnibus",
    "lobby.seat_line",
    "time.seconds",
    "time.minutes",
    "time.hours",
    "image.earlier_hands",
    "image.shared_place",
    "image.unranked",
    "image.slam",
    "image.total",
    "daily.image.par",  # "Par 45": the golf word, German too
    "daily.image.par_column",
    "level.normal",
    "choice.normal",
    "command.hearts.new.option.target.name",
    "command.hearts-settings.option.target.name",
    "command.hearts.new.option.omnibus.name",
    "command.hearts-event.new.option.omnibus.name",
    "command.hearts.new.option.computers.name",
    "command.hearts-settings.option.computers.name",
    "choice.TWO_SPADES",
}
SAME_IN_LANGUAGE: dict[str, set[str]] = {
    # words a language writes exactly as English does
    "fr": {"choice.60", "choice.120", "choice.300", "daily.par.value"},  # "1 minute", "par 72"
}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_nothing_is_left_in_english(lang: str) -> None:
    """A sentence identical to English is a translation someone forgot (unless it has no words)."""
    same = {
        key
        for key, text in CATALOGUES[lang].items()
        if text == ENGLISH.get(key)
        and key not in KEEPS_ENGLISH | SAME_IN_LANGUAGE.get(lang, set())
        and not SAME_AS_ENGLISH.match(text)
    }
    assert not same, f"{lang} still in English: {sorted(same)}"


def test_the_pseudo_locale_marks_every_string() -> None:
    for key, text in ENGLISH.items():
        shown = t(key, PSEUDO_LOCALE, **dict.fromkeys(shape(text).fields, 2))
        assert shown.startswith(OPEN) and shown.endswith(CLOSE), (key, shown)
    assert t("refusal.not_your_turn", PSEUDO_LOCALE) == "⟦Íţ'š ñóţ ýóúŕ ţúŕñ.⟧"
    # fields, plurals and Discord markup survive the accents
    assert t("hand.pass_cleared", PSEUDO_LOCALE, count=1) == "⟦Çĥóíçé çĺéáŕéđ: ţáƥ 1 çáŕđ ţó ƥášš.⟧"
    assert t("ping.turn", PSEUDO_LOCALE, mention="<@1>", table=2, countdown="x", button="y").startswith(
        "⟦<@1> ýóúŕ ţúŕñ"
    )
    assert "`/hearts new`" in t("reply.no_table_here", PSEUDO_LOCALE)


def test_unmarked_finds_the_words_no_catalogue_gave() -> None:
    from bot.text.pseudo import unmarked

    marked = t(
        "table.to_play",
        PSEUDO_LOCALE,
        name="Alice",
        countdown=t("countdown", PSEUDO_LOCALE, relative="<t:1:R>"),
    )
    assert unmarked(marked, allowed=["Alice"]) == []
    assert unmarked(f"{marked} Game over", allowed=["Alice"]) == ["Game", "over"]
    assert unmarked("⟦⟦Ǫ⟧♠⟧ 10 · 🤖 <@123> https://x.test/a") == []
    assert unmarked("Alice") == ["Alice"]
    # a field's value no catalogue gave, inside a marked sentence; a code span or field name is not
    opened = t("daily.image.open", PSEUDO_LOCALE, closes="2026-11-20 00:00 UTC")
    assert unmarked(opened) == ["UTC"]
    assert unmarked(t("daily.image.open", PSEUDO_LOCALE, closes="⟦" + accent("noon") + "⟧")) == []
    assert unmarked("⟦" + accent("Run") + " `/hearts new` {count|" + accent("hand") + "}⟧") == []
