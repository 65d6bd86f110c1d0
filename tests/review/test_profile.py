"""The profile's hand figures come from the replayed hands: one Q♠ taker per hand, moons against
counted for every other seat; and the profile image with its words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bot.engine.rules import RuleSet
from bot.engine.scoring import HandOutcome
from bot.render.profile import render
from bot.review.history import TableHistory
from bot.review.profile import HandFigures, Profile, Profiles, figures_of
from bot.storage.leaderboard import PlayerStats
from bot.storage.reviews import Accuracy
from bot.tables import TableOptions
from bot.text.review import profile_alt, profile_image
from tests.review.test_coach import _played_hand
from tests.review.test_service import ALICE, BOB, PEOPLE
from tests.tables.helpers import CHANNEL, GUILD, play_to_end, rig


def test_one_queen_per_hand_and_a_moon_counts_against_the_other_seats() -> None:
    record = _played_hand("profile:1")
    history = TableHistory(1, "g", (record, record), True, 2)
    figures = [figures_of(history, str(seat)) for seat in range(4)]
    assert all(f.games == 1 and f.hands == 2 for f in figures)
    assert record.outcome is HandOutcome.NORMAL  # this deal: no moon; seat 0 takes the Q♠
    assert [(f.queens, f.moons_shot, f.moons_conceded) for f in figures] == [(2, 0, 0)] + [(0, 0, 0)] * 3
    moon = dataclasses.replace(record, outcome=HandOutcome.MOON, shooter=2)
    moons = [figures_of(TableHistory(1, "g", (moon,), True, 1), str(s)) for s in range(4)]
    assert [f.moons_conceded for f in moons] == [1, 1, 0, 1]
    assert [f.moons_shot for f in moons] == [0, 0, 1, 0]
    assert figures_of(history, "somebody else") == HandFigures(games=1)


def test_the_profile_image_has_every_section_and_says_it_in_words() -> None:
    stats = PlayerStats("7", 2, 35, 4, 1, 0, 2.25, 6.5, 1, 0, 24.3)
    figures = Profile(HandFigures(4, 30, 6, 1, 2), Accuracy(3, 40, 30))
    image = profile_image("Alice", stats, figures, "en")
    assert len(image.sections) == 3
    said = profile_alt(image, "en")
    assert "Q♠ taken 6 (20%)" in said and "accuracy 75%" in said and "moons against 2" in said
    assert render(image)[:8] == b"\x89PNG\r\n\x1a\n"
    german = profile_alt(profile_image("Alice", stats, figures, "de"), "de")
    assert "Genauigkeit 75%" in german and "6,5" in german  # the language's decimal comma


async def test_each_database_has_its_own_games_figures(tmp_path: Path) -> None:
    """Two databases whose games share table id 1 (the tests' bots in one process; a bot moved to a
    new database): each profile is its own database's, however the other was asked first."""
    profiles, rigs = [], []
    for hands in (1, 2):
        r = await rig(f"sqlite:///{tmp_path / f'{hands}.sqlite3'}")
        rigs.append(r)
        opts = TableOptions(rules=RuleSet(fixed_hands=hands, target_score=None))
        snap = await r.service.create_table(ALICE, GUILD, CHANNEL, opts, seed=hands)
        await r.service.join(BOB, snap.table_id)
        await r.service.start_game(ALICE, snap.table_id)
        await play_to_end(r.service, snap.table_id, PEOPLE)
        assert snap.table_id == 1
        profiles.append(Profiles(r.db))
        assert (await profiles[-1].of(GUILD, "bob")).hands.hands == hands
    assert [(await p.of(GUILD, "bob")).hands.hands for p in profiles] == [1, 2]  # kept, each its own
    for r in rigs:
        await r.close()
