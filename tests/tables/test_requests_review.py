"""The service's check of option combinations (``bot.tables.requests``): a request it can't carry
out as asked is refused whole, never half applied."""

from __future__ import annotations

import pytest

from bot.engine.rules import RuleSet
from bot.tables import Refused, ServerSettings, TableOptions, TableRefusal
from bot.tables.requests import SettingsRequest, TableRequest

LANGUAGES = ("en", "de")


def test_a_target_with_a_number_of_hands_is_refused() -> None:
    """Each alone replaces the other's default; both at once were hands winning silently."""
    for defaults in (TableOptions(), TableOptions(rules=RuleSet(target_score=None, fixed_hands=5))):
        with pytest.raises(Refused) as exc:
            TableRequest(hands=3, target=50).applied_to(defaults)
        assert (exc.value.code, exc.value.params) == (TableRefusal.BAD_RULES, {"rule": "end"})
        hands = TableRequest(hands=3).applied_to(defaults).rules
        assert (hands.fixed_hands, hands.target_score) == (3, None)
        target = TableRequest(target=50).applied_to(defaults).rules
        assert (target.fixed_hands, target.target_score) == (None, 50)


def test_server_defaults_refuse_a_target_with_a_number_of_hands_too() -> None:
    current = ServerSettings()
    with pytest.raises(Refused) as exc:
        SettingsRequest(TableRequest(target=50, hands=3)).applied_to(current, LANGUAGES)
    assert exc.value.code is TableRefusal.BAD_RULES


def test_the_last_channel_named_is_not_disallowed() -> None:
    """Taking the only channel named off the list would allow every channel: refused, naming the
    option that allows another first."""
    current = ServerSettings(allowed_channels=frozenset({"games"}))
    with pytest.raises(Refused) as exc:
        SettingsRequest(disallow_channel="games").applied_to(current, LANGUAGES)
    assert (exc.value.code, exc.value.params) == (
        TableRefusal.LAST_CHANNEL,
        {"option": "allow_channel", "all": "all_channels"},
    )
    # Another allowed in the same change, the first goes.
    moved = SettingsRequest(allow_channel="spam", disallow_channel="games").applied_to(current, LANGUAGES)
    assert (moved.allowed_channels, moved.closed_channels) == (frozenset({"spam"}), frozenset())
    # A channel not named changes nothing; two named, one goes.
    assert SettingsRequest(disallow_channel="spam").applied_to(current, LANGUAGES) == current
    two = ServerSettings(allowed_channels=frozenset({"games", "spam"}))
    one = SettingsRequest(disallow_channel="spam").applied_to(two, LANGUAGES)
    assert (one.allowed_channels, one.closed_channels) == (frozenset({"games"}), frozenset())


def test_every_channel_but_some_stays_as_it_was() -> None:
    """With every channel allowed (or all but some), a channel disallowed is closed."""
    every = SettingsRequest(disallow_channel="spam").applied_to(ServerSettings(), LANGUAGES)
    assert (every.allowed_channels, every.closed_channels) == (frozenset(), frozenset({"spam"}))
    more = SettingsRequest(disallow_channel="games").applied_to(every, LANGUAGES)
    assert (more.allowed_channels, more.closed_channels) == (frozenset(), frozenset({"spam", "games"}))
    reopened = SettingsRequest(allow_channel="spam").applied_to(more, LANGUAGES)
    assert (reopened.allowed_channels, reopened.closed_channels) == (frozenset(), frozenset({"games"}))


def test_all_channels_forgets_the_channels_chosen() -> None:
    """Once a channel was allowed there was no way back to every channel: ``all_channels``
    clears both lists, named or closed."""
    named = ServerSettings(allowed_channels=frozenset({"games", "spam"}))
    every = SettingsRequest(all_channels=True).applied_to(named, LANGUAGES)
    assert (every.allowed_channels, every.closed_channels) == (frozenset(), frozenset())
    assert SettingsRequest(all_channels=True).given
    closed = ServerSettings(closed_channels=frozenset({"spam"}))
    assert SettingsRequest(all_channels=True).applied_to(closed, LANGUAGES) == ServerSettings()
    # False, like the other ``*_off`` flags, changes nothing; a forged value is refused.
    assert SettingsRequest(all_channels=False).applied_to(named, LANGUAGES) == named
    with pytest.raises(Refused) as exc:
        SettingsRequest(all_channels="yes").applied_to(named, LANGUAGES)
    assert (exc.value.code, exc.value.params) == (
        TableRefusal.OPTION_NOT_OFFERED,
        {"option": "all_channels", "allowed": ("True", "False")},
    )


def test_all_channels_comes_before_the_channels_named_with_it() -> None:
    """Given with ``allow_channel`` or ``disallow_channel``, every channel first, then the other:
    start over with one channel, or every channel but one (the last channel named is no longer
    refused, since the list is gone)."""
    current = ServerSettings(allowed_channels=frozenset({"games"}), closed_channels=frozenset())
    only = SettingsRequest(all_channels=True, allow_channel="spam").applied_to(current, LANGUAGES)
    assert (only.allowed_channels, only.closed_channels) == (frozenset({"spam"}), frozenset())
    but = SettingsRequest(all_channels=True, disallow_channel="games").applied_to(current, LANGUAGES)
    assert (but.allowed_channels, but.closed_channels) == (frozenset(), frozenset({"games"}))
    # The refusal of the last channel names both ways out.
    with pytest.raises(Refused) as exc:
        SettingsRequest(disallow_channel="games").applied_to(current, LANGUAGES)
    assert exc.value.params == {"option": "allow_channel", "all": "all_channels"}
