"""The service's own check of every option value (``bot.tables.requests``): whatever a command
carries, a value it does not offer is refused naming the option and what it allows."""

from __future__ import annotations

import pytest

from bot.ai import Level
from bot.engine.rules import FivePlayerRemoval, MoonScoring
from bot.tables import PlayerPreferences, Refused, ServerSettings, TableOptions, TableRefusal
from bot.tables.requests import PreferencesRequest, SettingsRequest, TableRequest

LANGUAGES = ("en", "de")


def refused(exc: pytest.ExceptionInfo[Refused]) -> tuple[TableRefusal, dict[str, object]]:
    code = exc.value.code
    assert isinstance(code, TableRefusal)
    return code, exc.value.params


def test_offered_values_make_the_options() -> None:
    options = TableRequest(
        seats=5,
        hands=3,
        computers="hard",
        moon="shooter_chooses",
        five_player_removal="TWO_SPADES",
    ).applied_to(TableOptions())
    rules = options.rules
    assert (rules.players, rules.fixed_hands, rules.target_score) == (5, 3, None)  # hands replace the target
    assert rules.moon is MoonScoring.SHOOTER_CHOOSES
    assert rules.five_player_removal is FivePlayerRemoval.TWO_SPADES
    assert options.computer_level is Level.HARD
    assert TableRequest().applied_to(TableOptions()) == TableOptions()


@pytest.mark.parametrize(
    ("request_", "option", "params"),
    [
        (TableRequest(seats=2), "seats", {"min": 3, "max": 7}),
        (TableRequest(seats=True), "seats", {"min": 3, "max": 7}),  # a bool is no number of seats
        (TableRequest(hands=True), "hands", {"min": 1, "max": 100}),  # ... not even where 1 is in range
        (TableRequest(target=10**30), "target", {"min": 10, "max": 1000}),
        (TableRequest(target=9), "target", {"min": 10, "max": 1000}),
        (TableRequest(hands=10**6, target=100), "hands", {"min": 1, "max": 100}),
        (TableRequest(hands=3, target=-5), "target", {"min": 10, "max": 1000}),  # checked even if unused
        (TableRequest(computers="Easy"), "computers", {"allowed": ("easy", "normal", "hard")}),
        (TableRequest(omnibus=10), "omnibus", {"allowed": ("off", "10D", "JD")}),
        (
            TableRequest(five_player_removal="2D 2C"),
            "five_player_removal",
            {"allowed": ("TWO_CLUBS", "TWO_SPADES")},
        ),
        (TableRequest(tournament="yes"), "tournament", {"allowed": ("True", "False")}),
    ],
)
def test_a_value_not_offered_is_refused_naming_the_option(
    request_: TableRequest, option: str, params: dict[str, object]
) -> None:
    with pytest.raises(Refused) as exc:
        request_.applied_to(TableOptions())
    code, shown = refused(exc)
    assert code in (TableRefusal.OPTION_OUT_OF_RANGE, TableRefusal.OPTION_NOT_OFFERED)
    assert shown == {"option": option, **params}


@pytest.mark.parametrize("seconds", [10**30, 14, 86401, float("nan"), "60", True])
def test_a_time_limit_outside_15_seconds_to_a_day_is_refused(seconds: object) -> None:
    with pytest.raises(Refused) as exc:
        TableRequest(time_limit=seconds).applied_to(TableOptions())
    assert refused(exc)[0] is TableRefusal.BAD_TIME_LIMIT


def test_languages_are_only_the_catalogues_or_automatic() -> None:
    current = ServerSettings(language="de")
    assert SettingsRequest(language="guild").applied_to(current, LANGUAGES).language is None
    assert SettingsRequest(language="en").applied_to(current, LANGUAGES).language == "en"
    for bad in ("xx", "client", "ja"):  # not a language, a person's automatic, not in the catalogues
        with pytest.raises(Refused) as exc:
            SettingsRequest(language=bad).applied_to(current, LANGUAGES)
        assert refused(exc) == (
            TableRefusal.OPTION_NOT_OFFERED,
            {"option": "language", "allowed": ("guild", "en", "de")},
        )
    me = PlayerPreferences(language="de", auto_play=True)
    assert PreferencesRequest(language="client").applied_to(me, LANGUAGES).language is None
    with pytest.raises(Refused):
        PreferencesRequest(language="guild").applied_to(me, LANGUAGES)


def test_personal_settings_take_only_their_choices() -> None:
    me = PlayerPreferences()
    assert PreferencesRequest(deck="four_colour", auto_play="on").applied_to(
        me, LANGUAGES
    ) == PlayerPreferences(four_colour=True, auto_play=True)
    for request in (PreferencesRequest(deck="rainbow"), PreferencesRequest(auto_play=True)):
        with pytest.raises(Refused) as exc:
            request.applied_to(me, LANGUAGES)
        assert refused(exc)[0] is TableRefusal.OPTION_NOT_OFFERED


def test_server_defaults_and_channels() -> None:
    current = ServerSettings(allowed_channels=frozenset({"1"}))
    changed = SettingsRequest(TableRequest(seats=3), allow_channel="2", disallow_channel="1").applied_to(
        current, LANGUAGES
    )
    assert changed.defaults.rules.players == 3 and changed.allowed_channels == frozenset({"2"})
    assert not SettingsRequest().given and SettingsRequest(disallow_channel="1").given
