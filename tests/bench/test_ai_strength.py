"""The duplicate matches' players: ``oracle``, the search that sees every seat's cards, and
``hard-nostyle``, the search that reads no seat's style."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from bench.ai_strength import (
    PLAYERS,
    MatchDeal,
    duplicate_hand,
    main,
    paired_line,
    play_match_deal,
    player_of,
)
from bench.saved_deals import SOURCES, code_digest
from bot.ai.consts import consts_of
from bot.ai.policy import moon_defence, stops_moon
from bot.ai.search import candidates, card_value
from bot.engine import Phase, RuleSet, SeatView, seat_view
from bot.engine.cards import CardSet
from bot.engine.moves import Move, PlayCard
from tests.ai.test_inference import model_player, model_positions, textbook_player


def test_the_oracle_plays_the_card_worth_most_in_the_real_deal() -> None:
    """Every card decision of a hand played by four oracles: the card played is worth the most of
    the search's candidates in the deal as it really is (so it reads the cards it is given), and
    at least once that is not the card ``hard`` would choose without them."""
    rules = RuleSet()
    hand = duplicate_hand(rules, 2)
    decided = differs = 0
    while hand.phase is not Phase.SCORED:
        seat = hand.waiting_for()[0]
        view = seat_view(hand, seat)
        move = PLAYERS["oracle"](view, 7, None, 60, list(hand.hands))
        if isinstance(move, PlayCard) and not stops_moon(view):
            cands = candidates(consts_of(rules), moon_defence(view), view.unseen)
            if len(cands) > 1:
                values = {c: card_value(view, list(hand.hands), c) for c in cands}
                assert values[move.card] == max(values.values())
                decided += 1
                differs += PLAYERS["hard"](view, 7, None, 60, list(hand.hands)) != move
        hand.apply(move)
    assert decided > 10 and differs > 0


def test_every_player_of_a_match_is_handed_the_cards_really_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """What an oracle is given is the deal as it stands at each decision of every seating: the
    seat's own hand, and with the others' every card not yet played."""
    seen: list[int] = []

    def spy(
        view: SeatView, seed: int, budget: float | None, deals: int | None, hands: Sequence[CardSet]
    ) -> Move:
        assert hands[view.seat] == view.hand
        everything = view.played
        for held in hands:
            assert not everything & held
            everything |= held
        assert everything == view.rules.deck
        seen.append(view.seat)
        return PLAYERS["normal"](view, seed, budget, deals, hands)

    monkeypatch.setitem(PLAYERS, "spy", spy)
    play_match_deal("spy", "normal", 0, 4, None, None)
    assert len(seen) == 4 * 14  # each seating: the spy's pass and 13 cards


def test_hard_nostyle_is_hard_reading_no_seat_as_a_textbook_player() -> None:
    """``hard-nostyle`` (what reading styles is worth is measured against it) differs from
    ``hard`` only where ``hard`` reads a seat in the textbook style: against textbook players."""
    differs = {"textbook": 0, "model": 0}
    for name, player in (("textbook", textbook_player), ("model", model_player)):
        for hand, view in model_positions(range(3), tricks=6, player=player):
            moves = [PLAYERS[p](view, 3, None, 40, list(hand.hands)) for p in ("hard", "hard-nostyle")]
            differs[name] += moves[0] != moves[1]
    assert differs["textbook"] >= 1 and differs["model"] == 0


def test_a_paired_line_says_when_two_heroes_differed_alike_on_every_deal() -> None:
    a, b = ("hard", "x"), ("base-hard", "x")
    same = [{a: MatchDeal(d, 0, 0, (0.1,)), b: MatchDeal(d, 0, 0, (0.1,))} for d in (-2.0, 3.0)]
    assert "+0.00 ± 0.00 pts/hand (the same on every deal)" in paired_line(a, b, same)
    apart = [{a: MatchDeal(d, 0, 0, (0.1,)), b: MatchDeal(0.0, 0, 0, (0.1,))} for d in (-2.0, -4.0)]
    assert "-3.00 ± 1.00 pts/hand (z -3.0)" in paired_line(a, b, apart)


def test_a_player_at_deals_of_its_own_searches_with_them_whatever_the_run_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hard@1830:hard-nostyle@920`` plays two versions each at its own build's deals."""
    given: dict[str, set[int | None]] = {"spy": set(), "other": set()}

    def recording(name: str) -> Callable[..., Move]:
        def play(
            view: SeatView, seed: int, budget: float | None, deals: int | None, hands: Sequence[CardSet]
        ) -> Move:
            given[name].add(deals)
            return PLAYERS["normal"](view, seed, budget, deals, hands)

        return play

    monkeypatch.setitem(PLAYERS, "spy", recording("spy"))
    monkeypatch.setitem(PLAYERS, "other", recording("other"))
    play_match_deal("spy@30", "other", 0, 4, None, 400)
    assert given == {"spy": {30}, "other": {400}}
    for wrong in ("spy@", "spy@0", "spy@many", "nobody@10"):
        with pytest.raises(ValueError):
            player_of(wrong, None)


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr(sys, "argv", ["ai_strength.py", "--match", "normal:easy", "--workers", "1", *args])
    main()
    return capsys.readouterr().out


def test_a_saved_match_resumes_with_the_deals_it_lacks_and_reports_over_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match cut into sittings: the second run plays only the deal the file lacks, and its
    figures are those of one run over the three deals; a line cut short by a kill is played
    again; a run with other settings is refused."""
    saved = tmp_path / "deals.jsonl"
    _run(monkeypatch, capsys, "--deals", "2", "--save", str(saved))
    resumed = _run(monkeypatch, capsys, "--deals", "3", "--save", str(saved))
    assert "2 of the deals are in" in resumed
    assert sorted(json.loads(line)["deal"] for line in saved.read_text().splitlines()) == [0, 1, 2]
    whole = _run(monkeypatch, capsys, "--deals", "3")

    def figures(out: str) -> str:
        line = next(x for x in out.splitlines() if "normal vs easy" in x)
        return line.split("pts/hand")[0]

    assert figures(resumed) == figures(whole)
    lines = saved.read_text().splitlines(keepends=True)
    saved.write_text("".join(lines[:2]) + lines[2][:40])  # killed while writing the last deal
    again = _run(monkeypatch, capsys, "--deals", "3", "--save", str(saved))
    assert "2 of the deals are in" in again and figures(again) == figures(whole)
    assert sorted(json.loads(line)["deal"] for line in saved.read_text().splitlines()) == [0, 1, 2]
    with pytest.raises(SystemExit) as refused:
        _run(monkeypatch, capsys, "--deals", "3", "--players", "5", "--save", str(saved))
    assert refused.value.code == 2
    assert "other code or settings" in capsys.readouterr().err


def test_the_code_digest_changes_with_a_players_code_not_its_words(tmp_path: Path) -> None:
    for name in SOURCES:
        where = tmp_path / name if name.endswith(".py") else tmp_path / name / "x.py"
        where.parent.mkdir(parents=True, exist_ok=True)
        where.write_text("A = 1\n")
    before = code_digest(tmp_path)
    (tmp_path / "bot/ai/x.py").write_text('"""Why A is one."""\n\nA = 1  # the first\n')
    assert code_digest(tmp_path) == before  # words only
    (tmp_path / "bot/ai/x.py").write_text("A = 2\n")
    assert code_digest(tmp_path) != before
